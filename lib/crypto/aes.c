// SPDX-License-Identifier: GPL-2.0
/*
 * AES block cipher (FIPS 197) and its simple modes: ECB, CBC, CTR (with the
 * RFC 3686 layout), XTS (IEEE 1619-2018, NIST SP 800-38E, with ciphertext
 * stealing), and the CBC-MAC family: CMAC (SP 800-38B), XCBC-MAC (RFC 3566)
 * and raw CBC-MAC for CCM.
 *
 * The generic implementation is bitsliced and constant time: no memory
 * access and no branch depends on key or data.  Four blocks are processed
 * at once in eight 64-bit words, one word per bit of every byte; the S-box
 * is evaluated as a Boolean circuit (the Boyar-Peralta circuit for the
 * forward S-box, and the inverse S-box as the affine map L, the S-box and L
 * again).  Architectures with AES instructions replace the block and mode
 * loops through $(SRCARCH)/aes.h, included at one point below.
 *
 * Round keys are kept as little-endian words in struct aes_enckey, the
 * layout AES instructions use, and converted to bitsliced form per call.
 */

#include <crypto/aes-cbc-macs.h>
#include <crypto/aes-cbc.h>
#include <crypto/aes-ctr.h>
#include <crypto/aes-ecb.h>
#include <crypto/aes-xts.h>
#include <crypto/aes.h>
#include <crypto/utils.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define AES_MAX_ROUNDS	14

/* The S-boxes as byte tables, exported for other users; not used here. */
const u8 crypto_aes_sbox[256] = {
	0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b,
	0xfe, 0xd7, 0xab, 0x76, 0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0,
	0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0, 0xb7, 0xfd, 0x93, 0x26,
	0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
	0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2,
	0xeb, 0x27, 0xb2, 0x75, 0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0,
	0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84, 0x53, 0xd1, 0x00, 0xed,
	0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
	0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f,
	0x50, 0x3c, 0x9f, 0xa8, 0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5,
	0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2, 0xcd, 0x0c, 0x13, 0xec,
	0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
	0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14,
	0xde, 0x5e, 0x0b, 0xdb, 0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c,
	0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79, 0xe7, 0xc8, 0x37, 0x6d,
	0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
	0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f,
	0x4b, 0xbd, 0x8b, 0x8a, 0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e,
	0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e, 0xe1, 0xf8, 0x98, 0x11,
	0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
	0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f,
	0xb0, 0x54, 0xbb, 0x16,
};
EXPORT_SYMBOL(crypto_aes_sbox);

const u8 crypto_aes_inv_sbox[256] = {
	0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38, 0xbf, 0x40, 0xa3, 0x9e,
	0x81, 0xf3, 0xd7, 0xfb, 0x7c, 0xe3, 0x39, 0x82, 0x9b, 0x2f, 0xff, 0x87,
	0x34, 0x8e, 0x43, 0x44, 0xc4, 0xde, 0xe9, 0xcb, 0x54, 0x7b, 0x94, 0x32,
	0xa6, 0xc2, 0x23, 0x3d, 0xee, 0x4c, 0x95, 0x0b, 0x42, 0xfa, 0xc3, 0x4e,
	0x08, 0x2e, 0xa1, 0x66, 0x28, 0xd9, 0x24, 0xb2, 0x76, 0x5b, 0xa2, 0x49,
	0x6d, 0x8b, 0xd1, 0x25, 0x72, 0xf8, 0xf6, 0x64, 0x86, 0x68, 0x98, 0x16,
	0xd4, 0xa4, 0x5c, 0xcc, 0x5d, 0x65, 0xb6, 0x92, 0x6c, 0x70, 0x48, 0x50,
	0xfd, 0xed, 0xb9, 0xda, 0x5e, 0x15, 0x46, 0x57, 0xa7, 0x8d, 0x9d, 0x84,
	0x90, 0xd8, 0xab, 0x00, 0x8c, 0xbc, 0xd3, 0x0a, 0xf7, 0xe4, 0x58, 0x05,
	0xb8, 0xb3, 0x45, 0x06, 0xd0, 0x2c, 0x1e, 0x8f, 0xca, 0x3f, 0x0f, 0x02,
	0xc1, 0xaf, 0xbd, 0x03, 0x01, 0x13, 0x8a, 0x6b, 0x3a, 0x91, 0x11, 0x41,
	0x4f, 0x67, 0xdc, 0xea, 0x97, 0xf2, 0xcf, 0xce, 0xf0, 0xb4, 0xe6, 0x73,
	0x96, 0xac, 0x74, 0x22, 0xe7, 0xad, 0x35, 0x85, 0xe2, 0xf9, 0x37, 0xe8,
	0x1c, 0x75, 0xdf, 0x6e, 0x47, 0xf1, 0x1a, 0x71, 0x1d, 0x29, 0xc5, 0x89,
	0x6f, 0xb7, 0x62, 0x0e, 0xaa, 0x18, 0xbe, 0x1b, 0xfc, 0x56, 0x3e, 0x4b,
	0xc6, 0xd2, 0x79, 0x20, 0x9a, 0xdb, 0xc0, 0xfe, 0x78, 0xcd, 0x5a, 0xf4,
	0x1f, 0xdd, 0xa8, 0x33, 0x88, 0x07, 0xc7, 0x31, 0xb1, 0x12, 0x10, 0x59,
	0x27, 0x80, 0xec, 0x5f, 0x60, 0x51, 0x7f, 0xa9, 0x19, 0xb5, 0x4a, 0x0d,
	0x2d, 0xe5, 0x7a, 0x9f, 0x93, 0xc9, 0x9c, 0xef, 0xa0, 0xe0, 0x3b, 0x4d,
	0xae, 0x2a, 0xf5, 0xb0, 0xc8, 0xeb, 0xbb, 0x3c, 0x83, 0x53, 0x99, 0x61,
	0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63,
	0x55, 0x21, 0x0c, 0x7d,
};
EXPORT_SYMBOL(crypto_aes_inv_sbox);

/*
 * Bitsliced state of four blocks.  q[j] holds bit j of all 64 state bytes;
 * byte r + 4c (row r, column c) of block b sits at bit 16r + 4c + b.  So a
 * row is a 16-bit field, a column a nibble within it, and:
 *   ShiftRows     rotates row r right by 4r bits within its field;
 *   MixColumns    needs "the next row of the same column", which is a
 *                 rotation of the whole word by 16 bits.
 */
#define AES_BS_BLOCKS	4

struct aes_bs_sched {
	u64 rk[AES_MAX_ROUNDS + 1][8];
};

static inline void aes_bs_swapmove(u64 *a, u64 *b, u64 mask, int n)
{
	u64 t = ((*a >> n) ^ *b) & mask;

	*b ^= t;
	*a ^= t << n;
}

