// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MD4 message digest (RFC 1320).  For compatibility only: see <crypto/md4.h>.
 */

#include <crypto/md4.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define MD4_F(x, y, z)	(((x) & (y)) | (~(x) & (z)))
#define MD4_G(x, y, z)	(((x) & (y)) | ((x) & (z)) | ((y) & (z)))
#define MD4_H(x, y, z)	((x) ^ (y) ^ (z))

#define MD4_STEP(f, a, b, c, d, k, s, t) \
	((a) = rol32((a) + f((b), (c), (d)) + x[k] + (t), (s)))

static void md4_block(struct md4_block_state *state, const u8 *data)
{
	u32 a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
	u32 x[16];
	int i;

	for (i = 0; i < 16; i++)
		x[i] = get_unaligned_le32(data + 4 * i);

	/* Round 1: k = i, shifts 3, 7, 11, 19 */
	for (i = 0; i < 16; i += 4) {
		MD4_STEP(MD4_F, a, b, c, d, i + 0, 3, 0);
		MD4_STEP(MD4_F, d, a, b, c, i + 1, 7, 0);
		MD4_STEP(MD4_F, c, d, a, b, i + 2, 11, 0);
		MD4_STEP(MD4_F, b, c, d, a, i + 3, 19, 0);
	}
	/* Round 2: k = 0, 4, 8, 12, 1, 5, ...; shifts 3, 5, 9, 13 */
	for (i = 0; i < 4; i++) {
		MD4_STEP(MD4_G, a, b, c, d, i + 0, 3, 0x5a827999);
		MD4_STEP(MD4_G, d, a, b, c, i + 4, 5, 0x5a827999);
		MD4_STEP(MD4_G, c, d, a, b, i + 8, 9, 0x5a827999);
		MD4_STEP(MD4_G, b, c, d, a, i + 12, 13, 0x5a827999);
	}
	/* Round 3: k = 0, 8, 4, 12, 2, 10, 6, 14, ...; shifts 3, 9, 11, 15 */
	for (i = 0; i < 4; i++) {
		static const u8 k3[4] = { 0, 2, 1, 3 };

		MD4_STEP(MD4_H, a, b, c, d, k3[i] + 0, 3, 0x6ed9eba1);
		MD4_STEP(MD4_H, d, a, b, c, k3[i] + 8, 9, 0x6ed9eba1);
		MD4_STEP(MD4_H, c, d, a, b, k3[i] + 4, 11, 0x6ed9eba1);
		MD4_STEP(MD4_H, b, c, d, a, k3[i] + 12, 15, 0x6ed9eba1);
	}

	state->h[0] += a;
	state->h[1] += b;
	state->h[2] += c;
	state->h[3] += d;
	memzero_explicit(x, sizeof(x));
}

/**
 * md4_init() - start an MD4 computation
 * @ctx: the context
 */
void md4_init(struct md4_ctx *ctx)
{
	ctx->state.h[0] = 0x67452301;
	ctx->state.h[1] = 0xefcdab89;
	ctx->state.h[2] = 0x98badcfe;
	ctx->state.h[3] = 0x10325476;
	ctx->bytecount = 0;
}
EXPORT_SYMBOL_GPL(md4_init);

/**
 * md4_update() - add message bytes
 * @ctx: context from md4_init()
 * @data: the bytes
 * @len: how many
 */
void md4_update(struct md4_ctx *ctx, const u8 *data, size_t len)
{
	size_t used = ctx->bytecount % MD4_BLOCK_SIZE;

	ctx->bytecount += len;
	if (used) {
		size_t n = min_t(size_t, len, MD4_BLOCK_SIZE - used);

		memcpy(&ctx->buf[used], data, n);
		data += n;
		len -= n;
		if (used + n < MD4_BLOCK_SIZE)
			return;
		md4_block(&ctx->state, ctx->buf);
	}
	for (; len >= MD4_BLOCK_SIZE; len -= MD4_BLOCK_SIZE) {
		md4_block(&ctx->state, data);
		data += MD4_BLOCK_SIZE;
	}
	memcpy(ctx->buf, data, len);
}
EXPORT_SYMBOL_GPL(md4_update);

/**
 * md4_final() - finish and output the digest
 * @ctx: the context; wiped on return
 * @out: the 16-byte digest
 */
void md4_final(struct md4_ctx *ctx, u8 out[MD4_DIGEST_SIZE])
{
	size_t used = ctx->bytecount % MD4_BLOCK_SIZE;
	int i;

	ctx->buf[used++] = 0x80;
	if (used > MD4_BLOCK_SIZE - 8) {
		memset(&ctx->buf[used], 0, MD4_BLOCK_SIZE - used);
		md4_block(&ctx->state, ctx->buf);
		used = 0;
	}
	memset(&ctx->buf[used], 0, MD4_BLOCK_SIZE - 8 - used);
	put_unaligned_le64(ctx->bytecount << 3, &ctx->buf[MD4_BLOCK_SIZE - 8]);
	md4_block(&ctx->state, ctx->buf);
	for (i = 0; i < 4; i++)
		put_unaligned_le32(ctx->state.h[i], out + 4 * i);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(md4_final);

/**
 * md4() - MD4 in one call
 * @data: the message
 * @len: its length
 * @out: the 16-byte digest
 */
void md4(const u8 *data, size_t len, u8 out[MD4_DIGEST_SIZE])
{
	struct md4_ctx ctx;

	md4_init(&ctx);
	md4_update(&ctx, data, len);
	md4_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(md4);

MODULE_DESCRIPTION("MD4 message digest (legacy, for compatibility)");
MODULE_LICENSE("GPL");
