/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXPORT_SYMBOL*() for userspace.  The library is compiled with
 * -fvisibility=hidden, so only what the kernel code exports becomes a dynamic
 * symbol of libkcrypto; the build also derives the version script from these
 * same lines, so the two can never disagree.
 */
#ifndef _KCOMPAT_LINUX_EXPORT_H
#define _KCOMPAT_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym) \
	extern __typeof__(sym) sym __attribute__((__visibility__("default")))
#define EXPORT_SYMBOL_GPL(sym)		EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_FOR_MODULES(sym, mods) EXPORT_SYMBOL(sym)
/* Exported in the kernel only so its own KUnit tests can reach it. */
#define EXPORT_SYMBOL_IF_KUNIT(sym) \
	extern __typeof__(sym) sym __attribute__((__visibility__("hidden")))

#endif
