/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ChaCha20/12 with AVX-512: sixteen blocks on 512-bit vectors, and eight
 * blocks on 256-bit vectors (AVX-512VL) for the remainder.
 *
 * The layout is the one of chacha_8block_xor_avx2 (one state word per
 * register, lane i = block i), but AVX-512 gives a one-instruction rotate
 * (vprold) and 32 registers: the sixteen working words stay in registers
 * 0-15 for all the rounds, the block counters in register 16, temporaries
 * in 17-31, and nothing is spilled.  The other initial state words are
 * added back from the caller's state with embedded broadcasts.
 *
 * The four quarter rounds of a column or diagonal round run in lockstep,
 * one instruction of each in turn, so that four independent dependency
 * chains are always in flight.
 */

#include <linux/linkage.h>

.section .rodata.cst32.chacha_avx512, "aM", @progbits, 32
.align 32
.Lctr0to7:
	.long 0, 1, 2, 3, 4, 5, 6, 7
.Lctr8:
	.long 8, 8, 8, 8, 8, 8, 8, 8

.section .rodata.cst64.chacha_avx512, "aM", @progbits, 64
.align 64
.Lctr0to15:
	.long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.Lctr16:
	.long 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16

.text

/*
 * Half of four quarter rounds (a_i, b_i, c_i, d_i), i = 0..3, interleaved:
 * a += b; d ^= a; d <<<= \r1; c += d; b ^= c; b <<<= \r2.
 */
.macro HALF4 r1, r2, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
	vpaddd	\b0, \a0, \a0
	vpaddd	\b1, \a1, \a1
	vpaddd	\b2, \a2, \a2
	vpaddd	\b3, \a3, \a3
	vpxord	\a0, \d0, \d0
	vpxord	\a1, \d1, \d1
	vpxord	\a2, \d2, \d2
	vpxord	\a3, \d3, \d3
	vprold	$\r1, \d0, \d0
	vprold	$\r1, \d1, \d1
	vprold	$\r1, \d2, \d2
	vprold	$\r1, \d3, \d3
	vpaddd	\d0, \c0, \c0
	vpaddd	\d1, \c1, \c1
	vpaddd	\d2, \c2, \c2
	vpaddd	\d3, \c3, \c3
	vpxord	\c0, \b0, \b0
	vpxord	\c1, \b1, \b1
	vpxord	\c2, \b2, \b2
	vpxord	\c3, \b3, \b3
	vprold	$\r2, \b0, \b0
	vprold	$\r2, \b1, \b1
	vprold	$\r2, \b2, \b2
	vprold	$\r2, \b3, \b3
.endm

/* Four quarter rounds, interleaved. */
.macro QR4 q:vararg
	HALF4	16, 12, \q
	HALF4	8, 7, \q
.endm

/*
 * 4x4 dword transpose inside each 128-bit lane.  In: \r0..\r3 hold words
 * w..w+3 of blocks 4L+0..4L+3 in lane L.  Out: lane L of \ok holds words
 * w..w+3 of block 4L+k; \r0, \r2, \t0 and \t1 are clobbered.
 */
.macro TRANS4 r0, r1, r2, r3, o0, o1, o2, o3, t0, t1
	vpunpckldq	\r1, \r0, \t0		/* b0,b1 | b4,b5 (w, w+1) */
	vpunpckhdq	\r1, \r0, \r0		/* b2,b3 | b6,b7 (w, w+1) */
	vpunpckldq	\r3, \r2, \t1		/* b0,b1 | b4,b5 (w+2, w+3) */
	vpunpckhdq	\r3, \r2, \r2		/* b2,b3 | b6,b7 (w+2, w+3) */
	vpunpcklqdq	\t1, \t0, \o0
	vpunpckhqdq	\t1, \t0, \o1
	vpunpcklqdq	\r2, \r0, \o2
	vpunpckhqdq	\r2, \r0, \o3
.endm

/* Store 32 bytes ((\lo, \hi) lanes selected by \imm) ^ src at \off */
.macro XOR32 imm, hi, lo, off
	vshufi64x2	$\imm, \hi, \lo, %ymm31
	vpxord		\off(%rdx), %ymm31, %ymm31
	vmovdqu32	%ymm31, \off(%rsi)
.endm

