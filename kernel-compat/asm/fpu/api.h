/* SPDX-License-Identifier: GPL-2.0 */
/* In userspace the vector registers are always ours to use. */
#ifndef _KCOMPAT_ASM_FPU_API_H
#define _KCOMPAT_ASM_FPU_API_H
#include <linux/types.h>
#define kernel_fpu_begin()	do { } while (0)
#define kernel_fpu_end()	do { } while (0)
#define irq_fpu_usable()	true
#endif
