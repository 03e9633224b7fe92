// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: the SP 800-90A DRBGs (<crypto/drbg-lib.h>) as AF_ALG "rng"
 * algorithms, with crypto/drbg.c's names: cra_name "stdrng", drivers
 * drbg_{pr,nopr}_{ctr_aes128,ctr_aes192,ctr_aes256} (CTR_DRBG),
 * drbg_{pr,nopr}_{sha256,sha384,sha512} (Hash_DRBG) and
 * drbg_{pr,nopr}_{hmac_sha256,hmac_sha384,hmac_sha512} (HMAC_DRBG): every
 * DRBG of 6.12, which has none over SHA-1.
 *
 * As in the kernel, ALG_SET_KEY seeds (crypto_rng_reset() ->
 * drbg_kcapi_seed()): the DRBG is instantiated from the system's entropy
 * with the key bytes, of any length including none, as personalisation
 * string; reading before that is EINVAL ("not yet seeded").  The
 * priorities are those drbg_fill_array() hands out on a kernel with the
 * CTR, Hash and HMAC DRBGs built (200 upwards in drbg_cores[] order,
 * prediction-resistant ones first), so "stdrng" is drbg_nopr_hmac_sha512
 * as there.
 */
#include <crypto/drbg-lib.h>

#include "alg.h"

#define DRBG_OPS(pfx, core, pr)						\
static int pfx##_seed_(void *tfm, const u8 *seed, unsigned int len)	\
{									\
	return drbg_lib_seed(tfm, core, pr, seed, len);			\
}									\
static int pfx##_generate_(void *tfm, u8 *out, size_t len)		\
{									\
	return drbg_lib_generate_long(tfm, out, len, NULL, 0);		\
}

#define DRBG_BOTH(name, core)						\
	DRBG_OPS(pr_##name, core, true)					\
	DRBG_OPS(nopr_##name, core, false)

DRBG_BOTH(ctr_aes128, DRBG_LIB_CTR_AES128)
DRBG_BOTH(ctr_aes192, DRBG_LIB_CTR_AES192)
DRBG_BOTH(ctr_aes256, DRBG_LIB_CTR_AES256)
DRBG_BOTH(sha384, DRBG_LIB_HASH_SHA384)
DRBG_BOTH(sha512, DRBG_LIB_HASH_SHA512)
DRBG_BOTH(sha256, DRBG_LIB_HASH_SHA256)
DRBG_BOTH(hmac_sha384, DRBG_LIB_HMAC_SHA384)
DRBG_BOTH(hmac_sha256, DRBG_LIB_HMAC_SHA256)
DRBG_BOTH(hmac_sha512, DRBG_LIB_HMAC_SHA512)

#define DRBG(pfx, prio)							\
	{								\
		.name = "stdrng", .driver = "drbg_" #pfx,		\
		.type = AFS_RNG, .report_type = "rng",			\
		.priority = prio, .seedsize = 0,			\
		.tfm_size = sizeof(struct drbg_lib_state),		\
		.ops.rng = {						\
			.seed = pfx##_seed_,				\
			.generate = pfx##_generate_,			\
		},							\
	}

static const struct afs_alg drbg_algs[] = {
	DRBG(pr_ctr_aes128, 200),
	DRBG(pr_ctr_aes192, 201),
	DRBG(pr_ctr_aes256, 202),
	DRBG(pr_sha384, 203),
	DRBG(pr_sha512, 204),
	DRBG(pr_sha256, 205),
	DRBG(pr_hmac_sha384, 206),
	DRBG(pr_hmac_sha256, 207),
	DRBG(pr_hmac_sha512, 208),
	DRBG(nopr_ctr_aes128, 209),
	DRBG(nopr_ctr_aes192, 210),
	DRBG(nopr_ctr_aes256, 211),
	DRBG(nopr_sha384, 212),
	DRBG(nopr_sha512, 213),
	DRBG(nopr_sha256, 214),
	DRBG(nopr_hmac_sha384, 215),
	DRBG(nopr_hmac_sha256, 216),
	DRBG(nopr_hmac_sha512, 217),
	{ .name = NULL },
};

AFS_ALG_FAMILY(drbg_algs);
