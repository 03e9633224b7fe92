// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SHA-224 and SHA-256 (FIPS 180-4), HMAC-SHA224 and HMAC-SHA256 (RFC 2104),
 * and sha256_finup_2x(), the two-message interface that lets an interleaved
 * implementation hide the latency of the SHA-256 round instructions.
 *
 * The compression function is the only part with arch implementations; they
 * live in $(SRCARCH)/sha256.h, which this file includes at one point.
 */

#include <crypto/hmac.h>
#include <crypto/sha2.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static const struct sha256_block_state sha224_iv = {
	.h = { SHA224_H0, SHA224_H1, SHA224_H2, SHA224_H3,
	       SHA224_H4, SHA224_H5, SHA224_H6, SHA224_H7 },
};

static const struct sha256_ctx sha256_initial_ctx = {
	.ctx.state.h = { SHA256_H0, SHA256_H1, SHA256_H2, SHA256_H3,
			 SHA256_H4, SHA256_H5, SHA256_H6, SHA256_H7 },
};

#define sha256_iv (sha256_initial_ctx.ctx.state)

const u8 sha224_zero_message_hash[SHA224_DIGEST_SIZE] = {
	0xd1, 0x4a, 0x02, 0x8c, 0x2a, 0x3a, 0x2b, 0xc9, 0x47, 0x61,
	0x02, 0xbb, 0x28, 0x82, 0x34, 0xc4, 0x15, 0xa2, 0xb0, 0x1f,
	0x82, 0x8e, 0xa6, 0x2a, 0xc5, 0xb3, 0xe4, 0x2f,
};
EXPORT_SYMBOL_GPL(sha224_zero_message_hash);

const u8 sha256_zero_message_hash[SHA256_DIGEST_SIZE] = {
	0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4,
	0xc8, 0x99, 0x6f, 0xb9, 0x24, 0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b,
	0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55,
};
EXPORT_SYMBOL_GPL(sha256_zero_message_hash);

/* Round constants, FIPS 180-4 section 4.2.2 */
static const u32 sha256_round_constants[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline u32 sha256_bsig0(u32 x)
{
	return ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22);
}

static inline u32 sha256_bsig1(u32 x)
{
	return ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25);
}

static inline u32 sha256_ssig0(u32 x)
{
	return ror32(x, 7) ^ ror32(x, 18) ^ (x >> 3);
}

static inline u32 sha256_ssig1(u32 x)
{
	return ror32(x, 17) ^ ror32(x, 19) ^ (x >> 10);
}

/*
 * One round, FIPS 180-4 section 6.2.2 step 3.  Instead of shifting the eight
 * working variables, each round is called with them rotated by one place, so
 * only d and h are written.
 */
static __always_inline void sha256_round(u32 a, u32 b, u32 c, u32 *d,
					 u32 e, u32 f, u32 g, u32 *h, u32 kw)
{
	u32 t1 = *h + sha256_bsig1(e) + (g ^ (e & (f ^ g))) + kw;

	*d += t1;
	*h = t1 + sha256_bsig0(a) + ((a & b) | (c & (a | b)));
}

/*
 * Message schedule word W[t] for t >= 16, in a 16-word ring: j = t mod 16,
 * and w[j] still holds W[t - 16].
 */
static __always_inline u32 sha256_expand(u32 w[16], int j)
{
	w[j] += sha256_ssig1(w[(j - 2) & 15]) + w[(j - 7) & 15] +
		sha256_ssig0(w[(j - 15) & 15]);
	return w[j];
}

/*
 * Schedule word for ring slot j: the next 16 message words while @load (the
 * first 16 rounds), the expanded schedule afterwards.
 */
static __always_inline u32 sha256_w(u32 w[16], const u8 *block, int j,
				    bool load)
{
	if (load) {
		w[j] = get_unaligned_be32(block + 4 * j);
		return w[j];
	}
	return sha256_expand(w, j);
}

/*
 * Eight rounds: t is the round number of the first one and j (0 or 8) its
 * place in the 16-word schedule ring, so ring indices are constants and t
 * only indexes the round constants.  The working variables come back to their
 * original places after eight rounds.
 */
