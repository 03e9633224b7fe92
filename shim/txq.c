// SPDX-License-Identifier: GPL-2.0
/*
 * The TX queue of skcipher and aead op sockets: what crypto/af_alg.c
 * does for both types (af_alg_sendmsg(), af_alg_pull_tsgl(),
 * af_alg_wait_for_data(), af_alg_poll()), and the recvmsg loop of
 * algif_skcipher.c and algif_aead.c around their per-type step.
 *
 * sendmsg copies data into the queue; the cmsgs (op, IV, assoclen) of a
 * message with control data reset the request parameters.  The TX budget is
 * the kernel's: max(SO_SNDBUF & PAGE_MASK, PAGE_SIZE) bytes, counted the way
 * af_alg_sendmsg() fills pages (a partly filled page is topped up without a
 * budget check).  The RX budget of one step is max(SO_RCVBUF & PAGE_MASK,
 * PAGE_SIZE) (af_alg_rcvbuf()).  See docs/afalg-behaviour.md §1.9, §1.10.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "types.h"
#include "txq.h"

/* The child state: an empty queue and a zero IV (af_alg_accept()). */
int afs_txq_init_child(struct afs_sock *c)
{
	const struct afs_alg *alg = c->parent->tfm->alg;
	struct afs_txq *st = calloc(1, sizeof(*st) + alg->ivsize);

	if (!st)
		return -ENOMEM;
	st->iv = (uint8_t *)(st + 1);
	st->ivsize = alg->ivsize;
	c->st.txq = st;
	return 0;
}

void afs_txq_free_child(struct afs_sock *c)
{
	struct afs_txq *st = c->st.txq;

	if (!st)
		return;
	if (st->fixed) {	/* in the shared region: unmapped later */
		afs_wipe(st->buf, st->head + st->used);
		afs_wipe(st->iv, st->ivsize);
	} else {
		afs_free_secret(st->buf, st->cap);
		afs_wipe(st->iv, st->ivsize);
		free(st);
	}
	c->st.txq = NULL;
}

/*
 * A shared queue cannot be reallocated (another process could not follow
 * the new address), so it gets room for the most the TX budget can admit:
 * 16 MiB, or twice SO_SNDBUF's budget when that is larger, reserved but
 * not touched (MAP_NORESERVE) until data is queued.  A SO_SNDBUF raised
 * past that afterwards is ENOMEM at the send that would need more.
 */
#define TXQ_SHARED_MIN	((size_t)16 << 20)

static size_t sndbuf_limit(const struct afs_sock *s);

static size_t shared_cap(const struct afs_sock *c)
{
	size_t b = 2 * sndbuf_limit(c) + 2 * AFS_PAGE_SIZE;

	return b > TXQ_SHARED_MIN ? b : TXQ_SHARED_MIN;
}

static size_t txq_hdr_size(unsigned int ivsize)
{
	return (sizeof(struct afs_txq) + ivsize + 63) & ~(size_t)63;
}

size_t afs_txq_share_size(struct afs_sock *c)
{
	struct afs_txq *st = c->st.txq;
	size_t cap = shared_cap(c);

	if (cap < st->used)
		cap = st->used;
	return txq_hdr_size(st->ivsize) + cap;
}

/* share.c: the queue moves into the region, with the lock held */
void afs_txq_share_move(struct afs_sock *c, void *mem, size_t size)
{
	struct afs_txq *old = c->st.txq, *st = mem;
	size_t hdr = txq_hdr_size(old->ivsize);

	*st = *old;
	st->iv = (uint8_t *)(st + 1);
	memcpy(st->iv, old->iv, old->ivsize);
	st->buf = (uint8_t *)mem + hdr;
	st->cap = size - hdr;
	st->head = 0;
	st->fixed = true;
	if (old->used)
		memcpy(st->buf, old->buf + old->head, old->used);
	afs_free_secret(old->buf, old->cap);
	afs_wipe(old->iv, old->ivsize);
	free(old);
	c->st.txq = st;
}

/* remote.c: an idle queue moves into a keeper with its IV */
bool afs_txq_movable(struct afs_sock *c)
{
	const struct afs_txq *st = c->st.txq;

	return !st->used && !st->more && !st->write;
}

