// SPDX-License-Identifier: GPL-2.0
/*
 * The interposed socket calls: socket(), bind(), setsockopt(), accept(),
 * and the data path (send/recv and read/write in all their forms).  How
 * every entry point works is in entry.h.
 */
#include <limits.h>
#include <sys/stat.h>

#include "entry.h"

/* ------------------------------------------------------------------ */
/* socket creation                                                     */

/* socket() after the kernel's EAFNOSUPPORT: ours, marked as a takeover */
static int fallback_socket(int type, int protocol)
{
	int fd = afs_sock_create(type, protocol);
	struct afs_sock *s = fd >= 0 ? afs_get(fd) : NULL;

	if (s) {
		s->reason = AFS_REASON_SOCKET;
		afs_put(s);
	}
	return fd;
}

EXPORT int socket(int domain, int type, int protocol)
{
	int fd;

	INIT();
	if (domain == AF_ALG) {
		if (afs_mode() == AFS_MODE_FALLBACK) {
			fd = AFS_REAL(socket)(domain, type, protocol);
			if (fd >= 0 || errno != EAFNOSUPPORT)
				return fd;
			return (int)afs_ret(fallback_socket(type, protocol));
		}
		return (int)afs_ret(afs_sock_create(type, protocol));
	}
	if (domain == AF_NETLINK && protocol == NETLINK_CRYPTO) {
		if (afs_mode() == AFS_MODE_FALLBACK) {
			fd = AFS_REAL(socket)(domain, type, protocol);
			if (fd >= 0 || errno != EPROTONOSUPPORT)
				return fd;
		}
		if (type & ~(SOCK_CLOEXEC | SOCK_NONBLOCK | 0xf))
			return (int)afs_ret(-EINVAL);
		return (int)afs_ret(afs_nl_create(type & 0xf,
					      type & (SOCK_CLOEXEC |
						      SOCK_NONBLOCK)));
	}
	return AFS_REAL(socket)(domain, type, protocol);
}

EXPORT int socketpair(int domain, int type, int protocol, int sv[2])
{
	int fd;

	INIT();
	if (domain != AF_ALG)
		return AFS_REAL(socketpair)(domain, type, protocol, sv);
	if (afs_mode() == AFS_MODE_FALLBACK) {
		fd = AFS_REAL(socketpair)(domain, type, protocol, sv);
		if (fd >= 0 || errno != EAFNOSUPPORT)
			return fd;
	}
	/* alg_create() succeeds, then sock_no_socketpair() */
	fd = afs_sock_create(type, protocol);
	if (fd < 0)
		return (int)afs_ret(fd);
	close(fd);
	return (int)afs_ret(-EOPNOTSUPP);
}

/* ------------------------------------------------------------------ */
/* tfm operations                                                      */

/*
 * bind() of an AF_ALG address on a descriptor the shim does not serve, in
 * fallback mode: the kernel's answer, except that ENOENT for a name the
 * shim serves makes the shim take the descriptor over (takeover.c).
 */
static int fallback_bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	struct afs_sock *s;
	struct stat st;
	int r;

	if (fstat(fd, &st))
		return AFS_REAL(bind)(fd, addr, len);
	r = AFS_REAL(bind)(fd, addr, len);
	if (r == 0)
		return r;
	/*
	 * Another thread's takeover replaced the kernel socket meanwhile,
	 * so this bind() reached the placeholder: it is the shim's to answer.
	 */
	s = afs_get(fd);
	if (s) {
		r = afs_bind(s, addr, len);
		afs_put(s);
		return (int)afs_ret(r);
	}
	if (errno != ENOENT)
		return r;
	return (int)afs_ret(afs_takeover_bind(fd, addr, len, st.st_ino));
}

EXPORT int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s) {
		if (afs_mode() != AFS_MODE_FALLBACK || !addr ||
		    len < sizeof(sa_family_t) || addr->sa_family != AF_ALG)
			return AFS_REAL(bind)(fd, addr, len);
		return fallback_bind(fd, addr, len);
	}
	r = afs_bind(s, addr, len);
	afs_put(s);
	return (int)afs_ret(r);
}

EXPORT int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	struct afs_sock *s;
	int r = -EOPNOTSUPP;

	INIT();
	s = afs_get(fd);
	if (!s)
		return AFS_REAL(connect)(fd, addr, len);
	/* move_addr_to_kernel() comes before the socket's ->connect */
	if ((int)len < 0 || len > 128)
		r = -EINVAL;
	else if (len && !addr)
		r = -EFAULT;
	else if (s->kind == AFS_KIND_NETLINK)
		/* netlink_connect(): only the kernel (pid 0) is reachable */
		r = len < sizeof(sa_family_t) ? -EINVAL : 0;
	afs_put(s);
	return (int)afs_ret(r);
}