/*
 * Transpose the 8x8 bit matrix in every byte lane: afterwards bit k of byte
 * B of q[j] is what was bit j of byte B of q[k].  It is its own inverse.
 */
static void aes_bs_transpose(u64 q[8])
{
	int i;

	for (i = 0; i < 8; i += 2)
		aes_bs_swapmove(&q[i], &q[i + 1], 0x5555555555555555ULL, 1);
	for (i = 0; i < 8; i++)
		if (!(i & 2))
			aes_bs_swapmove(&q[i], &q[i + 2],
					0x3333333333333333ULL, 2);
	for (i = 0; i < 4; i++)
		aes_bs_swapmove(&q[i], &q[i + 4], 0x0f0f0f0f0f0f0f0fULL, 4);
}

/* Byte r of x to byte 2r, and back. */
static inline u64 aes_bs_spread(u32 x)
{
	u64 v = x;

	v = (v | (v << 16)) & 0x0000ffff0000ffffULL;
	return (v | (v << 8)) & 0x00ff00ff00ff00ffULL;
}

static inline u32 aes_bs_compress(u64 v)
{
	v &= 0x00ff00ff00ff00ffULL;
	v = (v | (v >> 8)) & 0x0000ffff0000ffffULL;
	return (u32)(v | (v >> 16));
}

/*
 * w[b][c] is column c of block b as a little-endian word.  Before the
 * transpose, q[4h + b] gets byte r of columns h and h + 2 of block b at
 * bytes 2r and 2r + 1, which the transpose turns into the layout above.
 */
static void aes_bs_pack(u64 q[8], const u32 w[AES_BS_BLOCKS][4])
{
	int b, h;

	for (h = 0; h < 2; h++)
		for (b = 0; b < AES_BS_BLOCKS; b++)
			q[4 * h + b] = aes_bs_spread(w[b][h]) |
				       (aes_bs_spread(w[b][h + 2]) << 8);
	aes_bs_transpose(q);
}

static void aes_bs_unpack(u32 w[AES_BS_BLOCKS][4], u64 q[8])
{
	int b, h;

	aes_bs_transpose(q);
	for (h = 0; h < 2; h++) {
		for (b = 0; b < AES_BS_BLOCKS; b++) {
			w[b][h] = aes_bs_compress(q[4 * h + b]);
			w[b][h + 2] = aes_bs_compress(q[4 * h + b] >> 8);
		}
	}
}

static void aes_bs_load(u64 q[8], const u8 *in, size_t nblocks)
{
	u32 w[AES_BS_BLOCKS][4] = {};
	size_t b;
	int c;

	for (b = 0; b < nblocks; b++)
		for (c = 0; c < 4; c++)
			w[b][c] = get_unaligned_le32(in + 16 * b + 4 * c);
	aes_bs_pack(q, w);
	memzero_explicit(w, sizeof(w));
}

static void aes_bs_store(u8 *out, u64 q[8], size_t nblocks)
{
	u32 w[AES_BS_BLOCKS][4];
	size_t b;
	int c;

	aes_bs_unpack(w, q);
	for (b = 0; b < nblocks; b++)
		for (c = 0; c < 4; c++)
			put_unaligned_le32(w[b][c], out + 16 * b + 4 * c);
	memzero_explicit(w, sizeof(w));
}

/*
 * The AES S-box as a circuit of 113 XOR/AND/XNOR gates (J. Boyar and
 * R. Peralta, "A depth-16 circuit for the AES S-box", 2011): a linear
 * input layer, a shared nonlinear core computing the GF(2^4)-based inverse,
 * and a linear output layer.  x0 and s0 are the most significant bits.
 */
static void aes_bs_sbox(u64 q[8])
{
	u64 x0 = q[7], x1 = q[6], x2 = q[5], x3 = q[4];
	u64 x4 = q[3], x5 = q[2], x6 = q[1], x7 = q[0];
	u64 y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11, y12, y13, y14, y15;
	u64 y16, y17, y18, y19, y20, y21;
	u64 t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14;
	u64 t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
	u64 t28, t29, t30, t31, t32, t33, t34, t35, t36, t37, t38, t39, t40;
	u64 t41, t42, t43, t44, t45, t46, t47, t48, t49, t50, t51, t52, t53;
	u64 t54, t55, t56, t57, t58, t59, t60, t61, t62, t63, t64, t65, t66;
	u64 t67;
	u64 z0, z1, z2, z3, z4, z5, z6, z7, z8, z9, z10, z11, z12, z13, z14;
	u64 z15, z16, z17;
	u64 s0, s1, s2, s3, s4, s5, s6, s7;

	/* Top linear layer */
	y14 = x3 ^ x5;
	y13 = x0 ^ x6;
	y9 = x0 ^ x3;
	y8 = x0 ^ x5;
	t0 = x1 ^ x2;
	y1 = t0 ^ x7;
	y4 = y1 ^ x3;
	y12 = y13 ^ y14;
	y2 = y1 ^ x0;
	y5 = y1 ^ x6;
	y3 = y5 ^ y8;
	t1 = x4 ^ y12;
	y15 = t1 ^ x5;
	y20 = t1 ^ x1;
	y6 = y15 ^ x7;
	y10 = y15 ^ t0;
	y11 = y20 ^ y9;
	y7 = x7 ^ y11;
	y17 = y10 ^ y11;
	y19 = y10 ^ y8;
	y16 = t0 ^ y11;
	y21 = y13 ^ y16;
	y18 = x0 ^ y16;

	/* Nonlinear core */
	t2 = y12 & y15;
	t3 = y3 & y6;
	t4 = t3 ^ t2;
	t5 = y4 & x7;
	t6 = t5 ^ t2;
	t7 = y13 & y16;
	t8 = y5 & y1;
	t9 = t8 ^ t7;
	t10 = y2 & y7;
	t11 = t10 ^ t7;
	t12 = y9 & y11;
	t13 = y14 & y17;
	t14 = t13 ^ t12;
	t15 = y8 & y10;
	t16 = t15 ^ t12;
	t17 = t4 ^ t14;
	t18 = t6 ^ t16;
	t19 = t9 ^ t14;
	t20 = t11 ^ t16;
	t21 = t17 ^ y20;
	t22 = t18 ^ y19;
	t23 = t19 ^ y21;
	t24 = t20 ^ y18;

	t25 = t21 ^ t22;
	t26 = t21 & t23;
	t27 = t24 ^ t26;
	t28 = t25 & t27;
	t29 = t28 ^ t22;
	t30 = t23 ^ t24;
	t31 = t22 ^ t26;
	t32 = t31 & t30;
	t33 = t32 ^ t24;
	t34 = t23 ^ t33;
	t35 = t27 ^ t33;
	t36 = t24 & t35;
	t37 = t36 ^ t34;
	t38 = t27 ^ t36;
	t39 = t29 & t38;
	t40 = t25 ^ t39;

	t41 = t40 ^ t37;
	t42 = t29 ^ t33;
	t43 = t29 ^ t40;
	t44 = t33 ^ t37;
	t45 = t42 ^ t41;
	z0 = t44 & y15;
	z1 = t37 & y6;
	z2 = t33 & x7;
	z3 = t43 & y16;
	z4 = t40 & y1;
	z5 = t29 & y7;
	z6 = t42 & y11;
	z7 = t45 & y17;
	z8 = t41 & y10;
	z9 = t44 & y12;
	z10 = t37 & y3;
	z11 = t33 & y4;
	z12 = t43 & y13;
	z13 = t40 & y5;
	z14 = t29 & y2;
	z15 = t42 & y9;
	z16 = t45 & y14;
	z17 = t41 & y8;

	/* Bottom linear layer */
	t46 = z15 ^ z16;
	t47 = z10 ^ z11;
	t48 = z5 ^ z13;
	t49 = z9 ^ z10;
	t50 = z2 ^ z12;
	t51 = z2 ^ z5;
	t52 = z7 ^ z8;
	t53 = z0 ^ z3;
	t54 = z6 ^ z7;
	t55 = z16 ^ z17;
	t56 = z12 ^ t48;
	t57 = t50 ^ t53;
	t58 = z4 ^ t46;
	t59 = z3 ^ t54;
	t60 = t46 ^ t57;
	t61 = z14 ^ t57;
	t62 = t52 ^ t58;
	t63 = t49 ^ t58;
	t64 = z4 ^ t59;
	t65 = t61 ^ t62;
	t66 = z1 ^ t63;
	s0 = t59 ^ t63;
	s6 = t56 ^ ~t62;
	s7 = t48 ^ ~t60;
	t67 = t64 ^ t65;
	s3 = t53 ^ t66;
	s4 = t51 ^ t66;
	s5 = t47 ^ t65;
	s1 = t64 ^ ~s3;
	s2 = t55 ^ ~t67;

	q[7] = s0;
	q[6] = s1;
	q[5] = s2;
	q[4] = s3;
	q[3] = s4;
	q[2] = s5;
	q[1] = s6;
	q[0] = s7;
}

