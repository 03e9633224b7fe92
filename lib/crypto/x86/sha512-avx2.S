/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-512 block function for x86_64 with AVX2 and BMI2.
 *
 * The 80 rounds run in general-purpose registers; BMI2's rorx gives the
 * rotations of Sigma0/Sigma1 without a copy and without touching the flags.
 * The message schedule runs beside them in ymm registers: while the rounds
 * of one 16-round group consume W[t]+K[t] from a stack array, the vector
 * unit computes the next sixteen W[t]+K[t] into it.  An out-of-order core
 * overlaps the two streams.
 *
 * Blocks go two at a time: the low 128-bit lane of each schedule register
 * holds two words of block i, the high lane the same two words of block
 * i+1.  vpalignr and the shifts work within lanes, so every vector
 * instruction computes both blocks' words and no step needs a cross-lane
 * move; W[t] and W[t+1] do not depend on each other, so sigma1 runs once
 * per two words.  The rounds of block i run beside that schedule (each
 * two words' sigma0 half before one round, the sigma1 half before the
 * next, so the vector instructions are spread among the scalar ones); the
 * rounds of block i+1 then consume their W[t]+K[t], already on the stack,
 * with no vector work at all.  K is read from a copy of the table with
 * each pair of words twice, one row for both blocks.  An odd last block goes through the
 * one-block code, whose schedule keeps four words of one block per
 * register.
 *
 * void sha512_blocks_avx2(struct sha512_block_state *state,
 *			   const u8 *data, size_t nblocks);
 * void sha512_blocks_avx512vl(struct sha512_block_state *state,
 *			       const u8 *data, size_t nblocks);
 *
 * The second is the same code with the schedule's sigma0/sigma1 done with
 * the AVX-512VL rotates (vprorq) and three-way XOR (vpternlogq) on ymm
 * registers: fewer instructions beside the rounds.
 *
 * The caller owns the vector unit (kernel_fpu_begin() in the kernel).
 */
#include <linux/linkage.h>

/* Working variables a..h, and two registers carrying a^b between rounds */
#define A	%rax
#define B	%rbx
#define C	%rcx
#define D	%r8
#define E	%rdx
#define F	%r9
#define G	%r10
#define H	%r11
#define T0	%r12
#define T1	%r13
#define XAB0	%r14
#define XAB1	%r15

/* During the rounds: pointers to K[t] and to the W[t]+K[t] array */
#define KPTR	%rdi
#define WKPTR	%rsi

/* One-block message schedule: X0..X3 hold W[t-16..t-1], four words each */
#define X0	%ymm0
#define X1	%ymm1
#define X2	%ymm2
#define X3	%ymm3
#define V0	%ymm4
#define V1	%ymm5
#define V2	%ymm6
#define V3	%ymm7
#define V4	%ymm9		/* AVX-512VL variant only */
#define BSWAP	%ymm8
#define ROR8	%ymm14		/* AVX2 variant only */

/*
 * Two-block message schedule: Y0..Y7 hold W[t-16..t-1] of both blocks, two
 * words of each per register (the order above); P* are its temporaries.
 */
#define Y0	%ymm0
#define Y1	%ymm1
#define Y2	%ymm2
#define Y3	%ymm3
#define Y4	%ymm4
#define Y5	%ymm5
#define Y6	%ymm6
#define Y7	%ymm7
#define PA	%ymm9
#define PB	%ymm10
#define PS	%ymm11
#define PT1	%ymm12
#define PT2	%ymm13		/* AVX-512VL variant only */

/*
 * Stack frame, 32-byte aligned.  The two-block code keeps W[t]+K[t] as
 * 40 rows of 32 bytes: row t/2 holds t and t+1 of block i, then of block
 * i+1.  The one-block code uses the first 640 bytes as u64 W[t]+K[t].
 */
