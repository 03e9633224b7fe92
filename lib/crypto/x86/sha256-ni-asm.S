/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-256 block functions using the x86 SHA extensions (SHA-NI)
 *
 *   sha256_ni_transform()     one message, nblocks 64-byte blocks
 *   sha256_ni_transform_2x()  two messages of nblocks blocks each, with the
 *                             two round chains interleaved
 *
 * sha256rnds2 does two rounds.  Its latency is several cycles, but the CPU
 * can start another one long before the first has finished; a single message
 * is one dependent chain of 32 of them per block and leaves that capacity
 * idle.  Interleaving a second, independent message fills it, which is what
 * makes sha256_finup_2x() nearly twice as fast as two sequential hashes.
 *
 * Register conventions of the SHA extensions: the eight working variables
 * live in two registers, ABEF = {A,B,E,F} and CDGH = {C,D,G,H}, the first
 * named variable in the most significant dword; sha256rnds2 reads W[t]+K[t]
 * for its two rounds from the low quadword of %xmm0.
 */

#include <linux/linkage.h>
#include <linux/cfi_types.h>

#define RNDK		%xmm0	/* W+K for sha256rnds2 (implicit operand) */

/*
 * Load struct sha256_block_state (h[0..7] = A..H, native dwords) into ABEF
 * and CDGH order; STORE_STATE is the inverse.  \tmp is clobbered.
 */
.macro LOAD_STATE mem_lo, mem_hi, abef, cdgh, tmp
	movdqu		\mem_lo, \abef		/* dwords 0..3: A B C D */
	movdqu		\mem_hi, \tmp		/* dwords 0..3: E F G H */
	movdqa		\abef, \cdgh
	punpcklqdq	\tmp, \abef		/* A B E F */
	punpckhqdq	\tmp, \cdgh		/* C D G H */
	pshufd		$0x1b, \abef, \abef	/* F E B A: ABEF */
	pshufd		$0x1b, \cdgh, \cdgh	/* H G D C: CDGH */
.endm

.macro STORE_STATE abef, cdgh, tmp, mem_lo, mem_hi
	pshufd		$0x1b, \abef, \abef	/* A B E F */
	pshufd		$0x1b, \cdgh, \cdgh	/* C D G H */
	movdqa		\abef, \tmp
	punpcklqdq	\cdgh, \abef		/* A B C D */
	punpckhqdq	\cdgh, \tmp		/* E F G H */
	movdqu		\abef, \mem_lo
	movdqu		\tmp, \mem_hi
.endm

/*
 * Four message words for round group g (rounds 4g..4g+3) of the first four
 * groups come straight from the input, byte-swapped.
 */
.macro LOAD_WORDS g, data, w, bswap
	movdqu		16*\g(\data), \w
	pshufb		\bswap, \w
.endm

/*
 * Message schedule work done alongside round group g, where
 *   cur  = W[4g..4g+3]
 *   prev = W[4g-4..4g-1]
 *   nxt  = W[4g-12..4g-9] + sigma0(W[4g-11..4g-8]), from sha256msg1 two
 *          groups earlier; it becomes W[4g+4..4g+7] here (groups 3..14)
 * and prev gets its sigma0 term for use two groups later (groups 1..12).
 * W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16]; the W[t-7]
 * term is the dword-shifted concatenation of prev and cur.
 */
.macro SCHEDULE g, cur, nxt, prev, tmp
.if \g >= 3 && \g <= 14
	movdqa		\cur, \tmp
	palignr		$4, \prev, \tmp		/* W[4g-3..4g] */
	paddd		\tmp, \nxt
	sha256msg2	\cur, \nxt
.endif
.if \g >= 1 && \g <= 12
	sha256msg1	\cur, \prev
.endif
.endm

/* Four rounds of one message: two sha256rnds2, two rounds each. */
.macro ROUNDS4 g, w, abef, cdgh
	movdqa		\w, RNDK
	paddd		.Lk256+16*\g(%rip), RNDK
	sha256rnds2	\abef, \cdgh		/* \cdgh now holds ABEF */
	pshufd		$0x0e, RNDK, RNDK	/* W+K of the next two rounds */
	sha256rnds2	\cdgh, \abef		/* and back */
.endm

