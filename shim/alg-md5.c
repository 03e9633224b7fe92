// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: MD5, HMAC-MD5 and MD4 (<crypto/md5.h>, <crypto/md4.h>), for
 * compatibility only (strongSwan, hostap, ell name them).  The kernel has
 * no hmac(md4) user worth serving, but the template would build it, so it
 * is not listed: bind() gives ENOENT.
 */
#include <crypto/md4.h>
#include <crypto/md5.h>

#include "alg-hash.h"

AFS_HASH_ADAPTERS(md4)
AFS_HASH_HMAC_ADAPTERS(md5)

static const struct afs_alg md5_algs[] = {
	AFS_HASH_ENTRY(md4, MD4_BLOCK_SIZE, MD4_DIGEST_SIZE),
	AFS_HASH_HMAC_ENTRIES(md5, MD5_BLOCK_SIZE, MD5_DIGEST_SIZE),
	{ .name = NULL },
};

AFS_ALG_FAMILY(md5_algs);
