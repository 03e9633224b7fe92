// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SHA-3 (FIPS 202): the Keccak-f[1600] permutation, the sponge, SHA3-224/
 * 256/384/512 and the SHAKE128/256 extendable-output functions.
 *
 * The permutation is the only part with arch implementations; they live in
 * $(SRCARCH)/sha3.h, which this file includes at one point.
 */

#include <crypto/hmac.h>
#include <crypto/sha3.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

/* Iota round constants, FIPS 202 section 3.2.5 */
static const u64 keccakf_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/*
 * One round, reading the 25 lanes named A##00..A##24 (lane x + 5y) and
 * writing E##00..E##24, so that two rounds alternate between two sets of
 * local variables and no lane is ever copied.
 *
 * theta: D[x] = C[x-1] ^ rol(C[x+1], 1), C[x] the parity of column x.
 * rho and pi: lane (x, y) rotated by its offset moves to (y, 2x + 3y).  So
 * output row Y, position X, comes from input lane (X + 3Y, X) (mod 5); each
 * KECCAK_ROW below lists those five sources with their rotations.
 * chi: E[X, Y] = B[X] ^ (~B[X+1] & B[X+2]) along the row.
 * iota: the round constant goes into lane (0, 0).
 */
#define KECCAK_ROW(E, Y, s0, r0, d0, s1, r1, d1, s2, r2, d2, s3, r3, d3,	\
		   s4, r4, d4)							\
	do {									\
		u64 b0 = rol64(s0 ^ d0, r0), b1 = rol64(s1 ^ d1, r1);		\
		u64 b2 = rol64(s2 ^ d2, r2), b3 = rol64(s3 ^ d3, r3);		\
		u64 b4 = rol64(s4 ^ d4, r4);					\
										\
		E##Y##0 = b0 ^ (~b1 & b2);					\
		E##Y##1 = b1 ^ (~b2 & b3);					\
		E##Y##2 = b2 ^ (~b3 & b4);					\
		E##Y##3 = b3 ^ (~b4 & b0);					\
		E##Y##4 = b4 ^ (~b0 & b1);					\
	} while (0)

