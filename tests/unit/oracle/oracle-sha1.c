// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for SHA-1 of its own (the generic ones are in
 * oracle-hashes.c): the ACVP ones of oracle-hash.h, plus
 *
 *   sha1_transform <digest> <block>    the legacy one-block interface
 *   sha1_init_raw                      the legacy initial value
 */
#include <crypto/sha1.h>

#include "oracle-hash.h"

DEFINE_HASH_KAT_CMDS(sha1, SHA1_DIGEST_SIZE);

/* Words are passed and returned in host byte order, as the API uses them. */
static int cmd_sha1_transform(int argc, const struct oarg *a, struct oout *out)
{
	u32 digest[SHA1_DIGEST_WORDS], w[SHA1_WORKSPACE_WORDS];

	if (a[0].len != sizeof(digest) || a[1].len != SHA1_BLOCK_SIZE)
		return -EINVAL;
	memcpy(digest, a[0].buf, sizeof(digest));
	sha1_transform(digest, (const char *)a[1].buf, w);
	oracle_out(out, digest, sizeof(digest));
	return 0;
}
ORACLE_CMD("sha1_transform", 2, 2, cmd_sha1_transform);

static int cmd_sha1_init_raw(int argc, const struct oarg *a, struct oout *out)
{
	u32 digest[SHA1_DIGEST_WORDS];

	sha1_init_raw(digest);
	oracle_out(out, digest, sizeof(digest));
	return 0;
}
ORACLE_CMD("sha1_init_raw", 0, 0, cmd_sha1_init_raw);
