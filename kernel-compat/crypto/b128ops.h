/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The 128-bit block types of the kernel's <crypto/b128ops.h>, which the
 * 6.12 <crypto/gcm.h> interface uses.  In the kernel the real header is
 * used; userspace needs only the types.
 */
#ifndef _KCOMPAT_CRYPTO_B128OPS_H
#define _KCOMPAT_CRYPTO_B128OPS_H

#include <linux/types.h>

typedef struct {
	__be64 a, b;
} be128;

typedef struct {
	__le64 b, a;
} le128;

#endif
