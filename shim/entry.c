// SPDX-License-Identifier: GPL-2.0
/*
 * The interposed libc entry points.
 *
 * Each one asks the fd table whether the descriptor is ours (two atomic
 * loads, no lock) and otherwise calls the real function found with
 * dlsym(RTLD_NEXT) without touching errno.  For our descriptors it calls
 * the socket layer, which returns >= 0 or -errno, and converts that to the
 * libc convention; errno is left alone on success.
 *
 * Our sockets are real descriptors (AF_UNIX placeholders), so fd numbers
 * never collide, and fstat, fcntl(F_SETFL), SO_SNDBUF, close-on-exec, fork
 * and descriptor passing all operate on something real.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <linux/aio_abi.h>

#include "afalg-shim.h"

#define EXPORT __attribute__((visibility("default")))

struct afs_real afs_real;

static ssize_t (*real_readv)(int, const struct iovec *, int);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static int (*real_socketpair)(int, int, int, int *);
static int (*real_bind)(int, const struct sockaddr *, socklen_t);
static int (*real_connect)(int, const struct sockaddr *, socklen_t);
static int (*real_listen)(int, int);
static int (*real_accept)(int, struct sockaddr *, socklen_t *);
static int (*real_accept4)(int, struct sockaddr *, socklen_t *, int);
static int (*real_getsockname)(int, struct sockaddr *, socklen_t *);
static int (*real_getpeername)(int, struct sockaddr *, socklen_t *);
static int (*real_shutdown)(int, int);
static ssize_t (*real_send)(int, const void *, size_t, int);
static ssize_t (*real_sendto)(int, const void *, size_t, int,
			      const struct sockaddr *, socklen_t);
static ssize_t (*real_sendmsg)(int, const struct msghdr *, int);
static int (*real_sendmmsg)(int, struct mmsghdr *, unsigned int, int);
static ssize_t (*real_recvfrom)(int, void *, size_t, int, struct sockaddr *,
				socklen_t *);
static ssize_t (*real_recvmsg)(int, struct msghdr *, int);
static int (*real_recvmmsg)(int, struct mmsghdr *, unsigned int, int,
			    struct timespec *);
static int (*real_dup2)(int, int);
static int (*real_dup3)(int, int, int);
static int (*real_close_range)(unsigned int, unsigned int, int);
static void (*real_closefrom)(int);
static int (*real_ioctl)(int, unsigned long, ...);
static int (*real_ppoll)(struct pollfd *, nfds_t, const struct timespec *,
			 const sigset_t *);
static int (*real_select)(int, fd_set *, fd_set *, fd_set *,
			  struct timeval *);
static int (*real_pselect)(int, fd_set *, fd_set *, fd_set *,
			   const struct timespec *, const sigset_t *);
static ssize_t (*real_sendfile)(int, int, off_t *, size_t);
static ssize_t (*real_splice)(int, loff_t *, int, loff_t *, size_t,
			      unsigned int);
static ssize_t (*real_preadv2)(int, const struct iovec *, int, off_t, int);
static ssize_t (*real_pwritev2)(int, const struct iovec *, int, off_t, int);

static enum afs_mode mode = AFS_MODE_ALWAYS;
static const char *log_dest;
static unsigned int optmem_max = 131072;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

enum afs_mode afs_mode(void)
{
	return mode;
}

const char *afs_log_dest(void)
{
	return log_dest;
}

unsigned int afs_optmem_max(void)
{
	return optmem_max;
}

static void *sym(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

#define RESOLVE(var, name) (var = (__typeof__(var))sym(name))

static void atfork_prepare(void)
{
	afs_table_lock();
}

static void atfork_parent(void)
{
	afs_table_unlock();
}

/*
 * The process the descriptor table describes.  A child made by vfork()
 * (Python's subprocess, posix_spawn()-like helpers) shares our memory but
 * has its own descriptor table, and closes or dups descriptors before
 * exec: those calls must reach the kernel without editing the parent's
 * table.  Such a child is recognised by a pid the atfork handler has not
 * seen (fork() runs it, vfork() does not).
 */
static pid_t table_pid;

static void atfork_child(void)
{
	afs_atfork_child();
	table_pid = getpid();
}

static bool vfork_child(void)
{
	return getpid() != table_pid;
}

