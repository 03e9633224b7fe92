/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_LINUX_WORDPART_H
#define _KCOMPAT_LINUX_WORDPART_H

#define upper_32_bits(n)	((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n)	((u32)((n) & 0xffffffff))

#endif
