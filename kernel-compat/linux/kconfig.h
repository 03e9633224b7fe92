/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IS_ENABLED() for userspace: the build defines CONFIG_* options to 1 in the
 * generated kcrypto-config.h, which is force-included into every object.
 */
#ifndef _KCOMPAT_LINUX_KCONFIG_H
#define _KCOMPAT_LINUX_KCONFIG_H

#define __KC_ARG_PLACEHOLDER_1 0,
#define __kc_take_second_arg(__ignored, val, ...) val
#define __kc_is_defined(x)	___kc_is_defined(x)
#define ___kc_is_defined(val)	____kc_is_defined(__KC_ARG_PLACEHOLDER_##val)
#define ____kc_is_defined(arg1_or_junk) __kc_take_second_arg(arg1_or_junk 1, 0)
#define IS_ENABLED(option)	__kc_is_defined(option)
#define IS_BUILTIN(option)	__kc_is_defined(option)
#define IS_REACHABLE(option)	__kc_is_defined(option)

#endif
