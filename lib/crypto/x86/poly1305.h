/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Poly1305 on x86_64: for long inputs, AVX-512 IFMA code (eight blocks per
 * step in radix 2^44) or else AVX2 code (four blocks per step in radix
 * 2^26); the portable code for short inputs and for the last few blocks.
 * h is kept in the portable code's radix-2^26 form between calls, so the
 * implementations interleave freely; the IFMA code converts on entry and
 * exit.  The powers of r are computed the first time a key meets a long
 * input, so short messages (most AEAD packets) never pay for them.
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
asmlinkage void poly1305_blocks_ifma(u64 h[3], const u8 *src,
				     unsigned int len, const u64 pw[3][8]);

static __ro_after_init DEFINE_STATIC_KEY_FALSE(poly1305_use_avx2);
static __ro_after_init DEFINE_STATIC_KEY_FALSE(poly1305_use_ifma);

/* What this file keeps in poly1305_block_state's key area. */
struct poly1305_x86_key {
	struct poly1305_core_key core;	/* r, 5r: used by the portable code */
	union {
		u32 pw[10][4];		/* AVX2: r^4..r^1 per limb, then 5x */
		u64 pw44[3][8];		/* IFMA: see poly1305_blocks_ifma() */
	};
	u32 have_powers;
};

#define POLY1305_AVX2_MIN	256	/* below this, portable is faster */
#define POLY1305_SIMD_MAX_CHUNK	4096	/* preemption-off bound, kernel */

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

/* The exact value of a radix-2^26 number in radix 2^44 (44, 44, 42 bits) */
static void poly1305_26_to_44(u64 d[3], const u32 a[5])
{
	d[0] = a[0] + ((u64)(a[1] & 0x3ffff) << 26);
	d[1] = (a[1] >> 18) + ((u64)a[2] << 8) + ((u64)(a[3] & 0x3ff) << 34);
	d[2] = (a[3] >> 10) + ((u64)a[4] << 16);
}

/* Back to radix 2^26, limbs at most slightly over 26 bits, same value mod p */
static void poly1305_44_to_26(u32 a[5], u64 d[3])
{
	const u64 m44 = (1ULL << 44) - 1;
	u64 c;

	c = d[0] >> 44;
	d[0] &= m44;
	d[1] += c;
	c = d[1] >> 44;
	d[1] &= m44;
	d[2] += c;
	c = d[2] >> 42;
	d[2] &= m44 >> 2;
	d[0] += c * 5;
	a[0] = d[0] & 0x3ffffff;
	a[1] = (d[0] >> 26) + ((d[1] << 18) & 0x3ffffff);
	a[2] = (d[1] >> 8) & 0x3ffffff;
	a[3] = (d[1] >> 34) + ((d[2] << 10) & 0x3ffffff);
	a[4] = d[2] >> 16;
}

/* a = a * b mod 2^130 - 5 in radix 2^44, limbs at most slightly over */
static void poly1305_mul44(u64 a[3], const u64 b[3])
{
	const u64 m44 = (1ULL << 44) - 1;
	u64 s1 = b[1] * 20, s2 = b[2] * 20;	/* 2^132 = 20 mod p */
	u128 d0, d1, d2;
	u64 c;

	d0 = (u128)a[0] * b[0] + (u128)a[1] * s2 + (u128)a[2] * s1;
	d1 = (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * s2;
	d2 = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
	d1 += (u64)(d0 >> 44);
	d2 += (u64)(d1 >> 44);
	c = (u64)(d2 >> 42);
	a[0] = ((u64)d0 & m44) + c * 5;
	a[1] = ((u64)d1 & m44) + (a[0] >> 44);
	a[0] &= m44;
	a[2] = (u64)d2 & (m44 >> 2);
}

/*
 * pw44[i][j] = limb i of r^e(j), e = 8, 4, 7, 3, 6, 2, 5, 1: lane j of the
 * IFMA code holds blocks 8m + blk(j), blk = 0, 4, 1, 5, 2, 6, 3, 7, and the
 * last of them is multiplied by r^(8 - blk(j)).
 */
static void poly1305_compute_powers_ifma(struct poly1305_x86_key *k)
{
	static const u8 lane_of_power[9] = { 0, 7, 5, 3, 1, 6, 4, 2, 0 };
	u64 r[3], p[3];
	int i, e;

	poly1305_26_to_44(r, k->core.key.r);
	memcpy(p, r, sizeof(p));
	for (e = 1; e <= 8; e++) {
		if (e > 1)
			poly1305_mul44(p, r);
		for (i = 0; i < 3; i++)
			k->pw44[i][lane_of_power[e]] = p[i];
	}
	k->have_powers = 1;
	memzero_explicit(r, sizeof(r));
	memzero_explicit(p, sizeof(p));
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

/* Whole groups of eight blocks with IFMA, h converted to radix 2^44 and back */
static void poly1305_blocks_ifma_glue(struct poly1305_block_state *state,
				      const u8 *src, unsigned int len)
{
	struct poly1305_x86_key *k = poly1305_x86_key(state);
	u64 h44[3];

	if (!k->have_powers)
		poly1305_compute_powers_ifma(k);
	poly1305_26_to_44(h44, state->h.h);
	do {
		unsigned int n = min(round_down(len, 8 * POLY1305_BLOCK_SIZE),
				     (unsigned int)POLY1305_SIMD_MAX_CHUNK);

		kernel_fpu_begin();
		poly1305_blocks_ifma(h44, src, n, (const u64 (*)[8])k->pw44);
		kernel_fpu_end();
		src += n;
		len -= n;
	} while (len >= 8 * POLY1305_BLOCK_SIZE);
	poly1305_44_to_26(state->h.h, h44);
	if (len)
		poly1305_blocks_generic(state, src, len, 1);
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
	if (static_branch_likely(&poly1305_use_ifma)) {
		poly1305_blocks_ifma_glue(state, src, len);
		return;
	}
	if (!k->have_powers)
		poly1305_compute_powers(k);
	while (len >= 4 * POLY1305_BLOCK_SIZE) {
		unsigned int n = min(round_down(len, 4 * POLY1305_BLOCK_SIZE),
				     (unsigned int)POLY1305_SIMD_MAX_CHUNK);

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
	if (static_key_enabled(&poly1305_use_avx2) &&
	    boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL) &&
	    boot_cpu_has(X86_FEATURE_AVX512IFMA) &&
	    !boot_cpu_has(X86_FEATURE_PREFER_YMM) &&
	    cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
			      XFEATURE_MASK_AVX512, NULL))
		static_branch_enable(&poly1305_use_ifma);
	return 0;
}
subsys_initcall(poly1305_mod_init_arch);
