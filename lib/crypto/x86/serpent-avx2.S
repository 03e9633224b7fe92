/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Serpent with AVX2, eight blocks at a time.
 *
 * The blocks are transposed so that ymm register j holds word j of all
 * eight blocks (blocks 0-3 in the low 128-bit lanes, 4-7 in the high
 * ones), and the bitslice form of serpent.c then runs on eight 32-bit
 * lanes: the S-boxes are the same algebraic normal forms (products of
 * input words into ymm4-ymm13, outputs XORed together; the first two
 * outputs wait in a 64-byte aligned stack area, wiped on return), the
 * linear transform is shifts and ORs, the round keys are broadcast from
 * struct serpent_key.  Constant time like the portable code.
 *
 * void serpent_enc_8way_avx2(const u32 *rk, u8 *dst, const u8 *src);
 * void serpent_dec_8way_avx2(const u32 *rk, u8 *dst, const u8 *src);
 *	@rk: the 33 x 4 round key words; @dst, @src: 128 bytes, may alias
 */

#include <linux/linkage.h>

.section .rodata, "a"
.p2align 5
.Lones:
	.octa	-1
	.octa	-1

.text

/* \r = rol32(\r, \n) in every lane, using \t */
.macro ROL n, r, t
	vpslld	$\n, \r, \t
	vpsrld	$(32 - \n), \r, \r
	vpor	\t, \r, \r
.endm

/* Round key \n XORed into the state */
.macro KX n
	vpbroadcastd	(16 * \n)(%rdi), %ymm4
	vpxor	%ymm4, %ymm0, %ymm0
	vpbroadcastd	(16 * \n + 4)(%rdi), %ymm4
	vpxor	%ymm4, %ymm1, %ymm1
	vpbroadcastd	(16 * \n + 8)(%rdi), %ymm4
	vpxor	%ymm4, %ymm2, %ymm2
	vpbroadcastd	(16 * \n + 12)(%rdi), %ymm4
	vpxor	%ymm4, %ymm3, %ymm3
.endm

/* The linear transformation */
.macro LT
	ROL	13, %ymm0, %ymm4
	ROL	3, %ymm2, %ymm4
	vpxor	%ymm0, %ymm1, %ymm1
	vpxor	%ymm2, %ymm1, %ymm1
	vpslld	$3, %ymm0, %ymm4
	vpxor	%ymm2, %ymm3, %ymm3
	vpxor	%ymm4, %ymm3, %ymm3
	ROL	1, %ymm1, %ymm4
	ROL	7, %ymm3, %ymm4
	vpxor	%ymm1, %ymm0, %ymm0
	vpxor	%ymm3, %ymm0, %ymm0
	vpslld	$7, %ymm1, %ymm4
	vpxor	%ymm3, %ymm2, %ymm2
	vpxor	%ymm4, %ymm2, %ymm2
	ROL	5, %ymm0, %ymm4
	ROL	22, %ymm2, %ymm4
.endm

/* Its inverse */
.macro LTI
	ROL	10, %ymm2, %ymm4
	ROL	27, %ymm0, %ymm4
	vpslld	$7, %ymm1, %ymm4
	vpxor	%ymm3, %ymm2, %ymm2
	vpxor	%ymm4, %ymm2, %ymm2
	vpxor	%ymm1, %ymm0, %ymm0
	vpxor	%ymm3, %ymm0, %ymm0
	ROL	25, %ymm3, %ymm4
	ROL	31, %ymm1, %ymm4
	vpslld	$3, %ymm0, %ymm4
	vpxor	%ymm2, %ymm3, %ymm3
	vpxor	%ymm4, %ymm3, %ymm3
	vpxor	%ymm0, %ymm1, %ymm1
	vpxor	%ymm2, %ymm1, %ymm1
	ROL	29, %ymm2, %ymm4
	ROL	19, %ymm0, %ymm4
.endm