EXPORT int listen(int fd, int backlog)
{
	INIT();
	if (!afs_is_ours(fd))
		return AFS_REAL(listen)(fd, backlog);
	return (int)afs_ret(-EOPNOTSUPP);
}

EXPORT int shutdown(int fd, int how)
{
	INIT();
	if (!afs_is_ours(fd))
		return AFS_REAL(shutdown)(fd, how);
	return (int)afs_ret(-EOPNOTSUPP);
}

EXPORT int setsockopt(int fd, int level, int name, const void *val,
		      socklen_t len)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s)
		return AFS_REAL(setsockopt)(fd, level, name, val, len);
	if (level == SOL_SOCKET) {
		/* sock_setsockopt(): the generic layer, on the placeholder */
		r = AFS_REAL(setsockopt)(fd, level, name, val, len);
		/* op sockets' TX/RX budgets, NETLINK_CRYPTO's reply budget */
		if (r == 0 && s->kind != AFS_KIND_TFM) {
			int saved = errno;

			afs_sock_bufs_update(s, fd);
			errno = saved;
		}
		afs_put(s);
		return r;
	}
	r = afs_setsockopt(s, level, name, val, len);
	afs_put(s);
	return (int)afs_ret(r);
}

EXPORT int getsockopt(int fd, int level, int name, void *val,
		      socklen_t *len)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s) {
		int v;

		r = AFS_REAL(getsockopt)(fd, level, name, val, len);
		/*
		 * SO_DOMAIN is where a kernel AF_ALG socket and a keeper's
		 * stand-in answer differently without an error (Python's
		 * socket(fileno=) asks it): AF_UNIX is checked further.
		 */
		if (r || level != SOL_SOCKET || name != SO_DOMAIN || !val ||
		    !len || *len != sizeof(v))
			return r;
		memcpy(&v, val, sizeof(v));
		if (v != AF_UNIX || !(s = afs_remote_adopt(fd)))
			return r;
	}
	if (s->kind == AFS_KIND_NETLINK && level == SOL_NETLINK) {
		r = -ENOPROTOOPT;
	} else {
		r = afs_getsockopt(s, fd, level, name, val, len);
	}
	afs_put(s);
	return (int)afs_ret(r);
}

EXPORT int getsockname(int fd, struct sockaddr *addr, socklen_t *len)
{
	struct afs_sock *s;
	int r = -EOPNOTSUPP;

	INIT();
	s = afs_get(fd);
	if (!s) {
		r = AFS_REAL(getsockname)(fd, addr, len);
		/* a stand-in's name is the keeper's: an AF_ALG op socket has none */
		if (r || !afs_remote_name_len(*len) ||
		    !(s = afs_remote_adopt(fd)))
			return r;
		r = -EOPNOTSUPP;
	}
	if (s->kind == AFS_KIND_NETLINK)
		r = afs_nl_getsockname(s, addr, len);
	afs_put(s);
	return (int)afs_ret(r);
}

EXPORT int getpeername(int fd, struct sockaddr *addr, socklen_t *len)
{
	struct afs_sock *s;
	int r = -EOPNOTSUPP;

	INIT();
	s = afs_get(fd);
	if (!s)
		return AFS_REAL(getpeername)(fd, addr, len);
	if (s->kind == AFS_KIND_NETLINK) {
		struct sockaddr_nl_ {
			sa_family_t f;
			unsigned short pad;
			uint32_t pid, groups;
		} sa = { AF_NETLINK, 0, 0, 0 };
		unsigned int l;

		r = -EFAULT;
		if (len && (int)*len >= 0) {
			l = *len < sizeof(sa) ? *len : sizeof(sa);
			if (!l || addr) {
				memcpy(addr, &sa, l);
				*len = sizeof(sa);
				r = 0;
			}
		} else if (len) {
			r = -EINVAL;
		}
	}
	afs_put(s);
	return (int)afs_ret(r);
}

static int do_accept(int fd, struct sockaddr *addr, socklen_t *len, int flags,
		     bool four)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s)
		return four ? AFS_REAL(accept4)(fd, addr, len, flags) :
			      AFS_REAL(accept)(fd, addr, len);
	r = afs_accept(s, fd, addr, len, flags);
	afs_put(s);
	return (int)afs_ret(r);
}

