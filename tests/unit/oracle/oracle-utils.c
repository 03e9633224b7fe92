// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for <crypto/utils.h>.
 *
 *   crypto_memneq <a> <b> <off>   compare a+off and b+off (same length)
 *                                 -> 00 (equal) or 01
 *   crypto_xor <a> <b> <off>      a ^ b through crypto_xor_cpy() on
 *                                 buffers misaligned by <off>, then again
 *                                 in place with crypto_xor(); both returned
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/utils.h>

#include "oracle.h"

static int cmd_memneq(int argc, const struct oarg *a, struct oout *out)
{
	size_t off = a[2].num, n = a[0].len;
	u8 *x, *y, r;

	if (a[1].len != n || a[2].num < 0 || off > 64)
		return -EINVAL;
	x = malloc(n + off + 1);
	y = malloc(n + off + 1);
	memcpy(x + off, a[0].buf, n);
	memcpy(y + off, a[1].buf, n);
	r = crypto_memneq(x + off, y + off, n);
	free(x);
	free(y);
	oracle_out(out, &r, 1);
	return 0;
}
ORACLE_CMD("crypto_memneq", 3, 3, cmd_memneq);

static int cmd_xor(int argc, const struct oarg *a, struct oout *out)
{
	size_t off = a[2].num, n = a[0].len;
	u8 *x, *y, *d;

	if (a[1].len != n || a[2].num < 0 || off > 64)
		return -EINVAL;
	x = malloc(n + off + 1);
	y = malloc(n + off + 1);
	d = malloc(n + 2 * off + 1);
	memcpy(x + off, a[0].buf, n);
	memcpy(y + off, a[1].buf, n);
	crypto_xor_cpy(d + 2 * off, x + off, y + off, n);
	oracle_out(out, d + 2 * off, n);
	crypto_xor(x + off, y + off, n);
	oracle_out(out, x + off, n);
	free(x);
	free(y);
	free(d);
	return 0;
}
ORACLE_CMD("crypto_xor", 3, 3, cmd_xor);