/* 4x4 transpose of 32-bit words within each 128-bit lane (an involution) */
.macro TRANSPOSE
	vpunpckldq	%ymm1, %ymm0, %ymm4
	vpunpckhdq	%ymm1, %ymm0, %ymm5
	vpunpckldq	%ymm3, %ymm2, %ymm6
	vpunpckhdq	%ymm3, %ymm2, %ymm7
	vpunpcklqdq	%ymm6, %ymm4, %ymm0
	vpunpckhqdq	%ymm6, %ymm4, %ymm1
	vpunpcklqdq	%ymm7, %ymm5, %ymm2
	vpunpckhqdq	%ymm7, %ymm5, %ymm3
.endm

/* Eight blocks from (%rdx): block i in register i % 4, lane i / 4 */
.macro LOAD8
	vmovdqu	(%rdx), %xmm0
	vinserti128	$1, 64(%rdx), %ymm0, %ymm0
	vmovdqu	16(%rdx), %xmm1
	vinserti128	$1, 80(%rdx), %ymm1, %ymm1
	vmovdqu	32(%rdx), %xmm2
	vinserti128	$1, 96(%rdx), %ymm2, %ymm2
	vmovdqu	48(%rdx), %xmm3
	vinserti128	$1, 112(%rdx), %ymm3, %ymm3
	TRANSPOSE
.endm

.macro STORE8
	TRANSPOSE
	vmovdqu	%xmm0, (%rsi)
	vextracti128	$1, %ymm0, 64(%rsi)
	vmovdqu	%xmm1, 16(%rsi)
	vextracti128	$1, %ymm1, 80(%rsi)
	vmovdqu	%xmm2, 32(%rsi)
	vextracti128	$1, %ymm2, 96(%rsi)
	vmovdqu	%xmm3, 48(%rsi)
	vextracti128	$1, %ymm3, 112(%rsi)
.endm

.macro FRAME_IN
	push	%rbp
	mov	%rsp, %rbp
	and	$-32, %rsp
	sub	$64, %rsp
.endm

/* Wipe the stack area and every vector register, then return */
.macro FRAME_OUT
	vpxor	%ymm0, %ymm0, %ymm0
	vmovdqa	%ymm0, (%rsp)
	vmovdqa	%ymm0, 32(%rsp)
	vzeroall
	mov	%rbp, %rsp
	pop	%rbp
.endm

/*
 * S-boxes S0..S7 and their inverses SI0..SI7 on ymm0-ymm3 (input bit 0 in
 * ymm0), as the algebraic normal forms of the specification's tables.
 */
/* \dst = the XOR of the operands (registers, or a memory operand last) */
.macro XORN dst, first, second, rest:vararg
	vpxor	\second, \first, \dst
	.irp	t, \rest
	vpxor	\t, \dst, \dst
	.endr
.endm

/* Every product of two or three input words the S-box forms use */
.macro PRODUCTS
	vpand	%ymm1, %ymm0, %ymm4		/* ab */
	vpand	%ymm2, %ymm0, %ymm5		/* ac */
	vpand	%ymm3, %ymm0, %ymm6		/* ad */
	vpand	%ymm2, %ymm1, %ymm7		/* bc */
	vpand	%ymm3, %ymm1, %ymm8		/* bd */
	vpand	%ymm3, %ymm2, %ymm9		/* cd */
	vpand	%ymm2, %ymm4, %ymm10		/* abc */
	vpand	%ymm3, %ymm4, %ymm11		/* abd */
	vpand	%ymm3, %ymm5, %ymm12		/* acd */
	vpand	%ymm3, %ymm7, %ymm13		/* bcd */
.endm

/*
 * Output bits 0 and 1 of an S-box wait on the stack, 2 and 3 in ymm14 and
 * ymm15, until all four are computed from the inputs in ymm0-ymm3.
 */
.macro OUT0 terms:vararg
	XORN	%ymm14, \terms
	vmovdqa	%ymm14, (%rsp)
.endm
.macro OUT1 terms:vararg
	XORN	%ymm14, \terms
	vmovdqa	%ymm14, 32(%rsp)
.endm
.macro OUT2 terms:vararg
	XORN	%ymm14, \terms
