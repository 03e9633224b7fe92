// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: SHA3-224/256/384/512 and their HMACs (<crypto/sha3.h>).
 */
#include <crypto/sha3.h>
#include <linux/errno.h>
#include <linux/string.h>

#include "afalg-shim.h"

static void sha3_224_init_(const void *tfm, void *req)
{
	sha3_224_init(req);
}

static void sha3_224_digest_(const void *tfm, const u8 *data, size_t len,
			     u8 *out)
{
	sha3_224(data, len, out);
}

static int hmac_sha3_224_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	hmac_sha3_224_preparekey(tfm, key, len);
	return 0;
}

static void hmac_sha3_224_init_(const void *tfm, void *req)
{
	hmac_sha3_224_init(req, tfm);
}

static void hmac_sha3_224_update_(void *req, const u8 *data, size_t len)
{
	hmac_sha3_224_update(req, data, len);
}

static void hmac_sha3_224_final_(void *req, u8 *out)
{
	hmac_sha3_224_final(req, out);
}

static void hmac_sha3_224_digest_(const void *tfm, const u8 *data, size_t len,
				  u8 *out)
{
	hmac_sha3_224(tfm, data, len, out);
}

static void sha3_256_init_(const void *tfm, void *req)
{
	sha3_256_init(req);
}

static void sha3_256_digest_(const void *tfm, const u8 *data, size_t len,
			     u8 *out)
{
	sha3_256(data, len, out);
}

static int hmac_sha3_256_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	hmac_sha3_256_preparekey(tfm, key, len);
	return 0;
}

static void hmac_sha3_256_init_(const void *tfm, void *req)
{
	hmac_sha3_256_init(req, tfm);
}

static void hmac_sha3_256_update_(void *req, const u8 *data, size_t len)
{
	hmac_sha3_256_update(req, data, len);
}

static void hmac_sha3_256_final_(void *req, u8 *out)
{
	hmac_sha3_256_final(req, out);
}

static void hmac_sha3_256_digest_(const void *tfm, const u8 *data, size_t len,
				  u8 *out)
{
	hmac_sha3_256(tfm, data, len, out);
}

static void sha3_384_init_(const void *tfm, void *req)
{
	sha3_384_init(req);
}

static void sha3_384_digest_(const void *tfm, const u8 *data, size_t len,
			     u8 *out)
{
	sha3_384(data, len, out);
}

static int hmac_sha3_384_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	hmac_sha3_384_preparekey(tfm, key, len);
	return 0;
}

static void hmac_sha3_384_init_(const void *tfm, void *req)
{
	hmac_sha3_384_init(req, tfm);
}

static void hmac_sha3_384_update_(void *req, const u8 *data, size_t len)
{
	hmac_sha3_384_update(req, data, len);
}

static void hmac_sha3_384_final_(void *req, u8 *out)
{
	hmac_sha3_384_final(req, out);
}

static void hmac_sha3_384_digest_(const void *tfm, const u8 *data, size_t len,
				  u8 *out)
{
	hmac_sha3_384(tfm, data, len, out);
}

static void sha3_512_init_(const void *tfm, void *req)
{
	sha3_512_init(req);
}

static void sha3_512_digest_(const void *tfm, const u8 *data, size_t len,
			     u8 *out)
{
	sha3_512(data, len, out);
}

static int hmac_sha3_512_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	hmac_sha3_512_preparekey(tfm, key, len);
	return 0;
}

static void hmac_sha3_512_init_(const void *tfm, void *req)
{
	hmac_sha3_512_init(req, tfm);
}

static void hmac_sha3_512_update_(void *req, const u8 *data, size_t len)
{
	hmac_sha3_512_update(req, data, len);
}

static void hmac_sha3_512_final_(void *req, u8 *out)
{
	hmac_sha3_512_final(req, out);
}

static void hmac_sha3_512_digest_(const void *tfm, const u8 *data, size_t len,
				  u8 *out)
{
	hmac_sha3_512(tfm, data, len, out);
}

static void sha3_update_(void *req, const u8 *data, size_t len)
{
	sha3_update(req, data, len);
}

static void sha3_final_(void *req, u8 *out)
{
	sha3_final(req, out);
}

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
	{								\
		.name = "hmac(sha3-" #b ")",				\
		.driver = "hmac(sha3-" #b "-generic)",			\
		.type = AFS_HASH, .report_type = "shash",		\
		.priority = 100, .blocksize = SHA3_##b##_BLOCK_SIZE,	\
		.digestsize = SHA3_##b##_DIGEST_SIZE,			\
		.needs_key = true,					\
		.tfm_size = sizeof(struct hmac_sha3_##b##_key),	\
		.state_size = sizeof(struct hmac_sha3_##b##_ctx),	\
		.ops.hash = {						\
			.setkey = hmac_sha3_##b##_setkey_,		\
			.init = hmac_sha3_##b##_init_,			\
			.update = hmac_sha3_##b##_update_,		\
			.final = hmac_sha3_##b##_final_,		\
			.digest = hmac_sha3_##b##_digest_,		\
		},							\
	}

const struct afs_alg afs_algs_sha3[] = {
	SHA3(224), SHA3(256), SHA3(384), SHA3(512),
	HMAC_SHA3(224), HMAC_SHA3(256), HMAC_SHA3(384), HMAC_SHA3(512),
	{ .name = NULL },
};
