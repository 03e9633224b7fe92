// SPDX-License-Identifier: GPL-2.0
/*
 * Twofish block cipher ("Twofish: A 128-Bit Block Cipher", 1998).
 *
 * Side channels: the key-dependent S-boxes are expanded at key setup into
 * four tables of 256 words that fold in the MDS matrix ("full keying"), and
 * each round looks them up with data bytes, as the reference, Nettle and
 * the kernel's twofish_generic do.  That is NOT constant time: the access
 * pattern into 4 KiB of key-dependent tables depends on the data.
 *
 * Decided: no SIMD form, for now.  Unlike Camellia's, Twofish's S-boxes
 * are not one fixed map up to affine layers that AES instructions or GFNI
 * compute; each is a chain of two to four q0/q1 permutations with key
 * bytes XORed in between, and q0/q1 are themselves four 4-bit table
 * lookups with nibble rotations.  A vpshufb form computes each q with
 * about a dozen vector operations, the byte positions of a word need
 * different q0/q1 orders (both computed, then blended), the MDS product
 * is four more nibble-table multiplies, and the PHT and key addition are
 * 32-bit sums across the four bytes.  Counted that way, a round costs
 * about 250 vector operations for four blocks in xmm registers, some 1000
 * per block (500 per block on ymm), against about 400 scalar operations
 * per block for this code (16 rounds of 8 loads and some 17 ALU steps).
 * One block at a time, that code is bound by the latency of each round's
 * chain of loads and additions and ran level with Nettle's table code
 * (0.97-1.10x, bench-block128); the modes' multi-block calls now run
 * blocks interleaved (tf_encrypt_2()), which keeps the load ports busy:
 * 340-400 MB/s, 1.7x Nettle, on an Intel Xeon with AVX-512 (four ways
 * then), 1.5x on an AMD EPYC (two ways, in registers).  So a
 * constant-time AVX2 form would be well below this speed; that is the
 * cost, for volumes whose users chose Twofish long ago.  This file keeps
 * the table form so that existing Twofish volumes open at a usable
 * speed.  (A scalar constant-time form, every S-box computed on the fly,
 * is about ten times the work.)
 *
 * Key setup itself evaluates q0/q1 from the specification's 4-bit
 * permutations packed into 64-bit constants (a shift, not a memory
 * lookup), and GF(2^8) products without branches on key bytes.
 */

#include <crypto/twofish-lib.h>
#include <linux/bitops.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define TF_MDS_POLY	0x169	/* x^8 + x^6 + x^5 + x^3 + 1 */
#define TF_RS_POLY	0x14d	/* x^8 + x^6 + x^3 + x^2 + 1 */
#define TF_RHO		0x01010101

/*
 * The 4-bit permutations t0..t3 of q0 and q1, entry i in bits 4i..4i+3.
 * q0: t0 = 8 1 7 d 6 f 3 2 0 b 5 9 e c a 4, t1 = e c b 8 1 2 3 5 f 4 a 6 7 0 9 d,
 *     t2 = b a 5 e 6 d 9 0 c 8 f 3 2 4 7 1, t3 = d 7 f 4 1 2 6 e 9 b 3 0 8 5 c a
 * q1: t0 = 2 8 b d f 7 6 e 3 1 9 4 0 a c 5, t1 = 1 e 2 b 4 c 3 7 6 d a 5 f 9 0 8,
 *     t2 = 4 c 7 5 1 6 9 a 0 e d 8 2 b 3 f, t3 = b 9 5 1 c 3 d e 6 4 7 f 2 0 8 a
 */
static const u64 tf_qt[2][4] = {
	{ 0x4ace95b023f6d718ULL, 0xd9076a4f53218bceULL,
	  0x17423f8c09d6e5abULL, 0xac5803b9e6214f7dULL },
	{ 0x5ca04913e67fdb82ULL, 0x809f5ad673c4b2e1ULL,
	  0xf3b28de0a96157c4ULL, 0xa802f746ed3c159bULL },
};

static inline u8 tf_nib(u64 t, u8 i)
{
	return (t >> (4 * i)) & 15;
}

static inline u8 tf_ror4(u8 x)
{
	return ((x >> 1) | (x << 3)) & 15;
}