.endm
.macro OUT3 terms:vararg
	XORN	%ymm15, \terms
.endm
.macro SBOX_DONE
	vmovdqa	(%rsp), %ymm0
	vmovdqa	32(%rsp), %ymm1
	vmovdqa	%ymm14, %ymm2
	vmovdqa	%ymm15, %ymm3
.endm

.macro SBOX0
	PRODUCTS
	OUT0	%ymm0, %ymm4, %ymm2, %ymm5, %ymm7, %ymm10, %ymm3, %ymm12, %ymm13, .Lones(%rip)
	OUT1	%ymm0, %ymm5, %ymm7, %ymm10, %ymm8, %ymm12, %ymm13, .Lones(%rip)
	OUT2	%ymm1, %ymm4, %ymm5, %ymm10, %ymm3, %ymm8, %ymm13
	OUT3	%ymm0, %ymm1, %ymm2, %ymm3, %ymm6
	SBOX_DONE
.endm

.macro SBOX1
	PRODUCTS
	OUT0	%ymm0, %ymm1, %ymm7, %ymm6, %ymm9, %ymm12, %ymm13, .Lones(%rip)
	OUT1	%ymm0, %ymm4, %ymm2, %ymm5, %ymm3, %ymm8, %ymm11, %ymm12, %ymm13, .Lones(%rip)
	OUT2	%ymm1, %ymm4, %ymm2, %ymm3, .Lones(%rip)
	OUT3	%ymm1, %ymm5, %ymm3, %ymm6, %ymm11, %ymm12, %ymm13, .Lones(%rip)
	SBOX_DONE
.endm

.macro SBOX2
	PRODUCTS
	OUT0	%ymm1, %ymm2, %ymm5, %ymm3
	OUT1	%ymm0, %ymm1, %ymm2, %ymm7, %ymm10, %ymm6, %ymm11, %ymm9, %ymm12
	OUT2	%ymm0, %ymm1, %ymm7, %ymm3, %ymm8, %ymm11, %ymm9, %ymm12
	OUT3	%ymm0, %ymm1, %ymm2, %ymm10, %ymm8, .Lones(%rip)
	SBOX_DONE
.endm

.macro SBOX3
	PRODUCTS
	OUT0	%ymm0, %ymm1, %ymm7, %ymm3, %ymm6, %ymm9, %ymm12, %ymm13
	OUT1	%ymm0, %ymm1, %ymm5, %ymm6, %ymm11, %ymm9, %ymm12
	OUT2	%ymm0, %ymm4, %ymm2, %ymm10, %ymm3, %ymm8, %ymm11
	OUT3	%ymm0, %ymm1, %ymm4, %ymm2, %ymm5, %ymm10, %ymm3, %ymm9, %ymm12
	SBOX_DONE
.endm

.macro SBOX4
	PRODUCTS
	OUT0	%ymm1, %ymm4, %ymm2, %ymm3, %ymm6, %ymm8, .Lones(%rip)
	OUT1	%ymm0, %ymm5, %ymm7, %ymm3, %ymm8, %ymm9, %ymm12, %ymm13
	OUT2	%ymm0, %ymm4, %ymm2, %ymm7, %ymm10, %ymm8, %ymm11, %ymm9, %ymm13
	OUT3	%ymm0, %ymm1, %ymm2, %ymm7, %ymm6, %ymm8, %ymm11
	SBOX_DONE
.endm

.macro SBOX5
	PRODUCTS
	OUT0	%ymm1, %ymm4, %ymm2, %ymm3, %ymm6, %ymm8, .Lones(%rip)
	OUT1	%ymm0, %ymm4, %ymm2, %ymm3, %ymm8, %ymm11, %ymm9, .Lones(%rip)
	OUT2	%ymm1, %ymm5, %ymm3, %ymm11, %ymm9, %ymm12, %ymm13, .Lones(%rip)
	OUT3	%ymm0, %ymm1, %ymm2, %ymm10, %ymm3, %ymm6, %ymm12, .Lones(%rip)
	SBOX_DONE
