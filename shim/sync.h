/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lock and sleep layer (sync.c), under everything that locks or
 * sleeps: every lock of the shim is counted (afs_locks_held_here()), and
 * every sleep is a futex wait, private or shared, so signals give EINTR or
 * a restart as in the kernel.
 */
#ifndef AFALG_SHIM_SYNC_H
#define AFALG_SHIM_SYNC_H

#include <pthread.h>
#include <stdatomic.h>

#include "base.h"

struct timespec;

/*
 * What a sleeper waits on: @seq changes on every wake-up (a futex word),
 * @waiters lets a waker skip the system call when nobody sleeps.
 */
struct afs_waitq {
	atomic_uint seq;
	atomic_int waiters;
};

/*
 * A socket's lock_sock() and wait queue: &lock and &wq_private while the
 * socket is private to this process, a shared region's robust lock and
 * futex word once it is shared (share.c).  afs_sklock_lock() follows a
 * switch.
 */
struct afs_sklock {
	_Atomic(pthread_mutex_t *) mtx;
	pthread_mutex_t lock;
	struct afs_waitq *wq;		/* &wq_private, or the region's */
	struct afs_waitq wq_private;
	int futex_flags;		/* FUTEX_PRIVATE_FLAG while private */
};

/* a robust lock whose owner died is taken in the state it was left */
AFS_HIDDEN void afs_mutex_lock(pthread_mutex_t *m);
AFS_HIDDEN void afs_mutex_unlock(pthread_mutex_t *m);
/* this thread holds a lock of the shim (a signal handler interrupted it) */
AFS_HIDDEN bool afs_locks_held_here(void);
/*
 * A signal handler that found afs_locks_held_here(): @fn runs when this
 * thread's interrupted code releases its last lock of the shim (the last
 * call wins).
 */
AFS_HIDDEN void afs_when_unlocked(void (*fn)(void));

/* private: the socket's own lock and wait queue */
AFS_HIDDEN void afs_sklock_init(struct afs_sklock *l);
AFS_HIDDEN void afs_sklock_lock(struct afs_sklock *l);
AFS_HIDDEN void afs_sklock_unlock(struct afs_sklock *l);
/* held by another holder for longer than a short wait (non-blocking calls) */
AFS_HIDDEN bool afs_sklock_busy(struct afs_sklock *l);
/*
 * Sleep until the next afs_sklock_wake(), with the lock dropped: called
 * and returns with it held; 0, or -EINTR on a signal whose handler lacks
 * SA_RESTART, as the kernel's sk_wait_event().
 */
AFS_HIDDEN int afs_sklock_wait(struct afs_sklock *l);
AFS_HIDDEN void afs_sklock_wake(struct afs_sklock *l);
/* wake every sleeper of @wq (futex flags @flags); caller holds its lock */
AFS_HIDDEN void afs_waitq_wake(struct afs_waitq *wq, int flags);

/*
 * Waiting for a state change of ours, which no kernel wait queue
 * announces: sleep in slices (1 ms doubling to 64 ms) and re-check.
 * afs_deadline_of(): the CLOCK_MONOTONIC ms of a timeout (@ts, else
 * @timeout ms; -1: none); afs_next_slice(): the next slice, 0 at the
 * deadline.
 */
AFS_HIDDEN int64_t afs_now_ms(void);
AFS_HIDDEN int64_t afs_deadline_of(const struct timespec *ts, int timeout);
AFS_HIDDEN int afs_next_slice(int64_t deadline, int *slice);

#endif /* AFALG_SHIM_SYNC_H */
