// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SHA-384 and SHA-512 (FIPS 180-4), HMAC-SHA384 and HMAC-SHA512 (RFC 2104).
 *
 * The compression function is the only part with arch implementations; they
 * live in $(SRCARCH)/sha512.h, which this file includes at one point.
 */

#include <crypto/hmac.h>
#include <crypto/sha2.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static const struct sha512_block_state sha384_iv = {
	.h = { SHA384_H0, SHA384_H1, SHA384_H2, SHA384_H3,
	       SHA384_H4, SHA384_H5, SHA384_H6, SHA384_H7 },
};

static const struct sha512_block_state sha512_iv = {
	.h = { SHA512_H0, SHA512_H1, SHA512_H2, SHA512_H3,
	       SHA512_H4, SHA512_H5, SHA512_H6, SHA512_H7 },
};

const u8 sha384_zero_message_hash[SHA384_DIGEST_SIZE] = {
	0x38, 0xb0, 0x60, 0xa7, 0x51, 0xac, 0x96, 0x38,
	0x4c, 0xd9, 0x32, 0x7e, 0xb1, 0xb1, 0xe3, 0x6a,
	0x21, 0xfd, 0xb7, 0x11, 0x14, 0xbe, 0x07, 0x43,
	0x4c, 0x0c, 0xc7, 0xbf, 0x63, 0xf6, 0xe1, 0xda,
	0x27, 0x4e, 0xde, 0xbf, 0xe7, 0x6f, 0x65, 0xfb,
	0xd5, 0x1a, 0xd2, 0xf1, 0x48, 0x98, 0xb9, 0x5b,
};
EXPORT_SYMBOL_GPL(sha384_zero_message_hash);

const u8 sha512_zero_message_hash[SHA512_DIGEST_SIZE] = {
	0xcf, 0x83, 0xe1, 0x35, 0x7e, 0xef, 0xb8, 0xbd,
	0xf1, 0x54, 0x28, 0x50, 0xd6, 0x6d, 0x80, 0x07,
	0xd6, 0x20, 0xe4, 0x05, 0x0b, 0x57, 0x15, 0xdc,
	0x83, 0xf4, 0xa9, 0x21, 0xd3, 0x6c, 0xe9, 0xce,
	0x47, 0xd0, 0xd1, 0x3c, 0x5d, 0x85, 0xf2, 0xb0,
	0xff, 0x83, 0x18, 0xd2, 0x87, 0x7e, 0xec, 0x2f,
	0x63, 0xb9, 0x31, 0xbd, 0x47, 0x41, 0x7a, 0x81,
	0xa5, 0x38, 0x32, 0x7a, 0xf9, 0x27, 0xda, 0x3e,
};
EXPORT_SYMBOL_GPL(sha512_zero_message_hash);

/* Round constants, FIPS 180-4 section 4.2.3 */
static const u64 sha512_round_constants[80] = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL,
	0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
	0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
	0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
	0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
	0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL,
	0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
	0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
	0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
	0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL,
	0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL,
	0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
	0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
	0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
	0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL,
	0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL,
	0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
	0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
	0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
	0xd192e819d6ef5218ULL, 0xd69906245565a910ULL,
	0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
	0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
	0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
	0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
	0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL,
	0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL,
	0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
	0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
	0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
	0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
	0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL,
	0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
	0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
	0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

static inline u64 sha512_bsig0(u64 x)
{
	return ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39);
}

static inline u64 sha512_bsig1(u64 x)
{
	return ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41);
}

static inline u64 sha512_ssig0(u64 x)
{
	return ror64(x, 1) ^ ror64(x, 8) ^ (x >> 7);
}

static inline u64 sha512_ssig1(u64 x)
{
	return ror64(x, 19) ^ ror64(x, 61) ^ (x >> 6);
}

/*
 * One round; the caller rotates the names of the working variables rather
 * than their values, so once inlined every round of an unrolled group is
 * straight-line code on registers.
 */
static __always_inline void sha512_round(const u64 w[16], int i, int k,
					 u64 a, u64 b, u64 c, u64 *d,
					 u64 e, u64 f, u64 g, u64 *h)
{
	u64 t1 = *h + sha512_bsig1(e) + (g ^ (e & (f ^ g))) +
		 sha512_round_constants[i + k] + w[k];
	u64 t2 = sha512_bsig0(a) + ((a & b) | (c & (a | b)));

	*d += t1;
	*h = t1 + t2;
}