/*
 * L(x) = A^-1(x ^ 0x63), the inverse of the S-box's affine output map:
 * bit i of the result is x[i+2] ^ x[i+5] ^ x[i+7] ^ (bit i of 0x05).
 * Since S = A o inv, the inverse S-box is L o S o L.
 */
static void aes_bs_inv_affine(u64 q[8])
{
	u64 y[8];
	int i;

	for (i = 0; i < 8; i++)
		y[i] = q[(i + 2) & 7] ^ q[(i + 5) & 7] ^ q[(i + 7) & 7];
	y[0] = ~y[0];
	y[2] = ~y[2];
	memcpy(q, y, sizeof(y));
}

static void aes_bs_inv_sbox(u64 q[8])
{
	aes_bs_inv_affine(q);
	aes_bs_sbox(q);
	aes_bs_inv_affine(q);
}

static void aes_bs_shift_rows(u64 q[8])
{
	int j;

	for (j = 0; j < 8; j++) {
		u64 x = q[j];

		q[j] = (x & 0x000000000000ffffULL) |
		       ((x >> 4) & 0x000000000fff0000ULL) |
		       ((x << 12) & 0x00000000f0000000ULL) |
		       ((x >> 8) & 0x000000ff00000000ULL) |
		       ((x << 8) & 0x0000ff0000000000ULL) |
		       ((x >> 12) & 0x000f000000000000ULL) |
		       ((x << 4) & 0xfff0000000000000ULL);
	}
}

static void aes_bs_inv_shift_rows(u64 q[8])
{
	int j;

	for (j = 0; j < 8; j++) {
		u64 x = q[j];

		q[j] = (x & 0x000000000000ffffULL) |
		       ((x << 4) & 0x00000000fff00000ULL) |
		       ((x >> 12) & 0x00000000000f0000ULL) |
		       ((x >> 8) & 0x000000ff00000000ULL) |
		       ((x << 8) & 0x0000ff0000000000ULL) |
		       ((x >> 4) & 0x0fff000000000000ULL) |
		       ((x << 12) & 0xf000000000000000ULL);
	}
}

/* Multiply every byte by x in GF(2^8) (reduction polynomial 0x11b). */
static inline void aes_bs_xtime(u64 out[8], const u64 a[8])
{
	u64 hi = a[7];

	out[7] = a[6];
	out[6] = a[5];
	out[5] = a[4];
	out[4] = a[3] ^ hi;
	out[3] = a[2] ^ hi;
	out[2] = a[1];
	out[1] = a[0] ^ hi;
	out[0] = hi;
}

/* out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3} = 2 (a_r + a_{r+1}) + ... */
static void aes_bs_mix_columns(u64 q[8])
{
	u64 t[8], u[8];
	int j;

	for (j = 0; j < 8; j++)
		t[j] = q[j] ^ ror64(q[j], 16);
	aes_bs_xtime(u, t);
	for (j = 0; j < 8; j++)
		q[j] = u[j] ^ ror64(q[j], 16) ^ ror64(t[j], 32);
}

/*
 * InvMixColumns = MixColumns o P, where P adds 4 (a_r + a_{r+2}) to a_r:
 * the inverse matrix {e,b,d,9} factors as {2,3,1,1} x {5,0,4,0}.
 */
static void aes_bs_inv_mix_columns(u64 q[8])
{
	u64 t[8], u[8];
	int j;

	for (j = 0; j < 8; j++)
		t[j] = q[j] ^ ror64(q[j], 32);
	aes_bs_xtime(u, t);
	aes_bs_xtime(t, u);
	for (j = 0; j < 8; j++)
		q[j] ^= t[j];
	aes_bs_mix_columns(q);
}

static inline void aes_bs_add_round_key(u64 q[8], const u64 rk[8])
{
	int j;

	for (j = 0; j < 8; j++)
		q[j] ^= rk[j];
}

/* Each round key, replicated into all four block lanes. */
static void aes_bs_schedule(struct aes_bs_sched *s, const u32 *rndkeys,
			    int nrounds)
{
	u32 w[AES_BS_BLOCKS][4];
	int r, b;

	for (r = 0; r <= nrounds; r++) {
		for (b = 0; b < AES_BS_BLOCKS; b++)
			memcpy(w[b], &rndkeys[4 * r], 16);
		aes_bs_pack(s->rk[r], w);
	}
	memzero_explicit(w, sizeof(w));
}

