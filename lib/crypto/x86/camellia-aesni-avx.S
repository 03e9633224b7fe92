/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Camellia with AES-NI and AVX (VAES and AVX2, GFNI), in constant time
 * (no table indexed by key or data).
 *
 * Camellia's SBOX1 is affine-equivalent to inversion in GF(2^8), and so to
 * the AES S-box: SBOX1(x) = B(SubBytes(A(x))) with A and B affine maps
 * over GF(2).  An affine map of a byte is the XOR of two 16-entry tables,
 * one indexed by each nibble, which vpshufb looks up for 16 bytes at once
 * (the index is data, the table a constant), and vaesenclast with a zero
 * round key is SubBytes after ShiftRows.  SBOX2 and SBOX3 are SBOX1 with
 * its output rotated by one bit either way, SBOX4 is SBOX1 of the input
 * rotated left by one: two input maps and three output maps, chosen per
 * byte with vpblendvb.  The maps were derived offline (a search for the
 * linear part of A; B then follows from SBOX1) and checked against the
 * RFC 3713 S-box before being written down here.
 *
 * Layout: Camellia is a Feistel network on two 64-bit halves, and F works
 * on one half, so a register holds the same half of two blocks, bytes in
 * the order of the block (big-endian words): "L" registers hold the
 * halves F is applied to in even rounds, "R" registers the others.  The
 * 16 S-box results are in ShiftRows order after vaesenclast; the shuffle
 * masks of the P function read them from there, and each puts one term
 * of P's XORs (up to six per output byte) in place.  FL and FL^-1 are
 * word operations on each 32-bit half, byte-swapped around the rotation.
 *
 * The eight-block form runs four pairs of registers through each round so
 * the vaesenclast and table-lookup latencies of one pair overlap the
 * others; the one- and two-block forms serve the tails of the modes.  The
 * same macros on ymm registers (vpshufb and VAES work on each 128-bit lane)
 * give the sixteen- and eight-block forms for CPUs with VAES and AVX2; the
 * constants are stored twice for them (.rept 2).
 *
 * One block at a time (CBC encryption) is bound by the latency of a
 * round, not by throughput.  There the AES-NI form runs at about half
 * the speed of the portable table code, and a GFNI form with affine
 * instructions instead of nibble lookups, blends and vaesenclast
 * (CAM_F_GFNI, now only the key schedule's F) a little faster than the
 * tables.  The domain form (CAM_DOM_ROUND) keeps the halves through the
 * S-boxes' input maps, so a round's chain has one GFNI instruction, and
 * with AVX-512VL three-input XORs.  CBC encryption in bench-block128 on
 * an Intel Xeon, against OpenSSL's table assembly: domain form 1.03-1.04x
 * with AVX-512VL, 0.94x without; CAM_F_GFNI 0.73x; portable tables 0.64x.
 * camellia.h uses the one-block domain form only, with GFNI.
 *
 * u64 camellia_f_gfni_avx(u64 x, u64 k);
 * void camellia_{enc,dec}_1way_gfni_{avx,avx512}(const struct camellia_key *key,
 *						 u8 *dst, const u8 *src);
 * void camellia_{enc,dec}_{1,2,8}way_aesni_avx(const struct camellia_key *key,
 *						u8 *dst, const u8 *src);
 * void camellia_{enc,dec}_{8,16}way_vaes_avx2(const struct camellia_key *key,
 *					       u8 *dst, const u8 *src);
 *	@key: as camellia_expandkey() makes it; @dst, @src: 16 bytes a
 *	block, may alias.
 */

#include <linux/linkage.h>

/* struct camellia_key (include/crypto/camellia.h; checked by the glue) */
#define KEY_KW		0
#define KEY_K		32
#define KEY_KE		224
#define KEY_NROUNDS	272

/* A1(0xc5): the constant of the S-box input map */
#define GFPRE_CONST	0x08

.section .rodata, "a"
.p2align 5
.Lnibble:
	.rept	2
	.octa	0x0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f
	.endr
/* a 64-bit subkey, loaded twice by vmovddup, to its big-endian bytes */
.Lbswap64:
	.rept	2
	.byte	7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
	.endr
/* FL: the first word of each half, byte-swapped, into the second word */
.Lfl_in:
	.rept	2
	.byte	0x80, 0x80, 0x80, 0x80, 3, 2, 1, 0
	.byte	0x80, 0x80, 0x80, 0x80, 11, 10, 9, 8
	.endr
/* and back to big-endian, all else zero */
.Lfl_out:
	.rept	2
	.byte	0x80, 0x80, 0x80, 0x80, 7, 6, 5, 4
	.byte	0x80, 0x80, 0x80, 0x80, 15, 14, 13, 12
	.endr
/* The S-box maps and P shuffles, generated from the RFC 3713 S-box */
.Lpre1_lo:	/* A1(x ^ 0xc5), low nibble */
	.rept	2
	.byte	0x08, 0x09, 0x11, 0x10, 0xb9, 0xb8, 0xa0, 0xa1
	.byte	0xa3, 0xa2, 0xba, 0xbb, 0x12, 0x13, 0x0b, 0x0a
	.endr
.Lpre1_hi:	/* high nibble */
	.rept	2
	.byte	0x00, 0xa7, 0x93, 0x34, 0x61, 0xc6, 0xf2, 0x55
	.byte	0xd9, 0x7e, 0x4a, 0xed, 0xb8, 0x1f, 0x2b, 0x8c
	.endr
.Lpre4_lo:	/* A1(rol1(x) ^ 0xc5), low nibble */
	.rept	2
	.byte	0x08, 0x11, 0xb9, 0xa0, 0xa3, 0xba, 0x12, 0x0b
	.byte	0xaf, 0xb6, 0x1e, 0x07, 0x04, 0x1d, 0xb5, 0xac
	.endr
.Lpre4_hi:	/* high nibble */
	.rept	2
	.byte	0x00, 0x93, 0x61, 0xf2, 0xd9, 0x4a, 0xb8, 0x2b
	.byte	0x01, 0x92, 0x60, 0xf3, 0xd8, 0x4b, 0xb9, 0x2a
	.endr
.Lpost1_lo:	/* SBOX1 after SubBytes, low nibble */
	.rept	2
	.byte	0x11, 0x82, 0x84, 0x17, 0x3e, 0xad, 0xab, 0x38
	.byte	0x71, 0xe2, 0xe4, 0x77, 0x5e, 0xcd, 0xcb, 0x58
	.endr
.Lpost1_hi:	/* high nibble */
	.rept	2
	.byte	0x00, 0xb8, 0xd9, 0x61, 0xa0, 0x18, 0x79, 0xc1
	.byte	0xa8, 0x10, 0x71, 0xc9, 0x08, 0xb0, 0xd1, 0x69
	.endr
.Lpost2_lo:	/* rol1 of it: SBOX2, low nibble */
	.rept	2
	.byte	0x22, 0x05, 0x09, 0x2e, 0x7c, 0x5b, 0x57, 0x70
	.byte	0xe2, 0xc5, 0xc9, 0xee, 0xbc, 0x9b, 0x97, 0xb0
	.endr
.Lpost2_hi:	/* high nibble */
	.rept	2
	.byte	0x00, 0x71, 0xb3, 0xc2, 0x41, 0x30, 0xf2, 0x83
	.byte	0x51, 0x20, 0xe2, 0x93, 0x10, 0x61, 0xa3, 0xd2
	.endr
.Lpost3_lo:	/* ror1 of it: SBOX3, low nibble */
	.rept	2
	.byte	0x88, 0x41, 0x42, 0x8b, 0x1f, 0xd6, 0xd5, 0x1c
	.byte	0xb8, 0x71, 0x72, 0xbb, 0x2f, 0xe6, 0xe5, 0x2c
	.endr
.Lpost3_hi:	/* high nibble */
	.rept	2
	.byte	0x00, 0x5c, 0xec, 0xb0, 0x50, 0x0c, 0xbc, 0xe0
	.byte	0x54, 0x08, 0xb8, 0xe4, 0x04, 0x58, 0xe8, 0xb4
	.endr
.Lmask4:	/* SBOX4 inputs */
	.rept	2
	.byte	0x00, 0x00, 0x00, 0xff, 0x00, 0x00, 0xff, 0x00
	.byte	0x00, 0x00, 0x00, 0xff, 0x00, 0x00, 0xff, 0x00
	.endr
.Lmask2:	/* SBOX2 outputs, after ShiftRows */
	.rept	2
	.byte	0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00
	.byte	0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00
	.endr
.Lmask3:	/* SBOX3 outputs, after ShiftRows */
	.rept	2
	.byte	0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00
	.byte	0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00
	.endr
.Lp0:	/* P term 0 */
	.rept	2
	.byte	0x00, 0x00, 0x00, 0x0d, 0x00, 0x0d, 0x0a, 0x00
	.byte	0x08, 0x08, 0x08, 0x05, 0x08, 0x05, 0x02, 0x08
	.endr
.Lp1:	/* P term 1 */
	.rept	2
	.byte	0x0a, 0x0d, 0x0d, 0x0a, 0x0d, 0x0a, 0x07, 0x07
	.byte	0x02, 0x05, 0x05, 0x02, 0x05, 0x02, 0x0f, 0x0f
	.endr
.Lp2:	/* P term 2 */
	.rept	2
	.byte	0x07, 0x07, 0x0a, 0x07, 0x01, 0x04, 0x04, 0x04
	.byte	0x0f, 0x0f, 0x02, 0x0f, 0x09, 0x0c, 0x0c, 0x0c
	.endr
.Lp3:	/* P term 3 */
	.rept	2
	.byte	0x01, 0x04, 0x04, 0x04, 0x0e, 0x0e, 0x01, 0x01
	.byte	0x09, 0x0c, 0x0c, 0x0c, 0x06, 0x06, 0x09, 0x09
	.endr
.Lp4:	/* P term 4 */
	.rept	2
	.byte	0x0e, 0x0e, 0x01, 0x01, 0x0b, 0x0b, 0x0b, 0x0e
	.byte	0x06, 0x06, 0x09, 0x09, 0x03, 0x03, 0x03, 0x06
	.endr
.Lp5:	/* P term 5 */
	.rept	2
	.byte	0x0b, 0x0b, 0x0b, 0x0e, 0x80, 0x80, 0x80, 0x80
	.byte	0x03, 0x03, 0x03, 0x06, 0x80, 0x80, 0x80, 0x80
	.endr

/*
 * For the one-block GFNI form: the GF(2^8) affine maps as 8x8 bit matrices,
 * one per 64-bit lane (see CAM_F_GFNI), and P's shuffles from the two
 * S-box result registers.
 */
.p2align 4
.Lgf_pre14:	/* A1 (low lane), A1(rol1(x)) (high lane) */
	.quad	0xff38108aa65cc0bc
	.quad	0xff1c0845532e605e
.Lgf_pre11:	/* A1 in both */
	.quad	0xff38108aa65cc0bc
	.quad	0xff38108aa65cc0bc
.Lgf_post11:	/* B (linear part): SBOX1, SBOX4 after pre14 */
	.quad	0xeb36241e33d3b1b7
	.quad	0xeb36241e33d3b1b7
.Lgf_post23:	/* rol1 and ror1 of it: SBOX2, SBOX3 after pre11 */
	.quad	0xb7eb36241e33d3b1
	.quad	0x36241e33d3b1b7eb
.Lgf_pconst:	/* P of the S-box constants left out above */
	.rept	2
	.byte	0x00, 0x00, 0x00, 0x00, 0x85, 0x37, 0xdc, 0x85
	.endr
.Lgf_pa0:
	.rept	2
	.byte	0x00, 0x00, 0x00, 0x0b, 0x00, 0x0e, 0x0b, 0x00
	.endr
.Lgf_pa1:
	.rept	2
	.byte	0x0b, 0x0b, 0x07, 0x0e, 0x0e, 0x07, 0x07, 0x0b
	.endr
.Lgf_pa2:
	.rept	2
	.byte	0x0e, 0x0e, 0x80, 0x80, 0x07, 0x80, 0x80, 0x0e
	.endr
.Lgf_pa3:
	.rept	2
	.byte	0x07, 0x07, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.endr
.Lgf_pb0:
	.rept	2
	.byte	0x0a, 0x01, 0x01, 0x01, 0x01, 0x01, 0x0a, 0x04
	.endr
.Lgf_pb1:
	.rept	2
	.byte	0x0d, 0x04, 0x0a, 0x0a, 0x0d, 0x0a, 0x04, 0x0d
	.endr
.Lgf_pb2:
	.rept	2
	.byte	0x80, 0x80, 0x04, 0x04, 0x80, 0x04, 0x0d, 0x80
	.endr
.Lgf_pb3:
	.rept	2
	.byte	0x80, 0x80, 0x0d, 0x0d, 0x80, 0x80, 0x80, 0x80
	.endr

/*
 * For the one-block domain form (CAM_DOM_ROUND), printed by
 * scripts/gen-camellia-gfni.py, which checks a model of that form against
 * the RFC 3713 S-boxes and P: each result register holds two (output
 * map, then domain map) products, chosen with their shuffles so that six
 * shuffles gather P's five or six terms per byte ("dom": into the domain;
 * "pl": a group's last round, whose result leaves the domain for FL).
 */
.p2align 4
.Ldom_out:	/* the inverse maps of .Lgf_pre14, no constant */
	.quad	0x2f721ee604e0dc9c
	.quad	0x721ee604e0dc9c2f
.Ldom_sel:	/* bytes 3 and 6 (SBOX4 inputs) from the high lane */
	.rept	2
	.byte	0x00, 0x01, 0x02, 0x0b, 0x04, 0x05, 0x0e, 0x07
	.endr
.Ldom_ksel:	/* the same from a little-endian subkey, byte-swapped */
	.rept	2
	.byte	0x07, 0x06, 0x05, 0x0c, 0x03, 0x02, 0x09, 0x00
	.endr
.Ldom_pc:	/* P of the output maps' constants, in the domain */
	.rept	2
	.byte	0x00, 0x00, 0x00, 0x00, 0x69, 0x9d, 0x47, 0x69
	.endr
.Ldom_y0:	/* inverse, output map, into the domain: register 0 */
	.quad	0x01091e7e5fdf628e
	.quad	0x0151d3fc60495ca4
.Ldom_y1:	/* inverse, output map, into the domain: register 1 */
	.quad	0x01091e7e5fdf628e
	.quad	0x01fe339f76b8066d
.Ldom_y2:	/* inverse, output map, into the domain: register 2 */
	.quad	0x010c245291cae034
	.quad	0x01fe339f76b8066d
.Ldom_p00:	/* P, term 0 from register 0 */
	.rept	2
	.byte	0x0a, 0x01, 0x0a, 0x03, 0x01, 0x01, 0x03, 0x04
	.endr
.Ldom_p01:	/* P, term 1 from register 0 */
	.rept	2
	.byte	0x0d, 0x04, 0x0d, 0x06, 0x0d, 0x0a, 0x07, 0x0d
	.endr
.Ldom_p10:	/* P, term 0 from register 1 */
	.rept	2
	.byte	0x08, 0x08, 0x01, 0x0a, 0x08, 0x04, 0x0a, 0x08
	.endr
.Ldom_p11:	/* P, term 1 from register 1 */
	.rept	2
	.byte	0x0b, 0x0b, 0x04, 0x0d, 0x0e, 0x0e, 0x0d, 0x0b
	.endr
.Ldom_p20:	/* P, term 0 from register 2 */
	.rept	2
	.byte	0x0e, 0x0e, 0x08, 0x01, 0x0f, 0x0f, 0x04, 0x0e
	.endr
.Ldom_p21:	/* P, term 1 from register 2 */
	.rept	2
	.byte	0x0f, 0x0f, 0x0f, 0x04, 0x80, 0x80, 0x80, 0x80
	.endr
.Lpl_y0:	/* inverse, output map, plain (a group's last round): register 0 */
	.quad	0x36241e33d3b1b7eb
	.quad	0xb7eb36241e33d3b1
.Lpl_y1:	/* inverse, output map, plain (a group's last round): register 1 */
	.quad	0x36241e33d3b1b7eb
	.quad	0xeb36241e33d3b1b7
.Lpl_p00:	/* P, term 0 from register 0 */
	.rept	2
	.byte	0x02, 0x09, 0x09, 0x09, 0x09, 0x09, 0x02, 0x0c
	.endr
.Lpl_p01:	/* P, term 1 from register 0 */
	.rept	2
	.byte	0x05, 0x0c, 0x0c, 0x0c, 0x05, 0x0c, 0x0c, 0x05
	.endr
.Lpl_p10:	/* P, term 0 from register 1 */
	.rept	2
	.byte	0x08, 0x08, 0x08, 0x02, 0x08, 0x02, 0x0b, 0x08
	.endr
.Lpl_p11:	/* P, term 1 from register 1 */
	.rept	2
	.byte	0x0b, 0x0b, 0x02, 0x0b, 0x0e, 0x0e, 0x05, 0x0b
	.endr
.Lpl_p12:	/* P, term 2 from register 1 */
	.rept	2
	.byte	0x0e, 0x0e, 0x05, 0x05, 0x0f, 0x0f, 0x0f, 0x0e
	.endr
.Lpl_p13:	/* P, term 3 from register 1 */
	.rept	2
	.byte	0x0f, 0x0f, 0x0f, 0x0e, 0x80, 0x80, 0x80, 0x80
	.endr

.text

/*
 * Registers (\w = x or y: xmm or ymm): pairs (L, R) in 0-7; 8-12 scratch;
 * 13 zero (the vaesenclast round key); 14 the nibble mask; 15 the current
 * subkey, in every 64-bit lane.
 */
#define ZERO	%\w\()mm13
#define NIB	%\w\()mm14
#define SUBKEY	%\w\()mm15
#define SUBKEY_X	%xmm15

/* SUBKEY = the u64 at \off(\base), as big-endian bytes in every 64-bit lane */
.macro LOAD_SUBKEY w, off, base
	.ifc \w, y
	vpbroadcastq	\off(\base), SUBKEY
	.else
	vmovddup	\off(\base), SUBKEY
	.endif
	vpshufb	.Lbswap64(%rip), SUBKEY, SUBKEY
.endm

/* \out = the affine map with nibble tables \tab_lo, \tab_hi of the bytes
 * whose nibbles are in %\w\()mm8 (low) and %\w\()mm9 (high); \t is scratch */
.macro AFFINE w, tab, out, t
	vmovdqa	.L\tab\()_lo(%rip), \out
	vpshufb	%\w\()mm8, \out, \out
	vmovdqa	.L\tab\()_hi(%rip), \t
	vpshufb	%\w\()mm9, \t, \t
	vpxor	\t, \out, \out
.endm

/* %\w\()mm8, %\w\()mm9 = low and high nibbles of \x */
.macro NIBBLES w, x
	vpsrlw	$4, \x, %\w\()mm9
	vpand	NIB, \x, %\w\()mm8
	vpand	NIB, %\w\()mm9, %\w\()mm9
.endm

/* \r ^= F(\l, SUBKEY) for every block of the pair */
.macro CAM_F w, l, r
	vpxor	SUBKEY, \l, %\w\()mm10
	NIBBLES	\w, %\w\()mm10
	AFFINE	\w, pre1, %\w\()mm10, %\w\()mm11
	AFFINE	\w, pre4, %\w\()mm11, %\w\()mm12
	vmovdqa	.Lmask4(%rip), %\w\()mm12
	vpblendvb	%\w\()mm12, %\w\()mm11, %\w\()mm10, %\w\()mm10
	vaesenclast	ZERO, %\w\()mm10, %\w\()mm10
	NIBBLES	\w, %\w\()mm10
	AFFINE	\w, post1, %\w\()mm10, %\w\()mm11
	AFFINE	\w, post2, %\w\()mm11, %\w\()mm12
	vmovdqa	.Lmask2(%rip), %\w\()mm12
	vpblendvb	%\w\()mm12, %\w\()mm11, %\w\()mm10, %\w\()mm10
	AFFINE	\w, post3, %\w\()mm11, %\w\()mm12
	vmovdqa	.Lmask3(%rip), %\w\()mm12
	vpblendvb	%\w\()mm12, %\w\()mm11, %\w\()mm10, %\w\()mm10
	/* P: six shuffled copies XORed, as a tree */
	vpshufb	.Lp0(%rip), %\w\()mm10, %\w\()mm8
	vpshufb	.Lp1(%rip), %\w\()mm10, %\w\()mm9
	vpxor	%\w\()mm9, %\w\()mm8, %\w\()mm8
	vpshufb	.Lp2(%rip), %\w\()mm10, %\w\()mm9
	vpshufb	.Lp3(%rip), %\w\()mm10, %\w\()mm11
	vpxor	%\w\()mm11, %\w\()mm9, %\w\()mm9
	vpxor	%\w\()mm9, %\w\()mm8, %\w\()mm8
	vpshufb	.Lp4(%rip), %\w\()mm10, %\w\()mm9
	vpshufb	.Lp5(%rip), %\w\()mm10, %\w\()mm11
	vpxor	%\w\()mm11, %\w\()mm9, %\w\()mm9
	vpxor	%\w\()mm9, %\w\()mm8, %\w\()mm8
	vpxor	%\w\()mm8, \r, \r
.endm

/*
 * \r ^= F(\l, SUBKEY) for one block with GFNI, \l and \r holding their
 * half twice.  vgf2p8affineqb takes one matrix per 64-bit lane, so the low
 * lane gets SBOX1's input map and the high lane SBOX4's, and a second copy
 * SBOX1's in both; vgf2p8affineinvqb then inverts and applies the output
 * maps of SBOX1 (both lanes of the first: SBOX1 and SBOX4) and of SBOX2
 * and SBOX3 (the second).  The output maps' constants are left out there
 * (the instruction has one immediate for all lanes) and their image under
 * P is XORed into \r instead.  Used for the key schedule's F
 * (camellia_f_gfni_avx); its lane layout is where the domain form's
 * matrices start from.
 */
.macro CAM_F_GFNI w, l, r
	vpxor	.Lgf_pconst(%rip), \r, \r
	vpxor	SUBKEY, \l, %xmm10
	vgf2p8affineqb	$GFPRE_CONST, .Lgf_pre14(%rip), %xmm10, %xmm11
	vgf2p8affineqb	$GFPRE_CONST, .Lgf_pre11(%rip), %xmm10, %xmm12
	vgf2p8affineinvqb	$0, .Lgf_post11(%rip), %xmm11, %xmm11
	vgf2p8affineinvqb	$0, .Lgf_post23(%rip), %xmm12, %xmm12
	vpshufb	.Lgf_pa0(%rip), %xmm11, %xmm8
	vpshufb	.Lgf_pa1(%rip), %xmm11, %xmm9
	vpxor	%xmm9, %xmm8, %xmm8
	vpshufb	.Lgf_pa2(%rip), %xmm11, %xmm9
	vpshufb	.Lgf_pa3(%rip), %xmm11, %xmm10
	vpxor	%xmm10, %xmm9, %xmm9
	vpxor	%xmm9, %xmm8, %xmm8
	vpshufb	.Lgf_pb0(%rip), %xmm12, %xmm9
	vpshufb	.Lgf_pb1(%rip), %xmm12, %xmm10
	vpxor	%xmm10, %xmm9, %xmm9
	vpshufb	.Lgf_pb2(%rip), %xmm12, %xmm10
	vpshufb	.Lgf_pb3(%rip), %xmm12, %xmm11
	vpxor	%xmm11, %xmm10, %xmm10
	vpxor	%xmm10, %xmm9, %xmm9
	vpxor	%xmm9, %xmm8, %xmm8
	vpxor	%xmm8, \r, \r
.endm

/*
 * The one-block domain form (with GFNI; for CBC encryption, where a
 * round's latency is what counts).  A byte at position j of a half H is
 * kept as D_j(H_j), D_j the linear part of its S-box's input map (A1; for
 * SBOX4's bytes 3 and 6, A1 of the input rotated left by one bit).  F's
 * input map then leaves the data's path: the subkey goes through D and
 * the map's constant instead (LOAD_SUBKEY_DOM, independent of the data),
 * and vgf2p8affineinvqb inverts and applies, per lane, an S-box's output
 * map followed by the domain map of the output byte it feeds (P only XORs
 * bytes, so D_i distributes over it).  The key XOR is folded too: each
 * round leaves the next round's input X = its new half ^ the next
 * subkey in %xmm7 (K), computed beside the half.  A round's chain is
 * vgf2p8affineinvqb, a shuffle and two (AVX-512VL, vpternlogq) or three
 * XOR levels; CAM_F_GFNI's has a second affine instruction, the key XOR
 * and four XOR levels.  FL is not linear, so a group's last round
 * produces its half in plain form (the "pl" maps) and converts the other
 * half meanwhile (FROM_DOM), and the next group starts with TO_DOM.
 */
#define DOM_X	%xmm7

.macro LOAD_SUBKEY_DOM off, base
	vmovddup	\off(\base), SUBKEY_X
	vgf2p8affineqb	$GFPRE_CONST, .Lgf_pre14(%rip), SUBKEY_X, SUBKEY_X
	vpshufb	.Ldom_ksel(%rip), SUBKEY_X, SUBKEY_X
.endm

.macro TO_DOM x
	vgf2p8affineqb	$0, .Lgf_pre14(%rip), \x, \x
	vpshufb	.Ldom_sel(%rip), \x, \x
.endm

.macro FROM_DOM x
	vgf2p8affineqb	$0, .Ldom_out(%rip), \x, \x
	vpshufb	.Ldom_sel(%rip), \x, \x
.endm

/* \d ^= \a ^ \b; without AVX-512 \a is clobbered */
.macro XOR3 avx512, a, b, d
	.if \avx512
	vpternlogq	$0x96, \b, \a, \d
	.else
	vpxor	\b, \a, \a
	vpxor	\a, \d, \d
	.endif
.endm

/*
 * Round \j (0-5) of a group: \r ^= F(\l), from X in DOM_X; subkeys at
 * \j * \dir * 8 from %r8.  Rounds 0-4 keep \r in the domain and leave the
 * next X; round 5 leaves both halves plain.
 */
.macro CAM_DOM_ROUND j, dir, l, r, avx512
	.if \j < 5
	LOAD_SUBKEY_DOM	((\j + 1) * \dir * 8), %r8
	vgf2p8affineinvqb	$0, .Ldom_y0(%rip), DOM_X, %xmm10
	vgf2p8affineinvqb	$0, .Ldom_y1(%rip), DOM_X, %xmm11
	vgf2p8affineinvqb	$0, .Ldom_y2(%rip), DOM_X, %xmm12
	vpxor	.Ldom_pc(%rip), \r, \r
	vpxor	SUBKEY_X, \r, DOM_X
	vpshufb	.Ldom_p00(%rip), %xmm10, %xmm2
	vpshufb	.Ldom_p01(%rip), %xmm10, %xmm3
	vpshufb	.Ldom_p10(%rip), %xmm11, %xmm4
	vpshufb	.Ldom_p11(%rip), %xmm11, %xmm5
	vpshufb	.Ldom_p20(%rip), %xmm12, %xmm8
	vpshufb	.Ldom_p21(%rip), %xmm12, %xmm9
	.else
	vgf2p8affineinvqb	$0, .Lpl_y0(%rip), DOM_X, %xmm10
	vgf2p8affineinvqb	$0, .Lpl_y1(%rip), DOM_X, %xmm11
	FROM_DOM	\l
	FROM_DOM	\r
	vpxor	.Lgf_pconst(%rip), \r, \r
	vpshufb	.Lpl_p00(%rip), %xmm10, %xmm2
	vpshufb	.Lpl_p01(%rip), %xmm10, %xmm3
	vpshufb	.Lpl_p10(%rip), %xmm11, %xmm4
	vpshufb	.Lpl_p11(%rip), %xmm11, %xmm5
	vpshufb	.Lpl_p12(%rip), %xmm11, %xmm8
	vpshufb	.Lpl_p13(%rip), %xmm11, %xmm9
	.endif
	.if \avx512
	vpternlogq	$0x96, %xmm4, %xmm3, %xmm2
	vpternlogq	$0x96, %xmm9, %xmm8, %xmm5
	.if \j < 5
	vpternlogq	$0x96, %xmm5, %xmm2, DOM_X
	.endif
	vpternlogq	$0x96, %xmm5, %xmm2, \r
	.else
	vpxor	%xmm3, %xmm2, %xmm2
	vpxor	%xmm5, %xmm4, %xmm4
	vpxor	%xmm9, %xmm8, %xmm8
	vpxor	%xmm4, %xmm2, %xmm2
	.if \j < 5
	vpxor	%xmm8, DOM_X, DOM_X
	vpxor	%xmm2, DOM_X, DOM_X
	.endif
	vpxor	%xmm8, \r, \r
	vpxor	%xmm2, \r, \r
	.endif
.endm

/* The halves into the domain and the first X, at a group's start */
.macro CAM_DOM_START
	TO_DOM	%xmm0
	TO_DOM	%xmm1
	LOAD_SUBKEY_DOM	0, %r8
	vpxor	SUBKEY_X, %xmm0, DOM_X
.endm

/* \x.w2 ^= rol32(\x.w1 & SUBKEY.w1, 1) in each half */
.macro FL_ROL w, x
	vpand	SUBKEY, \x, %\w\()mm8
	vpshufb	.Lfl_in(%rip), %\w\()mm8, %\w\()mm8
	vpslld	$1, %\w\()mm8, %\w\()mm9
	vpsrld	$31, %\w\()mm8, %\w\()mm8
	vpor	%\w\()mm9, %\w\()mm8, %\w\()mm8
	vpshufb	.Lfl_out(%rip), %\w\()mm8, %\w\()mm8
	vpxor	%\w\()mm8, \x, \x
.endm

/* \x.w1 ^= \x.w2 | SUBKEY.w2 in each half */
.macro FL_OR w, x
	vpor	SUBKEY, \x, %\w\()mm8
	vpsrlq	$32, %\w\()mm8, %\w\()mm8
	vpxor	%\w\()mm8, \x, \x
.endm

/* Apply \op to the L (\half = 0) or R (1) register of each of \np pairs */
.macro EACH w, np, half, op
	.if \half == 0
	\op	\w, %\w\()mm0
	.if \np > 1
	\op	\w, %\w\()mm2
	.endif
	.if \np > 2
	\op	\w, %\w\()mm4
	\op	\w, %\w\()mm6
	.endif
	.else
	\op	\w, %\w\()mm1
	.if \np > 1
	\op	\w, %\w\()mm3
	.endif
	.if \np > 2
	\op	\w, %\w\()mm5
	\op	\w, %\w\()mm7
	.endif
	.endif
.endm

/* Pair \p of the blocks at %rdx (2 or 4 blocks, \sz = 16 or 32 bytes a
 * register) into (\l, \r); in a ymm pair lane 0 holds blocks 0 and 2 */
.macro LOAD_PAIR w, sz, p, l, r
	vmovdqu	(2 * \sz * \p)(%rdx), %\w\()mm8
	vmovdqu	(2 * \sz * \p + \sz)(%rdx), %\w\()mm9
	vpunpcklqdq	%\w\()mm9, %\w\()mm8, \l
	vpunpckhqdq	%\w\()mm9, %\w\()mm8, \r
.endm

/* The pair (\l, \r) back to its blocks at %rsi, as (R, L) */
.macro STORE_PAIR w, sz, p, l, r
	vpunpcklqdq	\l, \r, %\w\()mm8
	vpunpckhqdq	\l, \r, %\w\()mm9
	vmovdqu	%\w\()mm8, (2 * \sz * \p)(%rsi)
	vmovdqu	%\w\()mm9, (2 * \sz * \p + \sz)(%rsi)
.endm

.macro XOR_SUBKEY w, x
	vpxor	SUBKEY, \x, \x
.endm

/* Round \j of a six-round group: the subkey at \j * \dir * 8 from %r8 */
.macro ROUND w, np, j, dir, f
	.ifc \f, CAM_DOM
	.if (\j % 2) == 0
	CAM_DOM_ROUND	\j, \dir, %xmm0, %xmm1, 0
	.else
	CAM_DOM_ROUND	\j, \dir, %xmm1, %xmm0, 0
	.endif
	.exitm
	.endif
	.ifc \f, CAM_DOM512
	.if (\j % 2) == 0
	CAM_DOM_ROUND	\j, \dir, %xmm0, %xmm1, 1
	.else
	CAM_DOM_ROUND	\j, \dir, %xmm1, %xmm0, 1
	.endif
	.exitm
	.endif
	LOAD_SUBKEY	\w, (\j * \dir * 8), %r8
	.if (\j % 2) == 0
	\f	\w, %\w\()mm0, %\w\()mm1
	.if \np > 1
	\f	\w, %\w\()mm2, %\w\()mm3
	.endif
	.if \np > 2
	\f	\w, %\w\()mm4, %\w\()mm5
	\f	\w, %\w\()mm6, %\w\()mm7
	.endif
	.else
	\f	\w, %\w\()mm1, %\w\()mm0
	.if \np > 1
	\f	\w, %\w\()mm3, %\w\()mm2
	.endif
	.if \np > 2
	\f	\w, %\w\()mm5, %\w\()mm4
	\f	\w, %\w\()mm7, %\w\()mm6
	.endif
	.endif
.endm

/*
 * The whole cipher on \nb blocks in \np pairs of xmm (\w = x: 1, 2 or 8
 * blocks) or ymm (y: 8 or 16 blocks) registers; \dir = 1 encrypts, -1
 * decrypts (the same network, subkeys reversed).
 */
.macro CAMELLIA w, nb, np, dir, f=CAM_F
	.ifc \w, y
	sz = 32
	.else
	sz = 16
	.endif
	/* Load: L = first halves, R = second halves */
	.if \nb == 1
	vmovdqu	(%rdx), %\w\()mm8
	vpunpcklqdq	%\w\()mm8, %\w\()mm8, %\w\()mm0
	vpunpckhqdq	%\w\()mm8, %\w\()mm8, %\w\()mm1
	.else
	LOAD_PAIR	\w, sz, 0, %\w\()mm0, %\w\()mm1
	.endif
	.if \np > 1
	LOAD_PAIR	\w, sz, 1, %\w\()mm2, %\w\()mm3
	.endif
	.if \np > 2
	LOAD_PAIR	\w, sz, 2, %\w\()mm4, %\w\()mm5
	LOAD_PAIR	\w, sz, 3, %\w\()mm6, %\w\()mm7
	.endif
	vpxor	ZERO, ZERO, ZERO
	vmovdqa	.Lnibble(%rip), NIB
	mov	KEY_NROUNDS(%rdi), %eax
	.if \dir > 0
	LOAD_SUBKEY	\w, (KEY_KW + 0), %rdi
	EACH	\w, \np, 0, XOR_SUBKEY
	LOAD_SUBKEY	\w, (KEY_KW + 8), %rdi
	EACH	\w, \np, 1, XOR_SUBKEY
	lea	KEY_K(%rdi), %r8
	lea	KEY_KE(%rdi), %r9
	.else
	LOAD_SUBKEY	\w, (KEY_KW + 16), %rdi
	EACH	\w, \np, 0, XOR_SUBKEY
	LOAD_SUBKEY	\w, (KEY_KW + 24), %rdi
	EACH	\w, \np, 1, XOR_SUBKEY
	/* %r8 = &k[nr - 1], %r9 = &ke[nr / 3 - 3] */
	lea	(KEY_K - 8)(%rdi, %rax, 8), %r8
	imul	$(8 * 0x5556), %eax, %ecx	/* 8 * nr / 3, for nr = 18, 24 */
	shr	$16, %ecx
	and	$~7, %ecx
	lea	(KEY_KE - 24)(%rdi, %rcx), %r9
	.endif
	/* %eax = number of six-round groups */
	imul	$0x2aab, %eax, %eax
	shr	$16, %eax
.Lgroup_\@:
	.ifc \f, CAM_DOM
	CAM_DOM_START
	.endif
	.ifc \f, CAM_DOM512
	CAM_DOM_START
	.endif
	ROUND	\w, \np, 0, \dir, \f
	ROUND	\w, \np, 1, \dir, \f
	ROUND	\w, \np, 2, \dir, \f
	ROUND	\w, \np, 3, \dir, \f
	ROUND	\w, \np, 4, \dir, \f
	ROUND	\w, \np, 5, \dir, \f
	add	$(\dir * 48), %r8
	dec	%eax
	jz	.Lout_\@
	/* FL on L with ke[i], FL^-1 on R with ke[i + dir] */
	LOAD_SUBKEY	\w, 0, %r9
	EACH	\w, \np, 0, FL_ROL
	EACH	\w, \np, 0, FL_OR
	LOAD_SUBKEY	\w, (\dir * 8), %r9
	EACH	\w, \np, 1, FL_OR
	EACH	\w, \np, 1, FL_ROL
	add	$(\dir * 16), %r9
	jmp	.Lgroup_\@
.Lout_\@:
	/* Output whitening; the block is (R, L) */
	.if \dir > 0
	LOAD_SUBKEY	\w, (KEY_KW + 16), %rdi
	.else
	LOAD_SUBKEY	\w, (KEY_KW + 0), %rdi
	.endif
	EACH	\w, \np, 1, XOR_SUBKEY
	.if \dir > 0
	LOAD_SUBKEY	\w, (KEY_KW + 24), %rdi
	.else
	LOAD_SUBKEY	\w, (KEY_KW + 8), %rdi
	.endif
	EACH	\w, \np, 0, XOR_SUBKEY
	.if \nb == 1
	vpunpcklqdq	%\w\()mm0, %\w\()mm1, %\w\()mm8
	vmovdqu	%\w\()mm8, (%rsi)
	.else
	STORE_PAIR	\w, sz, 0, %\w\()mm0, %\w\()mm1
	.endif
	.if \np > 1
	STORE_PAIR	\w, sz, 1, %\w\()mm2, %\w\()mm3
	.endif
	.if \np > 2
	STORE_PAIR	\w, sz, 2, %\w\()mm4, %\w\()mm5
	STORE_PAIR	\w, sz, 3, %\w\()mm6, %\w\()mm7
	.endif
	/* No key or data left in vector registers */
	vzeroall
	RET
.endm

/* camellia_enc_\name and camellia_dec_\name: CAMELLIA on \w, \nb, \np, \f */
.macro CAMELLIA_FUNCS name, w, nb, np, f=CAM_F
SYM_FUNC_START(camellia_enc_\name)
	CAMELLIA	\w, \nb, \np, 1, \f
SYM_FUNC_END(camellia_enc_\name)
SYM_FUNC_START(camellia_dec_\name)
	CAMELLIA	\w, \nb, \np, -1, \f
SYM_FUNC_END(camellia_dec_\name)
.endm

	CAMELLIA_FUNCS	1way_aesni_avx, x, 1, 1
	CAMELLIA_FUNCS	2way_aesni_avx, x, 2, 1
	CAMELLIA_FUNCS	8way_aesni_avx, x, 8, 4
	CAMELLIA_FUNCS	8way_vaes_avx2, y, 8, 2
	CAMELLIA_FUNCS	16way_vaes_avx2, y, 16, 4
	CAMELLIA_FUNCS	1way_gfni_avx, x, 1, 1, CAM_DOM
	CAMELLIA_FUNCS	1way_gfni_avx512, x, 1, 1, CAM_DOM512

/*
 * u64 camellia_f_gfni_avx(u64 x, u64 k): F(x, k) alone, for the key
 * schedule (values as RFC 3713 writes them, the first byte on top).
 */
SYM_FUNC_START(camellia_f_gfni_avx)
	bswap	%rdi
	bswap	%rsi
	vmovq	%rdi, %xmm0
	vpunpcklqdq	%xmm0, %xmm0, %xmm0
	vmovq	%rsi, SUBKEY_X
	vpunpcklqdq	SUBKEY_X, SUBKEY_X, SUBKEY_X
	vpxor	%xmm1, %xmm1, %xmm1
	CAM_F_GFNI	x, %xmm0, %xmm1
	vmovq	%xmm1, %rax
	bswap	%rax
	vzeroall
	RET
SYM_FUNC_END(camellia_f_gfni_avx)
