// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: SHA-1 and HMAC-SHA1 (<crypto/sha1.h>), for compatibility.
 */
#include <crypto/sha1.h>

#include "alg-hash.h"

AFS_HASH_HMAC_ADAPTERS(sha1)

static const struct afs_alg sha1_algs[] = {
	AFS_HASH_HMAC_ENTRIES(sha1, SHA1_BLOCK_SIZE, SHA1_DIGEST_SIZE),
	{ .name = NULL },
};

AFS_ALG_FAMILY(sha1_algs);
