/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Serpent on x86_64: AVX2 code for eight blocks at a time, for the modes'
 * multi-block calls; single blocks stay portable.  Included by
 * lib/crypto/serpent.c.
 */

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/simd.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/linkage.h>

asmlinkage void serpent_enc_8way_avx2(const u32 *rk, u8 *dst, const u8 *src);
asmlinkage void serpent_dec_8way_avx2(const u32 *rk, u8 *dst, const u8 *src);

static __ro_after_init DEFINE_STATIC_KEY_FALSE(serpent_use_avx2);

/* Bound the time spent with preemption off in the kernel: 32 chunks */
#define SERPENT_SIMD_MAX_BLOCKS	256

/* Whole eight-block chunks; returns the number of blocks done. */
static size_t serpent_blocks_arch(const struct serpent_key *key, u8 *dst,
				  const u8 *src, size_t nblocks, bool enc)
{
	size_t done = 0;

	if (!static_branch_likely(&serpent_use_avx2) || nblocks < 8 ||
	    !may_use_simd())
		return 0;
	nblocks = round_down(nblocks, 8);
	while (done < nblocks) {
		size_t end = min_t(size_t, nblocks,
				   done + SERPENT_SIMD_MAX_BLOCKS);

		kernel_fpu_begin();
		for (; done < end; done += 8) {
			if (enc)
				serpent_enc_8way_avx2(&key->rk[0][0],
						      dst + 16 * done,
						      src + 16 * done);
			else
				serpent_dec_8way_avx2(&key->rk[0][0],
						      dst + 16 * done,
						      src + 16 * done);
		}
		kernel_fpu_end();
	}
	return done;
}

static int __init serpent_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AVX) && boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&serpent_use_avx2);
	return 0;
}
subsys_initcall(serpent_mod_init_arch);
