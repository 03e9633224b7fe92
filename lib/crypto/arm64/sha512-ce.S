/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-512 block function using the ARMv8.2 SHA-512 instructions.
 *
 * The state lives in four registers of two 64-bit lanes, lane 0 first:
 * AB = {a, b}, CD = {c, d}, EF = {e, f}, GH = {g, h}.  Two rounds t, t+1:
 *
 *   sha512h  takes {h + W[t]+K[t] (lane 1), g + W[t+1]+K[t+1] (lane 0)},
 *            {f, g} and {d, e} and returns the two T1 values
 *            {T1[t+1], T1[t]};
 *   adding {c, d} to them gives the new {e, f} = {c + T1[t+1], d + T1[t]};
 *   sha512h2 takes the T1 pair, {c, d} and {a, b} and returns the new
 *            {a, b}; the old {a, b} and {e, f} become {c, d} and {g, h}.
 *
 * sha512su0/sha512su1 compute W[t], W[t+1] from the 16-word window kept
 * in eight registers, a pair at a time.
 *
 * void sha512_ce_blocks(struct sha512_block_state *state, const u8 *data,
 *			 size_t nblocks);
 */
#include <linux/linkage.h>

	.text
	.arch	armv8.2-a+sha3

/*
 * Two rounds on message pair register v\m (W[t], W[t+1]).  With \sched, the
 * pair is first computed from the window: v\m holds W[t-16], W[t-15];
 * v\m1 W[t-14], W[t-13]; v\m4 W[t-8], W[t-7]; v\m5 W[t-6], W[t-5]; v\m7
 * W[t-2], W[t-1].
 */
.macro DROUND m, m1, m4, m5, m7, sched
.if \sched
	ext		v28.16b, v\m4\().16b, v\m5\().16b, #8	/* W[t-7], W[t-6] */
	sha512su0	v\m\().2d, v\m1\().2d
	sha512su1	v\m\().2d, v\m7\().2d, v28.2d
.endif
	ld1		{v7.2d}, [x3], #16
	add		v4.2d, v\m\().2d, v7.2d
	ext		v4.16b, v4.16b, v4.16b, #8		/* swap lanes */
	add		v4.2d, v4.2d, v3.2d			/* + {g, h} */
	ext		v5.16b, v2.16b, v3.16b, #8		/* {f, g} */
	ext		v6.16b, v1.16b, v2.16b, #8		/* {d, e} */
	sha512h		q4, q5, v6.2d
	mov		v3.16b, v2.16b
	add		v2.2d, v1.2d, v4.2d
	sha512h2	q4, q1, v0.2d
	mov		v1.16b, v0.16b
	mov		v0.16b, v4.16b
.endm

/* Sixteen rounds on the window v16..v23 */
.macro ROUNDS16 sched
	DROUND	16, 17, 20, 21, 23, \sched
	DROUND	17, 18, 21, 22, 16, \sched
	DROUND	18, 19, 22, 23, 17, \sched
	DROUND	19, 20, 23, 16, 18, \sched
	DROUND	20, 21, 16, 17, 19, \sched
	DROUND	21, 22, 17, 18, 20, \sched
	DROUND	22, 23, 18, 19, 21, \sched
	DROUND	23, 16, 19, 20, 22, \sched
.endm

SYM_FUNC_START(sha512_ce_blocks)
	cbz		x2, .Ldone
	ld1		{v0.2d-v3.2d}, [x0]
.Lblock:
	ld1		{v16.2d-v19.2d}, [x1], #64
	ld1		{v20.2d-v23.2d}, [x1], #64
	rev64		v16.16b, v16.16b
	rev64		v17.16b, v17.16b
	rev64		v18.16b, v18.16b
	rev64		v19.16b, v19.16b
	rev64		v20.16b, v20.16b
	rev64		v21.16b, v21.16b
	rev64		v22.16b, v22.16b
	rev64		v23.16b, v23.16b
	mov		v24.16b, v0.16b
	mov		v25.16b, v1.16b
	mov		v26.16b, v2.16b
	mov		v27.16b, v3.16b
	adrp		x3, .Lk512
	add		x3, x3, :lo12:.Lk512

	ROUNDS16	0
	mov		x4, #4
.Lgroup:
	ROUNDS16	1
	subs		x4, x4, #1
	b.ne		.Lgroup

	add		v0.2d, v0.2d, v24.2d
	add		v1.2d, v1.2d, v25.2d
	add		v2.2d, v2.2d, v26.2d
	add		v3.2d, v3.2d, v27.2d
	subs		x2, x2, #1
	b.ne		.Lblock

	st1		{v0.2d-v3.2d}, [x0]
.Ldone:
	ret
SYM_FUNC_END(sha512_ce_blocks)

	.section .rodata, "a"
	.p2align 4
/* FIPS 180-4 section 4.2.3 */
.Lk512:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019
	.quad	0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe
	.quad	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad	0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad	0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad	0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad	0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad	0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910
	.quad	0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad	0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9
	.quad	0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207
	.quad	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad	0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493
	.quad	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad	0x5fcb6fab3ad6faec, 0x6c44198c4a475817
