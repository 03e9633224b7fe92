// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for SHA-384/SHA-512 of their own (the generic ones are
 * in oracle-hashes.c): the ACVP ones of oracle-hash.h, plus:
 *
 *   sha384_bytecount / sha512_bytecount <hi> <lo> <msg>
 *        hash <msg> from a context whose state is the IV and whose 128-bit
 *        byte count is hi:lo (two 8-byte big-endian hex values; lo a multiple
 *        of the block size): exercises the 128-bit length and its carry.
 */
#include <crypto/sha2.h>
#include <linux/unaligned.h>

#include "oracle-hash.h"


DEFINE_HASH_KAT_CMDS(sha384, SHA384_DIGEST_SIZE);
DEFINE_HASH_KAT_CMDS(sha512, SHA512_DIGEST_SIZE);

static int set_bytecount(struct __sha512_ctx *ctx, const struct oarg *a)
{
	if (a[0].len != 8 || a[1].len != 8)
		return -EINVAL;
	ctx->bytecount_hi = get_unaligned_be64(a[0].buf);
	ctx->bytecount_lo = get_unaligned_be64(a[1].buf);
	if (ctx->bytecount_lo % SHA512_BLOCK_SIZE)
		return -EINVAL;
	return 0;
}

static int cmd_sha384_bytecount(int argc, const struct oarg *a,
				struct oout *out)
{
	struct sha384_ctx ctx;
	u8 d[SHA384_DIGEST_SIZE];
	int ret;

	sha384_init(&ctx);
	ret = set_bytecount(&ctx.ctx, a);
	if (ret)
		return ret;
	sha384_update(&ctx, a[2].buf, a[2].len);
	sha384_final(&ctx, d);
	oracle_out(out, d, sizeof(d));
	return 0;
}
ORACLE_CMD("sha384_bytecount", 3, 3, cmd_sha384_bytecount);

static int cmd_sha512_bytecount(int argc, const struct oarg *a,
				struct oout *out)
{
	struct sha512_ctx ctx;
	u8 d[SHA512_DIGEST_SIZE];
	int ret;

	sha512_init(&ctx);
	ret = set_bytecount(&ctx.ctx, a);
	if (ret)
		return ret;
	sha512_update(&ctx, a[2].buf, a[2].len);
	sha512_final(&ctx, d);
	oracle_out(out, d, sizeof(d));
	return 0;
}
ORACLE_CMD("sha512_bytecount", 3, 3, cmd_sha512_bytecount);