static void do_init(void)
{
	const char *m = getenv("AFALG_SHIM");
	char buf[32];
	int fd;
	ssize_t n;

	RESOLVE(afs_real.socket, "socket");
	RESOLVE(afs_real.close, "close");
	RESOLVE(afs_real.read, "read");
	RESOLVE(afs_real.write, "write");
	RESOLVE(afs_real.pread, "pread");
	RESOLVE(afs_real.recv, "recv");
	RESOLVE(afs_real.fcntl, "fcntl");
	RESOLVE(afs_real.getsockopt, "getsockopt");
	RESOLVE(afs_real.setsockopt, "setsockopt");
	RESOLVE(afs_real.poll, "poll");
	RESOLVE(afs_real.syscall, "syscall");
	RESOLVE(afs_real.dup, "dup");
	RESOLVE(real_readv, "readv");
	RESOLVE(real_writev, "writev");
	RESOLVE(real_socketpair, "socketpair");
	RESOLVE(real_bind, "bind");
	RESOLVE(real_connect, "connect");
	RESOLVE(real_listen, "listen");
	RESOLVE(real_accept, "accept");
	RESOLVE(real_accept4, "accept4");
	RESOLVE(real_getsockname, "getsockname");
	RESOLVE(real_getpeername, "getpeername");
	RESOLVE(real_shutdown, "shutdown");
	RESOLVE(real_send, "send");
	RESOLVE(real_sendto, "sendto");
	RESOLVE(real_sendmsg, "sendmsg");
	RESOLVE(real_sendmmsg, "sendmmsg");
	RESOLVE(real_recvfrom, "recvfrom");
	RESOLVE(real_recvmsg, "recvmsg");
	RESOLVE(real_recvmmsg, "recvmmsg");
	RESOLVE(real_dup2, "dup2");
	RESOLVE(real_dup3, "dup3");
	RESOLVE(real_close_range, "close_range");
	RESOLVE(real_closefrom, "closefrom");
	RESOLVE(real_ioctl, "ioctl");
	RESOLVE(real_ppoll, "ppoll");
	RESOLVE(real_select, "select");
	RESOLVE(real_pselect, "pselect");
	RESOLVE(real_sendfile, "sendfile");
	RESOLVE(real_splice, "splice");
	RESOLVE(real_preadv2, "preadv2");
	RESOLVE(real_pwritev2, "pwritev2");

	if (m && !strcmp(m, "fallback"))
		mode = AFS_MODE_FALLBACK;
	m = getenv("AFALG_SHIM_LOG");
	if (m && *m)
		log_dest = strdup(m);

	fd = open("/proc/sys/net/core/optmem_max", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = afs_real.read(fd, buf, sizeof(buf) - 1);
		if (n > 0) {
			buf[n] = 0;
			if (atoi(buf) > 0)
				optmem_max = (unsigned int)atoi(buf);
		}
		afs_real.close(fd);
	}
	table_pid = getpid();
	pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
}

void afs_resolve_real(void)
{
	int saved = errno;

	pthread_once(&init_once, do_init);
	errno = saved;
}

__attribute__((constructor)) static void afs_ctor(void)
{
	afs_resolve_real();
}

#define INIT() do { if (__builtin_expect(!afs_real.close, 0)) afs_resolve_real(); } while (0)

/* -errno/value -> libc convention, errno untouched on success */
static inline long ret(long r)
{
	if (r < 0) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

/* ------------------------------------------------------------------ */
/* socket creation                                                     */

EXPORT int socket(int domain, int type, int protocol)
{
	int fd;

	INIT();
	if (domain == AF_ALG) {
		if (mode == AFS_MODE_FALLBACK) {
			fd = afs_real.socket(domain, type, protocol);
			if (fd >= 0 || errno != EAFNOSUPPORT)
				return fd;
		}
		return (int)ret(afs_sock_create(type, protocol));
	}
	if (domain == AF_NETLINK && protocol == NETLINK_CRYPTO) {
		if (mode == AFS_MODE_FALLBACK) {
			fd = afs_real.socket(domain, type, protocol);
			if (fd >= 0 || errno != EPROTONOSUPPORT)
				return fd;
		}
		if (type & ~(SOCK_CLOEXEC | SOCK_NONBLOCK | 0xf))
			return (int)ret(-EINVAL);
		return (int)ret(afs_nl_create(type & 0xf,
					      type & (SOCK_CLOEXEC |
						      SOCK_NONBLOCK)));
	}
	return afs_real.socket(domain, type, protocol);
}

EXPORT int socketpair(int domain, int type, int protocol, int sv[2])
{
	int fd;

	INIT();
	if (domain != AF_ALG)
		return real_socketpair(domain, type, protocol, sv);
	if (mode == AFS_MODE_FALLBACK) {
		fd = real_socketpair(domain, type, protocol, sv);
		if (fd >= 0 || errno != EAFNOSUPPORT)
			return fd;
	}
	/* alg_create() succeeds, then sock_no_socketpair() */
	fd = afs_sock_create(type, protocol);
	if (fd < 0)
		return (int)ret(fd);
	close(fd);
	return (int)ret(-EOPNOTSUPP);
}

/* ------------------------------------------------------------------ */
/* tfm operations                                                      */

EXPORT int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_bind(fd, addr, len);
	r = afs_bind(s, addr, len);
	afs_put(s);
	return (int)ret(r);
}

