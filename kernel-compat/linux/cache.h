/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_LINUX_CACHE_H
#define _KCOMPAT_LINUX_CACHE_H
#include <linux/compiler.h>
#define L1_CACHE_BYTES		64
#define ____cacheline_aligned	__aligned(L1_CACHE_BYTES)
#define __cacheline_aligned	__aligned(L1_CACHE_BYTES)
#define SMP_CACHE_BYTES		L1_CACHE_BYTES
#endif