#define WK_OFF		0
#define WK_SIZE		1280
#define NEXT_OFF	1280		/* next input block */
#define END_OFF		1288		/* end of input */
#define STATE_OFF	1296		/* the state pointer */
#define WIPE_OFF	1304		/* bytes of W+K to clear at the end */
#define FRAME_SIZE	1312

	.section .rodata, "a"
	.p2align 5
/* vpshufb mask turning each big-endian 64-bit word into a native one */
.Lbswap64:
	.octa	0x08090a0b0c0d0e0f0001020304050607
	.octa	0x08090a0b0c0d0e0f0001020304050607

/* vpshufb mask rotating each 64-bit word right by 8 bits (sigma0) */
.Lror8:
	.octa	0x080f0e0d0c0b0a090007060504030201
	.octa	0x080f0e0d0c0b0a090007060504030201

/* K[0..79], FIPS 180-4 section 4.2.3, two words a line */
.macro K512_TABLE
	K2	0x428a2f98d728ae22, 0x7137449123ef65cd
	K2	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	K2	0x3956c25bf348b538, 0x59f111f1b605d019
	K2	0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	K2	0xd807aa98a3030242, 0x12835b0145706fbe
	K2	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	K2	0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	K2	0x9bdc06a725c71235, 0xc19bf174cf692694
	K2	0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	K2	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	K2	0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	K2	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	K2	0x983e5152ee66dfab, 0xa831c66d2db43210
	K2	0xb00327c898fb213f, 0xbf597fc7beef0ee4
	K2	0xc6e00bf33da88fc2, 0xd5a79147930aa725
	K2	0x06ca6351e003826f, 0x142929670a0e6e70
	K2	0x27b70a8546d22ffc, 0x2e1b21385c26c926
	K2	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	K2	0x650a73548baf63de, 0x766a0abb3c77b2a8
	K2	0x81c2c92e47edaee6, 0x92722c851482353b
	K2	0xa2bfe8a14cf10364, 0xa81a664bbc423001
	K2	0xc24b8b70d0f89791, 0xc76c51a30654be30
	K2	0xd192e819d6ef5218, 0xd69906245565a910
	K2	0xf40e35855771202a, 0x106aa07032bbd1b8
	K2	0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	K2	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	K2	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	K2	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	K2	0x748f82ee5defb2fc, 0x78a5636f43172f60
	K2	0x84c87814a1f0ab72, 0x8cc702081a6439ec
	K2	0x90befffa23631e28, 0xa4506cebde82bde9
	K2	0xbef9a3f7b2c67915, 0xc67178f2e372532b
	K2	0xca273eceea26619c, 0xd186b8c721c0c207
	K2	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	K2	0x06f067aa72176fba, 0x0a637dc5a2c898a6
	K2	0x113f9804bef90dae, 0x1b710b35131c471b
	K2	0x28db77f523047d84, 0x32caab7b40c72493
	K2	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	K2	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	K2	0x5fcb6fab3ad6faec, 0x6c44198c4a475817
.endm

/* K[t], K[t+1] as one row */
.macro K2 k0, k1
	.quad	\k0, \k1
.endm
.Lk512:
	K512_TABLE
.Lk512_end:
.purgem K2

/*
 * The same table with each pair twice, for the two-block schedule: row t/2
 * is K[t], K[t+1], K[t], K[t+1], added to both blocks' words at once.
 */
.macro K2 k0, k1
	.quad	\k0, \k1, \k0, \k1
.endm
.Lk512x2:
	K512_TABLE
.Lk512x2_end:
.purgem K2

	.text

/*
 * One round.  On entry \bc holds b^c (the previous round's a^b); on exit
 * \ab holds a^b for the next round, whose b^c it is, and \bc is free.
 *
 *	T1 = h + Sigma1(e) + Ch(e, f, g) + W[t] + K[t]
 *	T2 = Sigma0(a) + Maj(a, b, c),  Maj = ((a ^ b) & (b ^ c)) ^ b
 *	d += T1;  h = T1 + T2	(the names then rotate by one)
 *
 * Twenty-two ALU operations and two register moves: the rounds are bound
 * by the integer ALUs more than by their dependency chains (five steps
 * from e to the new e: Sigma1 in three, then h and d), so each add
 * counts.  \ab is free until a^b is computed and holds Ch(e, f, g)
 * before that; T2 is summed apart and added to h once.
 */