/*
 * One 128-byte block.  @w is the 16-word message schedule, refilled in place
 * before each group of 16 rounds: W[t] overwrites W[t-16], and computing the
 * group in order means W[t-2], W[t-7] and W[t-15] are always at hand.
 */
static void sha512_block_generic(struct sha512_block_state *state,
				 const u8 *block, u64 w[16])
{
	u64 a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
	u64 e = state->h[4], f = state->h[5], g = state->h[6], h = state->h[7];
	int i, j;

	for (j = 0; j < 16; j++)
		w[j] = get_unaligned_be64(block + 8 * j);

	for (i = 0; i < 80; i += 16) {
		if (i) {
			for (j = 0; j < 16; j++)
				w[j] += sha512_ssig1(w[(j + 14) % 16]) +
					w[(j + 9) % 16] +
					sha512_ssig0(w[(j + 1) % 16]);
		}
		sha512_round(w, i, 0, a, b, c, &d, e, f, g, &h);
		sha512_round(w, i, 1, h, a, b, &c, d, e, f, &g);
		sha512_round(w, i, 2, g, h, a, &b, c, d, e, &f);
		sha512_round(w, i, 3, f, g, h, &a, b, c, d, &e);
		sha512_round(w, i, 4, e, f, g, &h, a, b, c, &d);
		sha512_round(w, i, 5, d, e, f, &g, h, a, b, &c);
		sha512_round(w, i, 6, c, d, e, &f, g, h, a, &b);
		sha512_round(w, i, 7, b, c, d, &e, f, g, h, &a);
		sha512_round(w, i, 8, a, b, c, &d, e, f, g, &h);
		sha512_round(w, i, 9, h, a, b, &c, d, e, f, &g);
		sha512_round(w, i, 10, g, h, a, &b, c, d, e, &f);
		sha512_round(w, i, 11, f, g, h, &a, b, c, d, &e);
		sha512_round(w, i, 12, e, f, g, &h, a, b, c, &d);
		sha512_round(w, i, 13, d, e, f, &g, h, a, b, &c);
		sha512_round(w, i, 14, c, d, e, &f, g, h, a, &b);
		sha512_round(w, i, 15, b, c, d, &e, f, g, h, &a);
	}
	state->h[0] += a;
	state->h[1] += b;
	state->h[2] += c;
	state->h[3] += d;
	state->h[4] += e;
	state->h[5] += f;
	state->h[6] += g;
	state->h[7] += h;
}

static void __maybe_unused
sha512_blocks_generic(struct sha512_block_state *state,
		      const u8 *data, size_t nblocks)
{
	u64 w[16];

	while (nblocks--) {
		sha512_block_generic(state, data, w);
		data += SHA512_BLOCK_SIZE;
	}
	memzero_explicit(w, sizeof(w));
}

#ifdef CONFIG_CRYPTO_LIB_SHA512_ARCH
#include "sha512.h" /* $(SRCARCH)/sha512.h */
#else
#define sha512_blocks sha512_blocks_generic
#endif

static void __sha512_init(struct __sha512_ctx *ctx,
			  const struct sha512_block_state *iv,
			  u64 initial_bytecount)
{
	ctx->state = *iv;
	ctx->bytecount_lo = initial_bytecount;
	ctx->bytecount_hi = 0;
}

void sha384_init(struct sha384_ctx *ctx)
{
	__sha512_init(&ctx->ctx, &sha384_iv, 0);
}
EXPORT_SYMBOL_GPL(sha384_init);

void sha512_init(struct sha512_ctx *ctx)
{
	__sha512_init(&ctx->ctx, &sha512_iv, 0);
}
EXPORT_SYMBOL_GPL(sha512_init);

void __sha512_update(struct __sha512_ctx *ctx, const u8 *data, size_t len)
{
	size_t used = ctx->bytecount_lo % SHA512_BLOCK_SIZE;
	size_t nblocks;

	/* The byte count is 128 bits wide, as the length field is. */
	if (ctx->bytecount_lo + len < ctx->bytecount_lo)
		ctx->bytecount_hi++;
	ctx->bytecount_lo += len;

	if (used) {
		size_t n = min(len, SHA512_BLOCK_SIZE - used);

		memcpy(&ctx->buf[used], data, n);
		data += n;
		len -= n;
		if (used + n < SHA512_BLOCK_SIZE)
			return;
		sha512_blocks(&ctx->state, ctx->buf, 1);
	}

	nblocks = len / SHA512_BLOCK_SIZE;
	if (nblocks) {
		sha512_blocks(&ctx->state, data, nblocks);
		data += nblocks * SHA512_BLOCK_SIZE;
		len -= nblocks * SHA512_BLOCK_SIZE;
	}
	memcpy(ctx->buf, data, len);
}
EXPORT_SYMBOL_GPL(__sha512_update);

