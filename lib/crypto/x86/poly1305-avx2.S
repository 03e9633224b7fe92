/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Poly1305 block function with AVX2: four interleaved accumulators.
 *
 * The message is split into four lanes (block i goes to lane i mod 4); each
 * lane is a Horner evaluation in r^4, and the last group of four blocks is
 * multiplied by r^4, r^3, r^2, r^1 instead so the lanes can be summed:
 *   (h + m_0) r^n + m_1 r^(n-1) + ... + m_(n-1) r.
 * Numbers are in radix 2^26, one limb per 64-bit lane so vpmuludq forms
 * every 26x26 (or 26x29 for the 5*r limbs) product without overflow.  The
 * accumulator h comes in and goes out in the same radix-2^26 layout as the
 * portable code's, so the two can take turns on one message.
 *
 * The loop is bound by the chain from one H to the next (products, their
 * sums, the carries), so nothing else sits on it: the next four blocks are
 * split into D before the products are added there, and the products of
 * each limb of H go in the order in which the carries leave them ready.
 */

#include <linux/linkage.h>

.section .rodata.cst32.poly1305_avx2, "aM", @progbits, 32
.align 32
.Lmask26:
	.quad 0x3ffffff, 0x3ffffff, 0x3ffffff, 0x3ffffff
.Lhibit:
	.quad 0x1000000, 0x1000000, 0x1000000, 0x1000000

.text

#define H0	%ymm0
#define H1	%ymm1
#define H2	%ymm2
#define H3	%ymm3
#define H4	%ymm4
#define D0	%ymm5
#define D1	%ymm6
#define D2	%ymm7
#define D3	%ymm8
#define D4	%ymm9
#define T0	%ymm10
#define T1	%ymm11
#define T2	%ymm12
#define MASK	%ymm13
#define HIBIT	%ymm14
#define T3	%ymm15

/* r^4 limbs and 5 * r^4 limbs, broadcast, on the stack */
#define R(i)	(32 * (i))(%rsp)
#define S(i)	(32 * (4 + (i)))(%rsp)	/* i = 1..4 */
#define FRAME	(32 * 9)

/* D0..D4 = the limbs of four message blocks at (%rsi), with the pad bit */
.macro MSG_LIMBS
	vmovdqu		0(%rsi), T0		/* blocks 0 | 1 */
	vmovdqu		32(%rsi), T1		/* blocks 2 | 3 */
	vperm2i128	$0x20, T1, T0, T2	/* 0 | 2 */
	vperm2i128	$0x31, T1, T0, T0	/* 1 | 3 */
	vpunpcklqdq	T0, T2, T1		/* low halves of 0,1,2,3 */
	vpunpckhqdq	T0, T2, T2		/* high halves */
	vpand		MASK, T1, D0
	vpsrlq		$26, T1, D1
	vpand		MASK, D1, D1
	vpsrlq		$52, T1, D2
	vpsllq		$12, T2, T1
	vpor		T1, D2, D2
	vpand		MASK, D2, D2
	vpsrlq		$14, T2, D3
	vpand		MASK, D3, D3
	vpsrlq		$40, T2, D4
	vpor		HIBIT, D4, D4
.endm

