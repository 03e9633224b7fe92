/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_LINUX_MINMAX_H
#define _KCOMPAT_LINUX_MINMAX_H

#define min(a, b) ({ __typeof__(a) __kc_a = (a); __typeof__(b) __kc_b = (b); \
	(void)(&__kc_a == &__kc_b); __kc_a < __kc_b ? __kc_a : __kc_b; })
#define max(a, b) ({ __typeof__(a) __kc_a = (a); __typeof__(b) __kc_b = (b); \
	(void)(&__kc_a == &__kc_b); __kc_a > __kc_b ? __kc_a : __kc_b; })
#define min_t(type, a, b) ({ type __kc_a = (a); type __kc_b = (b); \
	__kc_a < __kc_b ? __kc_a : __kc_b; })
#define max_t(type, a, b) ({ type __kc_a = (a); type __kc_b = (b); \
	__kc_a > __kc_b ? __kc_a : __kc_b; })
#define umin(a, b) min_t(unsigned long long, (a), (b))
#define umax(a, b) max_t(unsigned long long, (a), (b))
#define clamp(val, lo, hi) min(max(val, lo), hi)
#define swap(a, b) do { __typeof__(a) __kc_t = (a); (a) = (b); (b) = __kc_t; } while (0)

#endif
