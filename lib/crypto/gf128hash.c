// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GHASH (NIST SP 800-38D section 6.4): Y_i = (Y_{i-1} ^ X_i) * H in
 * GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, with GCM's reflected bit
 * order (the first bit of a block is the coefficient of x^0).
 *
 * The generic multiplication is constant time without tables: carry-less
 * 64x64 products come from ordinary integer multiplications of operands
 * thinned out to every fourth bit, so that the carries of each product fall
 * into bit positions that are masked off afterwards.  $(SRCARCH)/gf128hash.h
 * replaces the block loop with carry-less multiply instructions.
 */

#include <crypto/gf128hash.h>
#include <crypto/utils.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

/*
 * Low 64 bits of the carry-less product x * y.  With operands split into
 * the four residue classes of bit positions mod 4, each integer product
 * x_a * y_b has terms only at positions of class (a + b) mod 4, at most 15
 * per position below bit 60 (16 at bits 60..63, whose carry leaves the
 * word), so a position's own bit is the parity of its term count.
 */
static u64 clmul64_lo(u64 x, u64 y)
{
	const u64 m0 = 0x1111111111111111ULL, m1 = m0 << 1;
	const u64 m2 = m0 << 2, m3 = m0 << 3;
	u64 x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
	u64 y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
	u64 z0, z1, z2, z3;

	z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
	z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
	z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
	z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
	return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static inline u64 rev64(u64 x)
{
	x = ((x & 0x5555555555555555ULL) << 1) | ((x >> 1) & 0x5555555555555555ULL);
	x = ((x & 0x3333333333333333ULL) << 2) | ((x >> 2) & 0x3333333333333333ULL);
	x = ((x & 0x0f0f0f0f0f0f0f0fULL) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL);
	return swab64(x);
}

/*
 * Full 127-bit carry-less product.  Reversing both operands reverses the
 * product within 127 bits, so the high half is the reversed low half of
 * the reversed operands' product, shifted by one.
 */
static inline void clmul64(u64 x, u64 y, u64 *hi, u64 *lo)
{
	*lo = clmul64_lo(x, y);
	*hi = rev64(clmul64_lo(rev64(x), rev64(y))) >> 1;
}

/*
 * acc = acc * H.  Elements are 128-bit integers A = a[0]:a[1] loaded
 * big-endian, so coefficient i sits at bit 127 - i.  The 255-bit product
 * (Karatsuba, three 64x64 products) holds coefficient k at bit 254 - k;
 * after a shift by one, the high 128 bits are coefficients 0..127 and the
 * low 128 bits coefficients 128..255, each of which folds back as
 * x^k = x^(k-128) (1 + x + x^2 + x^7): a bit at position p of the low half
 * lands at p + 128, p + 127, p + 126 and p + 121.
 */
static void ghash_mul(u64 a[2], const u64 h[2])
{
	u64 p0h, p0l, p1h, p1l, p2h, p2l, z0, z1, z2, z3;

	clmul64(a[0], h[0], &p1h, &p1l);
	clmul64(a[1], h[1], &p0h, &p0l);
	clmul64(a[0] ^ a[1], h[0] ^ h[1], &p2h, &p2l);
	p2h ^= p0h ^ p1h;
	p2l ^= p0l ^ p1l;

	z3 = p1h;
	z2 = p1l ^ p2h;
	z1 = p0h ^ p2l;
	z0 = p0l;

	z3 = (z3 << 1) | (z2 >> 63);
	z2 = (z2 << 1) | (z1 >> 63);
	z1 = (z1 << 1) | (z0 >> 63);
	z0 <<= 1;

	z1 ^= (z0 << 63) ^ (z0 << 62) ^ (z0 << 57);
	z2 ^= z0 ^ (z0 >> 1) ^ (z0 >> 2) ^ (z0 >> 7);
	z2 ^= (z1 << 63) ^ (z1 << 62) ^ (z1 << 57);
	z3 ^= z1 ^ (z1 >> 1) ^ (z1 >> 2) ^ (z1 >> 7);

	a[0] = z3;
	a[1] = z2;
}

static void __maybe_unused
ghash_blocks_generic(u8 acc[GHASH_BLOCK_SIZE], const struct ghash_key *key,
		     const u8 *data, size_t nblocks)
{
	u64 a[2];

	a[0] = get_unaligned_be64(acc);
	a[1] = get_unaligned_be64(acc + 8);
	while (nblocks--) {
		a[0] ^= get_unaligned_be64(data);
		a[1] ^= get_unaligned_be64(data + 8);
		ghash_mul(a, key->h);
		data += GHASH_BLOCK_SIZE;
	}
	put_unaligned_be64(a[0], acc);
	put_unaligned_be64(a[1], acc + 8);
	memzero_explicit(a, sizeof(a));
}

static void __maybe_unused
ghash_preparekey_generic(struct ghash_key *key,
			 const u8 raw_key[GHASH_BLOCK_SIZE])
{
	key->h[0] = get_unaligned_be64(raw_key);
	key->h[1] = get_unaligned_be64(raw_key + 8);
}

#ifdef CONFIG_CRYPTO_LIB_GF128HASH_ARCH
#include "gf128hash.h" /* $(SRCARCH)/gf128hash.h */
#else
#define ghash_preparekey_arch	ghash_preparekey_generic
#define ghash_blocks_arch	ghash_blocks_generic
#endif

void ghash_preparekey(struct ghash_key *key,
		      const u8 raw_key[GHASH_BLOCK_SIZE])
{
	ghash_preparekey_arch(key, raw_key);
}
EXPORT_SYMBOL_GPL(ghash_preparekey);

void ghash_update(struct ghash_ctx *ctx, const u8 *data, size_t len)
{
	size_t nblocks;

	if (ctx->partial) {
		size_t n = min(len, GHASH_BLOCK_SIZE - ctx->partial);

		crypto_xor(&ctx->acc[ctx->partial], data, n);
		ctx->partial += n;
		data += n;
		len -= n;
		if (ctx->partial < GHASH_BLOCK_SIZE)
			return;
		ghash_blocks_arch(ctx->acc, ctx->key, (const u8 [16]){}, 1);
		ctx->partial = 0;
	}
	nblocks = len / GHASH_BLOCK_SIZE;
	if (nblocks) {
		ghash_blocks_arch(ctx->acc, ctx->key, data, nblocks);
		data += nblocks * GHASH_BLOCK_SIZE;
		len -= nblocks * GHASH_BLOCK_SIZE;
	}
	crypto_xor(ctx->acc, data, len);
	ctx->partial = len;
}
EXPORT_SYMBOL_GPL(ghash_update);

void ghash_final(struct ghash_ctx *ctx, u8 out[GHASH_BLOCK_SIZE])
{
	if (ctx->partial)
		ghash_blocks_arch(ctx->acc, ctx->key, (const u8 [16]){}, 1);
	memcpy(out, ctx->acc, GHASH_BLOCK_SIZE);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(ghash_final);

#ifdef ghash_mod_init_arch
static int __init ghash_mod_init(void)
{
	ghash_mod_init_arch();
	return 0;
}
subsys_initcall(ghash_mod_init);
#endif

MODULE_DESCRIPTION("GHASH library functions");
MODULE_LICENSE("GPL");
