// SPDX-License-Identifier: GPL-2.0
/*
 * The interposed waits: poll, ppoll, select, pselect (and their
 * _FORTIFY_SOURCE forms), and epoll_ctl() only to log D4.  Our sockets' readiness comes from their state,
 * re-checked in slices while the real call waits on the others, so
 * readiness gained during the wait is reported (afalg-behaviour.md and
 * DIVERGENCES.md D4).  How every entry point works is in entry.h.
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "entry.h"

/* ------------------------------------------------------------------ */
/* epoll                                                               */

/*
 * An epoll instance watches the stand-in socket, whose readiness is not
 * the AF_ALG socket's, and cannot be emulated without wrapping every
 * epoll instance (DIVERGENCES.md D4).  So that the divergence is seen
 * where it happens, the first registration of one of our sockets in a
 * process is logged; the call itself goes to the kernel unchanged.
 */
static atomic_bool epoll_logged;

EXPORT int epoll_ctl(int epfd, int op, int fd, struct epoll_event *ev)
{
	INIT();
	if ((op == EPOLL_CTL_ADD || op == EPOLL_CTL_MOD) && afs_is_ours(fd) &&
	    !atomic_exchange(&epoll_logged, true))
		afs_log_divergence("D4", "epoll_ctl() on an AF_ALG socket");
	return AFS_REAL(epoll_ctl)(epfd, op, fd, ev);
}
/* ------------------------------------------------------------------ */
/* poll / select                                                       */

/*
 * The kernel wakes a poller when a socket's state changes; the shim's
 * sockets have no wait queue a real poll() could sleep on.  So a poll or
 * select that has to wait while one of ours is not ready sleeps in the
 * real call in slices (1 ms, doubling up to 64 ms) and re-checks our
 * sockets after each: readiness gained while waiting is reported at the
 * latest one slice later (the kernel: at once), and the call returns at
 * its deadline with the state as it is then.
 */
/* our entries' revents from their state now; returns how many are set */
static int poll_ours(struct pollfd *fds, struct pollfd *v, nfds_t n)
{
	struct afs_sock *s;
	int ready = 0, m;
	nfds_t i;

	for (i = 0; i < n; i++) {
		if (v[i].fd >= 0 || fds[i].fd < 0)
			continue;
		s = afs_get(fds[i].fd);
		m = s ? afs_poll_mask(s) : POLLNVAL;
		if (s)
			afs_put(s);
		fds[i].revents = (short)(m & (fds[i].events | POLLERR |
					     POLLHUP | POLLNVAL));
		if (fds[i].revents)
			ready++;
	}
	return ready;
}