/*
 * Four rounds of each of two messages.  Each message's W+K is formed in its
 * own temporary so that %xmm0 can be handed from one chain to the other
 * between consecutive sha256rnds2; the moves into %xmm0 are renames.
 */
.macro ROUNDS4_2X g, wa, abef_a, cdgh_a, ka, wb, abef_b, cdgh_b, kb
	movdqa		.Lk256+16*\g(%rip), \ka
	movdqa		\ka, \kb
	paddd		\wa, \ka
	paddd		\wb, \kb
	movdqa		\ka, RNDK
	sha256rnds2	\abef_a, \cdgh_a
	movdqa		\kb, RNDK
	sha256rnds2	\abef_b, \cdgh_b
	pshufd		$0x0e, \ka, RNDK
	sha256rnds2	\cdgh_a, \abef_a
	pshufd		$0x0e, \kb, RNDK
	sha256rnds2	\cdgh_b, \abef_b
.endm

/* ---------------------------------------------------------------------- */

#define STATE		%rdi
#define DATA		%rsi
#define NBLOCKS		%rdx

#define ABEF		%xmm1
#define CDGH		%xmm2
#define W0		%xmm3
#define W1		%xmm4
#define W2		%xmm5
#define W3		%xmm6
#define TMP		%xmm7
#define BSWAP		%xmm8
#define ABEF_IN		%xmm9
#define CDGH_IN		%xmm10

/* One block of one message; the four W registers rotate by group. */
.macro BLOCK_1X
.irp g, 0, 4, 8, 12
.if \g < 4
	LOAD_WORDS	(\g + 0), DATA, W0, BSWAP
.endif
	ROUNDS4		(\g + 0), W0, ABEF, CDGH
	SCHEDULE	(\g + 0), W0, W1, W3, TMP
.if \g < 4
	LOAD_WORDS	(\g + 1), DATA, W1, BSWAP
.endif
	ROUNDS4		(\g + 1), W1, ABEF, CDGH
	SCHEDULE	(\g + 1), W1, W2, W0, TMP
.if \g < 4
	LOAD_WORDS	(\g + 2), DATA, W2, BSWAP
.endif
	ROUNDS4		(\g + 2), W2, ABEF, CDGH
	SCHEDULE	(\g + 2), W2, W3, W1, TMP
.if \g < 4
	LOAD_WORDS	(\g + 3), DATA, W3, BSWAP
.endif
	ROUNDS4		(\g + 3), W3, ABEF, CDGH
	SCHEDULE	(\g + 3), W3, W0, W2, TMP
.endr
.endm

/*
 * void sha256_ni_transform(struct sha256_block_state *state,
 *			    const u8 *data, size_t nblocks);
 *
 * Compress nblocks (possibly 0) whole blocks into *state.
 */
.text
SYM_FUNC_START(sha256_ni_transform)
	test		NBLOCKS, NBLOCKS
	jz		.Ldone_1x
	LOAD_STATE	0(STATE), 16(STATE), ABEF, CDGH, TMP
	movdqa		.Lbswap32(%rip), BSWAP
.Lblock_1x:
	movdqa		ABEF, ABEF_IN
	movdqa		CDGH, CDGH_IN
	BLOCK_1X
	paddd		ABEF_IN, ABEF
	paddd		CDGH_IN, CDGH
	add		$64, DATA
	dec		NBLOCKS
	jnz		.Lblock_1x
	STORE_STATE	ABEF, CDGH, TMP, 0(STATE), 16(STATE)
.Ldone_1x:
	RET
SYM_FUNC_END(sha256_ni_transform)

#undef STATE
#undef DATA
#undef NBLOCKS
#undef ABEF
#undef CDGH
#undef W0
#undef W1
#undef W2
#undef W3
#undef TMP
#undef BSWAP
#undef ABEF_IN
#undef CDGH_IN

/* ---------------------------------------------------------------------- */

#define STATES		%rdi	/* struct sha256_block_state[2] */
#define DATA_A		%rsi
#define DATA_B		%rdx
#define NBLOCKS		%rcx

#define ABEF_A		%xmm1
#define CDGH_A		%xmm2
#define WA0		%xmm3
#define WA1		%xmm4
#define WA2		%xmm5
#define WA3		%xmm6
#define ABEF_B		%xmm7
#define CDGH_B		%xmm8
#define WB0		%xmm9
#define WB1		%xmm10
#define WB2		%xmm11
#define WB3		%xmm12
#define TA		%xmm13
#define TB		%xmm14
#define BSWAP		%xmm15