.endm

.macro SBOX6
	PRODUCTS
	OUT0	%ymm0, %ymm1, %ymm2, %ymm5, %ymm7, %ymm10, %ymm3, %ymm11, %ymm13, .Lones(%rip)
	OUT1	%ymm1, %ymm2, %ymm6, .Lones(%rip)
	OUT2	%ymm0, %ymm4, %ymm2, %ymm7, %ymm10, %ymm8, %ymm11, %ymm9, %ymm13, .Lones(%rip)
	OUT3	%ymm1, %ymm4, %ymm2, %ymm5, %ymm10, %ymm3, %ymm9, %ymm13
	SBOX_DONE
.endm

.macro SBOX7
	PRODUCTS
	OUT0	%ymm4, %ymm2, %ymm6, %ymm8, %ymm9, %ymm12, %ymm13, .Lones(%rip)
	OUT1	%ymm1, %ymm4, %ymm2, %ymm5, %ymm7, %ymm3, %ymm6, %ymm11, %ymm12
	OUT2	%ymm0, %ymm1, %ymm2, %ymm10, %ymm3, %ymm6, %ymm8, %ymm11, %ymm13
	OUT3	%ymm0, %ymm1, %ymm2, %ymm5, %ymm10, %ymm6
	SBOX_DONE
.endm

.macro SBOXI0
	PRODUCTS
	OUT0	%ymm4, %ymm2, %ymm7, %ymm6, %ymm8, %ymm11, %ymm9, %ymm12, %ymm13, .Lones(%rip)
	OUT1	%ymm0, %ymm1, %ymm2, %ymm5, %ymm8, %ymm12, %ymm13
	OUT2	%ymm0, %ymm1, %ymm4, %ymm2, %ymm3, .Lones(%rip)
	OUT3	%ymm0, %ymm7, %ymm3, %ymm11, %ymm9, %ymm12, %ymm13, .Lones(%rip)
	SBOX_DONE
.endm

.macro SBOXI1
	PRODUCTS
	OUT0	%ymm0, %ymm1, %ymm4, %ymm10, %ymm8, %ymm12, %ymm13, .Lones(%rip)
	OUT1	%ymm1, %ymm2, %ymm10, %ymm3, %ymm6, %ymm8, %ymm12, %ymm13
	OUT2	%ymm0, %ymm1, %ymm5, %ymm7, %ymm10, %ymm3, %ymm12, .Lones(%rip)
	OUT3	%ymm0, %ymm2, %ymm3, %ymm8
	SBOX_DONE
.endm

.macro SBOXI2
	PRODUCTS
	OUT0	%ymm0, %ymm1, %ymm2, %ymm7, %ymm8
	OUT1	%ymm1, %ymm4, %ymm2, %ymm6, %ymm11, %ymm9, %ymm12
	OUT2	%ymm0, %ymm4, %ymm2, %ymm3, %ymm6, %ymm8, %ymm11, %ymm12, .Lones(%rip)
	OUT3	%ymm4, %ymm7, %ymm10, %ymm3, %ymm12, .Lones(%rip)
	SBOX_DONE
.endm

.macro SBOXI3
	PRODUCTS
	OUT0	%ymm0, %ymm2, %ymm7, %ymm3, %ymm6, %ymm8, %ymm13
	OUT1	%ymm1, %ymm2, %ymm7, %ymm10, %ymm3, %ymm6, %ymm12, %ymm13
	OUT2	%ymm4, %ymm5, %ymm7, %ymm6, %ymm8, %ymm11, %ymm9, %ymm12
	OUT3	%ymm0, %ymm1, %ymm2, %ymm5, %ymm10, %ymm6, %ymm11, %ymm9
	SBOX_DONE
.endm