static int poll_common(struct pollfd *fds, nfds_t n, const struct timespec *ts,
		       const sigset_t *mask, int timeout, bool isp)
{
	struct pollfd stackv[64], *v = stackv;
	struct timespec slice_ts;
	int64_t deadline;
	nfds_t i;
	int ours = 0, ready, r, slice = 1, ms;

	for (i = 0; i < n; i++)
		if (afs_is_ours(fds[i].fd))
			ours++;
	if (!ours)
		return isp ? AFS_REAL(ppoll)(fds, n, ts, mask) :
			     AFS_REAL(poll)(fds, n, timeout);
	if (n > 64) {
		v = malloc(n * sizeof(*v));
		if (!v)
			return (int)afs_ret(-ENOMEM);
	}
	memcpy(v, fds, n * sizeof(*v));
	for (i = 0; i < n; i++)
		if (afs_is_ours(fds[i].fd))
			v[i].fd = -1;	/* the kernel ignores negative fds */
	deadline = afs_deadline_of(ts, timeout);
	for (;;) {
		ready = poll_ours(fds, v, n);
		ms = ready ? 0 : afs_next_slice(deadline, &slice);
		slice_ts.tv_sec = ms / 1000;
		slice_ts.tv_nsec = (long)(ms % 1000) * 1000000;
		r = isp ? AFS_REAL(ppoll)(v, n, &slice_ts, mask) :
			  AFS_REAL(poll)(v, n, ms);
		if (r < 0 || r > 0 || ready || !ms)
			break;
	}
	if (r >= 0) {
		if (!ready && ms)	/* woken by another descriptor */
			ready = poll_ours(fds, v, n);
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

/* select's sets of our descriptors, from their state now */
static int select_ours(int nfds, const fd_set *want[3], fd_set got[3])
{
	static const int ev[3] = {
		POLLIN | POLLRDNORM | POLLHUP | POLLERR,
		POLLOUT | POLLWRNORM | POLLERR,
		POLLPRI,
	};
	struct afs_sock *s;
	int fd, m, k, ready = 0;

	for (k = 0; k < 3; k++)
		FD_ZERO(&got[k]);
	for (fd = 0; fd < nfds; fd++) {
		if (!((want[0] && FD_ISSET(fd, want[0])) ||
		      (want[1] && FD_ISSET(fd, want[1])) ||
		      (want[2] && FD_ISSET(fd, want[2]))))
			continue;
		s = afs_get(fd);
		if (!s)
			continue;
		m = afs_poll_mask(s);
		afs_put(s);
		for (k = 0; k < 3; k++)
			if (want[k] && FD_ISSET(fd, want[k]) && (m & ev[k])) {
				FD_SET(fd, &got[k]);
				ready++;
			}
	}
	return ready;
}

static int select_common(int nfds, fd_set *r, fd_set *w, fd_set *e,
			 struct timeval *tv, const struct timespec *ts,
			 const sigset_t *mask, bool isp)
{
	fd_set *user[3] = { r, w, e }, ours[3], rest[3], got[3], work[3];
	const fd_set *want[3];
	int fd, k, ready = 0, res, hi = afs_max_fd(), slice = 1, ms, top;
	struct timespec slice_ts, tts;
	struct timeval slice_tv;
	int64_t deadline;
	bool any = false;

	top = nfds < FD_SETSIZE ? nfds : FD_SETSIZE;
	if (hi >= 0 && top > hi + 1)
		top = hi + 1;
	for (k = 0; k < 3; k++) {
		FD_ZERO(&ours[k]);
		if (user[k])
			rest[k] = *user[k];
		want[k] = user[k] ? &ours[k] : NULL;
	}
	for (fd = 0; hi >= 0 && fd < top; fd++) {
		if (!afs_is_ours(fd))
			continue;
		for (k = 0; k < 3; k++)
			if (user[k] && FD_ISSET(fd, user[k])) {
				FD_SET(fd, &ours[k]);
				FD_CLR(fd, &rest[k]);
				any = true;
			}
	}
	if (!any)
		return isp ? AFS_REAL(pselect)(nfds, r, w, e, ts, mask) :
			     AFS_REAL(select)(nfds, r, w, e, tv);
	if (tv) {
		tts.tv_sec = tv->tv_sec;
		tts.tv_nsec = tv->tv_usec * 1000;
	}
	deadline = afs_deadline_of(ts ? ts : tv ? &tts : NULL, -1);
	for (;;) {
		ready = select_ours(top, want, got);
		ms = ready ? 0 : afs_next_slice(deadline, &slice);
		for (k = 0; k < 3; k++)
			if (user[k])
				work[k] = rest[k];
		slice_ts.tv_sec = ms / 1000;
		slice_ts.tv_nsec = (long)(ms % 1000) * 1000000;
		slice_tv.tv_sec = ms / 1000;
		slice_tv.tv_usec = (ms % 1000) * 1000;
		res = isp ? AFS_REAL(pselect)(nfds, r ? &work[0] : NULL,
					     w ? &work[1] : NULL,
					     e ? &work[2] : NULL, &slice_ts, mask) :
			    AFS_REAL(select)(nfds, r ? &work[0] : NULL,
					    w ? &work[1] : NULL,
					    e ? &work[2] : NULL, &slice_tv);
		if (res != 0 || ready || !ms)
			break;
	}
	if (res < 0)
		return res;
	if (!ready && ms)
		ready = select_ours(top, want, got);
	for (k = 0; k < 3; k++) {
		if (!user[k])
			continue;
		*user[k] = work[k];
		for (fd = 0; fd < top; fd++)
			if (FD_ISSET(fd, &got[k]))
				FD_SET(fd, user[k]);
	}
	if (tv) {
		/* Linux select() leaves the time not slept in *tv */
		int64_t left = deadline - afs_now_ms();

		if (left < 0)
			left = 0;
		tv->tv_sec = left / 1000;
		tv->tv_usec = (left % 1000) * 1000;
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
