// SPDX-License-Identifier: GPL-2.0
/*
 * One socket across processes (the locks and sleeps themselves: sync.c).
 *
 * In the kernel a descriptor that fork() copies still names the one
 * socket: what either process sends, the other receives; IV, hash state
 * and queued data are one.  The shim keeps a socket's state in private
 * memory, which is the fast path for the programs that never fork with a
 * socket open, until fork() copies the descriptor table (the atfork
 * prepare handler, fork.c).  Then every socket of the table (and the
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
 * The socket core reaches a shared socket's region only through
 * region_ops (the last close), which sharing hands it with the region.
 */
#include <errno.h>
#include <signal.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "real.h"
#include "share.h"

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
/* Moving a socket into a shared region                                */

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
	t->rawkey = NULL;
	t->rawkeylen = 0;
	/*
	 * The raw key is kept only to move the socket into a keeper, which
	 * a shared tfm's sockets never do (remote.c): no copy of it stays in
	 * either process (a child would keep it after dropping privileges).
	 */
	afs_free_secret(old->rawkey, old->rawkeylen);
	old->rawkey = NULL;
	old->rawkeylen = 0;
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
static const struct afs_share_ops region_ops;

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
	s->share_ops = &region_ops;
	s->sh_nokey = &sh->nokey;
	old_wq = s->lk.wq;
	old_flags = s->lk.futex_flags;
	s->lk.wq = &sh->wq;
	s->lk.futex_flags = 0;
	atomic_store_explicit(&s->lk.mtx, &sh->lock, memory_order_release);
	/* sleepers on the private word come back and find the region */
	afs_waitq_wake(old_wq, old_flags);
	afs_mutex_unlock(&s->lk.lock);
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

/* this process holds copies of its parent's sockets that fork() made */
static bool fork_copies;

/* @s, a socket the child got from fork(), if it was not shared: a copy */
static void mark_copy(struct afs_sock *s)
{
	if (!s || s->sh || (s->kind != AFS_KIND_TFM && s->kind != AFS_KIND_OP))
		return;
	s->fork_copy = true;
	fork_copies = true;
}

/*
 * In the child: one more process holds every region this one maps, and
 * a socket fork() copied without sharing is marked as the parent's.
 */
void afs_share_atfork_child(void)
{
	struct region_ref *r;
	struct afs_sock *s;
	pid_t me = getpid();
	int n, fd, m = afs_max_fd();

	for (fd = 0; fd <= m; fd++) {
		s = afs_peek_locked(fd);
		mark_copy(s);
		if (s && s->kind == AFS_KIND_OP)
			mark_copy(s->parent);
	}
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
static bool region_release(struct afs_sock *s)
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

static void region_unmap(struct afs_sock *s)
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
	s->sh_nokey = NULL;
	s->lk.wq = &s->lk.wq_private;
	s->lk.futex_flags = FUTEX_PRIVATE_FLAG;
	atomic_store(&s->lk.mtx, &s->lk.lock);
	if (size)
		munmap(sh, size);
}

/* how the socket core lets go of a socket in a region (sock.c) */
static const struct afs_share_ops region_ops = {
	.release = region_release,
	.unmap = region_unmap,
};

/* a hint: whether this process maps a shared region or holds fork copies */
bool afs_share_any(void)
{
	return __atomic_load_n(&regions, __ATOMIC_RELAXED) != NULL ||
	       __atomic_load_n(&fork_copies, __ATOMIC_RELAXED);
}

/* @s is its fork relatives': shared with them, or a copy of theirs */
static bool of_relatives(const struct afs_sock *s)
{
	return s->sh || s->fork_copy;
}

/*
 * This process left the trust domain of its fork relatives (entry-cred.c):
 * every socket shared with them, or copied from them by fork() without
 * sharing, is let go of as close() lets go of it (a copy's key and state
 * wiped, tfm_free()), and the descriptor numbers keep the inert
 * placeholders.  The region is unmapped when the last reference here
 * drops (region_unmap()).
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
		shared = of_relatives(s) || (s->parent && of_relatives(s->parent));
		afs_put(s);
		if (!shared)
			continue;
		s = afs_remove(fd);
		if (s)
			afs_put(s);
	}
	afs_log_divergence("D1", "credentials changed: shared sockets let go");
}