/*
 * Pad the buffered tail (0x80, zeroes, 128-bit big-endian bit count) and run
 * the last one or two blocks.  Leaves the digest in ctx->state.
 */
static void __sha512_pad_and_finish(struct __sha512_ctx *ctx)
{
	size_t used = ctx->bytecount_lo % SHA512_BLOCK_SIZE;
	u64 bits_hi = (ctx->bytecount_hi << 3) | (ctx->bytecount_lo >> 61);
	u64 bits_lo = ctx->bytecount_lo << 3;

	ctx->buf[used++] = 0x80;
	if (used > SHA512_BLOCK_SIZE - 16) {
		memset(&ctx->buf[used], 0, SHA512_BLOCK_SIZE - used);
		sha512_blocks(&ctx->state, ctx->buf, 1);
		used = 0;
	}
	memset(&ctx->buf[used], 0, SHA512_BLOCK_SIZE - 16 - used);
	put_unaligned_be64(bits_hi, &ctx->buf[SHA512_BLOCK_SIZE - 16]);
	put_unaligned_be64(bits_lo, &ctx->buf[SHA512_BLOCK_SIZE - 8]);
	sha512_blocks(&ctx->state, ctx->buf, 1);
}

static void sha512_store_digest(const struct sha512_block_state *state,
				u8 *out, size_t digest_size)
{
	for (size_t i = 0; i < digest_size / 8; i++)
		put_unaligned_be64(state->h[i], out + 8 * i);
}

static void __sha512_final(struct __sha512_ctx *ctx, u8 *out,
			   size_t digest_size)
{
	__sha512_pad_and_finish(ctx);
	sha512_store_digest(&ctx->state, out, digest_size);
	memzero_explicit(ctx, sizeof(*ctx));
}

