/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Poly1305 block function with AVX-512 IFMA: eight interleaved
 * accumulators in radix 2^44.
 *
 * The message is split into eight lanes; each lane is a Horner evaluation
 * in r^8, and the last group of eight blocks is multiplied by r^8 .. r^1
 * instead so the lanes can be summed (as in poly1305-avx2.S, with eight
 * lanes instead of four).  Numbers are three limbs of 44, 44 and 42 bits,
 * one limb per 64-bit lane.  vpmadd52luq / vpmadd52huq add the low / high
 * 52 bits of a 52x52-bit product to a 64-bit lane, so a product of limbs
 * at position p (weight 2^(44p)) contributes its low half at position p
 * and its high half at position p + 1 with a factor 2^8.  Terms at or
 * above 2^130 wrap around multiplied by 5: position 3 is position 0 times
 * 2^132 = 4 * 2^130, hence s = 20 * r for those limbs, and the high halves
 * of position 2 land at 2^140, i.e. 5 * 2^10 at position 0.
 *
 * Every limb fed to a multiplier stays below 2^46, far from the 52-bit
 * input width; the products are below 2^95, so each sum of low (high)
 * halves stays below 2^55 (2^46), and the sums of the lanes below 2^62.
 */

#include <linux/linkage.h>

.section .rodata.cst8.poly1305_ifma, "aM", @progbits, 8
.align 8
.Lmask44:
	.quad 0xfffffffffff
.Lmask42:
	.quad 0x3ffffffffff
.Lhibit:
	.quad 1 << 40			/* 2^128 in the top limb */

.text

#define H0	%zmm0
#define H1	%zmm1
#define H2	%zmm2
#define R0	%zmm3		/* r^16, broadcast, then the lane powers */
#define R1	%zmm4
#define R2	%zmm5
#define S1	%zmm6
#define S2	%zmm7
#define Q0	%zmm20		/* r^8, broadcast */
#define Q1	%zmm21
#define Q2	%zmm22
#define P1	%zmm23
#define P2	%zmm24
#define X0	%zmm25		/* the second group of eight blocks */
#define X1	%zmm26
#define X2	%zmm27
#define L0	%zmm8
#define L1	%zmm9
#define L2	%zmm10
#define U0	%zmm11
#define U1	%zmm12
#define U2	%zmm13
#define T0	%zmm14
#define T1	%zmm15
#define T2	%zmm16
#define M44	%zmm17
#define M42	%zmm18
#define HIBIT	%zmm19

/* \s1, \s2 = 20 * \r1, 20 * \r2 */
.macro TIMES20 r1, r2, s1, s2
	vpsllq		$2, \r1, T0
	vpsllq		$4, \r1, \s1
	vpaddq		T0, \s1, \s1
	vpsllq		$2, \r2, T0
	vpsllq		$4, \r2, \s2
	vpaddq		T0, \s2, \s2
.endm

/*
 * \x0..\x2 = eight message blocks at \off(%rsi) in radix 2^44 with the pad
 * bit, lanes b0 b4 b1 b5 b2 b6 b3 b7 (or += when \add is 1)
 */
.macro LOAD_MSG off, x0, x1, x2, add
	vmovdqu64	(\off + 0)(%rsi), T0	/* blocks 0..3 */
	vmovdqu64	(\off + 64)(%rsi), T1	/* blocks 4..7 */
	vpunpcklqdq	T1, T0, T2		/* low 64 bits */
	vpunpckhqdq	T1, T0, T1		/* high 64 bits */
.if \add
	vpandq		M44, T2, T0
	vpaddq		T0, \x0, \x0
.else
	vpandq		M44, T2, \x0
.endif
	vpsrlq		$44, T2, T2
	vpsllq		$20, T1, T0
	vpternlogq	$0xa8, M44, T2, T0	/* (T0 | T2) & M44 */
.if \add
	vpaddq		T0, \x1, \x1
.else
	vmovdqa64	T0, \x1
.endif
	vpsrlq		$24, T1, T1
.if \add
	vporq		HIBIT, T1, T1
	vpaddq		T1, \x2, \x2
.else
	vporq		HIBIT, T1, \x2
.endif
.endm

/* L, U = 0 */
.macro ZERO_LU
	vpxorq		L0, L0, L0
	vpxorq		L1, L1, L1
	vpxorq		L2, L2, L2
	vpxorq		U0, U0, U0
	vpxorq		U1, U1, U1
	vpxorq		U2, U2, U2
.endm

/*
 * L, U += the low and high halves of the products of \h0..\h2 and the
 * multiplier \r0..\r2 (\s1, \s2 = 20 * \r1, 20 * \r2), by position
 */
.macro ACC h0, h1, h2, r0, r1, r2, s1, s2
	vpmadd52luq	\r0, \h0, L0
	vpmadd52luq	\r1, \h0, L1
	vpmadd52luq	\r2, \h0, L2
	vpmadd52huq	\r0, \h0, U0
	vpmadd52huq	\r1, \h0, U1
	vpmadd52huq	\r2, \h0, U2
	vpmadd52luq	\s2, \h1, L0
	vpmadd52luq	\r0, \h1, L1
	vpmadd52luq	\r1, \h1, L2
	vpmadd52huq	\s2, \h1, U0
	vpmadd52huq	\r0, \h1, U1
	vpmadd52huq	\r1, \h1, U2
	vpmadd52luq	\s1, \h2, L0
	vpmadd52luq	\s2, \h2, L1
	vpmadd52luq	\r0, \h2, L2
	vpmadd52huq	\s1, \h2, U0
	vpmadd52huq	\s2, \h2, U1
	vpmadd52huq	\r0, \h2, U2
