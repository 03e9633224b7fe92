/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's <linux/types.h>.
 *
 * The uapi header of the same name is pulled in first (with #include_next) so
 * that libc headers which include it keep seeing the __u8/__be32 family; the
 * kernel-internal names (u8, u32, bool, ...) are added on top.
 */
#ifndef _KCOMPAT_LINUX_TYPES_H
#define _KCOMPAT_LINUX_TYPES_H

#include_next <linux/types.h>
/* The kernel force-includes compiler_types.h; __aligned() etc. come from here. */
#include <linux/compiler.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

/* As in the kernel with CONFIG_ARCH_SUPPORTS_INT128 (64-bit targets). */
#ifdef __SIZEOF_INT128__
#define CONFIG_ARCH_SUPPORTS_INT128 1
typedef unsigned __int128 u128;
typedef __int128 s128;
#endif

#endif /* _KCOMPAT_LINUX_TYPES_H */
