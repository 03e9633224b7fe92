/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_ASM_SIMD_H
#define _KCOMPAT_ASM_SIMD_H
#include <linux/types.h>
#define may_use_simd()		true
#endif
