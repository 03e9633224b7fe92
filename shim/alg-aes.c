// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: AES modes (skcipher ecb/cbc/ctr/rfc3686) and MACs (hash
 * cmac/xcbc) on <crypto/aes-*.h>.
 *
 * Sizes are those of the 6.12 templates over aes-generic (crypto/ecb.c,
 * cbc.c, ctr.c, cmac.c, xcbc.c): ecb and cbc are lskcipher instances with
 * blocksize 16; ctr and rfc3686 are skciphers with blocksize 1 and
 * chunksize 16; xts(aes) (crypto/xts.c over ecb(aes)) an skcipher with
 * blocksize 16.  CBC and CTR write the next IV back into the socket IV
 * (request chaining); rfc3686 builds its counter block per request, so
 * each request (each receive step) starts again from the socket IV, as in
 * the kernel; xts leaves its encrypted running tweak there, as the x86
 * drivers do (see xts_crypt_()).
 */
#include <crypto/aes.h>
#include <crypto/aes-cbc.h>
#include <crypto/aes-cbc-macs.h>
#include <crypto/aes-ctr.h>
#include <crypto/aes-ecb.h>
#include <crypto/aes-xts.h>
#include <linux/errno.h>
#include <linux/string.h>

#include "alg.h"

static int aes_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return aes_preparekey(tfm, key, len);
}

static int aes_setenckey_(void *tfm, const u8 *key, unsigned int len)
{
	return aes_prepareenckey(tfm, key, len);
}

/*
 * ecb and cbc refuse a final partial block, but only after the whole
 * blocks before it: the skcipher walk of every driver (and of the lskcipher
 * templates, crypto_lskcipher_crypt_sg()) processes them, writes the IV
 * back, and fails with EINVAL on the remainder (skcipher_walk_next()).
 */
#define AES_BLOCKS(fn, call)						\
static int fn(const void *tfm, u8 *iv, u8 *dst, const u8 *src,		\
	      size_t len, bool final)					\
{									\
	size_t full = len - len % AES_BLOCK_SIZE;			\
									\
	if (full)							\
		call;							\
	return full == len ? 0 : -EINVAL;				\
}

AES_BLOCKS(ecb_encrypt_,
	   aes_ecb_encrypt(dst, src, full, (const struct aes_key *)tfm))
AES_BLOCKS(ecb_decrypt_, aes_ecb_decrypt(dst, src, full, tfm))
AES_BLOCKS(cbc_encrypt_,
	   aes_cbc_encrypt(dst, src, full, iv, (const struct aes_key *)tfm))
AES_BLOCKS(cbc_decrypt_, aes_cbc_decrypt(dst, src, full, iv, tfm))

/* the counter advances by every block, the final partial one included */
static int ctr_crypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
		      size_t len, bool final)
{
	aes_ctr(dst, src, len, iv, (const struct aes_enckey *)tfm);
	return 0;
}

static int rfc3686_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return aes_rfc3686_preparekey(tfm, key, len);
}

static int rfc3686_crypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
			  size_t len, bool final)
{
	aes_rfc3686_crypt(dst, src, len, iv, tfm);
	return 0;
}

/*
 * xts_verify_key(): an odd length is EINVAL; equal halves are refused only
 * in FIPS mode or with CRYPTO_TFM_REQ_FORBID_WEAK_KEYS, never set through
 * AF_ALG.  The AES key size check follows in the library.
 */
static int xts_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	if (len % 2)
		return -EINVAL;
	return aes_xts_preparekey(tfm, key, len, 0);
}

/*
 * Fewer than 16 bytes is EINVAL, and the IV is left alone.  Otherwise the
 * socket IV is written back as the drivers clients actually get do it:
 * the x86 AES-NI/VAES glue (arch/x86/crypto/aesni-intel_glue.c
 * xts_crypt()) encrypts req->iv in place and the assembly stores the
 * running tweak back for continuation, so after a request of n bytes the
 * IV is E(K2, IV) * x^m, with m the whole blocks n / 16, one fewer when
 * decrypting with ciphertext stealing (the last two tweaks are used in
 * reverse order and the running tweak stops before them).  A following
 * request without an IV encrypts that value again as its IV.  (The generic
 * crypto/xts.c, which no x86 or arm64 kernel picks over them, leaves the
 * IV as it was.)
 */
static void xts_mul_x_(u8 t[AES_BLOCK_SIZE])
{
	u8 carry = t[AES_BLOCK_SIZE - 1] >> 7;
	int i;

	for (i = AES_BLOCK_SIZE - 1; i > 0; i--)
		t[i] = (u8)(t[i] << 1 | t[i - 1] >> 7);
	t[0] = (u8)(t[0] << 1 ^ (carry ? 0x87 : 0));
}

static int xts_crypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
		      size_t len, bool enc)
{
	const struct aes_xts_key *k = tfm;
	size_t tail = len % AES_BLOCK_SIZE, m = len / AES_BLOCK_SIZE;
	u8 tweak[AES_BLOCK_SIZE];

	if (len < AES_BLOCK_SIZE)
		return -EINVAL;
	memcpy(tweak, iv, AES_BLOCK_SIZE);
	if (enc)
		aes_xts_encrypt(dst, src, len, tweak, k, false);
	else
		aes_xts_decrypt(dst, src, len, tweak, k, false);
	/* the library's running tweak is unspecified after a partial block */
	aes_encrypt(&k->tweak_key, iv, iv);
	if (tail && !enc)
		m--;
	while (m--)
		xts_mul_x_(iv);
	memzero_explicit(tweak, sizeof(tweak));
	return 0;
}

static int xts_encrypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
			size_t len, bool final)
{
	return xts_crypt_(tfm, iv, dst, src, len, true);
}

