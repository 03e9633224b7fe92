// SPDX-License-Identifier: GPL-2.0
/*
 * Camellia block cipher (RFC 3713): 18 Feistel rounds for 128-bit keys,
 * 24 for 192- and 256-bit keys, with FL/FL^-1 layers every six rounds.
 *
 * Side channels: here the F function looks up four tables of 256 32-bit
 * words (the RFC's SBOX1..SBOX4 each spread over the bytes of P's output
 * it feeds, built from SBOX1 at init) with key- and data-dependent
 * indices.  That is not constant time; the footprint is 4 KiB, the same
 * as the kernel's camellia_generic.  An earlier form looked up 1 KiB of
 * byte tables and computed P with word operations: a smaller footprint,
 * but one block took 1.7 times OpenSSL's time on a CPU without GFNI, and
 * these tables bring that to about 1.15 (bench-block128, CBC encryption).
 *
 * Camellia's S-box is affine-equivalent to inversion in GF(2^8), so the
 * constant-time form is the same as for AES: on x86_64 with AES-NI and
 * AVX, $(SRCARCH)/camellia.h takes every multi-block call of the modes
 * (ECB, CBC decryption, CTR, XTS) and computes the S-boxes with
 * vaesenclast between affine pre- and post-maps, no tables
 * (x86/camellia-aesni-avx.S; on ymm registers with VAES and AVX2).  Single
 * blocks (camellia_encrypt()/camellia_decrypt(), CBC encryption, XTS
 * ciphertext stealing) go there only when the CPU also has GFNI: one
 * block is bound by a round's latency, and only a GFNI form beats the
 * tables there (bench-block128, CBC encryption on an Intel Xeon: the
 * GFNI domain form 1.03-1.04x OpenSSL's table assembly with AVX-512VL,
 * 0.94x without; the earlier byte tables 0.64x, the AES-NI form about
 * half their speed).  Without GFNI, single blocks and CBC encryption run
 * these tables in x86_64 assembly (x86/camellia-x86_64.S, about 1.04
 * times OpenSSL's table assembly on an AMD EPYC Zen 3, where this file's
 * camellia_crypt_1() measured 0.88-0.90), and the key expansion's four or
 * six F evaluations use them here (with GFNI, F alone runs in the plain
 * GFNI form).  Other CPUs use this file for everything.
 *
 * Speed: the modes get up to sixteen blocks per call; without arch code
 * they run four at a time interleaved (camellia_crypt_n()), so the table
 * loads of one block overlap the others'.  A single block runs
 * camellia_crypt_1(), straight code with the round keys taken off the
 * chain of dependent operations.
 */

#include <crypto/camellia.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "block128-cbc.h"

