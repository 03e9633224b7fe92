/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-512 block function, x86_64: BMI2 rounds with an AVX2 message
 * schedule computed for two blocks at once (sha512-avx2.S) when the CPU has
 * both, with the schedule's rotates in AVX-512VL when it has that too, the
 * generic C code otherwise.
 */
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_sha512_avx2);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_sha512_avx512vl);

asmlinkage void sha512_blocks_avx2(struct sha512_block_state *state,
				   const u8 *data, size_t nblocks);
asmlinkage void sha512_blocks_avx512vl(struct sha512_block_state *state,
				       const u8 *data, size_t nblocks);

static void sha512_blocks(struct sha512_block_state *state,
			  const u8 *data, size_t nblocks)
{
	if (static_branch_likely(&have_sha512_avx2) && likely(irq_fpu_usable())) {
		kernel_fpu_begin();
		if (static_branch_likely(&have_sha512_avx512vl))
			sha512_blocks_avx512vl(state, data, nblocks);
		else
			sha512_blocks_avx2(state, data, nblocks);
		kernel_fpu_end();
	} else {
		sha512_blocks_generic(state, data, nblocks);
	}
}

#define sha512_mod_init_arch sha512_mod_init_arch
static void sha512_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AVX2) && boot_cpu_has(X86_FEATURE_BMI2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&have_sha512_avx2);
	if (static_key_enabled(&have_sha512_avx2) &&
	    boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL))
		static_branch_enable(&have_sha512_avx512vl);
}
