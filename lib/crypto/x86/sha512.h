/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-512 block function, x86_64: AVX2 message schedule with BMI2 rounds
 * (sha512-avx2.S) when the CPU has both, the generic C code otherwise.
 */
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_sha512_avx2);

asmlinkage void sha512_blocks_avx2(struct sha512_block_state *state,
				   const u8 *data, size_t nblocks);

static void sha512_blocks(struct sha512_block_state *state,
			  const u8 *data, size_t nblocks)
{
	if (static_branch_likely(&have_sha512_avx2) && likely(irq_fpu_usable())) {
		kernel_fpu_begin();
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
}