static void aes_bs_encrypt(const struct aes_bs_sched *s, int nrounds,
			   u64 q[8])
{
	int r;

	aes_bs_add_round_key(q, s->rk[0]);
	for (r = 1; r < nrounds; r++) {
		aes_bs_sbox(q);
		aes_bs_shift_rows(q);
		aes_bs_mix_columns(q);
		aes_bs_add_round_key(q, s->rk[r]);
	}
	aes_bs_sbox(q);
	aes_bs_shift_rows(q);
	aes_bs_add_round_key(q, s->rk[nrounds]);
}

/* The straightforward inverse cipher, on the encryption round keys. */
static void aes_bs_decrypt(const struct aes_bs_sched *s, int nrounds,
			   u64 q[8])
{
	int r;

	aes_bs_add_round_key(q, s->rk[nrounds]);
	for (r = nrounds - 1; r > 0; r--) {
		aes_bs_inv_shift_rows(q);
		aes_bs_inv_sbox(q);
		aes_bs_add_round_key(q, s->rk[r]);
		aes_bs_inv_mix_columns(q);
	}
	aes_bs_inv_shift_rows(q);
	aes_bs_inv_sbox(q);
	aes_bs_add_round_key(q, s->rk[0]);
}

/*
 * Generic block and mode loops on raw round keys (@rk: encryption schedule,
 * little-endian words).  They serve both key types and the old interface.
 */
static void __maybe_unused
aes_ecb_generic(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
		size_t nblocks, bool enc)
{
	struct aes_bs_sched s;
	u64 q[8];

	aes_bs_schedule(&s, rk, nrounds);
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, AES_BS_BLOCKS);

		aes_bs_load(q, src, n);
		if (enc)
			aes_bs_encrypt(&s, nrounds, q);
		else
			aes_bs_decrypt(&s, nrounds, q);
		aes_bs_store(dst, q, n);
		src += n * AES_BLOCK_SIZE;
		dst += n * AES_BLOCK_SIZE;
		nblocks -= n;
	}
	memzero_explicit(q, sizeof(q));
	memzero_explicit(&s, sizeof(s));
}

static void __maybe_unused
aes_cbc_encrypt_generic(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
			size_t nblocks, u8 iv[AES_BLOCK_SIZE])
{
	struct aes_bs_sched s;
	u8 blk[AES_BLOCK_SIZE];
	u64 q[8];

	aes_bs_schedule(&s, rk, nrounds);
	memcpy(blk, iv, AES_BLOCK_SIZE);
	while (nblocks--) {
		crypto_xor(blk, src, AES_BLOCK_SIZE);
		aes_bs_load(q, blk, 1);
		aes_bs_encrypt(&s, nrounds, q);
		aes_bs_store(blk, q, 1);
		memcpy(dst, blk, AES_BLOCK_SIZE);
		src += AES_BLOCK_SIZE;
		dst += AES_BLOCK_SIZE;
	}
	memcpy(iv, blk, AES_BLOCK_SIZE);
	memzero_explicit(q, sizeof(q));
	memzero_explicit(&s, sizeof(s));
}

static void __maybe_unused
aes_cbc_decrypt_generic(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
			size_t nblocks, u8 iv[AES_BLOCK_SIZE])
{
	u8 ct[AES_BS_BLOCKS * AES_BLOCK_SIZE];
	u8 pt[AES_BS_BLOCKS * AES_BLOCK_SIZE];
	struct aes_bs_sched s;
	u64 q[8];

	aes_bs_schedule(&s, rk, nrounds);
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, AES_BS_BLOCKS);

		/* Keep the ciphertext: in-place operation overwrites it. */
		memcpy(ct, src, n * AES_BLOCK_SIZE);
		aes_bs_load(q, ct, n);
		aes_bs_decrypt(&s, nrounds, q);
		aes_bs_store(pt, q, n);
		crypto_xor(pt, iv, AES_BLOCK_SIZE);
		crypto_xor(pt + AES_BLOCK_SIZE, ct, (n - 1) * AES_BLOCK_SIZE);
		memcpy(dst, pt, n * AES_BLOCK_SIZE);
		memcpy(iv, ct + (n - 1) * AES_BLOCK_SIZE, AES_BLOCK_SIZE);
		src += n * AES_BLOCK_SIZE;
		dst += n * AES_BLOCK_SIZE;
		nblocks -= n;
	}
	memzero_explicit(pt, sizeof(pt));
	memzero_explicit(q, sizeof(q));
	memzero_explicit(&s, sizeof(s));
}

static inline void aes_ctr128_inc(u8 ctr[AES_BLOCK_SIZE])
{
	u64 lo = get_unaligned_be64(ctr + 8) + 1;

	put_unaligned_be64(lo, ctr + 8);
	if (lo == 0)
		put_unaligned_be64(get_unaligned_be64(ctr) + 1, ctr);
}

static void __maybe_unused
aes_ctr_generic(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
		size_t len, u8 ctr[AES_BLOCK_SIZE])
{
	u8 ks[AES_BS_BLOCKS * AES_BLOCK_SIZE];
	struct aes_bs_sched s;
	u64 q[8];

	aes_bs_schedule(&s, rk, nrounds);
	while (len) {
		size_t n = min_t(size_t, DIV_ROUND_UP(len, AES_BLOCK_SIZE),
				 AES_BS_BLOCKS);
		size_t l = min_t(size_t, len, n * AES_BLOCK_SIZE);
		size_t i;

		for (i = 0; i < n; i++) {
			memcpy(&ks[i * AES_BLOCK_SIZE], ctr, AES_BLOCK_SIZE);
			aes_ctr128_inc(ctr);
		}
		aes_bs_load(q, ks, n);
		aes_bs_encrypt(&s, nrounds, q);
		aes_bs_store(ks, q, n);
		crypto_xor_cpy(dst, src, ks, l);
		src += l;
		dst += l;
		len -= l;
	}
	memzero_explicit(ks, sizeof(ks));
	memzero_explicit(q, sizeof(q));
	memzero_explicit(&s, sizeof(s));
}

/*
 * CBC-MAC over whole blocks: optionally encrypt @h first (a block held back
 * by the caller), then XOR in and encrypt each block, except that the last
 * one is only XORed in unless @enc_after.  @nblocks >= 1.
 */
