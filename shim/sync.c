// SPDX-License-Identifier: GPL-2.0
/*
 * Locks and sleeps, under every other layer of the shim but the base.
 *
 * Every lock of a socket is taken with afs_sklock_lock() (sock.h's
 * afs_lock()), which follows the switch to a shared region's lock
 * (share.c), and every lock of the shim is counted, so that fork() from
 * a signal handler that interrupted one does not wait for it
 * (afs_locks_held_here()).
 *
 * Sleeps, private or shared, are futex waits: a signal whose handler was
 * installed without SA_RESTART ends them with EINTR, with SA_RESTART the
 * kernel restarts the wait, as sk_wait_event() does for a kernel socket.
 * What no wait queue announces (poll, the AIO reaping) is waited for in
 * slices (afs_next_slice()).
 */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "real.h"
#include "sync.h"

/*
 * How many of the shim's socket locks this thread holds: fork() from a
 * signal handler that interrupted one of them must not wait for it in the
 * atfork handler (fork.c), as the interrupted code cannot go on until
 * the handler returns.
 */
static __thread int locks_held
	__attribute__((tls_model("initial-exec")));

bool afs_locks_held_here(void)
{
	return locks_held != 0;
}

/* what afs_when_unlocked() put off, run when this thread's count is 0 */
static __thread void (*when_unlocked)(void)
	__attribute__((tls_model("initial-exec")));

void afs_when_unlocked(void (*fn)(void))
{
	when_unlocked = fn;
}

/*
 * The count covers the lock from before it is taken until after it is
 * released, so a handler that runs in between never misses it (and at
 * worst sees a lock not held yet, or no longer, and shares nothing).
 */
void afs_mutex_lock(pthread_mutex_t *m)
{
	locks_held++;
	atomic_signal_fence(memory_order_seq_cst);
	/* a robust lock whose owner died: take the state as it was left */
	if (pthread_mutex_lock(m) == EOWNERDEAD)
		pthread_mutex_consistent(m);
}

void afs_mutex_unlock(pthread_mutex_t *m)
{
	void (*fn)(void);
	int saved;

	pthread_mutex_unlock(m);
	atomic_signal_fence(memory_order_seq_cst);
	if (--locks_held || __builtin_expect(!when_unlocked, 1))
		return;
	fn = when_unlocked;
	when_unlocked = NULL;
	/* the caller may have set errno for its own return already */
	saved = errno;
	fn();
	errno = saved;
}

void afs_sklock_init(struct afs_sklock *l)
{
	pthread_mutex_init(&l->lock, NULL);
	atomic_init(&l->mtx, &l->lock);
	l->wq = &l->wq_private;
	l->futex_flags = FUTEX_PRIVATE_FLAG;
}

void afs_sklock_lock(struct afs_sklock *l)
{
	pthread_mutex_t *m;

	for (;;) {
		m = atomic_load_explicit(&l->mtx, memory_order_acquire);
		afs_mutex_lock(m);
		/* shared meanwhile: the holder of the old lock moved it */
		if (__builtin_expect(atomic_load_explicit(
				&l->mtx, memory_order_relaxed) == m, 1))
			return;
		afs_mutex_unlock(m);
	}
}

/*
 * A non-blocking call on a shared socket: whether its lock @l stays held by
 * another holder for longer than AFS_BUSY_MS.  The kernel never holds a
 * socket lock across a return to user space, so its lock_sock() waits only
 * for another call to finish; here a holder can be stopped in the middle
 * of one.  The lock is not kept: the call takes it again as usual.
 */
#define AFS_BUSY_MS 20

bool afs_sklock_busy(struct afs_sklock *l)
{
	pthread_mutex_t *m = atomic_load_explicit(&l->mtx,
						  memory_order_acquire);
	struct timespec until;
	int r;

	r = pthread_mutex_trylock(m);
	if (r == EBUSY) {
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += AFS_BUSY_MS * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		r = pthread_mutex_timedlock(m, &until);
	}
	if (r == EOWNERDEAD) {
		pthread_mutex_consistent(m);
		r = 0;
	}
	if (r)
		return true;
	pthread_mutex_unlock(m);
	return false;
}

void afs_sklock_unlock(struct afs_sklock *l)
{
	/* the key or state the call used may be left in them (wipe.c) */
	afs_wipe_vregs();
	afs_mutex_unlock(atomic_load_explicit(&l->mtx, memory_order_relaxed));
}

/*
 * Called with the lock held, as every sleeper counts itself in @waiters
 * with the lock held: no sleeper, no store and no system call (the
 * common single-threaded case).
 */
void afs_waitq_wake(struct afs_waitq *wq, int flags)
{
	if (!atomic_load_explicit(&wq->waiters, memory_order_relaxed))
		return;
	atomic_fetch_add_explicit(&wq->seq, 1, memory_order_release);
	AFS_REAL(syscall)(SYS_futex, &wq->seq, FUTEX_WAKE | flags, INT_MAX,
			 NULL, NULL, 0);
}

/* Caller holds the lock. */
void afs_sklock_wake(struct afs_sklock *l)
{
	afs_waitq_wake(l->wq, l->futex_flags);
}

/*
 * Sleep until the next afs_wake(): called and returns with the lock held.
 * 0, or -EINTR when a signal handler without SA_RESTART ran.
 */
int afs_sklock_wait(struct afs_sklock *l)
{
	struct afs_waitq *wq = l->wq;
	int flags = l->futex_flags, err = 0;
	unsigned int seq;
	long r;

	seq = atomic_load_explicit(&wq->seq, memory_order_acquire);
	atomic_fetch_add(&wq->waiters, 1);
	afs_sklock_unlock(l);
	r = AFS_REAL(syscall)(SYS_futex, &wq->seq, FUTEX_WAIT | flags, seq,
			     NULL, NULL, 0);
	if (r < 0 && errno == EINTR)
		err = -EINTR;
	atomic_fetch_sub(&wq->waiters, 1);
	afs_sklock_lock(l);
	return err;
}

/* ------------------------------------------------------------------ */
/* Wait slices                                                         */

#define WAIT_SLICE_MAX_MS 64

int64_t afs_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* the milliseconds of the next slice; 0 at the deadline (-1: none) */
int afs_next_slice(int64_t deadline, int *slice)
{
	int64_t left;
	int r = *slice;

	if (*slice < WAIT_SLICE_MAX_MS)
		*slice *= 2;
	if (deadline < 0)
		return r;
	left = deadline - afs_now_ms();
	if (left <= 0)
		return 0;
	return left < r ? (int)left : r;
}

int64_t afs_deadline_of(const struct timespec *ts, int timeout)
{
	if (ts)
		return afs_now_ms() + ts->tv_sec * 1000 +
		       (ts->tv_nsec + 999999) / 1000000;
	return timeout < 0 ? -1 : afs_now_ms() + timeout;
}

