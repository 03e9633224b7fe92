// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-deny CMD [ARG]...: run CMD with the bpf(2) system call failing with
 * EPERM, for it and everything it starts.
 *
 * The project's kernel-side code, the tracer's BPF programs included, is
 * tested in QEMU guests and never loaded into the build machine's kernel
 * (issue 27 item 5).  Suite "tracer" runs its host drivers under this
 * wrapper so that a test which would load or attach BPF on the host fails
 * instead.  A seccomp filter (classic BPF, installed with prctl(); no
 * library): bpf() of the native ABI, of the 32-bit compat ABI and, on
 * x86_64, of x32 returns EPERM; every other system call is allowed.  The
 * filter is inherited across fork() and execve() and cannot be removed.
 * A process without CAP_SYS_ADMIN gets no_new_privs set first, as the
 * kernel requires.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH_NATIVE	AUDIT_ARCH_X86_64
#define ARCH_COMPAT	AUDIT_ARCH_I386
#define NR_BPF_COMPAT	357			/* arch/x86/entry/syscalls/syscall_32.tbl */
#define NR_BPF_X32	(0x40000000 | 321)	/* __X32_SYSCALL_BIT | bpf */
#elif defined(__aarch64__)
#define ARCH_NATIVE	AUDIT_ARCH_AARCH64
#define ARCH_COMPAT	AUDIT_ARCH_ARM
#define NR_BPF_COMPAT	386			/* arch/arm/tools/syscall.tbl */
#define NR_BPF_X32	__NR_bpf		/* no x32: the native check again */
#else
#error "bpf-deny: add this architecture's audit arch and compat bpf() number"
#endif

#define LD(field)	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
#define JEQ(k, t, f)	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (t), (f))

static struct sock_filter filter[] = {
	/* 0 */ LD(arch),
	/* 1 */ JEQ(ARCH_NATIVE, 0, 3),		/* else to 5 */
	/* 2 */ LD(nr),
	/* 3 */ JEQ(__NR_bpf, 5, 0),		/* to 9 */
	/* 4 */ JEQ(NR_BPF_X32, 4, 3),		/* to 9, else to 8 */
	/* 5 */ JEQ(ARCH_COMPAT, 0, 2),		/* else to 8 */
	/* 6 */ LD(nr),
	/* 7 */ JEQ(NR_BPF_COMPAT, 1, 0),	/* to 9 */
	/* 8 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	/* 9 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
};

int main(int argc, char **argv)
{
	struct sock_fprog prog = {
		.len = sizeof(filter) / sizeof(filter[0]),
		.filter = filter,
	};

	if (argc < 2) {
		fprintf(stderr, "usage: bpf-deny CMD [ARG]...\n");
		return 2;
	}
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) &&
	    (errno != EACCES || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	     prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))) {
		fprintf(stderr, "bpf-deny: cannot install the seccomp filter: %s\n",
			strerror(errno));
		return 126;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "bpf-deny: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