/*
 * One 32-byte half of all eight blocks: \u0..\u3 = blocks (0|4)..(3|7)
 * words w..w+3, \v0..\v3 the same for w+4..w+7; \h = 0 or 32.
 */
.macro EMIT8 u0, u1, u2, u3, v0, v1, v2, v3, h
	XOR32	0, \v0, \u0, (0 * 64 + \h)
	XOR32	0, \v1, \u1, (1 * 64 + \h)
	XOR32	0, \v2, \u2, (2 * 64 + \h)
	XOR32	0, \v3, \u3, (3 * 64 + \h)
	XOR32	3, \v0, \u0, (4 * 64 + \h)
	XOR32	3, \v1, \u1, (5 * 64 + \h)
	XOR32	3, \v2, \u2, (6 * 64 + \h)
	XOR32	3, \v3, \u3, (7 * 64 + \h)
.endm

/*
 * Sixteen output blocks 4L+k, L = 0..3, from lane L of \o (words 0..3),
 * \p (4..7), \q (8..11), \r (12..15): a 4x4 transpose of 128-bit lanes.
 */
.macro EMIT16 k, o, p, q, r
	vshufi32x4	$0x44, \p, \o, %zmm25		/* o0 o1 p0 p1 */
	vshufi32x4	$0xee, \p, \o, %zmm26		/* o2 o3 p2 p3 */
	vshufi32x4	$0x44, \r, \q, %zmm27		/* q0 q1 r0 r1 */
	vshufi32x4	$0xee, \r, \q, %zmm28		/* q2 q3 r2 r3 */
	vshufi32x4	$0x88, %zmm27, %zmm25, %zmm31	/* block k */
	vpxord		((0 + \k) * 64)(%rdx), %zmm31, %zmm31
	vmovdqu32	%zmm31, ((0 + \k) * 64)(%rsi)
	vshufi32x4	$0xdd, %zmm27, %zmm25, %zmm31	/* block 4 + k */
	vpxord		((4 + \k) * 64)(%rdx), %zmm31, %zmm31
	vmovdqu32	%zmm31, ((4 + \k) * 64)(%rsi)
	vshufi32x4	$0x88, %zmm28, %zmm26, %zmm31	/* block 8 + k */
	vpxord		((8 + \k) * 64)(%rdx), %zmm31, %zmm31
	vmovdqu32	%zmm31, ((8 + \k) * 64)(%rsi)
	vshufi32x4	$0xdd, %zmm28, %zmm26, %zmm31	/* block 12 + k */
	vpxord		((12 + \k) * 64)(%rdx), %zmm31, %zmm31
	vmovdqu32	%zmm31, ((12 + \k) * 64)(%rsi)
.endm

/*
 * void chacha_16block_xor_avx512(const u32 state[16], u8 *dst,
 *				  const u8 *src, unsigned int len,
 *				  int nrounds);
 * len: a non-zero multiple of 1024.  Blocks use counters x12 + 0..len/64-1
 * (32 bits, wrapping as in the portable code).
 */
SYM_FUNC_START(chacha_16block_xor_avx512)
	vpbroadcastd	48(%rdi), %zmm16
	vpaddd		.Lctr0to15(%rip), %zmm16, %zmm16

.Lblocks16:
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd	(4 * \i)(%rdi), %zmm\i
	.endr
	vmovdqa32	%zmm16, %zmm12
	mov		%r8d, %eax

