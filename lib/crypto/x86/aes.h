/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES for x86_64: AES-NI (SSE encoding, every AES-NI CPU) and, where the
 * CPU has VAES and AVX2, VAES on 256-bit vectors for the parallel modes
 * (XTS also wants VPCLMULQDQ for its tweaks).  Included by lib/crypto/aes.c,
 * the one place AES dispatches to arch code; the generic bitsliced code
 * remains the fallback when the FPU is not usable.
 */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <crypto/utils.h>
#include <linux/linkage.h>
#include <linux/static_key.h>
#include <linux/unaligned.h>

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_aesni);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vaes);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vaes_vpclmul);

asmlinkage void aesni_ecb_enc(const u32 *rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks);
asmlinkage void aesni_ecb_dec(const u32 *inv_rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks);
asmlinkage void aesni_cbc_enc(const u32 *rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks, u8 iv[16]);
asmlinkage void aesni_cbc_dec(const u32 *inv_rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks, u8 iv[16]);
asmlinkage void aesni_ctr(const u32 *rk, int nrounds, u8 *dst,
			  const u8 *src, size_t nblocks, u8 ctr[16]);
asmlinkage void aesni_cbcmac(const u32 *rk, int nrounds, u8 h[16],
			     const u8 *data, size_t nblocks);
asmlinkage void aesni_expandkey(u32 *rk, u32 *inv_rk, const u8 *key,
				int key_len);
asmlinkage void aes_vaes_ecb_enc(const u32 *rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks);
asmlinkage void aes_vaes_ecb_dec(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks);
asmlinkage void aes_vaes_cbc_dec(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks, u8 iv[16]);
asmlinkage void aes_vaes_ctr(const u32 *rk, int nrounds, u8 *dst,
			     const u8 *src, size_t nblocks, const u8 ctr[16]);
asmlinkage void aesni_xts_enc(const u32 *rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks, u8 tweak[16]);
asmlinkage void aesni_xts_dec(const u32 *inv_rk, int nrounds, u8 *dst,
			      const u8 *src, size_t nblocks, u8 tweak[16]);
asmlinkage void aes_vaes_xts_enc(const u32 *rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks, u8 tweak[16]);
asmlinkage void aes_vaes_xts_dec(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks, u8 tweak[16]);

static inline bool aes_x86_usable(void)
{
	return static_branch_likely(&have_aesni) && likely(irq_fpu_usable());
}

/* The VAES functions take multiples of 16 blocks; AES-NI does the rest. */
static inline size_t aes_x86_wide_blocks(size_t nblocks)
{
	return static_branch_likely(&have_vaes) ? round_down(nblocks, 16) : 0;
}

#define aes_expandkey_arch aes_expandkey_arch
static bool aes_expandkey_arch(u32 *rk, u32 *inv_rk, const u8 *in_key,
			       int key_len)
{
	if (key_len == AES_KEYSIZE_192 || !aes_x86_usable())
		return false;
	kernel_fpu_begin();
	aesni_expandkey(rk, inv_rk, in_key, key_len);
	kernel_fpu_end();
	return true;
}

static bool aes_x86_ecb(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
		       size_t nblocks, bool enc)
{
	size_t wide = aes_x86_wide_blocks(nblocks);
	size_t rest = nblocks - wide, off = 16 * wide;

	if (!aes_x86_usable())
		return false;
	kernel_fpu_begin();
	if (enc) {
		if (wide)
			aes_vaes_ecb_enc(rk, nrounds, dst, src, wide);
		if (rest)
			aesni_ecb_enc(rk, nrounds, dst + off, src + off, rest);
	} else {
		if (wide)
			aes_vaes_ecb_dec(rk, nrounds, dst, src, wide);
		if (rest)
			aesni_ecb_dec(rk, nrounds, dst + off, src + off, rest);
	}
	kernel_fpu_end();
	return true;
}

#define aes_ecb_encrypt_arch aes_ecb_encrypt_arch
static bool aes_ecb_encrypt_arch(const u32 *rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks)
{
	return aes_x86_ecb(rk, nrounds, dst, src, nblocks, true);
}

#define aes_ecb_decrypt_arch aes_ecb_decrypt_arch
static bool aes_ecb_decrypt_arch(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks)
{
	return aes_x86_ecb(inv_rk, nrounds, dst, src, nblocks, false);
}

#define aes_cbc_encrypt_arch aes_cbc_encrypt_arch
static bool aes_cbc_encrypt_arch(const u32 *rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks,
				 u8 iv[AES_BLOCK_SIZE])
{
	if (!aes_x86_usable())
		return false;
	kernel_fpu_begin();
	aesni_cbc_enc(rk, nrounds, dst, src, nblocks, iv);
	kernel_fpu_end();
	return true;
}

#define aes_cbc_decrypt_arch aes_cbc_decrypt_arch
static bool aes_cbc_decrypt_arch(const u32 *inv_rk, int nrounds, u8 *dst,
				 const u8 *src, size_t nblocks,
				 u8 iv[AES_BLOCK_SIZE])
{
	size_t wide = aes_x86_wide_blocks(nblocks);

	if (!aes_x86_usable())
		return false;
	kernel_fpu_begin();
	if (wide)
		aes_vaes_cbc_dec(inv_rk, nrounds, dst, src, wide, iv);
	if (nblocks > wide)
		aesni_cbc_dec(inv_rk, nrounds, dst + 16 * wide,
			      src + 16 * wide, nblocks - wide, iv);
	kernel_fpu_end();
	return true;
}