.macro ROUND a, b, c, d, e, f, g, h, wk, ab, bc
	add	\wk(WKPTR), \h
	mov	\f, \ab
	rorx	$14, \e, T0
	xor	\g, \ab
	rorx	$18, \e, T1
	and	\e, \ab
	xor	T1, T0
	rorx	$41, \e, T1
	xor	\g, \ab			/* Ch(e, f, g) */
	xor	T1, T0			/* Sigma1(e) */
	add	\ab, \h
	add	T0, \h			/* T1 */
	add	\h, \d			/* d + T1 */
	mov	\a, \ab
	rorx	$28, \a, T0
	xor	\b, \ab
	rorx	$34, \a, T1
	and	\ab, \bc
	xor	T1, T0
	rorx	$39, \a, T1
	xor	\b, \bc			/* Maj(a, b, c) */
	xor	T1, T0			/* Sigma0(a) */
	add	T0, \bc			/* T2 */
	add	\bc, \h
.endm

/* Four rounds starting at round (\r mod 16) of the current group */
.macro ROUNDS4 r
.if (\r % 8) == 0
	ROUND	A, B, C, D, E, F, G, H, (\r+0)*8, XAB0, XAB1
	ROUND	H, A, B, C, D, E, F, G, (\r+1)*8, XAB1, XAB0
	ROUND	G, H, A, B, C, D, E, F, (\r+2)*8, XAB0, XAB1
	ROUND	F, G, H, A, B, C, D, E, (\r+3)*8, XAB1, XAB0
.else
	ROUND	E, F, G, H, A, B, C, D, (\r+0)*8, XAB0, XAB1
	ROUND	D, E, F, G, H, A, B, C, (\r+1)*8, XAB1, XAB0
	ROUND	C, D, E, F, G, H, A, B, (\r+2)*8, XAB0, XAB1
	ROUND	B, C, D, E, F, G, H, A, (\r+3)*8, XAB1, XAB0
.endif
.endm

/*
 * Two rounds of one block of a pair: rounds \r and \r+1 (\r even, taken
 * mod 8 for the register names) read row \r/2 of the two-block array,
 * whose block WKPTR already selects.  \n selects round \r only (0),
 * round \r+1 only (1) or both (2).
 */
.macro ROUNDS2 r, n=2
.if (\r % 8) == 0
	ROUND1	\n, 0, A, B, C, D, E, F, G, H, (\r/2)*32, XAB0, XAB1
	ROUND1	\n, 1, H, A, B, C, D, E, F, G, (\r/2)*32+8, XAB1, XAB0
.elseif (\r % 8) == 2
	ROUND1	\n, 0, G, H, A, B, C, D, E, F, (\r/2)*32, XAB0, XAB1
	ROUND1	\n, 1, F, G, H, A, B, C, D, E, (\r/2)*32+8, XAB1, XAB0
.elseif (\r % 8) == 4
	ROUND1	\n, 0, E, F, G, H, A, B, C, D, (\r/2)*32, XAB0, XAB1
	ROUND1	\n, 1, D, E, F, G, H, A, B, C, (\r/2)*32+8, XAB1, XAB0
.else
	ROUND1	\n, 0, C, D, E, F, G, H, A, B, (\r/2)*32, XAB0, XAB1
	ROUND1	\n, 1, B, C, D, E, F, G, H, A, (\r/2)*32+8, XAB1, XAB0
.endif
.endm

/* ROUND when \n selects \i (see ROUNDS2) */
.macro ROUND1 n, i, a, b, c, d, e, f, g, h, wk, ab, bc
.if \n == 2 || \n == \i
	ROUND	\a, \b, \c, \d, \e, \f, \g, \h, \wk, \ab, \bc
