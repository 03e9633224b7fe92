/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Camellia on x86_64 with AES-NI and AVX: the S-boxes through vaesenclast
 * and nibble-table affine maps (camellia-aesni-avx.S), in constant time:
 * eight blocks at a time in xmm registers, then two, then one; with VAES
 * and AVX2 the same code on ymm registers does sixteen and eight first.
 * Single blocks (CBC encryption) take the GFNI domain form where the CPU
 * has GFNI (with vpternlogq where it also has AVX-512VL) and is not of a
 * family where that was measured slower (camellia_1way_gfni_is_slow()),
 * and otherwise the portable code's tables in x86_64 assembly
 * (camellia-x86_64.S: no extension needed, no FPU section); the key
 * schedule's F takes the plain GFNI form, or the portable tables.
 * Included by lib/crypto/camellia.c.
 */

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>
#include <asm/simd.h>
#include <linux/build_bug.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <linux/minmax.h>
#include <linux/stddef.h>

asmlinkage u64 camellia_f_gfni_avx(u64 x, u64 k);
asmlinkage void camellia_enc_1way_x86_64(const struct camellia_key *key,
					 u8 *dst, const u8 *src, const u32 *sp);
asmlinkage void camellia_dec_1way_x86_64(const struct camellia_key *key,
					 u8 *dst, const u8 *src, const u32 *sp);
asmlinkage void camellia_cbc_enc_x86_64(const struct camellia_key *key,
					u8 *dst, const u8 *src, const u32 *sp,
					size_t nblocks, u8 *iv);

/* camellia_enc_<form>() and camellia_dec_<form>() of camellia-aesni-avx.S */
#define CAMELLIA_ASM_FUNCS(form)					\
	asmlinkage void camellia_enc_##form(const struct camellia_key *key, \
					    u8 *dst, const u8 *src);	\
	asmlinkage void camellia_dec_##form(const struct camellia_key *key, \
					    u8 *dst, const u8 *src)
CAMELLIA_ASM_FUNCS(1way_gfni_avx);
CAMELLIA_ASM_FUNCS(1way_gfni_avx512);
CAMELLIA_ASM_FUNCS(1way_aesni_avx);
CAMELLIA_ASM_FUNCS(2way_aesni_avx);
CAMELLIA_ASM_FUNCS(8way_aesni_avx);
CAMELLIA_ASM_FUNCS(8way_vaes_avx2);
CAMELLIA_ASM_FUNCS(16way_vaes_avx2);

/* The offsets camellia-aesni-avx.S reads */
static_assert(offsetof(struct camellia_key, kw) == 0);
static_assert(offsetof(struct camellia_key, k) == 32);
static_assert(offsetof(struct camellia_key, ke) == 224);
static_assert(offsetof(struct camellia_key, nrounds) == 272);

static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_x86_64);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_aesni_avx);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_vaes_avx2);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_gfni_avx);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_gfni_avx512);
/* single blocks in the GFNI form (else the tables) */
static __ro_after_init DEFINE_STATIC_KEY_FALSE(camellia_use_gfni_1way);

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

typedef void camellia_asm_fn(const struct camellia_key *key, u8 *dst,
			     const u8 *src);

/* Whole runs of @per blocks through @fn; returns the blocks done. */
static size_t camellia_run(camellia_asm_fn *fn, size_t per,
			   const struct camellia_key *key, u8 *dst,
			   const u8 *src, size_t nblocks)
{
	size_t done;

	for (done = 0; nblocks - done >= per; done += per)
		fn(key, dst + 16 * done, src + 16 * done);
	return done;
}

/* The one-block GFNI form for this CPU (AVX-512VL or AVX) */
static camellia_asm_fn *camellia_1way_gfni(bool enc)
{
	if (static_branch_likely(&camellia_use_gfni_avx512))
		return enc ? camellia_enc_1way_gfni_avx512 :
			     camellia_dec_1way_gfni_avx512;
	return enc ? camellia_enc_1way_gfni_avx : camellia_dec_1way_gfni_avx;
}

/*
 * One block (XTS stealing, camellia_encrypt()): the GFNI form, else the
 * tables in assembly (no FPU section); the AES-NI form is about half the
 * tables' speed on one block.  On an AMD EPYC (Zen 3) without GFNI the
 * assembly is about 1.15 times the portable C (docs/perf.md).  The GFNI
 * forms are 1.03-1.04 times OpenSSL on an Intel Xeon with AVX-512VL (0.94
 * without), ahead of the tables there; not on AMD (camellia_mod_init_arch()).
 */
static bool camellia_crypt_one_arch(const struct camellia_key *key, u8 *dst,
				    const u8 *src, bool enc)
{
	if (!static_branch_likely(&camellia_use_gfni_1way) || !may_use_simd()) {
		if (!static_branch_likely(&camellia_use_x86_64))
			return false;
		if (enc)
			camellia_enc_1way_x86_64(key, dst, src,
						 &camellia_sp[0][0]);
		else
			camellia_dec_1way_x86_64(key, dst, src,
						 &camellia_sp[0][0]);
		return true;
	}
	kernel_fpu_begin();
	camellia_run(camellia_1way_gfni(enc), 1, key, dst, src, 1);
	kernel_fpu_end();
	return true;
}

