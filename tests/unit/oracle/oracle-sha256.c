// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for SHA-224/SHA-256 of their own (the generic ones are
 * in oracle-hashes.c) and sha256_finup_2x().
 *
 *   the ACVP commands of oracle-hash.h for sha224 and sha256, and
 *   sha256_finup_2x <salt|-|null> <msg1> <msg2>
 *        digests of salt||msg1 and salt||msg2 from a shared context; "null"
 *        passes ctx == NULL.  Also checks that the context is not modified.
 *   sha256_finup_2x_is_optimized       -> 01 or 00
 *   sha256_finup_2x_bytecount <bytecount> <msg1> <msg2>
 *        starts from a context whose byte count is <bytecount> (a multiple
 *        of 64, state = SHA-256 IV): exercises 64-bit length encoding.
 *   sha256_finup_2x_ctx <state> <bytecount> <partial|-> <msg1> <msg2>
 *        starts from an arbitrary context: <state> is h[0..7] as 32
 *        big-endian bytes, <partial> the bytecount % 64 buffered bytes.
 */
#include <errno.h>
#include <string.h>
#include <crypto/sha2.h>

#include "oracle-hash.h"

DEFINE_HASH_KAT_CMDS(sha224, SHA224_DIGEST_SIZE);
DEFINE_HASH_KAT_CMDS(sha256, SHA256_DIGEST_SIZE);

static int finup_2x_from(const struct sha256_ctx *ctx, const struct oarg *m1,
			 const struct oarg *m2, struct oout *out)
{
	u8 d1[SHA256_DIGEST_SIZE], d2[SHA256_DIGEST_SIZE];
	struct sha256_ctx before;

	if (m1->len != m2->len)
		return -EINVAL;
	if (ctx)
		before = *ctx;
	sha256_finup_2x(ctx, m1->buf, m2->buf, m1->len, d1, d2);
	if (ctx && memcmp(&before, ctx, sizeof(before)) != 0)
		return -EFAULT;	/* the API promises not to modify ctx */
	oracle_out(out, d1, sizeof(d1));
	oracle_out(out, d2, sizeof(d2));
	return 0;
}

static int cmd_sha256_finup_2x(int argc, const struct oarg *a, struct oout *out)
{
	struct sha256_ctx ctx;

	if (strcmp(a[0].text, "null") == 0)
		return finup_2x_from(NULL, &a[1], &a[2], out);
	sha256_init(&ctx);
	sha256_update(&ctx, a[0].buf, a[0].len);
	return finup_2x_from(&ctx, &a[1], &a[2], out);
}
ORACLE_CMD("sha256_finup_2x", 3, 3, cmd_sha256_finup_2x);

static int cmd_sha256_finup_2x_bytecount(int argc, const struct oarg *a,
					 struct oout *out)
{
	struct sha256_ctx ctx;

	if (a[0].num < 0 || a[0].num % SHA256_BLOCK_SIZE)
		return -EINVAL;
	sha256_init(&ctx);
	ctx.ctx.bytecount = (u64)a[0].num;
	return finup_2x_from(&ctx, &a[1], &a[2], out);
}
ORACLE_CMD("sha256_finup_2x_bytecount", 3, 3, cmd_sha256_finup_2x_bytecount);

static int cmd_sha256_finup_2x_ctx(int argc, const struct oarg *a,
				   struct oout *out)
{
	struct sha256_ctx ctx;

	if (a[0].len != SHA256_DIGEST_SIZE || a[1].num < 0 ||
	    a[2].len != (size_t)a[1].num % SHA256_BLOCK_SIZE)
		return -EINVAL;
	memset(&ctx, 0, sizeof(ctx));
	for (int i = 0; i < 8; i++)
		ctx.ctx.state.h[i] = (u32)a[0].buf[4 * i] << 24 |
				     (u32)a[0].buf[4 * i + 1] << 16 |
				     (u32)a[0].buf[4 * i + 2] << 8 |
				     a[0].buf[4 * i + 3];
	ctx.ctx.bytecount = (u64)a[1].num;
	memcpy(ctx.ctx.buf, a[2].buf, a[2].len);
	return finup_2x_from(&ctx, &a[3], &a[4], out);
}
ORACLE_CMD("sha256_finup_2x_ctx", 5, 5, cmd_sha256_finup_2x_ctx);

static int cmd_sha256_finup_2x_is_optimized(int argc, const struct oarg *a,
					    struct oout *out)
{
	u8 v = sha256_finup_2x_is_optimized();

	oracle_out(out, &v, 1);
	return 0;
}
ORACLE_CMD("sha256_finup_2x_is_optimized", 0, 0,
	   cmd_sha256_finup_2x_is_optimized);
