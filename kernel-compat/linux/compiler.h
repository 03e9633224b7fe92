/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for the kernel's compiler attribute macros. */
#ifndef _KCOMPAT_LINUX_COMPILER_H
#define _KCOMPAT_LINUX_COMPILER_H

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define noinline		__attribute__((__noinline__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __packed		__attribute__((__packed__))
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __must_check		__attribute__((__warn_unused_result__))
#define __cold			__attribute__((__cold__))
#define __pure			__attribute__((__pure__))
#define __ro_after_init
#define __init
#define __exit
#define __initconst
#define __nonstring		__attribute__((__nonstring__))
#define fallthrough		__attribute__((__fallthrough__))
#define barrier()		__asm__ __volatile__("" : : : "memory")
#define barrier_data(p)		__asm__ __volatile__("" : : "r"(p) : "memory")
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile __typeof__(x) *)&(x) = (v))
/* The kernel hides a value from the optimiser this way in constant-time code. */
#define OPTIMIZER_HIDE_VAR(var)	__asm__ ("" : "=r" (var) : "0" (var))
#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))

#endif /* _KCOMPAT_LINUX_COMPILER_H */
