// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: the "crc32c" and "crc32" hashes (crypto/crc32c_generic.c and
 * crc32_generic.c semantics, see <crypto/crc32c.h> and <crypto/crc32.h>):
 * a 4-byte digest, little endian; an optional 4-byte little-endian key
 * sets the initial value.  crc32c starts from ~0 by default and outputs
 * ~crc; crc32 starts from 0 and outputs the CRC as it is.  A key of
 * another length is EINVAL and, the key being optional, leaves the old
 * one.  util-linux hardlink offers both as methods.
 */
#include <crypto/crc32.h>
#include <crypto/crc32c.h>
#include <linux/errno.h>

#include "alg.h"

/*
 * The tfm context starts zeroed, so it holds the key XOR the default key:
 * zero is the default (~0 for crc32c, 0 for crc32).
 */
struct crc_tfm {
	u32 key_xor_default;
};

#define CRC_OPS(pfx, dflt, setkey, update, final)			\
static int pfx##_setkey_(void *tfm, const u8 *key, unsigned int len)	\
{									\
	struct crc_tfm *t = tfm;					\
	u32 k;								\
	int err;							\
									\
	err = setkey(&k, key, len);					\
	if (!err)							\
		t->key_xor_default = k ^ (dflt);			\
	return err;							\
}									\
static void pfx##_init_(const void *tfm, void *req)			\
{									\
	const struct crc_tfm *t = tfm;					\
									\
	*(u32 *)req = t->key_xor_default ^ (dflt);			\
}									\
static void pfx##_update_(void *req, const u8 *data, size_t len)	\
{									\
	u32 *crc = req;							\
									\
	*crc = update(*crc, data, len);					\
}									\
static void pfx##_final_(void *req, u8 *out)				\
{									\
	final(*(u32 *)req, out);					\
}

CRC_OPS(crc32c, ~0U, crc32c_shash_setkey, crc32c, crc32c_shash_final)
CRC_OPS(crc32, CRC32_SHASH_DEFAULT_KEY, crc32_shash_setkey, crc32_le,
	crc32_shash_final)

#define CRC_HASH(pfx, digest)						\
	{								\
		.name = #pfx, .driver = #pfx "-generic",		\
		.type = AFS_HASH, .report_type = "shash",		\
		.priority = 100, .blocksize = 1, .digestsize = digest,	\
		.optional_key = true,					\
		.tfm_size = sizeof(struct crc_tfm),			\
		.state_size = sizeof(u32),				\
		.ops.hash = {						\
			.setkey = pfx##_setkey_,			\
			.init = pfx##_init_,				\
			.update = pfx##_update_,			\
			.final = pfx##_final_,				\
		},							\
	}

static const struct afs_alg crc32c_algs[] = {
	CRC_HASH(crc32c, CRC32C_DIGEST_SIZE),
	CRC_HASH(crc32, CRC32_DIGEST_SIZE),
	{ .name = NULL },
};

AFS_ALG_FAMILY(crc32c_algs);
