// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: DES and Triple DES in ECB and CBC (skcipher), and
 * cmac(des3_ede) (hash), on <crypto/des.h>, for compatibility only.
 *
 * As crypto/des_generic.c does for a tfm without
 * CRYPTO_TFM_REQ_FORBID_WEAK_KEYS (AF_ALG never sets it), weak DES keys and
 * degenerate 3DES keys (-ENOKEY from the library) are accepted.  ecb/cbc
 * are lskcipher instances with blocksize 8; CBC writes its IV back.
 */
#include <crypto/des.h>
#include <linux/errno.h>

#include "alg.h"

static int weak_ok(int err)
{
	return err == -ENOKEY ? 0 : err;
}

static int des_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return weak_ok(des_expand_key(tfm, key, len));
}

static int des3_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return weak_ok(des3_ede_expand_key(tfm, key, len));
}

/*
 * A final partial block is EINVAL, after the whole blocks before it have
 * been processed and the IV written back, as the skcipher walk does it
 * (see alg-aes.c).
 */
#define DES_MODE(fn, ctx, call)						\
static int fn(const void *tfm, u8 *iv, u8 *dst, const u8 *src,		\
	      size_t len, bool final)					\
{									\
	const struct ctx *c = tfm;					\
	size_t full = len - len % DES_BLOCK_SIZE;			\
									\
	if (full)							\
		call;							\
	return full == len ? 0 : -EINVAL;				\
}

DES_MODE(des_ecb_enc_, des_ctx, des_ecb_encrypt(c, dst, src, full))
DES_MODE(des_ecb_dec_, des_ctx, des_ecb_decrypt(c, dst, src, full))
DES_MODE(des_cbc_enc_, des_ctx, des_cbc_encrypt(c, dst, src, full, iv))
DES_MODE(des_cbc_dec_, des_ctx, des_cbc_decrypt(c, dst, src, full, iv))
DES_MODE(des3_ecb_enc_, des3_ede_ctx,
	 des3_ede_ecb_encrypt(c, dst, src, full))
DES_MODE(des3_ecb_dec_, des3_ede_ctx,
	 des3_ede_ecb_decrypt(c, dst, src, full))
DES_MODE(des3_cbc_enc_, des3_ede_ctx,
	 des3_ede_cbc_encrypt(c, dst, src, full, iv))
DES_MODE(des3_cbc_dec_, des3_ede_ctx,
	 des3_ede_cbc_decrypt(c, dst, src, full, iv))

static int cmac_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return weak_ok(des3_ede_cmac_preparekey(tfm, key, len));
}

static void cmac_init_(const void *tfm, void *req)
{
	des3_ede_cmac_init(req, tfm);
}

static void cmac_update_(void *req, const u8 *data, size_t len)
{
	des3_ede_cmac_update(req, data, len);
}

static void cmac_final_(void *req, u8 *out)
{
	des3_ede_cmac_final(req, out);
}

static void cmac_digest_(const void *tfm, const u8 *data, size_t len, u8 *out)
{
	des3_ede_cmac(tfm, data, len, out);
}

#define DES_SK(n, drv, ivs, ctx, set, enc, dec, ks)			\
	{								\
		.name = n, .driver = drv, .type = AFS_SKCIPHER,		\
		.report_type = "lskcipher", .priority = 100,		\
		.blocksize = DES_BLOCK_SIZE,				\
		.chunksize = DES_BLOCK_SIZE, .ivsize = ivs,		\
		.min_keysize = ks, .max_keysize = ks,			\
		.tfm_size = sizeof(struct ctx),				\
		.ops.skcipher = {					\
			.setkey = set, .encrypt = enc, .decrypt = dec,	\
		},							\
	}

static const struct afs_alg des_algs[] = {
	DES_SK("ecb(des)", "ecb(des-generic)", 0, des_ctx, des_setkey_,
	       des_ecb_enc_, des_ecb_dec_, DES_KEY_SIZE),
	DES_SK("cbc(des)", "cbc(des-generic)", DES_BLOCK_SIZE, des_ctx,
	       des_setkey_, des_cbc_enc_, des_cbc_dec_, DES_KEY_SIZE),
	DES_SK("ecb(des3_ede)", "ecb(des3_ede-generic)", 0, des3_ede_ctx,
	       des3_setkey_, des3_ecb_enc_, des3_ecb_dec_, DES3_EDE_KEY_SIZE),
	DES_SK("cbc(des3_ede)", "cbc(des3_ede-generic)", DES_BLOCK_SIZE,
	       des3_ede_ctx, des3_setkey_, des3_cbc_enc_, des3_cbc_dec_,
	       DES3_EDE_KEY_SIZE),
	{
		.name = "cmac(des3_ede)", .driver = "cmac(des3_ede-generic)",
		.type = AFS_HASH, .report_type = "shash", .priority = 100,
		.blocksize = DES_BLOCK_SIZE, .digestsize = DES_BLOCK_SIZE,
		.needs_key = true,
		.tfm_size = sizeof(struct des3_ede_cmac_key),
		.state_size = sizeof(struct des3_ede_cmac_ctx),
		.ops.hash = {
			.setkey = cmac_setkey_,
			.init = cmac_init_,
			.update = cmac_update_,
			.final = cmac_final_,
			.digest = cmac_digest_,
		},
	},
	{ .name = NULL },
};

AFS_ALG_FAMILY(des_algs);