EXPORT int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	struct afs_sock *s;
	int r = -EOPNOTSUPP;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_connect(fd, addr, len);
	/* move_addr_to_kernel() comes before the socket's ->connect */
	if ((int)len < 0 || len > 128)
		r = -EINVAL;
	else if (len && !addr)
		r = -EFAULT;
	else if (s->kind == AFS_KIND_NETLINK)
		/* netlink_connect(): only the kernel (pid 0) is reachable */
		r = len < sizeof(sa_family_t) ? -EINVAL : 0;
	afs_put(s);
	return (int)ret(r);
}

EXPORT int listen(int fd, int backlog)
{
	INIT();
	if (!afs_is_ours(fd))
		return real_listen(fd, backlog);
	return (int)ret(-EOPNOTSUPP);
}

EXPORT int shutdown(int fd, int how)
{
	INIT();
	if (!afs_is_ours(fd))
		return real_shutdown(fd, how);
	return (int)ret(-EOPNOTSUPP);
}

EXPORT int setsockopt(int fd, int level, int name, const void *val,
		      socklen_t len)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s)
		return afs_real.setsockopt(fd, level, name, val, len);
	if (level == SOL_SOCKET) {
		/* sock_setsockopt(): the generic layer, on the placeholder */
		r = afs_real.setsockopt(fd, level, name, val, len);
		if (r == 0 && s->kind == AFS_KIND_OP) {
			int saved = errno;

			afs_sock_bufs_update(s, fd);
			errno = saved;
		}
		afs_put(s);
		return r;
	}
	r = afs_setsockopt(s, level, name, val, len);
	afs_put(s);
	return (int)ret(r);
}

EXPORT int getsockopt(int fd, int level, int name, void *val,
		      socklen_t *len)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s)
		return afs_real.getsockopt(fd, level, name, val, len);
	if (s->kind == AFS_KIND_NETLINK && level == SOL_NETLINK) {
		r = -ENOPROTOOPT;
	} else {
		r = afs_getsockopt(s, fd, level, name, val, len);
	}
	afs_put(s);
	return (int)ret(r);
}

EXPORT int getsockname(int fd, struct sockaddr *addr, socklen_t *len)
{
	struct afs_sock *s;
	int r = -EOPNOTSUPP;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_getsockname(fd, addr, len);
	if (s->kind == AFS_KIND_NETLINK)
		r = afs_nl_getsockname(s, addr, len);
	afs_put(s);
	return (int)ret(r);
}

EXPORT int getpeername(int fd, struct sockaddr *addr, socklen_t *len)
{
	struct afs_sock *s;
	int r = -EOPNOTSUPP;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_getpeername(fd, addr, len);
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
	return (int)ret(r);
}

static int do_accept(int fd, struct sockaddr *addr, socklen_t *len, int flags,
		     bool four)
{
	struct afs_sock *s;
	int r;

	INIT();
	s = afs_get(fd);
	if (!s)
		return four ? real_accept4(fd, addr, len, flags) :
			      real_accept(fd, addr, len);
	r = afs_accept(s, addr, len, flags);
	afs_put(s);
	return (int)ret(r);
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
	return ret(r);
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
		return ret(r);
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

EXPORT ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_sendmsg(fd, msg, flags);
	if (!msg) {
		afs_put(s);
		return ret(-EFAULT);
	}
	return our_sendmsg(s, fd, msg, flags);
}

EXPORT ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	struct afs_sock *s;
	struct iovec v;
	struct msghdr m;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_send(fd, buf, len, flags);
	v.iov_base = (void *)buf;
	v.iov_len = len;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	return our_sendmsg(s, fd, &m, flags);
}