/* q0 (@n = 0) or q1 (@n = 1), specification section 4.3.5 */
static u8 tf_q(int n, u8 x)
{
	const u64 *t = tf_qt[n];
	u8 a = x >> 4, b = x & 15, a1, b1;

	a1 = a ^ b;
	b1 = (a ^ tf_ror4(b) ^ (a << 3)) & 15;
	a = tf_nib(t[0], a1);
	b = tf_nib(t[1], b1);
	a1 = a ^ b;
	b1 = (a ^ tf_ror4(b) ^ (a << 3)) & 15;
	a = tf_nib(t[2], a1);
	b = tf_nib(t[3], b1);
	return (b << 4) | a;
}

/* a * b in GF(2^8) modulo @poly, without branches on the operands */
static u8 tf_gf_mul(u8 a, u8 b, u32 poly)
{
	u32 x = a, r = 0;
	int i;

	for (i = 0; i < 8; i++) {
		r ^= x & -(u32)((b >> i) & 1);
		x <<= 1;
		x ^= poly & -(x >> 8);
	}
	return r;
}

/* Column @j of the MDS matrix times @y, as a little-endian word. */
static u32 tf_mds_column(int j, u8 y)
{
	static const u8 mds[4][4] = {
		{ 0x01, 0xef, 0x5b, 0x5b },
		{ 0x5b, 0xef, 0xef, 0x01 },
		{ 0xef, 0x5b, 0x01, 0xef },
		{ 0xef, 0x01, 0xef, 0x5b },
	};
	u32 z = 0;
	int i;

	for (i = 0; i < 4; i++)
		z |= (u32)tf_gf_mul(mds[i][j], y, TF_MDS_POLY) << (8 * i);
	return z;
}

/*
 * Byte @j of the h function (section 4.3.2) before the MDS matrix: @x
 * through the q permutations interleaved with byte @j of the @k words
 * of @l (l[0] is L_0).
 */
static u8 tf_h_byte(int j, u8 x, const u32 *l, int k)
{
	/* q used for byte j at stage 4 (k == 4), 3, 2, 1 and 0 */
	static const u8 qsel[4][5] = {
		{ 1, 1, 0, 0, 1 },
		{ 0, 1, 1, 0, 0 },
		{ 0, 0, 0, 1, 1 },
		{ 1, 0, 1, 1, 0 },
	};
	int shift = 8 * j;

	if (k == 4)
		x = tf_q(qsel[j][0], x) ^ (l[3] >> shift);
	if (k >= 3)
		x = tf_q(qsel[j][1], x) ^ (l[2] >> shift);
	x = tf_q(qsel[j][2], x) ^ (l[1] >> shift);
	x = tf_q(qsel[j][3], x) ^ (l[0] >> shift);
	return tf_q(qsel[j][4], x);
}

static u32 tf_h(u32 x, const u32 *l, int k)
{
	u32 z = 0;
	int j;

	for (j = 0; j < 4; j++)
		z ^= tf_mds_column(j, tf_h_byte(j, x >> (8 * j), l, k));
	return z;
}

int twofish_expandkey(struct twofish_key *key, const u8 *in_key,
		      size_t key_len)
{
	static const u8 rs[4][8] = {
		{ 0x01, 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e },
		{ 0xa4, 0x56, 0x82, 0xf3, 0x1e, 0xc6, 0x68, 0xe5 },
		{ 0x02, 0xa1, 0xfc, 0xc1, 0x47, 0xae, 0x3d, 0x19 },
		{ 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e, 0x03 },
	};
	u32 me[4], mo[4], s[4];
	int k = key_len / 8, i, j, c;

	if (key_len != 16 && key_len != 24 && key_len != 32)
		return -EINVAL;
	for (i = 0; i < k; i++) {
		me[i] = get_unaligned_le32(in_key + 8 * i);
		mo[i] = get_unaligned_le32(in_key + 8 * i + 4);
		/* S_i = RS * key bytes 8i..8i+7; the list S is S_{k-1}..S_0 */
		s[k - 1 - i] = 0;
		for (j = 0; j < 4; j++) {
			u8 b = 0;

			for (c = 0; c < 8; c++)
				b ^= tf_gf_mul(rs[j][c], in_key[8 * i + c],
					       TF_RS_POLY);
			s[k - 1 - i] |= (u32)b << (8 * j);
		}
	}
	for (i = 0; i < 20; i++) {
		u32 a = tf_h(2 * i * TF_RHO, me, k);
		u32 b = rol32(tf_h((2 * i + 1) * TF_RHO, mo, k), 8);

		key->k[2 * i] = a + b;
		key->k[2 * i + 1] = rol32(a + 2 * b, 9);
	}
	for (j = 0; j < 4; j++)
		for (i = 0; i < 256; i++)
			key->sbox[j][i] = tf_mds_column(j, tf_h_byte(j, i, s, k));
	memzero_explicit(me, sizeof(me));
	memzero_explicit(mo, sizeof(mo));
	memzero_explicit(s, sizeof(s));
	return 0;
}
EXPORT_SYMBOL_GPL(twofish_expandkey);

