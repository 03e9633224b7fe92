/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Initcalls become ELF constructors: the library picks its arch
 * implementations once, when it is loaded, as the kernel does at boot.
 */
#ifndef _KCOMPAT_LINUX_INIT_H
#define _KCOMPAT_LINUX_INIT_H

#include <linux/compiler.h>

#define __KC_INITCALL(fn, prio) \
	static void __attribute__((__constructor__(prio), __used__)) \
	__kc_initcall_##fn(void) { (void)fn(); }
#define core_initcall(fn)	__KC_INITCALL(fn, 101)
#define arch_initcall(fn)	__KC_INITCALL(fn, 102)
#define subsys_initcall(fn)	__KC_INITCALL(fn, 103)
#define fs_initcall(fn)		__KC_INITCALL(fn, 104)
#define device_initcall(fn)	__KC_INITCALL(fn, 105)
#define late_initcall(fn)	__KC_INITCALL(fn, 106)
#define module_init(fn)		device_initcall(fn)
#define module_exit(fn)		static __attribute__((__used__)) void (*__kc_exit_##fn)(void) = fn

#endif
