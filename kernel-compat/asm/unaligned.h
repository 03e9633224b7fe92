/* SPDX-License-Identifier: GPL-2.0 */
/* 6.12 spells it <asm/unaligned.h>; mainline moved it to <linux/unaligned.h>. */
#include <linux/unaligned.h>