EXPORT int accept(int fd, struct sockaddr *addr, socklen_t *len)
{
	return do_accept(fd, addr, len, 0, false);
}

EXPORT int accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags)
{
	return do_accept(fd, addr, len, flags, true);
}

/* ------------------------------------------------------------------ */
/* data path                                                           */

static ssize_t our_sendmsg(struct afs_sock *s, int fd,
			   const struct msghdr *msg, int flags)
{
	int saved = errno;
	ssize_t r = afs_sendmsg(s, fd, msg, flags);

	afs_put(s);
	if (r >= 0)
		errno = saved;
	return afs_ret(r);
}

/*
 * recvmsg() through a msghdr of ours without a name (recv(), read()):
 * nothing to keep from the caller's view on failure, nothing to copy back.
 */
static ssize_t our_recv_own(struct afs_sock *s, int fd, struct msghdr *m,
			    int flags)
{
	int saved = errno;
	ssize_t r;

	m->msg_flags = flags & MSG_CMSG_CLOEXEC;
	r = afs_recvmsg(s, fd, m, flags);
	afs_put(s);
	if (r >= 0)
		errno = saved;
	return afs_ret(r);
}

/*
 * recvmsg() of ours: the socket layer writes back msg_flags,
 * msg_controllen (no cmsgs) and msg_namelen only on success.
 */
static ssize_t our_recvmsg(struct afs_sock *s, int fd, struct msghdr *umsg,
			   int flags)
{
	struct sockaddr_storage name;
	struct msghdr m = *umsg;
	int saved = errno;
	ssize_t r;

	m.msg_flags = flags & MSG_CMSG_CLOEXEC;
	m.msg_name = umsg->msg_name ? &name : NULL;
	m.msg_namelen = 0;
	r = afs_recvmsg(s, fd, &m, flags);
	afs_put(s);
	if (r < 0)
		return afs_ret(r);
	if (umsg->msg_name && m.msg_namelen) {
		socklen_t l = (int)umsg->msg_namelen < 0 ? 0 : umsg->msg_namelen;

		memcpy(umsg->msg_name, &name, l < m.msg_namelen ? l : m.msg_namelen);
	}
	umsg->msg_namelen = m.msg_namelen;
	umsg->msg_flags = m.msg_flags;
	umsg->msg_controllen = 0;
	errno = saved;
	return r;
}

/*
 * A descriptor of ours passed with SCM_RIGHTS: an op socket moves into a
 * keeper first, so that the receiver gets the stand-in (remote.c); any
 * other (a tfm socket, a socket fork() shared) reaches the receiver as
 * the AF_UNIX placeholder, whose state stays here (DIVERGENCES.md D3),
 * and the log says so.  Only messages with control data look.
 */
static void move_passed_fds(const struct msghdr *msg)
{
	const struct cmsghdr *c;
	const int *fds;
	size_t i, n;

	if (!msg || !msg->msg_controllen || !msg->msg_control)
		return;
	for (c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR((struct msghdr *)msg,
							(struct cmsghdr *)c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS ||
		    c->cmsg_len < CMSG_LEN(0))
			continue;
		fds = (const int *)CMSG_DATA(c);
		n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < n; i++) {
			if (afs_is_ours(fds[i]) && afs_remote_move(fds[i]) &&
			    afs_log_dest())
				afs_log_divergence("D3",
						   "SCM_RIGHTS of a shim socket");
		}
	}
}

EXPORT ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r;

		move_passed_fds(msg);
		r = AFS_REAL(sendmsg)(fd, msg, flags);
		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	if (!msg) {
		afs_put(s);
		return afs_ret(-EFAULT);
	}
	return our_sendmsg(s, fd, msg, flags);
}

/* sendto() on our socket @s: __sys_sendto() */
static ssize_t our_sendto(struct afs_sock *s, int fd, const void *buf,
			  size_t len, int flags, const struct sockaddr *addr,
			  socklen_t alen)
{
	struct iovec v;
	struct msghdr m;

	if (addr && ((int)alen < 0 || alen > 128)) {
		afs_put(s);
		return afs_ret(-EINVAL);
	}
	afs_msg_one(&m, &v, buf, len);
	if (addr) {
		m.msg_name = (void *)addr;
		m.msg_namelen = alen;
	}
	return our_sendmsg(s, fd, &m, flags);
}

