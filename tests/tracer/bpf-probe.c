// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-probe: call bpf(2) once with a command no kernel knows and print the
 * errno it gave ("EPERM", "EINVAL", ...) on stdout.  The kernel rejects the
 * command before doing anything, so nothing is created, loaded or read:
 * the guard test (test_bpf_deny.py) can run it outside bpf-deny too, where
 * root gets EINVAL and bpf-deny's filter EPERM.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	long r = syscall(SYS_bpf, 0x7fff0000, NULL, 0);
	const char *name = r == 0 ? "OK" : errno == EPERM ? "EPERM" : errno == EINVAL ?
		"EINVAL" : errno == ENOSYS ? "ENOSYS" : strerrorname_np(errno);

	printf("%s\n", name ? name : "?");
	return 0;
}
