// SPDX-License-Identifier: GPL-2.0
/*
 * AFALG_SHIM=fallback: the kernel's AF_ALG wherever it allows, the shim
 * wherever it refuses.  socket() refused (EAFNOSUPPORT, the restriction at
 * level 2 or no AF_ALG at all) is handled in entry-socket.c: the program
 * never holds a kernel socket.  bind() refused (ENOENT: the restriction at
 * level 1 for a name off its allowlist, or a name the kernel does not
 * have) happens on a kernel socket the program already holds, so the
 * shim's socket has to take its place under the same descriptor number:
 * afs_takeover_bind() binds a socket of the shim to the name, and dup3()s
 * a placeholder over the program's descriptor.
 *
 * What the program set on the kernel socket before bind() and can still
 * observe is carried over: the file status flags (O_NONBLOCK, O_ASYNC;
 * dup3() shares the placeholder's open file description), close-on-exec
 * (per descriptor: the dup3() flag), and the SOL_SOCKET buffer sizes and
 * timeouts.  ALG options cannot have been set: alg_setsockopt() refuses
 * them (ENOPROTOOPT) on a socket that is not bound.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>

#include "real.h"
#include "sock.h"

/* one takeover at a time, so two threads binding one fd agree on it */
static pthread_mutex_t takeover_lock = PTHREAD_MUTEX_INITIALIZER;

/* the SOL_SOCKET options copied from the kernel socket to the placeholder */
static void copy_sockopts(int from, int to)
{
	static const int timeouts[] = { SO_RCVTIMEO, SO_SNDTIMEO };
	static const int bufs[] = { SO_SNDBUF, SO_RCVBUF };
	struct timeval tv;
	socklen_t l;
	unsigned int i;
	int v;

	for (i = 0; i < 2; i++) {
		l = sizeof(v);
		/* the kernel reports twice what was set (sock_setsockopt) */
		if (!AFS_REAL(getsockopt)(from, SOL_SOCKET, bufs[i], &v, &l)) {
			v /= 2;
			AFS_REAL(setsockopt)(to, SOL_SOCKET, bufs[i], &v,
					    sizeof(v));
		}
		l = sizeof(tv);
		if (!AFS_REAL(getsockopt)(from, SOL_SOCKET, timeouts[i], &tv, &l))
			AFS_REAL(setsockopt)(to, SOL_SOCKET, timeouts[i], &tv,
					    sizeof(tv));
	}
}

/* @fd still names the socket @pin holds open (so its inode is not reused) */
static bool same_socket(int fd, int pin)
{
	struct stat a, b;

	return !fstat(fd, &a) && !fstat(pin, &b) && S_ISSOCK(a.st_mode) &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/*
 * Called by bind() in fallback mode after the kernel answered ENOENT on
 * @fd for the AF_ALG address @addr.  @ino is the inode of @fd before that
 * bind(): if another thread has meanwhile closed @fd and the number now
 * names something else, nothing is replaced.  The kernel socket is held
 * open by a descriptor of our own from the check on, so its inode cannot
 * be reused, and @fd is checked against it once more right before the
 * dup3(): a file another thread opens at the number in the few
 * instructions between that check and dup3() would still be replaced,
 * which no system call lets the shim rule out (D18).  Returns 0 when the shim now
 * serves @fd, bound to the name, or -errno: -ENOENT (the kernel's answer,
 * unchanged) whenever the shim does not serve the name either.
 */
int afs_takeover_bind(int fd, const void *addr, unsigned int len, ino_t ino)
{
	int domain, fl, fdfl, ph = -1, pin = -1, r, saved = errno;
	socklen_t l = sizeof(domain);
	struct afs_sock *s;
	struct stat st;

	s = afs_sock_alloc(AFS_KIND_TFM);
	if (!s)
		return -ENOENT;
	s->fd_type = SOCK_SEQPACKET;
	s->reason = AFS_REASON_BIND;
	/* a name the shim does not serve keeps the kernel's ENOENT */
	if (afs_bind(s, addr, len)) {
		afs_put(s);
		return -ENOENT;
	}

	pthread_mutex_lock(&takeover_lock);
	r = -ENOENT;
	if (afs_is_ours(fd)) {
		/* another thread took it over first: a second bind() */
		struct afs_sock *o = afs_get(fd);

		if (o) {
			r = afs_bind(o, addr, len);
			afs_put(o);
		}
		goto out;
	}
	pin = AFS_REAL(fcntl)(fd, F_DUPFD_CLOEXEC, 0);
	if (pin < 0 ||
	    AFS_REAL(getsockopt)(pin, SOL_SOCKET, SO_DOMAIN, &domain, &l) ||
	    domain != AF_ALG || fstat(pin, &st) || st.st_ino != ino ||
	    !same_socket(fd, pin))
		goto out;
	fl = AFS_REAL(fcntl)(fd, F_GETFL);
	fdfl = AFS_REAL(fcntl)(fd, F_GETFD);
	if (fl < 0 || fdfl < 0)
		goto out;
	ph = AFS_REAL(socket)(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (ph < 0)
		goto out;
	if (AFS_REAL(fcntl)(ph, F_SETFL, fl & (O_NONBLOCK | O_ASYNC)))
		goto out;
	copy_sockopts(fd, ph);
	/* in the table first: a call racing with dup3() already gets ours */
	if (afs_install(fd, s))
		goto out;
	if (!same_socket(fd, pin) ||
	    AFS_REAL(dup3)(ph, fd, fdfl & FD_CLOEXEC ? O_CLOEXEC : 0) < 0) {
		afs_put(afs_remove(fd));
		goto out;
	}
	r = 0;
out:
	pthread_mutex_unlock(&takeover_lock);
	if (ph >= 0)
		AFS_REAL(close)(ph);
	if (pin >= 0)
		AFS_REAL(close)(pin);
	afs_put(s);
	errno = saved;
	return r;
}
