/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BUG()/WARN_ON() for userspace.  A BUG() is a broken invariant inside the
 * library, so it aborts; WARN_ON() reports once to stderr and carries on, as
 * the kernel does.
 */
#ifndef _KCOMPAT_LINUX_BUG_H
#define _KCOMPAT_LINUX_BUG_H

#include <stdio.h>
#include <stdlib.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>

#define BUG() do { \
	fprintf(stderr, "kcrypto: BUG at %s:%d\n", __FILE__, __LINE__); \
	abort(); \
} while (0)
#define BUG_ON(cond) do { if (unlikely(cond)) BUG(); } while (0)
#define WARN_ON(cond) ({ \
	int __ret_warn = !!(cond); \
	if (unlikely(__ret_warn)) \
		fprintf(stderr, "kcrypto: WARNING at %s:%d: %s\n", \
			__FILE__, __LINE__, #cond); \
	unlikely(__ret_warn); \
})
#define WARN_ON_ONCE(cond) ({ \
	static bool __warned_once; \
	int __ret_warn_once = !!(cond); \
	if (unlikely(__ret_warn_once) && !__warned_once) { \
		__warned_once = true; \
		fprintf(stderr, "kcrypto: WARNING at %s:%d: %s\n", \
			__FILE__, __LINE__, #cond); \
	} \
	unlikely(__ret_warn_once); \
})

#endif
