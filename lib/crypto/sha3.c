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
 * chi along one output row, from its five lanes after theta, rho and pi:
 * E[X] = B[X] ^ (~B[X+1] & B[X+2]).
 */
static __always_inline void keccak_row(u64 e[5], u64 b0, u64 b1, u64 b2,
				       u64 b3, u64 b4)
{
	e[0] = b0 ^ (~b1 & b2);
	e[1] = b1 ^ (~b2 & b3);
	e[2] = b2 ^ (~b3 & b4);
	e[3] = b3 ^ (~b4 & b0);
	e[4] = b4 ^ (~b0 & b1);
}

/*
 * One round from the 25 lanes @a (lane x + 5y) into @e, so that two rounds
 * alternate between two local arrays which, every index being a constant
 * once inlined, the compiler keeps in registers.
 *
 * theta: D[x] = C[x-1] ^ rol(C[x+1], 1), C[x] the parity of column x.
 * rho and pi: lane (x, y) rotated by its offset moves to (y, 2x + 3y).  So
 * output row Y, position X, comes from input lane (X + 3Y, X) (mod 5); each
 * keccak_row() call lists those five sources with their rotations.
 * iota: the round constant goes into lane (0, 0).
 */
static __always_inline void keccak_round(const u64 a[25], u64 e[25], u64 rc)
{
	u64 c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
	u64 c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
	u64 c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
	u64 c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
	u64 c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
	u64 d0 = c4 ^ rol64(c1, 1), d1 = c0 ^ rol64(c2, 1);
	u64 d2 = c1 ^ rol64(c3, 1), d3 = c2 ^ rol64(c4, 1);
	u64 d4 = c3 ^ rol64(c0, 1);

	keccak_row(&e[0], a[0] ^ d0, rol64(a[6] ^ d1, 44),
		   rol64(a[12] ^ d2, 43), rol64(a[18] ^ d3, 21),
		   rol64(a[24] ^ d4, 14));
	e[0] ^= rc;
	keccak_row(&e[5], rol64(a[3] ^ d3, 28), rol64(a[9] ^ d4, 20),
		   rol64(a[10] ^ d0, 3), rol64(a[16] ^ d1, 45),
		   rol64(a[22] ^ d2, 61));
	keccak_row(&e[10], rol64(a[1] ^ d1, 1), rol64(a[7] ^ d2, 6),
		   rol64(a[13] ^ d3, 25), rol64(a[19] ^ d4, 8),
		   rol64(a[20] ^ d0, 18));
	keccak_row(&e[15], rol64(a[4] ^ d4, 27), rol64(a[5] ^ d0, 36),
		   rol64(a[11] ^ d1, 10), rol64(a[17] ^ d2, 15),
		   rol64(a[23] ^ d3, 56));
	keccak_row(&e[20], rol64(a[2] ^ d2, 62), rol64(a[8] ^ d3, 55),
		   rol64(a[14] ^ d4, 39), rol64(a[15] ^ d0, 41),
		   rol64(a[21] ^ d1, 2));
}

