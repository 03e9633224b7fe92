/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Four independent Keccak-f[1600] permutations with AVX2, and with
 * AVX-512VL on 256-bit vectors.
 *
 * void keccak_f1600_x4_avx2(u64 lanes[25][4]);
 * void keccak_f1600_x4_avx512vl(u64 lanes[25][4]);
 *
 * Lane w of instance s is lanes[w][s], so lane w of all four instances is
 * one 256-bit vector and one instruction does the same step for all four.
 * 25 lanes do not fit in 16 registers: each round reads its input lanes
 * from one 800-byte buffer and writes its output lanes to another, the
 * caller's buffer and one on the stack alternating, two rounds per loop.
 *
 * Per round: C[x] = column parities; D[x] = C[x-1] ^ rol(C[x+1], 1); then
 * for each output row Y the five lanes B[X] = rol(A[X+3Y, X] ^ D, r) (rho
 * and pi), chi E[X] = B[X] ^ (~B[X+1] & B[X+2]) with vpandn, and iota on
 * lane 0.  AVX2 has no 64-bit rotate: a rotate is two shifts and an OR,
 * except by 8 and 56 bits, which are byte shuffles.  No alignment is
 * assumed for the caller's buffer.
 *
 * With the 32 vector registers of AVX-512 the whole state stays in
 * ymm0..ymm24 for the 24 rounds (theta's parities in ymm25..ymm29, ymm30
 * as scratch): vprolq rotates in one instruction, vpternlogq does theta's
 * three-input XOR and chi's B0 ^ (~B1 & B2) in one, and rho and pi are
 * done in place by walking the 24-cycle of pi, so lane (x, y) is register
 * x + 5y at the start of every round.
 */

#include <linux/linkage.h>

	.section .rodata
	.p2align 5
.Lrol8:
	.byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
	.byte 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
.Lrol56:
	.byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.byte 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
.Lrc:	/* FIPS 202 section 3.2.5 */
	.quad 0x0000000000000001, 0x0000000000008082, 0x800000000000808a
	.quad 0x8000000080008000, 0x000000000000808b, 0x0000000080000001
	.quad 0x8000000080008081, 0x8000000000008009, 0x000000000000008a
	.quad 0x0000000000000088, 0x0000000080008009, 0x000000008000000a
	.quad 0x000000008000808b, 0x800000000000008b, 0x8000000000008089
	.quad 0x8000000000008003, 0x8000000000008002, 0x8000000000000080
	.quad 0x000000000000800a, 0x800000008000000a, 0x8000000080008081
	.quad 0x8000000000008080, 0x0000000080000001, 0x8000000080008008

	.text

/* Registers: C / B in ymm0-4, D in ymm5-9, temporaries ymm10-12 */
#define MASK8	%ymm13
#define MASK56	%ymm14

/* t = rol(b, n) in place on \b, with \t as scratch */
.macro ROL b, n, t
.if \n == 0
.elseif \n == 8
	vpshufb		MASK8, \b, \b
.elseif \n == 56
	vpshufb		MASK56, \b, \b
.elseif \n == 1
	vpsrlq		$63, \b, \t
	vpaddq		\b, \b, \b
	vpor		\t, \b, \b
.else
	vpsllq		$\n, \b, \t
	vpsrlq		$(64 - \n), \b, \b
	vpor		\t, \b, \b
.endif
.endm

/* \c = parity of column \x of the lanes at \src */
.macro COLUMN src, x, c
	vmovdqu		(\x * 32)(\src), \c
	vpxor		((\x + 5) * 32)(\src), \c, \c
	vpxor		((\x + 10) * 32)(\src), \c, \c
	vpxor		((\x + 15) * 32)(\src), \c, \c
	vpxor		((\x + 20) * 32)(\src), \c, \c
.endm

/* \d = \cm ^ rol(\cp, 1) */
.macro THETA_D d, cm, cp
	vpsrlq		$63, \cp, %ymm10
	vpaddq		\cp, \cp, \d
	vpor		%ymm10, \d, \d
	vpxor		\cm, \d, \d
.endm

