/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel allocation calls on top of libc; gfp flags have no meaning here. */
#ifndef _KCOMPAT_LINUX_SLAB_H
#define _KCOMPAT_LINUX_SLAB_H

#include <stdlib.h>
#include <linux/string.h>
#include <linux/types.h>

typedef unsigned int gfp_t;
#define GFP_KERNEL	0u
#define GFP_ATOMIC	0u
#define GFP_NOFS	0u
#define __GFP_ZERO	1u

static inline void *kmalloc(size_t size, gfp_t flags)
{
	return (flags & __GFP_ZERO) ? calloc(1, size ? size : 1) : malloc(size ? size : 1);
}

static inline void *kzalloc(size_t size, gfp_t flags)
{
	(void)flags;
	return calloc(1, size ? size : 1);
}

static inline void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return kmalloc(n * size, flags);
}

static inline void kfree(const void *p)
{
	free((void *)p);
}

/*
 * kfree_sensitive() wipes the whole allocation.  glibc knows the usable
 * size; the caller's size is not passed, as in the kernel.
 */
#include <malloc.h>
static inline void kfree_sensitive(const void *p)
{
	if (p) {
		memzero_explicit((void *)p, malloc_usable_size((void *)p));
		free((void *)p);
	}
}

#endif
