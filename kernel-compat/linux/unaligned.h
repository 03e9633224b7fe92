/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Unaligned and endian-explicit loads and stores.  memcpy() through a local
 * is what the compiler turns into a single (possibly byte-swapping) move.
 */
#ifndef _KCOMPAT_LINUX_UNALIGNED_H
#define _KCOMPAT_LINUX_UNALIGNED_H

#include <string.h>
#include <linux/types.h>
#include <asm/byteorder.h>

#define __KC_UNALIGNED(bits) \
static inline u##bits __kc_load##bits(const void *p) \
{ u##bits v; memcpy(&v, p, sizeof(v)); return v; } \
static inline void __kc_store##bits(void *p, u##bits v) \
{ memcpy(p, &v, sizeof(v)); } \
static inline u##bits get_unaligned_le##bits(const void *p) \
{ return __le##bits##_to_cpu((__force __le##bits)__kc_load##bits(p)); } \
static inline u##bits get_unaligned_be##bits(const void *p) \
{ return __be##bits##_to_cpu((__force __be##bits)__kc_load##bits(p)); } \
static inline void put_unaligned_le##bits(u##bits v, void *p) \
{ __kc_store##bits(p, (__force u##bits)__cpu_to_le##bits(v)); } \
static inline void put_unaligned_be##bits(u##bits v, void *p) \
{ __kc_store##bits(p, (__force u##bits)__cpu_to_be##bits(v)); }

#ifndef __force
#define __force
#endif
__KC_UNALIGNED(16)
__KC_UNALIGNED(32)
__KC_UNALIGNED(64)
#undef __KC_UNALIGNED

/* A packed one-member struct: works for const pointers too (no local copy). */
#define get_unaligned(p) ({ const struct { __typeof__(*(p)) __v; } \
	__attribute__((__packed__, __may_alias__)) *__kc_p = (const void *)(p); \
	__kc_p->__v; })
#define put_unaligned(v, p) do { __typeof__(*(p)) __kc_v = (v); \
	memcpy((p), &__kc_v, sizeof(__kc_v)); } while (0)

#endif