/* B = rol(lane \s of \src ^ \d, \r) */
.macro RHO b, src, s, d, r
	vpxor		(\s * 32)(\src), \d, \b
	ROL		\b, \r, %ymm10
.endm

/* E[\idx] = B0 ^ (~B1 & B2), and iota if \rc */
.macro CHI_STORE dst, idx, b0, b1, b2, rc=0
	vpandn		\b2, \b1, %ymm11
	vpxor		\b0, %ymm11, %ymm11
.if \rc
	vpxor		%ymm12, %ymm11, %ymm11
.endif
	vmovdqu		%ymm11, (\idx * 32)(\dst)
.endm

.macro ROW src, dst, y, s0, r0, d0, s1, r1, d1, s2, r2, d2, s3, r3, d3, s4, r4, d4
	RHO		%ymm0, \src, \s0, \d0, \r0
	RHO		%ymm1, \src, \s1, \d1, \r1
	RHO		%ymm2, \src, \s2, \d2, \r2
	RHO		%ymm3, \src, \s3, \d3, \r3
	RHO		%ymm4, \src, \s4, \d4, \r4
	CHI_STORE	\dst, (5 * \y + 0), %ymm0, %ymm1, %ymm2, (\y == 0)
	CHI_STORE	\dst, (5 * \y + 1), %ymm1, %ymm2, %ymm3
	CHI_STORE	\dst, (5 * \y + 2), %ymm2, %ymm3, %ymm4
	CHI_STORE	\dst, (5 * \y + 3), %ymm3, %ymm4, %ymm0
	CHI_STORE	\dst, (5 * \y + 4), %ymm4, %ymm0, %ymm1
.endm

/* theta's D of columns 0..4 during a round of the AVX2 code */
#define D0	%ymm5
#define D1	%ymm6
#define D2	%ymm7
#define D3	%ymm8
#define D4	%ymm9

/*
 * One round from \src to \dst; the round constant, broadcast, is in ymm12.
 * The sources of each output row: lane (X + 3Y, X), i.e. index
 * ((X + 3Y) mod 5) + 5X, with its rho offset and the D of its column.
 */
.macro ROUND src, dst
	COLUMN		\src, 0, %ymm0
	COLUMN		\src, 1, %ymm1
	COLUMN		\src, 2, %ymm2
	COLUMN		\src, 3, %ymm3
	COLUMN		\src, 4, %ymm4
	THETA_D		D0, %ymm4, %ymm1
	THETA_D		D1, %ymm0, %ymm2
	THETA_D		D2, %ymm1, %ymm3
	THETA_D		D3, %ymm2, %ymm4
	THETA_D		D4, %ymm3, %ymm0
	ROW \src, \dst, 0,  0, 0, D0,   6, 44, D1,  12, 43, D2,  18, 21, D3,  24, 14, D4
	ROW \src, \dst, 1,  3, 28, D3,  9, 20, D4,  10, 3, D0,   16, 45, D1,  22, 61, D2
	ROW \src, \dst, 2,  1, 1, D1,   7, 6, D2,   13, 25, D3,  19, 8, D4,   20, 18, D0
	ROW \src, \dst, 3,  4, 27, D4,  5, 36, D0,  11, 10, D1,  17, 15, D2,  23, 56, D3
	ROW \src, \dst, 4,  2, 62, D2,  8, 55, D3,  14, 39, D4,  15, 41, D0,  21, 2, D1
.endm

SYM_FUNC_START(keccak_f1600_x4_avx2)
	push		%rbp
	mov		%rsp, %rbp
	sub		$800, %rsp
	and		$-32, %rsp
	vmovdqa		.Lrol8(%rip), MASK8
	vmovdqa		.Lrol56(%rip), MASK56
	lea		.Lrc(%rip), %rax
	lea		(24 * 8)(%rax), %rcx
.Lround2:
	vpbroadcastq	(%rax), %ymm12
	ROUND		%rdi, %rsp
	vpbroadcastq	8(%rax), %ymm12
	ROUND		%rsp, %rdi
	add		$16, %rax
	cmp		%rcx, %rax
	jne		.Lround2
	vzeroupper
	leave
	RET
