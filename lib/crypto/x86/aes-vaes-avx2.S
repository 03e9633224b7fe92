/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES with VAES on 256-bit vectors (AVX2 register file): two blocks per
 * instruction, sixteen blocks per loop iteration, for the modes whose
 * blocks are independent: ECB, CBC decryption, CTR and XTS.
 *
 * Every function here takes a multiple of 16 blocks (> 0); the C glue
 * gives the rest to the AES-NI code.  Round keys as in aes-aesni.S
 * (unaligned, 16 bytes each), broadcast to both lanes round by round.
 *
 * Common arguments: %rdi = rk, %esi = nrounds, %rdx = dst, %rcx = src,
 * %r8 = number of blocks (a multiple of 16), %r9 = iv/ctr/tweak.
 */
#include <linux/linkage.h>

#define RK	%rdi
#define NR	%esi
#define DST	%rdx
#define SRC	%rcx
#define NBLK	%r8

.section .rodata.cst32.aes_vaes_consts, "aM", @progbits, 32
.p2align 5
.Lbswap128_x2:
	.octa	0x000102030405060708090a0b0c0d0e0f
	.octa	0x000102030405060708090a0b0c0d0e0f
.Lctr_first:				/* +0 in lane 0, +1 in lane 1 */
	.octa	0
	.octa	1
.Lctr_step:				/* +2 in both lanes */
	.octa	2
	.octa	2
.Lxts_poly_x2:				/* the XTS reduction 0x87 per lane */
	.octa	0x87
	.octa	0x87
.Lhigh_qwords:
	.octa	0xffffffffffffffff0000000000000000
	.octa	0xffffffffffffffff0000000000000000

.text

/* vpxor a broadcast round key 0 into ymm0..ymm7 */
.macro XOR_RK0_16
	vbroadcasti128 (RK), %ymm8
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vpxor	%ymm8, %ymm\i, %ymm\i
	.endr
.endm

/* The remaining rounds on ymm0..ymm7.  Uses %rax, %r10d, %ymm8. */
.macro ROUNDS16 op, oplast
	lea	16(RK), %rax
	lea	-1(NR), %r10d
1:
	vbroadcasti128 (%rax), %ymm8
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	\op	%ymm8, %ymm\i, %ymm\i
	.endr
	add	$16, %rax
	dec	%r10d
	jnz	1b
	vbroadcasti128 (%rax), %ymm8
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	\oplast	%ymm8, %ymm\i, %ymm\i
	.endr
.endm

.macro LOAD16 src
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu	\i * 32(\src), %ymm\i
	.endr
.endm

.macro STORE16 dst
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu	%ymm\i, \i * 32(\dst)
	.endr
.endm

.macro ADVANCE16
	add	$256, SRC
	add	$256, DST
	sub	$16, NBLK
.endm

/*
 * void aes_vaes_ecb_enc(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
 *			 size_t nblocks);
 * void aes_vaes_ecb_dec(const u32 *inv_rk, ...);
 */
.macro ECB16 op, oplast
.Lecb16_loop\@:
	LOAD16	SRC
	XOR_RK0_16
	ROUNDS16 \op, \oplast
	STORE16	DST
	ADVANCE16
	jnz	.Lecb16_loop\@
	vzeroupper
	RET
.endm

SYM_FUNC_START(aes_vaes_ecb_enc)
	ECB16	vaesenc, vaesenclast
SYM_FUNC_END(aes_vaes_ecb_enc)

SYM_FUNC_START(aes_vaes_ecb_dec)
	ECB16	vaesdec, vaesdeclast
SYM_FUNC_END(aes_vaes_ecb_dec)

/*
 * void aes_vaes_cbc_dec(const u32 *inv_rk, int nrounds, u8 *dst,
 *			 const u8 *src, size_t nblocks, u8 iv[16]);
 *
 * Block pairs are XORed with the ciphertext pair one block earlier in
 * memory (an unaligned 32-byte load at src - 16), written last pair first
 * so in-place operation never overwrites a ciphertext still needed; the
 * first pair takes the IV in its low lane.
 */
SYM_FUNC_START(aes_vaes_cbc_dec)
	vmovdqu	(%r9), %xmm15			/* iv */
.Lcbc16_loop:
	LOAD16	SRC
	vmovdqu	15 * 16(SRC), %xmm14		/* next iv */
	XOR_RK0_16
	ROUNDS16 vaesdec, vaesdeclast
	.irp	i, 7, 6, 5, 4, 3, 2, 1
	vpxor	\i * 32 - 16(SRC), %ymm\i, %ymm\i
	vmovdqu	%ymm\i, \i * 32(DST)
	.endr
	vinserti128 $1, (SRC), %ymm15, %ymm15	/* [iv, C0] */
	vpxor	%ymm15, %ymm0, %ymm0
	vmovdqu	%ymm0, (DST)
	vmovdqa	%xmm14, %xmm15
	ADVANCE16
	jnz	.Lcbc16_loop
	vmovdqu	%xmm15, (%r9)
	vzeroupper
	RET
