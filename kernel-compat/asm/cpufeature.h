/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU feature tests for userspace, spelled as in the kernel so the arch glue
 * in lib/crypto/<arch>/ compiles unchanged: boot_cpu_has(X86_FEATURE_SHA_NI)
 * on x86, cpu_have_named_feature(SHA2) on arm64.
 *
 * Features can be masked with KCRYPTO_CLEARCPUID=name,name,... (the
 * /proc/cpuinfo names), the userspace twin of the kernel's clearcpuid= boot
 * parameter; tests use it to drive every dispatch path on one machine.
 */
#ifndef _KCOMPAT_ASM_CPUFEATURE_H
#define _KCOMPAT_ASM_CPUFEATURE_H

#include <linux/types.h>

enum kcrypto_cpu_feature {
	/* x86 */
	X86_FEATURE_SSSE3,
	X86_FEATURE_XMM4_1,
	X86_FEATURE_PCLMULQDQ,
	X86_FEATURE_AES,
	X86_FEATURE_AVX,
	X86_FEATURE_AVX2,
	X86_FEATURE_BMI2,
	X86_FEATURE_ADX,
	X86_FEATURE_SHA_NI,
	X86_FEATURE_VAES,
	X86_FEATURE_VPCLMULQDQ,
	X86_FEATURE_AVX512F,
	X86_FEATURE_AVX512VL,
	X86_FEATURE_AVX512BW,
	X86_FEATURE_AVX512IFMA,
	X86_FEATURE_BMI1,
	X86_FEATURE_GFNI,
	/*
	 * synthetic, as in the kernel: always set (arch code that needs no
	 * extension tests it, so that KCRYPTO_CLEARCPUID=all, which clears
	 * it, still selects the portable code); AVX-512 CPUs that slow down
	 * on zmm
	 */
	X86_FEATURE_ALWAYS,
	X86_FEATURE_PREFER_YMM,
	/* arm64 (HWCAP names) */
	KC_ARM64_FEATURE_ASIMD,
	KC_ARM64_FEATURE_AES,
	KC_ARM64_FEATURE_PMULL,
	KC_ARM64_FEATURE_SHA1,
	KC_ARM64_FEATURE_SHA2,
	KC_ARM64_FEATURE_SHA3,
	KC_ARM64_FEATURE_SHA512,
	KC_CPU_FEATURE_COUNT
};

bool kcrypto_cpu_has(enum kcrypto_cpu_feature feature);

#define boot_cpu_has(f)			kcrypto_cpu_has(f)
#define cpu_feature_enabled(f)		kcrypto_cpu_has(f)
#define static_cpu_has(f)		kcrypto_cpu_has(f)
#define cpu_have_named_feature(name)	kcrypto_cpu_has(KC_ARM64_FEATURE_##name)

/* x86 XSAVE component masks; the probe already requires OS YMM support. */
#define XFEATURE_MASK_FP	(1u << 0)
#define XFEATURE_MASK_SSE	(1u << 1)
#define XFEATURE_MASK_YMM	(1u << 2)
#define XFEATURE_MASK_AVX512	(7u << 5)
bool kcrypto_cpu_has_xfeatures(unsigned int mask);
#define cpu_has_xfeatures(mask, name)	kcrypto_cpu_has_xfeatures(mask)

#endif
