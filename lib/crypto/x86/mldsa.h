/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ML-DSA for x86_64 with AVX2: the SHAKE128 streams of the matrix A four
 * at a time with a 4-way Keccak-f[1600] (keccak-x4.S: AVX2, or with the
 * state in registers where AVX-512VL is usable), and the NTT,
 * its inverse and the pointwise product eight coefficients at a time
 * (mldsa-avx2.S).  CPUs without AVX2 use the generic code for all of it.
 */
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_avx2);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_avx512vl);

asmlinkage void keccak_f1600_x4_avx2(struct mldsa_keccak_x4 *st);
asmlinkage void keccak_f1600_x4_avx512vl(struct mldsa_keccak_x4 *st);
asmlinkage void mldsa_ntt_avx2(s32 w[N]);
asmlinkage void mldsa_invntt_scaled_avx2(s32 w[N]);
asmlinkage void mldsa_poly_sub_mont_avx2(s32 w[N], const s32 a[N],
					 const s32 b[N]);
asmlinkage unsigned int
mldsa_rej_accumulate_avx2(s32 acc[N], const s32 zhat[N], unsigned int n,
			  const u8 *block);

#define mldsa_keccakf_x4 mldsa_keccakf_x4
static void mldsa_keccakf_x4(struct mldsa_keccak_x4 *st)
{
	if (static_branch_likely(&have_avx512vl))
		keccak_f1600_x4_avx512vl(st);
	else
		keccak_f1600_x4_avx2(st);
}

static bool mldsa_x4_usable(void)
{
	return static_branch_likely(&have_avx2) && likely(irq_fpu_usable());
}

/*
 * One FPU section per batch: about five 4-way permutations and the
 * sampling of four ring elements, about a microsecond.
 */
#define mldsa_x4_begin()	kernel_fpu_begin()
#define mldsa_x4_end()		kernel_fpu_end()

/* Inside the batch's FPU section; reads 8 bytes past the block */
#define rej_accumulate_x4	mldsa_rej_accumulate_avx2
#define REJ_BLOCK_OVERREAD	8

/*
 * The polynomial arithmetic: one FPU section per call, each a few hundred
 * cycles of work.
 */
#define mldsa_avx2_or_generic(avx2_fn, generic_fn, ...)		\
	do {								\
		if (mldsa_x4_usable()) {				\
			kernel_fpu_begin();				\
			avx2_fn(__VA_ARGS__);				\
			kernel_fpu_end();				\
		} else {						\
			generic_fn(__VA_ARGS__);			\
		}							\
	} while (0)

#define mldsa_ntt_arch
#define ntt(w)	mldsa_avx2_or_generic(mldsa_ntt_avx2, ntt_generic, w)
#define invntt_scaled(w)						\
	mldsa_avx2_or_generic(mldsa_invntt_scaled_avx2,			\
			      invntt_scaled_generic, w)
#define poly_sub_mont(w, a, b)						\
	mldsa_avx2_or_generic(mldsa_poly_sub_mont_avx2,			\
			      poly_sub_mont_generic, w, a, b)

#define mldsa_mod_init_arch mldsa_mod_init_arch
static void mldsa_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&have_avx2);
	if (static_key_enabled(&have_avx2) &&
	    boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL))
		static_branch_enable(&have_avx512vl);
}
