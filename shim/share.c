// SPDX-License-Identifier: GPL-2.0
/*
 * One socket across processes, and the sleeps of every socket.
 *
 * In the kernel a descriptor that fork() copies still names the one
 * socket: what either process sends, the other receives; IV, hash state
 * and queued data are one.  The shim keeps a socket's state in private
 * memory, which is the fast path for the programs that never fork with a
 * socket open, until fork() copies the descriptor table (the atfork
 * prepare handler, startup.c).  Then every socket of the table (and the
 * tfm socket behind every op socket) moves into a region of its own:
 *
 *   mmap(MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE), inherited by the
 *   child at the same address, so the pointers inside (the op state's
 *   buffers, the adapters' contexts) stay valid in both processes;
 *   a robust process-shared mutex, the socket's lock from then on;
 *   a futex word sleepers wait on (afs_wait()), woken across processes;
 *   the ids of the processes that hold it: the last one to let go of the
 *   socket releases it as the kernel does at the last close (the tfm's
 *   child count, the state), the others only unmap.  A holder that died
 *   without closing (exit, a crash) no longer counts; one that replaced
 *   itself with execve() still does, as the kernel's socket lives on in
 *   the new program when the descriptor was not close-on-exec.
 *
 * A process that dies holding the lock leaves it to the next taker
 * (EOWNERDEAD, the state as the dead one left it); one that dies while
 * others sleep leaves them sleeping exactly where the kernel would (the
 * socket is still open in the sleepers' process); one that dies while its
 * send waits for room leaves no concurrent-send EBUSY behind (txq.c).
 *
 * Sleeps, private or shared, are futex waits: a signal whose handler was
 * installed without SA_RESTART ends them with EINTR, with SA_RESTART the
 * kernel restarts the wait, as sk_wait_event() does for a kernel socket.
 */
#include <errno.h>
#include <signal.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "real.h"

#define AFS_HOLDERS 126

struct afs_shared {
	pthread_mutex_t lock;
	struct afs_waitq wq;
	size_t size;			/* of the mapping */
	int nholders;			/* under @lock */
	bool overflow;			/* more holders than fit: never last */
	bool nokey;			/* op socket: afs_sock.nokey, shared */
	pid_t holders[AFS_HOLDERS];
	_Alignas(64) unsigned char data[];
};

/* ------------------------------------------------------------------ */
/* Locks and sleeps                                                    */

/*
 * How many of the shim's socket locks this thread holds: fork() from a
 * signal handler that interrupted one of them must not wait for it in the
 * atfork handler (startup.c), as the interrupted code cannot go on until
 * the handler returns.
 */
static __thread int locks_held
	__attribute__((tls_model("initial-exec")));

bool afs_locks_held_here(void)
{
	return locks_held != 0;
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
	pthread_mutex_unlock(m);
	atomic_signal_fence(memory_order_seq_cst);
	locks_held--;
}

void afs_lock(struct afs_sock *s)
{
	pthread_mutex_t *m;

	for (;;) {
		m = atomic_load_explicit(&s->mtx, memory_order_acquire);
		afs_mutex_lock(m);
		/* shared meanwhile: the holder of the old lock moved it */
		if (__builtin_expect(atomic_load_explicit(
				&s->mtx, memory_order_relaxed) == m, 1))
			return;
		afs_mutex_unlock(m);
	}
}

/*
 * A non-blocking call on shared socket @s: whether its lock stays held by
 * another holder for longer than AFS_BUSY_MS.  The kernel never holds a
 * socket lock across a return to user space, so its lock_sock() waits only
 * for another call to finish; here a holder can be stopped in the middle
 * of one.  The lock is not kept: the call takes it again as usual.
 */
#define AFS_BUSY_MS 20

