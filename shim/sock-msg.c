// SPDX-License-Identifier: GPL-2.0
/*
 * The AF_ALG socket layer, the message path: sendmsg(2) and recvmsg(2) as
 * net/socket.c and crypto/af_alg.c take them for every type (the iovec
 * import, the checks before ->sendmsg/->recvmsg, the nokey check, the
 * control messages of af_alg_cmsg_send()), dispatched to the per-type
 * state machines; poll; and the iovec helpers those machines share.
 * Creating sockets and the tfm socket's options are sock.c.
 *
 * Every function returns a value >= 0 or -errno, like the kernel; entry.h
 * turns that into the libc convention.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <linux/if_alg.h>

#include "real.h"
#include "sock.h"

size_t afs_iov_total(const struct iovec *iov, size_t n)
{
	size_t t = 0, i;

	for (i = 0; i < n; i++)
		t += iov[i].iov_len;
	return t;
}

/* Scatter @len bytes of @src into the iovec, after skipping @skip bytes. */
size_t afs_copy_to_iov(const struct iovec *iov, size_t n, size_t skip,
		       const uint8_t *src, size_t len)
{
	size_t done = 0, i, c;

	if (n == 1 && !skip) {		/* a digest into one buffer */
		c = len < iov->iov_len ? len : iov->iov_len;
		if (c)
			memcpy(iov->iov_base, src, c);
		return c;
	}
	for (i = 0; i < n && done < len; i++) {
		if (skip >= iov[i].iov_len) {
			skip -= iov[i].iov_len;
			continue;
		}
		c = iov[i].iov_len - skip;
		if (c > len - done)
			c = len - done;
		memcpy((uint8_t *)iov[i].iov_base + skip, src + done, c);
		done += c;
		skip = 0;
	}
	return done;
}

bool afs_nonblock(int fd)
{
	int fl = AFS_REAL(fcntl)(fd, F_GETFL);

	return fl >= 0 && (fl & O_NONBLOCK);
}

/* ------------------------------------------------------------------ */
/* sendmsg / recvmsg dispatch                                          */

/*
 * sendmsg/recvmsg on an op socket: the checks of ____sys_sendmsg() and
 * ____sys_recvmsg(), O_NONBLOCK where the type honours it, the nokey
 * check, then the type's op.
 */
static ssize_t op_msg(struct afs_sock *s, int fd, struct msghdr *msg,
		      int flags, bool send)
{
	bool nonblock = send ? s->type != AFS_HASH :
			       s->type == AFS_SKCIPHER || s->type == AFS_AEAD;
	size_t size;
	ssize_t r;
	int err;

	if (send) {
		if (msg->msg_controllen > INT_MAX)
			return -ENOBUFS;
		if (msg->msg_controllen > 36 &&
		    msg->msg_controllen >= afs_optmem_max())
			return -ENOBUFS;
		if (msg->msg_controllen && !msg->msg_control)
			return -EFAULT;
	}
	size = afs_iov_total(msg->msg_iov, msg->msg_iovlen);
	if (!(flags & MSG_DONTWAIT) && nonblock && afs_nonblock(fd))
		flags |= MSG_DONTWAIT;
	/*
	 * A shared socket's lock may be held by a process that is stopped
	 * (SIGSTOP, a debugger) in the middle of an operation: a call that
	 * must not wait does not wait for it (share.c, D1).
	 */
	if ((flags & MSG_DONTWAIT) && s->sh && afs_sklock_busy(&s->lk))
		return -EAGAIN;
	if (s->nokey) {
		err = afs_check_key(s);
		if (err)
			return err;
	}
	r = send ? s->ops->sendmsg(s, msg, size, flags) :
		   s->ops->recvmsg(s, msg, size, flags);
	if (r >= 0)
		afs_note_use(s);
	return r;
}

/*
 * __import_iovec() (lib/iov_iter.c) as sendmsg()/recvmsg() reach it:
 * EMSGSIZE past UIO_MAXIOV, EINVAL for a length negative as ssize_t,
 * EFAULT for a range that wraps the address space, and the total capped
 * at MAX_RW_COUNT by shortening the segment that crosses it (the later
 * ones become empty).  Only a message over the cap is copied: into
 * @copy (freed by the caller) and @out, returning 1; 0 when @msg serves
 * as it is.
 */
static int iov_import(const struct msghdr *msg, struct msghdr *out,
		      struct iovec **copy)
{
	const struct iovec *v = msg->msg_iov;
	size_t i, n = msg->msg_iovlen, total = 0, len;
	struct iovec *c;

	if (__builtin_expect(n > 1024, 0))
		return -EMSGSIZE;
	if (__builtin_expect(n && !v, 0))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		len = v[i].iov_len;
		if (__builtin_expect((ssize_t)len < 0, 0))
			return -EINVAL;
		if (__builtin_expect((uintptr_t)v[i].iov_base + len <
				     (uintptr_t)v[i].iov_base, 0))
			return -EFAULT;
		total += len;
	}
	if (__builtin_expect(total <= AFS_MAX_RW_COUNT, 1))
		return 0;
	c = malloc(n * sizeof(*c));
	if (!c)
		return -ENOMEM;
	for (total = 0, i = 0; i < n; i++) {
		c[i] = v[i];
		if (c[i].iov_len > AFS_MAX_RW_COUNT - total)
			c[i].iov_len = AFS_MAX_RW_COUNT - total;
		total += c[i].iov_len;
	}
	*out = *msg;
	out->msg_iov = c;
	*copy = c;
	return 1;
}

