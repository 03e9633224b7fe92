// SPDX-License-Identifier: GPL-2.0
/*
 * Native AIO (io_submit/io_getevents through syscall()) on our sockets.
 *
 * On this kernel tree AF_ALG AIO completes synchronously (skcipher was
 * forced synchronous, software AEADs finish inside io_submit), so an iocb on
 * one of our descriptors is carried out at submission, its io_event is kept
 * here per AIO context, and its eventfd (IOCB_FLAG_RESFD) is signalled.
 * iocbs on other descriptors go to the kernel; io_getevents() and
 * io_pgetevents() return ours first, then ask the kernel for the rest.
 * A context that has had one of ours loses its ring's magic, so readers of
 * the ring in user memory (libaio's zero-timeout io_getevents()) make the
 * system call too (ring_unmark()).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <linux/aio_abi.h>

#include "entry.h"

/* struct __aio_sigset of the io_pgetevents ABI (not in older uapi headers) */
struct afs_aio_sigset {
	const sigset_t *sigmask;
	size_t sigsetsize;
};

struct done {
	struct done *next;
	struct io_event ev;
};

struct actx {
	struct actx *next;
	aio_context_t id;
	struct done *head, *tail;
	unsigned int queued;
};

/*
 * The kernel's ring (struct aio_ring at the context's address, mapped in
 * our memory) holds nr events, of which nr - 1 can be outstanding
 * (ioctx_alloc(): reqs_available); ours count against the same limit.
 */
static unsigned int ring_limit(aio_context_t ctx)
{
	const unsigned int *ring = (const unsigned int *)(uintptr_t)ctx;

	return ring[1] > 1 ? ring[1] - 1 : 1;
}

/* fs/aio.c: the header word that invites userspace to read the ring */
#define AIO_RING_MAGIC 0xa10a10a1

/*
 * Make ring readers ask the kernel, which we intercept, from now on.
 * libaio's io_getevents() and io_pgetevents() with a zero timeout return 0
 * without a system call when the ring's head equals its tail, and fio's
 * userspace_reap takes events from the ring itself; both only while the
 * header's magic (the fifth word) is AIO_RING_MAGIC.  The kernel writes the
 * magic once, in aio_setup_ring(), and never reads it again (6.12 fs/aio.c:
 * lookup_ioctx() reads the id, aio_read_events_ring() head and tail,
 * io_destroy() and aio_ring_mremap() none of it), so clearing it changes
 * nothing for the kernel's own events: they are reaped through the system
 * call instead.  It is cleared before our first event on @ctx is queued, so
 * a reader that still saw the magic ran before that event existed.
 * The zero is written by read() from a pipe rather than by a store: a
 * ring the program has made read-only gives EFAULT there instead of a
 * fault, and the magic stays (DIVERGENCES.md D17, logged once per
 * process).  (process_vm_writev() would do the same without descriptors,
 * but kernels without CONFIG_CROSS_MEMORY_ATTACH, such as the guest
 * kernel here, lack it.)
 */
static atomic_bool unmark_failed;

static void ring_unmark(aio_context_t ctx)
{
	unsigned int *magic = (unsigned int *)(uintptr_t)ctx + 4;
	unsigned int zero = 0;
	bool done = false;
	int p[2];

	if (__atomic_load_n(magic, __ATOMIC_RELAXED) != AIO_RING_MAGIC)
		return;
	if (!AFS_REAL(syscall)(SYS_pipe2, p, O_CLOEXEC)) {
		done = AFS_REAL(write)(p[1], &zero, sizeof(zero)) ==
			       sizeof(zero) &&
		       AFS_REAL(read)(p[0], magic, sizeof(zero)) ==
			       sizeof(zero);
		AFS_REAL(close)(p[0]);
		AFS_REAL(close)(p[1]);
	}
	if (!done && !atomic_exchange(&unmark_failed, true))
		afs_log_divergence("D17", "AIO ring magic not writable");
}

static pthread_mutex_t aio_lock = PTHREAD_MUTEX_INITIALIZER;
static struct actx *ctxs;

static struct actx *find_ctx(aio_context_t id, bool create)
{
	struct actx *c;

	for (c = ctxs; c; c = c->next)
		if (c->id == id)
			return c;
	if (!create)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->id = id;
	c->next = ctxs;
	ctxs = c;
	return c;
}