EXPORT ssize_t sendto(int fd, const void *buf, size_t len, int flags,
		      const struct sockaddr *addr, socklen_t alen)
{
	struct afs_sock *s;
	struct iovec v;
	struct msghdr m;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_sendto(fd, buf, len, flags, addr, alen);
	if (addr && ((int)alen < 0 || alen > 128)) {
		afs_put(s);
		return ret(-EINVAL);
	}
	v.iov_base = (void *)buf;
	v.iov_len = len;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	if (addr) {
		m.msg_name = (void *)addr;
		m.msg_namelen = alen;
	}
	return our_sendmsg(s, fd, &m, flags);
}

EXPORT ssize_t write(int fd, const void *buf, size_t len)
{
	struct afs_sock *s;
	struct iovec v;
	struct msghdr m;

	if (__builtin_expect(!afs_real.write, 0))
		afs_resolve_real();
	s = afs_get(fd);
	if (!s)
		return afs_real.write(fd, buf, len);
	v.iov_base = (void *)buf;
	v.iov_len = len;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	return our_sendmsg(s, fd, &m, 0);
}

EXPORT ssize_t writev(int fd, const struct iovec *iov, int n)
{
	struct afs_sock *s;
	struct msghdr m;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_writev(fd, iov, n);
	if (n < 0 || n > 1024) {
		afs_put(s);
		return ret(-EINVAL);
	}
	memset(&m, 0, sizeof(m));
	m.msg_iov = (struct iovec *)iov;
	m.msg_iovlen = (size_t)n;
	return our_sendmsg(s, fd, &m, 0);
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
		return real_sendmmsg(fd, v, n, flags);
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
		return (int)ret(r);
	errno = saved;
	return (int)i;
}

EXPORT ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	struct afs_sock *s;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_recvmsg(fd, msg, flags);
	if (!msg) {
		afs_put(s);
		return ret(-EFAULT);
	}
	return our_recvmsg(s, fd, msg, flags);
}

EXPORT ssize_t recvfrom(int fd, void *buf, size_t len, int flags,
			struct sockaddr *addr, socklen_t *alen)
{
	struct afs_sock *s;
	struct iovec v;
	struct msghdr m;
	ssize_t r;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_recvfrom(fd, buf, len, flags, addr, alen);
	v.iov_base = buf;
	v.iov_len = len;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	if (addr && alen) {
		m.msg_name = addr;
		m.msg_namelen = *alen;
	}
	r = our_recvmsg(s, fd, &m, flags);
	if (r >= 0 && addr && alen)
		*alen = m.msg_namelen;
	return r;
}

EXPORT ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	return recvfrom(fd, buf, len, flags, NULL, NULL);
}

EXPORT ssize_t read(int fd, void *buf, size_t len)
{
	struct afs_sock *s;
	struct iovec v;
	struct msghdr m;

	if (__builtin_expect(!afs_real.read, 0))
		afs_resolve_real();
	s = afs_get(fd);
	if (!s)
		return afs_real.read(fd, buf, len);
	if (!len) {		/* sock_read_iter(): SYS5 rule */
		afs_put(s);
		return 0;
	}
	v.iov_base = buf;
	v.iov_len = len;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	return our_recvmsg(s, fd, &m, 0);
}

EXPORT ssize_t readv(int fd, const struct iovec *iov, int n)
{
	struct afs_sock *s;
	struct msghdr m;

	INIT();
	s = afs_get(fd);
	if (!s)
		return real_readv(fd, iov, n);
	if (n < 0 || n > 1024) {
		afs_put(s);
		return ret(-EINVAL);
	}
	if (!afs_iov_total(iov, (size_t)n)) {
		afs_put(s);
		return 0;
	}
	memset(&m, 0, sizeof(m));
	m.msg_iov = (struct iovec *)iov;
	m.msg_iovlen = (size_t)n;
	return our_recvmsg(s, fd, &m, 0);
}

EXPORT ssize_t preadv2(int fd, const struct iovec *iov, int n, off_t off,
		       int flags)
{
	INIT();
	/* offset -1 means "current position": a plain readv on a socket */
	if (off == -1 && afs_is_ours(fd))
		return readv(fd, iov, n);
	return real_preadv2(fd, iov, n, off, flags);
}

