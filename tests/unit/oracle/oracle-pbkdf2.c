// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle command for PBKDF2:
 *
 *   pbkdf2 <sha1|sha224|sha256|sha384|sha512> <password> <salt> <iterations> <outlen>
 *        -> derived key (ERR EINVAL from the library for 0 iterations/outlen)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/pbkdf2.h>

#include "oracle.h"

static const struct {
	const char *name;
	int (*fn)(const u8 *p, size_t pl, const u8 *s, size_t sl, u32 c,
		  u8 *out, size_t ol);
} pbkdf2_fns[] = {
	{ "sha1", pbkdf2_hmac_sha1 },
	{ "sha224", pbkdf2_hmac_sha224 },
	{ "sha256", pbkdf2_hmac_sha256 },
	{ "sha384", pbkdf2_hmac_sha384 },
	{ "sha512", pbkdf2_hmac_sha512 },
};

static int cmd_pbkdf2(int argc, const struct oarg *a, struct oout *out)
{
	size_t n = a[4].num < 0 ? 0 : a[4].num;
	u8 *buf;
	int err;

	if (a[3].num < 0 || n > 1 << 16)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(pbkdf2_fns) / sizeof(pbkdf2_fns[0]); i++) {
		if (strcmp(a[0].text, pbkdf2_fns[i].name))
			continue;
		buf = malloc(n + 1);
		err = pbkdf2_fns[i].fn(a[1].buf, a[1].len, a[2].buf, a[2].len,
				       a[3].num, buf, n);
		if (!err)
			oracle_out(out, buf, n);
		free(buf);
		return err;
	}
	return -EINVAL;
}
ORACLE_CMD("pbkdf2", 5, 5, cmd_pbkdf2);