/*
 * The states at the start of the block, for the final addition, are kept in
 * a 64-byte aligned stack frame: every xmm register is in use.
 */
#define IN_ABEF_A	0(%rsp)
#define IN_CDGH_A	16(%rsp)
#define IN_ABEF_B	32(%rsp)
#define IN_CDGH_B	48(%rsp)

/*
 * The schedule work of a group is issued before its rounds: the next group's
 * words are then ready a whole group ahead, and the sha256msg1/2 never hold
 * up a round chain when the two chains keep the SHA unit busy.  (With the
 * schedule after the rounds the 2-way code ran measurably slower on Zen 4;
 * the 1-way code is bound by the round latency and does not care.)
 */
.macro GROUP_2X g, wa, wa_nxt, wa_prev, wb, wb_nxt, wb_prev
.if \g < 4
	LOAD_WORDS	\g, DATA_A, \wa, BSWAP
	LOAD_WORDS	\g, DATA_B, \wb, BSWAP
.endif
	SCHEDULE	\g, \wa, \wa_nxt, \wa_prev, TA
	SCHEDULE	\g, \wb, \wb_nxt, \wb_prev, TB
	ROUNDS4_2X	\g, \wa, ABEF_A, CDGH_A, TA, \wb, ABEF_B, CDGH_B, TB
.endm

.macro BLOCK_2X
.irp g, 0, 4, 8, 12
	GROUP_2X	(\g + 0), WA0, WA1, WA3, WB0, WB1, WB3
	GROUP_2X	(\g + 1), WA1, WA2, WA0, WB1, WB2, WB0
	GROUP_2X	(\g + 2), WA2, WA3, WA1, WB2, WB3, WB1
	GROUP_2X	(\g + 3), WA3, WA0, WA2, WB3, WB0, WB2
.endr
.endm

/*
 * void sha256_ni_transform_2x(struct sha256_block_state states[2],
 *			       const u8 *data1, const u8 *data2,
 *			       size_t nblocks);
 *
 * Compress nblocks (possibly 0) blocks of data1 into states[0] and as many
 * of data2 into states[1].
 */
SYM_TYPED_FUNC_START(sha256_ni_transform_2x)
	test		NBLOCKS, NBLOCKS
	jz		.Ldone_2x
	push		%rbp
	mov		%rsp, %rbp
	sub		$64, %rsp
	and		$~15, %rsp
	LOAD_STATE	0(STATES), 16(STATES), ABEF_A, CDGH_A, TA
	LOAD_STATE	32(STATES), 48(STATES), ABEF_B, CDGH_B, TB
	movdqa		.Lbswap32(%rip), BSWAP
.Lblock_2x:
	movdqa		ABEF_A, IN_ABEF_A
	movdqa		CDGH_A, IN_CDGH_A
	movdqa		ABEF_B, IN_ABEF_B
	movdqa		CDGH_B, IN_CDGH_B
	BLOCK_2X
	paddd		IN_ABEF_A, ABEF_A
	paddd		IN_CDGH_A, CDGH_A
	paddd		IN_ABEF_B, ABEF_B
	paddd		IN_CDGH_B, CDGH_B
	add		$64, DATA_A
	add		$64, DATA_B
	dec		NBLOCKS
	jnz		.Lblock_2x
	STORE_STATE	ABEF_A, CDGH_A, TA, 0(STATES), 16(STATES)
	STORE_STATE	ABEF_B, CDGH_B, TB, 32(STATES), 48(STATES)
	mov		%rbp, %rsp
	pop		%rbp
.Ldone_2x:
	RET
SYM_FUNC_END(sha256_ni_transform_2x)

.section .rodata.cst256.sha256_ni_k, "aM", @progbits, 256
.balign 64
/* FIPS 180-4 section 4.2.2 */
.Lk256:
	.long	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.long	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.long	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.long	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.long	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.long	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.long	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.long	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.long	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.long	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.long	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.long	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.long	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.long	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.long	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.long	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2

/* pshufb mask: byte-swap each dword (the message is big-endian) */
.section .rodata.cst16.sha256_ni_bswap32, "aM", @progbits, 16
.balign 16
.Lbswap32:
	.byte	3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
