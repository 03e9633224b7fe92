/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for the parts of <linux/kernel.h> the crypto core uses. */
#ifndef _KCOMPAT_LINUX_KERNEL_H
#define _KCOMPAT_LINUX_KERNEL_H

#include_next <linux/kernel.h>
/*
 * libkcrypto.pc defines KCRYPTO_COMPAT_UAPI_ONLY: a program built against
 * the installed library that includes <linux/kernel.h> asks for the uapi
 * header, not for the kernel's min()/max()/ARRAY_SIZE() the core uses.
 */
#ifndef KCRYPTO_COMPAT_UAPI_ONLY
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/kconfig.h>
#include <linux/array_size.h>
#include <linux/minmax.h>
#include <linux/bitops.h>
#include <linux/math.h>
#include <linux/wordpart.h>
#include <linux/printk.h>

#define might_sleep()		do { } while (0)
#define cond_resched()		do { } while (0)

#endif /* KCRYPTO_COMPAT_UAPI_ONLY */

#endif
