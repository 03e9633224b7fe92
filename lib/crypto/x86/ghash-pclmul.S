/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GHASH with carry-less multiplication: PCLMULQDQ on 128-bit vectors (eight
 * blocks per reduction) and VPCLMULQDQ on 256-bit vectors (sixteen blocks
 * per reduction).
 *
 * Field elements are handled as 128-bit integers whose bit 127 is the
 * coefficient of x^0 (GCM's reflected order): a block becomes one by a
 * byte reversal.  For blocks X_1..X_n and accumulator Y,
 *	Y' = (Y ^ X_1) H^n ^ X_2 H^(n-1) ^ ... ^ X_n H
 * is summed unreduced (four 64x64 products per block), then shifted left by
 * one bit (the product of two reflected 128-bit values is one bit short of
 * 256) and reduced once.  Reduction folds the low 128 bits back with
 * x^128 = x^7 + x^2 + x + 1, which in this bit order is a carry-less
 * multiplication of each low quadword by 0xc200000000000000.
 *
 * The key table holds H^16, H^15, ..., H^1 (16 bytes each, same integer
 * form); it is computed in C (lib/crypto/x86/gf128hash.h).
 *
 * void ghash_pclmul_blocks(u8 acc[16], const u8 *htable, const u8 *data,
 *			    size_t nblocks);
 * void ghash_vpclmul_blocks(u8 acc[16], const u8 *htable, const u8 *data,
 *			     size_t nblocks);	(nblocks: a multiple of 16)
 */
#include <linux/linkage.h>

#define ACC	%rdi
#define HTAB	%rsi
#define DATA	%rdx
#define NBLK	%rcx

.section .rodata.cst32.ghash_consts, "aM", @progbits, 32
.p2align 5
.Lbswap_x2:
	.octa	0x000102030405060708090a0b0c0d0e0f
	.octa	0x000102030405060708090a0b0c0d0e0f
.Lreduce:
	.octa	0xc200000000000000
	.octa	0xc200000000000000

.text

/*
 * From lo/mid/hi to the reduced product in \hi (SSE; 128-bit registers).
 * \c holds 0xc2.. in its low quadword; \t1 and \t2 are scratch.
 */
.macro REDUCE lo, mid, hi, c, t1, t2
	/* 256-bit product Z = hi:lo with the middle term added in */
	movdqa	\mid, \t1
	pslldq	$8, \t1
	pxor	\t1, \lo
	psrldq	$8, \mid
	pxor	\mid, \hi
	/* Z <<= 1 */
	movdqa	\lo, \t1
	psrlq	$63, \t1			/* carry out of each lo quadword */
	movdqa	\hi, \t2
	psrlq	$63, \t2
	psllq	$1, \lo
	psllq	$1, \hi
	pslldq	$8, \t2				/* hi q0 -> hi q1 */
	pxor	\t2, \hi
	movdqa	\t1, \t2
	pslldq	$8, \t1				/* lo q0 -> lo q1 */
	pxor	\t1, \lo
	psrldq	$8, \t2				/* lo q1 -> hi q0 */
	pxor	\t2, \hi
	/* fold Z0 into Z1 and Z2, then Z1 into Z2 and Z3 */
	movdqa	\lo, \t1
	pclmulqdq $0x00, \c, \t1
	pshufd	$0x4e, \t1, \t1
	pxor	\t1, \lo
	movdqa	\lo, \t2
	pclmulqdq $0x01, \c, \t2
	pxor	\lo, \hi
	pxor	\t2, \hi
.endm

/*
 * SSE, Karatsuba: lo += X.lo H.lo, hi += X.hi H.hi, mid += (X.lo ^ X.hi)
 * (H.lo ^ H.hi); the true middle term is mid ^ lo ^ hi once summed.
 * Destroys \x; \t and \u scratch.
 */
.macro MULACC_K x, h, lo, mid, hi, t, u
	pshufd	$0x4e, \x, \t
	pxor	\x, \t
	pshufd	$0x4e, \h, \u
	pxor	\h, \u
	pclmulqdq $0x00, \u, \t
	pxor	\t, \mid
	movdqa	\x, \t
	pclmulqdq $0x00, \h, \t
	pxor	\t, \lo
	pclmulqdq $0x11, \h, \x
	pxor	\x, \hi
.endm

/*
 * \n blocks from DATA into the accumulator xmm0 with one reduction: block j
 * is multiplied by H^(n-j) (table entry 16 - n + j).
 */
.macro GHASH_N n
	pxor	%xmm7, %xmm7
	pxor	%xmm8, %xmm8
	pxor	%xmm9, %xmm9
	.irp	j, 0, 1, 2, 3, 4, 5, 6, 7
	.if \j < \n
	movdqu	\j * 16(DATA), %xmm3
	pshufb	%xmm1, %xmm3
	.if \j == 0
	pxor	%xmm0, %xmm3
	.endif
	movdqu	(16 - \n + \j) * 16(HTAB), %xmm13
	MULACC_K %xmm3, %xmm13, %xmm7, %xmm8, %xmm9, %xmm10, %xmm11
	.endif
	.endr
	pxor	%xmm7, %xmm8
	pxor	%xmm9, %xmm8
	REDUCE	%xmm7, %xmm8, %xmm9, %xmm2, %xmm10, %xmm11
	movdqa	%xmm9, %xmm0
	add	$(16 * \n), DATA
	sub	$\n, NBLK
.endm

SYM_FUNC_START(ghash_pclmul_blocks)
	movdqa	.Lbswap_x2(%rip), %xmm1
	movdqa	.Lreduce(%rip), %xmm2
	movdqu	(ACC), %xmm0
	pshufb	%xmm1, %xmm0
	cmp	$8, NBLK
	jb	.Lpcl_tail
.Lpcl_8:
	GHASH_N	8
	cmp	$8, NBLK
	jae	.Lpcl_8
.Lpcl_tail:
	test	NBLK, NBLK
	jz	.Lpcl_store
.Lpcl_1:
	GHASH_N	1
	jnz	.Lpcl_1
.Lpcl_store:
	pshufb	%xmm1, %xmm0
	movdqu	%xmm0, (ACC)
	RET
SYM_FUNC_END(ghash_pclmul_blocks)

/* AVX: lo/mid/hi += X * H lane by lane, \t scratch */
.macro VMULACC x, h, lo, mid, hi, t
	vpclmulqdq $0x00, \h, \x, \t
	vpxor	\t, \lo, \lo
	vpclmulqdq $0x11, \h, \x, \t
	vpxor	\t, \hi, \hi
	vpclmulqdq $0x01, \h, \x, \t
	vpxor	\t, \mid, \mid
	vpclmulqdq $0x10, \h, \x, \t
	vpxor	\t, \mid, \mid
.endm

/* AVX version of REDUCE on 128-bit registers (given as xmm names) */
.macro VREDUCE lo, mid, hi, c, t1, t2
	vpslldq	$8, \mid, \t1
	vpxor	\t1, \lo, \lo
	vpsrldq	$8, \mid, \t1
	vpxor	\t1, \hi, \hi
	vpsrlq	$63, \lo, \t1
	vpsrlq	$63, \hi, \t2
	vpsllq	$1, \lo, \lo
	vpsllq	$1, \hi, \hi
	vpslldq	$8, \t2, \t2
	vpxor	\t2, \hi, \hi
	vpsrldq	$8, \t1, \t2
	vpxor	\t2, \hi, \hi
	vpslldq	$8, \t1, \t1
	vpxor	\t1, \lo, \lo
	vpclmulqdq $0x00, \c, \lo, \t1
	vpshufd	$0x4e, \t1, \t1
	vpxor	\t1, \lo, \lo
	vpclmulqdq $0x01, \c, \lo, \t2
	vpxor	\lo, \hi, \hi
	vpxor	\t2, \hi, \hi
.endm

SYM_FUNC_START(ghash_vpclmul_blocks)
	vmovdqa	.Lbswap_x2(%rip), %ymm13
	vmovdqa	.Lreduce(%rip), %xmm14
	vmovdqu	(ACC), %xmm15
	vpshufb	%xmm13, %xmm15, %xmm15
.Lvpcl_16:
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu	\i * 32(DATA), %ymm\i
	vpshufb	%ymm13, %ymm\i, %ymm\i
	.endr
	vpxor	%ymm15, %ymm0, %ymm0		/* acc into the first block */
	vmovdqu	0 * 32(HTAB), %ymm8
	vpclmulqdq $0x00, %ymm8, %ymm0, %ymm9
	vpclmulqdq $0x11, %ymm8, %ymm0, %ymm11
	vpclmulqdq $0x01, %ymm8, %ymm0, %ymm10
	vpclmulqdq $0x10, %ymm8, %ymm0, %ymm12
	vpxor	%ymm12, %ymm10, %ymm10
	.irp	i, 1, 2, 3, 4, 5, 6, 7
	vmovdqu	\i * 32(HTAB), %ymm8
	VMULACC	%ymm\i, %ymm8, %ymm9, %ymm10, %ymm11, %ymm12
	.endr
	/* fold the two lanes */
	vextracti128 $1, %ymm9, %xmm0
	vpxor	%xmm0, %xmm9, %xmm9
	vextracti128 $1, %ymm10, %xmm0
	vpxor	%xmm0, %xmm10, %xmm10
	vextracti128 $1, %ymm11, %xmm0
	vpxor	%xmm0, %xmm11, %xmm11
	VREDUCE	%xmm9, %xmm10, %xmm11, %xmm14, %xmm0, %xmm1
	vmovdqa	%xmm11, %xmm15
	add	$256, DATA
	sub	$16, NBLK
	jnz	.Lvpcl_16
	vpshufb	%xmm13, %xmm15, %xmm15
	vmovdqu	%xmm15, (ACC)
	vzeroupper
	RET
SYM_FUNC_END(ghash_vpclmul_blocks)
