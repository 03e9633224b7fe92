// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MD5 (RFC 1321) and HMAC-MD5 (RFC 2104), for legacy compatibility only:
 * MD5 collisions are trivial to produce, so nothing new should rely on it.
 */

#include <crypto/hmac.h>
#include <crypto/md5.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static const struct md5_block_state md5_iv = {
	.h = { MD5_H0, MD5_H1, MD5_H2, MD5_H3 },
};

const u8 md5_zero_message_hash[MD5_DIGEST_SIZE] = {
	0xd4, 0x1d, 0x8c, 0xd9, 0x8f, 0x00, 0xb2, 0x04,
	0xe9, 0x80, 0x09, 0x98, 0xec, 0xf8, 0x42, 0x7e,
};
EXPORT_SYMBOL_GPL(md5_zero_message_hash);

/* RFC 1321 section 3.4: T[i] = floor(2^32 * abs(sin(i + 1))) */
static const u32 md5_sine_table[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
	0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
	0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
	0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
	0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
	0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
	0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
	0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
	0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

enum md5_fn { MD5_FN_F, MD5_FN_G, MD5_FN_H, MD5_FN_I };

/* RFC 1321 section 3.4: the four auxiliary functions */
static __always_inline u32 md5_f(enum md5_fn fn, u32 b, u32 c, u32 d)
{
	switch (fn) {
	case MD5_FN_F:
		return d ^ (b & (c ^ d));
	case MD5_FN_G:
		/* (b & d) | (c & ~d), as a sum of disjoint terms */
		return (b & d) + (c & ~d);
	case MD5_FN_H:
		return b ^ c ^ d;
	default:
		return c ^ (b | ~d);
	}
}

/* Step t: a = b + rol(a + fn(b, c, d) + X[k] + T[t], s) */
static __always_inline void md5_step(enum md5_fn fn, const u32 x[16], int k,
				     int s, int t, u32 *a, u32 b, u32 c, u32 d)
{
	*a = b + rol32(*a + md5_f(fn, b, c, d) + x[k % 16] +
		       md5_sine_table[t], s);
}

/*
 * Steps t0..t0+3; the names rotate by one per step, so four steps bring
 * them back home.  Within a round the message word index advances by
 * kstep (mod 16) per step (RFC 1321 section 3.4).
 */
static __always_inline void md5_4steps(enum md5_fn fn, const u32 x[16],
				       int t0, int k0, int kstep,
				       int s0, int s1, int s2, int s3,
				       u32 *a, u32 *b, u32 *c, u32 *d)
{
	md5_step(fn, x, k0, s0, t0, a, *b, *c, *d);
	md5_step(fn, x, k0 + kstep, s1, t0 + 1, d, *a, *b, *c);
	md5_step(fn, x, k0 + 2 * kstep, s2, t0 + 2, c, *d, *a, *b);
	md5_step(fn, x, k0 + 3 * kstep, s3, t0 + 3, b, *c, *d, *a);
}

/* One 64-byte block. */
static void md5_block(struct md5_block_state *state, const u8 *block)
{
	u32 a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
	u32 x[MD5_BLOCK_WORDS];
	int j;

	for (j = 0; j < MD5_BLOCK_WORDS; j++)
		x[j] = get_unaligned_le32(block + 4 * j);

	md5_4steps(MD5_FN_F, x, 0, 0, 1, 7, 12, 17, 22, &a, &b, &c, &d);
	md5_4steps(MD5_FN_F, x, 4, 4, 1, 7, 12, 17, 22, &a, &b, &c, &d);
	md5_4steps(MD5_FN_F, x, 8, 8, 1, 7, 12, 17, 22, &a, &b, &c, &d);
	md5_4steps(MD5_FN_F, x, 12, 12, 1, 7, 12, 17, 22, &a, &b, &c, &d);
	md5_4steps(MD5_FN_G, x, 16, 1, 5, 5, 9, 14, 20, &a, &b, &c, &d);
	md5_4steps(MD5_FN_G, x, 20, 5, 5, 5, 9, 14, 20, &a, &b, &c, &d);
	md5_4steps(MD5_FN_G, x, 24, 9, 5, 5, 9, 14, 20, &a, &b, &c, &d);
	md5_4steps(MD5_FN_G, x, 28, 13, 5, 5, 9, 14, 20, &a, &b, &c, &d);
	md5_4steps(MD5_FN_H, x, 32, 5, 3, 4, 11, 16, 23, &a, &b, &c, &d);
	md5_4steps(MD5_FN_H, x, 36, 1, 3, 4, 11, 16, 23, &a, &b, &c, &d);
	md5_4steps(MD5_FN_H, x, 40, 13, 3, 4, 11, 16, 23, &a, &b, &c, &d);
	md5_4steps(MD5_FN_H, x, 44, 9, 3, 4, 11, 16, 23, &a, &b, &c, &d);
	md5_4steps(MD5_FN_I, x, 48, 0, 7, 6, 10, 15, 21, &a, &b, &c, &d);
	md5_4steps(MD5_FN_I, x, 52, 12, 7, 6, 10, 15, 21, &a, &b, &c, &d);
	md5_4steps(MD5_FN_I, x, 56, 8, 7, 6, 10, 15, 21, &a, &b, &c, &d);
	md5_4steps(MD5_FN_I, x, 60, 4, 7, 6, 10, 15, 21, &a, &b, &c, &d);

	state->h[0] += a;
	state->h[1] += b;
	state->h[2] += c;
	state->h[3] += d;
	memzero_explicit(x, sizeof(x));
}

static void md5_blocks(struct md5_block_state *state, const u8 *data,
		       size_t nblocks)
{
	while (nblocks--) {
		md5_block(state, data);
		data += MD5_BLOCK_SIZE;
	}
}

void md5_init(struct md5_ctx *ctx)
{
	ctx->state = md5_iv;
	ctx->bytecount = 0;
}
EXPORT_SYMBOL_GPL(md5_init);

void md5_update(struct md5_ctx *ctx, const u8 *data, size_t len)
{
	size_t used = ctx->bytecount % MD5_BLOCK_SIZE;
	size_t nblocks;

	ctx->bytecount += len;

	if (used) {
		size_t n = min(len, MD5_BLOCK_SIZE - used);

		memcpy(&ctx->buf[used], data, n);
		data += n;
		len -= n;
		if (used + n < MD5_BLOCK_SIZE)
			return;
		md5_blocks(&ctx->state, ctx->buf, 1);
	}

	nblocks = len / MD5_BLOCK_SIZE;
	if (nblocks) {
		md5_blocks(&ctx->state, data, nblocks);
		data += nblocks * MD5_BLOCK_SIZE;
		len -= nblocks * MD5_BLOCK_SIZE;
	}
	memcpy(ctx->buf, data, len);
}
EXPORT_SYMBOL_GPL(md5_update);

/*
 * Pad the buffered tail (0x80, zeroes, 64-bit little-endian bit count) and
 * run the last one or two blocks.  Leaves the digest in ctx->state.
 */
static void md5_pad_and_finish(struct md5_ctx *ctx)
{
	size_t used = ctx->bytecount % MD5_BLOCK_SIZE;
	u64 bits = ctx->bytecount << 3;

	ctx->buf[used++] = 0x80;
	if (used > MD5_BLOCK_SIZE - 8) {
		memset(&ctx->buf[used], 0, MD5_BLOCK_SIZE - used);
		md5_blocks(&ctx->state, ctx->buf, 1);
		used = 0;
	}
	memset(&ctx->buf[used], 0, MD5_BLOCK_SIZE - 8 - used);
	put_unaligned_le64(bits, &ctx->buf[MD5_BLOCK_SIZE - 8]);
	md5_blocks(&ctx->state, ctx->buf, 1);
}

static void md5_store_digest(const struct md5_block_state *state, u8 *out)
{
	for (size_t i = 0; i < MD5_HASH_WORDS; i++)
		put_unaligned_le32(state->h[i], out + 4 * i);
}

void md5_final(struct md5_ctx *ctx, u8 out[MD5_DIGEST_SIZE])
{
	md5_pad_and_finish(ctx);
	md5_store_digest(&ctx->state, out);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(md5_final);

void md5(const u8 *data, size_t len, u8 out[MD5_DIGEST_SIZE])
{
	struct md5_ctx ctx;

	md5_init(&ctx);
	md5_update(&ctx, data, len);
	md5_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(md5);

/*
 * HMAC: absorb (K ^ ipad) and (K ^ opad) once, keep the two chaining values.
 * A key longer than the block is first hashed.
 */
static void __hmac_md5_preparekey(struct md5_block_state *istate,
				  struct md5_block_state *ostate,
				  const u8 *raw_key, size_t raw_key_len)
{
	u8 block[MD5_BLOCK_SIZE] = { 0 };
	size_t i;

	if (raw_key_len > MD5_BLOCK_SIZE)
		md5(raw_key, raw_key_len, block);
	else if (raw_key_len)
		memcpy(block, raw_key, raw_key_len);

	for (i = 0; i < MD5_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE;
	*istate = md5_iv;
	md5_blocks(istate, block, 1);

	for (i = 0; i < MD5_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE ^ HMAC_OPAD_VALUE;
	*ostate = md5_iv;
	md5_blocks(ostate, block, 1);

	memzero_explicit(block, sizeof(block));
}

void hmac_md5_preparekey(struct hmac_md5_key *key,
			 const u8 *raw_key, size_t raw_key_len)
{
	__hmac_md5_preparekey(&key->istate, &key->ostate, raw_key, raw_key_len);
}
EXPORT_SYMBOL_GPL(hmac_md5_preparekey);

void hmac_md5_init(struct hmac_md5_ctx *ctx, const struct hmac_md5_key *key)
{
	ctx->hash_ctx.state = key->istate;
	ctx->hash_ctx.bytecount = MD5_BLOCK_SIZE;
	ctx->ostate = key->ostate;
}
EXPORT_SYMBOL_GPL(hmac_md5_init);

void hmac_md5_init_usingrawkey(struct hmac_md5_ctx *ctx,
			       const u8 *raw_key, size_t raw_key_len)
{
	__hmac_md5_preparekey(&ctx->hash_ctx.state, &ctx->ostate,
			      raw_key, raw_key_len);
	ctx->hash_ctx.bytecount = MD5_BLOCK_SIZE;
}
EXPORT_SYMBOL_GPL(hmac_md5_init_usingrawkey);

/*
 * The outer hash input is one block: the inner digest, then padding for a
 * message of (block + digest) bytes, built in the inner context's buffer.
 */
void hmac_md5_final(struct hmac_md5_ctx *ctx, u8 out[MD5_DIGEST_SIZE])
{
	u8 *blk = ctx->hash_ctx.buf;

	md5_pad_and_finish(&ctx->hash_ctx);
	md5_store_digest(&ctx->hash_ctx.state, blk);
	memset(&blk[MD5_DIGEST_SIZE], 0, MD5_BLOCK_SIZE - MD5_DIGEST_SIZE);
	blk[MD5_DIGEST_SIZE] = 0x80;
	put_unaligned_le64(8 * (MD5_BLOCK_SIZE + MD5_DIGEST_SIZE),
			   &blk[MD5_BLOCK_SIZE - 8]);
	md5_blocks(&ctx->ostate, blk, 1);
	md5_store_digest(&ctx->ostate, out);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(hmac_md5_final);

void hmac_md5(const struct hmac_md5_key *key,
	      const u8 *data, size_t data_len, u8 out[MD5_DIGEST_SIZE])
{
	struct hmac_md5_ctx ctx;

	hmac_md5_init(&ctx, key);
	hmac_md5_update(&ctx, data, data_len);
	hmac_md5_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_md5);

void hmac_md5_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			  const u8 *data, size_t data_len,
			  u8 out[MD5_DIGEST_SIZE])
{
	struct hmac_md5_ctx ctx;

	hmac_md5_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_md5_update(&ctx, data, data_len);
	hmac_md5_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_md5_usingrawkey);

MODULE_DESCRIPTION("MD5 and HMAC-MD5 library functions");
MODULE_LICENSE("GPL");
