/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probes' hex arguments (key-probe.c, reg-probe.c): keys are passed as
 * the hex of their complement, so that neither argv nor the environment
 * holds the key itself.
 */
#ifndef SHIM_PROBE_HEXARG_H
#define SHIM_PROBE_HEXARG_H

#include <stdint.h>
#include <string.h>

static inline int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* hex @s into @out (at most @cap bytes): the length, or -1 */
static inline long unhex(const char *s, uint8_t *out, size_t cap)
{
	size_t n = strlen(s), i;

	if (n % 2 || n / 2 > cap)
		return -1;
	for (i = 0; i < n / 2; i++) {
		int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return (long)(n / 2);
}

#endif /* SHIM_PROBE_HEXARG_H */
