/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Camellia on x86_64 through the portable code's four tables (camellia_sp
 * in lib/crypto/camellia.c: each S-box spread over the bytes of P's output
 * it feeds), one block at a time: single blocks (camellia_encrypt()/
 * camellia_decrypt(), XTS stealing) and CBC encryption, on a CPU without
 * GFNI.
 *
 * Why assembly: one block is a chain of 18 or 24 dependent rounds.  The C
 * form is the same algorithm (the same tables, each half of the state
 * kept XORed with the key of the next round that reads it, so the key is
 * off the chain), but measured on an AMD EPYC (Zen 3) it stays about 10%
 * behind OpenSSL's table assembly whatever its source form (docs/perf.md).
 * What made the difference here, measured one step at a time:
 *
 * - the two halves' byte extractions and table loads interleaved
 *   instruction by instruction (as OpenSSL's round is): the same
 *   instructions, one half after the other, ran at 0.93 of OpenSSL's
 *   speed, interleaved at 1.00; Zen's integer schedulers are one per ALU
 *   and take instructions in program order, so two independent chains
 *   written one after the other queue behind each other;
 * - the keyed halves of the C form (no key XOR on the chain): 1.03;
 * - CBC encryption as one loop (camellia_cbc_enc_x86_64()) with the
 *   chaining value in registers: through block128_cbc_encrypt() a block
 *   makes two trips through memory and four calls, about 8% of its time.
 *
 * Byte indices come from the low and high byte registers of one copy of
 * each half (%al/%ah, then the same after one shift); the table words
 * are XORed from memory.
 *
 * Side channels: the same as the portable code (table lookups with key-
 * and data-dependent indices, 4 KiB).
 *
 * void camellia_enc_1way_x86_64(const struct camellia_key *key, u8 *dst,
 *				 const u8 *src, const u32 *sp);
 * void camellia_dec_1way_x86_64(const struct camellia_key *key, u8 *dst,
 *				 const u8 *src, const u32 *sp);
 * void camellia_cbc_enc_x86_64(const struct camellia_key *key, u8 *dst,
 *				const u8 *src, const u32 *sp, size_t nblocks,
 *				u8 *iv);
 *	@key: the expanded key (kw at 0, k at 32, ke at 224, nrounds at
 *	272; each subkey a u64, its high half at +4); @dst, @src: 16 bytes
 *	(@nblocks blocks), may be the same buffer; @sp: camellia_sp, 4 x 256
 *	words; @iv: the chaining value, the last ciphertext block on return
 */

#include <linux/linkage.h>

/* The state: halves d1 = X0:X1 and d2 = X2:X3 (X0, X2 the upper words) */
#define X0	%r8d
#define X1	%r9d
#define X2	%r10d
#define X3	%r11d
#define SP	%r12		/* the tables */
#define RK	%r13		/* round keys of the current group */
#define KE	%r14		/* FL keys of the next FL layer */
#define KEY	%r15		/* the key, for the output whitening */

.text

/*
 * F of the (keyed) half \l:\r XORed into the half \zl:\zr.  With the
 * left half's word A (SBOX1..4 of its bytes from the top: tables 0, 1, 2,
 * 3 at byte offsets 0, 1024, 2048, 3072) in %edx and the right half's B
 * (SBOX2, 3, 4, 1: tables 1, 2, 3, 0) in %ecx, P's output is
 * (A ^ B) : (A ^ B ^ (A >>> 8)), as in camellia_f_xor().  The index
 * registers are ones without a REX prefix (%ah..%bh allow no other).
 */
.macro CAMF l, r, zl, zr
	movl	\l, %eax
	movl	\r, %ebx
	movzbl	%ah, %esi
	movzbl	%bl, %edi
	movl	2048(SP, %rsi, 4), %edx
	movl	(SP, %rdi, 4), %ecx
	movzbl	%al, %esi
	shrl	$16, %eax
	movzbl	%bh, %edi
	xorl	3072(SP, %rsi, 4), %edx
	shrl	$16, %ebx
	xorl	3072(SP, %rdi, 4), %ecx
	movzbl	%ah, %esi
	movzbl	%bl, %edi
	xorl	(SP, %rsi, 4), %edx
	xorl	2048(SP, %rdi, 4), %ecx
	movzbl	%al, %esi
	movzbl	%bh, %edi
	xorl	1024(SP, %rsi, 4), %edx
	xorl	1024(SP, %rdi, 4), %ecx
	xorl	%edx, %ecx
	rorl	$8, %edx
	xorl	%ecx, \zl
	xorl	%ecx, \zr
	xorl	%edx, \zr
.endm

/* \hi:\lo ^= the subkey at \off(\base) */
.macro KXOR off, base, hi, lo
	xorl	(\off + 4)(\base), \hi
	xorl	\off(\base), \lo
.endm

/*
 * Six rounds on the plain halves, their subkeys k_0..k_5 at RK + j * \s
 * (\s = 8 to encrypt, -8 to decrypt): each half is XORed with the key of
 * the next round that reads it, and after a round the key of the one two
 * rounds later replaces it (two XORs beside the chain, not on it).  The
 * halves are plain again at the end.
 */
.macro GROUP s
	KXOR	0, RK, X0, X1
	KXOR	(\s), RK, X2, X3
	CAMF	X0, X1, X2, X3
	KXOR	0, RK, X0, X1
	KXOR	(2 * \s), RK, X0, X1
	CAMF	X2, X3, X0, X1
	KXOR	(\s), RK, X2, X3
	KXOR	(3 * \s), RK, X2, X3
	CAMF	X0, X1, X2, X3
	KXOR	(2 * \s), RK, X0, X1
	KXOR	(4 * \s), RK, X0, X1
	CAMF	X2, X3, X0, X1
	KXOR	(3 * \s), RK, X2, X3
	KXOR	(5 * \s), RK, X2, X3
	CAMF	X0, X1, X2, X3
	KXOR	(4 * \s), RK, X0, X1
	CAMF	X2, X3, X0, X1
	KXOR	(5 * \s), RK, X2, X3
	addq	$(6 * \s), RK
.endm

/*
 * FL on d1 with the subkey at \fl(KE), FL^-1 on d2 with the one at
 * \fli(KE) (RFC 3713 section 2.4.3); then KE moves by \s to the next pair.
 */
.macro FLPAIR fl, fli, s
	movl	(\fl + 4)(KE), %ecx
	andl	X0, %ecx
	roll	$1, %ecx
	xorl	%ecx, X1
	movl	\fl(KE), %ecx
	orl	X1, %ecx
	xorl	%ecx, X0
	movl	\fli(KE), %eax
	orl	X3, %eax
	xorl	%eax, X2
	movl	(\fli + 4)(KE), %eax
	andl	X2, %eax
	roll	$1, %eax
	xorl	%eax, X3
	addq	$(\s), KE
.endm

/*
 * The 64-bit words \w0 (bytes 0-7 of a block, big-endian) and \w1
 * (bytes 8-15) into the halves, whitened with kw[\w] and kw[\w + 1].
 * Blocks are read and written as 8-byte words: in the one-block form the
 * block makes a round trip through memory between the calls of
 * block128's modes (__crypto_xor() uses 8-byte words), and a load that
 * the store buffer cannot forward from one store stalls the chain.
 */
.macro SPLIT w
	movl	%r8d, X1
	movl	%r10d, X3
	shrq	$32, %r8
	shrq	$32, %r10
	KXOR	(8 * \w), KEY, X0, X1
	KXOR	(8 * \w + 8), KEY, X2, X3
.endm

/* Load the block at (\src) into the halves, whitened with kw[\w], kw[\w + 1] */
.macro LOADBLK src, w
	movq	(\src), %r8
	movq	8(\src), %r10
	bswapq	%r8
	bswapq	%r10
	SPLIT	\w
.endm

/* d2:d1 whitened with kw[\w] and kw[\w + 1] into %rax (bytes 0-7), %rbx */
.macro JOIN w
	KXOR	(8 * \w), KEY, X2, X3
	KXOR	(8 * \w + 8), KEY, X0, X1
	movl	X2, %eax
	movl	X0, %ebx
	shlq	$32, %rax
	shlq	$32, %rbx
	orq	%r11, %rax
	orq	%r9, %rbx
.endm

/* %rax, %rbx (big-endian words) to (\dst); \t1, \t2 scratch */
.macro STOREBLK dst, t1, t2
	movq	%rax, \t1
	movq	%rbx, \t2
	bswapq	\t1
	bswapq	\t2
	movq	\t1, (\dst)
	movq	\t2, 8(\dst)
.endm

.macro PROLOGUE
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rdi, KEY
	movq	%rcx, SP
.endm

.macro EPILOGUE
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	RET
.endm

/* The rounds and FL layers of one block, encrypting */
.macro ENC_ROUNDS
	leaq	32(KEY), RK		/* k[0] */
	leaq	224(KEY), KE		/* ke[0] */
	GROUP	8
	FLPAIR	0, 8, 16
	GROUP	8
	FLPAIR	0, 8, 16
	GROUP	8
	cmpl	$24, 272(KEY)
	jne	.Lenc_done\@
	FLPAIR	0, 8, 16
	GROUP	8
.Lenc_done\@:
.endm

SYM_FUNC_START(camellia_enc_1way_x86_64)
	PROLOGUE
	pushq	%rsi		/* dst: %rsi is an index register in the rounds */
	LOADBLK	%rdx, 0
	ENC_ROUNDS
	JOIN	2
	popq	%rsi
	STOREBLK %rsi, %rcx, %rdx
	EPILOGUE
SYM_FUNC_END(camellia_enc_1way_x86_64)

/* The same network with the subkeys in reverse order */
SYM_FUNC_START(camellia_dec_1way_x86_64)
	PROLOGUE
	pushq	%rsi
	LOADBLK	%rdx, 2
	/* k[nrounds - 1] and ke[nrounds / 3 - 4]: 18 rounds or 24 */
	leaq	(32 + 17 * 8)(KEY), RK
	leaq	(224 + 2 * 8)(KEY), KE
	cmpl	$24, 272(KEY)
	jne	1f
	leaq	(32 + 23 * 8)(KEY), RK
	leaq	(224 + 4 * 8)(KEY), KE
1:
	GROUP	-8
	FLPAIR	8, 0, -16
	GROUP	-8
	FLPAIR	8, 0, -16
	GROUP	-8
	cmpl	$24, 272(KEY)
	jne	2f
	FLPAIR	8, 0, -16
	GROUP	-8
2:
	JOIN	0
	popq	%rsi
	STOREBLK %rsi, %rcx, %rdx
	EPILOGUE
SYM_FUNC_END(camellia_dec_1way_x86_64)

/*
 * CBC encryption of @nblocks (> 0) blocks: the chaining value stays in
 * %rax:%rbx from one block to the next; dst, src and the count live on
 * the stack, as the rounds use every register.
 */
SYM_FUNC_START(camellia_cbc_enc_x86_64)
	PROLOGUE
	pushq	%r9		/* 24(%rsp): iv */
	pushq	%r8		/* 16(%rsp): blocks left */
	pushq	%rdx		/* 8(%rsp): src */
	pushq	%rsi		/* (%rsp): dst */
	movq	(%r9), %rax
	movq	8(%r9), %rbx
	bswapq	%rax
	bswapq	%rbx
.Lcbc_loop:
	movq	8(%rsp), %rdx
	movq	(%rdx), %r8
	movq	8(%rdx), %r10
	bswapq	%r8
	bswapq	%r10
	xorq	%rax, %r8
	xorq	%rbx, %r10
	SPLIT	0
	ENC_ROUNDS
	JOIN	2
	movq	(%rsp), %rsi
	STOREBLK %rsi, %rcx, %rdx
	addq	$16, (%rsp)
	addq	$16, 8(%rsp)
	decq	16(%rsp)
	jnz	.Lcbc_loop
	movq	24(%rsp), %r9
	STOREBLK %r9, %rcx, %rdx
	addq	$32, %rsp
	EPILOGUE
SYM_FUNC_END(camellia_cbc_enc_x86_64)