/* Add @n to a 128-bit big-endian counter. */
static inline void aes_x86_ctr_add(u8 ctr[AES_BLOCK_SIZE], u64 n)
{
	u64 lo = get_unaligned_be64(ctr + 8), hi = get_unaligned_be64(ctr);

	if (lo + n < lo)
		hi++;
	put_unaligned_be64(lo + n, ctr + 8);
	put_unaligned_be64(hi, ctr);
}

/*
 * Whole CTR blocks.  The VAES code steps only the low 64 bits, so runs that
 * would carry into the high half go, 16 blocks at a time, to AES-NI.
 */
static void aes_x86_ctr_blocks(const u32 *rk, int nrounds, u8 *dst,
			       const u8 *src, size_t nblocks,
			       u8 ctr[AES_BLOCK_SIZE])
{
	while (aes_x86_wide_blocks(nblocks)) {
		/* blocks left before the low half wraps (0: 2^64) */
		u64 room = -get_unaligned_be64(ctr + 8);
		size_t n = aes_x86_wide_blocks(nblocks);

		if (room && room < n)
			n = round_down(room, 16);
		if (n) {
			aes_vaes_ctr(rk, nrounds, dst, src, n, ctr);
			aes_x86_ctr_add(ctr, n);
		} else {
			n = 16;
			aesni_ctr(rk, nrounds, dst, src, n, ctr);
		}
		dst += 16 * n;
		src += 16 * n;
		nblocks -= n;
	}
	if (nblocks)
		aesni_ctr(rk, nrounds, dst, src, nblocks, ctr);
}

#define aes_ctr_arch aes_ctr_arch
static bool aes_ctr_arch(const u32 *rk, int nrounds, u8 *dst, const u8 *src,
			 size_t len, u8 ctr[AES_BLOCK_SIZE])
{
	size_t nblocks = len / AES_BLOCK_SIZE, tail = len % AES_BLOCK_SIZE;

	if (!aes_x86_usable())
		return false;
	kernel_fpu_begin();
	aes_x86_ctr_blocks(rk, nrounds, dst, src, nblocks, ctr);
	if (tail) {
		u8 ks[AES_BLOCK_SIZE] = {};

		aesni_ctr(rk, nrounds, ks, ks, 1, ctr);
		crypto_xor_cpy(dst + len - tail, src + len - tail, ks, tail);
		memzero_explicit(ks, sizeof(ks));
	}
	kernel_fpu_end();
	return true;
}

#define aes_cbcmac_blocks_arch aes_cbcmac_blocks_arch
static bool aes_cbcmac_blocks_arch(const u32 *rk, int nrounds,
				   u8 h[AES_BLOCK_SIZE], const u8 *data,
				   size_t nblocks, bool enc_before,
				   bool enc_after)
{
	size_t n = enc_after ? nblocks : nblocks - 1;

	if (!aes_x86_usable())
		return false;
	kernel_fpu_begin();
	if (enc_before)
		aesni_ecb_enc(rk, nrounds, h, h, 1);
	if (n)
		aesni_cbcmac(rk, nrounds, h, data, n);
	kernel_fpu_end();
	if (!enc_after)
		crypto_xor(h, data + n * AES_BLOCK_SIZE, AES_BLOCK_SIZE);
	return true;
}

#define aes_xts_blocks_arch aes_xts_blocks_arch
static bool aes_xts_blocks_arch(const u32 *rk, int nrounds, u8 *dst,
				const u8 *src, size_t nblocks,
				u8 tweak[AES_BLOCK_SIZE], bool enc)
{
	size_t wide = 0;

	if (!aes_x86_usable())
		return false;
	if (static_branch_likely(&have_vaes_vpclmul))
		wide = round_down(nblocks, 16);
	kernel_fpu_begin();
	if (wide) {
		if (enc)
			aes_vaes_xts_enc(rk, nrounds, dst, src, wide, tweak);
		else
			aes_vaes_xts_dec(rk, nrounds, dst, src, wide, tweak);
	}
	if (nblocks > wide) {
		if (enc)
			aesni_xts_enc(rk, nrounds, dst + 16 * wide,
				      src + 16 * wide, nblocks - wide, tweak);
		else
			aesni_xts_dec(rk, nrounds, dst + 16 * wide,
				      src + 16 * wide, nblocks - wide, tweak);
	}
	kernel_fpu_end();
	return true;
}

#define aes_mod_init_arch aes_mod_init_arch
static void aes_mod_init_arch(void)
{
	if (!boot_cpu_has(X86_FEATURE_AES))
		return;
	static_branch_enable(&have_aesni);
	if (!boot_cpu_has(X86_FEATURE_VAES) || !boot_cpu_has(X86_FEATURE_AVX2) ||
	    !cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		return;
	static_branch_enable(&have_vaes);
	if (boot_cpu_has(X86_FEATURE_VPCLMULQDQ))
		static_branch_enable(&have_vaes_vpclmul);
}
