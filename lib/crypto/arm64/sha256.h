/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-256 for arm64: the ARMv8 Crypto Extensions, one message at a time and
 * two messages interleaved for sha256_finup_2x().  CPUs without them use the
 * generic C code.
 */
#include <linux/cpufeature.h>
#include <asm/neon.h>
#include <asm/simd.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_sha2_ce);

asmlinkage void sha256_ce_transform(struct sha256_block_state *state,
				    const u8 *data, size_t nblocks);
asmlinkage void sha256_ce_transform_2x(struct sha256_block_state states[2],
				       const u8 *data1, const u8 *data2,
				       size_t nblocks);

static void sha256_blocks(struct sha256_block_state *state,
			  const u8 *data, size_t nblocks)
{
	if (static_branch_likely(&have_sha2_ce) && likely(may_use_simd())) {
		kernel_neon_begin();
		sha256_ce_transform(state, data, nblocks);
		kernel_neon_end();
	} else {
		sha256_blocks_generic(state, data, nblocks);
	}
}

#define sha256_finup_2x_arch sha256_finup_2x_arch
static bool sha256_finup_2x_arch(const struct __sha256_ctx *ctx,
				 const u8 *data1, const u8 *data2, size_t len,
				 u8 out1[SHA256_DIGEST_SIZE],
				 u8 out2[SHA256_DIGEST_SIZE])
{
	/* Bound the time spent in one kernel-mode NEON section. */
	if (static_branch_likely(&have_sha2_ce) && len <= 65536 &&
	    likely(may_use_simd())) {
		kernel_neon_begin();
		sha256_finup_2x_interleaved(ctx, data1, data2, len, out1, out2,
					    sha256_ce_transform_2x);
		kernel_neon_end();
		return true;
	}
	return false;
}

static bool sha256_finup_2x_is_optimized_arch(void)
{
	return static_key_enabled(&have_sha2_ce);
}

#define sha256_mod_init_arch sha256_mod_init_arch
static void sha256_mod_init_arch(void)
{
	if (cpu_have_named_feature(SHA2))
		static_branch_enable(&have_sha2_ce);
}
