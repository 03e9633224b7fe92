/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Initcalls become ELF constructors: the library picks its arch
 * implementations once, when it is loaded, as the kernel does at boot.
 *
 * Except in a program that defines kc_initcall_defer(): the shim, which
 * is preloaded into every program and needs the core only for AF_ALG,
 * takes each initcall there (in the constructors' order) and runs them at
 * its first algorithm lookup (shim/registry.c), so a program that never
 * uses AF_ALG builds no table and executes no cpuid for it.  The
 * reference is weak and hidden: libkcrypto itself, and every other
 * program linking the core, resolves it to NULL at link time.
 */
extern int kc_initcall_defer(int (*fn)(void))
	__attribute__((__weak__, __visibility__("hidden")));
#ifndef _KCOMPAT_LINUX_INIT_H
#define _KCOMPAT_LINUX_INIT_H

#include <linux/compiler.h>

#define __KC_INITCALL(fn, prio)						\
	static void __attribute__((__constructor__(prio), __used__))	\
	__kc_initcall_##fn(void)					\
	{								\
		if (!kc_initcall_defer || !kc_initcall_defer(fn))	\
			(void)fn();					\
	}
#define core_initcall(fn)	__KC_INITCALL(fn, 101)
#define arch_initcall(fn)	__KC_INITCALL(fn, 102)
#define subsys_initcall(fn)	__KC_INITCALL(fn, 103)
#define fs_initcall(fn)		__KC_INITCALL(fn, 104)
#define device_initcall(fn)	__KC_INITCALL(fn, 105)
#define late_initcall(fn)	__KC_INITCALL(fn, 106)
#define module_init(fn)		device_initcall(fn)
#define module_exit(fn)		static __attribute__((__used__)) void (*__kc_exit_##fn)(void) = fn

#endif
