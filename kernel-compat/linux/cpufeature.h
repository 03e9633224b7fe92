/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for the kernel's <linux/cpufeature.h>. */
#ifndef _KCOMPAT_LINUX_CPUFEATURE_H
#define _KCOMPAT_LINUX_CPUFEATURE_H

#include <asm/cpufeature.h>

#endif /* _KCOMPAT_LINUX_CPUFEATURE_H */
