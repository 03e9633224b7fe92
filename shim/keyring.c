// SPDX-License-Identifier: GPL-2.0
/*
 * ALG_SET_KEY_BY_KEY_SERIAL: the kernel reads the payload of a "user",
 * "logon", "encrypted" or "trusted" key.  From userspace only "user" keys
 * are readable (KEYCTL_READ); the others are refused with ENOPROTOOPT, the
 * kernel's answer for key types it does not take (see DIVERGENCES.md).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/keyctl.h>

#include "real.h"

int afs_key_read_user(int32_t serial, uint8_t **data, unsigned int *len)
{
	char desc[256];
	long r, n;
	uint8_t *buf;

	r = AFS_REAL(syscall)(SYS_keyctl, KEYCTL_DESCRIBE, (long)serial,
			     (long)desc, (long)sizeof(desc), 0L);
	if (r < 0)
		return -errno;
	desc[sizeof(desc) - 1] = 0;
	if (strncmp(desc, "user;", 5))
		return -ENOPROTOOPT;
	n = AFS_REAL(syscall)(SYS_keyctl, KEYCTL_READ, (long)serial, 0L, 0L, 0L);
	if (n < 0)
		return -errno;
	buf = malloc(n ? (size_t)n : 1);
	if (!buf)
		return -ENOMEM;
	r = AFS_REAL(syscall)(SYS_keyctl, KEYCTL_READ, (long)serial, (long)buf,
			     n, 0L);
	if (r < 0) {
		r = -errno;
		afs_free_secret(buf, (size_t)n);
		return (int)r;
	}
	if (r > n)		/* grew meanwhile */
		r = n;
	*data = buf;
	*len = (unsigned int)r;
	return 0;
}
