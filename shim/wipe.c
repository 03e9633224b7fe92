// SPDX-License-Identifier: GPL-2.0
/*
 * Secrets (keys, hash states, queued plaintext) are zeroed before their
 * memory is given back: the empty asm that takes the pointer keeps the
 * compiler from dropping the stores as dead.
 */
#include <stdlib.h>
#include <string.h>

#include "base.h"

void afs_wipe(void *p, size_t n)
{
	if (!p)
		return;
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

void afs_free_secret(void *p, size_t n)
{
	afs_wipe(p, n);
	free(p);
}
