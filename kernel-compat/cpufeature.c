// SPDX-License-Identifier: GPL-2.0
/*
 * CPU feature probing for the userspace build of the shared crypto core.
 *
 * The kernel decides once at boot which implementation of each algorithm to
 * use; libkcrypto decides once at load time with the same questions asked of
 * cpuid (x86) or the auxiliary vector (arm64).  KCRYPTO_CLEARCPUID masks
 * features, like the kernel's clearcpuid= parameter (features that depend on
 * a masked one go too, as with the kernel's cpuid-deps), so that the portable
 * and intermediate paths can be tested on a CPU that has everything.  The
 * vendor, family and model behind boot_cpu_data (asm/processor.h) come from
 * the same probe; KCRYPTO_CLEARCPUID=vendor clears them, so that tests reach
 * the code a per-family rule refuses on this CPU.
 */
#include <asm/cpufeature.h>
#include <asm/processor.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <sys/auxv.h>
#include <asm/hwcap.h>
#endif

static const char *const feature_names[KC_CPU_FEATURE_COUNT] = {
	[X86_FEATURE_SSSE3] = "ssse3",
	[X86_FEATURE_XMM4_1] = "sse4_1",
	[X86_FEATURE_PCLMULQDQ] = "pclmulqdq",
	[X86_FEATURE_AES] = "aes",
	[X86_FEATURE_AVX] = "avx",
	[X86_FEATURE_AVX2] = "avx2",
	[X86_FEATURE_BMI2] = "bmi2",
	[X86_FEATURE_ADX] = "adx",
	[X86_FEATURE_SHA_NI] = "sha_ni",
	[X86_FEATURE_VAES] = "vaes",
	[X86_FEATURE_VPCLMULQDQ] = "vpclmulqdq",
	[X86_FEATURE_AVX512F] = "avx512f",
	[X86_FEATURE_AVX512VL] = "avx512vl",
	[X86_FEATURE_AVX512BW] = "avx512bw",
	[X86_FEATURE_AVX512IFMA] = "avx512ifma",
	[X86_FEATURE_BMI1] = "bmi1",
	[X86_FEATURE_GFNI] = "gfni",
	[KC_ARM64_FEATURE_ASIMD] = "asimd",
	[KC_ARM64_FEATURE_AES] = "aes",
	[KC_ARM64_FEATURE_PMULL] = "pmull",
	[KC_ARM64_FEATURE_SHA1] = "sha1",
	[KC_ARM64_FEATURE_SHA2] = "sha2",
	[KC_ARM64_FEATURE_SHA3] = "sha3",
	[KC_ARM64_FEATURE_SHA512] = "sha512",
};

static bool features[KC_CPU_FEATURE_COUNT];
static struct cpuinfo_x86 cpu_data = { .x86_vendor = X86_VENDOR_UNKNOWN };
static bool ymm_usable;
static bool zmm_usable;
static bool probed;

#if defined(__x86_64__)
static unsigned long long read_xcr0(void)
{
	unsigned int lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((unsigned long long)hi << 32) | lo;
}

/* Vendor, family and model as the kernel's cpu_detect() reads them */
static void probe_cpu_data(unsigned int max_leaf)
{
	unsigned int a, b, c, d, family, model;

	__cpuid(0, a, b, c, d);
	if (b == signature_INTEL_ebx && c == signature_INTEL_ecx &&
	    d == signature_INTEL_edx)
		cpu_data.x86_vendor = X86_VENDOR_INTEL;
	else if (b == signature_AMD_ebx && c == signature_AMD_ecx &&
		 d == signature_AMD_edx)
		cpu_data.x86_vendor = X86_VENDOR_AMD;
	if (max_leaf < 1)
		return;
	__cpuid(1, a, b, c, d);
	family = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family >= 6)
		model += ((a >> 16) & 0xf) << 4;
	cpu_data.x86 = family;
	cpu_data.x86_model = model;
}

