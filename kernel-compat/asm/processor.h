/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of the kernel's <asm/processor.h> that arch glue reads to refuse
 * an implementation on a CPU family where it was measured slow (as the
 * kernel's x86 crypto glue does in is_blacklisted_cpu()):
 * boot_cpu_data.x86_vendor, .x86 (the family) and .x86_model, filled from
 * cpuid by kernel-compat/cpufeature.c.
 *
 * KCRYPTO_CLEARCPUID=vendor (tests, bench-paths) clears the vendor: it
 * reads X86_VENDOR_UNKNOWN, family and model 0, so that no per-family rule
 * applies and the code is chosen by the feature bits alone.
 */
#ifndef _KCOMPAT_ASM_PROCESSOR_H
#define _KCOMPAT_ASM_PROCESSOR_H

#include <linux/types.h>

/* The kernel's values (arch/x86/include/asm/processor.h) */
#define X86_VENDOR_INTEL	0
#define X86_VENDOR_AMD		2
#define X86_VENDOR_UNKNOWN	0xff

struct cpuinfo_x86 {
	__u8 x86;		/* family, with the extended family added */
	__u8 x86_vendor;
	__u8 x86_model;		/* model, with the extended model added */
};

const struct cpuinfo_x86 *kcrypto_boot_cpu_data(void);

/* A function call, so that the probe has run whoever asks first */
#define boot_cpu_data	(*kcrypto_boot_cpu_data())

#endif /* _KCOMPAT_ASM_PROCESSOR_H */
