// SPDX-License-Identifier: GPL-2.0
/*
 * Serpent block cipher, in its bitslice form (the specification's "fast"
 * description): the 128-bit block is four 32-bit words and each S-box is
 * applied to the 32 four-bit columns of those words at once.
 *
 * Constant time by construction: the S-boxes are Boolean functions
 * evaluated with AND and XOR on whole words, and the linear transform is
 * rotations and shifts by constants, so no memory access and no branch
 * depends on the key or the data.  The S-box expressions below are the
 * algebraic normal form of the specification's tables (input bit 0 is word
 * 0): each output bit is the XOR of the listed products of input bits,
 * complemented where the table's form has a constant term.
 * $(SRCARCH)/serpent.h runs the same forms on several blocks at once for
 * the modes' multi-block calls, and on x86 with AVX-512VL takes single
 * blocks too (serpent_encrypt(), serpent_decrypt(), CBC encryption, XTS
 * stealing) in a vpternlogd form of the same tables, also constant time;
 * the portable functions below are what every other CPU runs.
 *
 *	S0: 3 8 f 1 a 6 5 b e d 4 2 7 0 9 c
 *	S1: f c 2 7 9 0 5 a 1 b e 8 6 d 3 4
 *	S2: 8 6 7 9 3 c a f d 1 e 4 0 b 5 2
 *	S3: 0 f b 8 c 9 6 3 d 1 2 4 a 7 5 e
 *	S4: 1 f 8 3 c 0 b 6 2 5 4 a 9 e 7 d
 *	S5: f 5 2 b 4 a 9 c 0 3 e 8 d 6 7 1
 *	S6: 7 2 c 5 8 4 6 b e 9 1 f d 3 a 0
 *	S7: 1 d f 0 e 8 2 b 7 4 c a 9 3 5 6
 */

#include <crypto/serpent-lib.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define SERPENT_PHI	0x9e3779b9

/* Every product of input bits that the S-boxes' normal forms use. */
struct serpent_mono {
	u32 a, b, c, d, ab, ac, ad, bc, bd, cd, abc, abd, acd, bcd;
};

static __always_inline struct serpent_mono serpent_monomials(const u32 x[4])
{
	struct serpent_mono m = { .a = x[0], .b = x[1], .c = x[2], .d = x[3] };

	m.ab = m.a & m.b;
	m.ac = m.a & m.c;
	m.ad = m.a & m.d;
	m.bc = m.b & m.c;
	m.bd = m.b & m.d;
	m.cd = m.c & m.d;
	m.abc = m.ab & m.c;
	m.abd = m.ab & m.d;
	m.acd = m.ac & m.d;
	m.bcd = m.bc & m.d;
	return m;
}

static __always_inline void serpent_s0(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.a ^ m.ab ^ m.c ^ m.ac ^ m.bc ^ m.abc ^ m.d ^ m.acd ^ m.bcd);
	x[1] = ~(m.a ^ m.ac ^ m.bc ^ m.abc ^ m.bd ^ m.acd ^ m.bcd);
	x[2] = m.b ^ m.ab ^ m.ac ^ m.abc ^ m.d ^ m.bd ^ m.bcd;
	x[3] = m.a ^ m.b ^ m.c ^ m.d ^ m.ad;
}

static __always_inline void serpent_s1(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.a ^ m.b ^ m.bc ^ m.ad ^ m.cd ^ m.acd ^ m.bcd);
	x[1] = ~(m.a ^ m.ab ^ m.c ^ m.ac ^ m.d ^ m.bd ^ m.abd ^ m.acd ^ m.bcd);
	x[2] = ~(m.b ^ m.ab ^ m.c ^ m.d);
	x[3] = ~(m.b ^ m.ac ^ m.d ^ m.ad ^ m.abd ^ m.acd ^ m.bcd);
}