.endif
.endm

/* Sixteen rounds of one block of a pair, from the row WKPTR points to */
.macro ROUNDS16_PAIR
	ROUNDS2	0
	ROUNDS2	2
	ROUNDS2	4
	ROUNDS2	6
	ROUNDS2	8
	ROUNDS2	10
	ROUNDS2	12
	ROUNDS2	14
.endm

/*
 * \dst = ror(\src, \r1) ^ ror(\src, \r2) ^ (\src >> \sh) on each 64-bit
 * lane: sigma0 is (1, 8, 7), sigma1 (19, 61, 6); \t1 and \t2 are
 * clobbered.  With AVX-512VL (\vl) the rotates are one instruction each
 * and vpternlogq takes the three-way XOR.  Without it, a rotate by 8 is a
 * byte shuffle (ROR8), one instruction instead of two shifts and an XOR.
 */
.macro SSIG src, dst, r1, r2, sh, vl, t1=V3, t2=V4
.if \vl
	vprorq	$\r1, \src, \dst
	vprorq	$\r2, \src, \t1
	vpsrlq	$\sh, \src, \t2
	vpternlogq $0x96, \t2, \t1, \dst
.else
.if \r2 == 8
	vpshufb	ROR8, \src, \dst
.else
	vpsrlq	$\r2, \src, \dst
	vpsllq	$(64 - \r2), \src, \t1
	vpxor	\t1, \dst, \dst
.endif
	vpsrlq	$\r1, \src, \t1
	vpxor	\t1, \dst, \dst
	vpsllq	$(64 - \r1), \src, \t1
	vpxor	\t1, \dst, \dst
	vpsrlq	$\sh, \src, \t1
	vpxor	\t1, \dst, \dst
.endif
.endm

/*
 * Two schedule words of both blocks: on entry \y0..\y7 hold W[t-16..t-1]
 * (t even); on exit \y0 holds W[t], W[t+1] of each block, and their
 * W+K is stored at row \row of the array at WKPTR, with the row
 * K[t], K[t+1], K[t], K[t+1] at \koff(KPTR).
 *
 *	W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16]
 *
 * and W[t+1] the same one word on, which needs nothing from W[t].
 */
.macro SCHED2X2 y0, y1, y4, y5, y7, koff, row, vl, n=2
.if \n != 1
	vpalignr $8, \y0, \y1, PA		/* W[t-15], W[t-14] */
	vpalignr $8, \y4, \y5, PB		/* W[t-7], W[t-6] */
	vpaddq	PB, \y0, \y0
	SSIG	PA, PS, 1, 8, 7, \vl, PT1, PT2
	vpaddq	PS, \y0, \y0
.endif
.if \n != 0
	SSIG	\y7, PS, 19, 61, 6, \vl, PT1, PT2
	vpaddq	PS, \y0, \y0
	vpaddq	\koff(KPTR), \y0, PA
	vmovdqa	PA, (\row)*32(WKPTR)
.endif
.endm

/*
 * One 16-round group of block i with the schedule of the next group of
 * both blocks beside it: W[t] for t = 16..31 past the group's first round,
 * one SCHED2X2 per two rounds.
 */
