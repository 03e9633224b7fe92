// SPDX-License-Identifier: GPL-2.0
/*
 * Secrets (keys, hash states, queued plaintext) are zeroed before their
 * memory is given back: the empty asm that takes the pointer keeps the
 * compiler from dropping the stores as dead.  The vector registers they
 * passed through are zeroed when an operation lets go of a socket
 * (afs_wipe_vregs()).
 */
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "base.h"

void afs_wipe(void *p, size_t n)
{
	if (!p)
		return;
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

void afs_free_secret(void *p, size_t n)
{
	afs_wipe(p, n);
	free(p);
}

/*
 * Vector registers.  A key copied with memcpy() on a CPU with AVX-512
 * passes through ymm16-ymm31 (glibc's EVEX string functions use them
 * because they need no vzeroupper), registers the rest of a program
 * seldom touches, so the key stays there until something writes the
 * register file to memory: a signal frame, the lazy-binding trampoline
 * (_dl_runtime_resolve_xsavec), and fork() copies it into the child.  The
 * kernel's AF_ALG never has the key in the caller's registers, so every
 * operation on a socket of ours zeroes them when it lets go of the socket
 * (afs_sklock_unlock()), as fork() does before it copies the process.
 * The x86-64 and AArch64 calling conventions let a called function
 * clobber all of them (but the low halves of v8-v15 on AArch64), so
 * callers lose nothing; it costs a few nanoseconds.
 */
#if defined(__x86_64__)

enum vregs { VREGS_UNKNOWN, VREGS_SSE, VREGS_AVX, VREGS_AVX512 };

/* the register file the kernel saves for this process (XCR0) */
static enum vregs vregs_probe(void)
{
	unsigned int a, b, c, d, lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
		return VREGS_SSE;
	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	/* SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM */
	if ((lo & 0xe6) == 0xe6)
		return VREGS_AVX512;
	return (lo & 0x6) == 0x6 ? VREGS_AVX : VREGS_SSE;
}

/*
 * noinline: the asm names no register this file's code could hold a
 * value in across it (xmm16-31 and k0-k7 exist for the compiler only with
 * -mavx512f, which the shim is not built with).
 */
__attribute__((noinline)) void afs_wipe_vregs(void)
{
	static enum vregs kind;

	if (__builtin_expect(kind == VREGS_UNKNOWN, 0))
		kind = vregs_probe();	/* the same answer in every thread */
	if (kind == VREGS_SSE) {
		__asm__ __volatile__(
			"pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\t"
			"pxor %%xmm2, %%xmm2\n\tpxor %%xmm3, %%xmm3\n\t"
			"pxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"
			"pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\t"
			"pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\t"
			"pxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
			"pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\t"
			"pxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15"
			: : : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
			  "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
			  "xmm12", "xmm13", "xmm14", "xmm15");
		return;
	}
	/* all of ymm0-15 (zmm0-15 with AVX-512) */
	__asm__ __volatile__("vzeroall" : : : "xmm0", "xmm1", "xmm2", "xmm3",
			     "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
			     "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
			     "xmm15");
	if (kind != VREGS_AVX512)
		return;
	/* a 128-bit EVEX write zeroes the whole zmm register */
	__asm__ __volatile__(
		"vpxord %xmm16, %xmm16, %xmm16\n\tvpxord %xmm17, %xmm17, %xmm17\n\t"
		"vpxord %xmm18, %xmm18, %xmm18\n\tvpxord %xmm19, %xmm19, %xmm19\n\t"
		"vpxord %xmm20, %xmm20, %xmm20\n\tvpxord %xmm21, %xmm21, %xmm21\n\t"
		"vpxord %xmm22, %xmm22, %xmm22\n\tvpxord %xmm23, %xmm23, %xmm23\n\t"
		"vpxord %xmm24, %xmm24, %xmm24\n\tvpxord %xmm25, %xmm25, %xmm25\n\t"
		"vpxord %xmm26, %xmm26, %xmm26\n\tvpxord %xmm27, %xmm27, %xmm27\n\t"
		"vpxord %xmm28, %xmm28, %xmm28\n\tvpxord %xmm29, %xmm29, %xmm29\n\t"
		"vpxord %xmm30, %xmm30, %xmm30\n\tvpxord %xmm31, %xmm31, %xmm31\n\t"
		/* the masks of EVEX compares (memcmp(), strlen()) */
		"kxorw %k0, %k0, %k0\n\tkxorw %k1, %k1, %k1\n\t"
		"kxorw %k2, %k2, %k2\n\tkxorw %k3, %k3, %k3\n\t"
		"kxorw %k4, %k4, %k4\n\tkxorw %k5, %k5, %k5\n\t"
		"kxorw %k6, %k6, %k6\n\tkxorw %k7, %k7, %k7");
}

#elif defined(__aarch64__)

/* v8-v15: only their high halves, the low ones are callee-saved */
__attribute__((noinline)) void afs_wipe_vregs(void)
{
	__asm__ __volatile__(
		"movi v0.16b, #0\n\tmovi v1.16b, #0\n\tmovi v2.16b, #0\n\t"
		"movi v3.16b, #0\n\tmovi v4.16b, #0\n\tmovi v5.16b, #0\n\t"
		"movi v6.16b, #0\n\tmovi v7.16b, #0\n\t"
		"mov v8.d[1], xzr\n\tmov v9.d[1], xzr\n\tmov v10.d[1], xzr\n\t"
		"mov v11.d[1], xzr\n\tmov v12.d[1], xzr\n\tmov v13.d[1], xzr\n\t"
		"mov v14.d[1], xzr\n\tmov v15.d[1], xzr\n\t"
		"movi v16.16b, #0\n\tmovi v17.16b, #0\n\tmovi v18.16b, #0\n\t"
		"movi v19.16b, #0\n\tmovi v20.16b, #0\n\tmovi v21.16b, #0\n\t"
		"movi v22.16b, #0\n\tmovi v23.16b, #0\n\tmovi v24.16b, #0\n\t"
		"movi v25.16b, #0\n\tmovi v26.16b, #0\n\tmovi v27.16b, #0\n\t"
		"movi v28.16b, #0\n\tmovi v29.16b, #0\n\tmovi v30.16b, #0\n\t"
		"movi v31.16b, #0"
		: : : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7",
		  "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
		  "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
}

#else

/* no other architecture's string functions are known to leave keys */
void afs_wipe_vregs(void)
{
}

#endif
