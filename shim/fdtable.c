// SPDX-License-Identifier: GPL-2.0
/*
 * Which file descriptors are ours.
 *
 * Every interposed call asks this table first, so the lookup for a file
 * descriptor that is *not* ours must cost almost nothing and take no lock:
 * two atomic loads.  The table is two-level (chunks of 1024 entries
 * allocated on first use) so it never moves.
 *
 * An entry points to an afs_sock, which plays the role of the kernel's
 * struct file + struct socket: dup() and friends make two entries point to
 * the same object, as two fds share one open file description.  Objects are
 * type-stable: they are never returned to malloc but kept on a free list, so
 * a lookup racing with close() may increment the reference count of an
 * object that is being recycled; it then re-checks the table entry and
 * retries (the SLAB_TYPESAFE_BY_RCU pattern).  The per-object state
 * (keys, queues) hangs off the object and is freed when the count drops
 * to zero.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "real.h"

#define CHUNK_SHIFT	10
#define CHUNK_SIZE	(1u << CHUNK_SHIFT)
#define MAX_FDS		(1u << 21)
#define NCHUNKS		(MAX_FDS >> CHUNK_SHIFT)

static _Atomic(struct afs_sock *) *_Atomic chunks[NCHUNKS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t free_lock = PTHREAD_MUTEX_INITIALIZER;
static struct afs_sock *free_list;
static atomic_int max_fd = -1;

static inline __attribute__((always_inline)) _Atomic(struct afs_sock *) *
slot(int fd, bool create)
{
	_Atomic(struct afs_sock *) *c;
	unsigned int i;

	if (fd < 0 || (unsigned int)fd >= MAX_FDS)
		return NULL;
	i = (unsigned int)fd >> CHUNK_SHIFT;
	c = atomic_load_explicit(&chunks[i], memory_order_acquire);
	if (!c && create) {
		c = calloc(CHUNK_SIZE, sizeof(*c));
		if (!c)
			return NULL;
		atomic_store_explicit(&chunks[i], c, memory_order_release);
	}
	return c ? &c[fd & (CHUNK_SIZE - 1)] : NULL;
}

bool afs_is_ours(int fd)
{
	_Atomic(struct afs_sock *) *e = slot(fd, false);

	return e && atomic_load_explicit(e, memory_order_relaxed);
}

struct afs_sock *afs_get(int fd)
{
	_Atomic(struct afs_sock *) *e = slot(fd, false);
	struct afs_sock *s;
	int r;

	if (!e)
		return NULL;
	for (;;) {
		s = atomic_load_explicit(e, memory_order_acquire);
		if (!s)
			return NULL;
		r = atomic_load_explicit(&s->ref, memory_order_relaxed);
		do {
			if (r == 0)
				break;
		} while (!atomic_compare_exchange_weak(&s->ref, &r, r + 1));
		if (r == 0)
			continue;	/* being freed: re-read the entry */
		if (atomic_load_explicit(e, memory_order_acquire) == s)
			return s;
		afs_put(s);		/* recycled for another fd meanwhile */
	}
}

struct afs_sock *afs_sock_alloc(enum afs_kind kind)
{
	struct afs_sock *s;

	pthread_mutex_lock(&free_lock);
	s = free_list;
	if (s)
		free_list = s->free_next;
	pthread_mutex_unlock(&free_lock);
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s)
			return NULL;
	} else {
		/* keep ->ref at 0 until the object is fully initialised */
		memset((char *)s + sizeof(s->ref), 0,
		       sizeof(*s) - sizeof(s->ref));
	}
	s->kind = kind;
	pthread_mutex_init(&s->lock, NULL);
	atomic_init(&s->mtx, &s->lock);
	s->wq = &s->wq_private;
	s->futex_flags = 128;	/* FUTEX_PRIVATE_FLAG */
	atomic_store_explicit(&s->ref, 1, memory_order_release);
	return s;
}

void afs_put(struct afs_sock *s)
{
	if (atomic_fetch_sub_explicit(&s->ref, 1, memory_order_acq_rel) != 1)
		return;
	afs_sock_release(s);
	pthread_mutex_destroy(&s->lock);
	pthread_mutex_lock(&free_lock);
	s->free_next = free_list;
	free_list = s;
	pthread_mutex_unlock(&free_lock);
}

/* counted in afs_locks_held_here(), as the socket locks are */
void afs_table_lock(void)
{
	afs_mutex_lock(&table_lock);
}

void afs_table_unlock(void)
{
	afs_mutex_unlock(&table_lock);
}

struct afs_sock *afs_peek_locked(int fd)
{
	_Atomic(struct afs_sock *) *e = slot(fd, false);

	return e ? atomic_load_explicit(e, memory_order_relaxed) : NULL;
}

/* Caller holds the table lock and hands over one reference of @s. */
void afs_set_locked(int fd, struct afs_sock *s)
{
	_Atomic(struct afs_sock *) *e = slot(fd, s != NULL);
	int m;

	if (!e)
		return;
	atomic_store_explicit(e, s, memory_order_release);
	if (s) {
		m = atomic_load(&max_fd);
		while (fd > m && !atomic_compare_exchange_weak(&max_fd, &m, fd))
			;
	}
}

int afs_install(int fd, struct afs_sock *s)
{
	_Atomic(struct afs_sock *) *e;

	afs_startup_sockets();
	afs_table_lock();
	e = slot(fd, true);
	if (!e) {
		afs_table_unlock();
		return -ENOMEM;
	}
	atomic_fetch_add(&s->ref, 1);
	afs_set_locked(fd, s);
	afs_table_unlock();
	return 0;
}

struct afs_sock *afs_remove(int fd)
{
	struct afs_sock *s;

	afs_table_lock();
	s = afs_peek_locked(fd);
	if (s)
		afs_set_locked(fd, NULL);
	afs_table_unlock();
	return s;
}

int afs_max_fd(void)
{
	return atomic_load(&max_fd);
}

/*
 * After fork() only the calling thread exists in the child: private locks
 * that other threads held are re-initialised.  Every socket was shared
 * before the fork (share.c): its lock and state are the region's, which
 * the parent's threads still use.
 */
void afs_atfork_child(void)
{
	int fd, m = afs_max_fd();
	struct afs_sock *s;

	pthread_mutex_init(&table_lock, NULL);
	pthread_mutex_init(&free_lock, NULL);
	for (fd = 0; fd <= m; fd++) {
		s = afs_peek_locked(fd);
		if (!s)
			continue;
		pthread_mutex_init(&s->lock, NULL);
		atomic_init(&s->wq_private.waiters, 0);
		if (s->kind == AFS_KIND_REMOTE)
			afs_remote_atfork_child(s);
		if (s->parent)
			pthread_mutex_init(&s->parent->lock, NULL);
		if (s->tfm && !s->tfm->in_shared)
			pthread_mutex_init(&s->tfm->rng_lock, NULL);
		if (s->parent && s->parent->tfm &&
		    !s->parent->tfm->in_shared)
			pthread_mutex_init(&s->parent->tfm->rng_lock, NULL);
	}
	afs_share_atfork_child();
}