static void __maybe_unused
aes_cbcmac_blocks_generic(const u32 *rk, int nrounds, u8 h[AES_BLOCK_SIZE],
			  const u8 *data, size_t nblocks, bool enc_before,
			  bool enc_after)
{
	struct aes_bs_sched s;
	u64 q[8];

	aes_bs_schedule(&s, rk, nrounds);
	if (enc_before) {
		aes_bs_load(q, h, 1);
		aes_bs_encrypt(&s, nrounds, q);
		aes_bs_store(h, q, 1);
	}
	for (;;) {
		crypto_xor(h, data, AES_BLOCK_SIZE);
		data += AES_BLOCK_SIZE;
		if (--nblocks == 0 && !enc_after)
			break;
		aes_bs_load(q, h, 1);
		aes_bs_encrypt(&s, nrounds, q);
		aes_bs_store(h, q, 1);
		if (nblocks == 0)
			break;
	}
	memzero_explicit(q, sizeof(q));
	memzero_explicit(&s, sizeof(s));
}

/*
 * Key expansion (FIPS 197 5.2).  SubWord goes through the same S-box
 * circuit, so the schedule is constant time too.
 */
static u32 aes_subword(u32 w)
{
	u64 q[8] = {};
	u32 r = 0;
	int i, j;

	for (j = 0; j < 8; j++)
		for (i = 0; i < 4; i++)
			q[j] |= (u64)((w >> (8 * i + j)) & 1) << i;
	aes_bs_sbox(q);
	for (j = 0; j < 8; j++)
		for (i = 0; i < 4; i++)
			r |= (u32)((q[j] >> i) & 1) << (8 * i + j);
	memzero_explicit(q, sizeof(q));
	return r;
}

static inline u32 aes_mul_by_x(u32 w)
{
	return ((w & 0x7f7f7f7f) << 1) ^ (((w >> 7) & 0x01010101) * 0x1b);
}

/* One column as a little-endian word: byte r is row r. */
static u32 aes_mix_column(u32 x)
{
	u32 x1 = ror32(x, 8);

	return aes_mul_by_x(x ^ x1) ^ x1 ^ ror32(x, 16) ^ ror32(x, 24);
}

static u32 aes_inv_mix_column(u32 x)
{
	u32 u = aes_mul_by_x(aes_mul_by_x(x ^ ror32(x, 16)));

	return aes_mix_column(x ^ u);
}

static void aes_expandkey_generic(u32 *rk, u32 *inv_rk, const u8 *in_key,
				  int key_len)
{
	int nk = key_len / 4, nwords = 4 * (6 + nk + 1);
	u32 rcon = 1;
	int i;

	for (i = 0; i < nk; i++)
		rk[i] = get_unaligned_le32(in_key + 4 * i);
	for (i = nk; i < nwords; i++) {
		u32 t = rk[i - 1];

		if (i % nk == 0) {
			t = ror32(aes_subword(t), 8) ^ rcon;
			rcon = aes_mul_by_x(rcon);
		} else if (nk > 6 && i % nk == 4) {
			t = aes_subword(t);
		}
		rk[i] = rk[i - nk] ^ t;
	}

	if (!inv_rk)
		return;
	/*
	 * Equivalent Inverse Cipher schedule: the round keys in reverse order,
	 * InvMixColumns applied to all but the first and the last.
	 */
	for (i = 0; i < nwords; i += 4) {
		const u32 *src = &rk[nwords - 4 - i];
		bool edge = i == 0 || i == nwords - 4;
		int c;

		for (c = 0; c < 4; c++)
			inv_rk[i + c] = edge ? src[c] :
				aes_inv_mix_column(src[c]);
	}
}

/*
 * Arch hooks.  $(SRCARCH)/aes.h may define any of these; each returns false
 * when it cannot take the call (e.g. no usable SIMD), and the generic code
 * then runs.  @inv_rk is the Equivalent Inverse Cipher schedule (for
 * instruction sets that want it); the generic code uses @rk for both
 * directions.
 */
#ifdef CONFIG_CRYPTO_LIB_AES_ARCH
#include "aes.h" /* $(SRCARCH)/aes.h */
#endif

#ifndef aes_expandkey_arch
static bool aes_expandkey_arch(u32 *rk, u32 *inv_rk, const u8 *in_key,
			       int key_len)
{
	return false;
}
#endif

#ifndef aes_ecb_encrypt_arch
static bool aes_ecb_encrypt_arch(const u32 *rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks)
{
	return false;
}
#endif

#ifndef aes_ecb_decrypt_arch
static bool aes_ecb_decrypt_arch(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks)
{
	return false;
}
#endif

#ifndef aes_cbc_encrypt_arch
static bool aes_cbc_encrypt_arch(const u32 *rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks,
				 u8 iv[AES_BLOCK_SIZE])
{
	return false;
}
#endif

#ifndef aes_cbc_decrypt_arch
static bool aes_cbc_decrypt_arch(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks,
				 u8 iv[AES_BLOCK_SIZE])
{
	return false;
}
#endif

#ifndef aes_ctr_arch
static bool aes_ctr_arch(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
			 size_t len, u8 ctr[AES_BLOCK_SIZE])
{
	return false;
}
#endif

#ifndef aes_cbcmac_blocks_arch
static bool aes_cbcmac_blocks_arch(const u32 *rk, int nrounds,
				   u8 h[AES_BLOCK_SIZE], const u8 *data,
				   size_t nblocks, bool enc_before,
				   bool enc_after)
{
	return false;
}
#endif

/* @nblocks >= 0 whole XTS blocks; @tweak is the running (encrypted) tweak. */
#ifndef aes_xts_blocks_arch
static bool aes_xts_blocks_arch(const u32 *rk, int nrounds, u8 *dst,
				const u8 *src, size_t nblocks,
				u8 tweak[AES_BLOCK_SIZE], bool enc)
{
	return false;
}
#endif

static void aes_expandkey_any(u32 *rk, u32 *inv_rk, const u8 *in_key,
			      int key_len)
{
	if (!aes_expandkey_arch(rk, inv_rk, in_key, key_len))
		aes_expandkey_generic(rk, inv_rk, in_key, key_len);
}

static void aes_encrypt_blocks(const u32 *rk, int nrounds, u8 *dst,
			       const u8 *src, size_t nblocks)
{
	if (!aes_ecb_encrypt_arch(rk, nrounds, dst, src, nblocks))
		aes_ecb_generic(rk, nrounds, dst, src, nblocks, true);
}

static void aes_decrypt_blocks(const u32 *rk, const u32 *inv_rk, int nrounds,
			       u8 *dst, const u8 *src, size_t nblocks)
{
	if (!aes_ecb_decrypt_arch(inv_rk, nrounds, dst, src, nblocks))
		aes_ecb_generic(rk, nrounds, dst, src, nblocks, false);
}

int aes_expandkey(struct crypto_aes_ctx *ctx, const u8 *in_key,
		  unsigned int key_len)
{
	if (aes_check_keylen(key_len))
		return -EINVAL;
	ctx->key_length = key_len;
	aes_expandkey_any(ctx->key_enc, ctx->key_dec, in_key, key_len);
	return 0;
}
EXPORT_SYMBOL(aes_expandkey);

