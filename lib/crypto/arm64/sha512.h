/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-512 block function, arm64: the ARMv8.2 SHA-512 instructions
 * (sha512-ce.S) when the CPU has them, the generic C code otherwise.
 */
#include <linux/cpufeature.h>
#include <asm/neon.h>
#include <asm/simd.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_sha512_ce);

asmlinkage void sha512_ce_blocks(struct sha512_block_state *state,
				 const u8 *data, size_t nblocks);

static void sha512_blocks(struct sha512_block_state *state,
			  const u8 *data, size_t nblocks)
{
	if (static_branch_likely(&have_sha512_ce) && likely(may_use_simd())) {
		kernel_neon_begin();
		sha512_ce_blocks(state, data, nblocks);
		kernel_neon_end();
	} else {
		sha512_blocks_generic(state, data, nblocks);
	}
}

#define sha512_mod_init_arch sha512_mod_init_arch
static void sha512_mod_init_arch(void)
{
	if (cpu_have_named_feature(SHA512))
		static_branch_enable(&have_sha512_ce);
}
