/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Camellia on x86_64 with AES-NI and AVX: the S-boxes through vaesenclast
 * and nibble-table affine maps (camellia-aesni-avx.S), in constant time:
 * eight blocks at a time in xmm registers, then two, then one; with VAES
 * and AVX2 the same code on ymm registers does sixteen and eight first.
 * Single blocks (CBC encryption) and the key schedule's F take the GFNI
 * form where the CPU has GFNI, and the portable tables otherwise.  Included by
 * lib/crypto/camellia.c.
 */

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/simd.h>
#include <linux/build_bug.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <linux/minmax.h>
#include <linux/stddef.h>

asmlinkage void camellia_enc_1way_aesni_avx(const struct camellia_key *key,
					    u8 *dst, const u8 *src);
asmlinkage void camellia_dec_1way_aesni_avx(const struct camellia_key *key,
					    u8 *dst, const u8 *src);
asmlinkage u64 camellia_f_gfni_avx(u64 x, u64 k);
asmlinkage void camellia_enc_1way_gfni_avx(const struct camellia_key *key,
					   u8 *dst, const u8 *src);
asmlinkage void camellia_dec_1way_gfni_avx(const struct camellia_key *key,
					   u8 *dst, const u8 *src);
asmlinkage void camellia_enc_2way_aesni_avx(const struct camellia_key *key,
					    u8 *dst, const u8 *src);
asmlinkage void camellia_dec_2way_aesni_avx(const struct camellia_key *key,
					    u8 *dst, const u8 *src);
asmlinkage void camellia_enc_8way_vaes_avx2(const struct camellia_key *key,
					    u8 *dst, const u8 *src);
asmlinkage void camellia_dec_8way_vaes_avx2(const struct camellia_key *key,
					    u8 *dst, const u8 *src);
asmlinkage void camellia_enc_16way_vaes_avx2(const struct camellia_key *key,
					     u8 *dst, const u8 *src);
asmlinkage void camellia_dec_16way_vaes_avx2(const struct camellia_key *key,
					     u8 *dst, const u8 *src);
asmlinkage void camellia_enc_8way_aesni_avx(const struct camellia_key *key,
					    u8 *dst, const u8 *src);
asmlinkage void camellia_dec_8way_aesni_avx(const struct camellia_key *key,
					    u8 *dst, const u8 *src);

/* The offsets camellia-aesni-avx.S reads */
static_assert(offsetof(struct camellia_key, kw) == 0);
static_assert(offsetof(struct camellia_key, k) == 32);
static_assert(offsetof(struct camellia_key, ke) == 224);
static_assert(offsetof(struct camellia_key, nrounds) == 272);

static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_aesni_avx);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_vaes_avx2);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_gfni_avx);

/* Bound the time spent with preemption off in the kernel */
#define CAMELLIA_SIMD_MAX_BLOCKS	256

/* F for the key schedule: with GFNI, or false (the tables then) */
static bool camellia_f_arch(u64 x, u64 k, u64 *out)
{
	if (!static_branch_likely(&camellia_use_gfni_avx) || !may_use_simd())
		return false;
	kernel_fpu_begin();
	*out = camellia_f_gfni_avx(x, k);
	kernel_fpu_end();
	return true;
}

/*
 * One block (CBC encryption, XTS stealing, camellia_encrypt()): only the
 * GFNI form; with AES-NI alone one block is faster through the tables.
 */
static bool camellia_crypt_one_arch(const struct camellia_key *key, u8 *dst,
				    const u8 *src, bool enc)
{
	if (!static_branch_likely(&camellia_use_gfni_avx) || !may_use_simd())
		return false;
	kernel_fpu_begin();
	if (enc)
		camellia_enc_1way_gfni_avx(key, dst, src);
	else
		camellia_dec_1way_gfni_avx(key, dst, src);
	kernel_fpu_end();
	return true;
}

/* All @nblocks, or false when the CPU or context cannot (portable code then). */
static bool camellia_crypt_arch(const struct camellia_key *key, u8 *dst,
				const u8 *src, size_t nblocks, bool enc)
{
	if (!static_branch_likely(&camellia_use_aesni_avx) || !may_use_simd())
		return false;
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, CAMELLIA_SIMD_MAX_BLOCKS);

		nblocks -= n;
		kernel_fpu_begin();
		if (static_branch_likely(&camellia_use_vaes_avx2)) {
			for (; n >= 16; n -= 16, src += 256, dst += 256) {
				if (enc)
					camellia_enc_16way_vaes_avx2(key, dst, src);
				else
					camellia_dec_16way_vaes_avx2(key, dst, src);
			}
			if (n >= 8) {
				if (enc)
					camellia_enc_8way_vaes_avx2(key, dst, src);
				else
					camellia_dec_8way_vaes_avx2(key, dst, src);
				n -= 8;
				src += 128;
				dst += 128;
			}
		}
		for (; n >= 8; n -= 8, src += 128, dst += 128) {
			if (enc)
				camellia_enc_8way_aesni_avx(key, dst, src);
			else
				camellia_dec_8way_aesni_avx(key, dst, src);
		}
		for (; n >= 2; n -= 2, src += 32, dst += 32) {
			if (enc)
				camellia_enc_2way_aesni_avx(key, dst, src);
			else
				camellia_dec_2way_aesni_avx(key, dst, src);
		}
		if (n && static_branch_likely(&camellia_use_gfni_avx)) {
			if (enc)
				camellia_enc_1way_gfni_avx(key, dst, src);
			else
				camellia_dec_1way_gfni_avx(key, dst, src);
			src += 16;
			dst += 16;
		} else if (n) {
			if (enc)
				camellia_enc_1way_aesni_avx(key, dst, src);
			else
				camellia_dec_1way_aesni_avx(key, dst, src);
			src += 16;
			dst += 16;
		}
		kernel_fpu_end();
	}
	return true;
}

static int __init camellia_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AES) && boot_cpu_has(X86_FEATURE_AVX) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL)) {
		static_branch_enable(&camellia_use_aesni_avx);
		if (boot_cpu_has(X86_FEATURE_VAES) &&
		    boot_cpu_has(X86_FEATURE_AVX2))
			static_branch_enable(&camellia_use_vaes_avx2);
		if (boot_cpu_has(X86_FEATURE_GFNI))
			static_branch_enable(&camellia_use_gfni_avx);
	}
	return 0;
}
subsys_initcall(camellia_mod_init_arch);