static int __aes_preparekey(struct aes_enckey *key, u32 *inv_rk,
			    const u8 *in_key, size_t key_len)
{
	if (aes_check_keylen(key_len))
		return -EINVAL;
	key->len = key_len;
	key->nrounds = 6 + key_len / 4;
	key->padding[0] = key->padding[1] = 0;
	aes_expandkey_any(key->k.rndkeys, inv_rk, in_key, key_len);
	return 0;
}

int aes_preparekey(struct aes_key *key, const u8 *in_key, size_t key_len)
{
	return __aes_preparekey((struct aes_enckey *)key,
				key->inv_k.inv_rndkeys, in_key, key_len);
}
EXPORT_SYMBOL(aes_preparekey);

int aes_prepareenckey(struct aes_enckey *key, const u8 *in_key,
		      size_t key_len)
{
	return __aes_preparekey(key, NULL, in_key, key_len);
}
EXPORT_SYMBOL(aes_prepareenckey);

void (aes_encrypt)(aes_encrypt_arg key, u8 out[AES_BLOCK_SIZE],
		   const u8 in[AES_BLOCK_SIZE])
{
	aes_encrypt_blocks(key.enc_key->k.rndkeys, key.enc_key->nrounds,
			   out, in, 1);
}
EXPORT_SYMBOL(aes_encrypt);

void (aes_decrypt)(const struct aes_key *key, u8 out[AES_BLOCK_SIZE],
		   const u8 in[AES_BLOCK_SIZE])
{
	aes_decrypt_blocks(key->k.rndkeys, key->inv_k.inv_rndkeys,
			   key->nrounds, out, in, 1);
}
EXPORT_SYMBOL(aes_decrypt);

void aes_encrypt_old(const struct crypto_aes_ctx *ctx, u8 *out, const u8 *in)
{
	aes_encrypt_blocks(ctx->key_enc, 6 + ctx->key_length / 4, out, in, 1);
}
EXPORT_SYMBOL(aes_encrypt_old);

void aes_decrypt_old(const struct crypto_aes_ctx *ctx, u8 *out, const u8 *in)
{
	aes_decrypt_blocks(ctx->key_enc, ctx->key_dec, 6 + ctx->key_length / 4,
			   out, in, 1);
}
EXPORT_SYMBOL(aes_decrypt_old);

void aes_ecb_encrypt(u8 *dst, const u8 *src, size_t len, aes_encrypt_arg key)
{
	if (WARN_ON_ONCE(len % AES_BLOCK_SIZE))
		len = round_down(len, AES_BLOCK_SIZE);
	if (len)
		aes_encrypt_blocks(key.enc_key->k.rndkeys, key.enc_key->nrounds,
				   dst, src, len / AES_BLOCK_SIZE);
}
EXPORT_SYMBOL_GPL(aes_ecb_encrypt);

void aes_ecb_decrypt(u8 *dst, const u8 *src, size_t len,
		     const struct aes_key *key)
{
	if (WARN_ON_ONCE(len % AES_BLOCK_SIZE))
		len = round_down(len, AES_BLOCK_SIZE);
	if (len)
		aes_decrypt_blocks(key->k.rndkeys, key->inv_k.inv_rndkeys,
				   key->nrounds, dst, src,
				   len / AES_BLOCK_SIZE);
}
EXPORT_SYMBOL_GPL(aes_ecb_decrypt);

void aes_cbc_encrypt(u8 *dst, const u8 *src, size_t len,
		     u8 iv[AES_BLOCK_SIZE], aes_encrypt_arg key)
{
	const struct aes_enckey *k = key.enc_key;

	if (WARN_ON_ONCE(len % AES_BLOCK_SIZE))
		len = round_down(len, AES_BLOCK_SIZE);
	if (!len)
		return;
	if (!aes_cbc_encrypt_arch(k->k.rndkeys, k->nrounds, dst, src,
				  len / AES_BLOCK_SIZE, iv))
		aes_cbc_encrypt_generic(k->k.rndkeys, k->nrounds, dst, src,
					len / AES_BLOCK_SIZE, iv);
}
EXPORT_SYMBOL_GPL(aes_cbc_encrypt);

void aes_cbc_decrypt(u8 *dst, const u8 *src, size_t len,
		     u8 iv[AES_BLOCK_SIZE], const struct aes_key *key)
{
	if (WARN_ON_ONCE(len % AES_BLOCK_SIZE))
		len = round_down(len, AES_BLOCK_SIZE);
	if (!len)
		return;
	if (!aes_cbc_decrypt_arch(key->inv_k.inv_rndkeys, key->nrounds, dst,
				  src, len / AES_BLOCK_SIZE, iv))
		aes_cbc_decrypt_generic(key->k.rndkeys, key->nrounds, dst, src,
					len / AES_BLOCK_SIZE, iv);
}
EXPORT_SYMBOL_GPL(aes_cbc_decrypt);

void aes_ctr(u8 *dst, const u8 *src, size_t len, u8 ctr[AES_BLOCK_SIZE],
	     aes_encrypt_arg key)
{
	const struct aes_enckey *k = key.enc_key;

	if (!len)
		return;
	if (!aes_ctr_arch(k->k.rndkeys, k->nrounds, dst, src, len, ctr))
		aes_ctr_generic(k->k.rndkeys, k->nrounds, dst, src, len, ctr);
}
EXPORT_SYMBOL_GPL(aes_ctr);

int aes_rfc3686_preparekey(struct aes_rfc3686_key *key, const u8 *in_key,
			   size_t key_len)
{
	int err;

	if (key_len < CTR_RFC3686_NONCE_SIZE)
		return -EINVAL;
	key_len -= CTR_RFC3686_NONCE_SIZE;
	err = aes_prepareenckey(&key->aes, in_key, key_len);
	if (err)
		return err;
	memcpy(key->nonce, in_key + key_len, CTR_RFC3686_NONCE_SIZE);
	return 0;
}
EXPORT_SYMBOL_GPL(aes_rfc3686_preparekey);

void aes_rfc3686_crypt(u8 *dst, const u8 *src, size_t len,
		       const u8 iv[CTR_RFC3686_IV_SIZE],
		       const struct aes_rfc3686_key *key)
{
	u8 ctr[AES_BLOCK_SIZE];

	memcpy(ctr, key->nonce, CTR_RFC3686_NONCE_SIZE);
	memcpy(ctr + CTR_RFC3686_NONCE_SIZE, iv, CTR_RFC3686_IV_SIZE);
	put_unaligned_be32(1, ctr + AES_BLOCK_SIZE - 4);
	aes_ctr(dst, src, len, ctr, &key->aes);
}
EXPORT_SYMBOL_GPL(aes_rfc3686_crypt);

