// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: SHA3-224/256/384/512 and their HMACs (<crypto/sha3.h>).
 * The four digests share one context type and update/final; the HMACs
 * have the common library shape (alg-hash.h).
 */
#include <crypto/sha3.h>

#include "alg-hash.h"

static void sha3_update_(void *req, const u8 *data, size_t len)
{
	sha3_update(req, data, len);
}

static void sha3_final_(void *req, u8 *out)
{
	sha3_final(req, out);
}

#define SHA3_ADAPTERS(b)						\
static void sha3_##b##_init_(const void *tfm, void *req)		\
{									\
	sha3_##b##_init(req);						\
}									\
static void sha3_##b##_digest_(const void *tfm, const u8 *data,	\
			       size_t len, u8 *out)			\
{									\
	sha3_##b(data, len, out);					\
}

SHA3_ADAPTERS(224)
SHA3_ADAPTERS(256)
SHA3_ADAPTERS(384)
SHA3_ADAPTERS(512)
AFS_HMAC_ADAPTERS(sha3_224)
AFS_HMAC_ADAPTERS(sha3_256)
AFS_HMAC_ADAPTERS(sha3_384)
AFS_HMAC_ADAPTERS(sha3_512)

#define SHA3(b)								\
	{								\
		.name = "sha3-" #b, .driver = "sha3-" #b "-generic",	\
		.type = AFS_HASH, .report_type = "shash",		\
		.priority = 100, .blocksize = SHA3_##b##_BLOCK_SIZE,	\
		.digestsize = SHA3_##b##_DIGEST_SIZE,			\
		.state_size = sizeof(struct sha3_ctx),			\
		.ops.hash = {						\
			.init = sha3_##b##_init_,			\
			.update = sha3_update_,				\
			.final = sha3_final_,				\
			.digest = sha3_##b##_digest_,			\
		},							\
	}

#define HMAC_SHA3(b)							\
	AFS_HMAC_ENTRY_NAMED(sha3_##b, "sha3-" #b, SHA3_##b##_BLOCK_SIZE, \
			     SHA3_##b##_DIGEST_SIZE)

static const struct afs_alg sha3_algs[] = {
	SHA3(224), SHA3(256), SHA3(384), SHA3(512),
	HMAC_SHA3(224), HMAC_SHA3(256), HMAC_SHA3(384), HMAC_SHA3(512),
	{ .name = NULL },
};

AFS_ALG_FAMILY(sha3_algs);
