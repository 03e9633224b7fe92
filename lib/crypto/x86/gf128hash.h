/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * GHASH for x86_64: PCLMULQDQ (four blocks per reduction) and, with
 * VPCLMULQDQ and AVX2, sixteen blocks per reduction on 256-bit vectors.
 * Included by lib/crypto/gf128hash.c.
 */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_pclmul);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vpclmul);

asmlinkage void ghash_pclmul_blocks(u8 acc[GHASH_BLOCK_SIZE], const u8 *htable,
				    const u8 *data, size_t nblocks);
asmlinkage void ghash_vpclmul_blocks(u8 acc[GHASH_BLOCK_SIZE],
				     const u8 *htable, const u8 *data,
				     size_t nblocks);

#define GHASH_X86_POWERS	16

static_assert(sizeof(((struct ghash_key *)0)->arch) >=
	      GHASH_X86_POWERS * GHASH_BLOCK_SIZE);

static inline void ghash_x86_store_power(struct ghash_key *key, int i,
					 const u64 p[2])
{
	u8 *e = &key->arch[(GHASH_X86_POWERS - i) * GHASH_BLOCK_SIZE];

	put_unaligned_le64(p[1], e);
	put_unaligned_le64(p[0], e + 8);
}

/*
 * arch = H^16, ..., H^1, each a little-endian 128-bit integer.  With H^1
 * in place, GHASH of the single block H^(i-1) from a zero accumulator is
 * H^i, so the table fills itself with the PCLMULQDQ code.
 */
static void ghash_preparekey_arch(struct ghash_key *key,
				  const u8 raw_key[GHASH_BLOCK_SIZE])
{
	u8 blk[GHASH_BLOCK_SIZE], acc[GHASH_BLOCK_SIZE];
	u64 p[2];
	int i;

	ghash_preparekey_generic(key, raw_key);
	if (!static_branch_likely(&have_pclmul))
		return;
	ghash_x86_store_power(key, 1, key->h);
	if (irq_fpu_usable()) {
		memcpy(blk, raw_key, GHASH_BLOCK_SIZE);
		kernel_fpu_begin();
		for (i = 2; i <= GHASH_X86_POWERS; i++) {
			memset(acc, 0, sizeof(acc));
			ghash_pclmul_blocks(acc, key->arch, blk, 1);
			p[0] = get_unaligned_be64(acc);
			p[1] = get_unaligned_be64(acc + 8);
			ghash_x86_store_power(key, i, p);
			memcpy(blk, acc, sizeof(blk));
		}
		kernel_fpu_end();
	} else {
		p[0] = key->h[0];
		p[1] = key->h[1];
		for (i = 2; i <= GHASH_X86_POWERS; i++) {
			ghash_mul(p, key->h);
			ghash_x86_store_power(key, i, p);
		}
	}
	memzero_explicit(p, sizeof(p));
	memzero_explicit(blk, sizeof(blk));
	memzero_explicit(acc, sizeof(acc));
}

static void ghash_blocks_arch(u8 acc[GHASH_BLOCK_SIZE],
			      const struct ghash_key *key, const u8 *data,
			      size_t nblocks)
{
	size_t wide = 0;

	if (!static_branch_likely(&have_pclmul) || !irq_fpu_usable()) {
		ghash_blocks_generic(acc, key, data, nblocks);
		return;
	}
	if (static_branch_likely(&have_vpclmul))
		wide = round_down(nblocks, GHASH_X86_POWERS);
	kernel_fpu_begin();
	if (wide)
		ghash_vpclmul_blocks(acc, key->arch, data, wide);
	if (nblocks > wide)
		ghash_pclmul_blocks(acc, key->arch,
				    data + wide * GHASH_BLOCK_SIZE,
				    nblocks - wide);
	kernel_fpu_end();
}

#define ghash_mod_init_arch ghash_mod_init_arch
static void ghash_mod_init_arch(void)
{
	if (!boot_cpu_has(X86_FEATURE_PCLMULQDQ) ||
	    !boot_cpu_has(X86_FEATURE_SSSE3))
		return;
	static_branch_enable(&have_pclmul);
	if (boot_cpu_has(X86_FEATURE_VPCLMULQDQ) &&
	    boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&have_vpclmul);
}