static inline u32 tf_g(const struct twofish_key *key, u32 x)
{
	return key->sbox[0][x & 0xff] ^ key->sbox[1][(x >> 8) & 0xff] ^
	       key->sbox[2][(x >> 16) & 0xff] ^ key->sbox[3][x >> 24];
}

/*
 * One round: (\c, \d) ^= the round function of (\a, \b) with subkeys
 * 2 * @r + 8 and 2 * @r + 9, encrypting (the 1-bit rotations after and
 * before the XOR) or decrypting (before and after).
 */
#define TF_ROUND_ENC(a, b, c, d, r) do {				\
	u32 t0 = tf_g(key, a), t1 = tf_g(key, rol32(b, 8));		\
									\
	c = ror32(c ^ (t0 + t1 + key->k[2 * (r) + 8]), 1);		\
	d = rol32(d, 1) ^ (t0 + 2 * t1 + key->k[2 * (r) + 9]);		\
	OPTIMIZER_HIDE_VAR(c);						\
	OPTIMIZER_HIDE_VAR(d);						\
} while (0)

#define TF_ROUND_DEC(a, b, c, d, r) do {				\
	u32 t0 = tf_g(key, a), t1 = tf_g(key, rol32(b, 8));		\
									\
	c = rol32(c, 1) ^ (t0 + t1 + key->k[2 * (r) + 8]);		\
	d = ror32(d ^ (t0 + 2 * t1 + key->k[2 * (r) + 9]), 1);		\
	OPTIMIZER_HIDE_VAR(c);						\
	OPTIMIZER_HIDE_VAR(d);						\
} while (0)

/*
 * The block at @src as four words XORed with whitening keys @w..@w+3.
 * Each word is hidden from the optimizer: otherwise GCC 12 does the four
 * XORs in one SSE operation and keeps the state in memory, on the stack.
 */
static __always_inline void tf_load(const struct twofish_key *key,
				    const u8 *src, int w, u32 x[4])
{
	x[0] = get_unaligned_le32(src) ^ key->k[w];
	x[1] = get_unaligned_le32(src + 4) ^ key->k[w + 1];
	x[2] = get_unaligned_le32(src + 8) ^ key->k[w + 2];
	x[3] = get_unaligned_le32(src + 12) ^ key->k[w + 3];
	OPTIMIZER_HIDE_VAR(x[0]);
	OPTIMIZER_HIDE_VAR(x[1]);
	OPTIMIZER_HIDE_VAR(x[2]);
	OPTIMIZER_HIDE_VAR(x[3]);
}

/* @x0..@x3 XORed with whitening keys @w..@w+3, as the block at @dst */
static __always_inline void tf_store(const struct twofish_key *key, u8 *dst,
				     int w, u32 x0, u32 x1, u32 x2, u32 x3)
{
	put_unaligned_le32(x0 ^ key->k[w], dst);
	put_unaligned_le32(x1 ^ key->k[w + 1], dst + 4);
	put_unaligned_le32(x2 ^ key->k[w + 2], dst + 8);
	put_unaligned_le32(x3 ^ key->k[w + 3], dst + 12);
}

