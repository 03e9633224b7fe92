/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Poly1305 on x86_64: AVX2 code for long inputs (four blocks per step in
 * radix 2^26), the portable code for short ones and for the last few
 * blocks.  Both keep h in the same radix-2^26 form, so they interleave
 * freely.  The powers r^2..r^4 are computed the first time a key meets a
 * long input, so short messages (most AEAD packets) never pay for them.
 * Included by lib/crypto/poly1305.c.
 */

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/simd.h>
#include <linux/build_bug.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/linkage.h>

asmlinkage void poly1305_blocks_avx2(u32 h[5], const u8 *src,
				     unsigned int len, const u32 pw[10][4]);

static __ro_after_init DEFINE_STATIC_KEY_FALSE(poly1305_use_avx2);

/* What this file keeps in poly1305_block_state's key area. */
struct poly1305_x86_key {
	struct poly1305_core_key core;	/* r, 5r: used by the portable code */
	u32 pw[10][4];			/* r^4..r^1 per limb, then 5x */
	u32 have_powers;
};

#define POLY1305_AVX2_MIN	256	/* below this, portable is faster */
#define POLY1305_AVX2_MAX_CHUNK	4096	/* preemption-off bound, kernel */

static struct poly1305_x86_key *poly1305_x86_key(struct poly1305_block_state *s)
{
	BUILD_BUG_ON(sizeof(struct poly1305_x86_key) > sizeof(s->opaque_r));
	return (struct poly1305_x86_key *)&s->core_r;
}

/* a = a * b mod 2^130 - 5, in 26-bit limbs; sb[i] = 5 * b[i]. */
static void poly1305_mul26(u32 a[5], const u32 b[5], const u32 sb[5])
{
	u64 d[5];
	u32 c;
	int i, j;

	for (i = 0; i < 5; i++) {
		d[i] = 0;
		for (j = 0; j <= i; j++)
			d[i] += (u64)a[j] * b[i - j];
		for (; j < 5; j++)
			d[i] += (u64)a[j] * sb[i - j + 5];
	}
	for (i = 0; i < 4; i++) {
		d[i + 1] += d[i] >> 26;
		a[i] = d[i] & 0x3ffffff;
	}
	a[4] = d[4] & 0x3ffffff;
	c = (u32)(d[4] >> 26) * 5 + a[0];
	a[0] = c & 0x3ffffff;
	a[1] += c >> 26;
}

static void poly1305_compute_powers(struct poly1305_x86_key *k)
{
	const u32 *r = k->core.key.r, *s = k->core.precomputed_s.r;
	u32 p[5];
	int i, e;

	memcpy(p, r, sizeof(p));
	for (e = 1; e <= 4; e++) {
		if (e > 1)
			poly1305_mul26(p, r, s);
		for (i = 0; i < 5; i++) {
			k->pw[i][4 - e] = p[i];
			k->pw[5 + i][4 - e] = p[i] * 5;
		}
	}
	k->have_powers = 1;
	memzero_explicit(p, sizeof(p));
}

static void poly1305_block_init_arch(struct poly1305_block_state *state,
				     const u8 raw_key[POLY1305_BLOCK_SIZE])
{
	poly1305_block_init_generic(state, raw_key);
	poly1305_x86_key(state)->have_powers = 0;
}

static void poly1305_blocks_arch(struct poly1305_block_state *state,
				 const u8 *src, unsigned int len, u32 padbit)
{
	struct poly1305_x86_key *k = poly1305_x86_key(state);

	if (!static_branch_likely(&poly1305_use_avx2) || !padbit ||
	    len < POLY1305_AVX2_MIN || !may_use_simd()) {
		poly1305_blocks_generic(state, src, len, padbit);
		return;
	}
	if (!k->have_powers)
		poly1305_compute_powers(k);
	while (len >= 4 * POLY1305_BLOCK_SIZE) {
		unsigned int n = min(round_down(len, 4 * POLY1305_BLOCK_SIZE),
				     (unsigned int)POLY1305_AVX2_MAX_CHUNK);

		kernel_fpu_begin();
		poly1305_blocks_avx2(state->h.h, src, n,
				     (const u32 (*)[4])k->pw);
		kernel_fpu_end();
		src += n;
		len -= n;
	}
	if (len)
		poly1305_blocks_generic(state, src, len, padbit);
}

#define poly1305_emit_arch poly1305_emit_generic

static bool poly1305_is_arch_optimized_arch(void)
{
	return static_key_enabled(&poly1305_use_avx2);
}

static int __init poly1305_mod_init_arch(void)
{
	if (boot_cpu_has(X86_FEATURE_AVX) && boot_cpu_has(X86_FEATURE_AVX2) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		static_branch_enable(&poly1305_use_avx2);
	return 0;
}
subsys_initcall(poly1305_mod_init_arch);
