/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES with the AES-NI instructions, SSE encoding (every CPU with AES-NI,
 * including those without AVX): ECB, CBC, CTR, CBC-MAC and XTS on whole
 * blocks.  The parallel modes keep eight blocks in flight, which hides the
 * latency of AESENC/AESDEC; CBC encryption and CBC-MAC are serial by
 * nature and keep the round keys in registers instead.
 *
 * Round keys: @rk points to nrounds + 1 16-byte round keys (the word layout
 * of struct aes_enckey, which is the AES-NI byte order); decryption takes
 * the Equivalent Inverse Cipher schedule (struct aes_key's inv_k).  The
 * schedules need not be aligned, so they are loaded with MOVDQU.
 *
 * Common arguments: %rdi = rk, %esi = nrounds (10, 12 or 14), %rdx = dst,
 * %rcx = src, %r8 = number of blocks.
 */
#include <linux/linkage.h>

#define RK	%rdi
#define NR	%esi
#define DST	%rdx
#define SRC	%rcx
#define NBLK	%r8

.section .rodata.cst16.aesni_bswap, "aM", @progbits, 16
.p2align 4
.Lbswap128:
	.octa	0x000102030405060708090a0b0c0d0e0f
/*
 * An array indexed by offset from .Lctr_add: not in a mergeable section,
 * where the linker may fold its first entry into an equal constant of
 * another object and leave the offsets pointing at whatever follows that.
 */
.section .rodata, "a"
.p2align 4
.Lctr_add:
	.octa	1, 2, 3, 4, 5, 6, 7
.section .rodata.cst16.aesni_xts_poly, "aM", @progbits, 16
.p2align 4
.Lxts_poly:
	/* dword 0: reduction 0x87, dword 2: carry into the high qword */
	.octa	0x00000000000000010000000000000087

.text

/*
 * Apply \op (AESENC/AESDEC) with every middle round key, then \oplast with
 * the last, to xmm0..xmm7.  Round key 0 was already XORed in.  Uses %rax,
 * %r10d and %xmm8.
 */
.macro ROUNDS8 op, oplast
	lea	16(RK), %rax
	lea	-1(NR), %r10d
1:
	movdqu	(%rax), %xmm8
	\op	%xmm8, %xmm0
	\op	%xmm8, %xmm1
	\op	%xmm8, %xmm2
	\op	%xmm8, %xmm3
	\op	%xmm8, %xmm4
	\op	%xmm8, %xmm5
	\op	%xmm8, %xmm6
	\op	%xmm8, %xmm7
	add	$16, %rax
	dec	%r10d
	jnz	1b
	movdqu	(%rax), %xmm8
	\oplast	%xmm8, %xmm0
	\oplast	%xmm8, %xmm1
	\oplast	%xmm8, %xmm2
	\oplast	%xmm8, %xmm3
	\oplast	%xmm8, %xmm4
	\oplast	%xmm8, %xmm5
	\oplast	%xmm8, %xmm6
	\oplast	%xmm8, %xmm7
.endm

/* XOR round key 0 into xmm0..xmm7. */
.macro XOR_RK0_8
	movdqu	(RK), %xmm8
	pxor	%xmm8, %xmm0
	pxor	%xmm8, %xmm1
	pxor	%xmm8, %xmm2
	pxor	%xmm8, %xmm3
	pxor	%xmm8, %xmm4
	pxor	%xmm8, %xmm5
	pxor	%xmm8, %xmm6
	pxor	%xmm8, %xmm7
.endm

/*
 * Load min(\n, 8) blocks from \src into xmm0.. (\n >= 1); the registers of
 * missing blocks keep whatever they held (they are computed and dropped).
 */
.macro LOAD_UPTO8 src, n
	movdqu	0*16(\src), %xmm0
	cmp	$2, \n
	jb	2f
	movdqu	1*16(\src), %xmm1
	je	2f
	movdqu	2*16(\src), %xmm2
	cmp	$4, \n
	jb	2f
	movdqu	3*16(\src), %xmm3
	je	2f
	movdqu	4*16(\src), %xmm4
	cmp	$6, \n
	jb	2f
	movdqu	5*16(\src), %xmm5
	je	2f
	movdqu	6*16(\src), %xmm6
	cmp	$8, \n
	jb	2f
	movdqu	7*16(\src), %xmm7
2:
.endm

.macro STORE_UPTO8 dst, n
	movdqu	%xmm0, 0*16(\dst)
	cmp	$2, \n
	jb	3f
	movdqu	%xmm1, 1*16(\dst)
	je	3f
	movdqu	%xmm2, 2*16(\dst)
	cmp	$4, \n
	jb	3f
	movdqu	%xmm3, 3*16(\dst)
	je	3f
	movdqu	%xmm4, 4*16(\dst)
	cmp	$6, \n
	jb	3f
	movdqu	%xmm5, 5*16(\dst)
	je	3f
	movdqu	%xmm6, 6*16(\dst)
	cmp	$8, \n
	jb	3f
	movdqu	%xmm7, 7*16(\dst)
3:
.endm

/*
 * void aesni_ecb_enc(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
 *		      size_t nblocks);
 * void aesni_ecb_dec(const u32 *inv_rk, ...)
 */
.macro ECB op, oplast
	test	NBLK, NBLK
	jz	.Lecb_done\@
.Lecb_loop\@:
	mov	$8, %r11
	cmp	%r11, NBLK
	cmovb	NBLK, %r11
	LOAD_UPTO8 SRC, %r11
	XOR_RK0_8
	ROUNDS8 \op, \oplast
	STORE_UPTO8 DST, %r11
	shl	$4, %r11
	add	%r11, SRC
	add	%r11, DST
	shr	$4, %r11
	sub	%r11, NBLK
	jnz	.Lecb_loop\@
.Lecb_done\@:
	RET
.endm

SYM_FUNC_START(aesni_ecb_enc)
	ECB	aesenc, aesenclast
SYM_FUNC_END(aesni_ecb_enc)

SYM_FUNC_START(aesni_ecb_dec)
	ECB	aesdec, aesdeclast
SYM_FUNC_END(aesni_ecb_dec)

/*
 * void aesni_cbc_dec(const u32 *inv_rk, int nrounds, u8 *dst, const u8 *src,
 *		      size_t nblocks, u8 iv[16]);
 *
 * Eight blocks at a time.  The plaintexts are written last block first, so
 * that in-place operation still finds the previous ciphertext in memory.
 */
SYM_FUNC_START(aesni_cbc_dec)
	test	NBLK, NBLK
	jz	.Lcbcd_done
	movdqu	(%r9), %xmm9			/* iv */
.Lcbcd_loop:
	mov	$8, %r11
	cmp	%r11, NBLK
	cmovb	NBLK, %r11
	LOAD_UPTO8 SRC, %r11
	mov	%r11, %rax
	shl	$4, %rax
	movdqu	-16(SRC, %rax), %xmm10		/* next iv: last ciphertext */
	XOR_RK0_8
	ROUNDS8	aesdec, aesdeclast
	/* Blocks 7..1: XOR the previous ciphertext, store, last first. */
	.irp	i, 7, 6, 5, 4, 3, 2, 1
	cmp	$\i, %r11
	jbe	4f
	movdqu	(\i - 1) * 16(SRC), %xmm11
	pxor	%xmm11, %xmm\i
	movdqu	%xmm\i, \i * 16(DST)
4:
	.endr
	pxor	%xmm9, %xmm0
	movdqu	%xmm0, (DST)
	movdqa	%xmm10, %xmm9
	shl	$4, %r11
	add	%r11, SRC
	add	%r11, DST
	shr	$4, %r11
	sub	%r11, NBLK
	jnz	.Lcbcd_loop
	movdqu	%xmm9, (%r9)
.Lcbcd_done:
	RET
SYM_FUNC_END(aesni_cbc_dec)

/*
 * Serial modes: round keys 0..13 live in xmm2..xmm15 (AES-256's last key is
 * loaded per block), the chaining value in xmm0, xmm1 is scratch.
 */
.macro LOAD_KEYS_SERIAL
	movdqu	0*16(RK), %xmm2
	movdqu	1*16(RK), %xmm3
	movdqu	2*16(RK), %xmm4
	movdqu	3*16(RK), %xmm5
	movdqu	4*16(RK), %xmm6
	movdqu	5*16(RK), %xmm7
	movdqu	6*16(RK), %xmm8
	movdqu	7*16(RK), %xmm9
	movdqu	8*16(RK), %xmm10
	movdqu	9*16(RK), %xmm11
	movdqu	10*16(RK), %xmm12
	cmp	$10, NR
	je	5f
	movdqu	11*16(RK), %xmm13
	movdqu	12*16(RK), %xmm14
	cmp	$12, NR
	je	5f
	movdqu	13*16(RK), %xmm15
5:
.endm

/* Encrypt xmm0 (round key 0 already XORed in) with the serial key set. */
.macro ENC_SERIAL nr
	aesenc	%xmm3, %xmm0
	aesenc	%xmm4, %xmm0
	aesenc	%xmm5, %xmm0
	aesenc	%xmm6, %xmm0
	aesenc	%xmm7, %xmm0
	aesenc	%xmm8, %xmm0
	aesenc	%xmm9, %xmm0
	aesenc	%xmm10, %xmm0
	aesenc	%xmm11, %xmm0
.if \nr == 10
	aesenclast %xmm12, %xmm0
.else
	aesenc	%xmm12, %xmm0
	aesenc	%xmm13, %xmm0
.if \nr == 12
	aesenclast %xmm14, %xmm0
.else
	aesenc	%xmm14, %xmm0
	aesenc	%xmm15, %xmm0
	movdqu	14*16(RK), %xmm1
	aesenclast %xmm1, %xmm0
.endif
.endif
.endm

/*
 * One serial loop per key size: xmm0 = E(xmm0 ^ block), storing each
 * result when \store (CBC encryption) and only chaining it otherwise
 * (CBC-MAC).
 */
.macro SERIAL_LOOP nr, store
.Lser_loop\@:
	movdqu	(SRC), %xmm1
	pxor	%xmm2, %xmm1			/* block ^ rk0, off the chain */
	pxor	%xmm1, %xmm0
	ENC_SERIAL \nr
.if \store
	movdqu	%xmm0, (DST)
	add	$16, DST
.endif
	add	$16, SRC
	dec	NBLK
	jnz	.Lser_loop\@
.endm

.macro SERIAL store, chain
	test	NBLK, NBLK
	jz	.Lser_done\@
	movdqu	(\chain), %xmm0
	LOAD_KEYS_SERIAL
	cmp	$12, NR
	je	.Lser_12\@
	ja	.Lser_14\@
	SERIAL_LOOP 10, \store
	jmp	.Lser_out\@
.Lser_12\@:
	SERIAL_LOOP 12, \store
	jmp	.Lser_out\@
.Lser_14\@:
	SERIAL_LOOP 14, \store
.Lser_out\@:
	movdqu	%xmm0, (\chain)
.Lser_done\@:
	RET
.endm

/*
 * void aesni_cbc_enc(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
 *		      size_t nblocks, u8 iv[16]);
 */
SYM_FUNC_START(aesni_cbc_enc)
	SERIAL	1, %r9
SYM_FUNC_END(aesni_cbc_enc)

/*
 * void aesni_cbcmac(const u32 *rk, int nrounds, u8 h[16], const u8 *data,
 *		     size_t nblocks);
 * h = E(h ^ block) for each block.
 */
SYM_FUNC_START(aesni_cbcmac)
	SERIAL	0, DST
SYM_FUNC_END(aesni_cbcmac)

/*
 * void aesni_ctr(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
 *		  size_t nblocks, u8 ctr[16]);
 *
 * 128-bit big-endian counter, kept byte-swapped in %r10:%r11 (high:low).
 * Counter blocks are built with vector adds on the low quadword, or one by
 * one with a full 128-bit carry when the low quadword is about to wrap.
 */
.macro CTR_BLOCK i
	movq	%r11, %xmm\i
	movq	%r10, %xmm8
	punpcklqdq %xmm8, %xmm\i
	pshufb	%xmm9, %xmm\i
	add	$1, %r11
	adc	$0, %r10
.endm

SYM_FUNC_START(aesni_ctr)
	test	NBLK, NBLK
	jz	.Lctr_done
	mov	(%r9), %r10
	mov	8(%r9), %r11
	bswap	%r10
	bswap	%r11
	movdqa	.Lbswap128(%rip), %xmm9
.Lctr_loop:
	/*
	 * Common case: the low 64 bits do not wrap within the next eight
	 * blocks, so the blocks are base + 0..7 in the low quadword.
	 */
	mov	$-8, %rax
	cmp	%rax, %r11
	ja	.Lctr_carry
	movq	%r11, %xmm0
	movq	%r10, %xmm8
	punpcklqdq %xmm8, %xmm0
	.irp	i, 1, 2, 3, 4, 5, 6, 7
	movdqa	%xmm0, %xmm\i
	paddq	.Lctr_add + (\i - 1) * 16(%rip), %xmm\i
	pshufb	%xmm9, %xmm\i
	.endr
	pshufb	%xmm9, %xmm0
	add	$8, %r11
	adc	$0, %r10
	jmp	.Lctr_built
.Lctr_carry:
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	CTR_BLOCK \i
	.endr
.Lctr_built:
	mov	$8, %rax
	cmp	%rax, NBLK
	jae	6f
	/* Fewer than 8 blocks: step the counter back for the unused ones. */
	sub	NBLK, %rax
	sub	%rax, %r11
	sbb	$0, %r10
6:
	XOR_RK0_8
	movq	%r10, %xmm10			/* keep %r10 across ROUNDS8 */
	ROUNDS8	aesenc, aesenclast
	movq	%xmm10, %r10
	mov	$8, %rax
	cmp	%rax, NBLK
	jb	.Lctr_partial
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu	\i * 16(SRC), %xmm8
	pxor	%xmm8, %xmm\i
	movdqu	%xmm\i, \i * 16(DST)
	.endr
	jmp	7f
.Lctr_partial:
	mov	NBLK, %rax
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	cmp	$\i, %rax
	jbe	7f
	movdqu	\i * 16(SRC), %xmm8
	pxor	%xmm8, %xmm\i
	movdqu	%xmm\i, \i * 16(DST)
	.endr
7:
	shl	$4, %rax
	add	%rax, SRC
	add	%rax, DST
	shr	$4, %rax
	sub	%rax, NBLK
	jnz	.Lctr_loop
	bswap	%r10
	bswap	%r11
	mov	%r10, (%r9)
	mov	%r11, 8(%r9)
.Lctr_done:
	RET
SYM_FUNC_END(aesni_ctr)

/*
 * void aesni_xts_enc(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
 *		      size_t nblocks, u8 tweak[16]);
 * void aesni_xts_dec(const u32 *inv_rk, ...)
 *
 * @tweak is the running (already encrypted) tweak; on return it is the
 * tweak of the next block.  The eight tweaks of a round are kept in an
 * aligned stack area (SSE memory operands must be aligned) and wiped at
 * the end.
 */
/* xmm9 = xmm9 * x in GF(2^128), little-endian; xmm12 = poly, xmm11 scratch */
.macro XTS_MUL_X
	pshufd	$0x13, %xmm9, %xmm11
	psrad	$31, %xmm11
	pand	%xmm12, %xmm11
	psllq	$1, %xmm9
	pxor	%xmm11, %xmm9
.endm

.macro XTS op, oplast
	test	NBLK, NBLK
	jz	.Lxts_done\@
	push	%rbp
	mov	%rsp, %rbp
	sub	$128, %rsp
	and	$~15, %rsp
	movdqu	(%r9), %xmm9
	movdqa	.Lxts_poly(%rip), %xmm12
.Lxts_loop\@:
	mov	$8, %r11
	cmp	%r11, NBLK
	cmovb	NBLK, %r11
	LOAD_UPTO8 SRC, %r11
	/* Tweaks for the blocks present; xmm9 ends on the next one. */
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	cmp	$\i, %r11
	jbe	8f
	movdqa	%xmm9, \i * 16(%rsp)
	pxor	%xmm9, %xmm\i
	XTS_MUL_X
	.endr
8:
	XOR_RK0_8
	ROUNDS8	\op, \oplast
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	cmp	$\i, %r11
	jbe	9f
	pxor	\i * 16(%rsp), %xmm\i
	movdqu	%xmm\i, \i * 16(DST)
	.endr
9:
	shl	$4, %r11
	add	%r11, SRC
	add	%r11, DST
	shr	$4, %r11
	sub	%r11, NBLK
	jnz	.Lxts_loop\@
	movdqu	%xmm9, (%r9)
	pxor	%xmm0, %xmm0
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqa	%xmm0, \i * 16(%rsp)
	.endr
	mov	%rbp, %rsp
	pop	%rbp
.Lxts_done\@:
	RET
.endm

SYM_FUNC_START(aesni_xts_enc)
	XTS	aesenc, aesenclast
SYM_FUNC_END(aesni_xts_enc)

SYM_FUNC_START(aesni_xts_dec)
	XTS	aesdec, aesdeclast
SYM_FUNC_END(aesni_xts_dec)

/*
 * void aesni_expandkey(u32 *rk, u32 *inv_rk, const u8 *key, int key_len);
 *
 * FIPS 197 key expansion for 16- and 32-byte keys with AESKEYGENASSIST;
 * @inv_rk (may be NULL) gets the Equivalent Inverse Cipher schedule via
 * AESIMC.  (AES-192 keys are expanded by the generic code.)
 */
#define EK_RK	%rdi
#define EK_INV	%rsi
#define EK_KEY	%rdx

/* xmm\x ^= xmm\x << 32 ^ << 64 ^ << 96 (running XOR of the words); t scratch */
.macro PREFIX_XOR x, t
	movdqa	\x, \t
	pslldq	$4, \t
	pxor	\t, \x
	pslldq	$4, \t
	pxor	\t, \x
	pslldq	$4, \t
	pxor	\t, \x
.endm

/* AES-128 round key i from round key i-1 in xmm1 */
.macro EXPAND128 i, rcon
	aeskeygenassist $\rcon, %xmm1, %xmm2
	pshufd	$0xff, %xmm2, %xmm2		/* RotWord(SubWord(w3)) ^ rcon */
	PREFIX_XOR %xmm1, %xmm3
	pxor	%xmm2, %xmm1
	movdqu	%xmm1, \i * 16(EK_RK)
.endm

/*
 * AES-256: xmm1 = round key 2j-2, xmm4 = round key 2j-1; make 2j and
 * (unless \last) 2j+1.
 */
.macro EXPAND256 j, rcon, last=0
	aeskeygenassist $\rcon, %xmm4, %xmm2
	pshufd	$0xff, %xmm2, %xmm2
	PREFIX_XOR %xmm1, %xmm3
	pxor	%xmm2, %xmm1
	movdqu	%xmm1, (2 * \j) * 16(EK_RK)
.if !\last
	aeskeygenassist $0, %xmm1, %xmm2
	pshufd	$0xaa, %xmm2, %xmm2		/* SubWord(w3) */
	PREFIX_XOR %xmm4, %xmm3
	pxor	%xmm2, %xmm4
	movdqu	%xmm4, (2 * \j + 1) * 16(EK_RK)
.endif
.endm

SYM_FUNC_START(aesni_expandkey)
	movdqu	(EK_KEY), %xmm1
	movdqu	%xmm1, (EK_RK)
	cmp	$32, %ecx
	je	.Lek_256
	EXPAND128 1, 0x01
	EXPAND128 2, 0x02
	EXPAND128 3, 0x04
	EXPAND128 4, 0x08
	EXPAND128 5, 0x10
	EXPAND128 6, 0x20
	EXPAND128 7, 0x40
	EXPAND128 8, 0x80
	EXPAND128 9, 0x1b
	EXPAND128 10, 0x36
	mov	$10, %eax
	jmp	.Lek_inv
.Lek_256:
	movdqu	16(EK_KEY), %xmm4
	movdqu	%xmm4, 16(EK_RK)
	EXPAND256 1, 0x01
	EXPAND256 2, 0x02
	EXPAND256 3, 0x04
	EXPAND256 4, 0x08
	EXPAND256 5, 0x10
	EXPAND256 6, 0x20
	EXPAND256 7, 0x40, 1
	mov	$14, %eax
.Lek_inv:
	test	EK_INV, EK_INV
	jz	.Lek_done
	/* inv[0] = rk[nr], inv[i] = InvMixColumns(rk[nr - i]), inv[nr] = rk[0] */
	mov	%eax, %ecx
	shl	$4, %rcx
	movdqu	(EK_RK, %rcx), %xmm0
	movdqu	%xmm0, (EK_INV)
	movdqu	(EK_RK), %xmm0
	movdqu	%xmm0, (EK_INV, %rcx)
	lea	16(EK_INV), %r8
	lea	-16(EK_RK, %rcx), %r9
	dec	%eax
.Lek_imc:
	movdqu	(%r9), %xmm0
	aesimc	%xmm0, %xmm0
	movdqu	%xmm0, (%r8)
	add	$16, %r8
	sub	$16, %r9
	dec	%eax
	jnz	.Lek_imc
.Lek_done:
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
	pxor	%xmm2, %xmm2
	pxor	%xmm3, %xmm3
	pxor	%xmm4, %xmm4
	RET
SYM_FUNC_END(aesni_expandkey)
