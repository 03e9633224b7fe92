/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ChaCha20/12 with AVX2.
 *
 * chacha_8block_xor_avx2: eight blocks per iteration, one state word per
 * ymm register ("vertical" layout, lane i = block i).  Sixteen state words
 * plus a temporary do not fit in 16 registers, so the four "c" words
 * (x8..x11) live on the stack and two of them are loaded at a time: the
 * quarter rounds run in pairs, and the column and diagonal rounds are
 * ordered so that each double round needs only two stores and two loads.
 *
 * chacha_2block_xor_avx2: two blocks per iteration, one state row per ymm
 * register (the two 128-bit lanes are the two blocks), the diagonal round
 * done by rotating rows with vpshufd.  It is the latency-optimised path
 * for short messages.
 *
 * Both take whole chunks only (512 or 128 bytes); the C glue bounces
 * partial chunks through a stack buffer and advances the block counter.
 * The counter is 32 bits and wraps, as in the portable code.
 */

#include <linux/linkage.h>

.section .rodata.cst32.chacha_avx2, "aM", @progbits, 32
.align 32
.Lrot16:
	.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
	.byte 2,3,0,1, 6,7,4,5, 10,11,8,9, 14,15,12,13
.Lrot8:
	.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
	.byte 3,0,1,2, 7,4,5,6, 11,8,9,10, 15,12,13,14
.Lctr0to7:
	.long 0, 1, 2, 3, 4, 5, 6, 7
.Lctr8:
	.long 8, 8, 8, 8, 8, 8, 8, 8
.Lctr01:
	.long 0, 0, 0, 0, 1, 0, 0, 0
.Lctr22:
	.long 2, 0, 0, 0, 2, 0, 0, 0

.text

/* b = rol32(b, n) using \tmp */
.macro ROTL n, b, tmp
	vpslld	$\n, \b, \tmp
	vpsrld	$(32 - \n), \b, \b
	vpor	\tmp, \b, \b
.endm

/*
 * Two interleaved quarter rounds (a0,b0,c0,d0) and (a1,b1,c1,d1) on eight
 * blocks; %ymm10 and %ymm11 are the temporaries.
 */
.macro QR2 a0, b0, c0, d0, a1, b1, c1, d1
	vpaddd	\b0, \a0, \a0
	vpaddd	\b1, \a1, \a1
	vpxor	\a0, \d0, \d0
	vpxor	\a1, \d1, \d1
	vpshufb	.Lrot16(%rip), \d0, \d0
	vpshufb	.Lrot16(%rip), \d1, \d1
	vpaddd	\d0, \c0, \c0
	vpaddd	\d1, \c1, \c1
	vpxor	\c0, \b0, \b0
	vpxor	\c1, \b1, \b1
	ROTL	12, \b0, %ymm10
	ROTL	12, \b1, %ymm11
	vpaddd	\b0, \a0, \a0
	vpaddd	\b1, \a1, \a1
	vpxor	\a0, \d0, \d0
	vpxor	\a1, \d1, \d1
	vpshufb	.Lrot8(%rip), \d0, \d0
	vpshufb	.Lrot8(%rip), \d1, \d1
	vpaddd	\d0, \c0, \c0
	vpaddd	\d1, \c1, \c1
	vpxor	\c0, \b0, \b0
	vpxor	\c1, \b1, \b1
	ROTL	7, \b0, %ymm10
	ROTL	7, \b1, %ymm11
.endm

/*
 * 4x4 dword transpose inside each 128-bit lane.  In: \r0..\r3 hold words
 * w..w+3 of blocks (0-3 | 4-7).  Out: \o0..\o3 (a permutation of the
 * inputs and temporaries, see the callers) hold words w..w+3 of blocks
 * (0|4), (1|5), (2|6), (3|7).
 */
.macro TRANS4 r0, r1, r2, r3, t0, t1
	vpunpckldq	\r1, \r0, \t0		/* t0 = b0,b1 | b4,b5 (w, w+1) */
	vpunpckhdq	\r1, \r0, \r0		/* r0 = b2,b3 | b6,b7 (w, w+1) */
	vpunpckldq	\r3, \r2, \t1		/* t1 = b0,b1 | b4,b5 (w+2, w+3) */
	vpunpckhdq	\r3, \r2, \r2		/* r2 = b2,b3 | b6,b7 (w+2, w+3) */
	vpunpcklqdq	\t1, \t0, \r1		/* r1 = block 0|4 */
	vpunpckhqdq	\t1, \t0, \r3		/* r3 = block 1|5 */
	vpunpcklqdq	\r2, \r0, \t0		/* t0 = block 2|6 */
	vpunpckhqdq	\r2, \r0, \r2		/* r2 = block 3|7 */