.macro GROUP_PAIR vl
	SCHED2X2 Y0, Y1, Y4, Y5, Y7, 256 + 0*32, 8 + 0, \vl, 0
	ROUNDS2	0, 0
	SCHED2X2 Y0, Y1, Y4, Y5, Y7, 256 + 0*32, 8 + 0, \vl, 1
	ROUNDS2	0, 1
	SCHED2X2 Y1, Y2, Y5, Y6, Y0, 256 + 1*32, 8 + 1, \vl, 0
	ROUNDS2	2, 0
	SCHED2X2 Y1, Y2, Y5, Y6, Y0, 256 + 1*32, 8 + 1, \vl, 1
	ROUNDS2	2, 1
	SCHED2X2 Y2, Y3, Y6, Y7, Y1, 256 + 2*32, 8 + 2, \vl, 0
	ROUNDS2	4, 0
	SCHED2X2 Y2, Y3, Y6, Y7, Y1, 256 + 2*32, 8 + 2, \vl, 1
	ROUNDS2	4, 1
	SCHED2X2 Y3, Y4, Y7, Y0, Y2, 256 + 3*32, 8 + 3, \vl, 0
	ROUNDS2	6, 0
	SCHED2X2 Y3, Y4, Y7, Y0, Y2, 256 + 3*32, 8 + 3, \vl, 1
	ROUNDS2	6, 1
	SCHED2X2 Y4, Y5, Y0, Y1, Y3, 256 + 4*32, 8 + 4, \vl, 0
	ROUNDS2	8, 0
	SCHED2X2 Y4, Y5, Y0, Y1, Y3, 256 + 4*32, 8 + 4, \vl, 1
	ROUNDS2	8, 1
	SCHED2X2 Y5, Y6, Y1, Y2, Y4, 256 + 5*32, 8 + 5, \vl, 0
	ROUNDS2	10, 0
	SCHED2X2 Y5, Y6, Y1, Y2, Y4, 256 + 5*32, 8 + 5, \vl, 1
	ROUNDS2	10, 1
	SCHED2X2 Y6, Y7, Y2, Y3, Y5, 256 + 6*32, 8 + 6, \vl, 0
	ROUNDS2	12, 0
	SCHED2X2 Y6, Y7, Y2, Y3, Y5, 256 + 6*32, 8 + 6, \vl, 1
	ROUNDS2	12, 1
	SCHED2X2 Y7, Y0, Y3, Y4, Y6, 256 + 7*32, 8 + 7, \vl, 0
	ROUNDS2	14, 0
	SCHED2X2 Y7, Y0, Y3, Y4, Y6, 256 + 7*32, 8 + 7, \vl, 1
	ROUNDS2	14, 1
.endm

/* state += a..h, in memory and in the registers */
.macro ADD_STATE
	mov	STATE_OFF(%rsp), T0
	add	0*8(T0), A
	mov	A, 0*8(T0)
	add	1*8(T0), B
	mov	B, 1*8(T0)
	add	2*8(T0), C
	mov	C, 2*8(T0)
	add	3*8(T0), D
	mov	D, 3*8(T0)
	add	4*8(T0), E
	mov	E, 4*8(T0)
	add	5*8(T0), F
	mov	F, 5*8(T0)
	add	6*8(T0), G
	mov	G, 6*8(T0)
	add	7*8(T0), H
	mov	H, 7*8(T0)
.endm

/*
 * Four schedule words: on entry \x0..\x3 hold W[t-16..t-1]; on exit \x0
 * holds W[t..t+3], and W[t..t+3]+K[t..t+3] is stored at \off(WKPTR), with
 * K[t] at \off(KPTR).
 *
 *	W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16]
 *
 * W[t+2] and W[t+3] need sigma1 of W[t] and W[t+1], so sigma1 runs twice,
 * on two lanes at a time.
 */
.macro SCHED4 x0, x1, x2, x3, off, vl
	vperm2i128 $0x21, \x1, \x0, V0	/* W[t-14..t-11] */
	vpalignr $8, \x0, V0, V0	/* W[t-15..t-12] */
	vperm2i128 $0x21, \x3, \x2, V1	/* W[t-6..t-3] */
	vpalignr $8, \x2, V1, V1	/* W[t-7..t-4] */
	vpaddq	V1, \x0, \x0
	SSIG	V0, V2, 1, 8, 7, \vl
	vpaddq	V2, \x0, \x0
	vperm2i128 $0x81, \x3, \x3, V0	/* W[t-2], W[t-1], 0, 0 */
	SSIG	V0, V2, 19, 61, 6, \vl
	vpaddq	V2, \x0, \x0		/* W[t], W[t+1] final */
	vperm2i128 $0x08, \x0, \x0, V0	/* 0, 0, W[t], W[t+1] */
	SSIG	V0, V2, 19, 61, 6, \vl
	vpaddq	V2, \x0, \x0		/* W[t+2], W[t+3] final */
	vpaddq	\off(KPTR), \x0, V0
	vmovdqa	V0, \off(WKPTR)
