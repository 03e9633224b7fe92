/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-1 block function for x86_64 with the SHA extensions (SHA-NI).
 *
 * SHA-1 is for legacy compatibility only; this exists because legacy
 * protocols still hash bulk data with it.
 *
 * sha1rnds4 runs four rounds on ABCD, taking E plus the four message words
 * in one register; sha1nexte derives the next E from the ABCD saved before
 * the previous four rounds and adds the next message words to it.
 * sha1msg1, pxor and sha1msg2 compute the message schedule four words at
 * a time, three groups ahead of their use.
 *
 * void sha1_ni_blocks(struct sha1_block_state *state, const u8 *data,
 *		       size_t nblocks);
 *
 * The caller owns the vector unit (kernel_fpu_begin() in the kernel).
 */
#include <linux/linkage.h>

#define STATE		%rdi
#define DATA		%rsi
#define END		%rdx

#define ABCD		%xmm0	/* a in the high dword, d in the low one */
#define E0		%xmm1	/* E (+ message words) in the high dword */
#define E1		%xmm2
#define M0		%xmm3	/* message words, W[t] in the high dword */
#define M1		%xmm4
#define M2		%xmm5
#define M3		%xmm6
#define BSWAP		%xmm7
#define ABCD_SAVE	%xmm8
#define E_SAVE		%xmm9

	.section .rodata, "a"
	.p2align 4
/* Reverse all 16 bytes: big-endian words, W[t] ends up in the top dword */
.Lbswap128:
	.octa	0x000102030405060708090a0b0c0d0e0f

	.text

/*
 * Rounds 4g..4g+3.  \mc holds W[4g..4g+3]; \mp1, \mp2, \mp3 hold the
 * schedule quads of groups g-1, g-2 and g-3 (g-3 = g+1 mod 4, the one
 * finished here for the next group).  \ec is this group's E register,
 * holding the ABCD saved before the previous group; \en receives ABCD.
 */
.macro GROUP4 g, mc, mp1, mp2, mp3, ec, en
.if (\g) == 0
	paddd		\mc, \ec
.else
	sha1nexte	\mc, \ec
.endif
	movdqa		ABCD, \en
.if (\g) >= 3 && (\g) <= 18
	sha1msg2	\mc, \mp3	/* W[4g+4..4g+7] done */
.endif
	sha1rnds4	$((\g) / 5), \ec, ABCD
.if (\g) >= 1 && (\g) <= 16
	sha1msg1	\mc, \mp1	/* start W[4g+12..4g+15] */
.endif
.if (\g) >= 2 && (\g) <= 17
	pxor		\mc, \mp2	/* W[4g+8..4g+11]: ^ W[t-8] */
.endif
.endm

SYM_FUNC_START(sha1_ni_blocks)
	test		%rdx, %rdx
	jz		.Ldone
	shl		$6, END
	add		DATA, END

	movdqu		(STATE), ABCD
	pshufd		$0x1b, ABCD, ABCD
	movd		16(STATE), E0
	pslldq		$12, E0
	movdqa		.Lbswap128(%rip), BSWAP

.Lblock:
	movdqa		ABCD, ABCD_SAVE
	movdqa		E0, E_SAVE
	movdqu		0*16(DATA), M0
	movdqu		1*16(DATA), M1
	movdqu		2*16(DATA), M2
	movdqu		3*16(DATA), M3
	pshufb		BSWAP, M0
	pshufb		BSWAP, M1
	pshufb		BSWAP, M2
	pshufb		BSWAP, M3

.irp g, 0, 4, 8, 12, 16
	GROUP4		\g + 0, M0, M3, M2, M1, E0, E1
	GROUP4		\g + 1, M1, M0, M3, M2, E1, E0
	GROUP4		\g + 2, M2, M1, M0, M3, E0, E1
	GROUP4		\g + 3, M3, M2, M1, M0, E1, E0
.endr

	/* E0 holds ABCD from before the last group: the final E. */
	sha1nexte	E_SAVE, E0
	paddd		ABCD_SAVE, ABCD

	add		$64, DATA
	cmp		END, DATA
	jne		.Lblock

	pshufd		$0x1b, ABCD, ABCD
	movdqu		ABCD, (STATE)
	psrldq		$12, E0
	movd		E0, 16(STATE)
.Ldone:
	RET
SYM_FUNC_END(sha1_ni_blocks)
