/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_LINUX_BUILD_BUG_H
#define _KCOMPAT_LINUX_BUILD_BUG_H

#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")
#define static_assert(expr, ...) _Static_assert(expr, #expr)

#endif
