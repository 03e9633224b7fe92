// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: the SP 800-90A DRBGs (<crypto/drbg-lib.h>) as AF_ALG "rng"
 * algorithms, with crypto/drbg.c's names: cra_name "stdrng", drivers
 * drbg_{pr,nopr}_{hmac_sha256,ctr_aes256,hmac_sha384,hmac_sha512}.
 *
 * As in the kernel, ALG_SET_KEY seeds (crypto_rng_reset() ->
 * drbg_kcapi_seed()): the DRBG is instantiated from the system's entropy
 * with the key bytes, of any length including none, as personalisation
 * string; reading before that is EINVAL ("not yet seeded").  The
 * priorities are those drbg_fill_array() hands out on a kernel with the
 * CTR, Hash and HMAC DRBGs built (200 upwards, prediction-resistant ones
 * first), so "stdrng" is drbg_nopr_hmac_sha512 as there.
 */
#include <crypto/drbg-lib.h>

#include "afalg-shim.h"

#define DRBG_OPS(pfx, core, pr)						\
static int pfx##_seed_(void *tfm, const u8 *seed, unsigned int len)	\
{									\
	return drbg_lib_seed(tfm, core, pr, seed, len);			\
}									\
static int pfx##_generate_(void *tfm, u8 *out, size_t len)		\
{									\
	return drbg_lib_generate_long(tfm, out, len, NULL, 0);		\
}

DRBG_OPS(pr_hmac_sha256, DRBG_LIB_HMAC_SHA256, true)
DRBG_OPS(pr_ctr_aes256, DRBG_LIB_CTR_AES256, true)
DRBG_OPS(pr_hmac_sha384, DRBG_LIB_HMAC_SHA384, true)
DRBG_OPS(pr_hmac_sha512, DRBG_LIB_HMAC_SHA512, true)
DRBG_OPS(nopr_hmac_sha256, DRBG_LIB_HMAC_SHA256, false)
DRBG_OPS(nopr_ctr_aes256, DRBG_LIB_CTR_AES256, false)
DRBG_OPS(nopr_hmac_sha384, DRBG_LIB_HMAC_SHA384, false)
DRBG_OPS(nopr_hmac_sha512, DRBG_LIB_HMAC_SHA512, false)

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
	DRBG(pr_ctr_aes256, 202),
	DRBG(pr_hmac_sha384, 206),
	DRBG(pr_hmac_sha256, 207),
	DRBG(pr_hmac_sha512, 208),
	DRBG(nopr_ctr_aes256, 211),
	DRBG(nopr_hmac_sha384, 215),
	DRBG(nopr_hmac_sha256, 216),
	DRBG(nopr_hmac_sha512, 217),
	{ .name = NULL },
};

AFS_ALG_FAMILY(drbg_algs);
