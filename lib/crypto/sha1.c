// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SHA-1 (FIPS 180-4) and HMAC-SHA1 (RFC 2104), for legacy compatibility
 * only: SHA-1 collisions are practical, so nothing new should rely on it.
 *
 * The compression function is the only part that could have arch
 * implementations; they would live in $(SRCARCH)/sha1.h, which this file
 * includes at one point.
 */

#include <crypto/hmac.h>
#include <crypto/sha1.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static const struct sha1_block_state sha1_iv = {
	.h = { SHA1_H0, SHA1_H1, SHA1_H2, SHA1_H3, SHA1_H4 },
};

const u8 sha1_zero_message_hash[SHA1_DIGEST_SIZE] = {
	0xda, 0x39, 0xa3, 0xee, 0x5e, 0x6b, 0x4b, 0x0d, 0x32, 0x55,
	0xbf, 0xef, 0x95, 0x60, 0x18, 0x90, 0xaf, 0xd8, 0x07, 0x09,
};
EXPORT_SYMBOL_GPL(sha1_zero_message_hash);

/* FIPS 180-4 section 4.2.1: one constant per group of 20 rounds */
#define SHA1_K0	0x5a827999U
#define SHA1_K1	0x6ed9eba1U
#define SHA1_K2	0x8f1bbcdcU
#define SHA1_K3	0xca62c1d6U

enum sha1_fn { SHA1_FN_CH, SHA1_FN_PARITY, SHA1_FN_MAJ };

/* FIPS 180-4 section 4.1.1: Ch, Parity and Maj */
static __always_inline u32 sha1_f(enum sha1_fn fn, u32 b, u32 c, u32 d)
{
	switch (fn) {
	case SHA1_FN_CH:
		return d ^ (b & (c ^ d));
	case SHA1_FN_MAJ:
		return (b & c) | (d & (b | c));
	default:
		return b ^ c ^ d;
	}
}

/*
 * W[t] in the 16-word ring @w: loaded from @block for t < 16, afterwards
 * rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) written over W[t-16].
 */
static __always_inline u32 sha1_w(u32 w[16], const u8 *block, int t,
				  bool load)
{
	if (load)
		w[t % 16] = get_unaligned_be32(block + 4 * t);
	else
		w[t % 16] = rol32(w[(t + 13) % 16] ^ w[(t + 8) % 16] ^
				  w[(t + 2) % 16] ^ w[t % 16], 1);
	return w[t % 16];
}

/*
 * One round: the new 'a' is written over 'e' and 'b' is rotated in place;
 * the caller rotates the names, so five rounds bring them back home.
 */
static __always_inline void sha1_round(enum sha1_fn fn, u32 k, u32 wt,
				       u32 a, u32 *b, u32 c, u32 d, u32 *e)
{
	*e += rol32(a, 5) + sha1_f(fn, *b, c, d) + k + wt;
	*b = rol32(*b, 30);
}

static __always_inline void sha1_5rounds(enum sha1_fn fn, u32 k, u32 w[16],
					 const u8 *block, int t, bool load,
					 u32 *a, u32 *b, u32 *c, u32 *d,
					 u32 *e)
{
	sha1_round(fn, k, sha1_w(w, block, t, load), *a, b, *c, *d, e);
	sha1_round(fn, k, sha1_w(w, block, t + 1, load), *e, a, *b, *c, d);
	sha1_round(fn, k, sha1_w(w, block, t + 2, load), *d, e, *a, *b, c);
	sha1_round(fn, k, sha1_w(w, block, t + 3, load), *c, d, *e, *a, b);
	sha1_round(fn, k, sha1_w(w, block, t + 4, load), *b, c, *d, *e, a);
}