static const u8 camellia_sbox1[256] = {
	0x70, 0x82, 0x2c, 0xec, 0xb3, 0x27, 0xc0, 0xe5,
	0xe4, 0x85, 0x57, 0x35, 0xea, 0x0c, 0xae, 0x41,
	0x23, 0xef, 0x6b, 0x93, 0x45, 0x19, 0xa5, 0x21,
	0xed, 0x0e, 0x4f, 0x4e, 0x1d, 0x65, 0x92, 0xbd,
	0x86, 0xb8, 0xaf, 0x8f, 0x7c, 0xeb, 0x1f, 0xce,
	0x3e, 0x30, 0xdc, 0x5f, 0x5e, 0xc5, 0x0b, 0x1a,
	0xa6, 0xe1, 0x39, 0xca, 0xd5, 0x47, 0x5d, 0x3d,
	0xd9, 0x01, 0x5a, 0xd6, 0x51, 0x56, 0x6c, 0x4d,
	0x8b, 0x0d, 0x9a, 0x66, 0xfb, 0xcc, 0xb0, 0x2d,
	0x74, 0x12, 0x2b, 0x20, 0xf0, 0xb1, 0x84, 0x99,
	0xdf, 0x4c, 0xcb, 0xc2, 0x34, 0x7e, 0x76, 0x05,
	0x6d, 0xb7, 0xa9, 0x31, 0xd1, 0x17, 0x04, 0xd7,
	0x14, 0x58, 0x3a, 0x61, 0xde, 0x1b, 0x11, 0x1c,
	0x32, 0x0f, 0x9c, 0x16, 0x53, 0x18, 0xf2, 0x22,
	0xfe, 0x44, 0xcf, 0xb2, 0xc3, 0xb5, 0x7a, 0x91,
	0x24, 0x08, 0xe8, 0xa8, 0x60, 0xfc, 0x69, 0x50,
	0xaa, 0xd0, 0xa0, 0x7d, 0xa1, 0x89, 0x62, 0x97,
	0x54, 0x5b, 0x1e, 0x95, 0xe0, 0xff, 0x64, 0xd2,
	0x10, 0xc4, 0x00, 0x48, 0xa3, 0xf7, 0x75, 0xdb,
	0x8a, 0x03, 0xe6, 0xda, 0x09, 0x3f, 0xdd, 0x94,
	0x87, 0x5c, 0x83, 0x02, 0xcd, 0x4a, 0x90, 0x33,
	0x73, 0x67, 0xf6, 0xf3, 0x9d, 0x7f, 0xbf, 0xe2,
	0x52, 0x9b, 0xd8, 0x26, 0xc8, 0x37, 0xc6, 0x3b,
	0x81, 0x96, 0x6f, 0x4b, 0x13, 0xbe, 0x63, 0x2e,
	0xe9, 0x79, 0xa7, 0x8c, 0x9f, 0x6e, 0xbc, 0x8e,
	0x29, 0xf5, 0xf9, 0xb6, 0x2f, 0xfd, 0xb4, 0x59,
	0x78, 0x98, 0x06, 0x6a, 0xe7, 0x46, 0x71, 0xba,
	0xd4, 0x25, 0xab, 0x42, 0x88, 0xa2, 0x8d, 0xfa,
	0x72, 0x07, 0xb9, 0x55, 0xf8, 0xee, 0xac, 0x0a,
	0x36, 0x49, 0x2a, 0x68, 0x3c, 0x38, 0xf1, 0xa4,
	0x40, 0x28, 0xd3, 0x7b, 0xbb, 0xc9, 0x43, 0xc1,
	0x15, 0xe3, 0xad, 0xf4, 0x77, 0xc7, 0x80, 0x9e,
};

static const u64 camellia_sigma[6] = {
	0xa09e667f3bcc908bULL, 0xb67ae8584caa73b2ULL, 0xc6ef372fe94f82beULL,
	0x54ff53a5f1d36f1cULL, 0x10e527fade682d1dULL, 0xb05688c2b3e6c1fdULL,
};

static inline u8 rol8(u8 x, int n)
{
	return (x << n) | (x >> (8 - n));
}

/*
 * The S-boxes and the byte-spreading half of P in one lookup: entry x of
 * camellia_sp[t] is S-box (t+1) of RFC 3713 applied to x, copied into the
 * three bytes of a word where that S-box's output appears in z1..z4 of P
 * (bytes numbered from the top): SBOX1 into bytes 1,2,3, SBOX2 into 2,3,4,
 * SBOX3 into 1,3,4, SBOX4 into 1,2,4.
 */
static u32 camellia_sp[4][256] __ro_after_init;

static int __init camellia_init_sboxes(void)
{
	int x;

	for (x = 0; x < 256; x++) {
		u32 s1 = camellia_sbox1[x];
		u32 s2 = rol8(camellia_sbox1[x], 1);
		u32 s3 = rol8(camellia_sbox1[x], 7);
		u32 s4 = camellia_sbox1[rol8(x, 1)];

		camellia_sp[0][x] = s1 << 24 | s1 << 16 | s1 << 8;
		camellia_sp[1][x] = s2 << 16 | s2 << 8 | s2;
		camellia_sp[2][x] = s3 << 24 | s3 << 8 | s3;
		camellia_sp[3][x] = s4 << 24 | s4 << 16 | s4;
	}
	return 0;
}
core_initcall(camellia_init_sboxes);

