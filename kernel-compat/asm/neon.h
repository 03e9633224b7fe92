/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_ASM_NEON_H
#define _KCOMPAT_ASM_NEON_H
#define kernel_neon_begin()	do { } while (0)
#define kernel_neon_end()	do { } while (0)
/* Mainline's scoped form: scoped_ksimd() { ... } */
#define scoped_ksimd()		for (int __kc_once = 1; __kc_once; __kc_once = 0)
#endif
