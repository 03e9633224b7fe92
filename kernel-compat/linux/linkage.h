/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembler symbol macros for the shared .S files.  In userspace every
 * function is hidden: libkcrypto exports only the C API, and a statically
 * linked copy (the shim) must not add symbols to its host program.
 */
#ifndef _KCOMPAT_LINUX_LINKAGE_H
#define _KCOMPAT_LINUX_LINKAGE_H

#ifdef __ASSEMBLER__

/* Every object from a .S file: no executable stack (the kernel does not care). */
	.section .note.GNU-stack, "", %progbits
	.previous

#if defined(__x86_64__)
#define SYM_ALIGN	.p2align 4, 0x90
#define RET		ret
#define ENDBR		endbr64
#define ANNOTATE_NOENDBR
#elif defined(__aarch64__)
#define SYM_ALIGN	.p2align 2
#endif

#define SYM_FUNC_START(name) \
	.globl name; .hidden name; .type name, %function; SYM_ALIGN; name:
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#define SYM_FUNC_START_LOCAL(name) \
	.type name, %function; SYM_ALIGN; name:
#define SYM_FUNC_END(name)	.size name, . - name
#define SYM_FUNC_START_ALIAS(name)	SYM_FUNC_START(name)
#define SYM_FUNC_END_ALIAS(name)	SYM_FUNC_END(name)
#define SYM_DATA_START_LOCAL(name)	name:
#define SYM_DATA_END(name)		.size name, . - name
#define SYM_DATA_LOCAL(name, ...)	name: __VA_ARGS__

#else /* !__ASSEMBLER__ */

#define asmlinkage

#endif /* __ASSEMBLER__ */
#endif