EXPORT ssize_t pwritev2(int fd, const struct iovec *iov, int n, off_t off,
			int flags)
{
	INIT();
	if (off == -1 && afs_is_ours(fd))
		return writev(fd, iov, n);
	return real_pwritev2(fd, iov, n, off, flags);
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
		return real_recvmmsg(fd, v, n, flags, timeout);
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
extern void __chk_fail(void) __attribute__((noreturn));

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

/* ------------------------------------------------------------------ */
/* descriptors                                                         */

EXPORT int close(int fd)
{
	struct afs_sock *s;
	int r;

	if (__builtin_expect(!afs_real.close, 0))
		afs_resolve_real();
	if (!afs_is_ours(fd) || vfork_child())
		return afs_real.close(fd);
	s = afs_remove(fd);
	r = afs_real.close(fd);
	if (s) {
		int saved = errno;

		afs_put(s);
		errno = saved;
	}
	return r;
}

/* new = dup-like(old) with the table lock held so old cannot vanish */
static int dup_common(int oldfd, int newfd, int r)
{
	struct afs_sock *so, *sn = NULL;

	so = afs_peek_locked(oldfd);
	if (r >= 0 && r != oldfd) {
		sn = afs_peek_locked(r);
		if (so)
			atomic_fetch_add(&so->ref, 1);
		afs_set_locked(r, so);
	}
	afs_table_unlock();
	if (sn) {
		int saved = errno;

		afs_put(sn);
		errno = saved;
	}
	(void)newfd;
	return r;
}

EXPORT int dup(int fd)
{
	INIT();
	if (!afs_is_ours(fd) || vfork_child())
		return afs_real.dup(fd);
	afs_table_lock();
	return dup_common(fd, -1, afs_real.dup(fd));
}

EXPORT int dup2(int oldfd, int newfd)
{
	INIT();
	if ((!afs_is_ours(oldfd) && !afs_is_ours(newfd)) || vfork_child())
		return real_dup2(oldfd, newfd);
	afs_table_lock();
	return dup_common(oldfd, newfd, real_dup2(oldfd, newfd));
}

EXPORT int dup3(int oldfd, int newfd, int flags)
{
	INIT();
	if ((!afs_is_ours(oldfd) && !afs_is_ours(newfd)) || vfork_child())
		return real_dup3(oldfd, newfd, flags);
	afs_table_lock();
	return dup_common(oldfd, newfd, real_dup3(oldfd, newfd, flags));
}

static int fcntl_common(int fd, int cmd, unsigned long arg)
{
	if ((cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) && afs_is_ours(fd) &&
	    !vfork_child()) {
		afs_table_lock();
		return dup_common(fd, -1, afs_real.fcntl(fd, cmd, arg));
	}
	return afs_real.fcntl(fd, cmd, arg);
}

EXPORT int fcntl(int fd, int cmd, ...)
{
	unsigned long arg;
	va_list ap;

	INIT();
	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return fcntl_common(fd, cmd, arg);
}

EXPORT int fcntl64(int fd, int cmd, ...)
{
	unsigned long arg;
	va_list ap;

	INIT();
	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return fcntl_common(fd, cmd, arg);
}

static void forget_range(unsigned int first, unsigned int last)
{
	int m = afs_max_fd();
	unsigned int fd;
	struct afs_sock *s;
	int saved = errno;

	if (m < 0)
		return;
	if (last > (unsigned int)m)
		last = (unsigned int)m;
	for (fd = first; fd <= last && fd <= (unsigned int)INT_MAX; fd++) {
		if (!afs_is_ours((int)fd))
			continue;
		s = afs_remove((int)fd);
		if (s)
			afs_put(s);
	}
	errno = saved;
}

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

EXPORT int close_range(unsigned int first, unsigned int last, int flags)
{
	int r;

	INIT();
	r = real_close_range ? real_close_range(first, last, flags) :
		(int)afs_real.syscall(SYS_close_range, first, last, flags);
	if (r == 0 && !(flags & CLOSE_RANGE_CLOEXEC) && !vfork_child())
		forget_range(first, last);
	return r;
}

EXPORT void closefrom(int lowfd)
{
	INIT();
	if (real_closefrom)
		real_closefrom(lowfd);
	else
		afs_real.syscall(SYS_close_range, lowfd, ~0U, 0);
	if (lowfd >= 0 && !vfork_child())
		forget_range((unsigned int)lowfd, ~0U);
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
	void *arg;
	va_list ap;

	INIT();
	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!afs_is_ours(fd))
		return real_ioctl(fd, req, arg);
	switch (req) {
	/* handled by the VFS or the generic socket layer */
	case FIONBIO:
	case FIOASYNC:
	case FIOCLEX:
	case FIONCLEX:
	case FIOSETOWN:
	case FIOGETOWN:
	case SIOCSPGRP:
	case SIOCGPGRP:
		return real_ioctl(fd, req, arg);
	default:
		return (int)ret(-EOPNOTSUPP);
	}
}