.endm

.macro SHA512_BLOCKS name, vl
SYM_FUNC_START(\name)
	test	%rdx, %rdx
	jz	.Lno_blocks_\vl

	push	%rbp
	mov	%rsp, %rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$FRAME_SIZE, %rsp
	and	$-32, %rsp

	shl	$7, %rdx
	add	%rsi, %rdx
	mov	%rdx, END_OFF(%rsp)
	mov	%rdi, STATE_OFF(%rsp)
	mov	%rsi, NEXT_OFF(%rsp)
	movq	$640, WIPE_OFF(%rsp)

	mov	0*8(%rdi), A
	mov	1*8(%rdi), B
	mov	2*8(%rdi), C
	mov	3*8(%rdi), D
	mov	4*8(%rdi), E
	mov	5*8(%rdi), F
	mov	6*8(%rdi), G
	mov	7*8(%rdi), H
	vmovdqa	.Lbswap64(%rip), BSWAP
.if !\vl
	vmovdqa	.Lror8(%rip), ROR8
.endif

	/* Two blocks at a time while at least two are left */
.Lpair_\vl:
	mov	END_OFF(%rsp), T0
	sub	NEXT_OFF(%rsp), T0
	cmp	$256, T0
	jb	.Ltail_\vl

	mov	NEXT_OFF(%rsp), WKPTR
	vmovdqu	0*16(WKPTR), %xmm0
	vmovdqu	1*16(WKPTR), %xmm1
	vmovdqu	2*16(WKPTR), %xmm2
	vmovdqu	3*16(WKPTR), %xmm3
	vmovdqu	4*16(WKPTR), %xmm4
	vmovdqu	5*16(WKPTR), %xmm5
	vmovdqu	6*16(WKPTR), %xmm6
	vmovdqu	7*16(WKPTR), %xmm7
	vinserti128 $1, 128 + 0*16(WKPTR), Y0, Y0
	vinserti128 $1, 128 + 1*16(WKPTR), Y1, Y1
	vinserti128 $1, 128 + 2*16(WKPTR), Y2, Y2
	vinserti128 $1, 128 + 3*16(WKPTR), Y3, Y3
	vinserti128 $1, 128 + 4*16(WKPTR), Y4, Y4
	vinserti128 $1, 128 + 5*16(WKPTR), Y5, Y5
	vinserti128 $1, 128 + 6*16(WKPTR), Y6, Y6
	vinserti128 $1, 128 + 7*16(WKPTR), Y7, Y7
	add	$256, WKPTR
	mov	WKPTR, NEXT_OFF(%rsp)
	movq	$WK_SIZE, WIPE_OFF(%rsp)
	vpshufb	BSWAP, Y0, Y0
	vpshufb	BSWAP, Y1, Y1
	vpshufb	BSWAP, Y2, Y2
	vpshufb	BSWAP, Y3, Y3
	vpshufb	BSWAP, Y4, Y4
	vpshufb	BSWAP, Y5, Y5
	vpshufb	BSWAP, Y6, Y6
	vpshufb	BSWAP, Y7, Y7

	lea	.Lk512x2(%rip), KPTR
	lea	WK_OFF(%rsp), WKPTR
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	vpaddq	\i*32(KPTR), %ymm\i, PA	/* Y\i */
	vmovdqa	PA, \i*32(WKPTR)
.endr

	/* Block i, rounds 0..63, computing W[16..79] of both on the side */
	mov	B, XAB1
	xor	C, XAB1