#define KECCAK_ROUND(A, E, rc)							\
	do {									\
		u64 c0 = A##00 ^ A##10 ^ A##20 ^ A##30 ^ A##40;			\
		u64 c1 = A##01 ^ A##11 ^ A##21 ^ A##31 ^ A##41;			\
		u64 c2 = A##02 ^ A##12 ^ A##22 ^ A##32 ^ A##42;			\
		u64 c3 = A##03 ^ A##13 ^ A##23 ^ A##33 ^ A##43;			\
		u64 c4 = A##04 ^ A##14 ^ A##24 ^ A##34 ^ A##44;			\
		u64 d0 = c4 ^ rol64(c1, 1), d1 = c0 ^ rol64(c2, 1);		\
		u64 d2 = c1 ^ rol64(c3, 1), d3 = c2 ^ rol64(c4, 1);		\
		u64 d4 = c3 ^ rol64(c0, 1);					\
										\
		KECCAK_ROW(E, 0, A##00, 0, d0, A##11, 44, d1, A##22, 43, d2,	\
			   A##33, 21, d3, A##44, 14, d4);			\
		E##00 ^= (rc);							\
		KECCAK_ROW(E, 1, A##03, 28, d3, A##14, 20, d4, A##20, 3, d0,	\
			   A##31, 45, d1, A##42, 61, d2);			\
		KECCAK_ROW(E, 2, A##01, 1, d1, A##12, 6, d2, A##23, 25, d3,	\
			   A##34, 8, d4, A##40, 18, d0);			\
		KECCAK_ROW(E, 3, A##04, 27, d4, A##10, 36, d0, A##21, 10, d1,	\
			   A##32, 15, d2, A##43, 56, d3);			\
		KECCAK_ROW(E, 4, A##02, 62, d2, A##13, 55, d3, A##24, 39, d4,	\
			   A##30, 41, d0, A##41, 2, d1);			\
	} while (0)

/*
 * Lanes are named by (row, column) digits: a23 is lane x = 3, y = 2, i.e.
 * state word 13.  These two macros move all 25 between the state and locals.
 */
#define KECCAK_FOR_LANES(OP)							\
	OP(00, 0)  OP(01, 1)  OP(02, 2)  OP(03, 3)  OP(04, 4)			\
	OP(10, 5)  OP(11, 6)  OP(12, 7)  OP(13, 8)  OP(14, 9)			\
	OP(20, 10) OP(21, 11) OP(22, 12) OP(23, 13) OP(24, 14)			\
	OP(30, 15) OP(31, 16) OP(32, 17) OP(33, 18) OP(34, 19)			\
	OP(40, 20) OP(41, 21) OP(42, 22) OP(43, 23) OP(44, 24)
#define KECCAK_LOAD(n, i)	u64 a##n = le64_to_cpu(state->words[i]), e##n;
#define KECCAK_STORE(n, i)	state->words[i] = cpu_to_le64(a##n);

/* Generic Keccak-f[1600]: 24 rounds, two per iteration. */
static void sha3_keccakf_generic(struct sha3_state *state)
{
	KECCAK_FOR_LANES(KECCAK_LOAD)

	for (int round = 0; round < 24; round += 2) {
		KECCAK_ROUND(a, e, keccakf_rc[round]);
		KECCAK_ROUND(e, a, keccakf_rc[round + 1]);
	}

	KECCAK_FOR_LANES(KECCAK_STORE)
}

/* XOR len bytes into the state starting at byte offset off */
static void sha3_xor_bytes(struct sha3_state *state, size_t off,
			   const u8 *in, size_t len)
{
	u8 *p = &state->bytes[off];

	while (len >= 8 && !(off & 7)) {
		put_unaligned_le64(get_unaligned_le64(p) ^
				   get_unaligned_le64(in), p);
		p += 8;
		in += 8;
		len -= 8;
	}
	while (len--)
		*p++ ^= *in++;
}

/* Absorb nblocks (>= 1) whole blocks of block_size bytes, permuting after each */
static void __maybe_unused
sha3_absorb_blocks_generic(struct sha3_state *state, const u8 *data,
			   size_t nblocks, size_t block_size)
{
	do {
		for (size_t i = 0; i < block_size / 8; i++)
			state->words[i] ^= cpu_to_le64(get_unaligned_le64(data + 8 * i));
		sha3_keccakf_generic(state);
		data += block_size;
	} while (--nblocks);
}

#ifdef CONFIG_CRYPTO_LIB_SHA3_ARCH
#include "sha3.h" /* $(SRCARCH)/sha3.h */
#else
#define sha3_keccakf		sha3_keccakf_generic
#define sha3_absorb_blocks	sha3_absorb_blocks_generic
#endif

void __sha3_update(struct __sha3_ctx *ctx, const u8 *in, size_t in_len)
{
	const size_t bs = ctx->block_size;
	size_t off = ctx->absorb_offset;

	/* Input after the first squeeze is a caller bug; ignore it loudly. */
	if (WARN_ON_ONCE(off >= bs))
		return;

	if (off) {
		size_t n = min(in_len, bs - off);

		sha3_xor_bytes(&ctx->state, off, in, n);
		in += n;
		in_len -= n;
		off += n;
		if (off < bs) {
			ctx->absorb_offset = off;
			return;
		}
		sha3_keccakf(&ctx->state);
		off = 0;
	}
	if (in_len >= bs) {
		size_t nblocks = in_len / bs;

		sha3_absorb_blocks(&ctx->state, in, nblocks, bs);
		in += nblocks * bs;
		in_len -= nblocks * bs;
	}
	sha3_xor_bytes(&ctx->state, 0, in, in_len);
	ctx->absorb_offset = in_len;
}
EXPORT_SYMBOL_GPL(__sha3_update);

/*
 * Append the domain-separation suffix (SHA-3: bits 01, SHAKE: bits 1111),
 * then pad10*1, and run the final permutation.
 */
static void sha3_pad_and_permute(struct __sha3_ctx *ctx, u8 suffix)
{
	ctx->state.bytes[ctx->absorb_offset] ^= suffix;
	ctx->state.bytes[ctx->block_size - 1] ^= 0x80;
	sha3_keccakf(&ctx->state);
}

void sha3_final(struct sha3_ctx *ctx, u8 *out)
{
	sha3_pad_and_permute(&ctx->ctx, 0x06);
	memcpy(out, ctx->ctx.state.bytes, ctx->ctx.digest_size);
	sha3_zeroize_ctx(ctx);
}
EXPORT_SYMBOL_GPL(sha3_final);

/*
 * Squeezing state: absorb_offset == block_size marks "squeezing has begun";
 * squeeze_offset is then the number of bytes of the current output block
 * already handed out (block_size: none left, permute before the next byte).
 */
void shake_squeeze(struct shake_ctx *shake_ctx, u8 *out, size_t out_len)
{
	struct __sha3_ctx *ctx = &shake_ctx->ctx;
	const size_t bs = ctx->block_size;
	size_t off = ctx->squeeze_offset;

	if (ctx->absorb_offset < bs) {
		sha3_pad_and_permute(ctx, 0x1f);
		ctx->absorb_offset = bs;
		off = 0;
	}
	while (out_len) {
		size_t n;

		if (off == bs) {
			sha3_keccakf(&ctx->state);
			off = 0;
		}
		n = min(out_len, bs - off);
		memcpy(out, &ctx->state.bytes[off], n);
		out += n;
		out_len -= n;
		off += n;
	}
	ctx->squeeze_offset = off;
}
EXPORT_SYMBOL_GPL(shake_squeeze);

static void sha3_oneshot(u8 digest_size, u8 block_size,
			 const u8 *in, size_t in_len, u8 *out)
{
	struct sha3_ctx ctx;

	__sha3_init(&ctx.ctx, digest_size, block_size);
	sha3_update(&ctx, in, in_len);
	sha3_final(&ctx, out);
}

void sha3_224(const u8 *in, size_t in_len, u8 out[SHA3_224_DIGEST_SIZE])
{
	sha3_oneshot(SHA3_224_DIGEST_SIZE, SHA3_224_BLOCK_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_GPL(sha3_224);

void sha3_256(const u8 *in, size_t in_len, u8 out[SHA3_256_DIGEST_SIZE])
{
	sha3_oneshot(SHA3_256_DIGEST_SIZE, SHA3_256_BLOCK_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_GPL(sha3_256);

void sha3_384(const u8 *in, size_t in_len, u8 out[SHA3_384_DIGEST_SIZE])
{
	sha3_oneshot(SHA3_384_DIGEST_SIZE, SHA3_384_BLOCK_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_GPL(sha3_384);

void sha3_512(const u8 *in, size_t in_len, u8 out[SHA3_512_DIGEST_SIZE])
{
	sha3_oneshot(SHA3_512_DIGEST_SIZE, SHA3_512_BLOCK_SIZE, in, in_len, out);
}
EXPORT_SYMBOL_GPL(sha3_512);

void shake128(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	struct shake_ctx ctx;

	shake128_init(&ctx);
	shake_update(&ctx, in, in_len);
	shake_squeeze(&ctx, out, out_len);
	shake_zeroize_ctx(&ctx);
}
EXPORT_SYMBOL_GPL(shake128);

void shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	struct shake_ctx ctx;

	shake256_init(&ctx);
	shake_update(&ctx, in, in_len);
	shake_squeeze(&ctx, out, out_len);
	shake_zeroize_ctx(&ctx);
}
EXPORT_SYMBOL_GPL(shake256);

/*
 * HMAC-SHA3 (FIPS 198-1 with the SHA-3 digests; block size = rate).
 *
 * A key longer than the rate is replaced by its digest.  The padded key XOR
 * ipad (resp. opad) is exactly one rate-sized block, so after absorbing it
 * the sponge state is all there is to keep.
 */
static void hmac_sha3_prepare_states(struct sha3_state *istate,
				     struct sha3_state *ostate,
				     const u8 *raw_key, size_t raw_key_len,
				     size_t digest_size)
{
	const size_t bs = SHA3_STATE_SIZE - 2 * digest_size;
	u8 block[SHA3_224_BLOCK_SIZE] = { 0 };	/* the largest HMAC-SHA3 rate */
	size_t i;

	if (raw_key_len > bs) {
		struct sha3_ctx kctx;

		__sha3_init(&kctx.ctx, digest_size, bs);
		sha3_update(&kctx, raw_key, raw_key_len);
		sha3_final(&kctx, block);
	} else if (raw_key_len) {
		memcpy(block, raw_key, raw_key_len);
	}

	for (i = 0; i < bs; i++)
		block[i] ^= HMAC_IPAD_VALUE;
	memset(istate, 0, sizeof(*istate));
	sha3_absorb_blocks(istate, block, 1, bs);

	for (i = 0; i < bs; i++)
		block[i] ^= HMAC_IPAD_VALUE ^ HMAC_OPAD_VALUE;
	memset(ostate, 0, sizeof(*ostate));
	sha3_absorb_blocks(ostate, block, 1, bs);

	memzero_explicit(block, sizeof(block));
}

void __hmac_sha3_init(struct __hmac_sha3_ctx *ctx,
		      const struct __hmac_sha3_key *key, size_t digest_size)
{
	__sha3_init(&ctx->sha_ctx, digest_size,
		    SHA3_STATE_SIZE - 2 * digest_size);
	ctx->sha_ctx.state = key->istate;
	ctx->ostate = key->ostate;
}
EXPORT_SYMBOL_GPL(__hmac_sha3_init);

static void __hmac_sha3_init_usingrawkey(struct __hmac_sha3_ctx *ctx,
					 const u8 *raw_key, size_t raw_key_len,
					 size_t digest_size)
{
	__sha3_init(&ctx->sha_ctx, digest_size,
		    SHA3_STATE_SIZE - 2 * digest_size);
	hmac_sha3_prepare_states(&ctx->sha_ctx.state, &ctx->ostate,
				 raw_key, raw_key_len, digest_size);
}

/*
 * Finish the inner hash, then absorb its digest into the outer state (the
 * digest is always shorter than the rate) and finish the outer hash.
 */
static void __hmac_sha3_final(struct __hmac_sha3_ctx *ctx, u8 *out)
{
	struct __sha3_ctx *sc = &ctx->sha_ctx;
	const size_t ds = sc->digest_size;
	u8 inner[SHA3_512_DIGEST_SIZE];

	sha3_pad_and_permute(sc, 0x06);
	memcpy(inner, sc->state.bytes, ds);
	sc->state = ctx->ostate;
	sha3_xor_bytes(&sc->state, 0, inner, ds);
	sc->absorb_offset = ds;
	sha3_pad_and_permute(sc, 0x06);
	memcpy(out, sc->state.bytes, ds);
	memzero_explicit(inner, sizeof(inner));
	memzero_explicit(ctx, sizeof(*ctx));
}

#define DEFINE_HMAC_SHA3(bits)							\
void hmac_sha3_##bits##_preparekey(struct hmac_sha3_##bits##_key *key,		\
				   const u8 *raw_key, size_t raw_key_len)	\
{										\
	hmac_sha3_prepare_states(&key->key.istate, &key->key.ostate,		\
				 raw_key, raw_key_len,				\
				 SHA3_##bits##_DIGEST_SIZE);			\
}										\
										\
void hmac_sha3_##bits##_init_usingrawkey(struct hmac_sha3_##bits##_ctx *ctx,	\
					 const u8 *raw_key,			\
					 size_t raw_key_len)			\
{										\
	__hmac_sha3_init_usingrawkey(&ctx->ctx, raw_key, raw_key_len,		\
				     SHA3_##bits##_DIGEST_SIZE);		\
}										\
										\
void hmac_sha3_##bits##_final(struct hmac_sha3_##bits##_ctx *ctx,		\
			      u8 out[SHA3_##bits##_DIGEST_SIZE])		\
{										\
	__hmac_sha3_final(&ctx->ctx, out);					\
}										\
										\
void hmac_sha3_##bits(const struct hmac_sha3_##bits##_key *key,		\
		      const u8 *data, size_t data_len,				\
		      u8 out[SHA3_##bits##_DIGEST_SIZE])			\
{										\
	struct hmac_sha3_##bits##_ctx ctx;					\
										\
	hmac_sha3_##bits##_init(&ctx, key);					\
	hmac_sha3_##bits##_update(&ctx, data, data_len);			\
	hmac_sha3_##bits##_final(&ctx, out);					\
}										\
										\
void hmac_sha3_##bits##_usingrawkey(const u8 *raw_key, size_t raw_key_len,	\
				    const u8 *data, size_t data_len,		\
				    u8 out[SHA3_##bits##_DIGEST_SIZE])		\
{										\
	struct hmac_sha3_##bits##_ctx ctx;					\
										\
	hmac_sha3_##bits##_init_usingrawkey(&ctx, raw_key, raw_key_len);	\
	hmac_sha3_##bits##_update(&ctx, data, data_len);			\
	hmac_sha3_##bits##_final(&ctx, out);					\
}

DEFINE_HMAC_SHA3(224);
DEFINE_HMAC_SHA3(256);
DEFINE_HMAC_SHA3(384);
DEFINE_HMAC_SHA3(512);

/* Spelled out, not generated: these lines are also libkcrypto's export list. */
EXPORT_SYMBOL_GPL(hmac_sha3_224_preparekey);
EXPORT_SYMBOL_GPL(hmac_sha3_224_init_usingrawkey);
EXPORT_SYMBOL_GPL(hmac_sha3_224_final);
EXPORT_SYMBOL_GPL(hmac_sha3_224);
EXPORT_SYMBOL_GPL(hmac_sha3_224_usingrawkey);
EXPORT_SYMBOL_GPL(hmac_sha3_256_preparekey);
EXPORT_SYMBOL_GPL(hmac_sha3_256_init_usingrawkey);
EXPORT_SYMBOL_GPL(hmac_sha3_256_final);
EXPORT_SYMBOL_GPL(hmac_sha3_256);
EXPORT_SYMBOL_GPL(hmac_sha3_256_usingrawkey);
EXPORT_SYMBOL_GPL(hmac_sha3_384_preparekey);
EXPORT_SYMBOL_GPL(hmac_sha3_384_init_usingrawkey);
EXPORT_SYMBOL_GPL(hmac_sha3_384_final);
EXPORT_SYMBOL_GPL(hmac_sha3_384);
EXPORT_SYMBOL_GPL(hmac_sha3_384_usingrawkey);
EXPORT_SYMBOL_GPL(hmac_sha3_512_preparekey);
EXPORT_SYMBOL_GPL(hmac_sha3_512_init_usingrawkey);
EXPORT_SYMBOL_GPL(hmac_sha3_512_final);
EXPORT_SYMBOL_GPL(hmac_sha3_512);
EXPORT_SYMBOL_GPL(hmac_sha3_512_usingrawkey);

#ifdef sha3_mod_init_arch
static int __init sha3_mod_init(void)
{
	sha3_mod_init_arch();
	return 0;
}
subsys_initcall(sha3_mod_init);
#endif

MODULE_DESCRIPTION("SHA-3, SHAKE and HMAC-SHA3 library functions");
MODULE_LICENSE("GPL");
