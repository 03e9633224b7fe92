/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ChaCha on x86_64: for the bulk, AVX-512 code for 16 blocks (512-bit
 * vectors) and 8 blocks (256-bit, AVX-512VL) or else AVX2 code for 8
 * blocks; AVX2 code for 2 blocks (short messages).  HChaCha stays portable
 * (one permutation per XChaCha message).  Included by lib/crypto/chacha.c.
 */

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/simd.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/linkage.h>
#include <linux/kernel.h>

asmlinkage void chacha_8block_xor_avx2(const u32 *state, u8 *dst,
				       const u8 *src, unsigned int len,
				       int nrounds);
asmlinkage void chacha_2block_xor_avx2(const u32 *state, u8 *dst,
				       const u8 *src, unsigned int len,
				       int nrounds);
asmlinkage void chacha_16block_xor_avx512(const u32 *state, u8 *dst,
					  const u8 *src, unsigned int len,
					  int nrounds);
asmlinkage void chacha_8block_xor_avx512vl(const u32 *state, u8 *dst,
					   const u8 *src, unsigned int len,
					   int nrounds);

static __ro_after_init DEFINE_STATIC_KEY_FALSE(chacha_use_avx2);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(chacha_use_avx512vl);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(chacha_use_zmm);

/* Whole 8-block chunks: AVX-512VL if the CPU has it, else AVX2. */
static void chacha_8block(const u32 *state, u8 *dst, const u8 *src,
			  unsigned int len, int nrounds)
{
	if (static_branch_likely(&chacha_use_avx512vl))
		chacha_8block_xor_avx512vl(state, dst, src, len, nrounds);
	else
		chacha_8block_xor_avx2(state, dst, src, len, nrounds);
}

/* Bound the time spent with preemption off in the kernel. */
#define CHACHA_SIMD_MAX_CHUNK	4096

static void chacha_simd(struct chacha_state *state, u8 *dst, const u8 *src,
			unsigned int bytes, int nrounds)
{
	u8 buf[8 * CHACHA_BLOCK_SIZE] __aligned(32);
	unsigned int n;

	if (static_branch_likely(&chacha_use_zmm)) {
		n = round_down(bytes, 16 * CHACHA_BLOCK_SIZE);
		if (n) {
			chacha_16block_xor_avx512(state->x, dst, src, n,
						  nrounds);
			state->x[12] += n / CHACHA_BLOCK_SIZE;
			dst += n;
			src += n;
			bytes -= n;
		}
	}
	n = round_down(bytes, 8 * CHACHA_BLOCK_SIZE);
	if (n) {
		chacha_8block(state->x, dst, src, n, nrounds);
		state->x[12] += n / CHACHA_BLOCK_SIZE;
		dst += n;
		src += n;
		bytes -= n;
	}
	if (bytes > 2 * CHACHA_BLOCK_SIZE) {
		/* 129..511 bytes left: one 8-block pass through a buffer. */
		memcpy(buf, src, bytes);
		chacha_8block(state->x, buf, buf, sizeof(buf), nrounds);
		memcpy(dst, buf, bytes);
		state->x[12] += DIV_ROUND_UP(bytes, CHACHA_BLOCK_SIZE);
		memzero_explicit(buf, sizeof(buf));
		return;
	}
	if (bytes == 2 * CHACHA_BLOCK_SIZE) {
		chacha_2block_xor_avx2(state->x, dst, src, bytes, nrounds);
	} else if (bytes) {
		memcpy(buf, src, bytes);
		chacha_2block_xor_avx2(state->x, buf, buf,
				       2 * CHACHA_BLOCK_SIZE, nrounds);
		memcpy(dst, buf, bytes);
		memzero_explicit(buf, 2 * CHACHA_BLOCK_SIZE);
	}
	state->x[12] += DIV_ROUND_UP(bytes, CHACHA_BLOCK_SIZE);
}

static void chacha_crypt_arch(struct chacha_state *state, u8 *dst,
			      const u8 *src, unsigned int bytes, int nrounds)
{
	if (!static_branch_likely(&chacha_use_avx2) || !may_use_simd() ||
	    bytes <= CHACHA_BLOCK_SIZE / 2) {
		chacha_crypt_generic(state, dst, src, bytes, nrounds);
		return;
	}
	do {
		unsigned int n = min(bytes, (unsigned int)CHACHA_SIMD_MAX_CHUNK);

		kernel_fpu_begin();
		chacha_simd(state, dst, src, n, nrounds);
		kernel_fpu_end();
		dst += n;
		src += n;
		bytes -= n;
	} while (bytes);
}

#define hchacha_block_arch hchacha_block_generic

static bool chacha_is_arch_optimized_arch(void)
{
	return static_key_enabled(&chacha_use_avx2);
}

static int __init chacha_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AVX) && boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&chacha_use_avx2);
	if (static_key_enabled(&chacha_use_avx2) &&
	    boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL)) {
		static_branch_enable(&chacha_use_avx512vl);
		if (!boot_cpu_has(X86_FEATURE_PREFER_YMM))
			static_branch_enable(&chacha_use_zmm);
	}
	return 0;
}
subsys_initcall(chacha_mod_init_arch);