/*
 * The F function: S-boxes (RFC 3713 section 2.4.2), then P.  With the
 * S-box outputs y1..y8, the left input bytes a1..a4 go through SBOX1..4
 * (y1..y4) and the right ones b1..b4 through SBOX2, 3, 4, 1 (y5..y8).  P's
 * z1..z4 are, byte for byte, A ^ B, where A is the XOR of a1..a4's table
 * words and B that of b4, b1, b2, b3's (each table puts its S-box in the
 * bytes of z1..z4 it feeds); and z5..z8 are z1..z4 ^ (A rotated right by
 * one byte), as expanding both sides of RFC 3713's P shows.
 */
static inline u64 camellia_f(u64 in, u64 k)
{
	u64 x = in ^ k;
	u32 a, b;

	a = camellia_sp[0][x >> 56] ^
	    camellia_sp[1][(x >> 48) & 0xff] ^
	    camellia_sp[2][(x >> 40) & 0xff] ^
	    camellia_sp[3][(x >> 32) & 0xff];
	b = camellia_sp[1][(x >> 24) & 0xff] ^
	    camellia_sp[2][(x >> 16) & 0xff] ^
	    camellia_sp[3][(x >> 8) & 0xff] ^
	    camellia_sp[0][x & 0xff];
	b ^= a;
	return (u64)b << 32 | (b ^ ror32(a, 8));
}

/*
 * F on the halves of a 64-bit value kept as two words (@l the upper):
 * XORs F(l:r, k) into @zl:@zr.  The block loop keeps its state in 32-bit
 * words so that no round packs or splits 64-bit values on its critical
 * path.
 */
static __always_inline void camellia_f_xor(u32 l, u32 r, u64 k,
					   u32 *zl, u32 *zr)
{
	u32 a, b;

	l ^= k >> 32;
	r ^= (u32)k;
	/* XOR trees, not chains: a round's latency is the whole cipher's */
	a = (camellia_sp[0][l >> 24] ^ camellia_sp[1][(l >> 16) & 0xff]) ^
	    (camellia_sp[2][(l >> 8) & 0xff] ^ camellia_sp[3][l & 0xff]);
	b = (camellia_sp[1][r >> 24] ^ camellia_sp[2][(r >> 16) & 0xff]) ^
	    (camellia_sp[3][(r >> 8) & 0xff] ^ camellia_sp[0][r & 0xff]);
	*zr ^= (b ^ a) ^ ror32(a, 8);
	*zl ^= b ^ a;
}

/* FL and FL^-1 (RFC 3713 section 2.4.3) on the halves @l:@r in place */
static __always_inline void camellia_fl(u32 *l, u32 *r, u64 k)
{
	*r ^= rol32(*l & (u32)(k >> 32), 1);
	*l ^= *r | (u32)k;
}

static __always_inline void camellia_fl_inv(u32 *l, u32 *r, u64 k)
{
	*l ^= *r | (u32)k;
	*r ^= rol32(*l & (u32)(k >> 32), 1);
}

#ifdef CONFIG_CRYPTO_LIB_CAMELLIA_ARCH
#include "camellia.h" /* $(SRCARCH)/camellia.h */
#else
static bool camellia_crypt_arch(const struct camellia_key *key, u8 *dst,
				const u8 *src, size_t nblocks, bool enc)
{
	return false;
}

static bool camellia_f_arch(u64 x, u64 k, u64 *out)
{
	return false;
}

static bool camellia_crypt_one_arch(const struct camellia_key *key, u8 *dst,
				    const u8 *src, bool enc)
{
	return false;
}

