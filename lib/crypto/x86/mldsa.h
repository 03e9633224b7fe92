/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ML-DSA for x86_64: the SHAKE128 streams of the matrix A four at a time
 * with a 4-way AVX2 Keccak-f[1600].  CPUs without AVX2 generate the streams
 * one by one with the generic SHA-3 code.
 */
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_avx2);

asmlinkage void keccak_f1600_x4_avx2(struct mldsa_keccak_x4 *st);

#define mldsa_keccakf_x4 keccak_f1600_x4_avx2

static bool mldsa_x4_usable(void)
{
	return static_branch_likely(&have_avx2) && likely(irq_fpu_usable());
}

/*
 * One FPU section per batch: about five 4-way permutations and the
 * sampling of four ring elements, a few microseconds.
 */
#define mldsa_x4_begin()	kernel_fpu_begin()
#define mldsa_x4_end()		kernel_fpu_end()

#define mldsa_mod_init_arch mldsa_mod_init_arch
static void mldsa_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&have_avx2);
}
