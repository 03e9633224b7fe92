/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-1 block function, x86_64: the SHA extensions (sha1-ni.S) when the CPU
 * has them, the generic C code otherwise.
 */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_sha1_ni);

asmlinkage void sha1_ni_blocks(struct sha1_block_state *state,
			       const u8 *data, size_t nblocks);

static void sha1_blocks(struct sha1_block_state *state,
			const u8 *data, size_t nblocks)
{
	if (static_branch_likely(&have_sha1_ni) && likely(irq_fpu_usable())) {
		kernel_fpu_begin();
		sha1_ni_blocks(state, data, nblocks);
		kernel_fpu_end();
	} else {
		sha1_blocks_generic(state, data, nblocks);
	}
}

#define sha1_mod_init_arch sha1_mod_init_arch
static void sha1_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_SHA_NI) && boot_cpu_has(X86_FEATURE_SSSE3))
		static_branch_enable(&have_sha1_ni);
}