static bool camellia_cbc_encrypt_arch(const struct camellia_key *key,
				      u8 *dst, const u8 *src, size_t nblocks,
				      u8 iv[CAMELLIA_BLOCK_SIZE])
{
	return false;
}
#endif

/* F in the key schedule: on the key itself, so arch code where it is CT */
static u64 camellia_key_f(u64 x, u64 k)
{
	u64 out;

	if (camellia_f_arch(x, k, &out))
		return out;
	return camellia_f(x, k);
}

/* The two halves of the 128-bit value @v rotated left by @n (0 < n < 128). */
static void camellia_rot128(u64 out[2], const u64 v[2], int n)
{
	u64 hi = v[0], lo = v[1], t;

	if (n >= 64) {
		t = hi;
		hi = lo;
		lo = t;
		n -= 64;
	}
	if (n) {
		out[0] = (hi << n) | (lo >> (64 - n));
		out[1] = (lo << n) | (hi >> (64 - n));
	} else {
		out[0] = hi;
		out[1] = lo;
	}
}

enum { CAM_KL, CAM_KR, CAM_KA, CAM_KB };

/*
 * RFC 3713 section 2.2: subkeys as (source, rotation) pairs, each giving
 * two 64-bit halves, in the order kw1-2, k1.., ke.., kw3-4 as stored.
 * For 128-bit keys, k9 and k10 come from different sources (the left half
 * of KA <<< 45 and the right half of KL <<< 60).
 */
struct camellia_sched {
	u8 src;
	u8 rot;
};

static const struct camellia_sched camellia_k128[9] = {
	{ CAM_KA, 0 }, { CAM_KL, 15 }, { CAM_KA, 15 }, { CAM_KL, 45 },
	{ CAM_KA, 45 }, { CAM_KA, 60 }, { CAM_KL, 94 }, { CAM_KA, 94 },
	{ CAM_KL, 111 },
};

static const struct camellia_sched camellia_k256[12] = {
	{ CAM_KB, 0 }, { CAM_KR, 15 }, { CAM_KA, 15 }, { CAM_KB, 30 },
	{ CAM_KL, 45 }, { CAM_KA, 45 }, { CAM_KR, 60 }, { CAM_KB, 60 },
	{ CAM_KL, 77 }, { CAM_KR, 94 }, { CAM_KA, 94 }, { CAM_KL, 111 },
};

