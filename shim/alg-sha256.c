// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: SHA-224, SHA-256 and their HMACs (<crypto/sha2.h>).
 */
#include <crypto/sha2.h>

#include "alg-hash.h"

AFS_HASH_ADAPTERS(sha224)
AFS_HASH_ADAPTERS(sha256)
AFS_HMAC_ADAPTERS(sha224)
AFS_HMAC_ADAPTERS(sha256)

static const struct afs_alg sha256_algs[] = {
	AFS_HASH_ENTRY(sha224, SHA224_BLOCK_SIZE, SHA224_DIGEST_SIZE),
	AFS_HASH_ENTRY(sha256, SHA256_BLOCK_SIZE, SHA256_DIGEST_SIZE),
	AFS_HMAC_ENTRY(sha224, SHA224_BLOCK_SIZE, SHA224_DIGEST_SIZE),
	AFS_HMAC_ENTRY(sha256, SHA256_BLOCK_SIZE, SHA256_DIGEST_SIZE),
	{ .name = NULL },
};

AFS_ALG_FAMILY(sha256_algs);