EXPORT ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(send)(fd, buf, len, flags);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_sendto(s, fd, buf, len, flags, NULL, 0);
}

EXPORT ssize_t sendto(int fd, const void *buf, size_t len, int flags,
		      const struct sockaddr *addr, socklen_t alen)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(sendto)(fd, buf, len, flags, addr, alen);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_sendto(s, fd, buf, len, flags, addr, alen);
}

/*
 * read(), readv(), write(), writev() on our socket @s (sock_read_iter(),
 * sock_write_iter()): ->recvmsg()/->sendmsg() without flags, except that
 * a read of nothing returns 0 without reaching the socket (SYS5 rule);
 * @flags is MSG_DONTWAIT for RWF_NOWAIT.
 */
static ssize_t our_rw(struct afs_sock *s, int fd, const struct iovec *iov,
		      int n, bool write, int flags)
{
	struct msghdr m;

	if (n < 0 || n > 1024) {
		afs_put(s);
		return afs_ret(-EINVAL);
	}
	if (!write) {
		size_t any = 0;
		int i;

		/* every length 0 (a wrapping sum is not empty: EINVAL) */
		for (i = 0; i < n; i++)
			any |= iov[i].iov_len;
		if (!any) {
			afs_put(s);
			return 0;
		}
	}
	memset(&m, 0, sizeof(m));
	m.msg_iov = (struct iovec *)iov;
	m.msg_iovlen = (size_t)n;
	return write ? our_sendmsg(s, fd, &m, flags) :
		       our_recv_own(s, fd, &m, flags);
}

EXPORT ssize_t write(int fd, const void *buf, size_t len)
{
	struct iovec v = { (void *)buf, len };
	struct afs_sock *s;

	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(write)(fd, buf, len);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_rw(s, fd, &v, 1, true, 0);
}

EXPORT ssize_t writev(int fd, const struct iovec *iov, int n)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(writev)(fd, iov, n);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_rw(s, fd, iov, n, true, 0);
}

EXPORT int sendmmsg(int fd, struct mmsghdr *v, unsigned int n, int flags)
{
	struct afs_sock *s;
	unsigned int i;
	ssize_t r;
	int saved;

	INIT();
	s = afs_get(fd);
	if (!s)
		return AFS_REAL(sendmmsg)(fd, v, n, flags);
	saved = errno;
	if (n > 1024)
		n = 1024;
	for (i = 0; i < n; i++) {
		r = afs_sendmsg(s, fd, &v[i].msg_hdr, flags);
		if (r < 0)
			break;
		v[i].msg_len = (unsigned int)r;
	}
	afs_put(s);
	if (i == 0 && n)
		return (int)afs_ret(r);
	errno = saved;
	return (int)i;
}

EXPORT ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(recvmsg)(fd, msg, flags);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	if (!msg) {
		afs_put(s);
		return afs_ret(-EFAULT);
	}
	return our_recvmsg(s, fd, msg, flags);
}

/* recvfrom() on our socket @s: __sys_recvfrom() */
static ssize_t our_recvfrom(struct afs_sock *s, int fd, void *buf, size_t len,
			    int flags, struct sockaddr *addr, socklen_t *alen)
{
	struct iovec v;
	struct msghdr m;
	ssize_t r;

	afs_msg_one(&m, &v, buf, len);
	if (!addr || !alen)
		return our_recv_own(s, fd, &m, flags);
	m.msg_name = addr;
	m.msg_namelen = *alen;
	r = our_recvmsg(s, fd, &m, flags);
	if (r >= 0)
		*alen = m.msg_namelen;
	return r;
}

EXPORT ssize_t recvfrom(int fd, void *buf, size_t len, int flags,
			struct sockaddr *addr, socklen_t *alen)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(recvfrom)(fd, buf, len, flags, addr, alen);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_recvfrom(s, fd, buf, len, flags, addr, alen);
}

EXPORT ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(recv)(fd, buf, len, flags);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_recvfrom(s, fd, buf, len, flags, NULL, NULL);
}

EXPORT ssize_t read(int fd, void *buf, size_t len)
{
	struct iovec v = { buf, len };
	struct afs_sock *s;

	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(read)(fd, buf, len);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_rw(s, fd, &v, 1, false, 0);
}

EXPORT ssize_t readv(int fd, const struct iovec *iov, int n)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s) {
		ssize_t r = AFS_REAL(readv)(fd, iov, n);

		if (!AFS_STANDIN(r, fd, s))
			return r;
	}
	return our_rw(s, fd, iov, n, false, 0);
}