.Ldoubleround16:
	QR4	%zmm0, %zmm4, %zmm8, %zmm12, %zmm1, %zmm5, %zmm9, %zmm13, \
		%zmm2, %zmm6, %zmm10, %zmm14, %zmm3, %zmm7, %zmm11, %zmm15
	QR4	%zmm0, %zmm5, %zmm10, %zmm15, %zmm1, %zmm6, %zmm11, %zmm12, \
		%zmm2, %zmm7, %zmm8, %zmm13, %zmm3, %zmm4, %zmm9, %zmm14
	sub		$2, %eax
	jnz		.Ldoubleround16

	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpaddd		(4 * \i)(%rdi){1to16}, %zmm\i, %zmm\i
	.endr
	vpaddd		%zmm16, %zmm12, %zmm12

	TRANS4	%zmm0, %zmm1, %zmm2, %zmm3, %zmm17, %zmm18, %zmm19, %zmm20, %zmm29, %zmm30
	TRANS4	%zmm4, %zmm5, %zmm6, %zmm7, %zmm21, %zmm22, %zmm23, %zmm24, %zmm29, %zmm30
	TRANS4	%zmm8, %zmm9, %zmm10, %zmm11, %zmm0, %zmm1, %zmm2, %zmm3, %zmm29, %zmm30
	TRANS4	%zmm12, %zmm13, %zmm14, %zmm15, %zmm4, %zmm5, %zmm6, %zmm7, %zmm29, %zmm30
	EMIT16	0, %zmm17, %zmm21, %zmm0, %zmm4
	EMIT16	1, %zmm18, %zmm22, %zmm1, %zmm5
	EMIT16	2, %zmm19, %zmm23, %zmm2, %zmm6
	EMIT16	3, %zmm20, %zmm24, %zmm3, %zmm7

	vpaddd		.Lctr16(%rip), %zmm16, %zmm16
	add		$1024, %rsi
	add		$1024, %rdx
	sub		$1024, %ecx
	jnz		.Lblocks16

	/* Clear the registers that held key stream. */
	.irp i, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vpxord		%ymm\i, %ymm\i, %ymm\i
	.endr
	vzeroall
	RET
SYM_FUNC_END(chacha_16block_xor_avx512)

/*
 * void chacha_8block_xor_avx512vl(const u32 state[16], u8 *dst,
 *				   const u8 *src, unsigned int len,
 *				   int nrounds);
 * len: a non-zero multiple of 512.  Blocks use counters x12 + 0..len/64-1
 * (32 bits, wrapping as in the portable code).
 */
SYM_FUNC_START(chacha_8block_xor_avx512vl)
	vpbroadcastd	48(%rdi), %ymm16
	vpaddd		.Lctr0to7(%rip), %ymm16, %ymm16

.Lblocks8:
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd	(4 * \i)(%rdi), %ymm\i
	.endr
	vmovdqa32	%ymm16, %ymm12
	mov		%r8d, %eax

.Ldoubleround8:
	QR4	%ymm0, %ymm4, %ymm8, %ymm12, %ymm1, %ymm5, %ymm9, %ymm13, \
		%ymm2, %ymm6, %ymm10, %ymm14, %ymm3, %ymm7, %ymm11, %ymm15
	QR4	%ymm0, %ymm5, %ymm10, %ymm15, %ymm1, %ymm6, %ymm11, %ymm12, \
		%ymm2, %ymm7, %ymm8, %ymm13, %ymm3, %ymm4, %ymm9, %ymm14
	sub		$2, %eax
	jnz		.Ldoubleround8

	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpaddd		(4 * \i)(%rdi){1to8}, %ymm\i, %ymm\i
	.endr
	vpaddd		%ymm16, %ymm12, %ymm12

	/* words 0..3 and 4..7 of blocks (0|4)..(3|7) */
	TRANS4	%ymm0, %ymm1, %ymm2, %ymm3, %ymm17, %ymm18, %ymm19, %ymm20, %ymm29, %ymm30
	TRANS4	%ymm4, %ymm5, %ymm6, %ymm7, %ymm21, %ymm22, %ymm23, %ymm24, %ymm29, %ymm30
	EMIT8	%ymm17, %ymm18, %ymm19, %ymm20, %ymm21, %ymm22, %ymm23, %ymm24, 0
	/* words 8..15 */
	TRANS4	%ymm8, %ymm9, %ymm10, %ymm11, %ymm17, %ymm18, %ymm19, %ymm20, %ymm29, %ymm30
	TRANS4	%ymm12, %ymm13, %ymm14, %ymm15, %ymm21, %ymm22, %ymm23, %ymm24, %ymm29, %ymm30
	EMIT8	%ymm17, %ymm18, %ymm19, %ymm20, %ymm21, %ymm22, %ymm23, %ymm24, 32

	vpaddd		.Lctr8(%rip), %ymm16, %ymm16
	add		$512, %rsi
	add		$512, %rdx
	sub		$512, %ecx
	jnz		.Lblocks8

	/* Clear the registers that held key stream. */
	.irp i, 16,17,18,19,20,21,22,23,24,29,30,31
	vpxord		%ymm\i, %ymm\i, %ymm\i
	.endr
	vzeroall
	RET
SYM_FUNC_END(chacha_8block_xor_avx512vl)