/* D = H * (r, s) with r limbs \r0..\r4 and 5*r limbs \s1..\s4 */
.macro MUL r0, r1, r2, r3, r4, s1, s2, s3, s4
	vpmuludq	\r0, H0, D0
	vpmuludq	\r1, H0, D1
	vpmuludq	\r2, H0, D2
	vpmuludq	\r3, H0, D3
	vpmuludq	\r4, H0, D4

	vpmuludq	\s4, H1, T0
	vpaddq		T0, D0, D0
	vpmuludq	\r0, H1, T0
	vpaddq		T0, D1, D1
	vpmuludq	\r1, H1, T0
	vpaddq		T0, D2, D2
	vpmuludq	\r2, H1, T0
	vpaddq		T0, D3, D3
	vpmuludq	\r3, H1, T0
	vpaddq		T0, D4, D4

	vpmuludq	\s3, H2, T0
	vpaddq		T0, D0, D0
	vpmuludq	\s4, H2, T0
	vpaddq		T0, D1, D1
	vpmuludq	\r0, H2, T0
	vpaddq		T0, D2, D2
	vpmuludq	\r1, H2, T0
	vpaddq		T0, D3, D3
	vpmuludq	\r2, H2, T0
	vpaddq		T0, D4, D4

	vpmuludq	\s2, H3, T0
	vpaddq		T0, D0, D0
	vpmuludq	\s3, H3, T0
	vpaddq		T0, D1, D1
	vpmuludq	\s4, H3, T0
	vpaddq		T0, D2, D2
	vpmuludq	\r0, H3, T0
	vpaddq		T0, D3, D3
	vpmuludq	\r1, H3, T0
	vpaddq		T0, D4, D4

	vpmuludq	\s1, H4, T0
	vpaddq		T0, D0, D0
	vpmuludq	\s2, H4, T0
	vpaddq		T0, D1, D1
	vpmuludq	\s3, H4, T0
	vpaddq		T0, D2, D2
	vpmuludq	\s4, H4, T0
	vpaddq		T0, D3, D3
	vpmuludq	\r0, H4, T0
	vpaddq		T0, D4, D4
.endm

/*
 * D += H * (r^4, 5 r^4) from the stack.  The products go in the order in
 * which CARRY leaves the limbs of H ready (2, then 0 and 3, then 1 and 4),
 * so the multiplications start before the carry chains end.
 */
.macro MACC
	vpmuludq	S(3), H2, T0
	vpaddq		T0, D0, D0
	vpmuludq	S(4), H2, T1
	vpaddq		T1, D1, D1
	vpmuludq	R(0), H2, T2
	vpaddq		T2, D2, D2
	vpmuludq	R(1), H2, T3
	vpaddq		T3, D3, D3
	vpmuludq	R(2), H2, T0
	vpaddq		T0, D4, D4
	vpmuludq	R(0), H0, T1
	vpaddq		T1, D0, D0
	vpmuludq	R(1), H0, T2
	vpaddq		T2, D1, D1
	vpmuludq	R(2), H0, T3
	vpaddq		T3, D2, D2
	vpmuludq	R(3), H0, T0
	vpaddq		T0, D3, D3
	vpmuludq	R(4), H0, T1
	vpaddq		T1, D4, D4
	vpmuludq	S(2), H3, T2
	vpaddq		T2, D0, D0
	vpmuludq	S(3), H3, T3
	vpaddq		T3, D1, D1
	vpmuludq	S(4), H3, T0
	vpaddq		T0, D2, D2
	vpmuludq	R(0), H3, T1
	vpaddq		T1, D3, D3
	vpmuludq	R(1), H3, T2
	vpaddq		T2, D4, D4
	vpmuludq	S(4), H1, T3
	vpaddq		T3, D0, D0
	vpmuludq	R(0), H1, T0
	vpaddq		T0, D1, D1
	vpmuludq	R(1), H1, T1
	vpaddq		T1, D2, D2
	vpmuludq	R(2), H1, T2
	vpaddq		T2, D3, D3
	vpmuludq	R(3), H1, T3
	vpaddq		T3, D4, D4
	vpmuludq	S(1), H4, T0
	vpaddq		T0, D0, D0
	vpmuludq	S(2), H4, T1
	vpaddq		T1, D1, D1
	vpmuludq	S(3), H4, T2
	vpaddq		T2, D2, D2
	vpmuludq	S(4), H4, T3
	vpaddq		T3, D3, D3
	vpmuludq	R(0), H4, T0
	vpaddq		T0, D4, D4
.endm

/*
 * H = D partially reduced: two interleaved carry chains (0->1->2->3->4
 * and 3->4->0->1), leaving every limb at most a little above 2^26.
 */
