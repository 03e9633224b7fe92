// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: authenc(hmac(sha1|sha256|sha384|sha512),cbc(aes))
 * (<crypto/authenc-lib.h>), IPsec's encrypt-then-MAC AEAD as
 * crypto/authenc.c composes it: the key is the rtattr blob of
 * crypto_authenc_extractkeys(), the tag is the HMAC over AAD || ciphertext
 * truncated to the authsize (1..digest size, default the digest size),
 * blocksize and IV those of cbc(aes); the IV is per request.
 *
 * authencesn(...): the same for IPsec with extended sequence numbers
 * (crypto/authencesn.c): the AAD is at least 8 bytes (EINVAL otherwise),
 * its bytes 4..8 are MACed behind the ciphertext, and the authsize is 0
 * or 4..digest size.  The output is the kernel's: AAD echo, ciphertext,
 * tag; the kernel's moving of those bytes through the destination buffer
 * during the operation is not reproduced (nothing of it is left there).
 */
#include <crypto/authenc-lib.h>
#include <linux/errno.h>

#include "alg.h"

#define AUTHENC_OPS(pfx, h)						\
static int pfx##_setkey_(void *tfm, const u8 *key, unsigned int len)	\
{									\
	return authenc_lib_setkey(tfm, h, key, len);			\
}

AUTHENC_OPS(sha1, AUTHENC_LIB_HMAC_SHA1)
AUTHENC_OPS(sha256, AUTHENC_LIB_HMAC_SHA256)
AUTHENC_OPS(sha384, AUTHENC_LIB_HMAC_SHA384)
AUTHENC_OPS(sha512, AUTHENC_LIB_HMAC_SHA512)

/* src = AAD || PT (|| TAG); dst = CT || TAG or PT */
static int authenc_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	return authenc_lib_encrypt(tfm, dst, src + assoclen, cryptlen, src,
				   assoclen, iv, as);
}

static int authenc_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	return authenc_lib_decrypt(tfm, dst, src + assoclen, cryptlen, src,
				   assoclen, iv, as);
}

static int esn_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			u8 *dst, const u8 *src, size_t assoclen,
			size_t cryptlen)
{
	return authencesn_lib_encrypt(tfm, dst, src + assoclen, cryptlen, src,
				      assoclen, iv, as);
}

static int esn_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			u8 *dst, const u8 *src, size_t assoclen,
			size_t cryptlen)
{
	return authencesn_lib_decrypt(tfm, dst, src + assoclen, cryptlen, src,
				      assoclen, iv, as);
}

/* crypto_authenc_esn_setauthsize(): 0, or at least 4 */
static int esn_setauthsize_(void *tfm, unsigned int as)
{
	(void)tfm;
	return as > 0 && as < 4 ? -EINVAL : 0;
}

/* cra_priority = cbc's * 10 + the hash's (crypto_authenc_create()) */
#define AUTHENC_ALG(tmpl, h, ds, enc, dec, setas)			\
	{								\
		.name = tmpl "(hmac(" #h "),cbc(aes))",			\
		.driver = tmpl "(hmac(" #h "-generic),cbc(aes-generic))",\
		.type = AFS_AEAD, .report_type = "aead",		\
		.priority = 100 * 10 + 100,				\
		.blocksize = AES_BLOCK_SIZE,				\
		.chunksize = AES_BLOCK_SIZE, .ivsize = AES_BLOCK_SIZE,	\
		.maxauthsize = ds,					\
		.tfm_size = sizeof(struct authenc_lib_key),		\
		.ops.aead = {						\
			.setkey = h##_setkey_,				\
			.setauthsize = setas,				\
			.encrypt = enc,					\
			.decrypt = dec,					\
		},							\
	}
#define AUTHENC(h, ds)							\
	AUTHENC_ALG("authenc", h, ds, authenc_encrypt_, authenc_decrypt_, NULL)
#define AUTHENCESN(h, ds)						\
	AUTHENC_ALG("authencesn", h, ds, esn_encrypt_, esn_decrypt_,	\
		    esn_setauthsize_)

static const struct afs_alg authenc_algs[] = {
	AUTHENC(sha1, SHA1_DIGEST_SIZE),
	AUTHENC(sha256, SHA256_DIGEST_SIZE),
	AUTHENC(sha384, SHA384_DIGEST_SIZE),
	AUTHENC(sha512, SHA512_DIGEST_SIZE),
	AUTHENCESN(sha1, SHA1_DIGEST_SIZE),
	AUTHENCESN(sha256, SHA256_DIGEST_SIZE),
	AUTHENCESN(sha384, SHA384_DIGEST_SIZE),
	AUTHENCESN(sha512, SHA512_DIGEST_SIZE),
	{ .name = NULL },
};

AFS_ALG_FAMILY(authenc_algs);
