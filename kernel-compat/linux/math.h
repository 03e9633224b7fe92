/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_LINUX_MATH_H
#define _KCOMPAT_LINUX_MATH_H

#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define round_down(x, y)	((x) & ~((__typeof__(x))((y) - 1)))
#define ALIGN(x, a)		(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define roundup(x, y)		((((x) + ((y) - 1)) / (y)) * (y))

#endif
