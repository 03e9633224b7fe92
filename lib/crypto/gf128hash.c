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
 *
 * POLYVAL (RFC 8452) is GHASH with the bytes of every block reversed and
 * the key H replaced by mulX_GHASH(ByteReverse(H)) (RFC 8452 appendix A),
 * so it runs on the same block function, arch code included.
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

static void polyval_rev16(u8 out[16], const u8 in[16])
{
	u64 lo = get_unaligned_le64(in), hi = get_unaligned_le64(in + 8);

	put_unaligned_be64(hi, out);
	put_unaligned_be64(lo, out + 8);
}

void polyval_preparekey(struct polyval_key *key,
			const u8 raw_key[POLYVAL_BLOCK_SIZE])
{
	u8 h[GHASH_BLOCK_SIZE];
	u64 hi, lo;

	/*
	 * mulX_GHASH of the byte-reversed key: in GHASH's reflected order,
	 * multiplying by x is a right shift of the big-endian value, with
	 * the x^128 term folded back as 0xe1 in the top byte.
	 */
	polyval_rev16(h, raw_key);
	hi = get_unaligned_be64(h);
	lo = get_unaligned_be64(h + 8);
	put_unaligned_be64((hi >> 1) ^ ((u64)-(s64)(lo & 1) & 0xe100000000000000ULL), h);
	put_unaligned_be64((lo >> 1) | (hi << 63), h + 8);
	ghash_preparekey_arch(&key->ghash, h);
	memzero_explicit(h, sizeof(h));
}
EXPORT_SYMBOL_GPL(polyval_preparekey);

#define POLYVAL_CHUNK	8

/* Whole blocks; @acc stays in POLYVAL byte order between calls. */
static void polyval_blocks(u8 acc[POLYVAL_BLOCK_SIZE],
			   const struct ghash_key *key,
			   const u8 *data, size_t nblocks)
{
	u8 a[GHASH_BLOCK_SIZE], blk[POLYVAL_CHUNK * GHASH_BLOCK_SIZE];

	polyval_rev16(a, acc);
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, POLYVAL_CHUNK), i;

		for (i = 0; i < n; i++)
			polyval_rev16(&blk[16 * i], &data[16 * i]);
		ghash_blocks_arch(a, key, blk, n);
		data += 16 * n;
		nblocks -= n;
	}
	polyval_rev16(acc, a);
	memzero_explicit(a, sizeof(a));
	memzero_explicit(blk, sizeof(blk));
}

static const u8 gf128_zeroes[GHASH_BLOCK_SIZE];

static void gf128_blocks(u8 acc[GHASH_BLOCK_SIZE], const struct ghash_key *key,
			 const u8 *data, size_t nblocks, bool polyval)
{
	if (polyval)
		polyval_blocks(acc, key, data, nblocks);
	else
		ghash_blocks_arch(acc, key, data, nblocks);
}

/*
 * GHASH or POLYVAL update: the bytes of a partial block are XORed into the
 * accumulator as they arrive and multiplied in once the block is complete.
 */
static void gf128_update(u8 acc[GHASH_BLOCK_SIZE], size_t *partial,
			 const struct ghash_key *key, const u8 *data,
			 size_t len, bool polyval)
{
	size_t nblocks;

	if (*partial) {
		size_t n = min(len, GHASH_BLOCK_SIZE - *partial);

		crypto_xor(&acc[*partial], data, n);
		*partial += n;
		data += n;
		len -= n;
		if (*partial < GHASH_BLOCK_SIZE)
			return;
		gf128_blocks(acc, key, gf128_zeroes, 1, polyval);
		*partial = 0;
	}
	nblocks = len / GHASH_BLOCK_SIZE;
	if (nblocks) {
		gf128_blocks(acc, key, data, nblocks, polyval);
		data += nblocks * GHASH_BLOCK_SIZE;
		len -= nblocks * GHASH_BLOCK_SIZE;
	}
	crypto_xor(acc, data, len);
	*partial = len;
}

/* Multiply in a final partial block (zero-padded) and copy out. */
static void gf128_final(u8 acc[GHASH_BLOCK_SIZE], size_t partial,
			const struct ghash_key *key, u8 out[GHASH_BLOCK_SIZE],
			bool polyval)
{
	if (partial)
		gf128_blocks(acc, key, gf128_zeroes, 1, polyval);
	memcpy(out, acc, GHASH_BLOCK_SIZE);
}

void ghash_update(struct ghash_ctx *ctx, const u8 *data, size_t len)
{
	gf128_update(ctx->acc, &ctx->partial, ctx->key, data, len, false);
}
EXPORT_SYMBOL_GPL(ghash_update);

void ghash_final(struct ghash_ctx *ctx, u8 out[GHASH_BLOCK_SIZE])
{
	gf128_final(ctx->acc, ctx->partial, ctx->key, out, false);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(ghash_final);

void polyval_update(struct polyval_ctx *ctx, const u8 *data, size_t len)
{
	gf128_update(ctx->acc.bytes, &ctx->partial, &ctx->key->ghash, data,
		     len, true);
}
EXPORT_SYMBOL_GPL(polyval_update);

void polyval_final(struct polyval_ctx *ctx, u8 out[POLYVAL_BLOCK_SIZE])
{
	gf128_final(ctx->acc.bytes, ctx->partial, &ctx->key->ghash, out, true);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(polyval_final);

#ifdef ghash_mod_init_arch
static int __init ghash_mod_init(void)
{
	ghash_mod_init_arch();
	return 0;
}
subsys_initcall(ghash_mod_init);
#endif

MODULE_DESCRIPTION("GHASH and POLYVAL library functions");
MODULE_LICENSE("GPL");
