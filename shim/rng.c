// SPDX-License-Identifier: GPL-2.0
/*
 * rng op sockets (crypto/algif_rng.c): every read returns min(len, 128)
 * bytes from the DRBG all children of a tfm share; sendmsg is EOPNOTSUPP
 * (no CONFIG_CRYPTO_USER_API_RNG_CAVP); there is no key check
 * (afalg-behaviour.md §1.11).
 */
#include <errno.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "types.h"

static ssize_t rng_recvmsg(struct afs_sock *s, struct msghdr *msg,
			   size_t len, int flags)
{
	struct afs_tfm *t;
	uint8_t result[AFS_RNG_MAXSIZE];
	int err;

	if (!len)
		return 0;
	if (len > AFS_RNG_MAXSIZE)
		len = AFS_RNG_MAXSIZE;
	for (;;) {
		t = s->parent->tfm;
		afs_mutex_lock(&t->rng_lock);
		/* moved to a shared region (share.c) while we waited */
		if (t == s->parent->tfm)
			break;
		afs_mutex_unlock(&t->rng_lock);
	}
	err = t->alg->ops.rng.generate(t->ctx, result, len);
	afs_mutex_unlock(&t->rng_lock);
	if (!err)
		afs_copy_to_iov(msg->msg_iov, msg->msg_iovlen, 0, result, len);
	afs_wipe(result, sizeof(result));
	return err ? err : (ssize_t)len;
}

const struct afs_type_ops afs_rng_type = {
	.name = "rng",
	.recvmsg = rng_recvmsg,
};