bool afs_share_busy(struct afs_sock *s)
{
	pthread_mutex_t *m = atomic_load_explicit(&s->mtx,
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

void afs_unlock(struct afs_sock *s)
{
	afs_mutex_unlock(atomic_load_explicit(&s->mtx, memory_order_relaxed));
}

/*
 * Called with the lock held, as every sleeper counts itself in @waiters
 * with the lock held: no sleeper, no store and no system call (the
 * common single-threaded case).
 */
static void wake_queue(struct afs_waitq *wq, int flags)
{
	if (!atomic_load_explicit(&wq->waiters, memory_order_relaxed))
		return;
	atomic_fetch_add_explicit(&wq->seq, 1, memory_order_release);
	AFS_REAL(syscall)(SYS_futex, &wq->seq, FUTEX_WAKE | flags, INT_MAX,
			 NULL, NULL, 0);
}

/* Caller holds the lock. */
void afs_wake(struct afs_sock *s)
{
	wake_queue(s->wq, s->futex_flags);
}

/*
 * Sleep until the next afs_wake(): called and returns with the lock held.
 * 0, or -EINTR when a signal handler without SA_RESTART ran.
 */
int afs_wait(struct afs_sock *s)
{
	struct afs_waitq *wq = s->wq;
	int flags = s->futex_flags, err = 0;
	unsigned int seq;
	long r;

	seq = atomic_load_explicit(&wq->seq, memory_order_acquire);
	atomic_fetch_add(&wq->waiters, 1);
	afs_unlock(s);
	r = AFS_REAL(syscall)(SYS_futex, &wq->seq, FUTEX_WAIT | flags, seq,
			     NULL, NULL, 0);
	if (r < 0 && errno == EINTR)
		err = -EINTR;
	atomic_fetch_sub(&wq->waiters, 1);
	afs_lock(s);
	return err;
}

/* ------------------------------------------------------------------ */
/* Moving a socket into a shared region                                */

/*
 * Whether op socket @s is still a nokey child: one flag for every process
 * once shared (s->nokey is then this process's hint, true until the
 * locked check reads the shared flag).  Caller holds the lock.
 */
bool *afs_nokey_slot(struct afs_sock *s)
{
	return s->sh ? &s->sh->nokey : &s->nokey;
}

/*
 * The regions this process maps, for the count a fork adds.  The size is
 * this process's own record: another holder can write the region, so
 * nothing in it decides what munmap() unmaps (docs/security.md).
 */
struct region_ref {
	struct afs_shared *sh;
	size_t size;
	struct region_ref *next;
};
static struct region_ref *regions;	/* under the table lock */
static pthread_mutex_t regions_lock = PTHREAD_MUTEX_INITIALIZER;

static void shared_mutex_init(pthread_mutex_t *m)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(m, &a);
	pthread_mutexattr_destroy(&a);
}

static struct afs_shared *region_new(size_t payload)
{
	size_t size = sizeof(struct afs_shared) + payload;
	struct afs_shared *sh;
	struct region_ref *r = malloc(sizeof(*r));

	if (!r)
		return NULL;
	size = (size + AFS_PAGE_SIZE - 1) & ~(size_t)(AFS_PAGE_SIZE - 1);
	sh = mmap(NULL, size, PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (sh == MAP_FAILED) {
		free(r);
		return NULL;
	}
	shared_mutex_init(&sh->lock);
	sh->size = size;
	sh->nholders = 1;
	sh->holders[0] = getpid();
	r->sh = sh;
	r->size = size;
	pthread_mutex_lock(&regions_lock);
	r->next = regions;
	regions = r;
	pthread_mutex_unlock(&regions_lock);
	return sh;
}

/* The tfm of a bound tfm socket, key and DRBG included. */
static int share_tfm(struct afs_sock *s, struct afs_shared *sh)
{
	struct afs_tfm *old = s->tfm, *t;
	size_t ctx_off = (sizeof(*t) + 63) & ~(size_t)63;

	if (!old)
		return 0;
	t = (struct afs_tfm *)sh->data;
	/* a DRBG generating meanwhile: copy the state it leaves */
	afs_mutex_lock(&old->rng_lock);
	memcpy(t, old, sizeof(*t));
	t->in_shared = true;
	t->rawkey = NULL;	/* the private copy's, freed with it */
	t->rawkeylen = 0;
	t->ctx = old->ctx ? (unsigned char *)t + ctx_off : NULL;
	if (old->ctx)
		memcpy(t->ctx, old->ctx, old->alg->tfm_size);
	shared_mutex_init(&t->rng_lock);
	/*
	 * An open hash request may point into the old key context (cmac
	 * keeps a pointer to its key): the old copy stays, unchanged, until
	 * the socket is released (no key can be set while children exist).
	 */
	s->tfm_moved = old;
	s->tfm = t;
	afs_mutex_unlock(&old->rng_lock);
	return 0;
}

static size_t payload_of(struct afs_sock *s)
{
	switch (s->kind) {
	case AFS_KIND_TFM:
		return s->tfm ? ((sizeof(struct afs_tfm) + 63) & ~(size_t)63) +
			s->tfm->alg->tfm_size : 0;
	case AFS_KIND_OP:
		return s->ops->share_size ? s->ops->share_size(s) : 0;
	default:
		return 0;
	}
}

/*
 * Move @s into a shared region of its own; a socket already shared, and a
 * NETLINK_CRYPTO socket (each process keeps its own replies), stay as
 * they are.  Caller holds the table lock.
 */
static int share_one(struct afs_sock *s)
{
	struct afs_shared *sh;
	struct afs_waitq *old_wq;
	size_t payload;
	int old_flags;

	if (s->sh || s->kind == AFS_KIND_NETLINK || s->kind == AFS_KIND_REMOTE)
		return 0;
	if (s->kind == AFS_KIND_OP && s->parent) {
		int err = share_one(s->parent);

		if (err)
			return err;
	}
	afs_lock(s);
	payload = payload_of(s);
	sh = region_new(payload);
	if (!sh) {
		afs_unlock(s);
		return -ENOMEM;
	}
	if (s->kind == AFS_KIND_TFM) {
		share_tfm(s, sh);
	} else {
		sh->nokey = s->nokey;
		if (s->ops->share_move)
			s->ops->share_move(s, sh->data, payload);
	}
	s->sh = sh;
	old_wq = s->wq;
	old_flags = s->futex_flags;
	s->wq = &sh->wq;
	s->futex_flags = 0;
	atomic_store_explicit(&s->mtx, &sh->lock, memory_order_release);
	/* sleepers on the private word come back and find the region */
	wake_queue(old_wq, old_flags);
	afs_mutex_unlock(&s->lock);
	return 0;
}

/*
 * fork() is about to copy the descriptor table (caller holds the table
 * lock): every socket in it becomes shared.  A socket that cannot be
 * (no memory for the region) stays private: the child then continues
 * with a copy, as D1 in DIVERGENCES.md says, and the log records it.
 */
void afs_share_all_locked(void)
{
	int fd, m = afs_max_fd();
	struct afs_sock *s;

	for (fd = 0; fd <= m; fd++) {
		s = afs_peek_locked(fd);
		if (s && share_one(s))
			afs_log_divergence("D1", "fork: no memory to share");
	}
}

/* In the child: one more process holds every region this one maps. */
void afs_share_atfork_child(void)
{
	struct region_ref *r;
	pid_t me = getpid();
	int n;

	pthread_mutex_init(&regions_lock, NULL);
	for (r = regions; r; r = r->next) {
		afs_mutex_lock(&r->sh->lock);
		n = r->sh->nholders;
		if (n >= 0 && n < AFS_HOLDERS)
			r->sh->holders[r->sh->nholders++] = me;
		else
			r->sh->overflow = true;
		afs_mutex_unlock(&r->sh->lock);
	}
}

/*
 * This process lets go of shared socket @s (its last reference here):
 * true when no other live process holds it, and the caller then releases
 * the socket's state as the kernel's last close would.
 */
bool afs_share_release(struct afs_sock *s)
{
	struct afs_shared *sh = s->sh;
	pid_t me = getpid();
	bool last;
	int i;

	if (!sh)
		return true;
	afs_mutex_lock(&sh->lock);
	/* a count out of range was not written by a shim: never the last */
	if (sh->nholders < 0 || sh->nholders > AFS_HOLDERS) {
		sh->nholders = 0;
		sh->overflow = true;
	}
	for (i = 0; i < sh->nholders;) {
		/* this process, or one that is gone */
		if (sh->holders[i] == me ||
		    (sh->holders[i] > 0 && kill(sh->holders[i], 0) < 0 &&
		     errno == ESRCH))
			sh->holders[i] = sh->holders[--sh->nholders];
		else
			i++;
	}
	last = !sh->nholders && !sh->overflow;
	afs_mutex_unlock(&sh->lock);
	return last;
}

void afs_share_unmap(struct afs_sock *s)
{
	struct region_ref **pp, *r;
	struct afs_shared *sh = s->sh;
	size_t size = 0;

	if (!sh)
		return;
	pthread_mutex_lock(&regions_lock);
	for (pp = &regions; *pp; pp = &(*pp)->next) {
		if ((*pp)->sh == sh) {
			r = *pp;
			*pp = r->next;
			size = r->size;
			free(r);
			break;
		}
	}
	pthread_mutex_unlock(&regions_lock);
	s->sh = NULL;
	s->wq = &s->wq_private;
	s->futex_flags = FUTEX_PRIVATE_FLAG;
	atomic_store(&s->mtx, &s->lock);
	if (size)
		munmap(sh, size);
}

/* a hint: whether this process maps any shared region */
bool afs_share_any(void)
{
	return __atomic_load_n(&regions, __ATOMIC_RELAXED) != NULL;
}

/*
 * This process left the trust domain of its fork relatives (entry-cred.c):
 * every socket shared with them is let go of as close() lets go of it,
 * and the descriptor numbers keep the inert placeholders.  The region is
 * unmapped when the last reference here drops (afs_share_unmap()).
 */
void afs_share_detach_all(void)
{
	int fd, m = afs_max_fd();
	struct afs_sock *s;
	bool shared;

	for (fd = 0; fd <= m; fd++) {
		s = afs_get(fd);
		if (!s)
			continue;
		shared = s->sh || (s->parent && s->parent->sh);
		afs_put(s);
		if (!shared)
			continue;
		s = afs_remove(fd);
		if (s)
			afs_put(s);
	}
	afs_log_divergence("D1", "credentials changed: shared sockets let go");
}