static int xts_decrypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
			size_t len, bool final)
{
	return xts_crypt_(tfm, iv, dst, src, len, false);
}

static int cmac_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return aes_cmac_preparekey(tfm, key, len);
}

/*
 * crypto_xcbc_digest_setkey() takes any AES key: K1, K2 and K3 are made
 * with the whole key, then the MAC runs under K1 (AES-128).  RFC 3566 only
 * defines 16-byte keys, which the library prepares itself.
 */
static int xcbc_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	struct aes_cmac_key *k = tfm;
	struct aes_enckey full;
	u8 c[3][AES_BLOCK_SIZE];
	int i, err;

	if (len == AES_KEYSIZE_128) {
		aes_xcbcmac_preparekey(k, key);
		return 0;
	}
	err = aes_prepareenckey(&full, key, len);
	if (err)
		return err;
	for (i = 0; i < 3; i++)
		memset(c[i], i + 1, AES_BLOCK_SIZE);
	aes_ecb_encrypt(c[0], c[0], sizeof(c), &full);
	memcpy(k->k_final[0].b, c[1], AES_BLOCK_SIZE);
	memcpy(k->k_final[1].b, c[2], AES_BLOCK_SIZE);
	err = aes_prepareenckey(&k->aes, c[0], AES_KEYSIZE_128);
	memzero_explicit(c, sizeof(c));
	memzero_explicit(&full, sizeof(full));
	return err;
}

static void cmac_init_(const void *tfm, void *req)
{
	aes_cmac_init(req, tfm);
}

static void cmac_update_(void *req, const u8 *data, size_t len)
{
	aes_cmac_update(req, data, len);
}

static void cmac_final_(void *req, u8 *out)
{
	aes_cmac_final(req, out);
}

static void cmac_digest_(const void *tfm, const u8 *data, size_t len, u8 *out)
{
	aes_cmac(tfm, data, len, out);
}

#define AES_SK(n, drv, rt, bs, ivs, keyt, set, enc, dec, kmin, kmax)	\
	{								\
		.name = n, .driver = drv, .type = AFS_SKCIPHER,		\
		.report_type = rt, .priority = 100,			\
		.blocksize = bs, .chunksize = AES_BLOCK_SIZE,		\
		.ivsize = ivs, .min_keysize = kmin, .max_keysize = kmax,\
		.tfm_size = sizeof(keyt),				\
		.ops.skcipher = {					\
			.setkey = set, .encrypt = enc, .decrypt = dec,	\
		},							\
	}

#define AES_MAC(n, drv, set)						\
	{								\
		.name = n, .driver = drv, .type = AFS_HASH,		\
		.report_type = "shash", .priority = 100,		\
		.blocksize = AES_BLOCK_SIZE,				\
		.digestsize = AES_BLOCK_SIZE,				\
		.needs_key = true,					\
		.tfm_size = sizeof(struct aes_cmac_key),		\
		.state_size = sizeof(struct aes_cmac_ctx),		\
		.ops.hash = {						\
			.setkey = set,					\
			.init = cmac_init_,				\
			.update = cmac_update_,				\
			.final = cmac_final_,				\
			.digest = cmac_digest_,				\
		},							\
	}

static const struct afs_alg aes_algs[] = {
	AES_SK("ecb(aes)", "ecb(aes-generic)", "lskcipher", AES_BLOCK_SIZE, 0,
	       struct aes_key, aes_setkey_, ecb_encrypt_, ecb_decrypt_,
	       AES_MIN_KEY_SIZE, AES_MAX_KEY_SIZE),
	AES_SK("cbc(aes)", "cbc(aes-generic)", "lskcipher", AES_BLOCK_SIZE,
	       AES_BLOCK_SIZE, struct aes_key, aes_setkey_, cbc_encrypt_,
	       cbc_decrypt_, AES_MIN_KEY_SIZE, AES_MAX_KEY_SIZE),
	AES_SK("ctr(aes)", "ctr(aes-generic)", "skcipher", 1, AES_BLOCK_SIZE,
	       struct aes_enckey, aes_setenckey_, ctr_crypt_, ctr_crypt_,
	       AES_MIN_KEY_SIZE, AES_MAX_KEY_SIZE),
	AES_SK("rfc3686(ctr(aes))", "rfc3686(ctr(aes-generic))", "skcipher", 1,
	       CTR_RFC3686_IV_SIZE, struct aes_rfc3686_key, rfc3686_setkey_,
	       rfc3686_crypt_, rfc3686_crypt_,
	       AES_MIN_KEY_SIZE + CTR_RFC3686_NONCE_SIZE,
	       AES_MAX_KEY_SIZE + CTR_RFC3686_NONCE_SIZE),
	{
		.name = "xts(aes)", .driver = "xts(ecb(aes-generic))",
		.type = AFS_SKCIPHER, .report_type = "skcipher",
		.priority = 100, .blocksize = AES_BLOCK_SIZE,
		.chunksize = AES_BLOCK_SIZE, .ivsize = AES_BLOCK_SIZE,
		.min_reqsize = AES_BLOCK_SIZE,
		.min_keysize = 2 * AES_MIN_KEY_SIZE,
		.max_keysize = 2 * AES_MAX_KEY_SIZE,
		.tfm_size = sizeof(struct aes_xts_key),
		.ops.skcipher = {
			.setkey = xts_setkey_, .encrypt = xts_encrypt_,
			.decrypt = xts_decrypt_,
		},
	},
	AES_MAC("cmac(aes)", "cmac(aes-generic)", cmac_setkey_),
	AES_MAC("xcbc(aes)", "xcbc(aes-generic)", xcbc_setkey_),
	{ .name = NULL },
};

AFS_ALG_FAMILY(aes_algs);