.endm

/* Store 32 bytes (\lo.lane, \hi.lane) ^ src at offset \off. */
.macro XOR32 imm, hi, lo, off, tmp
	vperm2i128	$\imm, \hi, \lo, \tmp
	vpxor		\off(%rdx), \tmp, \tmp
	vmovdqu		\tmp, \off(%rsi)
.endm

/*
 * Emit one 32-byte half of all eight blocks: \u0..\u3 = blocks (0|4) ..
 * (3|7) words w..w+3, \v0..\v3 the same for w+4..w+7; \h = 0 or 32.
 */
.macro EMIT8 u0, u1, u2, u3, v0, v1, v2, v3, h, tmp
	XOR32	0x20, \v0, \u0, (0 * 64 + \h), \tmp
	XOR32	0x20, \v1, \u1, (1 * 64 + \h), \tmp
	XOR32	0x20, \v2, \u2, (2 * 64 + \h), \tmp
	XOR32	0x20, \v3, \u3, (3 * 64 + \h), \tmp
	XOR32	0x31, \v0, \u0, (4 * 64 + \h), \tmp
	XOR32	0x31, \v1, \u1, (5 * 64 + \h), \tmp
	XOR32	0x31, \v2, \u2, (6 * 64 + \h), \tmp
	XOR32	0x31, \v3, \u3, (7 * 64 + \h), \tmp
.endm

#define S(i)	(32 * (i))(%rsp)	/* initial state, one word per lane */
#define C(i)	(32 * (16 + (i) - 8))(%rsp)	/* working x8..x11 */
#define FRAME	(32 * 20)

/*
 * void chacha_8block_xor_avx2(const u32 state[16], u8 *dst, const u8 *src,
 *			       unsigned int len, int nrounds);
 * len: a non-zero multiple of 512.  Blocks use counters x12 + 0..len/64-1.
 */
SYM_FUNC_START(chacha_8block_xor_avx2)
	push		%rbp
	mov		%rsp, %rbp
	sub		$FRAME, %rsp
	and		$~31, %rsp

	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	vpbroadcastd	(4 * \i)(%rdi), %ymm0
	vmovdqa		%ymm0, S(\i)
	.endr
	vmovdqa		S(12), %ymm0
	vpaddd		.Lctr0to7(%rip), %ymm0, %ymm0
	vmovdqa		%ymm0, S(12)

.Lblocks8:
	.irp i, 0,1,2,3,4,5,6,7,8,9,12,13,14,15
	vmovdqa		S(\i), %ymm\i
	.endr
	vmovdqa		S(10), %ymm10
	vmovdqa		S(11), %ymm11
	vmovdqa		%ymm10, C(10)
	vmovdqa		%ymm11, C(11)
	mov		%r8d, %eax

.Ldoubleround8:
	/* column round; %ymm8/%ymm9 hold x8/x9 */
	QR2	%ymm0, %ymm4, %ymm8, %ymm12, %ymm1, %ymm5, %ymm9, %ymm13
	vmovdqa		%ymm8, C(8)
	vmovdqa		%ymm9, C(9)
	vmovdqa		C(10), %ymm8
	vmovdqa		C(11), %ymm9
	QR2	%ymm2, %ymm6, %ymm8, %ymm14, %ymm3, %ymm7, %ymm9, %ymm15
	/* diagonal round; %ymm8/%ymm9 still hold x10/x11 */
	QR2	%ymm0, %ymm5, %ymm8, %ymm15, %ymm1, %ymm6, %ymm9, %ymm12
	vmovdqa		%ymm8, C(10)
	vmovdqa		%ymm9, C(11)
	vmovdqa		C(8), %ymm8
	vmovdqa		C(9), %ymm9
	QR2	%ymm2, %ymm7, %ymm8, %ymm13, %ymm3, %ymm4, %ymm9, %ymm14
	sub		$2, %eax
	jnz		.Ldoubleround8

	vmovdqa		%ymm8, C(8)
	vmovdqa		%ymm9, C(9)
	.irp i, 0,1,2,3,4,5,6,7
	vpaddd		S(\i), %ymm\i, %ymm\i
	.endr

	/* words 0..7 of every block */
	TRANS4	%ymm0, %ymm1, %ymm2, %ymm3, %ymm8, %ymm9
	/* blocks (0|4)..(3|7): ymm1, ymm3, ymm8, ymm2 */
	TRANS4	%ymm4, %ymm5, %ymm6, %ymm7, %ymm0, %ymm9
	/* words 4..7: ymm5, ymm7, ymm0, ymm6 */
	EMIT8	%ymm1, %ymm3, %ymm8, %ymm2, %ymm5, %ymm7, %ymm0, %ymm6, 0, %ymm4

	/* words 8..15 */
	.irp i, 8,9,10,11
	vmovdqa		C(\i), %ymm\i
	vpaddd		S(\i), %ymm\i, %ymm\i
	.endr
	.irp i, 12,13,14,15
	vpaddd		S(\i), %ymm\i, %ymm\i
	.endr
	TRANS4	%ymm8, %ymm9, %ymm10, %ymm11, %ymm0, %ymm1
	/* words 8..11: ymm9, ymm11, ymm0, ymm10 */
	TRANS4	%ymm12, %ymm13, %ymm14, %ymm15, %ymm2, %ymm3
	/* words 12..15: ymm13, ymm15, ymm2, ymm14 */
	EMIT8	%ymm9, %ymm11, %ymm0, %ymm10, %ymm13, %ymm15, %ymm2, %ymm14, 32, %ymm4

	vmovdqa		S(12), %ymm0
	vpaddd		.Lctr8(%rip), %ymm0, %ymm0
	vmovdqa		%ymm0, S(12)
	add		$512, %rsi
	add		$512, %rdx
	sub		$512, %ecx
	jnz		.Lblocks8

	/* The stack frame held key material. */
	vpxor		%ymm0, %ymm0, %ymm0
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19
	vmovdqa		%ymm0, (32 * \i)(%rsp)
	.endr
	vzeroall
	leave
	RET
