/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Adapters for hash families with the mainline library shape:
 *
 *   <alg>_init(ctx), <stream>_update(ctx, data, len), <stream>_final(ctx,
 *   out) on struct <stream>_ctx (<stream> is <alg> but for SHA-3's sizes,
 *   which share sha3_update()), <alg>(data, len, out)
 *   hmac_<alg>_preparekey(key, raw, len), hmac_<alg>_init(ctx, key),
 *   hmac_<alg>_update(), hmac_<alg>_final(), hmac_<alg>(key, data, len, out)
 *
 * AFS_HASH_ADAPTERS(sha1, sha1) defines sha1_init_() ... sha1_digest_(),
 * and AFS_HASH_ENTRY() the registry entry using them; likewise
 * AFS_HMAC_ADAPTERS() and AFS_HMAC_ENTRY_NAMED() for HMAC.  alg-hashes.c
 * applies them to every hash of catalogue/hashes.json.  Driver names and
 * priorities are those of the generic kernel drivers.
 */
#ifndef AFALG_SHIM_ALG_HASH_H
#define AFALG_SHIM_ALG_HASH_H

#include "alg.h"

#define AFS_HASH_ADAPTERS(alg, stream)					\
static void alg##_init_(const void *tfm, void *req)			\
{									\
	alg##_init(req);						\
}									\
static void alg##_update_(void *req, const u8 *data, size_t len)	\
{									\
	stream##_update(req, data, len);				\
}									\
static void alg##_final_(void *req, u8 *out)				\
{									\
	stream##_final(req, out);					\
}									\
static void alg##_digest_(const void *tfm, const u8 *data, size_t len,	\
			  u8 *out)					\
{									\
	alg(data, len, out);						\
}

/*
 * A keyed hash of the shape <pfx>_init(ctx, key), <pfx>_update(ctx, data,
 * len), <pfx>_final(ctx, out): HMAC, ghash, polyval.
 */
#define AFS_KEYED_HASH_ADAPTERS(pfx)					\
static void pfx##_init_(const void *tfm, void *req)			\
{									\
	pfx##_init(req, tfm);						\
}									\
static void pfx##_update_(void *req, const u8 *data, size_t len)	\
{									\
	pfx##_update(req, data, len);					\
}									\
static void pfx##_final_(void *req, u8 *out)				\
{									\
	pfx##_final(req, out);						\
}

#define AFS_HMAC_ADAPTERS(alg)						\
static int hmac_##alg##_setkey_(void *tfm, const u8 *key,		\
				unsigned int len)			\
{									\
	hmac_##alg##_preparekey(tfm, key, len);				\
	return 0;							\
}									\
AFS_KEYED_HASH_ADAPTERS(hmac_##alg)					\
static void hmac_##alg##_digest_(const void *tfm, const u8 *data,	\
				 size_t len, u8 *out)			\
{									\
	hmac_##alg(tfm, data, len, out);				\
}

/* an unkeyed hash: "<cra>", driver "<cra>-generic" */
#define AFS_HASH_ENTRY(alg, stream, cra, bs, ds)			\
	{								\
		.name = cra, .driver = cra "-generic",			\
		.type = AFS_HASH, .report_type = "shash",		\
		.priority = 100, .blocksize = bs, .digestsize = ds,	\
		.state_size = sizeof(struct stream##_ctx),		\
		.ops.hash = {						\
			.init = alg##_init_,				\
			.update = alg##_update_,			\
			.final = alg##_final_,				\
			.digest = alg##_digest_,			\
		},							\
	}

/* "hmac(<cra>)", driver "hmac(<cra>-generic)" */
#define AFS_HMAC_ENTRY_NAMED(alg, cra, bs, ds)				\
	{								\
		.name = "hmac(" cra ")",				\
		.driver = "hmac(" cra "-generic)",			\
		.type = AFS_HASH, .report_type = "shash",		\
		.priority = 100, .blocksize = bs, .digestsize = ds,	\
		.needs_key = true,					\
		.tfm_size = sizeof(struct hmac_##alg##_key),		\
		.state_size = sizeof(struct hmac_##alg##_ctx),		\
		.ops.hash = {						\
			.setkey = hmac_##alg##_setkey_,			\
			.init = hmac_##alg##_init_,			\
			.update = hmac_##alg##_update_,			\
			.final = hmac_##alg##_final_,			\
			.digest = hmac_##alg##_digest_,			\
		},							\
	}

#endif /* AFALG_SHIM_ALG_HASH_H */