static __always_inline void serpent_s2(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = m.b ^ m.c ^ m.ac ^ m.d;
	x[1] = m.a ^ m.b ^ m.c ^ m.bc ^ m.abc ^ m.ad ^ m.abd ^ m.cd ^ m.acd;
	x[2] = m.a ^ m.b ^ m.bc ^ m.d ^ m.bd ^ m.abd ^ m.cd ^ m.acd;
	x[3] = ~(m.a ^ m.b ^ m.c ^ m.abc ^ m.bd);
}

static __always_inline void serpent_s3(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = m.a ^ m.b ^ m.bc ^ m.d ^ m.ad ^ m.cd ^ m.acd ^ m.bcd;
	x[1] = m.a ^ m.b ^ m.ac ^ m.ad ^ m.abd ^ m.cd ^ m.acd;
	x[2] = m.a ^ m.ab ^ m.c ^ m.abc ^ m.d ^ m.bd ^ m.abd;
	x[3] = m.a ^ m.b ^ m.ab ^ m.c ^ m.ac ^ m.abc ^ m.d ^ m.cd ^ m.acd;
}

static __always_inline void serpent_s4(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.b ^ m.ab ^ m.c ^ m.d ^ m.ad ^ m.bd);
	x[1] = m.a ^ m.ac ^ m.bc ^ m.d ^ m.bd ^ m.cd ^ m.acd ^ m.bcd;
	x[2] = m.a ^ m.ab ^ m.c ^ m.bc ^ m.abc ^ m.bd ^ m.abd ^ m.cd ^ m.bcd;
	x[3] = m.a ^ m.b ^ m.c ^ m.bc ^ m.ad ^ m.bd ^ m.abd;
}

static __always_inline void serpent_s5(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.b ^ m.ab ^ m.c ^ m.d ^ m.ad ^ m.bd);
	x[1] = ~(m.a ^ m.ab ^ m.c ^ m.d ^ m.bd ^ m.abd ^ m.cd);
	x[2] = ~(m.b ^ m.ac ^ m.d ^ m.abd ^ m.cd ^ m.acd ^ m.bcd);
	x[3] = ~(m.a ^ m.b ^ m.c ^ m.abc ^ m.d ^ m.ad ^ m.acd);
}

static __always_inline void serpent_s6(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.a ^ m.b ^ m.c ^ m.ac ^ m.bc ^ m.abc ^ m.d ^ m.abd ^ m.bcd);
	x[1] = ~(m.b ^ m.c ^ m.ad);
	x[2] = ~(m.a ^ m.ab ^ m.c ^ m.bc ^ m.abc ^ m.bd ^ m.abd ^ m.cd ^ m.bcd);
	x[3] = m.b ^ m.ab ^ m.c ^ m.ac ^ m.abc ^ m.d ^ m.cd ^ m.bcd;
}

static __always_inline void serpent_s7(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.ab ^ m.c ^ m.ad ^ m.bd ^ m.cd ^ m.acd ^ m.bcd);
	x[1] = m.b ^ m.ab ^ m.c ^ m.ac ^ m.bc ^ m.d ^ m.ad ^ m.abd ^ m.acd;
	x[2] = m.a ^ m.b ^ m.c ^ m.abc ^ m.d ^ m.ad ^ m.bd ^ m.abd ^ m.bcd;
	x[3] = m.a ^ m.b ^ m.c ^ m.ac ^ m.abc ^ m.ad;
}

static __always_inline void serpent_si0(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.ab ^ m.c ^ m.bc ^ m.ad ^ m.bd ^ m.abd ^ m.cd ^ m.acd ^
	       m.bcd);
	x[1] = m.a ^ m.b ^ m.c ^ m.ac ^ m.bd ^ m.acd ^ m.bcd;
	x[2] = ~(m.a ^ m.b ^ m.ab ^ m.c ^ m.d);
	x[3] = ~(m.a ^ m.bc ^ m.d ^ m.abd ^ m.cd ^ m.acd ^ m.bcd);
}

