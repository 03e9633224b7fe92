// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: SHA-224, SHA-256 and their HMACs (<crypto/sha2.h>).
 *
 * Driver names and priorities are those of the generic kernel
 * implementations, so NETLINK_CRYPTO answers like a kernel without
 * arch drivers.
 */
#include <crypto/sha2.h>
#include <linux/errno.h>
#include <linux/string.h>

#include "afalg-shim.h"

#define CAST(type, p) ((type *)(p))

static void sha224_init_(const void *tfm, void *req)
{
	sha224_init(req);
}

static void sha224_update_(void *req, const u8 *data, size_t len)
{
	sha224_update(req, data, len);
}

static void sha224_final_(void *req, u8 *out)
{
	sha224_final(req, out);
}

static void sha224_digest_(const void *tfm, const u8 *data, size_t len,
			   u8 *out)
{
	sha224(data, len, out);
}

static void sha256_init_(const void *tfm, void *req)
{
	sha256_init(req);
}

static void sha256_update_(void *req, const u8 *data, size_t len)
{
	sha256_update(req, data, len);
}

static void sha256_final_(void *req, u8 *out)
{
	sha256_final(req, out);
}

static void sha256_digest_(const void *tfm, const u8 *data, size_t len,
			   u8 *out)
{
	sha256(data, len, out);
}

static int hmac_sha224_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	hmac_sha224_preparekey(tfm, key, len);
	return 0;
}

static void hmac_sha224_init_(const void *tfm, void *req)
{
	hmac_sha224_init(req, tfm);
}

static void hmac_sha224_update_(void *req, const u8 *data, size_t len)
{
	hmac_sha224_update(req, data, len);
}

static void hmac_sha224_final_(void *req, u8 *out)
{
	hmac_sha224_final(req, out);
}

static void hmac_sha224_digest_(const void *tfm, const u8 *data, size_t len,
				u8 *out)
{
	hmac_sha224(tfm, data, len, out);
}

static int hmac_sha256_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	hmac_sha256_preparekey(tfm, key, len);
	return 0;
}

static void hmac_sha256_init_(const void *tfm, void *req)
{
	hmac_sha256_init(req, tfm);
}

static void hmac_sha256_update_(void *req, const u8 *data, size_t len)
{
	hmac_sha256_update(req, data, len);
}

static void hmac_sha256_final_(void *req, u8 *out)
{
	hmac_sha256_final(req, out);
}

static void hmac_sha256_digest_(const void *tfm, const u8 *data, size_t len,
				u8 *out)
{
	hmac_sha256(tfm, data, len, out);
}

#define HASH(n, drv, bs, ds, st, pfx)					\
	{								\
		.name = n, .driver = drv, .type = AFS_HASH,		\
		.report_type = "shash", .priority = 100,		\
		.blocksize = bs, .digestsize = ds,			\
		.state_size = sizeof(st),				\
		.ops.hash = {						\
			.init = pfx##_init_,				\
			.update = pfx##_update_,			\
			.final = pfx##_final_,				\
			.digest = pfx##_digest_,			\
		},							\
	}

#define HMAC(n, drv, bs, ds, key, st, pfx)				\
	{								\
		.name = n, .driver = drv, .type = AFS_HASH,		\
		.report_type = "shash", .priority = 100,		\
		.blocksize = bs, .digestsize = ds,			\
		.needs_key = true,					\
		.tfm_size = sizeof(key), .state_size = sizeof(st),	\
		.ops.hash = {						\
			.setkey = pfx##_setkey_,			\
			.init = pfx##_init_,				\
			.update = pfx##_update_,			\
			.final = pfx##_final_,				\
			.digest = pfx##_digest_,			\
		},							\
	}

const struct afs_alg afs_algs_sha256[] = {
	HASH("sha224", "sha224-generic", SHA224_BLOCK_SIZE, SHA224_DIGEST_SIZE,
	     struct sha224_ctx, sha224),
	HASH("sha256", "sha256-generic", SHA256_BLOCK_SIZE, SHA256_DIGEST_SIZE,
	     struct sha256_ctx, sha256),
	HMAC("hmac(sha224)", "hmac(sha224-generic)", SHA224_BLOCK_SIZE,
	     SHA224_DIGEST_SIZE, struct hmac_sha224_key, struct hmac_sha224_ctx,
	     hmac_sha224),
	HMAC("hmac(sha256)", "hmac(sha256-generic)", SHA256_BLOCK_SIZE,
	     SHA256_DIGEST_SIZE, struct hmac_sha256_key, struct hmac_sha256_ctx,
	     hmac_sha256),
	{ .name = NULL },
};