SYM_FUNC_END(keccak_f1600_x4_avx2)

/* AVX-512VL: \c = parity of the column \a0..\a4 */
.macro COLUMN_VL c, a0, a1, a2, a3, a4
	vpxorq		\a1, \a0, \c
	vpternlogq	$0x96, \a3, \a2, \c
	vpxorq		\a4, \c, \c
.endm

/* AVX-512VL: column \a0..\a4 ^= \cm ^ rol(\cp, 1) */
.macro THETA_D_VL cm, cp, a0, a1, a2, a3, a4
	vprolq		$1, \cp, %ymm30
.irp a, \a0, \a1, \a2, \a3, \a4
	vpternlogq	$0x96, %ymm30, \cm, \a
.endr
.endm

/* AVX-512VL: chi on the row \a0..\a4, with ymm25 and ymm26 */
.macro CHI_VL a0, a1, a2, a3, a4
	vmovdqa64	\a0, %ymm25
	vmovdqa64	\a1, %ymm26
	vpternlogq	$0xd2, \a2, \a1, \a0
	vpternlogq	$0xd2, \a3, \a2, \a1
	vpternlogq	$0xd2, \a4, \a3, \a2
	vpternlogq	$0xd2, %ymm25, \a4, \a3
	vpternlogq	$0xd2, %ymm26, %ymm25, \a4
.endm

/* AVX-512VL rho and pi in place, along the 24-cycle of pi; lane 0 stays */
.macro RHO_PI_VL
	vmovdqa64	%ymm1, %ymm30
	vprolq		$44, %ymm6, %ymm1
	vprolq		$20, %ymm9, %ymm6
	vprolq		$61, %ymm22, %ymm9
	vprolq		$39, %ymm14, %ymm22
	vprolq		$18, %ymm20, %ymm14
	vprolq		$62, %ymm2, %ymm20
	vprolq		$43, %ymm12, %ymm2
	vprolq		$25, %ymm13, %ymm12
	vprolq		$8, %ymm19, %ymm13
	vprolq		$56, %ymm23, %ymm19
	vprolq		$41, %ymm15, %ymm23
	vprolq		$27, %ymm4, %ymm15
	vprolq		$14, %ymm24, %ymm4
	vprolq		$2, %ymm21, %ymm24
	vprolq		$55, %ymm8, %ymm21
	vprolq		$45, %ymm16, %ymm8
	vprolq		$36, %ymm5, %ymm16
	vprolq		$28, %ymm3, %ymm5
	vprolq		$21, %ymm18, %ymm3
	vprolq		$15, %ymm17, %ymm18
	vprolq		$10, %ymm11, %ymm17
	vprolq		$6, %ymm7, %ymm11
	vprolq		$3, %ymm10, %ymm7
	vprolq		$1, %ymm30, %ymm10
.endm

/* AVX-512VL: one round on the state in ymm0..ymm24 */
.macro ROUND_VL
	COLUMN_VL	%ymm25, %ymm0, %ymm5, %ymm10, %ymm15, %ymm20
	COLUMN_VL	%ymm26, %ymm1, %ymm6, %ymm11, %ymm16, %ymm21
	COLUMN_VL	%ymm27, %ymm2, %ymm7, %ymm12, %ymm17, %ymm22
	COLUMN_VL	%ymm28, %ymm3, %ymm8, %ymm13, %ymm18, %ymm23
	COLUMN_VL	%ymm29, %ymm4, %ymm9, %ymm14, %ymm19, %ymm24
	THETA_D_VL	%ymm29, %ymm26, %ymm0, %ymm5, %ymm10, %ymm15, %ymm20
	THETA_D_VL	%ymm25, %ymm27, %ymm1, %ymm6, %ymm11, %ymm16, %ymm21
	THETA_D_VL	%ymm26, %ymm28, %ymm2, %ymm7, %ymm12, %ymm17, %ymm22
	THETA_D_VL	%ymm27, %ymm29, %ymm3, %ymm8, %ymm13, %ymm18, %ymm23
	THETA_D_VL	%ymm28, %ymm25, %ymm4, %ymm9, %ymm14, %ymm19, %ymm24
	RHO_PI_VL
	CHI_VL		%ymm0, %ymm1, %ymm2, %ymm3, %ymm4
	CHI_VL		%ymm5, %ymm6, %ymm7, %ymm8, %ymm9
	CHI_VL		%ymm10, %ymm11, %ymm12, %ymm13, %ymm14
	CHI_VL		%ymm15, %ymm16, %ymm17, %ymm18, %ymm19
	CHI_VL		%ymm20, %ymm21, %ymm22, %ymm23, %ymm24
