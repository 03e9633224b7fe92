/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The uapi <asm/byteorder.h> gives __cpu_to_be32() and friends; the kernel
 * also has the short names and the in-place/pointer forms.
 */
#ifndef _KCOMPAT_ASM_BYTEORDER_H
#define _KCOMPAT_ASM_BYTEORDER_H

#include_next <asm/byteorder.h>

#define cpu_to_be16	__cpu_to_be16
#define cpu_to_be32	__cpu_to_be32
#define cpu_to_be64	__cpu_to_be64
#define cpu_to_le16	__cpu_to_le16
#define cpu_to_le32	__cpu_to_le32
#define cpu_to_le64	__cpu_to_le64
#define be16_to_cpu	__be16_to_cpu
#define be32_to_cpu	__be32_to_cpu
#define be64_to_cpu	__be64_to_cpu
#define le16_to_cpu	__le16_to_cpu
#define le32_to_cpu	__le32_to_cpu
#define le64_to_cpu	__le64_to_cpu

static inline void cpu_to_le32_array(__u32 *buf, unsigned int words)
{
	while (words--) {
		*buf = (__u32)__cpu_to_le32(*buf);
		buf++;
	}
}

static inline void le32_to_cpu_array(__u32 *buf, unsigned int words)
{
	while (words--) {
		*buf = __le32_to_cpu((__le32)*buf);
		buf++;
	}
}

#define swab32		__builtin_bswap32
#define swab64		__builtin_bswap64

#endif