static __always_inline void serpent_si1(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.a ^ m.b ^ m.ab ^ m.abc ^ m.bd ^ m.acd ^ m.bcd);
	x[1] = m.b ^ m.c ^ m.abc ^ m.d ^ m.ad ^ m.bd ^ m.acd ^ m.bcd;
	x[2] = ~(m.a ^ m.b ^ m.ac ^ m.bc ^ m.abc ^ m.d ^ m.acd);
	x[3] = m.a ^ m.c ^ m.d ^ m.bd;
}

static __always_inline void serpent_si2(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = m.a ^ m.b ^ m.c ^ m.bc ^ m.bd;
	x[1] = m.b ^ m.ab ^ m.c ^ m.ad ^ m.abd ^ m.cd ^ m.acd;
	x[2] = ~(m.a ^ m.ab ^ m.c ^ m.d ^ m.ad ^ m.bd ^ m.abd ^ m.acd);
	x[3] = ~(m.ab ^ m.bc ^ m.abc ^ m.d ^ m.acd);
}

static __always_inline void serpent_si3(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = m.a ^ m.c ^ m.bc ^ m.d ^ m.ad ^ m.bd ^ m.bcd;
	x[1] = m.b ^ m.c ^ m.bc ^ m.abc ^ m.d ^ m.ad ^ m.acd ^ m.bcd;
	x[2] = m.ab ^ m.ac ^ m.bc ^ m.ad ^ m.bd ^ m.abd ^ m.cd ^ m.acd;
	x[3] = m.a ^ m.b ^ m.c ^ m.ac ^ m.abc ^ m.ad ^ m.abd ^ m.cd;
}

static __always_inline void serpent_si4(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.a ^ m.b ^ m.c ^ m.d ^ m.ad ^ m.abd ^ m.cd ^ m.acd);
	x[1] = m.ab ^ m.c ^ m.ac ^ m.d ^ m.ad ^ m.acd;
	x[2] = ~(m.a ^ m.b ^ m.ab ^ m.c ^ m.ac ^ m.abc ^ m.d ^ m.bd ^ m.abd);
	x[3] = m.b ^ m.ab ^ m.c ^ m.ad ^ m.abd ^ m.cd;
}

static __always_inline void serpent_si5(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = m.a ^ m.bc ^ m.d ^ m.abd;
	x[1] = m.a ^ m.b ^ m.ac ^ m.bc ^ m.abc ^ m.d ^ m.ad ^ m.abd;
	x[2] = m.a ^ m.ab ^ m.c ^ m.bd ^ m.abd ^ m.acd;
	x[3] = ~(m.b ^ m.ab ^ m.c ^ m.abc ^ m.ad);
}

static __always_inline void serpent_si6(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.a ^ m.ab ^ m.ac ^ m.bc ^ m.abc ^ m.d ^ m.abd ^ m.bcd);
	x[1] = ~(m.b ^ m.c ^ m.ac ^ m.d);
	x[2] = ~(m.a ^ m.b ^ m.bc ^ m.bd ^ m.abd ^ m.cd ^ m.bcd);
	x[3] = ~(m.b ^ m.ab ^ m.c ^ m.bc ^ m.abc ^ m.d ^ m.ad ^ m.abd ^ m.cd ^
	       m.bcd);
}

static __always_inline void serpent_si7(u32 x[4])
{
	const struct serpent_mono m = serpent_monomials(x);

	x[0] = ~(m.a ^ m.b ^ m.bc ^ m.bd ^ m.abd ^ m.cd ^ m.bcd);
	x[1] = ~(m.a ^ m.c ^ m.bc ^ m.d ^ m.ad ^ m.bd ^ m.acd ^ m.bcd);
	x[2] = m.b ^ m.ac ^ m.d ^ m.abd ^ m.cd ^ m.acd;
	x[3] = m.ab ^ m.c ^ m.abc ^ m.ad ^ m.bd ^ m.abd;
}