.Lpair_group_\vl:
	GROUP_PAIR \vl
	add	$256, KPTR
	add	$256, WKPTR
	lea	.Lk512x2_end - 256(%rip), T0
	cmp	T0, KPTR
	jne	.Lpair_group_\vl

	/* Block i, rounds 64..79 */
	ROUNDS16_PAIR
	ADD_STATE

	/* Block i+1: its W+K are the second half of every row */
	lea	WK_OFF + 16(%rsp), WKPTR
	mov	B, XAB1
	xor	C, XAB1
.Lpair_second_\vl:
	ROUNDS16_PAIR
	add	$256, WKPTR
	lea	WK_OFF + 16 + WK_SIZE(%rsp), T0
	cmp	T0, WKPTR
	jne	.Lpair_second_\vl
	ADD_STATE
	jmp	.Lpair_\vl

	/* At most one block left: the one-block code */
.Ltail_\vl:
	test	T0, T0
	jz	.Ldone_\vl

.Lblock_\vl:
	mov	NEXT_OFF(%rsp), WKPTR
	vmovdqu	0*32(WKPTR), X0
	vmovdqu	1*32(WKPTR), X1
	vmovdqu	2*32(WKPTR), X2
	vmovdqu	3*32(WKPTR), X3
	add	$128, WKPTR
	mov	WKPTR, NEXT_OFF(%rsp)
	vpshufb	BSWAP, X0, X0
	vpshufb	BSWAP, X1, X1
	vpshufb	BSWAP, X2, X2
	vpshufb	BSWAP, X3, X3

	lea	.Lk512(%rip), KPTR
	lea	WK_OFF(%rsp), WKPTR
	vpaddq	0*32(KPTR), X0, V0
	vmovdqa	V0, 0*32(WKPTR)
	vpaddq	1*32(KPTR), X1, V0
	vmovdqa	V0, 1*32(WKPTR)
	vpaddq	2*32(KPTR), X2, V0
	vmovdqa	V0, 2*32(WKPTR)
	vpaddq	3*32(KPTR), X3, V0
	vmovdqa	V0, 3*32(WKPTR)

	mov	B, XAB1
	xor	C, XAB1

	/* Rounds 0..63, computing W[16..79] on the side */
.Lgroup_\vl:
	SCHED4	X0, X1, X2, X3, 128 + 0*32, \vl
	ROUNDS4	0
	SCHED4	X1, X2, X3, X0, 128 + 1*32, \vl
	ROUNDS4	4
	SCHED4	X2, X3, X0, X1, 128 + 2*32, \vl
	ROUNDS4	8
	SCHED4	X3, X0, X1, X2, 128 + 3*32, \vl
	ROUNDS4	12
	add	$128, KPTR
	add	$128, WKPTR
	lea	.Lk512_end - 128(%rip), T0
	cmp	T0, KPTR
	jne	.Lgroup_\vl

	/* Rounds 64..79 */
	ROUNDS4	0
	ROUNDS4	4
	ROUNDS4	8
	ROUNDS4	12

	ADD_STATE

	mov	NEXT_OFF(%rsp), T0
	cmp	END_OFF(%rsp), T0
	jne	.Lblock_\vl

.Ldone_\vl:
	/*
	 * Leave no message schedule behind on the stack: the one-block
	 * array only, when no pair ran (a short message: the wipe is a
	 * measurable part of its cost).
	 */
	vpxor	V0, V0, V0
	lea	WK_OFF(%rsp), WKPTR
	mov	WIPE_OFF(%rsp), T0
	shr	$5, T0
.Lwipe_\vl:
	vmovdqa	V0, (WKPTR)
	add	$32, WKPTR
	dec	T0
	jnz	.Lwipe_\vl
	vzeroupper

	lea	-5*8(%rbp), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
.Lno_blocks_\vl:
	RET
SYM_FUNC_END(\name)
.endm

SHA512_BLOCKS sha512_blocks_avx2, 0
SHA512_BLOCKS sha512_blocks_avx512vl, 1