/*
 * XTS: block i is C_i = E_K1(P_i ^ T_i) ^ T_i with T_0 = E_K2(IV) and
 * T_{i+1} = T_i * x in GF(2^128), little-endian.  A message whose length
 * is not a multiple of 16 steals the tail of the last full ciphertext
 * block, in the order the kernel's xts template (and IEEE 1619) uses.
 *
 * The generic code XORs the tweaks around ECB, so it runs on whatever ECB
 * the CPU has; aes_xts_blocks_arch() may take the whole blocks instead.
 * Ciphertext stealing is always done here.
 */
#define XTS_CHUNK_BLOCKS	8

int aes_xts_preparekey(struct aes_xts_key *key, const u8 *in_key,
		       size_t key_len, int flags)
{
	size_t half = key_len / 2;
	int err;

	if (key_len % 2 || aes_check_keylen(half))
		return -EINVAL;
	if ((flags & XTS_FORBID_WEAK_KEYS) &&
	    !crypto_memneq(in_key, in_key + half, half))
		return -EINVAL;
	err = aes_preparekey(&key->main_key, in_key, half);
	if (!err)
		err = aes_prepareenckey(&key->tweak_key, in_key + half, half);
	return err;
}
EXPORT_SYMBOL_GPL(aes_xts_preparekey);

/* T * x in GF(2^128), IEEE 1619 (little-endian) convention. */
static inline void xts_mul_x(u8 t[AES_BLOCK_SIZE])
{
	u64 lo = get_unaligned_le64(t), hi = get_unaligned_le64(t + 8);
	u64 red = (u64)-(s64)(hi >> 63) & 0x87;

	put_unaligned_le64((lo << 1) ^ red, t);
	put_unaligned_le64((hi << 1) | (lo >> 63), t + 8);
}

/*
 * Whole blocks: tweak-XOR, ECB, tweak-XOR, a chunk at a time.  @t is the
 * running tweak, advanced past every block.
 */