/*
 * CBC encryption in one call of the table assembly, where single blocks
 * go there (no GFNI): the chaining value stays in registers, where the
 * generic loop stores it, calls four levels down and loads it again for
 * every block.
 */
static bool camellia_cbc_encrypt_arch(const struct camellia_key *key,
				      u8 *dst, const u8 *src, size_t nblocks,
				      u8 iv[CAMELLIA_BLOCK_SIZE])
{
	if (!static_branch_likely(&camellia_use_x86_64) ||
	    (static_branch_likely(&camellia_use_gfni_1way) && may_use_simd()))
		return false;
	if (nblocks)
		camellia_cbc_enc_x86_64(key, dst, src, &camellia_sp[0][0],
					nblocks, iv);
	return true;
}

/* All @nblocks, or false when the CPU or context cannot (portable code then). */
static bool camellia_crypt_arch(const struct camellia_key *key, u8 *dst,
				const u8 *src, size_t nblocks, bool enc)
{
	bool gfni = static_branch_likely(&camellia_use_gfni_avx);

	if (!static_branch_likely(&camellia_use_aesni_avx) || !may_use_simd())
		return false;
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, CAMELLIA_SIMD_MAX_BLOCKS);
		size_t done = 0;

		kernel_fpu_begin();
		if (static_branch_likely(&camellia_use_vaes_avx2)) {
			done += camellia_run(enc ? camellia_enc_16way_vaes_avx2 :
					     camellia_dec_16way_vaes_avx2, 16,
					     key, dst, src, n);
			done += camellia_run(enc ? camellia_enc_8way_vaes_avx2 :
					     camellia_dec_8way_vaes_avx2, 8, key,
					     dst + 16 * done, src + 16 * done,
					     n - done);
		}
		done += camellia_run(enc ? camellia_enc_8way_aesni_avx :
				     camellia_dec_8way_aesni_avx, 8, key,
				     dst + 16 * done, src + 16 * done, n - done);
		done += camellia_run(enc ? camellia_enc_2way_aesni_avx :
				     camellia_dec_2way_aesni_avx, 2, key,
				     dst + 16 * done, src + 16 * done, n - done);
		if (gfni)
			done += camellia_run(camellia_1way_gfni(enc), 1, key,
					     dst + 16 * done, src + 16 * done,
					     n - done);
		else
			done += camellia_run(enc ? camellia_enc_1way_aesni_avx :
					     camellia_dec_1way_aesni_avx, 1, key,
					     dst + 16 * done, src + 16 * done,
					     n - done);
		kernel_fpu_end();
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	return true;
}

/*
 * A single block is one chain of 18 or 24 rounds: it runs at the latency
 * of each round's operations.  On AMD Zen 5 (family 0x1a) the GFNI form's
 * vector operations take two cycles each (gf2p8affineqb three), and a
 * block takes about 390 cycles with AVX-512VL and 425 without, against 330
 * for the tables in general-purpose registers (and OpenSSL's 340); Zen 4
 * (family 0x19) measured CBC encryption at 0.83 times OpenSSL in the GFNI
 * form.  The multi-block modes are not affected (their single-block tail
 * keeps the GFNI form).  Earlier AMD families have no GFNI; later ones are
 * taken to be alike until measured.  Figures and commands: docs/perf.md.
 */
static bool __init camellia_1way_gfni_is_slow(void)
{
	return boot_cpu_data.x86_vendor == X86_VENDOR_AMD &&
	       boot_cpu_data.x86 >= 0x19;
}

static int __init camellia_mod_init_arch(void)
{
	/* Base x86_64; KCRYPTO_CLEARCPUID=all clears it in userspace */
	if (boot_cpu_has(X86_FEATURE_ALWAYS))
		static_branch_enable(&camellia_use_x86_64);
	if (boot_cpu_has(X86_FEATURE_AES) && boot_cpu_has(X86_FEATURE_AVX) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL)) {
		static_branch_enable(&camellia_use_aesni_avx);
		if (boot_cpu_has(X86_FEATURE_VAES) &&
		    boot_cpu_has(X86_FEATURE_AVX2))
			static_branch_enable(&camellia_use_vaes_avx2);
		if (boot_cpu_has(X86_FEATURE_GFNI))
			static_branch_enable(&camellia_use_gfni_avx);
		if (boot_cpu_has(X86_FEATURE_GFNI) &&
		    !camellia_1way_gfni_is_slow())
			static_branch_enable(&camellia_use_gfni_1way);
		if (boot_cpu_has(X86_FEATURE_GFNI) &&
		    boot_cpu_has(X86_FEATURE_AVX512F) &&
		    boot_cpu_has(X86_FEATURE_AVX512VL) &&
		    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				      XFEATURE_MASK_AVX512, NULL))
			static_branch_enable(&camellia_use_gfni_avx512);
	}
	return 0;
}
subsys_initcall(camellia_mod_init_arch);
