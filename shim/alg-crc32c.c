// SPDX-License-Identifier: GPL-2.0
/*
 * Adapter: the "crc32c" hash (crypto/crc32c_generic.c semantics, see
 * <crypto/crc32c.h>): a 4-byte digest, ~crc little endian; an optional
 * 4-byte little-endian key sets the initial value, ~0 by default.  A key of
 * another length is EINVAL and, the key being optional, leaves the old one.
 * util-linux hardlink offers it as a method.
 */
#include <crypto/crc32c.h>
#include <linux/errno.h>

#include "afalg-shim.h"

/*
 * The tfm context starts zeroed, so it holds the complement of the key:
 * zero is the default key ~0.
 */
struct crc32c_tfm {
	u32 inv_key;
};

static int crc32c_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	struct crc32c_tfm *t = tfm;
	u32 k;
	int err;

	err = crc32c_shash_setkey(&k, key, len);
	if (!err)
		t->inv_key = ~k;
	return err;
}

static void crc32c_init_(const void *tfm, void *req)
{
	const struct crc32c_tfm *t = tfm;

	*(u32 *)req = ~t->inv_key;
}

static void crc32c_update_(void *req, const u8 *data, size_t len)
{
	u32 *crc = req;

	*crc = crc32c(*crc, data, len);
}

static void crc32c_final_(void *req, u8 *out)
{
	crc32c_shash_final(*(u32 *)req, out);
}

static const struct afs_alg crc32c_algs[] = {
	{
		.name = "crc32c", .driver = "crc32c-generic",
		.type = AFS_HASH, .report_type = "shash", .priority = 100,
		.blocksize = 1, .digestsize = CRC32C_DIGEST_SIZE,
		.optional_key = true,
		.tfm_size = sizeof(struct crc32c_tfm),
		.state_size = sizeof(u32),
		.ops.hash = {
			.setkey = crc32c_setkey_,
			.init = crc32c_init_,
			.update = crc32c_update_,
			.final = crc32c_final_,
		},
	},
	{ .name = NULL },
};

AFS_ALG_FAMILY(crc32c_algs);