static void xts_crypt_blocks(u8 *dst, const u8 *src, size_t nblocks,
			     u8 t[AES_BLOCK_SIZE],
			     const struct aes_xts_key *key, bool enc)
{
	u8 tw[XTS_CHUNK_BLOCKS * AES_BLOCK_SIZE];
	u8 buf[XTS_CHUNK_BLOCKS * AES_BLOCK_SIZE];

	while (nblocks) {
		size_t n = min_t(size_t, nblocks, XTS_CHUNK_BLOCKS);
		size_t bytes = n * AES_BLOCK_SIZE, i;

		for (i = 0; i < n; i++) {
			memcpy(&tw[i * AES_BLOCK_SIZE], t, AES_BLOCK_SIZE);
			xts_mul_x(t);
		}
		crypto_xor_cpy(buf, src, tw, bytes);
		if (enc)
			aes_ecb_encrypt(buf, buf, bytes, &key->main_key);
		else
			aes_ecb_decrypt(buf, buf, bytes, &key->main_key);
		crypto_xor_cpy(dst, buf, tw, bytes);
		src += bytes;
		dst += bytes;
		nblocks -= n;
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(tw, sizeof(tw));
}

static void xts_one_block(u8 blk[AES_BLOCK_SIZE], const u8 t[AES_BLOCK_SIZE],
			  const struct aes_xts_key *key, bool enc)
{
	crypto_xor(blk, t, AES_BLOCK_SIZE);
	if (enc)
		aes_encrypt(&key->main_key, blk, blk);
	else
		aes_decrypt(&key->main_key, blk, blk);
	crypto_xor(blk, t, AES_BLOCK_SIZE);
}

/*
 * The last full block m and the tail of @tail bytes (1..15).  Encryption:
 * CC = XTS(P_m, T_m); C_m = XTS(P_tail || CC[tail..], T_{m+1}); the output
 * tail is CC[0..tail).  Decryption runs the same steps with the two
 * tweaks swapped.
 */
static void xts_cts(u8 *dst, const u8 *src, size_t tail,
		    u8 t[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		    bool enc)
{
	u8 t_next[AES_BLOCK_SIZE], cc[AES_BLOCK_SIZE], pp[AES_BLOCK_SIZE];
	const u8 *first = t, *second = t_next;

	memcpy(t_next, t, AES_BLOCK_SIZE);
	xts_mul_x(t_next);
	if (!enc) {
		first = t_next;
		second = t;
	}
	memcpy(cc, src, AES_BLOCK_SIZE);
	xts_one_block(cc, first, key, enc);
	memcpy(pp, src + AES_BLOCK_SIZE, tail);	/* read before any write */
	memcpy(pp + tail, cc + tail, AES_BLOCK_SIZE - tail);
	xts_one_block(pp, second, key, enc);
	memcpy(dst + AES_BLOCK_SIZE, cc, tail);
	memcpy(dst, pp, AES_BLOCK_SIZE);
	memzero_explicit(cc, sizeof(cc));
	memzero_explicit(pp, sizeof(pp));
	memzero_explicit(t_next, sizeof(t_next));
}

static void aes_xts_crypt(u8 *dst, const u8 *src, size_t len,
			  u8 tweak[AES_BLOCK_SIZE],
			  const struct aes_xts_key *key, bool cont, bool enc)
{
	const struct aes_key *k = &key->main_key;
	size_t tail = len % AES_BLOCK_SIZE;
	size_t nblocks = len / AES_BLOCK_SIZE;

	if (WARN_ON_ONCE(len < AES_BLOCK_SIZE))
		return;
	if (!cont)
		aes_encrypt(&key->tweak_key, tweak, tweak);
	if (tail)
		nblocks--;	/* the last full block goes with the tail */
	if (!aes_xts_blocks_arch(enc ? k->k.rndkeys : k->inv_k.inv_rndkeys,
				 k->nrounds, dst, src, nblocks, tweak, enc))
		xts_crypt_blocks(dst, src, nblocks, tweak, key, enc);
	if (tail)
		xts_cts(dst + nblocks * AES_BLOCK_SIZE,
			src + nblocks * AES_BLOCK_SIZE, tail, tweak, key, enc);
}

void aes_xts_encrypt(u8 *dst, const u8 *src, size_t len,
		     u8 tweak[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		     bool cont)
{
	aes_xts_crypt(dst, src, len, tweak, key, cont, true);
}
EXPORT_SYMBOL_GPL(aes_xts_encrypt);

void aes_xts_decrypt(u8 *dst, const u8 *src, size_t len,
		     u8 tweak[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		     bool cont)
{
	aes_xts_crypt(dst, src, len, tweak, key, cont, false);
}
EXPORT_SYMBOL_GPL(aes_xts_decrypt);

/* CBC-MAC over @nblocks >= 1 whole blocks; see aes_cbcmac_blocks_generic. */
static void aes_cbcmac_blocks(u8 h[AES_BLOCK_SIZE],
			      const struct aes_enckey *key, const u8 *data,
			      size_t nblocks, bool enc_before, bool enc_after)
{
	if (!aes_cbcmac_blocks_arch(key->k.rndkeys, key->nrounds, h, data,
				    nblocks, enc_before, enc_after))
		aes_cbcmac_blocks_generic(key->k.rndkeys, key->nrounds, h,
					  data, nblocks, enc_before,
					  enc_after);
}

/* Multiply by x in GF(2^128) with the CMAC bit order (SP 800-38B 6.1). */
static void aes_cmac_double(u8 out[AES_BLOCK_SIZE], const u8 in[AES_BLOCK_SIZE])
{
	u64 hi = get_unaligned_be64(in), lo = get_unaligned_be64(in + 8);
	u64 red = (u64)-(s64)(hi >> 63) & 0x87;

	put_unaligned_be64((hi << 1) | (lo >> 63), out);
	put_unaligned_be64((lo << 1) ^ red, out + 8);
}

int aes_cmac_preparekey(struct aes_cmac_key *key, const u8 *in_key,
			size_t key_len)
{
	u8 l[AES_BLOCK_SIZE] = {};
	int err;

	err = aes_prepareenckey(&key->aes, in_key, key_len);
	if (err)
		return err;
	aes_encrypt(&key->aes, l, l);
	aes_cmac_double(key->k_final[0].b, l);
	aes_cmac_double(key->k_final[1].b, key->k_final[0].b);
	memzero_explicit(l, sizeof(l));
	return 0;
}
EXPORT_SYMBOL_GPL(aes_cmac_preparekey);

void aes_xcbcmac_preparekey(struct aes_cmac_key *key,
			    const u8 in_key[AES_KEYSIZE_128])
{
	u8 k[3][AES_BLOCK_SIZE];
	int i;

	/* K1, K2, K3 = E(K, 0x01..01), E(K, 0x02..02), E(K, 0x03..03) */
	for (i = 0; i < 3; i++)
		memset(k[i], i + 1, AES_BLOCK_SIZE);
	aes_prepareenckey(&key->aes, in_key, AES_KEYSIZE_128);
	aes_ecb_encrypt(k[0], k[0], sizeof(k), &key->aes);
	memcpy(key->k_final[0].b, k[1], AES_BLOCK_SIZE);
	memcpy(key->k_final[1].b, k[2], AES_BLOCK_SIZE);
	aes_prepareenckey(&key->aes, k[0], AES_KEYSIZE_128);
	memzero_explicit(k, sizeof(k));
}
EXPORT_SYMBOL_GPL(aes_xcbcmac_preparekey);

void aes_cmac_update(struct aes_cmac_ctx *ctx, const u8 *data,
		     size_t data_len)
{
	bool enc_before = false;
	size_t nblocks, rem;

	if (!data_len)
		return;
	if (ctx->partial_len) {
		size_t n = min(data_len, AES_BLOCK_SIZE - ctx->partial_len);

		crypto_xor(&ctx->h[ctx->partial_len], data, n);
		ctx->partial_len += n;
		data += n;
		data_len -= n;
		/* A full block is held back until more data shows up. */
		if (!data_len)
			return;
		enc_before = true;
	}
	/*
	 * Hold back the last block (full or partial): only the final call
	 * knows which subkey it gets.
	 */
	rem = data_len % AES_BLOCK_SIZE;
	if (!rem)
		rem = AES_BLOCK_SIZE;
	nblocks = (data_len - rem) / AES_BLOCK_SIZE;
	if (nblocks) {
		aes_cbcmac_blocks(ctx->h, &ctx->key->aes, data, nblocks,
				  enc_before, true);
	} else if (enc_before) {
		aes_encrypt(&ctx->key->aes, ctx->h, ctx->h);
	}
	crypto_xor(ctx->h, data + nblocks * AES_BLOCK_SIZE, rem);
	ctx->partial_len = rem;
}
EXPORT_SYMBOL_GPL(aes_cmac_update);

void aes_cmac_final(struct aes_cmac_ctx *ctx, u8 out[AES_BLOCK_SIZE])
{
	if (ctx->partial_len == AES_BLOCK_SIZE) {
		crypto_xor(ctx->h, ctx->key->k_final[0].b, AES_BLOCK_SIZE);
	} else {
		ctx->h[ctx->partial_len] ^= 0x80;
		crypto_xor(ctx->h, ctx->key->k_final[1].b, AES_BLOCK_SIZE);
	}
	aes_encrypt(&ctx->key->aes, out, ctx->h);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(aes_cmac_final);

void aes_cbcmac_update(struct aes_cbcmac_ctx *ctx, const u8 *data,
		       size_t data_len)
{
	bool enc_before = false;
	size_t nblocks;

	if (ctx->partial_len) {
		size_t n = min(data_len, AES_BLOCK_SIZE - ctx->partial_len);

		crypto_xor(&ctx->h[ctx->partial_len], data, n);
		ctx->partial_len += n;
		data += n;
		data_len -= n;
		if (ctx->partial_len < AES_BLOCK_SIZE)
			return;
		enc_before = true;
	}
	nblocks = data_len / AES_BLOCK_SIZE;
	data_len %= AES_BLOCK_SIZE;
	if (nblocks) {
		aes_cbcmac_blocks(ctx->h, ctx->key, data, nblocks, enc_before,
				  true);
		data += nblocks * AES_BLOCK_SIZE;
	} else if (enc_before) {
		aes_encrypt(ctx->key, ctx->h, ctx->h);
	}
	crypto_xor(ctx->h, data, data_len);
	ctx->partial_len = data_len;
}
EXPORT_SYMBOL_GPL(aes_cbcmac_update);

void aes_cbcmac_final(struct aes_cbcmac_ctx *ctx, u8 out[AES_BLOCK_SIZE])
{
	if (ctx->partial_len)
		aes_encrypt(ctx->key, out, ctx->h);
	else
		memcpy(out, ctx->h, AES_BLOCK_SIZE);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(aes_cbcmac_final);

#ifdef aes_mod_init_arch
static int __init aes_mod_init(void)
{
	aes_mod_init_arch();
	return 0;
}
subsys_initcall(aes_mod_init);
#endif

MODULE_DESCRIPTION("AES block cipher, ECB/CBC/CTR/XTS modes and CBC-MACs");
MODULE_LICENSE("GPL");
