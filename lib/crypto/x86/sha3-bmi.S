/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Keccak-f[1600] for x86_64 with BMI1 (andn) and BMI2 (rorx).
 *
 * void keccak_f1600_bmi(u64 st[25], const u64 rc[24]);
 *
 * rc: the 24 iota round constants.
 *
 * Each round reads its 25 input lanes from one buffer and writes its output
 * lanes to another, the caller's state and one on the stack alternating,
 * two rounds per loop iteration.  Per round:
 *
 *   theta  D[x] = C[x-1] ^ rol(C[x+1], 1), C[x] the parity of column x;
 *   then, for each output row Y (plane), the five lanes
 *   rho/pi B[X] = rol(A[X+3Y, X] ^ D[X+3Y], r) (source lane row X,
 *          column X + 3Y mod 5),
 *   chi    E[X, Y] = B[X] ^ (~B[X+1] & B[X+2]), one andn and one xor,
 *   iota   on lane (0, 0).
 *
 * The column parities of the next round are accumulated while the output
 * lanes are produced, so no lane is read twice.  Registers: B in
 * rax/rbx/rcx/rdx/rsi, the parities C in r8-r12, D[0..2] in r13-r15 (D[3]
 * and D[4] on the stack), the chi temporary in rbp, the state pointer in
 * rdi.  The round constant pointer lives on the stack.
 */

#include <linux/linkage.h>

	.text

#define B0	%rax
#define B1	%rbx
#define B2	%rcx
#define B3	%rdx
#define B4	%rsi
#define C0	%r8
#define C1	%r9
#define C2	%r10
#define C3	%r11
#define C4	%r12
#define D0	%r13
#define D1	%r14
#define D2	%r15
#define T	%rbp

/* stack frame: the second lane buffer, D[3], D[4], round constant pointers */
#define D3	(200 + 0)(%rsp)
#define D4	(200 + 8)(%rsp)
#define RCP	(200 + 16)(%rsp)
#define RCEND	(200 + 24)(%rsp)
#define FRAME	(200 + 32)

/* \c = parity of column \x of the lanes at \src */
.macro COLUMN src, x, c
	mov		(8 * (\x + 0))(\src), \c
	xor		(8 * (\x + 5))(\src), \c
	xor		(8 * (\x + 10))(\src), \c
	xor		(8 * (\x + 15))(\src), \c
	xor		(8 * (\x + 20))(\src), \c
.endm

/* D[x] = C[x-1] ^ rol(C[x+1], 1) */
.macro THETA
	rorx		$63, C1, D0
	xor		C4, D0
	rorx		$63, C2, D1
	xor		C0, D1
	rorx		$63, C3, D2
	xor		C1, D2
	rorx		$63, C4, T
	xor		C2, T
	mov		T, D3
	rorx		$63, C0, T
	xor		C3, T
	mov		T, D4
.endm

/* \b = rol(lane \s of \src ^ \d, \r) */
.macro RHO b, src, s, d, r
	mov		(8 * \s)(\src), \b
	xor		\d, \b
.if \r
	rorx		$(64 - \r), \b, \b
.endif
.endm

/*
 * Output lane \x of row \y: E = \b0 ^ (~\b1 & \b2), stored at \dst and
 * folded into the column parity \c (which row 0 starts afresh).
 */
.macro CHI dst, y, x, b0, b1, b2, c
	andn		\b2, \b1, T
	xor		\b0, T
	mov		T, (8 * (5 * \y + \x))(\dst)
.if \y
	xor		T, \c
.else
	mov		T, \c
.endif
.endm

.macro ROW src, dst, rc, y, s0, r0, d0, s1, r1, d1, s2, r2, d2, s3, r3, d3, s4, r4, d4
	RHO		B0, \src, \s0, \d0, \r0
	RHO		B1, \src, \s1, \d1, \r1
	RHO		B2, \src, \s2, \d2, \r2
	RHO		B3, \src, \s3, \d3, \r3
	RHO		B4, \src, \s4, \d4, \r4
	CHI		\dst, \y, 1, B1, B2, B3, C1
	CHI		\dst, \y, 2, B2, B3, B4, C2
	CHI		\dst, \y, 3, B3, B4, B0, C3
	CHI		\dst, \y, 4, B4, B0, B1, C4
.if \y == 0
	/* iota, into B0 once lanes 3 and 4 no longer need it */
	mov		RCP, T
	xor		(8 * \rc)(T), B0
.endif
	CHI		\dst, \y, 0, B0, B1, B2, C0
.endm

/*
 * One round from \src to \dst; C0..C4 hold the column parities of \src on
 * entry and of \dst on exit.  Row Y, position X comes from lane
 * (X + 3Y, X), i.e. index 5X + ((X + 3Y) mod 5), with its rho offset and
 * the D of its column.
 */
.macro ROUND src, dst, rc
	THETA
	ROW \src, \dst, \rc, 0,  0, 0, D0,   6, 44, D1,  12, 43, D2,  18, 21, D3,  24, 14, D4
	ROW \src, \dst, \rc, 1,  3, 28, D3,  9, 20, D4,  10, 3, D0,   16, 45, D1,  22, 61, D2
	ROW \src, \dst, \rc, 2,  1, 1, D1,   7, 6, D2,   13, 25, D3,  19, 8, D4,   20, 18, D0
	ROW \src, \dst, \rc, 3,  4, 27, D4,  5, 36, D0,  11, 10, D1,  17, 15, D2,  23, 56, D3
	ROW \src, \dst, \rc, 4,  2, 62, D2,  8, 55, D3,  14, 39, D4,  15, 41, D0,  21, 2, D1
.endm

SYM_FUNC_START(keccak_f1600_bmi)
	push		%rbx
	push		%rbp
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$FRAME, %rsp
	mov		%rsi, RCP
	lea		(24 * 8)(%rsi), %rsi
	mov		%rsi, RCEND

	COLUMN		%rdi, 0, C0
	COLUMN		%rdi, 1, C1
	COLUMN		%rdi, 2, C2
	COLUMN		%rdi, 3, C3
	COLUMN		%rdi, 4, C4
.Lround2:
	ROUND		%rdi, %rsp, 0
	ROUND		%rsp, %rdi, 1
	mov		RCP, T
	add		$16, T
	mov		T, RCP
	cmp		RCEND, T
	jne		.Lround2

	/* The stack frame held state lanes. */
	xor		%eax, %eax
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26
	mov		%rax, (8 * \i)(%rsp)
	.endr
	add		$FRAME, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbp
	pop		%rbx
	RET
SYM_FUNC_END(keccak_f1600_bmi)