.endm

/*
 * H = L + U placed one position up, partially reduced: each limb below
 * 2^44 + 2^20 (2^44 + 2^24 after the sum of the lanes).
 */
.macro FINISH
	/* the high halves, one position up */
	vpsllq		$8, U0, U0
	vpaddq		U0, L1, L1
	vpsllq		$8, U1, U1
	vpaddq		U1, L2, L2
	vpsllq		$10, U2, T0		/* U2 * 5 * 2^10 */
	vpsllq		$12, U2, U2
	vpaddq		T0, U2, U2
	vpaddq		U2, L0, L0
	/* one parallel carry step */
	vpsrlq		$44, L0, T0
	vpsrlq		$44, L1, T1
	vpsrlq		$42, L2, T2
	vpandq		M44, L0, H0
	vpandq		M44, L1, H1
	vpandq		M42, L2, H2
	vpaddq		T0, H1, H1
	vpaddq		T1, H2, H2
	vpsllq		$2, T2, T0
	vpaddq		T2, H0, H0
	vpaddq		T0, H0, H0
.endm

/*
 * void poly1305_blocks_ifma(u64 h[3], const u8 *src, unsigned int len,
 *			     const u64 pw[3][8]);
 * len: a non-zero multiple of 128.  h: radix 2^44, each limb below 2^45.
 * pw[i][j]: limb i of the power of r for lane j: r^8, r^4, r^7, r^3,
 * r^6, r^2, r^5, r^1 (the lane order of LOAD_MSG); each limb below 2^45.
 * Every block gets the 2^128 pad bit.  On return each limb of h is below
 * 2^44 + 2^24.
 *
 * Sixteen blocks per step: H = (H + A) * r^16 + B * r^8 for the next two
 * groups of eight blocks A and B, so that the products of B, which do not
 * depend on H, fill the multipliers while H's are waited for, and one
 * carry step serves sixteen blocks.  The last group of eight is multiplied
 * by the lane powers r^8 .. r^1 and the lanes are summed.
 */
SYM_FUNC_START(poly1305_blocks_ifma)
	vpbroadcastq	.Lmask44(%rip), M44
	vpbroadcastq	.Lmask42(%rip), M42
	vpbroadcastq	.Lhibit(%rip), HIBIT
	vpbroadcastq	(0 * 64)(%rcx), Q0	/* r^8 */
	vpbroadcastq	(1 * 64)(%rcx), Q1
	vpbroadcastq	(2 * 64)(%rcx), Q2
	TIMES20		Q1, Q2, P1, P2

	/* h goes into lane 0; the other lanes start at zero */
	vmovq		0(%rdi), %xmm0
	vmovq		8(%rdi), %xmm1
	vmovq		16(%rdi), %xmm2

	cmp		$384, %edx
	jb		.Lsingle
	/* r^16 = r^8 * r^8, in the R registers */
	vmovdqa64	H0, X0
	vmovdqa64	H1, X1
	vmovdqa64	H2, X2
	vmovdqa64	Q0, H0
	vmovdqa64	Q1, H1
	vmovdqa64	Q2, H2
	ZERO_LU
	ACC		H0, H1, H2, Q0, Q1, Q2, P1, P2
	FINISH
	vmovdqa64	H0, R0
	vmovdqa64	H1, R1
	vmovdqa64	H2, R2
	TIMES20		R1, R2, S1, S2
	vmovdqa64	X0, H0
	vmovdqa64	X1, H1
	vmovdqa64	X2, H2

.Lpair:
	/* at least three groups of eight left: two now, the last later */
	LOAD_MSG	0, H0, H1, H2, 1
	LOAD_MSG	128, X0, X1, X2, 0
	ZERO_LU
	ACC		X0, X1, X2, Q0, Q1, Q2, P1, P2
	ACC		H0, H1, H2, R0, R1, R2, S1, S2
	FINISH
	add		$256, %rsi
	sub		$256, %edx
	cmp		$384, %edx
	jae		.Lpair

.Lsingle:
	cmp		$256, %edx
	jb		.Llast
	LOAD_MSG	0, H0, H1, H2, 1
	ZERO_LU
	ACC		H0, H1, H2, Q0, Q1, Q2, P1, P2
	FINISH
	add		$128, %rsi
	sub		$128, %edx

.Llast:
	LOAD_MSG	0, H0, H1, H2, 1
	vmovdqu64	(0 * 64)(%rcx), R0
	vmovdqu64	(1 * 64)(%rcx), R1
	vmovdqu64	(2 * 64)(%rcx), R2
	TIMES20		R1, R2, S1, S2
	ZERO_LU
	ACC		H0, H1, H2, R0, R1, R2, S1, S2

	/* sum the eight lanes of each position into lane 0 */
	.irp l, 8, 9, 10, 11, 12, 13
	vextracti64x4	$1, %zmm\l, %ymm14
	vpaddq		%ymm14, %ymm\l, %ymm\l
	vextracti128	$1, %ymm\l, %xmm14
	vpaddq		%xmm14, %xmm\l, %xmm\l
	vpsrldq		$8, %xmm\l, %xmm14
	vpaddq		%xmm14, %xmm\l, %xmm\l
	.endr
	FINISH
	vmovq		%xmm0, 0(%rdi)
	vmovq		%xmm1, 8(%rdi)
	vmovq		%xmm2, 16(%rdi)

	/* clear the key powers */
	.irp i, 3, 4, 5, 6, 7, 20, 21, 22, 23, 24
	vpxorq		%zmm\i, %zmm\i, %zmm\i
	.endr
	vzeroall
	RET
SYM_FUNC_END(poly1305_blocks_ifma)