/* Generic Keccak-f[1600]: 24 rounds, two per iteration. */
static void sha3_keccakf_generic(struct sha3_state *state)
{
	u64 a[25], e[25];
	int i;

	for (i = 0; i < 25; i++)
		a[i] = le64_to_cpu(state->words[i]);

	for (i = 0; i < 24; i += 2) {
		keccak_round(a, e, keccakf_rc[i]);
		keccak_round(e, a, keccakf_rc[i + 1]);
	}

	for (i = 0; i < 25; i++)
		state->words[i] = cpu_to_le64(a[i]);
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

void hmac_sha3_224_preparekey(struct hmac_sha3_224_key *key,
			      const u8 *raw_key, size_t raw_key_len)
{
	hmac_sha3_prepare_states(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, SHA3_224_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_224_preparekey);

void hmac_sha3_224_init_usingrawkey(struct hmac_sha3_224_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha3_init_usingrawkey(&ctx->ctx, raw_key, raw_key_len,
				     SHA3_224_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_224_init_usingrawkey);

void hmac_sha3_224_final(struct hmac_sha3_224_ctx *ctx,
			 u8 out[SHA3_224_DIGEST_SIZE])
{
	__hmac_sha3_final(&ctx->ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_224_final);

void hmac_sha3_224(const struct hmac_sha3_224_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_224_DIGEST_SIZE])
{
	struct hmac_sha3_224_ctx ctx;

	hmac_sha3_224_init(&ctx, key);
	hmac_sha3_224_update(&ctx, data, data_len);
	hmac_sha3_224_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_224);

void hmac_sha3_224_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_224_DIGEST_SIZE])
{
	struct hmac_sha3_224_ctx ctx;

	hmac_sha3_224_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha3_224_update(&ctx, data, data_len);
	hmac_sha3_224_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_224_usingrawkey);

void hmac_sha3_256_preparekey(struct hmac_sha3_256_key *key,
			      const u8 *raw_key, size_t raw_key_len)
{
	hmac_sha3_prepare_states(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, SHA3_256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_256_preparekey);

void hmac_sha3_256_init_usingrawkey(struct hmac_sha3_256_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha3_init_usingrawkey(&ctx->ctx, raw_key, raw_key_len,
				     SHA3_256_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_256_init_usingrawkey);

void hmac_sha3_256_final(struct hmac_sha3_256_ctx *ctx,
			 u8 out[SHA3_256_DIGEST_SIZE])
{
	__hmac_sha3_final(&ctx->ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_256_final);

void hmac_sha3_256(const struct hmac_sha3_256_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_256_DIGEST_SIZE])
{
	struct hmac_sha3_256_ctx ctx;

	hmac_sha3_256_init(&ctx, key);
	hmac_sha3_256_update(&ctx, data, data_len);
	hmac_sha3_256_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_256);

void hmac_sha3_256_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_256_DIGEST_SIZE])
{
	struct hmac_sha3_256_ctx ctx;

	hmac_sha3_256_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha3_256_update(&ctx, data, data_len);
	hmac_sha3_256_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_256_usingrawkey);

void hmac_sha3_384_preparekey(struct hmac_sha3_384_key *key,
			      const u8 *raw_key, size_t raw_key_len)
{
	hmac_sha3_prepare_states(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, SHA3_384_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_384_preparekey);

void hmac_sha3_384_init_usingrawkey(struct hmac_sha3_384_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha3_init_usingrawkey(&ctx->ctx, raw_key, raw_key_len,
				     SHA3_384_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_384_init_usingrawkey);

void hmac_sha3_384_final(struct hmac_sha3_384_ctx *ctx,
			 u8 out[SHA3_384_DIGEST_SIZE])
{
	__hmac_sha3_final(&ctx->ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_384_final);

void hmac_sha3_384(const struct hmac_sha3_384_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_384_DIGEST_SIZE])
{
	struct hmac_sha3_384_ctx ctx;

	hmac_sha3_384_init(&ctx, key);
	hmac_sha3_384_update(&ctx, data, data_len);
	hmac_sha3_384_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_384);

void hmac_sha3_384_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_384_DIGEST_SIZE])
{
	struct hmac_sha3_384_ctx ctx;

	hmac_sha3_384_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha3_384_update(&ctx, data, data_len);
	hmac_sha3_384_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_384_usingrawkey);

void hmac_sha3_512_preparekey(struct hmac_sha3_512_key *key,
			      const u8 *raw_key, size_t raw_key_len)
{
	hmac_sha3_prepare_states(&key->key.istate, &key->key.ostate,
				 raw_key, raw_key_len, SHA3_512_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_512_preparekey);

void hmac_sha3_512_init_usingrawkey(struct hmac_sha3_512_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len)
{
	__hmac_sha3_init_usingrawkey(&ctx->ctx, raw_key, raw_key_len,
				     SHA3_512_DIGEST_SIZE);
}
EXPORT_SYMBOL_GPL(hmac_sha3_512_init_usingrawkey);

void hmac_sha3_512_final(struct hmac_sha3_512_ctx *ctx,
			 u8 out[SHA3_512_DIGEST_SIZE])
{
	__hmac_sha3_final(&ctx->ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_512_final);

void hmac_sha3_512(const struct hmac_sha3_512_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_512_DIGEST_SIZE])
{
	struct hmac_sha3_512_ctx ctx;

	hmac_sha3_512_init(&ctx, key);
	hmac_sha3_512_update(&ctx, data, data_len);
	hmac_sha3_512_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(hmac_sha3_512);

void hmac_sha3_512_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_512_DIGEST_SIZE])
{
	struct hmac_sha3_512_ctx ctx;

	hmac_sha3_512_init_usingrawkey(&ctx, raw_key, raw_key_len);
	hmac_sha3_512_update(&ctx, data, data_len);
	hmac_sha3_512_final(&ctx, out);
}
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