/* 6.12's values; older libc headers lack the newer flags */
#ifndef RWF_NOAPPEND
#define RWF_NOAPPEND 0x00000020
#endif
#ifndef RWF_ATOMIC
#define RWF_ATOMIC 0x00000040
#endif
/* what kiocb_set_rw_flags() of 6.12 knows */
#define AFS_RWF_SUPPORTED (RWF_HIPRI | RWF_DSYNC | RWF_SYNC | RWF_NOWAIT | \
			   RWF_APPEND | RWF_NOAPPEND | RWF_ATOMIC)

/*
 * preadv2()/pwritev2() at the current position (offset -1) on a socket:
 * vfs_readv() checks the RWF flags (kiocb_set_rw_flags(); sockets have
 * FMODE_NOWAIT), and sock_read_iter()/sock_write_iter() turn IOCB_NOWAIT
 * into MSG_DONTWAIT.
 */
static ssize_t our_rw2(int fd, const struct iovec *iov, int n, int flags,
		       bool write)
{
	struct afs_sock *s;

	if (flags & ~AFS_RWF_SUPPORTED)
		return afs_ret(-EOPNOTSUPP);
	if ((flags & RWF_APPEND) && (flags & RWF_NOAPPEND))
		return afs_ret(-EINVAL);
	/* a read, or a socket without FMODE_CAN_ATOMIC_WRITE */
	if (flags & RWF_ATOMIC)
		return afs_ret(-EOPNOTSUPP);
	s = afs_get(fd);
	if (!s)
		return afs_ret(-EBADF);
	return our_rw(s, fd, iov, n, write, flags & RWF_NOWAIT ? MSG_DONTWAIT : 0);
}

EXPORT ssize_t preadv2(int fd, const struct iovec *iov, int n, off_t off,
		       int flags)
{
	INIT();
	/* offset -1 means "current position": a plain readv on a socket */
	if (off == -1 && afs_is_ours(fd))
		return our_rw2(fd, iov, n, flags, false);
	return AFS_REAL(preadv2)(fd, iov, n, off, flags);
}

EXPORT ssize_t pwritev2(int fd, const struct iovec *iov, int n, off_t off,
			int flags)
{
	INIT();
	if (off == -1 && afs_is_ours(fd))
		return our_rw2(fd, iov, n, flags, true);
	return AFS_REAL(pwritev2)(fd, iov, n, off, flags);
}

/* the names that _FILE_OFFSET_BITS=64 programs call (off_t is 64 bits) */
EXPORT ssize_t preadv64v2(int fd, const struct iovec *iov, int n, off_t off,
			  int flags)
{
	return preadv2(fd, iov, n, off, flags);
}

EXPORT ssize_t pwritev64v2(int fd, const struct iovec *iov, int n, off_t off,
			   int flags)
{
	return pwritev2(fd, iov, n, off, flags);
}

EXPORT int recvmmsg(int fd, struct mmsghdr *v, unsigned int n, int flags,
		    struct timespec *timeout)
{
	struct afs_sock *s;
	unsigned int i;
	int r = 0;

	INIT();
	s = afs_get(fd);
	if (!s)
		return AFS_REAL(recvmmsg)(fd, v, n, flags, timeout);
	for (i = 0; i < n; i++) {
		atomic_fetch_add(&s->ref, 1);
		r = (int)our_recvmsg(s, fd, &v[i].msg_hdr,
				     flags & ~MSG_WAITFORONE);
		if (r < 0)
			break;
		v[i].msg_len = (unsigned int)r;
		if (flags & MSG_WAITFORONE)
			flags |= MSG_DONTWAIT;
	}
	afs_put(s);
	if (i == 0 && n)
		return -1;
	return (int)i;
}

/* _FORTIFY_SOURCE variants */

EXPORT ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	if (len > buflen)
		__chk_fail();
	return read(fd, buf, len);
}

EXPORT ssize_t __recv_chk(int fd, void *buf, size_t len, size_t buflen,
			  int flags)
{
	if (len > buflen)
		__chk_fail();
	return recv(fd, buf, len, flags);
}

EXPORT ssize_t __recvfrom_chk(int fd, void *buf, size_t len, size_t buflen,
			      int flags, struct sockaddr *addr,
			      socklen_t *alen)
{
	if (len > buflen)
		__chk_fail();
	return recvfrom(fd, buf, len, flags, addr, alen);
}
