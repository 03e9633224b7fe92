/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-256 block functions using the ARMv8 Crypto Extensions
 *
 *   sha256_ce_transform()     one message, nblocks 64-byte blocks
 *   sha256_ce_transform_2x()  two messages of nblocks blocks each, with the
 *                             two round chains interleaved
 *
 * sha256h/sha256h2 do four rounds on {A,B,C,D} and {E,F,G,H} (A and E in
 * lane 0) given W[t..t+3]+K[t..t+3]; each depends on the previous group's
 * result, so one message leaves the crypto unit idle for most of the
 * latency.  A second independent message fills those slots.
 */

#include <linux/linkage.h>
#include <linux/cfi_types.h>

	.text
	.arch	armv8-a+crypto

/*
 * Four rounds.  sha256h overwrites ABCD, and sha256h2 needs the old ABCD,
 * hence the copy \abcd_in.  \wk is a scratch register for W+K.
 */
/* \abcd, \efgh, \abcd_in and \wk are register numbers; \w and \k names. */
.macro ROUNDS4 abcd, efgh, abcd_in, wk, w, k
	add		v\wk\().4s, \w\().4s, \k\().4s
	mov		v\abcd_in\().16b, v\abcd\().16b
	sha256h		q\abcd, q\efgh, v\wk\().4s
	sha256h2	q\efgh, q\abcd_in, v\wk\().4s
.endm

/*
 * Message schedule: in round group g (g < 12), with w0 = W[4g..4g+3] already
 * consumed, turn w0 into W[4g+16..4g+19] from w1..w3 = the next three groups.
 */
.macro SCHEDULE w0, w1, w2, w3
	sha256su0	\w0\().4s, \w1\().4s
	sha256su1	\w0\().4s, \w2\().4s, \w3\().4s
.endm

.macro LOAD_BLOCK data, w0, w1, w2, w3
	ld1		{\w0\().16b-\w3\().16b}, [\data], #64
	rev32		\w0\().16b, \w0\().16b
	rev32		\w1\().16b, \w1\().16b
	rev32		\w2\().16b, \w2\().16b
	rev32		\w3\().16b, \w3\().16b
.endm

/* ---------------------------------------------------------------------- */

/*
 * void sha256_ce_transform(struct sha256_block_state *state,
 *			    const u8 *data, size_t nblocks);
 *
 * x0 = state, x1 = data, x2 = nblocks (possibly 0).  The 16 round-constant
 * vectors stay in v16-v31 for the whole call.
 */
SYM_FUNC_START(sha256_ce_transform)
	cbz		x2, 2f
	adrp		x8, .Lsha256_k
	add		x8, x8, :lo12:.Lsha256_k
	ld1		{v16.4s-v19.4s}, [x8], #64
	ld1		{v20.4s-v23.4s}, [x8], #64
	ld1		{v24.4s-v27.4s}, [x8], #64
	ld1		{v28.4s-v31.4s}, [x8]
	ld1		{v0.4s, v1.4s}, [x0]		/* ABCD, EFGH */
1:
	LOAD_BLOCK	x1, v2, v3, v4, v5
	mov		v8.16b, v0.16b			/* state at block start */
	mov		v9.16b, v1.16b

	ROUNDS4		0, 1, 6, 7, v2, v16
	SCHEDULE	v2, v3, v4, v5
	ROUNDS4		0, 1, 6, 7, v3, v17
	SCHEDULE	v3, v4, v5, v2
	ROUNDS4		0, 1, 6, 7, v4, v18
	SCHEDULE	v4, v5, v2, v3
	ROUNDS4		0, 1, 6, 7, v5, v19
	SCHEDULE	v5, v2, v3, v4

	ROUNDS4		0, 1, 6, 7, v2, v20
	SCHEDULE	v2, v3, v4, v5
	ROUNDS4		0, 1, 6, 7, v3, v21
	SCHEDULE	v3, v4, v5, v2
	ROUNDS4		0, 1, 6, 7, v4, v22
	SCHEDULE	v4, v5, v2, v3
	ROUNDS4		0, 1, 6, 7, v5, v23
	SCHEDULE	v5, v2, v3, v4

	ROUNDS4		0, 1, 6, 7, v2, v24
	SCHEDULE	v2, v3, v4, v5
	ROUNDS4		0, 1, 6, 7, v3, v25
	SCHEDULE	v3, v4, v5, v2
	ROUNDS4		0, 1, 6, 7, v4, v26
	SCHEDULE	v4, v5, v2, v3
	ROUNDS4		0, 1, 6, 7, v5, v27
	SCHEDULE	v5, v2, v3, v4

	ROUNDS4		0, 1, 6, 7, v2, v28
	ROUNDS4		0, 1, 6, 7, v3, v29
	ROUNDS4		0, 1, 6, 7, v4, v30
	ROUNDS4		0, 1, 6, 7, v5, v31

	add		v0.4s, v0.4s, v8.4s
	add		v1.4s, v1.4s, v9.4s
	subs		x2, x2, #1
	b.ne		1b
	st1		{v0.4s, v1.4s}, [x0]