int camellia_expandkey(struct camellia_key *key, const u8 *in_key,
		       size_t key_len)
{
	static const struct camellia_sched ke128[2] = {
		{ CAM_KA, 30 }, { CAM_KL, 77 },
	};
	static const struct camellia_sched ke256[3] = {
		{ CAM_KR, 30 }, { CAM_KL, 60 }, { CAM_KA, 77 },
	};
	const struct camellia_sched *ks, *kes, *kw;
	static const struct camellia_sched kw128 = { CAM_KA, 111 };
	static const struct camellia_sched kw256 = { CAM_KB, 111 };
	u64 kk[4][2] = {}, d1, d2, t[2];
	bool big = key_len != 16;
	int i;

	if (key_len != 16 && key_len != 24 && key_len != 32)
		return -EINVAL;
	kk[CAM_KL][0] = get_unaligned_be64(in_key);
	kk[CAM_KL][1] = get_unaligned_be64(in_key + 8);
	if (key_len == 24) {
		kk[CAM_KR][0] = get_unaligned_be64(in_key + 16);
		kk[CAM_KR][1] = ~kk[CAM_KR][0];
	} else if (key_len == 32) {
		kk[CAM_KR][0] = get_unaligned_be64(in_key + 16);
		kk[CAM_KR][1] = get_unaligned_be64(in_key + 24);
	}
	d1 = kk[CAM_KL][0] ^ kk[CAM_KR][0];
	d2 = kk[CAM_KL][1] ^ kk[CAM_KR][1];
	d2 ^= camellia_key_f(d1, camellia_sigma[0]);
	d1 ^= camellia_key_f(d2, camellia_sigma[1]);
	d1 ^= kk[CAM_KL][0];
	d2 ^= kk[CAM_KL][1];
	d2 ^= camellia_key_f(d1, camellia_sigma[2]);
	d1 ^= camellia_key_f(d2, camellia_sigma[3]);
	kk[CAM_KA][0] = d1;
	kk[CAM_KA][1] = d2;
	if (big) {
		d1 = kk[CAM_KA][0] ^ kk[CAM_KR][0];
		d2 = kk[CAM_KA][1] ^ kk[CAM_KR][1];
		d2 ^= camellia_key_f(d1, camellia_sigma[4]);
		d1 ^= camellia_key_f(d2, camellia_sigma[5]);
		kk[CAM_KB][0] = d1;
		kk[CAM_KB][1] = d2;
	}

	key->nrounds = big ? 24 : 18;
	ks = big ? camellia_k256 : camellia_k128;
	kes = big ? ke256 : ke128;
	kw = big ? &kw256 : &kw128;
	key->kw[0] = kk[CAM_KL][0];
	key->kw[1] = kk[CAM_KL][1];
	for (i = 0; i < key->nrounds / 2; i++) {
		camellia_rot128(t, kk[ks[i].src], ks[i].rot);
		key->k[2 * i] = t[0];
		key->k[2 * i + 1] = t[1];
	}
	if (!big) {
		camellia_rot128(t, kk[CAM_KL], 60);
		key->k[9] = t[1];
	}
	for (i = 0; i < key->nrounds / 6 - 1; i++) {
		camellia_rot128(t, kk[kes[i].src], kes[i].rot);
		key->ke[2 * i] = t[0];
		key->ke[2 * i + 1] = t[1];
	}
	camellia_rot128(t, kk[kw->src], kw->rot);
	key->kw[2] = t[0];
	key->kw[3] = t[1];
	memzero_explicit(kk, sizeof(kk));
	memzero_explicit(t, sizeof(t));
	return 0;
}
EXPORT_SYMBOL_GPL(camellia_expandkey);

/*
 * FL on @d1 and FL^-1 on @d2 before group @g (1 to 3) of six rounds: ke
 * pair g-1, or mirrored to decrypt
 */
static __always_inline void camellia_fl_pair(const struct camellia_key *key,
					     int g, bool enc, u32 *d1l,
					     u32 *d1r, u32 *d2l, u32 *d2r)
{
	const u64 *ke = &key->ke[enc ? 2 * g - 2 :
				 key->nrounds / 3 - 2 * g - 2];

	camellia_fl(d1l, d1r, ke[enc ? 0 : 1]);
	camellia_fl_inv(d2l, d2r, ke[enc ? 1 : 0]);
}

/*
 * @n (1 to 4) blocks at once: the data-independent rounds of the blocks
 * interleave, so the table loads of one block overlap the others'.  The
 * state is kept as 32-bit halves; decryption is the same network with
 * the subkeys in reverse order.
 */