static void probe_arch(void)
{
	unsigned int a, b, c, d, max_leaf;
	bool osxsave;

	features[X86_FEATURE_ALWAYS] = true;
	max_leaf = __get_cpuid_max(0, NULL);
	probe_cpu_data(max_leaf);
	if (max_leaf < 1)
		return;
	__cpuid_count(1, 0, a, b, c, d);
	features[X86_FEATURE_SSSE3] = c & bit_SSSE3;
	features[X86_FEATURE_XMM4_1] = c & bit_SSE4_1;
	features[X86_FEATURE_PCLMULQDQ] = c & bit_PCLMUL;
	features[X86_FEATURE_AES] = c & bit_AES;
	osxsave = c & bit_OSXSAVE;
	if (osxsave) {
		unsigned long long xcr0 = read_xcr0();

		ymm_usable = (xcr0 & 6) == 6;
		zmm_usable = ymm_usable && (xcr0 & 0xe0) == 0xe0;
	}
	features[X86_FEATURE_AVX] = ymm_usable && (c & bit_AVX);
	if (max_leaf < 7)
		return;
	__cpuid_count(7, 0, a, b, c, d);
	features[X86_FEATURE_AVX2] = ymm_usable && (b & bit_AVX2);
	features[X86_FEATURE_BMI2] = b & bit_BMI2;
	features[X86_FEATURE_ADX] = b & bit_ADX;
	features[X86_FEATURE_SHA_NI] = b & bit_SHA;
	features[X86_FEATURE_VAES] = ymm_usable && (c & bit_VAES);
	features[X86_FEATURE_VPCLMULQDQ] = ymm_usable && (c & bit_VPCLMULQDQ);
	features[X86_FEATURE_AVX512F] = zmm_usable && (b & bit_AVX512F);
	features[X86_FEATURE_AVX512VL] = zmm_usable && (b & bit_AVX512VL);
	features[X86_FEATURE_AVX512BW] = zmm_usable && (b & bit_AVX512BW);
	features[X86_FEATURE_AVX512IFMA] = zmm_usable && (b & bit_AVX512IFMA);
	features[X86_FEATURE_BMI1] = b & bit_BMI;
	features[X86_FEATURE_GFNI] = c & bit_GFNI;
	/*
	 * The kernel sets PREFER_YMM on the Intel AVX-512 CPUs whose clock
	 * drops when 512-bit registers are used; without its model list,
	 * userspace treats every Intel CPU that way.
	 */
	features[X86_FEATURE_PREFER_YMM] =
		cpu_data.x86_vendor == X86_VENDOR_INTEL;
}
#elif defined(__aarch64__)
static void probe_arch(void)
{
	unsigned long hwcap = getauxval(AT_HWCAP);

	features[KC_ARM64_FEATURE_ASIMD] = hwcap & HWCAP_ASIMD;
	features[KC_ARM64_FEATURE_AES] = hwcap & HWCAP_AES;
	features[KC_ARM64_FEATURE_PMULL] = hwcap & HWCAP_PMULL;
	features[KC_ARM64_FEATURE_SHA1] = hwcap & HWCAP_SHA1;
	features[KC_ARM64_FEATURE_SHA2] = hwcap & HWCAP_SHA2;
	features[KC_ARM64_FEATURE_SHA3] = hwcap & HWCAP_SHA3;
	features[KC_ARM64_FEATURE_SHA512] = hwcap & HWCAP_SHA512;
}
#else
static void probe_arch(void)
{
}
#endif

static bool is_arch_feature(int i)
{
#if defined(__x86_64__)
	return i <= X86_FEATURE_PREFER_YMM;
#elif defined(__aarch64__)
	return i >= KC_ARM64_FEATURE_ASIMD;
#else
	return false;
#endif
}

/* Apply KCRYPTO_CLEARCPUID: a comma-separated list of feature names. */
static void apply_clearcpuid(void)
{
	const char *list = getenv("KCRYPTO_CLEARCPUID");
	const char *p = list;

	while (p && *p) {
		size_t len = strcspn(p, ", ");

		for (int i = 0; i < KC_CPU_FEATURE_COUNT; i++) {
			if (is_arch_feature(i) && feature_names[i] &&
			    strlen(feature_names[i]) == len &&
			    strncmp(feature_names[i], p, len) == 0)
				features[i] = false;
		}
		if (len == 3 && strncmp(p, "all", 3) == 0)
			memset(features, 0, sizeof(features));
#if defined(__x86_64__)
		/* "zmm": treat 512-bit registers as slow (PREFER_YMM) */
		if (len == 3 && strncmp(p, "zmm", 3) == 0)
			features[X86_FEATURE_PREFER_YMM] = true;
		/* "vendor": no per-family rule (asm/processor.h) */
		if (len == 6 && strncmp(p, "vendor", 6) == 0)
			cpu_data = (struct cpuinfo_x86){
				.x86_vendor = X86_VENDOR_UNKNOWN };
#endif
		p += len;
		p += strspn(p, ", ");
	}
#if defined(__x86_64__)
	/* Dependent features go too, as with the kernel's cpuid-deps. */
	if (!features[X86_FEATURE_AVX]) {
		features[X86_FEATURE_AVX2] = false;
		features[X86_FEATURE_AVX512F] = false;
	}
	if (!features[X86_FEATURE_AVX512F]) {
		features[X86_FEATURE_AVX512VL] = false;
		features[X86_FEATURE_AVX512BW] = false;
		features[X86_FEATURE_AVX512IFMA] = false;
	}
#endif
}

static void probe(void)
{
	if (probed)
		return;
	probe_arch();
	apply_clearcpuid();
	probed = true;
}

static int probe_initcall(void)
{
	probe();
	return 0;
}

/*
 * Run before the library's own initcalls (priority 102 and later).  The
 * shim, which defers the initcalls (linux/init.h), defers the probe with
 * them, in this constructor's place: a program that never uses AF_ALG
 * executes no cpuid for it and touches neither this code nor the feature
 * table (fewer page faults in every program the shim is preloaded into).
 */
static void __attribute__((constructor(101))) kcrypto_cpu_probe(void)
{
	if (!kc_initcall_defer || !kc_initcall_defer(probe_initcall))
		probe();
}

bool kcrypto_cpu_has(enum kcrypto_cpu_feature feature)
{
	probe();
	return (unsigned int)feature < KC_CPU_FEATURE_COUNT && features[feature];
}

const struct cpuinfo_x86 *kcrypto_boot_cpu_data(void)
{
	probe();
	return &cpu_data;
}

bool kcrypto_cpu_has_xfeatures(unsigned int mask)
{
	probe();
	if (mask & XFEATURE_MASK_AVX512)
		return zmm_usable;
	if (mask & XFEATURE_MASK_YMM)
		return ymm_usable;
	return true;
}

/* static_branch_enable(): the key's name for KCRYPTO_DEBUG_DISPATCH */
void kcrypto_static_key_enabled(const char *name)
{
	if (!getenv("KCRYPTO_DEBUG_DISPATCH"))
		return;
	fprintf(stderr, "kcrypto: static key %s\n", name + (*name == '&'));
}
