/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCOMPAT_LINUX_ARRAY_SIZE_H
#define _KCOMPAT_LINUX_ARRAY_SIZE_H

#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]) + \
	0 * sizeof(struct { int _not_an_array : 1 - 2 * \
		__builtin_types_compatible_p(__typeof__(arr), __typeof__(&(arr)[0])); }))

#endif