/* ------------------------------------------------------------------ */
/* poll / select                                                       */

static int poll_common(struct pollfd *fds, nfds_t n, const struct timespec *ts,
		       const sigset_t *mask, int timeout, bool isp)
{
	struct pollfd stackv[64], *v = stackv;
	struct afs_sock *s;
	struct timespec zero = { 0, 0 };
	nfds_t i;
	int ours = 0, ready = 0, r, m;

	for (i = 0; i < n; i++)
		if (afs_is_ours(fds[i].fd))
			ours++;
	if (!ours)
		return isp ? real_ppoll(fds, n, ts, mask) :
			     afs_real.poll(fds, n, timeout);
	if (n > 64) {
		v = malloc(n * sizeof(*v));
		if (!v)
			return (int)ret(-ENOMEM);
	}
	memcpy(v, fds, n * sizeof(*v));
	for (i = 0; i < n; i++) {
		s = afs_get(fds[i].fd);
		if (!s)
			continue;
		m = afs_poll_mask(s);
		afs_put(s);
		fds[i].revents = (short)(m & (fds[i].events | POLLERR |
					     POLLHUP | POLLNVAL));
		if (fds[i].revents)
			ready++;
		v[i].fd = -1;	/* the kernel ignores negative fds */
	}
	if (ready) {
		timeout = 0;
		ts = &zero;
	}
	r = isp ? real_ppoll(v, n, ts, mask) : afs_real.poll(v, n, timeout);
	if (r >= 0) {
		for (i = 0; i < n; i++)
			if (v[i].fd >= 0)
				fds[i].revents = v[i].revents;
		r += ready;
	}
	if (v != stackv)
		free(v);
	return r;
}

EXPORT int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	INIT();
	return poll_common(fds, n, NULL, NULL, timeout, false);
}

EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *ts,
		 const sigset_t *mask)
{
	INIT();
	return poll_common(fds, n, ts, mask, -1, true);
}

EXPORT int __poll_chk(struct pollfd *fds, nfds_t n, int timeout, size_t len)
{
	if (len / sizeof(*fds) < n)
		__chk_fail();
	return poll(fds, n, timeout);
}

EXPORT int __ppoll_chk(struct pollfd *fds, nfds_t n, const struct timespec *ts,
		       const sigset_t *mask, size_t len)
{
	if (len / sizeof(*fds) < n)
		__chk_fail();
	return ppoll(fds, n, ts, mask);
}

static int select_common(int nfds, fd_set *r, fd_set *w, fd_set *e,
			 struct timeval *tv, const struct timespec *ts,
			 const sigset_t *mask, bool isp)
{
	fd_set rr, ww, ee;
	struct afs_sock *s;
	int fd, m, ready = 0, res, hi = afs_max_fd();
	struct timeval ztv = { 0, 0 };
	struct timespec zts = { 0, 0 };
	bool any = false;

	if (hi >= 0 && nfds > 0)
		for (fd = 0; fd < nfds && fd <= hi && fd < FD_SETSIZE; fd++)
			if (afs_is_ours(fd) &&
			    ((r && FD_ISSET(fd, r)) || (w && FD_ISSET(fd, w)) ||
			     (e && FD_ISSET(fd, e))))
				any = true;
	if (!any)
		return isp ? real_pselect(nfds, r, w, e, ts, mask) :
			     real_select(nfds, r, w, e, tv);
	FD_ZERO(&rr);
	FD_ZERO(&ww);
	FD_ZERO(&ee);
	for (fd = 0; fd < nfds && fd <= hi && fd < FD_SETSIZE; fd++) {
		s = afs_get(fd);
		if (!s)
			continue;
		m = afs_poll_mask(s);
		afs_put(s);
		if (r && FD_ISSET(fd, r)) {
			FD_CLR(fd, r);
			if (m & (POLLIN | POLLRDNORM | POLLHUP | POLLERR)) {
				FD_SET(fd, &rr);
				ready++;
			}
		}
		if (w && FD_ISSET(fd, w)) {
			FD_CLR(fd, w);
			if (m & (POLLOUT | POLLWRNORM | POLLERR)) {
				FD_SET(fd, &ww);
				ready++;
			}
		}
		if (e && FD_ISSET(fd, e)) {
			FD_CLR(fd, e);
			if (m & POLLPRI) {
				FD_SET(fd, &ee);
				ready++;
			}
		}
	}
	if (ready) {
		tv = &ztv;
		ts = &zts;
	}
	res = isp ? real_pselect(nfds, r, w, e, ts, mask) :
		    real_select(nfds, r, w, e, tv);
	if (res < 0)
		return res;
	for (fd = 0; fd < nfds && fd <= hi && fd < FD_SETSIZE; fd++) {
		if (r && FD_ISSET(fd, &rr))
			FD_SET(fd, r);
		if (w && FD_ISSET(fd, &ww))
			FD_SET(fd, w);
		if (e && FD_ISSET(fd, &ee))
			FD_SET(fd, e);
	}
	return res + ready;
}