/* One 64-byte block; @w is scratch space for the message schedule. */
static void sha1_block(u32 h[SHA1_DIGEST_WORDS], const u8 *block, u32 w[16])
{
	u32 a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	int t;

	for (t = 0; t < 15; t += 5)
		sha1_5rounds(SHA1_FN_CH, SHA1_K0, w, block, t, true,
			     &a, &b, &c, &d, &e);
	/* Rounds 15..19: the last load, then the schedule takes over. */
	sha1_round(SHA1_FN_CH, SHA1_K0, sha1_w(w, block, 15, true),
		   a, &b, c, d, &e);
	sha1_round(SHA1_FN_CH, SHA1_K0, sha1_w(w, block, 16, false),
		   e, &a, b, c, &d);
	sha1_round(SHA1_FN_CH, SHA1_K0, sha1_w(w, block, 17, false),
		   d, &e, a, b, &c);
	sha1_round(SHA1_FN_CH, SHA1_K0, sha1_w(w, block, 18, false),
		   c, &d, e, a, &b);
	sha1_round(SHA1_FN_CH, SHA1_K0, sha1_w(w, block, 19, false),
		   b, &c, d, e, &a);
	for (t = 20; t < 40; t += 5)
		sha1_5rounds(SHA1_FN_PARITY, SHA1_K1, w, block, t, false,
			     &a, &b, &c, &d, &e);
	for (; t < 60; t += 5)
		sha1_5rounds(SHA1_FN_MAJ, SHA1_K2, w, block, t, false,
			     &a, &b, &c, &d, &e);
	for (; t < 80; t += 5)
		sha1_5rounds(SHA1_FN_PARITY, SHA1_K3, w, block, t, false,
			     &a, &b, &c, &d, &e);

	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

/**
 * sha1_transform() - Apply the SHA-1 compression function to one block
 * @digest: the five-word chaining value to update
 * @data: one SHA1_BLOCK_SIZE block of input
 * @W: scratch space of SHA1_WORKSPACE_WORDS words
 *
 * Legacy interface; use sha1() or the sha1_ctx functions instead.  The
 * caller wipes @W if @data was secret.
 *
 * Context: Any context.
 */
void sha1_transform(__u32 *digest, const char *data, __u32 *W)
{
	sha1_block(digest, (const u8 *)data, W);
}
EXPORT_SYMBOL(sha1_transform);

/**
 * sha1_init_raw() - Load the SHA-1 initial value into a bare digest
 * @buf: the five-word chaining value for sha1_transform()
 *
 * Legacy interface; use sha1_init() instead.
 *
 * Context: Any context.
 */
void sha1_init_raw(__u32 *buf)
{
	memcpy(buf, sha1_iv.h, sizeof(sha1_iv.h));
}
EXPORT_SYMBOL(sha1_init_raw);

static void __maybe_unused sha1_blocks_generic(struct sha1_block_state *state,
					       const u8 *data, size_t nblocks)
{
	u32 w[SHA1_WORKSPACE_WORDS];

	while (nblocks--) {
		sha1_block(state->h, data, w);
		data += SHA1_BLOCK_SIZE;
	}
	memzero_explicit(w, sizeof(w));
}

#ifdef CONFIG_CRYPTO_LIB_SHA1_ARCH
#include "sha1.h" /* $(SRCARCH)/sha1.h */
#else
#define sha1_blocks sha1_blocks_generic
#endif

void sha1_init(struct sha1_ctx *ctx)
{
	ctx->state = sha1_iv;
	ctx->bytecount = 0;
}
EXPORT_SYMBOL_GPL(sha1_init);

void sha1_update(struct sha1_ctx *ctx, const u8 *data, size_t len)
{
	size_t used = ctx->bytecount % SHA1_BLOCK_SIZE;
	size_t nblocks;

	ctx->bytecount += len;

	if (used) {
		size_t n = min(len, SHA1_BLOCK_SIZE - used);

		memcpy(&ctx->buf[used], data, n);
		data += n;
		len -= n;
		if (used + n < SHA1_BLOCK_SIZE)
			return;
		sha1_blocks(&ctx->state, ctx->buf, 1);
	}

	nblocks = len / SHA1_BLOCK_SIZE;
	if (nblocks) {
		sha1_blocks(&ctx->state, data, nblocks);
		data += nblocks * SHA1_BLOCK_SIZE;
		len -= nblocks * SHA1_BLOCK_SIZE;
	}
	memcpy(ctx->buf, data, len);
}
EXPORT_SYMBOL_GPL(sha1_update);

/*
 * Pad the buffered tail (0x80, zeroes, 64-bit big-endian bit count) and run
 * the last one or two blocks.  Leaves the digest in ctx->state.
 */
static void sha1_pad_and_finish(struct sha1_ctx *ctx)
{
	size_t used = ctx->bytecount % SHA1_BLOCK_SIZE;
	u64 bits = ctx->bytecount << 3;

	ctx->buf[used++] = 0x80;
	if (used > SHA1_BLOCK_SIZE - 8) {
		memset(&ctx->buf[used], 0, SHA1_BLOCK_SIZE - used);
		sha1_blocks(&ctx->state, ctx->buf, 1);
		used = 0;
	}
	memset(&ctx->buf[used], 0, SHA1_BLOCK_SIZE - 8 - used);
	put_unaligned_be64(bits, &ctx->buf[SHA1_BLOCK_SIZE - 8]);
	sha1_blocks(&ctx->state, ctx->buf, 1);
}

static void sha1_store_digest(const struct sha1_block_state *state, u8 *out)
{
	for (size_t i = 0; i < SHA1_DIGEST_WORDS; i++)
		put_unaligned_be32(state->h[i], out + 4 * i);
}

void sha1_final(struct sha1_ctx *ctx, u8 out[SHA1_DIGEST_SIZE])
{
	sha1_pad_and_finish(ctx);
	sha1_store_digest(&ctx->state, out);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(sha1_final);

void sha1(const u8 *data, size_t len, u8 out[SHA1_DIGEST_SIZE])
{
	struct sha1_ctx ctx;

	sha1_init(&ctx);
	sha1_update(&ctx, data, len);
	sha1_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(sha1);

/*
 * HMAC: absorb (K ^ ipad) and (K ^ opad) once, keep the two chaining values.
 * A key longer than the block is first hashed.
 */
static void __hmac_sha1_preparekey(struct sha1_block_state *istate,
				   struct sha1_block_state *ostate,
				   const u8 *raw_key, size_t raw_key_len)
{
	u8 block[SHA1_BLOCK_SIZE] = { 0 };
	size_t i;

	if (raw_key_len > SHA1_BLOCK_SIZE)
		sha1(raw_key, raw_key_len, block);
	else if (raw_key_len)
		memcpy(block, raw_key, raw_key_len);

	for (i = 0; i < SHA1_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE;
	*istate = sha1_iv;
	sha1_blocks(istate, block, 1);

	for (i = 0; i < SHA1_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE ^ HMAC_OPAD_VALUE;
	*ostate = sha1_iv;
	sha1_blocks(ostate, block, 1);

	memzero_explicit(block, sizeof(block));
}

void hmac_sha1_preparekey(struct hmac_sha1_key *key,
			  const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha1_preparekey(&key->istate, &key->ostate, raw_key, raw_key_len);
}
EXPORT_SYMBOL_GPL(hmac_sha1_preparekey);

void hmac_sha1_init(struct hmac_sha1_ctx *ctx, const struct hmac_sha1_key *key)
{
	ctx->sha_ctx.state = key->istate;
	ctx->sha_ctx.bytecount = SHA1_BLOCK_SIZE;
	ctx->ostate = key->ostate;
}
EXPORT_SYMBOL_GPL(hmac_sha1_init);

void hmac_sha1_init_usingrawkey(struct hmac_sha1_ctx *ctx,
				const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha1_preparekey(&ctx->sha_ctx.state, &ctx->ostate,
			       raw_key, raw_key_len);
	ctx->sha_ctx.bytecount = SHA1_BLOCK_SIZE;
}
EXPORT_SYMBOL_GPL(hmac_sha1_init_usingrawkey);

/*
 * The outer hash input is one block: the inner digest, then padding for a
 * message of (block + digest) bytes, built in the inner context's buffer.
 */
void hmac_sha1_final(struct hmac_sha1_ctx *ctx, u8 out[SHA1_DIGEST_SIZE])
{
	u8 *blk = ctx->sha_ctx.buf;

	sha1_pad_and_finish(&ctx->sha_ctx);
	sha1_store_digest(&ctx->sha_ctx.state, blk);
	memset(&blk[SHA1_DIGEST_SIZE], 0, SHA1_BLOCK_SIZE - SHA1_DIGEST_SIZE);
	blk[SHA1_DIGEST_SIZE] = 0x80;
	put_unaligned_be64(8 * (SHA1_BLOCK_SIZE + SHA1_DIGEST_SIZE),
			   &blk[SHA1_BLOCK_SIZE - 8]);
	sha1_blocks(&ctx->ostate, blk, 1);
	sha1_store_digest(&ctx->ostate, out);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(hmac_sha1_final);

void hmac_sha1(const struct hmac_sha1_key *key,
	       const u8 *data, size_t data_len, u8 out[SHA1_DIGEST_SIZE])
{
	struct hmac_sha1_ctx ctx;

	hmac_sha1_init(&ctx, key);
	hmac_sha1_update(&ctx, data, data_len);
	hmac_sha1_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha1);

void hmac_sha1_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			   const u8 *data, size_t data_len,
			   u8 out[SHA1_DIGEST_SIZE])
{
	struct hmac_sha1_ctx ctx;

	hmac_sha1_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha1_update(&ctx, data, data_len);
	hmac_sha1_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha1_usingrawkey);

#ifdef sha1_mod_init_arch
static int __init sha1_mod_init(void)
{
	sha1_mod_init_arch();
	return 0;
}
subsys_initcall(sha1_mod_init);
#endif

MODULE_DESCRIPTION("SHA-1 and HMAC-SHA1 library functions");
MODULE_LICENSE("GPL");