#define SHA256_8ROUNDS(t, j, load)					\
	do {								\
		const u32 *k_ = &K[t];					\
		const int j_ = (j);					\
		const bool ld_ = (load);				\
									\
		sha256_round(a, b, c, &d, e, f, g, &h,			\
			     k_[0] + sha256_w(w, block, j_ + 0, ld_));	\
		sha256_round(h, a, b, &c, d, e, f, &g,			\
			     k_[1] + sha256_w(w, block, j_ + 1, ld_));	\
		sha256_round(g, h, a, &b, c, d, e, &f,			\
			     k_[2] + sha256_w(w, block, j_ + 2, ld_));	\
		sha256_round(f, g, h, &a, b, c, d, &e,			\
			     k_[3] + sha256_w(w, block, j_ + 3, ld_));	\
		sha256_round(e, f, g, &h, a, b, c, &d,			\
			     k_[4] + sha256_w(w, block, j_ + 4, ld_));	\
		sha256_round(d, e, f, &g, h, a, b, &c,			\
			     k_[5] + sha256_w(w, block, j_ + 5, ld_));	\
		sha256_round(c, d, e, &f, g, h, a, &b,			\
			     k_[6] + sha256_w(w, block, j_ + 6, ld_));	\
		sha256_round(b, c, d, &e, f, g, h, &a,			\
			     k_[7] + sha256_w(w, block, j_ + 7, ld_));	\
	} while (0)

