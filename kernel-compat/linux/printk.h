/* SPDX-License-Identifier: GPL-2.0 */
/* Library code prints only on broken invariants; send those to stderr. */
#ifndef _KCOMPAT_LINUX_PRINTK_H
#define _KCOMPAT_LINUX_PRINTK_H

#include <stdio.h>

#define pr_err(fmt, ...)	fprintf(stderr, "kcrypto: " fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)	fprintf(stderr, "kcrypto: " fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...)	do { } while (0 && sizeof(fmt))
#define pr_debug(fmt, ...)	do { } while (0 && sizeof(fmt))

#endif