static long do_one(struct afs_sock *s, const struct iocb *cb)
{
	struct iovec one;
	struct msghdr m;
	bool rd;

	memset(&m, 0, sizeof(m));
	switch (cb->aio_lio_opcode) {
	case IOCB_CMD_PREAD:
	case IOCB_CMD_PWRITE:
		one.iov_base = (void *)(uintptr_t)cb->aio_buf;
		one.iov_len = cb->aio_nbytes;
		m.msg_iov = &one;
		m.msg_iovlen = 1;
		break;
	case IOCB_CMD_PREADV:
	case IOCB_CMD_PWRITEV:
		if (cb->aio_nbytes > 1024)
			return -EINVAL;
		m.msg_iov = (struct iovec *)(uintptr_t)cb->aio_buf;
		m.msg_iovlen = cb->aio_nbytes;
		break;
	default:
		return -EINVAL;
	}
	rd = cb->aio_lio_opcode == IOCB_CMD_PREAD ||
	     cb->aio_lio_opcode == IOCB_CMD_PREADV;
	if (cb->aio_offset != 0)
		return -ESPIPE;		/* sock_read_iter/sock_write_iter */
	if (rd) {
		if (!afs_iov_total(m.msg_iov, m.msg_iovlen))
			return 0;
		return afs_recvmsg(s, (int)cb->aio_fildes, &m, 0);
	}
	return afs_sendmsg(s, (int)cb->aio_fildes, &m, 0);
}

/*
 * The checks __io_submit_one() makes before the operation runs, in its
 * order: reserved fields, then the eventfd (EBADF: not open, EINVAL: not an
 * eventfd), then the opcode.
 */
static int check_iocb(const struct iocb *cb)
{
	char link[64], path[32];
	ssize_t n;

	if (cb->aio_reserved2)
		return -EINVAL;
	if (cb->aio_flags & IOCB_FLAG_RESFD) {
		if (AFS_REAL(fcntl)((int)cb->aio_resfd, F_GETFD) < 0)
			return -EBADF;
		snprintf(path, sizeof(path), "/proc/self/fd/%u", cb->aio_resfd);
		n = readlink(path, link, sizeof(link) - 1);
		if (n < 0)
			return -EBADF;
		link[n] = 0;
		if (strcmp(link, "anon_inode:[eventfd]"))
			return -EINVAL;
	}
	switch (cb->aio_lio_opcode) {
	case IOCB_CMD_PREAD:
	case IOCB_CMD_PREADV:
	case IOCB_CMD_PWRITE:
	case IOCB_CMD_PWRITEV:
		return 0;
	default:
		return -EINVAL;
	}
}

/*
 * Queue @d on context @ctx, creating the context's list on first use;
 * with @d NULL only make sure the list exists.  -EAGAIN (aio_get_req())
 * without memory.
 */
static int enqueue(aio_context_t ctx, struct done *d)
{
	struct actx *c;

	pthread_mutex_lock(&aio_lock);
	c = find_ctx(ctx, true);
	if (c && !d && c->queued >= ring_limit(ctx)) {
		pthread_mutex_unlock(&aio_lock);
		return -EAGAIN;		/* aio_get_req(): the ring is full */
	}
	if (c && d) {
		c->queued++;
		if (c->tail)
			c->tail->next = d;
		else
			c->head = d;
		c->tail = d;
	}
	pthread_mutex_unlock(&aio_lock);
	return c ? 0 : -EAGAIN;
}

long afs_aio_submit(aio_context_t ctx, long nr, struct iocb **v)
{
	long i = 0, j, r;
	struct afs_sock *s;
	struct done *d;
	uint64_t one = 1;
	int saved = errno, err;

	if (nr < 0) {
		errno = EINVAL;
		return -1;
	}
	/* validates the context like lookup_ioctx() */
	if (AFS_REAL(syscall)(SYS_io_submit, ctx, 0L, NULL) < 0)
		return -1;
	while (i < nr) {
		s = afs_get((int)v[i]->aio_fildes);
		if (!s) {
			for (j = i; j < nr && !afs_is_ours((int)v[j]->aio_fildes);
			     j++)
				;
			r = AFS_REAL(syscall)(SYS_io_submit, ctx, j - i, v + i);
			if (r < 0)
				return i ? i : -1;
			if (r < j - i) {
				i += r;
				break;
			}
			i += r;
			continue;
		}
		err = check_iocb(v[i]);
		d = NULL;
		if (!err) {
			ring_unmark(ctx);
			/* the event slot first: a completion is never lost */
			d = malloc(sizeof(*d));
			err = d ? enqueue(ctx, NULL) : -EAGAIN;
		}
		if (err) {
			free(d);
			afs_put(s);
			if (i)
				break;
			errno = -err;
			return -1;
		}
		d->next = NULL;
		d->ev.data = v[i]->aio_data;
		d->ev.obj = (uint64_t)(uintptr_t)v[i];
		d->ev.res = do_one(s, v[i]);
		d->ev.res2 = 0;
		afs_put(s);
		enqueue(ctx, d);	/* the context exists: cannot fail */
		if (v[i]->aio_flags & IOCB_FLAG_RESFD)
			(void)!AFS_REAL(write)((int)v[i]->aio_resfd, &one,
					      sizeof(one));
		i++;
	}
	errno = saved;
	return i;
}

