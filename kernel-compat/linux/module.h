/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_LINUX_MODULE_H
#define _KCOMPAT_LINUX_MODULE_H

#include_next <linux/module.h>
#include <linux/export.h>
#include <linux/init.h>

#define MODULE_LICENSE(x)
#define MODULE_DESCRIPTION(x)
#define MODULE_AUTHOR(x)
#define MODULE_ALIAS_CRYPTO(x)
#define MODULE_IMPORT_NS(x)

#endif