static void serpent_sbox(unsigned int n, u32 x[4])
{
	switch (n & 7) {
	case 0:
		serpent_s0(x);
		break;
	case 1:
		serpent_s1(x);
		break;
	case 2:
		serpent_s2(x);
		break;
	case 3:
		serpent_s3(x);
		break;
	case 4:
		serpent_s4(x);
		break;
	case 5:
		serpent_s5(x);
		break;
	case 6:
		serpent_s6(x);
		break;
	default:
		serpent_s7(x);
		break;
	}
}

static __always_inline void serpent_lt(u32 x[4])
{
	x[0] = rol32(x[0], 13);
	x[2] = rol32(x[2], 3);
	x[1] ^= x[0] ^ x[2];
	x[3] ^= x[2] ^ (x[0] << 3);
	x[1] = rol32(x[1], 1);
	x[3] = rol32(x[3], 7);
	x[0] ^= x[1] ^ x[3];
	x[2] ^= x[3] ^ (x[1] << 7);
	x[0] = rol32(x[0], 5);
	x[2] = rol32(x[2], 22);
}

static __always_inline void serpent_lt_inv(u32 x[4])
{
	x[2] = ror32(x[2], 22);
	x[0] = ror32(x[0], 5);
	x[2] ^= x[3] ^ (x[1] << 7);
	x[0] ^= x[1] ^ x[3];
	x[3] = ror32(x[3], 7);
	x[1] = ror32(x[1], 1);
	x[3] ^= x[2] ^ (x[0] << 3);
	x[1] ^= x[0] ^ x[2];
	x[2] = ror32(x[2], 3);
	x[0] = ror32(x[0], 13);
}

static __always_inline void serpent_addkey(u32 x[4], const u32 k[4])
{
	x[0] ^= k[0];
	x[1] ^= k[1];
	x[2] ^= k[2];
	x[3] ^= k[3];
}

int serpent_expandkey(struct serpent_key *key, const u8 *in_key,
		      size_t key_len)
{
	u8 kb[SERPENT_MAX_KEYSIZE] = {};
	u32 w[8 + 132];
	int i;

	if (key_len > SERPENT_MAX_KEYSIZE)
		return -EINVAL;
	memcpy(kb, in_key, key_len);
	if (key_len < SERPENT_MAX_KEYSIZE)
		kb[key_len] = 1;
	for (i = 0; i < 8; i++)
		w[i] = get_unaligned_le32(kb + 4 * i);
	for (i = 0; i < 132; i++)
		w[i + 8] = rol32(w[i] ^ w[i + 3] ^ w[i + 5] ^ w[i + 7] ^
				 SERPENT_PHI ^ i, 11);
	/* Round key r goes through S-box (3 - r) mod 8. */
	for (i = 0; i < 33; i++) {
		memcpy(key->rk[i], &w[8 + 4 * i], sizeof(key->rk[i]));
		serpent_sbox(3 - i, key->rk[i]);
	}
	memzero_explicit(w, sizeof(w));
	memzero_explicit(kb, sizeof(kb));
	return 0;
}
EXPORT_SYMBOL_GPL(serpent_expandkey);

static __always_inline void serpent_load(u32 x[4], const u8 *in)
{
	int i;

	for (i = 0; i < 4; i++)
		x[i] = get_unaligned_le32(in + 4 * i);
}

static __always_inline void serpent_store(u8 *out, u32 x[4])
{
	int i;

	for (i = 0; i < 4; i++)
		put_unaligned_le32(x[i], out + 4 * i);
}

/* Round @r with S-box @s, then the linear transform (rounds 0..30) */
#define SERPENT_ENC_ROUND(r, s)					\
	do {							\
		serpent_addkey(x, key->rk[r]);			\
		serpent_s##s(x);				\
		serpent_lt(x);					\
	} while (0)

/* The inverse of the linear transform after round @r, then of round @r */
#define SERPENT_DEC_ROUND(r, s)					\
	do {							\
		serpent_lt_inv(x);				\
		serpent_si##s(x);				\
		serpent_addkey(x, key->rk[r]);			\
	} while (0)