.endm

SYM_FUNC_START(keccak_f1600_x4_avx512vl)
	vmovdqu64	0(%rdi), %ymm0
	vmovdqu64	32(%rdi), %ymm1
	vmovdqu64	64(%rdi), %ymm2
	vmovdqu64	96(%rdi), %ymm3
	vmovdqu64	128(%rdi), %ymm4
	vmovdqu64	160(%rdi), %ymm5
	vmovdqu64	192(%rdi), %ymm6
	vmovdqu64	224(%rdi), %ymm7
	vmovdqu64	256(%rdi), %ymm8
	vmovdqu64	288(%rdi), %ymm9
	vmovdqu64	320(%rdi), %ymm10
	vmovdqu64	352(%rdi), %ymm11
	vmovdqu64	384(%rdi), %ymm12
	vmovdqu64	416(%rdi), %ymm13
	vmovdqu64	448(%rdi), %ymm14
	vmovdqu64	480(%rdi), %ymm15
	vmovdqu64	512(%rdi), %ymm16
	vmovdqu64	544(%rdi), %ymm17
	vmovdqu64	576(%rdi), %ymm18
	vmovdqu64	608(%rdi), %ymm19
	vmovdqu64	640(%rdi), %ymm20
	vmovdqu64	672(%rdi), %ymm21
	vmovdqu64	704(%rdi), %ymm22
	vmovdqu64	736(%rdi), %ymm23
	vmovdqu64	768(%rdi), %ymm24
	lea		.Lrc(%rip), %rax
	lea		(24 * 8)(%rax), %rcx
.Lround_vl:
	ROUND_VL
	vpxorq		(%rax){1to4}, %ymm0, %ymm0	/* iota */
	add		$8, %rax
	cmp		%rcx, %rax
	jne		.Lround_vl
	vmovdqu64	%ymm0, 0(%rdi)
	vmovdqu64	%ymm1, 32(%rdi)
	vmovdqu64	%ymm2, 64(%rdi)
	vmovdqu64	%ymm3, 96(%rdi)
	vmovdqu64	%ymm4, 128(%rdi)
	vmovdqu64	%ymm5, 160(%rdi)
	vmovdqu64	%ymm6, 192(%rdi)
	vmovdqu64	%ymm7, 224(%rdi)
	vmovdqu64	%ymm8, 256(%rdi)
	vmovdqu64	%ymm9, 288(%rdi)
	vmovdqu64	%ymm10, 320(%rdi)
	vmovdqu64	%ymm11, 352(%rdi)
	vmovdqu64	%ymm12, 384(%rdi)
	vmovdqu64	%ymm13, 416(%rdi)
	vmovdqu64	%ymm14, 448(%rdi)
	vmovdqu64	%ymm15, 480(%rdi)
	vmovdqu64	%ymm16, 512(%rdi)
	vmovdqu64	%ymm17, 544(%rdi)
	vmovdqu64	%ymm18, 576(%rdi)
	vmovdqu64	%ymm19, 608(%rdi)
	vmovdqu64	%ymm20, 640(%rdi)
	vmovdqu64	%ymm21, 672(%rdi)
	vmovdqu64	%ymm22, 704(%rdi)
	vmovdqu64	%ymm23, 736(%rdi)
	vmovdqu64	%ymm24, 768(%rdi)
	vzeroupper
	RET
SYM_FUNC_END(keccak_f1600_x4_avx512vl)