EXPORT int select(int nfds, fd_set *r, fd_set *w, fd_set *e,
		  struct timeval *tv)
{
	INIT();
	return select_common(nfds, r, w, e, tv, NULL, NULL, false);
}

EXPORT int pselect(int nfds, fd_set *r, fd_set *w, fd_set *e,
		   const struct timespec *ts, const sigset_t *mask)
{
	INIT();
	return select_common(nfds, r, w, e, NULL, ts, mask, true);
}

/* ------------------------------------------------------------------ */
/* sendfile / splice                                                   */

#define XFER_CHUNK (64 * 1024)

static bool seekable(int fd)
{
	int saved = errno;
	bool r = lseek(fd, 0, SEEK_CUR) >= 0 || errno != ESPIPE;

	errno = saved;
	return r;
}

static bool is_fifo(int fd)
{
	struct stat st;
	int saved = errno;
	bool r = fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode);

	errno = saved;
	return r;
}

/*
 * do_splice_direct(): the file is read in pipe-sized chunks, each sent
 * with MSG_MORE except the last one when the file supplied all @count
 * bytes; a short file leaves MSG_MORE set (AF_ALG has no splice_eof).
 */
static ssize_t our_sendfile(struct afs_sock *s, int out, int in, off_t *off,
			    size_t count)
{
	static __thread uint8_t *buf;
	size_t done = 0, want;
	ssize_t n, r;
	off_t pos = off ? *off : 0;
	struct iovec v;
	struct msghdr m;
	int saved = errno;

	/*
	 * do_sendfile(): an offset needs a pread-able input (ESPIPE), and
	 * splice_direct_to_actor() a seekable one (EINVAL for pipes and
	 * sockets), even for a count of 0.
	 */
	if (!seekable(in))
		return off ? -ESPIPE : -EINVAL;
	if (!buf && !(buf = malloc(XFER_CHUNK)))
		return -ENOMEM;
	if (count > 0x7ffff000)
		count = 0x7ffff000;
	while (done < count) {
		want = count - done < XFER_CHUNK ? count - done : XFER_CHUNK;
		n = off ? afs_real.pread(in, buf, want, pos) :
			  afs_real.read(in, buf, want);
		if (n < 0) {
			if (done)
				break;
			return -errno;
		}
		if (n == 0)
			break;
		v.iov_base = buf;
		v.iov_len = (size_t)n;
		memset(&m, 0, sizeof(m));
		m.msg_iov = &v;
		m.msg_iovlen = 1;
		r = afs_sendmsg(s, out, &m,
				done + (size_t)n < count ? MSG_MORE : 0);
		afs_wipe(buf, (size_t)n);	/* file data may be secret */
		if (r < 0) {
			if (!off && n > 0)	/* give back what was not sent */
				lseek(in, -n, SEEK_CUR);
			if (done)
				break;
			return r;
		}
		if (r < n && !off)
			lseek(in, r - n, SEEK_CUR);
		done += (size_t)r;
		pos += r;
		if (r < n)
			break;
	}
	if (off)
		*off = pos;
	errno = saved;
	return (ssize_t)done;
}

EXPORT ssize_t sendfile(int out, int in, off_t *off, size_t count)
{
	struct afs_sock *s;
	ssize_t r;

	INIT();
	s = afs_get(out);
	if (!s)
		return real_sendfile(out, in, off, count);
	r = our_sendfile(s, out, in, off, count);
	afs_put(s);
	return ret(r);
}

