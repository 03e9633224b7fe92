// SPDX-License-Identifier: GPL-2.0
/*
 * malloc interposition for shim-probe.
 *
 * Symbols defined by the executable come first in the lookup order, before
 * the preloaded shim and libc, so the shim's malloc/calloc/realloc/free land
 * here.  Two test hooks, both off unless armed by a test:
 *
 *  - failure injection: the nth allocation after arming returns NULL
 *    (the way the kernel's failslab tests error paths);
 *  - freed-memory scan: every block passed to free() (or given up by
 *    realloc()) is searched for a secret pattern before it goes back to
 *    the allocator, so a key or plaintext the shim forgot to wipe is found.
 */
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <string.h>

#include "probe.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

static atomic_long fail_at;		/* 0: off, else countdown */
static atomic_long count;
static atomic_bool failed;

static atomic_bool scanning;
static const void *pat1, *pat2;
static size_t pat1_len, pat2_len;
static atomic_long hits;

void alloc_arm_fail(long nth)
{
	atomic_store(&count, 0);
	atomic_store(&failed, false);
	atomic_store(&fail_at, nth);
}

void alloc_disarm(void)
{
	atomic_store(&fail_at, 0);
}

long alloc_count(void)
{
	return atomic_load(&count);
}

bool alloc_failed(void)
{
	return atomic_load(&failed);
}

void alloc_scan_start(const void *p, size_t n, const void *p2, size_t n2)
{
	pat1 = p;
	pat1_len = n;
	pat2 = p2;
	pat2_len = n2;
	atomic_store(&hits, 0);
	atomic_store(&scanning, true);
}

long alloc_scan_stop(void)
{
	atomic_store(&scanning, false);
	return atomic_load(&hits);
}

/* true when this allocation must fail */
static bool inject(void)
{
	long v;

	if (!atomic_load_explicit(&fail_at, memory_order_relaxed))
		return false;
	atomic_fetch_add(&count, 1);
	v = atomic_fetch_sub(&fail_at, 1);
	if (v == 1) {
		atomic_store(&failed, true);
		errno = ENOMEM;
		return true;
	}
	if (v <= 0)
		atomic_store(&fail_at, 0);
	return false;
}

static void scan(void *p)
{
	size_t n;

	if (!p || !atomic_load_explicit(&scanning, memory_order_relaxed))
		return;
	n = malloc_usable_size(p);
	if ((pat1_len && memmem(p, n, pat1, pat1_len)) ||
	    (pat2_len && memmem(p, n, pat2, pat2_len)))
		atomic_fetch_add(&hits, 1);
}

void *malloc(size_t n)
{
	if (inject())
		return NULL;
	return __libc_malloc(n);
}

void *calloc(size_t a, size_t b)
{
	if (inject())
		return NULL;
	return __libc_calloc(a, b);
}

void *realloc(void *p, size_t n)
{
	void *q;
	size_t old;

	if (inject())
		return NULL;
	if (!p || !atomic_load_explicit(&scanning, memory_order_relaxed))
		return __libc_realloc(p, n);
	/* move by hand so the old block is scanned like a free() */
	q = __libc_malloc(n ? n : 1);
	if (!q)
		return NULL;
	old = malloc_usable_size(p);
	memcpy(q, p, old < n ? old : n);
	scan(p);
	__libc_free(p);
	return q;
}

void free(void *p)
{
	scan(p);
	__libc_free(p);
}