static void serpent_encrypt_generic(const struct serpent_key *key, u8 *out,
				    const u8 *in)
{
	u32 x[4];
	int r;

	serpent_load(x, in);
	for (r = 0; r < 32; r += 8) {
		SERPENT_ENC_ROUND(r, 0);
		SERPENT_ENC_ROUND(r + 1, 1);
		SERPENT_ENC_ROUND(r + 2, 2);
		SERPENT_ENC_ROUND(r + 3, 3);
		SERPENT_ENC_ROUND(r + 4, 4);
		SERPENT_ENC_ROUND(r + 5, 5);
		SERPENT_ENC_ROUND(r + 6, 6);
		serpent_addkey(x, key->rk[r + 7]);
		serpent_s7(x);
		if (r < 24)
			serpent_lt(x);
	}
	serpent_addkey(x, key->rk[32]);
	serpent_store(out, x);
}

static void serpent_decrypt_generic(const struct serpent_key *key, u8 *out,
				    const u8 *in)
{
	u32 x[4];
	int r;

	serpent_load(x, in);
	serpent_addkey(x, key->rk[32]);
	for (r = 24; r >= 0; r -= 8) {
		if (r < 24)
			serpent_lt_inv(x);
		serpent_si7(x);
		serpent_addkey(x, key->rk[r + 7]);
		SERPENT_DEC_ROUND(r + 6, 6);
		SERPENT_DEC_ROUND(r + 5, 5);
		SERPENT_DEC_ROUND(r + 4, 4);
		SERPENT_DEC_ROUND(r + 3, 3);
		SERPENT_DEC_ROUND(r + 2, 2);
		SERPENT_DEC_ROUND(r + 1, 1);
		SERPENT_DEC_ROUND(r, 0);
	}
	serpent_store(out, x);
}

#ifdef CONFIG_CRYPTO_LIB_SERPENT_ARCH
#include "serpent.h" /* $(SRCARCH)/serpent.h */
#else
static bool serpent_crypt_one_arch(const struct serpent_key *key, u8 *dst,
				   const u8 *src, bool enc)
{
	return false;
}

static size_t serpent_blocks_arch(const struct serpent_key *key, u8 *dst,
				  const u8 *src, size_t nblocks, bool enc)
{
	return 0;
}
#endif

void serpent_encrypt(const struct serpent_key *key, u8 out[SERPENT_BLOCK_SIZE],
		     const u8 in[SERPENT_BLOCK_SIZE])
{
	if (!serpent_crypt_one_arch(key, out, in, true))
		serpent_encrypt_generic(key, out, in);
}
EXPORT_SYMBOL_GPL(serpent_encrypt);

void serpent_decrypt(const struct serpent_key *key, u8 out[SERPENT_BLOCK_SIZE],
		     const u8 in[SERPENT_BLOCK_SIZE])
{
	if (!serpent_crypt_one_arch(key, out, in, false))
		serpent_decrypt_generic(key, out, in);
}
EXPORT_SYMBOL_GPL(serpent_decrypt);

/* Multi-block calls of the modes: arch code first, the rest portable. */
static __always_inline void serpent_b128_crypt(const void *ctx, u8 *dst,
					       const u8 *src, size_t nblocks,
					       bool enc)
{
	size_t done = serpent_blocks_arch(ctx, dst, src, nblocks, enc);

	for (src += 16 * done, dst += 16 * done; done < nblocks; done++) {
		if (enc)
			serpent_encrypt_generic(ctx, dst, src);
		else
			serpent_decrypt_generic(ctx, dst, src);
		src += SERPENT_BLOCK_SIZE;
		dst += SERPENT_BLOCK_SIZE;
	}
}

BLOCK128_ADAPTERS(serpent)

const struct block128_cipher serpent_block128 =
	BLOCK128_CIPHER(serpent, serpent_key, 0, SERPENT_MAX_KEYSIZE);
EXPORT_SYMBOL_GPL(serpent_block128);

MODULE_DESCRIPTION("Serpent block cipher");
MODULE_LICENSE("GPL");
