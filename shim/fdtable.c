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
 * the same object, as two fds share one open file description.  The
 * objects, their references and their release are the socket core's
 * (sock.c, afs_get()); the table only holds one reference per entry.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "fdtable.h"
#include "real.h"

#define CHUNK_SHIFT	10
#define CHUNK_SIZE	(1u << CHUNK_SHIFT)
#define MAX_FDS		(1u << 21)
#define NCHUNKS		(MAX_FDS >> CHUNK_SHIFT)

static _Atomic(struct afs_sock *) *_Atomic chunks[NCHUNKS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
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

struct afs_sock *afs_peek(int fd)
{
	_Atomic(struct afs_sock *) *e = slot(fd, false);

	return e ? atomic_load_explicit(e, memory_order_acquire) : NULL;
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
 * After fork() only the calling thread exists in the child: the table
 * lock another thread held is made anew (fork.c).
 */
void afs_table_atfork_child(void)
{
	pthread_mutex_init(&table_lock, NULL);
}
