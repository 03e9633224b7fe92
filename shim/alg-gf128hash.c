// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: the keyed hashes "ghash" and "polyval" on <crypto/gf128hash.h>,
 * as crypto/ghash-generic.c and polyval-generic.c: blocksize and digest 16
 * bytes, a 16-byte key (another length is EINVAL), required before use;
 * data of any length, a final partial block zero-padded.
 */
#include <crypto/gf128hash.h>
#include <linux/errno.h>

#include "alg-hash.h"

#define GF128_OPS(alg, SIZE)						\
static int alg##_setkey_(void *tfm, const u8 *key, unsigned int len)	\
{									\
	if (len != SIZE##_BLOCK_SIZE)					\
		return -EINVAL;						\
	alg##_preparekey(tfm, key);					\
	return 0;							\
}									\
AFS_KEYED_HASH_ADAPTERS(alg)

GF128_OPS(ghash, GHASH)
GF128_OPS(polyval, POLYVAL)

#define GF128_HASH(alg, SIZE)						\
	{								\
		.name = #alg, .driver = #alg "-generic",		\
		.type = AFS_HASH, .report_type = "shash",		\
		.priority = 100, .blocksize = SIZE##_BLOCK_SIZE,	\
		.digestsize = SIZE##_DIGEST_SIZE, .needs_key = true,	\
		.tfm_size = sizeof(struct alg##_key),			\
		.state_size = sizeof(struct alg##_ctx),			\
		.ops.hash = {						\
			.setkey = alg##_setkey_,			\
			.init = alg##_init_,				\
			.update = alg##_update_,			\
			.final = alg##_final_,				\
		},							\
	}

static const struct afs_alg gf128hash_algs[] = {
	GF128_HASH(ghash, GHASH),
	GF128_HASH(polyval, POLYVAL),
	{ .name = NULL },
};

AFS_ALG_FAMILY(gf128hash_algs);
