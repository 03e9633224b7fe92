/* SPDX-License-Identifier: GPL-2.0 */
/*
 * get_random_bytes() for userspace: the kernel's CRNG is reached through
 * getrandom(2), which blocks only until the kernel CRNG is initialised,
 * the same guarantee in-kernel callers of get_random_bytes() rely on once
 * the system is up.
 */
#ifndef _KCOMPAT_LINUX_RANDOM_H
#define _KCOMPAT_LINUX_RANDOM_H

/*
 * This directory is on the include path of every libkcrypto user: a
 * program's own <linux/random.h> (RNDGETENTCNT, RNDADDENTROPY) must still
 * get the uapi header, and nothing else when built through libkcrypto.pc.
 */
#include_next <linux/random.h>
#ifndef KCRYPTO_COMPAT_UAPI_ONLY	/* see linux/kernel.h */
#include <errno.h>
#include <stdlib.h>
#include <sys/random.h>
#include <linux/types.h>

static inline void get_random_bytes(void *buf, size_t len)
{
	unsigned char *p = buf;

	while (len) {
		ssize_t n = getrandom(p, len, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			abort();	/* no entropy source: never hand out zeroes */
		}
		p += n;
		len -= n;
	}
}

static inline bool rng_is_initialized(void)
{
	return true;
}

#endif /* KCRYPTO_COMPAT_UAPI_ONLY */
#endif /* _KCOMPAT_LINUX_RANDOM_H */
