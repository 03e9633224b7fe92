/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/string.h>: libc string functions plus
 * memzero_explicit(), which must survive dead-store elimination because it
 * is how the core wipes keys and intermediate state.
 */
#ifndef _KCOMPAT_LINUX_STRING_H
#define _KCOMPAT_LINUX_STRING_H

#include_next <linux/string.h>
#include <string.h>
#include <linux/compiler.h>

static inline void memzero_explicit(void *s, size_t count)
{
	memset(s, 0, count);
	barrier_data(s);
}

#endif