/*
 * One block (@two false) or two blocks interleaved, for the modes'
 * multi-block calls (CBC decryption, ECB, CTR, XTS): each round is a
 * chain of dependent table loads and additions, so one block leaves the
 * CPU mostly waiting on load latency; the rounds of an independent block,
 * written after them, fill those gaps.  The halves are not swapped after
 * each round; rounds alternate which pair they update.  The two blocks'
 * words are separate variables, not arrays indexed by a loop over the
 * blocks: GCC 12 at -O2 left such a loop rolled, with the state in memory
 * and some 800 instructions a block (about 1.1x Nettle's one block at a
 * time, bench-block128 twofish-ECB on an AMD EPYC); two named blocks keep
 * all eight words in registers.  Two ways measured as fast as three or
 * four there (1.5x to 1.7x Nettle each): two blocks' operations already
 * fill the CPU's issue width.
 *
 * The OPTIMIZER_HIDE_VAR() in each round keeps the words in general
 * registers: without it GCC 12 vectorizes isomorphic rounds into SSE and
 * moves every table index out of a vector register.
 */
static __always_inline void tf_encrypt_2(const struct twofish_key *key,
					 u8 *dst, const u8 *src, bool two)
{
	u32 x[4], y[4];
	int r;

	tf_load(key, src, 0, x);
	if (two)
		tf_load(key, src + 16, 0, y);
	for (r = 0; r < 16; r += 2) {
		TF_ROUND_ENC(x[0], x[1], x[2], x[3], r);
		if (two)
			TF_ROUND_ENC(y[0], y[1], y[2], y[3], r);
		TF_ROUND_ENC(x[2], x[3], x[0], x[1], r + 1);
		if (two)
			TF_ROUND_ENC(y[2], y[3], y[0], y[1], r + 1);
	}
	/* the output order undoes the last round's swap */
	tf_store(key, dst, 4, x[2], x[3], x[0], x[1]);
	if (two)
		tf_store(key, dst + 16, 4, y[2], y[3], y[0], y[1]);
}

static __always_inline void tf_decrypt_2(const struct twofish_key *key,
					 u8 *dst, const u8 *src, bool two)
{
	u32 x[4], y[4];
	int r;

	/* c, d, a, b of the last encryption round */
	tf_load(key, src, 4, x);
	if (two)
		tf_load(key, src + 16, 4, y);
	for (r = 15; r > 0; r -= 2) {
		TF_ROUND_DEC(x[0], x[1], x[2], x[3], r);
		if (two)
			TF_ROUND_DEC(y[0], y[1], y[2], y[3], r);
		TF_ROUND_DEC(x[2], x[3], x[0], x[1], r - 1);
		if (two)
			TF_ROUND_DEC(y[2], y[3], y[0], y[1], r - 1);
	}
	tf_store(key, dst, 0, x[2], x[3], x[0], x[1]);
	if (two)
		tf_store(key, dst + 16, 0, y[2], y[3], y[0], y[1]);
}

void twofish_encrypt(const struct twofish_key *key, u8 out[TWOFISH_BLOCK_SIZE],
		     const u8 in[TWOFISH_BLOCK_SIZE])
{
	tf_encrypt_2(key, out, in, false);
}
EXPORT_SYMBOL_GPL(twofish_encrypt);

void twofish_decrypt(const struct twofish_key *key, u8 out[TWOFISH_BLOCK_SIZE],
		     const u8 in[TWOFISH_BLOCK_SIZE])
{
	tf_decrypt_2(key, out, in, false);
}
EXPORT_SYMBOL_GPL(twofish_decrypt);

/* Pairs of blocks interleaved, then a last single block */
static __always_inline void twofish_b128_crypt(const void *ctx, u8 *dst,
					       const u8 *src, size_t nblocks,
					       bool enc)
{
	for (; nblocks >= 2; nblocks -= 2) {
		if (enc)
			tf_encrypt_2(ctx, dst, src, true);
		else
			tf_decrypt_2(ctx, dst, src, true);
		src += 2 * TWOFISH_BLOCK_SIZE;
		dst += 2 * TWOFISH_BLOCK_SIZE;
	}
	if (nblocks) {
		if (enc)
			tf_encrypt_2(ctx, dst, src, false);
		else
			tf_decrypt_2(ctx, dst, src, false);
	}
}

BLOCK128_ADAPTERS(twofish)

const struct block128_cipher twofish_block128 =
	BLOCK128_CIPHER(twofish, twofish_key, 16, 32);
EXPORT_SYMBOL_GPL(twofish_block128);

MODULE_DESCRIPTION("Twofish block cipher");
MODULE_LICENSE("GPL");