SYM_FUNC_END(aes_vaes_cbc_dec)

/*
 * void aes_vaes_ctr(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
 *		     size_t nblocks, const u8 ctr[16]);
 *
 * The caller guarantees that the low 64 bits of the counter do not wrap
 * within the nblocks counter blocks, and advances @ctr itself; so the
 * counters are the byte-swapped start value plus 0..nblocks-1 in the low
 * quadword.
 */
SYM_FUNC_START(aes_vaes_ctr)
	vmovdqa	.Lbswap128_x2(%rip), %ymm9
	vbroadcasti128 (%r9), %ymm10
	vpshufb	%ymm9, %ymm10, %ymm10		/* counter, little-endian */
	vpaddq	.Lctr_first(%rip), %ymm10, %ymm10
	vmovdqa	.Lctr_step(%rip), %ymm11
.Lctr16_loop:
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vpshufb	%ymm9, %ymm10, %ymm\i
	vpaddq	%ymm11, %ymm10, %ymm10
	.endr
	XOR_RK0_16
	ROUNDS16 vaesenc, vaesenclast
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vpxor	\i * 32(SRC), %ymm\i, %ymm\i
	.endr
	STORE16	DST
	ADVANCE16
	jnz	.Lctr16_loop
	vzeroupper
	RET
SYM_FUNC_END(aes_vaes_ctr)

/*
 * void aes_vaes_xts_enc(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
 *			 size_t nblocks, u8 tweak[16]);
 * void aes_vaes_xts_dec(const u32 *inv_rk, ...);
 *
 * @tweak is the running tweak, updated.  Tweak pairs [T_2i, T_2i+1] are
 * computed from the pair [T_0, T_1] by multiplying both lanes by x^(2i):
 * shift each lane left, and fold the bits shifted out of the top back in
 * with a carry-less multiplication by 0x87.  They are kept in a 32-byte
 * aligned stack area for the second XOR, wiped on return.
 */
#define XPOLY	%ymm10
#define XHIGH	%ymm11

/*
 * \dst = \src * x^\k in each 128-bit lane (k <= 56), clobbers ymm13-14:
 * the bits leaving the low quadword move into the high one, those leaving
 * the high quadword come back into the low one multiplied by 0x87.
 */
.macro XTS_MUL_XK dst, src, k
	vpsrlq	$(64 - \k), \src, %ymm13
	vpshufd	$0x4e, %ymm13, %ymm13		/* swap the quadwords */
	vpsllq	$\k, \src, \dst
	vpclmulqdq $0x00, XPOLY, %ymm13, %ymm14
	vpand	XHIGH, %ymm13, %ymm13
	vpxor	%ymm13, \dst, \dst
	vpxor	%ymm14, \dst, \dst
.endm

.macro XTS16 op, oplast
	push	%rbp
	mov	%rsp, %rbp
	sub	$256, %rsp
	and	$~31, %rsp
	vmovdqa	.Lxts_poly_x2(%rip), XPOLY
	vmovdqa	.Lhigh_qwords(%rip), XHIGH
	vmovdqu	(%r9), %xmm12
	vinserti128 $1, %xmm12, %ymm12, %ymm12	/* [T0, T0] */
	XTS_MUL_XK %ymm9, %ymm12, 1
	vpblendd $0x0f, %ymm12, %ymm9, %ymm9	/* [T0, T1] */
.Lxts16_loop\@:
	LOAD16	SRC
	vmovdqa	%ymm9, (%rsp)
	vpxor	%ymm9, %ymm0, %ymm0
	.irp	i, 1, 2, 3, 4, 5, 6, 7
	XTS_MUL_XK %ymm12, %ymm9, (2 * \i)
	vmovdqa	%ymm12, \i * 32(%rsp)
	vpxor	%ymm12, %ymm\i, %ymm\i
	.endr
	XTS_MUL_XK %ymm9, %ymm9, 16
	XOR_RK0_16
	ROUNDS16 \op, \oplast
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vpxor	\i * 32(%rsp), %ymm\i, %ymm\i
	.endr
	STORE16	DST
	ADVANCE16
	jnz	.Lxts16_loop\@
	vmovdqu	%xmm9, (%r9)
	vpxor	%xmm0, %xmm0, %xmm0
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqa	%ymm0, \i * 32(%rsp)
	.endr
	mov	%rbp, %rsp
	pop	%rbp
	vzeroupper
	RET
.endm

SYM_FUNC_START(aes_vaes_xts_enc)
	XTS16	vaesenc, vaesenclast
SYM_FUNC_END(aes_vaes_xts_enc)

SYM_FUNC_START(aes_vaes_xts_dec)
	XTS16	vaesdec, vaesdeclast
SYM_FUNC_END(aes_vaes_xts_dec)