static __always_inline void camellia_crypt_n(const struct camellia_key *key,
					     u8 *dst, const u8 *src, int n,
					     bool enc)
{
	const int nr = key->nrounds;
	u32 d1l[4], d1r[4], d2l[4], d2r[4];
	u64 ka, kb, w;
	int g, j, l;

	for (l = 0; l < n; l++) {
		w = get_unaligned_be64(src + 16 * l) ^ key->kw[enc ? 0 : 2];
		d1l[l] = w >> 32;
		d1r[l] = w;
		w = get_unaligned_be64(src + 16 * l + 8) ^ key->kw[enc ? 1 : 3];
		d2l[l] = w >> 32;
		d2r[l] = w;
	}
	for (g = 0; g < nr / 6; g++) {
		/* one group of six rounds: k[6g..6g+5], reversed to decrypt */
		const u64 *k = enc ? &key->k[6 * g] : &key->k[nr - 6 - 6 * g];

		if (g)
			for (l = 0; l < n; l++)
				camellia_fl_pair(key, g, enc, &d1l[l], &d1r[l],
						 &d2l[l], &d2r[l]);
		for (j = 0; j < 6; j += 2) {
			ka = k[enc ? j : 5 - j];
			kb = k[enc ? j + 1 : 4 - j];
			for (l = 0; l < n; l++)
				camellia_f_xor(d1l[l], d1r[l], ka,
					       &d2l[l], &d2r[l]);
			for (l = 0; l < n; l++)
				camellia_f_xor(d2l[l], d2r[l], kb,
					       &d1l[l], &d1r[l]);
		}
	}
	for (l = 0; l < n; l++) {
		w = ((u64)d2l[l] << 32 | d2r[l]) ^ key->kw[enc ? 2 : 0];
		put_unaligned_be64(w, dst + 16 * l);
		w = ((u64)d1l[l] << 32 | d1r[l]) ^ key->kw[enc ? 3 : 1];
		put_unaligned_be64(w, dst + 16 * l + 8);
	}
}

/*
 * One block alone (CBC encryption, camellia_encrypt()/camellia_decrypt(),
 * the tail of a multi-block call) is bound by the latency of its rounds,
 * so this form keeps each half of the state with the next round key that
 * will be XORed into it already XORed in: the F input of a round is then
 * the state itself, and the key moves off the chain of dependent
 * operations.  After the F of round i updates half @x (which held d ^ k_i),
 * it holds d' ^ k_i; XORing k_i ^ k_(i+2), which does not depend on F,
 * makes it d' ^ k_(i+2), the input of the round after next.  Each group of
 * six rounds starts and ends on plain halves (FL and FL^-1 need them).
 */
/* Round key @i (0-based) in the order of the direction */
static __always_inline u64 camellia_rk(const struct camellia_key *key, int i,
				       bool enc)
{
	return enc ? key->k[i] : key->k[key->nrounds - 1 - i];
}

/* @x[@h]:@x[@h + 1] ^= @v */
static __always_inline void camellia_xk(u32 x[4], int h, u64 v)
{
	x[h] ^= v >> 32;
	x[h + 1] ^= (u32)v;
}

/*
 * Two rounds on the keyed halves @x[0..1] and @x[2..3]: each F, then
 * @k1 (@k2) into the half that was its input
 */
static __always_inline void camellia_rounds_1(u32 x[4], u64 k1, u64 k2)
{
	camellia_f_xor(x[0], x[1], 0, &x[2], &x[3]);
	camellia_xk(x, 0, k1);
	camellia_f_xor(x[2], x[3], 0, &x[0], &x[1]);
	camellia_xk(x, 2, k2);
}

/*
 * Rounds 6g+1..6g+6 (1-based) on the plain halves d1 = @x[0..1] and
 * d2 = @x[2..3]
 */
static __always_inline void camellia_group_1(const struct camellia_key *key,
					     u32 x[4], int g, bool enc)
{
	u64 k0 = camellia_rk(key, 6 * g, enc);
	u64 k1 = camellia_rk(key, 6 * g + 1, enc);
	u64 k2 = camellia_rk(key, 6 * g + 2, enc);
	u64 k3 = camellia_rk(key, 6 * g + 3, enc);
	u64 k4 = camellia_rk(key, 6 * g + 4, enc);
	u64 k5 = camellia_rk(key, 6 * g + 5, enc);

	camellia_xk(x, 0, k0);
	camellia_xk(x, 2, k1);
	camellia_rounds_1(x, k0 ^ k2, k1 ^ k3);
	camellia_rounds_1(x, k2 ^ k4, k3 ^ k5);
	camellia_rounds_1(x, k4, k5);
}