2:
	ret
SYM_FUNC_END(sha256_ce_transform)

/* ---------------------------------------------------------------------- */

/*
 * Two messages: A in v0-v7, B in v8-v15 (abcd, efgh, w0..w3, abcd copy,
 * W+K), states at block start in v16-v19, round constants in v20-v31
 * (groups 0..11; groups 12..15 reuse v20-v23 after reloading them).
 */
.macro ROUNDS4_2X wa, wb, k
	ROUNDS4		0, 1, 6, 7, \wa, \k
	ROUNDS4		8, 9, 14, 15, \wb, \k
.endm

.macro GROUP_2X wa0, wa1, wa2, wa3, wb0, wb1, wb2, wb3, k, sched
	ROUNDS4_2X	\wa0, \wb0, \k
.if \sched
	SCHEDULE	\wa0, \wa1, \wa2, \wa3
	SCHEDULE	\wb0, \wb1, \wb2, \wb3
.endif
.endm

/*
 * void sha256_ce_transform_2x(struct sha256_block_state states[2],
 *			       const u8 *data1, const u8 *data2,
 *			       size_t nblocks);
 *
 * x0 = states, x1 = data1, x2 = data2, x3 = nblocks (possibly 0).
 */
SYM_TYPED_FUNC_START(sha256_ce_transform_2x)
	cbz		x3, 2f
	adrp		x8, .Lsha256_k
	add		x8, x8, :lo12:.Lsha256_k
	add		x9, x8, #64
	ld1		{v24.4s-v27.4s}, [x9], #64	/* K groups 4..7 */
	ld1		{v28.4s-v31.4s}, [x9], #64	/* K groups 8..11 */
	/* x8: K groups 0..3, x9: K groups 12..15, reloaded every block */
	ld1		{v0.4s, v1.4s}, [x0]
	add		x10, x0, #32
	ld1		{v8.4s, v9.4s}, [x10]
1:
	ld1		{v20.4s-v23.4s}, [x8]		/* K groups 0..3 */
	LOAD_BLOCK	x1, v2, v3, v4, v5
	LOAD_BLOCK	x2, v10, v11, v12, v13
	mov		v16.16b, v0.16b
	mov		v17.16b, v1.16b
	mov		v18.16b, v8.16b
	mov		v19.16b, v9.16b

	GROUP_2X	v2, v3, v4, v5, v10, v11, v12, v13, v20, 1
	GROUP_2X	v3, v4, v5, v2, v11, v12, v13, v10, v21, 1
	GROUP_2X	v4, v5, v2, v3, v12, v13, v10, v11, v22, 1
	GROUP_2X	v5, v2, v3, v4, v13, v10, v11, v12, v23, 1
	ld1		{v20.4s-v23.4s}, [x9]		/* K groups 12..15 */

	GROUP_2X	v2, v3, v4, v5, v10, v11, v12, v13, v24, 1
	GROUP_2X	v3, v4, v5, v2, v11, v12, v13, v10, v25, 1
	GROUP_2X	v4, v5, v2, v3, v12, v13, v10, v11, v26, 1
	GROUP_2X	v5, v2, v3, v4, v13, v10, v11, v12, v27, 1

	GROUP_2X	v2, v3, v4, v5, v10, v11, v12, v13, v28, 1
	GROUP_2X	v3, v4, v5, v2, v11, v12, v13, v10, v29, 1
	GROUP_2X	v4, v5, v2, v3, v12, v13, v10, v11, v30, 1
	GROUP_2X	v5, v2, v3, v4, v13, v10, v11, v12, v31, 1

	GROUP_2X	v2, v3, v4, v5, v10, v11, v12, v13, v20, 0
	GROUP_2X	v3, v4, v5, v2, v11, v12, v13, v10, v21, 0
	GROUP_2X	v4, v5, v2, v3, v12, v13, v10, v11, v22, 0
	GROUP_2X	v5, v2, v3, v4, v13, v10, v11, v12, v23, 0

	add		v0.4s, v0.4s, v16.4s
	add		v1.4s, v1.4s, v17.4s
	add		v8.4s, v8.4s, v18.4s
	add		v9.4s, v9.4s, v19.4s
	subs		x3, x3, #1
	b.ne		1b
	st1		{v0.4s, v1.4s}, [x0]
	st1		{v8.4s, v9.4s}, [x10]
2:
	ret
SYM_FUNC_END(sha256_ce_transform_2x)

	.section	".rodata", "a"
	.balign		16
/* FIPS 180-4 section 4.2.2 */
.Lsha256_k:
	.word	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.word	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.word	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.word	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.word	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.word	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.word	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.word	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.word	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.word	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.word	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.word	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.word	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.word	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.word	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.word	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