EXPORT ssize_t sendfile64(int out, int in, off_t *off, size_t count)
{
	return sendfile(out, in, off, count);
}

#ifndef SPLICE_F_NONBLOCK
#define SPLICE_F_NONBLOCK 2
#define SPLICE_F_MORE 4
#endif

/*
 * splice(pipe -> op socket): splice_to_socket() drains what the pipe holds
 * (up to @len, waiting only while it is empty) and sends it with MSG_MORE
 * iff SPLICE_F_MORE.  splice(op socket -> pipe) is a read.
 */
EXPORT ssize_t splice(int in, loff_t *off_in, int out, loff_t *off_out,
		      size_t len, unsigned int flags)
{
	struct afs_sock *s;
	uint8_t *buf;
	ssize_t n, r;
	struct iovec v;
	struct msghdr m;
	int saved;

	INIT();
	if (!afs_is_ours(out) && !afs_is_ours(in))
		return real_splice(in, off_in, out, off_out, len, flags);
	saved = errno;
	/* do_splice(): one end must be a pipe, which takes no offset */
	if (afs_is_ours(out)) {
		if (!is_fifo(in))
			return ret(-EINVAL);
		if (off_in)
			return ret(-ESPIPE);
		if (off_out)
			return ret(-EINVAL);
		s = afs_get(out);
		if (!s)
			return ret(-EBADF);
		if (len > 0x7ffff000)
			len = 0x7ffff000;
		if (len > 16 * 65536)
			len = 16 * 65536;
		buf = malloc(len ? len : 1);
		if (!buf) {
			afs_put(s);
			return ret(-ENOMEM);
		}
		if (flags & SPLICE_F_NONBLOCK) {
			struct pollfd p = { .fd = in, .events = POLLIN };

			if (afs_real.poll(&p, 1, 0) == 0) {
				free(buf);
				afs_put(s);
				return ret(-EAGAIN);
			}
		}
		n = len ? afs_real.read(in, buf, len) : 0;
		if (n <= 0) {
			r = n < 0 ? -errno : 0;
			free(buf);
			afs_put(s);
			return ret(r);
		}
		v.iov_base = buf;
		v.iov_len = (size_t)n;
		memset(&m, 0, sizeof(m));
		m.msg_iov = &v;
		m.msg_iovlen = 1;
		r = afs_sendmsg(s, out, &m,
				(flags & SPLICE_F_MORE) ? MSG_MORE : 0);
		afs_wipe(buf, (size_t)n);
		free(buf);
		afs_put(s);
		if (r >= 0)
			errno = saved;
		return ret(r);
	}
	/* from our socket into a pipe */
	if (!is_fifo(out))
		return ret(-EINVAL);
	if (off_out)
		return ret(-ESPIPE);
	if (off_in)
		return ret(-EINVAL);
	if (len > 65536)
		len = 65536;
	buf = malloc(len ? len : 1);
	if (!buf)
		return ret(-ENOMEM);
	n = len ? read(in, buf, len) : 0;
	if (n > 0) {
		r = afs_real.write(out, buf, (size_t)n);
		n = r;
	}
	afs_wipe(buf, len);
	free(buf);
	return n;
}

/* ------------------------------------------------------------------ */
/* syscall(): AIO as libkcapi and OpenSSL's afalg engine issue it      */

AFS_HIDDEN long afs_aio_submit(aio_context_t ctx, long nr, struct iocb **v);
AFS_HIDDEN long afs_aio_getevents(aio_context_t ctx, long min_nr, long nr,
				  struct io_event *ev, struct timespec *ts);
AFS_HIDDEN long afs_aio_destroy(aio_context_t ctx);

EXPORT long syscall(long nr, ...)
{
	long a[6];
	va_list ap;
	int i;

	INIT();
	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	switch (nr) {
	case SYS_io_submit:
		return afs_aio_submit((aio_context_t)a[0], a[1],
				      (struct iocb **)a[2]);
	case SYS_io_getevents:
		return afs_aio_getevents((aio_context_t)a[0], a[1], a[2],
					 (struct io_event *)a[3],
					 (struct timespec *)a[4]);
	case SYS_io_destroy:
		return afs_aio_destroy((aio_context_t)a[0]);
	case SYS_close:
		return close((int)a[0]);
	case SYS_close_range:
		return close_range((unsigned int)a[0], (unsigned int)a[1],
				   (int)a[2]);
	default:
		return afs_real.syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	}
}