size_t afs_txq_export(struct afs_sock *c, uint8_t *buf, size_t cap)
{
	const struct afs_txq *st = c->st.txq;

	if (st->ivsize > cap)
		return 0;
	memcpy(buf, st->iv, st->ivsize);
	return st->ivsize;
}

int afs_txq_import(struct afs_sock *c, const uint8_t *buf, size_t len)
{
	struct afs_txq *st = c->st.txq;

	if (len != st->ivsize)
		return -EPROTO;
	memcpy(st->iv, buf, len);
	return 0;
}

static size_t sndbuf_limit(const struct afs_sock *s)
{
	size_t b = (size_t)s->sndbuf & ~(size_t)(AFS_PAGE_SIZE - 1);

	return b > AFS_PAGE_SIZE ? b : AFS_PAGE_SIZE;
}

size_t afs_rcvbuf_limit(const struct afs_sock *s)
{
	size_t b = (size_t)s->rcvbuf & ~(size_t)(AFS_PAGE_SIZE - 1);

	return b > AFS_PAGE_SIZE ? b : AFS_PAGE_SIZE;
}

static bool writable(const struct afs_sock *s)
{
	size_t lim = sndbuf_limit(s), used = s->st.txq->used;

	return used < lim && lim - used >= AFS_PAGE_SIZE;
}

static int txq_reserve(struct afs_txq *st, size_t n)
{
	uint8_t *nb;
	size_t c;

	if (st->head && st->head + st->used + n > st->cap) {
		memmove(st->buf, st->buf + st->head, st->used);
		afs_wipe(st->buf + st->used, st->head);
		st->head = 0;
	}
	if (st->used + n <= st->cap)
		return 0;
	if (st->fixed)
		return -ENOMEM;
	c = st->cap ? st->cap : 4096;
	while (c < st->used + n)
		c *= 2;
	nb = malloc(c);
	if (!nb)
		return -ENOMEM;
	if (st->buf) {
		memcpy(nb, st->buf + st->head, st->used);
		afs_free_secret(st->buf, st->cap);
	}
	st->buf = nb;
	st->cap = c;
	st->head = 0;
	return 0;
}

/* memcpy_from_msg() of @n bytes at @off of the message's data */
static void copy_from_iov(uint8_t *dst, const struct msghdr *msg, size_t off,
			  size_t n)
{
	size_t i, c;

	for (i = 0; i < msg->msg_iovlen && n; i++) {
		const struct iovec *v = &msg->msg_iov[i];

		if (off >= v->iov_len) {
			off -= v->iov_len;
			continue;
		}
		c = v->iov_len - off;
		if (c > n)
			c = n;
		memcpy(dst, (const uint8_t *)v->iov_base + off, c);
		dst += c;
		n -= c;
		off = 0;
	}
}

/* af_alg_sendmsg() */
ssize_t afs_txq_sendmsg(struct afs_sock *s, const struct msghdr *msg,
			size_t size, int flags)
{
	struct afs_txq *st;
	unsigned int ivsize;
	struct afs_control con;
	size_t copied = 0, len, off = 0;
	bool ctl = msg->msg_controllen != 0;
	int err = 0;

	if (ctl) {
		err = afs_cmsg_parse(msg, &con);
		if (err)
			return err;
		if (con.op > 1)
			return -EINVAL;
	}

	afs_lock(s);
	st = s->st.txq;
	ivsize = st->ivsize;
	if (ctl && con.has_iv && con.ivlen != ivsize) {
		afs_unlock(s);
		return -EINVAL;
	}
	/*
	 * A writer of another process that died while it waited for room
	 * (the kernel's would have left the wait as it was killed)
	 */
	if (st->write && st->fixed && st->writer != getpid() &&
	    kill(st->writer, 0) < 0 && errno == ESRCH)
		st->write = false;
	if (st->write) {
		afs_unlock(s);
		return -EBUSY;
	}
	st->write = true;
	if (st->fixed)		/* shared: no system call otherwise */
		st->writer = getpid();
	if (st->init && !st->more && st->used) {
		err = -EINVAL;
		goto unlock;
	}
	st->init = true;
	if (ctl) {
		st->enc = con.op == 1;
		if (con.has_iv)
			memcpy(st->iv, con.iv, ivsize);
		st->assoclen = con.assoclen;
	}

	while (size) {
		if (st->merge) {
			len = AFS_PAGE_SIZE - st->merge;
			if (len > size)
				len = size;
		} else {
			while (!writable(s)) {
				if (flags & MSG_DONTWAIT) {
					err = -EAGAIN;
					goto unlock;
				}
				/*
				 * Wake a reader for the data queued so far
				 * before sleeping (the kernel only does so
				 * at the end of sendmsg, which can leave a
				 * reader waiting for MSG_MORE data and this
				 * writer waiting for room both asleep).
				 */
				afs_wake(s);
				err = afs_wait(s);
				st = s->st.txq;	/* moved if shared meanwhile */
				if (err)
					goto unlock;
			}
			len = sndbuf_limit(s) - st->used;
			if (len > size)
				len = size;
		}
		err = txq_reserve(st, len);
		if (err)
			goto unlock;
		copy_from_iov(st->buf + st->head + st->used, msg, off, len);
		st->used += len;
		st->merge = (st->merge + len) & (AFS_PAGE_SIZE - 1);
		copied += len;
		off += len;
		size -= len;
	}
	err = 0;
	st->more = flags & MSG_MORE;
unlock:
	st->write = false;
	afs_wake(s);
	afs_unlock(s);
	return copied ? (ssize_t)copied : err;
}