static __always_inline void camellia_crypt_1(const struct camellia_key *key,
					     u8 *dst, const u8 *src, bool enc)
{
	u32 x[4];
	u64 w;

	w = get_unaligned_be64(src) ^ key->kw[enc ? 0 : 2];
	x[0] = w >> 32;
	x[1] = w;
	w = get_unaligned_be64(src + 8) ^ key->kw[enc ? 1 : 3];
	x[2] = w >> 32;
	x[3] = w;
	camellia_group_1(key, x, 0, enc);
	camellia_fl_pair(key, 1, enc, &x[0], &x[1], &x[2], &x[3]);
	camellia_group_1(key, x, 1, enc);
	camellia_fl_pair(key, 2, enc, &x[0], &x[1], &x[2], &x[3]);
	camellia_group_1(key, x, 2, enc);
	if (key->nrounds == 24) {
		camellia_fl_pair(key, 3, enc, &x[0], &x[1], &x[2], &x[3]);
		camellia_group_1(key, x, 3, enc);
	}
	w = ((u64)x[2] << 32 | x[3]) ^ key->kw[enc ? 2 : 0];
	put_unaligned_be64(w, dst);
	w = ((u64)x[0] << 32 | x[1]) ^ key->kw[enc ? 3 : 1];
	put_unaligned_be64(w, dst + 8);
}

/* The one-block forms out of line: each is 24 rounds of straight code */
static noinline void camellia_encrypt_1(const struct camellia_key *key,
					u8 *dst, const u8 *src)
{
	camellia_crypt_1(key, dst, src, true);
}

static noinline void camellia_decrypt_1(const struct camellia_key *key,
					u8 *dst, const u8 *src)
{
	camellia_crypt_1(key, dst, src, false);
}

void camellia_encrypt(const struct camellia_key *key,
		      u8 out[CAMELLIA_BLOCK_SIZE],
		      const u8 in[CAMELLIA_BLOCK_SIZE])
{
	if (!camellia_crypt_one_arch(key, out, in, true))
		camellia_encrypt_1(key, out, in);
}
EXPORT_SYMBOL_GPL(camellia_encrypt);

void camellia_decrypt(const struct camellia_key *key,
		      u8 out[CAMELLIA_BLOCK_SIZE],
		      const u8 in[CAMELLIA_BLOCK_SIZE])
{
	if (!camellia_crypt_one_arch(key, out, in, false))
		camellia_decrypt_1(key, out, in);
}
EXPORT_SYMBOL_GPL(camellia_decrypt);

static __always_inline void camellia_b128_crypt(const void *ctx, u8 *dst,
						const u8 *src, size_t nblocks,
						bool enc)
{
	if (nblocks == 1 ? camellia_crypt_one_arch(ctx, dst, src, enc) :
	    camellia_crypt_arch(ctx, dst, src, nblocks, enc))
		return;
	for (; nblocks >= 4; nblocks -= 4, src += 64, dst += 64)
		camellia_crypt_n(ctx, dst, src, 4, enc);
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		if (enc)
			camellia_encrypt_1(ctx, dst, src);
		else
			camellia_decrypt_1(ctx, dst, src);
	}
}

BLOCK128_ADAPTERS(camellia)

const struct block128_cipher camellia_block128 =
	BLOCK128_CIPHER(camellia, camellia_key, 16, 32);
EXPORT_SYMBOL_GPL(camellia_block128);

/* for block128_cbc_encrypt() (block128-cbc.h) */
bool camellia_cbc_encrypt_blocks(const struct camellia_key *key, u8 *dst,
				 const u8 *src, size_t nblocks, u8 *iv)
{
	return camellia_cbc_encrypt_arch(key, dst, src, nblocks, iv);
}

MODULE_DESCRIPTION("Camellia block cipher");
MODULE_LICENSE("GPL");
