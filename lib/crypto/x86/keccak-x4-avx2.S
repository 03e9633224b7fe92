/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Four independent Keccak-f[1600] permutations with AVX2.
 *
 * void keccak_f1600_x4_avx2(u64 lanes[25][4]);
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
	THETA_D		%ymm5, %ymm4, %ymm1
	THETA_D		%ymm6, %ymm0, %ymm2
	THETA_D		%ymm7, %ymm1, %ymm3
	THETA_D		%ymm8, %ymm2, %ymm4
	THETA_D		%ymm9, %ymm3, %ymm0
	ROW \src, \dst, 0,  0, 0, %ymm5,   6, 44, %ymm6,  12, 43, %ymm7,  18, 21, %ymm8,  24, 14, %ymm9
	ROW \src, \dst, 1,  3, 28, %ymm8,  9, 20, %ymm9,  10, 3, %ymm5,   16, 45, %ymm6,  22, 61, %ymm7
	ROW \src, \dst, 2,  1, 1, %ymm6,   7, 6, %ymm7,   13, 25, %ymm8,  19, 8, %ymm9,   20, 18, %ymm5
	ROW \src, \dst, 3,  4, 27, %ymm9,  5, 36, %ymm5,  11, 10, %ymm6,  17, 15, %ymm7,  23, 56, %ymm8
	ROW \src, \dst, 4,  2, 62, %ymm7,  8, 55, %ymm8,  14, 39, %ymm9,  15, 41, %ymm5,  21, 2, %ymm6
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