SYM_FUNC_END(chacha_8block_xor_avx2)

/* Quarter round on rows a, b, c, d of two blocks; \t is a temporary. */
.macro QROW a, b, c, d, t, r16, r8
	vpaddd	\b, \a, \a
	vpxor	\a, \d, \d
	vpshufb	\r16, \d, \d
	vpaddd	\d, \c, \c
	vpxor	\c, \b, \b
	ROTL	12, \b, \t
	vpaddd	\b, \a, \a
	vpxor	\a, \d, \d
	vpshufb	\r8, \d, \d
	vpaddd	\d, \c, \c
	vpxor	\c, \b, \b
	ROTL	7, \b, \t
.endm

/*
 * void chacha_2block_xor_avx2(const u32 state[16], u8 *dst, const u8 *src,
 *			       unsigned int len, int nrounds);
 * len: a non-zero multiple of 128.
 */
SYM_FUNC_START(chacha_2block_xor_avx2)
	vbroadcasti128	0(%rdi), %ymm0
	vbroadcasti128	16(%rdi), %ymm1
	vbroadcasti128	32(%rdi), %ymm2
	vbroadcasti128	48(%rdi), %ymm3
	vpaddd		.Lctr01(%rip), %ymm3, %ymm3
	vmovdqa		.Lrot16(%rip), %ymm12
	vmovdqa		.Lrot8(%rip), %ymm13
	vmovdqa		.Lctr22(%rip), %ymm14

.Lblocks2:
	vmovdqa		%ymm0, %ymm4
	vmovdqa		%ymm1, %ymm5
	vmovdqa		%ymm2, %ymm6
	vmovdqa		%ymm3, %ymm7
	mov		%r8d, %eax
.Ldoubleround2:
	QROW	%ymm4, %ymm5, %ymm6, %ymm7, %ymm8, %ymm12, %ymm13
	vpshufd		$0x39, %ymm5, %ymm5
	vpshufd		$0x4e, %ymm6, %ymm6
	vpshufd		$0x93, %ymm7, %ymm7
	QROW	%ymm4, %ymm5, %ymm6, %ymm7, %ymm8, %ymm12, %ymm13
	vpshufd		$0x93, %ymm5, %ymm5
	vpshufd		$0x4e, %ymm6, %ymm6
	vpshufd		$0x39, %ymm7, %ymm7
	sub		$2, %eax
	jnz		.Ldoubleround2

	vpaddd		%ymm0, %ymm4, %ymm4
	vpaddd		%ymm1, %ymm5, %ymm5
	vpaddd		%ymm2, %ymm6, %ymm6
	vpaddd		%ymm3, %ymm7, %ymm7
	XOR32	0x20, %ymm5, %ymm4, 0, %ymm8
	XOR32	0x20, %ymm7, %ymm6, 32, %ymm8
	XOR32	0x31, %ymm5, %ymm4, 64, %ymm8
	XOR32	0x31, %ymm7, %ymm6, 96, %ymm8

	vpaddd		%ymm14, %ymm3, %ymm3
	add		$128, %rsi
	add		$128, %rdx
	sub		$128, %ecx
	jnz		.Lblocks2

	vzeroall
	RET
SYM_FUNC_END(chacha_2block_xor_avx2)
