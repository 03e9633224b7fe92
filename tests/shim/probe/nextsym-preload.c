// SPDX-License-Identifier: GPL-2.0
/*
 * Preloaded under nextsym-check: definitions that come before libc's in
 * the search list, so that dlsym(RTLD_NEXT) from the program finds these
 * (and nextsym.c must too).  Never called.
 */
#include <sys/types.h>

__attribute__((visibility("default"))) int nextsym_check_only_preloaded;

__attribute__((visibility("default"))) ssize_t read(int fd, void *buf,
						    size_t n)
{
	(void)fd;
	(void)buf;
	(void)n;
	return -1;
}

__attribute__((visibility("default"))) int dup3(int a, int b, int flags)
{
	(void)a;
	(void)b;
	(void)flags;
	return -1;
}