.macro SBOXI4
	PRODUCTS
	OUT0	%ymm0, %ymm1, %ymm2, %ymm3, %ymm6, %ymm11, %ymm9, %ymm12, .Lones(%rip)
	OUT1	%ymm4, %ymm2, %ymm5, %ymm3, %ymm6, %ymm12
	OUT2	%ymm0, %ymm1, %ymm4, %ymm2, %ymm5, %ymm10, %ymm3, %ymm8, %ymm11, .Lones(%rip)
	OUT3	%ymm1, %ymm4, %ymm2, %ymm6, %ymm11, %ymm9
	SBOX_DONE
.endm

.macro SBOXI5
	PRODUCTS
	OUT0	%ymm0, %ymm7, %ymm3, %ymm11
	OUT1	%ymm0, %ymm1, %ymm5, %ymm7, %ymm10, %ymm3, %ymm6, %ymm11
	OUT2	%ymm0, %ymm4, %ymm2, %ymm8, %ymm11, %ymm12
	OUT3	%ymm1, %ymm4, %ymm2, %ymm10, %ymm6, .Lones(%rip)
	SBOX_DONE
.endm

.macro SBOXI6
	PRODUCTS
	OUT0	%ymm0, %ymm4, %ymm5, %ymm7, %ymm10, %ymm3, %ymm11, %ymm13, .Lones(%rip)
	OUT1	%ymm1, %ymm2, %ymm5, %ymm3, .Lones(%rip)
	OUT2	%ymm0, %ymm1, %ymm7, %ymm8, %ymm11, %ymm9, %ymm13, .Lones(%rip)
	OUT3	%ymm1, %ymm4, %ymm2, %ymm7, %ymm10, %ymm3, %ymm6, %ymm11, %ymm9, %ymm13, .Lones(%rip)
	SBOX_DONE
.endm

.macro SBOXI7
	PRODUCTS
	OUT0	%ymm0, %ymm1, %ymm7, %ymm8, %ymm11, %ymm9, %ymm13, .Lones(%rip)
	OUT1	%ymm0, %ymm2, %ymm7, %ymm3, %ymm6, %ymm8, %ymm12, %ymm13, .Lones(%rip)
	OUT2	%ymm1, %ymm5, %ymm3, %ymm11, %ymm9, %ymm12
	OUT3	%ymm4, %ymm2, %ymm10, %ymm6, %ymm8, %ymm11
	SBOX_DONE
.endm

/* Rounds \b..\b+7 of encryption, without the last linear transform */
.macro ENC8 b
	KX	(\b)
	SBOX0
	LT
	KX	(\b + 1)
	SBOX1
	LT
	KX	(\b + 2)
	SBOX2
	LT
	KX	(\b + 3)
	SBOX3
	LT
	KX	(\b + 4)
	SBOX4
	LT
	KX	(\b + 5)
	SBOX5
	LT
	KX	(\b + 6)
	SBOX6
	LT
	KX	(\b + 7)
	SBOX7
.endm

/* Rounds \b+7..\b of decryption, after the inverse linear transform */
.macro DEC8 b
	SBOXI7
	KX	(\b + 7)
	LTI
	SBOXI6
	KX	(\b + 6)
	LTI
	SBOXI5
	KX	(\b + 5)
	LTI
	SBOXI4
	KX	(\b + 4)
	LTI
	SBOXI3
	KX	(\b + 3)
	LTI
	SBOXI2
	KX	(\b + 2)
	LTI
	SBOXI1
	KX	(\b + 1)
	LTI
	SBOXI0
	KX	(\b)
.endm

SYM_FUNC_START(serpent_enc_8way_avx2)
	FRAME_IN
	LOAD8
	ENC8	0
	LT
	ENC8	8
	LT
	ENC8	16
	LT
	ENC8	24
	KX	32
	STORE8
	FRAME_OUT
	RET
SYM_FUNC_END(serpent_enc_8way_avx2)

SYM_FUNC_START(serpent_dec_8way_avx2)
	FRAME_IN
	LOAD8
	KX	32
	DEC8	24
	LTI
	DEC8	16
	LTI
	DEC8	8
	LTI
	DEC8	0
	STORE8
	FRAME_OUT
	RET
SYM_FUNC_END(serpent_dec_8way_avx2)
