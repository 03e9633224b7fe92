// SPDX-License-Identifier: GPL-2.0
/*
 * AEAD op sockets (crypto/algif_aead.c, out-of-place as in 6.12.85+).
 *
 *   encrypt: TX  AAD || PT        -> RX  AAD || CT || TAG
 *   decrypt: TX  AAD || CT || TAG -> RX  AAD || PT
 *
 * recvmsg waits for a complete message (no MSG_MORE pending), needs at
 * least assoclen (+ authsize when decrypting) bytes, copies the AAD into the
 * output and returns its length included.  An output buffer shorter than
 * needed shortens the request (the AIO chunking rule).  A failed tag check
 * is EBADMSG; the queued input is consumed either way.  The IV is used per
 * request and not chained (afalg-behaviour.md §1.10).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "types.h"
#include "txq.h"

static ssize_t aead_step(struct afs_sock *s, struct msghdr *msg, size_t done,
			 int flags)
{
	struct afs_txq *st = s->st.txq;
	const struct afs_tfm *t = s->parent->tfm;
	const struct afs_alg *alg = t->alg;
	size_t as = t->authsize, used, outlen, avail, less, assoclen;
	uint8_t *out, *tmp = NULL, iv[64];
	const uint8_t *src;
	int err;

	if (!st->init || st->more) {
		if (done)
			return 0;	/* D10 */
		err = afs_txq_wait(s, flags, 0);
		if (err)
			return err;
		st = s->st.txq;	/* moved if shared while waiting */
	}
	used = st->used;
	assoclen = st->assoclen;
	if (used < assoclen + (st->enc ? 0 : as))
		return -EINVAL;
	outlen = st->enc ? used + as : used - as;
	used -= assoclen;
	memcpy(iv, st->iv, alg->ivsize);

	/* af_alg_get_rsgl(): the output, capped by the RX budget */
	avail = afs_iov_total(msg->msg_iov, msg->msg_iovlen) - done;
	if (avail > afs_rcvbuf_limit(s))
		avail = afs_rcvbuf_limit(s);
	if (avail > outlen)
		avail = outlen;
	if (avail < outlen) {
		less = outlen - avail;
		if (used < less + (st->enc ? 0 : as))
			return -EINVAL;
		used -= less;
		outlen -= less;
	}

	out = afs_iov_direct(msg, done, outlen);
	if (!out) {
		tmp = malloc(outlen ? outlen : 1);
		if (!tmp)
			return -ENOMEM;
		out = tmp;
	}
	/* an empty request has no queue buffer yet */
	src = st->buf ? st->buf + st->head : (const uint8_t *)"";
	/* the AAD is copied to the destination unchanged */
	memmove(out, src, assoclen);
	err = st->enc ?
		alg->ops.aead.encrypt(t->ctx, as, iv, out + assoclen, src,
				      assoclen, used) :
		alg->ops.aead.decrypt(t->ctx, as, iv, out + assoclen, src,
				      assoclen, used);
	afs_txq_pull(st, used + assoclen);
	if (tmp) {
		afs_copy_to_iov(msg->msg_iov, msg->msg_iovlen, done, tmp,
				err ? assoclen : outlen);
		afs_free_secret(tmp, outlen ? outlen : 1);
	}
	afs_wipe(iv, sizeof(iv));
	return err ? err : (ssize_t)outlen;
}

static ssize_t aead_recvmsg(struct afs_sock *s, struct msghdr *msg,
			    size_t size, int flags)
{
	return afs_txq_recvmsg(s, msg, size, flags, aead_step);
}

const struct afs_type_ops afs_aead_type = {
	.name = "aead",
	.init_child = afs_txq_init_child,
	.free_child = afs_txq_free_child,
	.share_size = afs_txq_share_size,
	.share_move = afs_txq_share_move,
	.movable = afs_txq_movable,
	.export = afs_txq_export,
	.import = afs_txq_import,
	.sendmsg = afs_txq_sendmsg,
	.recvmsg = aead_recvmsg,
	.poll = afs_txq_poll,
};