void sha384_final(struct sha384_ctx *ctx, u8 out[SHA384_DIGEST_SIZE])
{
	__sha512_final(&ctx->ctx, out, SHA384_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(sha384_final);

void sha512_final(struct sha512_ctx *ctx, u8 out[SHA512_DIGEST_SIZE])
{
	__sha512_final(&ctx->ctx, out, SHA512_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(sha512_final);

void sha384(const u8 *data, size_t len, u8 out[SHA384_DIGEST_SIZE])
{
	struct sha384_ctx ctx;

	sha384_init(&ctx);
	sha384_update(&ctx, data, len);
	sha384_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(sha384);

void sha512(const u8 *data, size_t len, u8 out[SHA512_DIGEST_SIZE])
{
	struct sha512_ctx ctx;

	sha512_init(&ctx);
	sha512_update(&ctx, data, len);
	sha512_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(sha512);

/*
 * HMAC: absorb (K ^ ipad) and (K ^ opad) once, keep the two chaining values.
 * A key longer than the block is first hashed with the same function.
 */
static void __hmac_sha512_preparekey(struct sha512_block_state *istate,
				     struct sha512_block_state *ostate,
				     const u8 *raw_key, size_t raw_key_len,
				     const struct sha512_block_state *iv,
				     size_t digest_size)
{
	u8 block[SHA512_BLOCK_SIZE] = { 0 };
	size_t i;

	if (raw_key_len > SHA512_BLOCK_SIZE) {
		struct __sha512_ctx kctx;

		__sha512_init(&kctx, iv, 0);
		__sha512_update(&kctx, raw_key, raw_key_len);
		__sha512_final(&kctx, block, digest_size);
	} else if (raw_key_len) {
		memcpy(block, raw_key, raw_key_len);
	}

	for (i = 0; i < SHA512_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE;
	*istate = *iv;
	sha512_blocks(istate, block, 1);

	for (i = 0; i < SHA512_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE ^ HMAC_OPAD_VALUE;
	*ostate = *iv;
	sha512_blocks(ostate, block, 1);

	memzero_explicit(block, sizeof(block));
}

void hmac_sha384_preparekey(struct hmac_sha384_key *key,
			    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha512_preparekey(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, &sha384_iv,
				 SHA384_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha384_preparekey);

void hmac_sha512_preparekey(struct hmac_sha512_key *key,
			    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha512_preparekey(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, &sha512_iv,
				 SHA512_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha512_preparekey);

void __hmac_sha512_init(struct __hmac_sha512_ctx *ctx,
			const struct __hmac_sha512_key *key)
{
	__sha512_init(&ctx->sha_ctx, &key->istate, SHA512_BLOCK_SIZE);
	ctx->ostate = key->ostate;
}
EXPORT_SYMBOL_GPL(__hmac_sha512_init);

void hmac_sha384_init_usingrawkey(struct hmac_sha384_ctx *ctx,
				  const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha512_preparekey(&ctx->ctx.sha_ctx.state, &ctx->ctx.ostate,
				 raw_key, raw_key_len, &sha384_iv,
				 SHA384_DIGEST_SIZE);
	ctx->ctx.sha_ctx.bytecount_lo = SHA512_BLOCK_SIZE;
	ctx->ctx.sha_ctx.bytecount_hi = 0;
}
EXPORT_SYMBOL_GPL(hmac_sha384_init_usingrawkey);

void hmac_sha512_init_usingrawkey(struct hmac_sha512_ctx *ctx,
				  const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha512_preparekey(&ctx->ctx.sha_ctx.state, &ctx->ctx.ostate,
				 raw_key, raw_key_len, &sha512_iv,
				 SHA512_DIGEST_SIZE);
	ctx->ctx.sha_ctx.bytecount_lo = SHA512_BLOCK_SIZE;
	ctx->ctx.sha_ctx.bytecount_hi = 0;
}
EXPORT_SYMBOL_GPL(hmac_sha512_init_usingrawkey);

/*
 * The outer hash input is always one block: the inner digest, then padding
 * for a message of (block + digest) bytes.  Build it in place in the inner
 * context's buffer and run a single compression on the outer state.
 */
static void __hmac_sha512_final(struct __hmac_sha512_ctx *ctx, u8 *out,
				size_t digest_size)
{
	u8 *blk = ctx->sha_ctx.buf;

	__sha512_pad_and_finish(&ctx->sha_ctx);
	sha512_store_digest(&ctx->sha_ctx.state, blk, digest_size);
	memset(&blk[digest_size], 0, SHA512_BLOCK_SIZE - digest_size);
	blk[digest_size] = 0x80;
	put_unaligned_be64(8 * (SHA512_BLOCK_SIZE + digest_size),
			   &blk[SHA512_BLOCK_SIZE - 8]);
	sha512_blocks(&ctx->ostate, blk, 1);
	sha512_store_digest(&ctx->ostate, out, digest_size);
	memzero_explicit(ctx, sizeof(*ctx));
}

void hmac_sha384_final(struct hmac_sha384_ctx *ctx, u8 out[SHA384_DIGEST_SIZE])
{
	__hmac_sha512_final(&ctx->ctx, out, SHA384_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha384_final);

void hmac_sha512_final(struct hmac_sha512_ctx *ctx, u8 out[SHA512_DIGEST_SIZE])
{
	__hmac_sha512_final(&ctx->ctx, out, SHA512_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha512_final);

void hmac_sha384(const struct hmac_sha384_key *key,
		 const u8 *data, size_t data_len, u8 out[SHA384_DIGEST_SIZE])
{
	struct hmac_sha384_ctx ctx;

	hmac_sha384_init(&ctx, key);
	hmac_sha384_update(&ctx, data, data_len);
	hmac_sha384_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha384);

void hmac_sha512(const struct hmac_sha512_key *key,
		 const u8 *data, size_t data_len, u8 out[SHA512_DIGEST_SIZE])
{
	struct hmac_sha512_ctx ctx;

	hmac_sha512_init(&ctx, key);
	hmac_sha512_update(&ctx, data, data_len);
	hmac_sha512_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha512);

void hmac_sha384_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			     const u8 *data, size_t data_len,
			     u8 out[SHA384_DIGEST_SIZE])
{
	struct hmac_sha384_ctx ctx;

	hmac_sha384_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha384_update(&ctx, data, data_len);
	hmac_sha384_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha384_usingrawkey);

void hmac_sha512_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			     const u8 *data, size_t data_len,
			     u8 out[SHA512_DIGEST_SIZE])
{
	struct hmac_sha512_ctx ctx;

	hmac_sha512_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha512_update(&ctx, data, data_len);
	hmac_sha512_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha512_usingrawkey);

#ifdef sha512_mod_init_arch
static int __init sha512_mod_init(void)
{
	sha512_mod_init_arch();
	return 0;
}
subsys_initcall(sha512_mod_init);
#endif

MODULE_DESCRIPTION("SHA-384, SHA-512, HMAC-SHA384 and HMAC-SHA512 library functions");
MODULE_LICENSE("GPL");
