/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel code returns -Exxx.  The uapi values match libc's errno values;
 * the kernel-internal codes that libc lacks are added here.
 */
#ifndef _KCOMPAT_LINUX_ERRNO_H
#define _KCOMPAT_LINUX_ERRNO_H

#include_next <linux/errno.h>
#include <errno.h>

#ifndef ENOTSUPP
#define ENOTSUPP	524
#endif

#endif
