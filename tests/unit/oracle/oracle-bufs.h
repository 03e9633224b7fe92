/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Source/destination buffers for cipher oracle commands: the concatenation
 * of the data arguments, placed <off> bytes into an exact-size allocation
 * (so ASan sees overreads), with dst either the same buffer (in-place) or a
 * separate one misaligned differently.  dst starts filled with 0xa5 so that
 * a test can tell "zeroed" from "never written".
 */
#ifndef KC_ORACLE_BUFS_H
#define KC_ORACLE_BUFS_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#include "oracle.h"

struct obufs {
	u8 *src_mem, *dst_mem;
	u8 *src, *dst;
	size_t len;
};

static inline void obufs_free(struct obufs *b)
{
	free(b->src_mem);
	if (b->dst_mem != b->src_mem)
		free(b->dst_mem);
	b->src_mem = b->dst_mem = NULL;
}

static inline int obufs_setup(struct obufs *b, const struct oarg *parts,
			      int nparts, long long off, long long inplace)
{
	size_t pos = 0, doff;
	int i;

	if (off < 0 || off > 64 || (inplace != 0 && inplace != 1))
		return -EINVAL;
	doff = (3 * off + 1) % 17;
	b->len = 0;
	for (i = 0; i < nparts; i++)
		b->len += parts[i].len;
	b->src_mem = malloc(b->len + off ? b->len + off : 1);
	if (!b->src_mem)
		abort();
	b->src = b->src_mem + off;
	for (i = 0; i < nparts; i++) {
		if (parts[i].len)
			memcpy(b->src + pos, parts[i].buf, parts[i].len);
		pos += parts[i].len;
	}
	if (inplace) {
		b->dst_mem = b->src_mem;
		b->dst = b->src;
	} else {
		b->dst_mem = malloc(b->len + doff ? b->len + doff : 1);
		if (!b->dst_mem)
			abort();
		b->dst = b->dst_mem + doff;
		memset(b->dst, 0xa5, b->len);
	}
	return 0;
}

/* After a failed AEAD decryption dst must hold no plaintext: all zero. */
static inline bool obufs_dst_zero(const struct obufs *b)
{
	for (size_t i = 0; i < b->len; i++)
		if (b->dst[i])
			return false;
	return true;
}

#endif