static ssize_t dispatch(struct afs_sock *s, int fd, struct msghdr *msg,
			int flags, bool send)
{
	if (s->kind == AFS_KIND_NETLINK || s->kind == AFS_KIND_REMOTE)
		return s->kops->msg(s, fd, msg, flags, send);
	if (s->kind == AFS_KIND_TFM || (send && !s->ops->sendmsg))
		return -EOPNOTSUPP;
	return op_msg(s, fd, msg, flags, send);
}

/*
 * The message most calls carry: one iovec (send(), write(), libkcapi's
 * sendmsg() and recvmsg()) to or from a hash op socket whose key is set.
 * None of the checks of iov_import() and op_msg() can fail for it and a
 * hash socket never waits, so it goes straight to the state machine;
 * every other message takes the whole path below.  The caller checks
 * that a sendmsg() has no control data.
 */
static bool hash_direct(const struct afs_sock *s, const struct msghdr *msg)
{
	const struct iovec *v = msg->msg_iov;

	return s->ops == &afs_hash_type && !s->nokey && !s->sh &&
	       msg->msg_iovlen == 1 && v && v->iov_len <= AFS_MAX_RW_COUNT &&
	       (uintptr_t)v->iov_base + v->iov_len >= (uintptr_t)v->iov_base;
}

static ssize_t hash_direct_done(struct afs_sock *s, ssize_t r)
{
	if (r >= 0)
		afs_note_use(s);
	return r;
}

/* the whole path: iov_import(), then dispatch() */
static __attribute__((noinline)) ssize_t
msg_path(struct afs_sock *s, int fd, struct msghdr *msg, int flags, bool send)
{
	struct iovec *copy, *orig = msg->msg_iov;
	struct msghdr m;
	ssize_t r;

	r = iov_import(msg, &m, &copy);
	if (__builtin_expect(!r, 1))
		return dispatch(s, fd, msg, flags, send);
	if (r < 0)
		return r;
	if (send) {
		r = dispatch(s, fd, &m, flags, true);
	} else {
		msg->msg_iov = copy;
		r = dispatch(s, fd, msg, flags, false);
		msg->msg_iov = orig;
	}
	free(copy);
	return r;
}

ssize_t afs_sendmsg(struct afs_sock *s, int fd, const struct msghdr *msg,
		    int flags)
{
	if (hash_direct(s, msg) && !msg->msg_controllen)
		return hash_direct_done(s, afs_hash_type.sendmsg(s, msg,
					msg->msg_iov->iov_len, flags));
	/* sendmsg() leaves the caller's msghdr as it is */
	return msg_path(s, fd, (struct msghdr *)msg, flags, true);
}

ssize_t afs_recvmsg(struct afs_sock *s, int fd, struct msghdr *msg, int flags)
{
	if (hash_direct(s, msg))
		return hash_direct_done(s, afs_hash_type.recvmsg(s, msg,
					msg->msg_iov->iov_len, flags));
	return msg_path(s, fd, msg, flags, false);
}

void afs_note_use(struct afs_sock *op)
{
	struct afs_sock *p = op->parent;

	if (!afs_log_dest() || atomic_load_explicit(&p->logged,
						    memory_order_relaxed))
		return;
	if (!atomic_exchange(&p->logged, true))
		afs_log_tfm(p);
}

int afs_poll_mask(struct afs_sock *s)
{
	int m;

	switch (s->kind) {
	case AFS_KIND_NETLINK:
	case AFS_KIND_REMOTE:
		return s->kops->poll(s);
	case AFS_KIND_OP:
		if (!s->ops->poll)
			return 0;
		/*
		 * a holder stopped with the shared lock: nothing to report
		 * yet, and poll() returns at its deadline as the kernel's
		 */
		if (s->sh && afs_sklock_busy(&s->lk))
			return 0;
		afs_lock(s);
		m = s->ops->poll(s);
		afs_unlock(s);
		return m;
	default:
		return 0;	/* sock_poll(): no ->poll, no events */
	}
}

/* ------------------------------------------------------------------ */
/* af_alg_cmsg_send()                                                  */

int afs_cmsg_parse(const struct msghdr *msg, struct afs_control *c)
{
	const uint8_t *ctl = msg->msg_control;
	size_t size = msg->msg_controllen, off = 0;
	struct cmsghdr h;
	uint32_t v;

	memset(c, 0, sizeof(*c));
	c->init = true;
	if (size < sizeof(struct cmsghdr))
		return 0;
	for (;;) {
		memcpy(&h, ctl + off, sizeof(h));
		/* CMSG_OK() */
		if (h.cmsg_len < sizeof(struct cmsghdr) ||
		    h.cmsg_len > size - off)
			return -EINVAL;
		if (h.cmsg_level == SOL_ALG) {
			const uint8_t *data = ctl + off + CMSG_LEN(0);

			switch (h.cmsg_type) {
			case ALG_SET_IV:
				if (h.cmsg_len < CMSG_LEN(4))
					return -EINVAL;
				memcpy(&v, data, 4);
				if ((uint64_t)h.cmsg_len <
				    CMSG_LEN((uint64_t)v + 4))
					return -EINVAL;
				c->iv = data + 4;
				c->ivlen = v;
				c->has_iv = true;
				break;
			case ALG_SET_OP:
				if (h.cmsg_len < CMSG_LEN(4))
					return -EINVAL;
				memcpy(&c->op, data, 4);
				break;
			case ALG_SET_AEAD_ASSOCLEN:
				if (h.cmsg_len < CMSG_LEN(4))
					return -EINVAL;
				memcpy(&c->assoclen, data, 4);
				if (c->assoclen >= 0x80000000u)
					return -EINVAL;
				break;
			default:
				return -EINVAL;
			}
		}
		/* __cmsg_nxthdr() */
		off += CMSG_ALIGN(h.cmsg_len);
		if (off + sizeof(struct cmsghdr) > size)
			break;
	}
	return 0;
}
