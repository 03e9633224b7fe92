// SPDX-License-Identifier: GPL-2.0
/*
 * skcipher op sockets (crypto/algif_skcipher.c) on the TX queue (txq.c).
 *
 * recvmsg processes min(queued, buffer, RX budget) bytes per step, whole
 * chunks only while more data is announced or left queued, and the socket
 * IV carries the chaining value from one request to the next.
 *
 * Where the kernel would block inside recvmsg *after* producing output (a
 * buffer larger than the data), the shim returns the count produced; see
 * DIVERGENCES.md D10.  The behaviour: afalg-behaviour.md §1.9.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "types.h"
#include "txq.h"

static size_t iov_left(const struct msghdr *msg, size_t done)
{
	size_t t = afs_iov_total(msg->msg_iov, msg->msg_iovlen);

	return t > done ? t - done : 0;
}

/* One step of _skcipher_recvmsg(); returns bytes produced or -errno. */
static ssize_t sk_step(struct afs_sock *s, struct msghdr *msg, size_t done,
		       int flags)
{
	struct afs_txq *st = s->st.txq;
	const struct afs_tfm *t = s->parent->tfm;
	const struct afs_alg *alg = t->alg;
	size_t bs = alg->chunksize ? alg->chunksize : alg->blocksize;
	size_t len, rcv = afs_rcvbuf_limit(s);
	bool notfinal = false;
	uint8_t *dst, *tmp = NULL;
	int err;

	if (!st->init || (st->more && st->used < bs)) {
		if (done)
			return 0;	/* D10: the kernel would block here */
		err = afs_txq_wait(s, flags, bs);
		if (err)
			return err;
		st = s->st.txq;	/* moved if shared while waiting */
	}
	len = iov_left(msg, done);
	if (len > st->used)
		len = st->used;
	if (len > rcv)
		len = rcv;
	if (st->more || len < st->used) {
		len -= len % bs;
		if (!len)
			return -EINVAL;
		notfinal = true;
	}
	if (!len) {
		/*
		 * An empty final request still runs the cipher in the kernel,
		 * which xts refuses (fewer than 16 bytes).
		 */
		afs_txq_pull(st, 0);
		return alg->min_reqsize ? -EINVAL : 0;
	}
	dst = afs_iov_direct(msg, done, len);
	if (!dst) {
		tmp = malloc(len);
		if (!tmp)
			return -ENOMEM;
		dst = tmp;
	}
	err = st->enc ?
		alg->ops.skcipher.encrypt(t->ctx, st->iv, dst,
					  st->buf + st->head, len, !notfinal) :
		alg->ops.skcipher.decrypt(t->ctx, st->iv, dst,
					  st->buf + st->head, len, !notfinal);
	afs_txq_pull(st, len);
	if (tmp) {
		if (!err)
			afs_copy_to_iov(msg->msg_iov, msg->msg_iovlen, done, tmp,
					len);
		afs_free_secret(tmp, len);
	}
	return err ? err : (ssize_t)len;
}

static ssize_t sk_recvmsg(struct afs_sock *s, struct msghdr *msg, size_t size,
			  int flags)
{
	return afs_txq_recvmsg(s, msg, size, flags, sk_step);
}

const struct afs_type_ops afs_skcipher_type = {
	.name = "skcipher",
	.init_child = afs_txq_init_child,
	.free_child = afs_txq_free_child,
	.share_size = afs_txq_share_size,
	.share_move = afs_txq_share_move,
	.movable = afs_txq_movable,
	.export = afs_txq_export,
	.import = afs_txq_import,
	.sendmsg = afs_txq_sendmsg,
	.recvmsg = sk_recvmsg,
	.poll = afs_txq_poll,
};
