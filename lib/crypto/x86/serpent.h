/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Serpent on x86_64: AVX2 code for eight blocks at a time, for the modes'
 * multi-block calls, and with AVX-512VL one block at a time in vpternlogd
 * form (serpent-avx512.S) for single blocks and the rest of a multi-block
 * call, except on the CPU families where that form was measured slower than
 * the portable code (serpent_1way_avx512_is_slow()); the portable code
 * otherwise.  Included by lib/crypto/serpent.c.
 */

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>
#include <asm/simd.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/linkage.h>

asmlinkage void serpent_enc_8way_avx2(const u32 *rk, u8 *dst, const u8 *src);
asmlinkage void serpent_dec_8way_avx2(const u32 *rk, u8 *dst, const u8 *src);
asmlinkage void serpent_enc_1way_avx512(const u32 *rk, u8 *dst, const u8 *src);
asmlinkage void serpent_dec_1way_avx512(const u32 *rk, u8 *dst, const u8 *src);

static __ro_after_init DEFINE_STATIC_KEY_FALSE(serpent_use_avx2);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(serpent_use_avx512);

/* Bound the time spent with preemption off in the kernel: 32 chunks */
#define SERPENT_SIMD_MAX_BLOCKS	256

/* Blocks one at a time with AVX-512VL; the FPU section is the caller's. */
static void serpent_1way_avx512(const struct serpent_key *key, u8 *dst,
				const u8 *src, size_t nblocks, bool enc)
{
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		if (enc)
			serpent_enc_1way_avx512(&key->rk[0][0], dst, src);
		else
			serpent_dec_1way_avx512(&key->rk[0][0], dst, src);
	}
}

/*
 * One block (serpent_encrypt(), serpent_decrypt()): true if done here,
 * false when the CPU or the context cannot (the portable code then).
 */
static bool serpent_crypt_one_arch(const struct serpent_key *key, u8 *dst,
				   const u8 *src, bool enc)
{
	if (!static_branch_likely(&serpent_use_avx512) || !may_use_simd())
		return false;
	kernel_fpu_begin();
	serpent_1way_avx512(key, dst, src, 1, enc);
	kernel_fpu_end();
	return true;
}

/*
 * Whole eight-block chunks with AVX2, then with AVX-512VL the blocks left
 * over one at a time in the same FPU section; returns the number of
 * blocks done.
 */
static size_t serpent_blocks_arch(const struct serpent_key *key, u8 *dst,
				  const u8 *src, size_t nblocks, bool enc)
{
	bool avx2 = static_branch_likely(&serpent_use_avx2);
	bool one = static_branch_likely(&serpent_use_avx512);
	size_t done = 0;

	if (!(one || (avx2 && nblocks >= 8)) || !may_use_simd())
		return 0;
	if (!one)
		nblocks = round_down(nblocks, 8);
	while (done < nblocks) {
		size_t end = min_t(size_t, nblocks,
				   done + SERPENT_SIMD_MAX_BLOCKS);

		kernel_fpu_begin();
		for (; avx2 && end - done >= 8; done += 8) {
			if (enc)
				serpent_enc_8way_avx2(&key->rk[0][0],
						      dst + 16 * done,
						      src + 16 * done);
			else
				serpent_dec_8way_avx2(&key->rk[0][0],
						      dst + 16 * done,
						      src + 16 * done);
		}
		if (one) {
			serpent_1way_avx512(key, dst + 16 * done,
					    src + 16 * done, end - done, enc);
			done = end;
		}
		kernel_fpu_end();
	}
	return done;
}

/*
 * The one-block form is one dependency chain of about 250 vector operations
 * (encryption; 190 for decryption), so it runs at their latency.  Intel's
 * AVX-512 cores execute vpternlogd, vprold and vpxord in one cycle: on a
 * Xeon the form is 1.4 (encryption) and 1.2 (decryption) times Nettle's
 * assembly and about 1.5 times the portable code.  AMD Zen 5 (family 0x1a)
 * takes two cycles for every simple vector integer operation, VEX or EVEX,
 * xmm to zmm, register or broadcast operand, against one for a
 * general-purpose add: there the form is about 0.65 times the portable
 * code, which keeps the block in general-purpose registers.  On Zen 4
 * (family 0x19) it measured 0.20-0.74 times Nettle against 0.94-0.99 for
 * the portable code.  Earlier AMD families have no AVX-512; later ones are
 * taken to be alike until measured.  Figures and commands: docs/perf.md.
 */
static bool __init serpent_1way_avx512_is_slow(void)
{
	return boot_cpu_data.x86_vendor == X86_VENDOR_AMD &&
	       boot_cpu_data.x86 >= 0x19;
}

static int __init serpent_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AVX) && boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&serpent_use_avx2);
	if (boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL) &&
	    !serpent_1way_avx512_is_slow())
		static_branch_enable(&serpent_use_avx512);
	return 0;
}
subsys_initcall(serpent_mod_init_arch);