.macro CARRY
	vpsrlq		$26, D0, T0
	vpand		MASK, D0, D0
	vpaddq		T0, D1, D1
	vpsrlq		$26, D3, T1
	vpand		MASK, D3, D3
	vpaddq		T1, D4, D4

	vpsrlq		$26, D1, T0
	vpand		MASK, D1, H1
	vpaddq		T0, D2, D2
	vpsrlq		$26, D4, T1
	vpand		MASK, D4, H4
	vpsllq		$2, T1, T2
	vpaddq		T2, T1, T1		/* 5 * carry */
	vpaddq		T1, D0, D0

	vpsrlq		$26, D2, T0
	vpand		MASK, D2, H2
	vpaddq		T0, D3, D3
	vpsrlq		$26, D0, T1
	vpand		MASK, D0, H0
	vpaddq		T1, H1, H1

	vpsrlq		$26, D3, T0
	vpand		MASK, D3, H3
	vpaddq		T0, H4, H4
.endm

/*
 * void poly1305_blocks_avx2(u32 h[5], const u8 *src, unsigned int len,
 *			     const u32 pw[10][4]);
 * len: a non-zero multiple of 64.  pw[i] = { r^4, r^3, r^2, r } limb i for
 * i = 0..4, and pw[5 + i] = 5 * pw[i] (pw[5] unused).  Every block gets
 * the 2^128 pad bit.
 */
SYM_FUNC_START(poly1305_blocks_avx2)
	push		%rbp
	mov		%rsp, %rbp
	sub		$FRAME, %rsp
	and		$~31, %rsp

	vmovdqa		.Lmask26(%rip), MASK
	vmovdqa		.Lhibit(%rip), HIBIT
	.irp i, 0,1,2,3,4
	vpbroadcastd	(16 * \i)(%rcx), T0
	vmovdqa		T0, R(\i)
	.endr
	.irp i, 1,2,3,4
	vpbroadcastd	(16 * (5 + \i))(%rcx), T0
	vmovdqa		T0, S(\i)
	.endr

	/* h goes into lane 0; the other lanes start at zero */
	vmovd		0(%rdi), %xmm0
	vmovd		4(%rdi), %xmm1
	vmovd		8(%rdi), %xmm2
	vmovd		12(%rdi), %xmm3
	vmovd		16(%rdi), %xmm4

	/* H += the first four blocks */
	MSG_LIMBS
	vpaddq		D0, H0, H0
	vpaddq		D1, H1, H1
	vpaddq		D2, H2, H2
	vpaddq		D3, H3, H3
	vpaddq		D4, H4, H4
	add		$64, %rsi
	sub		$64, %edx
	jz		.Llast

	/*
	 * H = H r^4 + the next four blocks: the message goes into D before
	 * the products, off the chain from one H to the next.
	 */
.Lloop:
	MSG_LIMBS
	MACC
	CARRY
	add		$64, %rsi
	sub		$64, %edx
	jnz		.Lloop

.Llast:
	/* lane i times r^(4-i), from pw[] zero-extended to 64-bit lanes */
	.irp i, 0,1,2,3,4
	vpmovzxdq	(16 * \i)(%rcx), T0
	vmovdqa		T0, R(\i)
	.endr
	.irp i, 1,2,3,4
	vpmovzxdq	(16 * (5 + \i))(%rcx), T0
	vmovdqa		T0, S(\i)
	.endr
	MUL		R(0), R(1), R(2), R(3), R(4), S(1), S(2), S(3), S(4)

	/* sum the four lanes of each limb into lane 0 */
	.irp d, D0, D1, D2, D3, D4
	vextracti128	$1, \d, %xmm10
	vpaddq		%ymm10, \d, \d
	vpsrldq		$8, \d, %ymm10
	vpaddq		%ymm10, \d, \d
	.endr
	CARRY
	vmovd		%xmm0, 0(%rdi)
	vmovd		%xmm1, 4(%rdi)
	vmovd		%xmm2, 8(%rdi)
	vmovd		%xmm3, 12(%rdi)
	vmovd		%xmm4, 16(%rdi)

	/* the frame held key powers */
	vpxor		%ymm0, %ymm0, %ymm0
	.irp i, 0,1,2,3,4,5,6,7,8
	vmovdqa		%ymm0, (32 * \i)(%rsp)
	.endr
	vzeroall
	leave
	RET
SYM_FUNC_END(poly1305_blocks_avx2)