/*
 * af_alg_pull_tsgl(): drop @n queued bytes.  The request ends (init takes
 * the value of more) only when the queue is empty: the kernel returns early
 * while a TX page still holds data, so a partial read of a final request
 * leaves the rest readable (libkcapi's AIO reads one request in chunks).
 */
void afs_txq_pull(struct afs_txq *st, size_t n)
{
	if (n)
		afs_wipe(st->buf + st->head, n);
	st->head += n;
	st->used -= n;
	if (!st->used) {
		st->head = 0;
		st->merge = 0;
		st->init = st->more;
	}
}

/*
 * af_alg_wait_for_data() before the first step of a recvmsg:
 * 0 when data is ready, -EAGAIN for a non-blocking caller.
 */
int afs_txq_wait(struct afs_sock *s, int flags, size_t min)
{
	struct afs_txq *st = s->st.txq;
	int err;

	while (!(st->init && (!st->more || (min && st->used >= min)))) {
		if (flags & MSG_DONTWAIT)
			return -EAGAIN;
		err = afs_wait(s);
		if (err)
			return err;	/* -EINTR, as sk_wait_event() */
		st = s->st.txq;		/* moved if shared meanwhile */
	}
	return 0;
}

/* af_alg_poll() */
int afs_txq_poll(struct afs_sock *s)
{
	struct afs_txq *st = s->st.txq;
	int m = 0;

	if (!st->more || st->used)
		m |= POLLIN | POLLRDNORM;
	if (writable(s))
		m |= POLLOUT | POLLWRNORM | POLLWRBAND;
	return m;
}

/* Direct pointer into the output when it is one contiguous run. */
uint8_t *afs_iov_direct(const struct msghdr *msg, size_t skip, size_t len)
{
	size_t i;

	for (i = 0; i < msg->msg_iovlen; i++) {
		const struct iovec *v = &msg->msg_iov[i];

		if (skip >= v->iov_len) {
			skip -= v->iov_len;
			continue;
		}
		if (v->iov_len - skip >= len)
			return (uint8_t *)v->iov_base + skip;
		return NULL;
	}
	return NULL;
}

/*
 * The recvmsg loop of _skcipher_recvmsg() and _aead_recvmsg(): steps until
 * @size bytes are produced or a step produces nothing.  An error is
 * returned only when nothing was produced, except EBADMSG (a failed tag
 * check, which only aead steps report), which always wins.
 */
ssize_t afs_txq_recvmsg(struct afs_sock *s, struct msghdr *msg, size_t size,
			int flags, afs_txq_step_fn step)
{
	ssize_t ret = 0, r;

	afs_lock(s);
	while ((size_t)ret < size) {
		r = step(s, msg, (size_t)ret, flags);
		if (r <= 0) {
			if (r == -EBADMSG || !ret)
				ret = r;
			break;
		}
		ret += r;
	}
	afs_wake(s);	/* af_alg_wmem_wakeup() */
	afs_unlock(s);
	return ret;
}