/* take up to @nr of our completed events of @ctx */
static long take_ours(aio_context_t ctx, long nr, struct io_event *ev)
{
	struct actx *c;
	struct done *d;
	long k = 0;

	pthread_mutex_lock(&aio_lock);
	c = find_ctx(ctx, false);
	while (c && c->head && k < nr) {
		d = c->head;
		c->head = d->next;
		if (!c->head)
			c->tail = NULL;
		c->queued--;
		ev[k++] = d->ev;
		free(d);
	}
	pthread_mutex_unlock(&aio_lock);
	return k;
}

/*
 * The kernel's io_getevents, or io_pgetevents with @mask as the signal
 * mask for the wait (the kernel's sigset is _NSIG / 8 = 8 bytes).
 */
static long real_getevents(aio_context_t ctx, long min_nr, long nr,
			   struct io_event *ev, struct timespec *ts,
			   const sigset_t *mask)
{
	struct afs_aio_sigset sig = { .sigmask = mask, .sigsetsize = 8 };

	if (!mask)
		return AFS_REAL(syscall)(SYS_io_getevents, ctx, min_nr, nr, ev,
					ts);
	return AFS_REAL(syscall)(SYS_io_pgetevents, ctx, min_nr, nr, ev, ts,
				&sig);
}

/*
 * Ours first, then the kernel's.  With none of ours ready the kernel wait
 * is cut into slices and ours re-checked after each, so an event another
 * thread submits on one of our sockets wakes this reaper (within 64 ms).
 * @mask (io_pgetevents) is the signal mask of every kernel wait.
 */
static long getevents(aio_context_t ctx, long min_nr, long nr,
		      struct io_event *ev, struct timespec *ts,
		      const sigset_t *mask)
{
	struct timespec zero = { 0, 0 }, st;
	int64_t deadline;
	long k, r;
	int saved = errno, slice = 1, ms;

	if (min_nr > nr || min_nr < 0 || nr < 0) {
		errno = EINVAL;
		return -1;
	}
	deadline = afs_deadline_of(ts, -1);
	for (;;) {
		k = take_ours(ctx, nr, ev);
		if (k == nr && k)
			return k;
		if (k || !min_nr) {
			r = real_getevents(ctx, min_nr > k ? min_nr - k : 0,
					   nr - k, ev + k, k ? &zero : ts,
					   mask);
			break;
		}
		ms = afs_next_slice(deadline, &slice);
		st.tv_sec = ms / 1000;
		st.tv_nsec = (long)(ms % 1000) * 1000000;
		r = real_getevents(ctx, min_nr, nr, ev, &st, mask);
		if (r != 0 || !ms)
			break;
	}
	if (r < 0) {
		if (k) {
			errno = saved;
			return k;
		}
		return -1;
	}
	return k + r;
}

long afs_aio_getevents(aio_context_t ctx, long min_nr, long nr,
		       struct io_event *ev, struct timespec *ts)
{
	return getevents(ctx, min_nr, nr, ev, ts, NULL);
}

/*
 * io_pgetevents(): io_getevents with @usig's mask in place for the wait
 * (set_user_sigmask(): a mask whose size is not the kernel's is EINVAL,
 * before the context is looked up; no mask keeps the thread's).  Between
 * the slices of the wait every signal is blocked here, so one that
 * arrives then stays pending and interrupts the next slice (EINTR, as in
 * the kernel) instead of running its handler while the call goes on.
 */
long afs_aio_pgetevents(aio_context_t ctx, long min_nr, long nr,
			struct io_event *ev, struct timespec *ts,
			const struct afs_aio_sigset *usig)
{
	sigset_t all, old, wait;
	long r;
	int e;

	if (usig && usig->sigmask && usig->sigsetsize != 8) {
		errno = EINVAL;
		return -1;
	}
	sigfillset(&all);
	if (pthread_sigmask(SIG_SETMASK, &all, &old))
		return AFS_REAL(syscall)(SYS_io_pgetevents, ctx, min_nr, nr, ev,
					ts, usig);
	wait = old;
	if (usig && usig->sigmask)
		memcpy(&wait, usig->sigmask, 8);
	r = getevents(ctx, min_nr, nr, ev, ts, &wait);
	e = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return r;
}

long afs_aio_destroy(aio_context_t ctx)
{
	struct actx **pp, *c;
	struct done *d;

	pthread_mutex_lock(&aio_lock);
	for (pp = &ctxs; (c = *pp); pp = &c->next)
		if (c->id == ctx) {
			*pp = c->next;
			while ((d = c->head)) {
				c->head = d->next;
				free(d);
			}
			free(c);
			break;
		}
	pthread_mutex_unlock(&aio_lock);
	return AFS_REAL(syscall)(SYS_io_destroy, ctx);
}
