// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: SHA-384, SHA-512 and their HMACs (<crypto/sha2.h>).
 */
#include <crypto/sha2.h>

#include "alg-hash.h"

AFS_HASH_ADAPTERS(sha384)
AFS_HASH_ADAPTERS(sha512)
AFS_HMAC_ADAPTERS(sha384)
AFS_HMAC_ADAPTERS(sha512)

static const struct afs_alg sha512_algs[] = {
	AFS_HASH_ENTRY(sha384, SHA384_BLOCK_SIZE, SHA384_DIGEST_SIZE),
	AFS_HASH_ENTRY(sha512, SHA512_BLOCK_SIZE, SHA512_DIGEST_SIZE),
	AFS_HMAC_ENTRY(sha384, SHA384_BLOCK_SIZE, SHA384_DIGEST_SIZE),
	AFS_HMAC_ENTRY(sha512, SHA512_BLOCK_SIZE, SHA512_DIGEST_SIZE),
	{ .name = NULL },
};

AFS_ALG_FAMILY(sha512_algs);