static void sha256_block_generic(struct sha256_block_state *state,
				 const u8 *block, u32 w[16])
{
	const u32 *K = sha256_round_constants;
	u32 a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
	u32 e = state->h[4], f = state->h[5], g = state->h[6], h = state->h[7];
	int t;

	SHA256_8ROUNDS(0, 0, true);
	SHA256_8ROUNDS(8, 8, true);
	for (t = 16; t < 64; t += 16) {
		SHA256_8ROUNDS(t, 0, false);
		SHA256_8ROUNDS(t + 8, 8, false);
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
sha256_blocks_generic(struct sha256_block_state *state,
		      const u8 *data, size_t nblocks)
{
	u32 w[16];

	while (nblocks--) {
		sha256_block_generic(state, data, w);
		data += SHA256_BLOCK_SIZE;
	}
	memzero_explicit(w, sizeof(w));
}

static void sha256_store_digest(const struct sha256_block_state *state,
				u8 *out, size_t digest_size)
{
	for (size_t i = 0; i < digest_size / 4; i++)
		put_unaligned_be32(state->h[i], out + 4 * i);
}

/*
 * sha256_finup_2x() for arch code that has a 2-way interleaved block function
 * blocks_2x(states, data1, data2, nblocks), which compresses nblocks blocks
 * of data1 into states[0] and of data2 into states[1].  The partial block
 * buffered in @ctx and the final padding are assembled on the stack, so that
 * the interleaved code does every compression of both messages, the first
 * and the last included.  The caller holds the SIMD unit.
 */
static __always_inline void __maybe_unused
sha256_finup_2x_interleaved(const struct __sha256_ctx *ctx,
			    const u8 *data1, const u8 *data2, size_t len,
			    u8 out1[SHA256_DIGEST_SIZE],
			    u8 out2[SHA256_DIGEST_SIZE],
			    void (*blocks_2x)(struct sha256_block_state st[2],
					      const u8 *data1, const u8 *data2,
					      size_t nblocks))
{
	struct sha256_block_state st[2] = { ctx->state, ctx->state };
	u8 blk[2][2 * SHA256_BLOCK_SIZE] __aligned(16);
	size_t used = ctx->bytecount % SHA256_BLOCK_SIZE;
	u64 bits = (ctx->bytecount + len) << 3;
	size_t n;

	/* Complete the buffered block with the head of each message. */
	if (used && len >= SHA256_BLOCK_SIZE - used) {
		n = SHA256_BLOCK_SIZE - used;
		memcpy(blk[0], ctx->buf, used);
		memcpy(&blk[0][used], data1, n);
		memcpy(blk[1], ctx->buf, used);
		memcpy(&blk[1][used], data2, n);
		blocks_2x(st, blk[0], blk[1], 1);
		data1 += n;
		data2 += n;
		len -= n;
		used = 0;
	}

	/* Whole blocks straight from the callers' buffers. */
	n = len / SHA256_BLOCK_SIZE;
	if (n) {
		blocks_2x(st, data1, data2, n);
		n *= SHA256_BLOCK_SIZE;
		data1 += n;
		data2 += n;
		len -= n;
	}

	/* What is left (used + len < 64 bytes) and the padding. */
	memcpy(blk[0], ctx->buf, used);
	memcpy(&blk[0][used], data1, len);
	memcpy(blk[1], ctx->buf, used);
	memcpy(&blk[1][used], data2, len);
	used += len;
	n = used < SHA256_BLOCK_SIZE - 8 ? 1 : 2;
	for (int i = 0; i < 2; i++) {
		blk[i][used] = 0x80;
		memset(&blk[i][used + 1], 0,
		       n * SHA256_BLOCK_SIZE - 8 - (used + 1));
		put_unaligned_be64(bits, &blk[i][n * SHA256_BLOCK_SIZE - 8]);
	}
	blocks_2x(st, blk[0], blk[1], n);
	sha256_store_digest(&st[0], out1, SHA256_DIGEST_SIZE);
	sha256_store_digest(&st[1], out2, SHA256_DIGEST_SIZE);
	memzero_explicit(blk, n * SHA256_BLOCK_SIZE);
	memzero_explicit(&blk[1], n * SHA256_BLOCK_SIZE);
}

/*
 * The kexec purgatory builds this file on its own with __DISABLE_EXPORTS
 * defined: it runs before the kernel, so it gets the generic code only.
 */
#if defined(CONFIG_CRYPTO_LIB_SHA256_ARCH) && !defined(__DISABLE_EXPORTS)
#include "sha256.h" /* $(SRCARCH)/sha256.h */
#else
#define sha256_blocks sha256_blocks_generic
#endif

static void __sha256_init(struct __sha256_ctx *ctx,
			  const struct sha256_block_state *iv,
			  u64 initial_bytecount)
{
	ctx->state = *iv;
	ctx->bytecount = initial_bytecount;
}

void sha224_init(struct sha224_ctx *ctx)
{
	__sha256_init(&ctx->ctx, &sha224_iv, 0);
}
EXPORT_SYMBOL_GPL(sha224_init);

void sha256_init(struct sha256_ctx *ctx)
{
	__sha256_init(&ctx->ctx, &sha256_iv, 0);
}
EXPORT_SYMBOL_GPL(sha256_init);

void __sha256_update(struct __sha256_ctx *ctx, const u8 *data, size_t len)
{
	size_t used = ctx->bytecount % SHA256_BLOCK_SIZE;
	size_t nblocks;

	ctx->bytecount += len;

	/* Top up a partly filled buffer first. */
	if (used) {
		size_t n = min(len, SHA256_BLOCK_SIZE - used);

		memcpy(&ctx->buf[used], data, n);
		data += n;
		len -= n;
		if (used + n < SHA256_BLOCK_SIZE)
			return;
		sha256_blocks(&ctx->state, ctx->buf, 1);
	}

	/* Whole blocks straight from the caller's buffer. */
	nblocks = len / SHA256_BLOCK_SIZE;
	if (nblocks) {
		sha256_blocks(&ctx->state, data, nblocks);
		data += nblocks * SHA256_BLOCK_SIZE;
		len -= nblocks * SHA256_BLOCK_SIZE;
	}
	memcpy(ctx->buf, data, len);
}
EXPORT_SYMBOL_GPL(__sha256_update);

/*
 * Pad the buffered tail (0x80, zeroes, 64-bit big-endian bit count) and run
 * the last one or two blocks.  Leaves the digest in ctx->state.
 */
static void __sha256_pad_and_finish(struct __sha256_ctx *ctx)
{
	size_t used = ctx->bytecount % SHA256_BLOCK_SIZE;
	u64 bits = ctx->bytecount << 3;

	ctx->buf[used++] = 0x80;
	if (used > SHA256_BLOCK_SIZE - 8) {
		memset(&ctx->buf[used], 0, SHA256_BLOCK_SIZE - used);
		sha256_blocks(&ctx->state, ctx->buf, 1);
		used = 0;
	}
	memset(&ctx->buf[used], 0, SHA256_BLOCK_SIZE - 8 - used);
	put_unaligned_be64(bits, &ctx->buf[SHA256_BLOCK_SIZE - 8]);
	sha256_blocks(&ctx->state, ctx->buf, 1);
}

static void __sha256_final(struct __sha256_ctx *ctx, u8 *out,
			   size_t digest_size)
{
	__sha256_pad_and_finish(ctx);
	sha256_store_digest(&ctx->state, out, digest_size);
	memzero_explicit(ctx, sizeof(*ctx));
}

void sha224_final(struct sha224_ctx *ctx, u8 out[SHA224_DIGEST_SIZE])
{
	__sha256_final(&ctx->ctx, out, SHA224_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(sha224_final);

void sha256_final(struct sha256_ctx *ctx, u8 out[SHA256_DIGEST_SIZE])
{
	__sha256_final(&ctx->ctx, out, SHA256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(sha256_final);

/*
 * Hash without a context, for the one-shot functions: whole blocks straight
 * from the caller's buffer, then the tail and the padding in a local block,
 * so a short message costs one call into the block function and no context
 * is set up or wiped.  @done bytes (a multiple of the block size) have
 * already gone into @state.
 */
static __always_inline void sha256_oneshot(struct sha256_block_state *state,
					   u64 done, const u8 *data,
					   size_t len, u8 *out,
					   size_t digest_size)
{
	u8 blk[2 * SHA256_BLOCK_SIZE] __aligned(16);
	size_t nblocks = len / SHA256_BLOCK_SIZE;
	size_t tail = len % SHA256_BLOCK_SIZE;
	size_t n = tail < SHA256_BLOCK_SIZE - 8 ? 1 : 2;

	if (nblocks)
		sha256_blocks(state, data, nblocks);
	memcpy(blk, data + nblocks * SHA256_BLOCK_SIZE, tail);
	blk[tail] = 0x80;
	memset(&blk[tail + 1], 0, n * SHA256_BLOCK_SIZE - 8 - (tail + 1));
	put_unaligned_be64((done + len) << 3, &blk[n * SHA256_BLOCK_SIZE - 8]);
	sha256_blocks(state, blk, n);
	sha256_store_digest(state, out, digest_size);
	memzero_explicit(blk, n * SHA256_BLOCK_SIZE);
}

void sha224(const u8 *data, size_t len, u8 out[SHA224_DIGEST_SIZE])
{
	struct sha256_block_state state = sha224_iv;

	sha256_oneshot(&state, 0, data, len, out, SHA224_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(sha224);

void sha256(const u8 *data, size_t len, u8 out[SHA256_DIGEST_SIZE])
{
	struct sha256_block_state state = sha256_iv;

	sha256_oneshot(&state, 0, data, len, out, SHA256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(sha256);

/*
 * The arch header defines sha256_finup_2x_arch() when it has an interleaved
 * implementation; it returns false when it cannot take a given call (for
 * example when SIMD is unusable), and the sequential code below runs instead.
 */
#ifndef sha256_finup_2x_arch
static bool sha256_finup_2x_arch(const struct __sha256_ctx *ctx,
				 const u8 *data1, const u8 *data2, size_t len,
				 u8 out1[SHA256_DIGEST_SIZE],
				 u8 out2[SHA256_DIGEST_SIZE])
{
	return false;
}

static bool sha256_finup_2x_is_optimized_arch(void)
{
	return false;
}
#endif

static void sha256_finup_2x_sequential(const struct __sha256_ctx *ctx,
				       const u8 *data1, const u8 *data2,
				       size_t len, u8 out1[SHA256_DIGEST_SIZE],
				       u8 out2[SHA256_DIGEST_SIZE])
{
	struct __sha256_ctx tmp = *ctx;

	__sha256_update(&tmp, data1, len);
	__sha256_final(&tmp, out1, SHA256_DIGEST_SIZE);
	tmp = *ctx;
	__sha256_update(&tmp, data2, len);
	__sha256_final(&tmp, out2, SHA256_DIGEST_SIZE);
}

void sha256_finup_2x(const struct sha256_ctx *ctx, const u8 *data1,
		     const u8 *data2, size_t len, u8 out1[SHA256_DIGEST_SIZE],
		     u8 out2[SHA256_DIGEST_SIZE])
{
	if (!ctx)
		ctx = &sha256_initial_ctx;
	if (likely(sha256_finup_2x_arch(&ctx->ctx, data1, data2, len,
					out1, out2)))
		return;
	sha256_finup_2x_sequential(&ctx->ctx, data1, data2, len, out1, out2);
}
EXPORT_SYMBOL_GPL(sha256_finup_2x);

bool sha256_finup_2x_is_optimized(void)
{
	return sha256_finup_2x_is_optimized_arch();
}
EXPORT_SYMBOL_GPL(sha256_finup_2x_is_optimized);

/*
 * HMAC: absorb (K ^ ipad) and (K ^ opad) once, keep the two chaining values.
 * A key longer than the block is first hashed with the same function.
 */
static void __hmac_sha256_preparekey(struct sha256_block_state *istate,
				     struct sha256_block_state *ostate,
				     const u8 *raw_key, size_t raw_key_len,
				     const struct sha256_block_state *iv)
{
	u8 block[SHA256_BLOCK_SIZE] = { 0 };
	size_t i;

	if (raw_key_len > SHA256_BLOCK_SIZE) {
		struct __sha256_ctx kctx;

		__sha256_init(&kctx, iv, 0);
		__sha256_update(&kctx, raw_key, raw_key_len);
		__sha256_final(&kctx, block, iv == &sha224_iv ?
			       SHA224_DIGEST_SIZE : SHA256_DIGEST_SIZE);
	} else if (raw_key_len) {
		memcpy(block, raw_key, raw_key_len);
	}

	for (i = 0; i < SHA256_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE;
	*istate = *iv;
	sha256_blocks(istate, block, 1);

	for (i = 0; i < SHA256_BLOCK_SIZE; i++)
		block[i] ^= HMAC_IPAD_VALUE ^ HMAC_OPAD_VALUE;
	*ostate = *iv;
	sha256_blocks(ostate, block, 1);

	memzero_explicit(block, sizeof(block));
}

void hmac_sha224_preparekey(struct hmac_sha224_key *key,
			    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha256_preparekey(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, &sha224_iv);
}
EXPORT_SYMBOL_GPL(hmac_sha224_preparekey);

void hmac_sha256_preparekey(struct hmac_sha256_key *key,
			    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha256_preparekey(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, &sha256_iv);
}
EXPORT_SYMBOL_GPL(hmac_sha256_preparekey);

void __hmac_sha256_init(struct __hmac_sha256_ctx *ctx,
			const struct __hmac_sha256_key *key)
{
	__sha256_init(&ctx->sha_ctx, &key->istate, SHA256_BLOCK_SIZE);
	ctx->ostate = key->ostate;
}
EXPORT_SYMBOL_GPL(__hmac_sha256_init);

void hmac_sha224_init_usingrawkey(struct hmac_sha224_ctx *ctx,
				  const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha256_preparekey(&ctx->ctx.sha_ctx.state, &ctx->ctx.ostate,
				 raw_key, raw_key_len, &sha224_iv);
	ctx->ctx.sha_ctx.bytecount = SHA256_BLOCK_SIZE;
}
EXPORT_SYMBOL_GPL(hmac_sha224_init_usingrawkey);

void hmac_sha256_init_usingrawkey(struct hmac_sha256_ctx *ctx,
				  const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha256_preparekey(&ctx->ctx.sha_ctx.state, &ctx->ctx.ostate,
				 raw_key, raw_key_len, &sha256_iv);
	ctx->ctx.sha_ctx.bytecount = SHA256_BLOCK_SIZE;
}
EXPORT_SYMBOL_GPL(hmac_sha256_init_usingrawkey);

/*
 * The outer hash input is always one block: the inner digest, then padding
 * for a message of (block + digest) bytes.  Build it in place in the inner
 * context's buffer and run a single compression on the outer state.
 */
static void __hmac_sha256_final(struct __hmac_sha256_ctx *ctx, u8 *out,
				size_t digest_size)
{
	u8 *blk = ctx->sha_ctx.buf;

	__sha256_pad_and_finish(&ctx->sha_ctx);
	sha256_store_digest(&ctx->sha_ctx.state, blk, digest_size);
	memset(&blk[digest_size], 0, SHA256_BLOCK_SIZE - digest_size);
	blk[digest_size] = 0x80;
	put_unaligned_be64(8 * (SHA256_BLOCK_SIZE + digest_size),
			   &blk[SHA256_BLOCK_SIZE - 8]);
	sha256_blocks(&ctx->ostate, blk, 1);
	sha256_store_digest(&ctx->ostate, out, digest_size);
	memzero_explicit(ctx, sizeof(*ctx));
}

void hmac_sha224_final(struct hmac_sha224_ctx *ctx, u8 out[SHA224_DIGEST_SIZE])
{
	__hmac_sha256_final(&ctx->ctx, out, SHA224_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha224_final);

void hmac_sha256_final(struct hmac_sha256_ctx *ctx, u8 out[SHA256_DIGEST_SIZE])
{
	__hmac_sha256_final(&ctx->ctx, out, SHA256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha256_final);

/*
 * One-shot HMAC with a prepared key: the inner hash through sha256_oneshot(),
 * then the single outer block built in place.
 */
static void __hmac_sha256(const struct __hmac_sha256_key *key,
			  const u8 *data, size_t data_len, u8 *out,
			  size_t digest_size)
{
	struct sha256_block_state state = key->istate;
	u8 blk[SHA256_BLOCK_SIZE] __aligned(16);

	sha256_oneshot(&state, SHA256_BLOCK_SIZE, data, data_len, blk,
		       digest_size);
	blk[digest_size] = 0x80;
	memset(&blk[digest_size + 1], 0,
	       SHA256_BLOCK_SIZE - 8 - (digest_size + 1));
	put_unaligned_be64(8 * (SHA256_BLOCK_SIZE + digest_size),
			   &blk[SHA256_BLOCK_SIZE - 8]);
	state = key->ostate;
	sha256_blocks(&state, blk, 1);
	sha256_store_digest(&state, out, digest_size);
	memzero_explicit(blk, sizeof(blk));
	memzero_explicit(&state, sizeof(state));
}

void hmac_sha224(const struct hmac_sha224_key *key,
		 const u8 *data, size_t data_len, u8 out[SHA224_DIGEST_SIZE])
{
	__hmac_sha256(&key->key, data, data_len, out, SHA224_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha224);

void hmac_sha256(const struct hmac_sha256_key *key,
		 const u8 *data, size_t data_len, u8 out[SHA256_DIGEST_SIZE])
{
	__hmac_sha256(&key->key, data, data_len, out, SHA256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha256);

void hmac_sha224_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			     const u8 *data, size_t data_len,
			     u8 out[SHA224_DIGEST_SIZE])
{
	struct hmac_sha224_ctx ctx;

	hmac_sha224_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha224_update(&ctx, data, data_len);
	hmac_sha224_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha224_usingrawkey);

void hmac_sha256_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			     const u8 *data, size_t data_len,
			     u8 out[SHA256_DIGEST_SIZE])
{
	struct hmac_sha256_ctx ctx;

	hmac_sha256_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha256_update(&ctx, data, data_len);
	hmac_sha256_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha256_usingrawkey);

#ifdef sha256_mod_init_arch
static int __init sha256_mod_init(void)
{
	sha256_mod_init_arch();
	return 0;
}
subsys_initcall(sha256_mod_init);
#endif

MODULE_DESCRIPTION("SHA-224, SHA-256, HMAC-SHA224 and HMAC-SHA256 library functions");
MODULE_LICENSE("GPL");
