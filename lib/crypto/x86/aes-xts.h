/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-XTS for x86_64: whole blocks with AES-NI (eight at a time) or, on
 * CPUs with VAES, VPCLMULQDQ and AVX2, sixteen at a time on 256-bit
 * vectors; the ciphertext-stealing tail in C on single-block AES.
 * Included by lib/crypto/aes-xts.c.
 */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <linux/linkage.h>
#include <linux/static_key.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_xts_aesni);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_xts_vaes);

asmlinkage void aesni_xts_enc(const u32 *rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks, u8 tweak[16]);
asmlinkage void aesni_xts_dec(const u32 *inv_rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks, u8 tweak[16]);
asmlinkage void aes_vaes_xts_enc(const u32 *rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks, u8 tweak[16]);
asmlinkage void aes_vaes_xts_dec(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks, u8 tweak[16]);

#define aes_xts_crypt_arch aes_xts_crypt_arch
static bool aes_xts_crypt_arch(u8 *dst, const u8 *src, size_t len,
			       u8 tweak[AES_BLOCK_SIZE],
			       const struct aes_xts_key *key, bool enc)
{
	const struct aes_key *k = &key->main_key;
	size_t tail = len % AES_BLOCK_SIZE;
	size_t nblocks = len / AES_BLOCK_SIZE - (tail ? 1 : 0);
	size_t wide = 0;
	const u32 *rk = enc ? k->k.rndkeys : k->inv_k.inv_rndkeys;

	if (!static_branch_likely(&have_xts_aesni) || !irq_fpu_usable())
		return false;
	if (static_branch_likely(&have_xts_vaes))
		wide = round_down(nblocks, 16);
	kernel_fpu_begin();
	if (wide) {
		if (enc)
			aes_vaes_xts_enc(rk, k->nrounds, dst, src, wide, tweak);
		else
			aes_vaes_xts_dec(rk, k->nrounds, dst, src, wide, tweak);
	}
	if (nblocks > wide) {
		if (enc)
			aesni_xts_enc(rk, k->nrounds, dst + 16 * wide,
				      src + 16 * wide, nblocks - wide, tweak);
		else
			aesni_xts_dec(rk, k->nrounds, dst + 16 * wide,
				      src + 16 * wide, nblocks - wide, tweak);
	}
	kernel_fpu_end();
	if (tail)
		xts_cts(dst + 16 * nblocks, src + 16 * nblocks, tail, tweak,
			key, enc);
	return true;
}

#define aes_xts_mod_init_arch aes_xts_mod_init_arch
static void aes_xts_mod_init_arch(void)
{
	if (!boot_cpu_has(X86_FEATURE_AES))
		return;
	static_branch_enable(&have_xts_aesni);
	if (boot_cpu_has(X86_FEATURE_VAES) &&
	    boot_cpu_has(X86_FEATURE_VPCLMULQDQ) &&
	    boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&have_xts_vaes);
}
