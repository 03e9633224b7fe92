// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: the AES AEADs gcm(aes), rfc4106(gcm(aes)), rfc4543(gcm(aes)),
 * ccm(aes) and rfc4309(ccm(aes)) on <crypto/aes-gcm.h> and
 * <crypto/aes-ccm.h>.
 *
 * The library fixes the tag length when a key is prepared, while AF_ALG
 * takes ALG_SET_KEY and ALG_SET_AEAD_AUTHSIZE in either order: the tfm
 * keeps the raw key (wiped with the tfm) and prepares it again when the
 * authsize changes.  As crypto/gcm.c and crypto/ccm.c do:
 *   gcm       authsize 4, 8, 12-16; 12-byte IV
 *   rfc4106   key || 4-byte salt; authsize 8, 12, 16; 8-byte IV; assoclen
 *             16 or 20, the last 8 AAD bytes (the IV) not authenticated
 *   rfc4543   key || 4-byte salt; authsize 16 only; 8-byte IV; assoclen
 *             16 or 20; nothing encrypted: the payload is copied and the
 *             tag covers the AAD (the IV included) and the payload
 *   ccm       authsize 4-16 even; 16-byte IV: iv[0] = L - 1 in 1..7, then
 *             the nonce (15 - L bytes)
 *   rfc4309   key || 3-byte salt; authsize 8, 12, 16; 8-byte IV; assoclen
 *             16 or 20 as for rfc4106
 * A failed tag check zeroes the plaintext (DIVERGENCES.md D11).
 */
#include <crypto/aes-ccm.h>
#include <crypto/aes-gcm.h>
#include <linux/errno.h>
#include <linux/string.h>

#include "alg.h"

enum aead_kind { GCM, RFC4106, RFC4543, CCM, RFC4309 };

struct aead_tfm {
	u8 raw[AES_MAX_KEY_SIZE + 4];
	unsigned int rawlen;
	unsigned int authsize;		/* 0: the default, 16 */
	bool keyed;
	union {
		struct aes_gcm_key gcm;
		struct aes_rfc4106_key rfc4106;
		struct aes_ccm_key ccm;
		struct aes_rfc4309_key rfc4309;
	} k;
};

static unsigned int authsize_of(const struct aead_tfm *t)
{
	return t->authsize ? t->authsize : 16;
}

static int prepare(struct aead_tfm *t, enum aead_kind kind, const u8 *key,
		   unsigned int len)
{
	size_t as = authsize_of(t);

	switch (kind) {
	case GCM:
		return aes_gcm_preparekey(&t->k.gcm, key, len, as);
	case RFC4106:
		return aes_rfc4106_preparekey(&t->k.rfc4106, key, len, as);
	case RFC4543:
		return aes_rfc4543_preparekey(&t->k.rfc4106, key, len);
	case CCM:
		return aes_ccm_preparekey(&t->k.ccm, key, len, as);
	default:
		return aes_rfc4309_preparekey(&t->k.rfc4309, key, len, as);
	}
}

static int setkey(void *tfm, enum aead_kind kind, const u8 *key,
		  unsigned int len)
{
	struct aead_tfm *t = tfm;
	int err;

	if (len > sizeof(t->raw))
		return -EINVAL;
	err = prepare(t, kind, key, len);
	if (err) {
		memzero_explicit(&t->k, sizeof(t->k));
		t->keyed = false;
		return err;
	}
	memcpy(t->raw, key, len);
	t->rawlen = len;
	t->keyed = true;
	return 0;
}

static int setauthsize(void *tfm, enum aead_kind kind, unsigned int as)
{
	struct aead_tfm *t = tfm;
	unsigned int old = t->authsize;
	int err;

	switch (kind) {
	case GCM:
		err = crypto_gcm_check_authsize(as);
		break;
	case CCM:
		err = as >= 4 && as <= 16 && !(as & 1) ? 0 : -EINVAL;
		break;
	case RFC4543:	/* crypto_rfc4543_setauthsize() */
		err = as == 16 ? 0 : -EINVAL;
		break;
	default:
		err = crypto_rfc4106_check_authsize(as);
		break;
	}
	if (err)
		return err;
	t->authsize = as;
	if (t->keyed) {
		err = prepare(t, kind, t->raw, t->rawlen);
		if (err)	/* cannot happen: both lengths were valid */
			t->authsize = old;
	}
	return err;
}

#define AEAD_KEY_OPS(pfx, kind)						\
static int pfx##_setkey_(void *tfm, const u8 *key, unsigned int len)	\
{									\
	return setkey(tfm, kind, key, len);				\
}									\
static int pfx##_setauthsize_(void *tfm, unsigned int as)		\
{									\
	return setauthsize(tfm, kind, as);				\
}

AEAD_KEY_OPS(gcm, GCM)
AEAD_KEY_OPS(rfc4106, RFC4106)
AEAD_KEY_OPS(rfc4543, RFC4543)
AEAD_KEY_OPS(ccm, CCM)
AEAD_KEY_OPS(rfc4309, RFC4309)

/*
 * src = AAD || PT (encrypt) or AAD || CT || TAG (decrypt, @cryptlen
 * includes the tag); dst receives CT || TAG or PT.
 */
static int gcm_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			u8 *dst, const u8 *src, size_t assoclen,
			size_t cryptlen)
{
	const struct aead_tfm *t = tfm;

	aes_gcm_encrypt(dst, src + assoclen, cryptlen, dst + cryptlen, src,
			assoclen, iv, &t->k.gcm);
	return 0;
}

static int gcm_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			u8 *dst, const u8 *src, size_t assoclen,
			size_t cryptlen)
{
	const struct aead_tfm *t = tfm;
	size_t n = cryptlen - as;

	return aes_gcm_decrypt(dst, src + assoclen, n, src + assoclen + n, src,
			       assoclen, iv, &t->k.gcm);
}

/* crypto_ipsec_check_assoclen(): SPI, sequence number (, ESN) and IV */
static int rfc4106_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct aead_tfm *t = tfm;

	if (crypto_ipsec_check_assoclen(assoclen))
		return -EINVAL;
	aes_rfc4106_encrypt(dst, src + assoclen, cryptlen, dst + cryptlen, src,
			    assoclen - GCM_RFC4106_IV_SIZE, iv, &t->k.rfc4106);
	return 0;
}

static int rfc4106_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct aead_tfm *t = tfm;
	size_t n = cryptlen - as;

	if (crypto_ipsec_check_assoclen(assoclen))
		return -EINVAL;
	return aes_rfc4106_decrypt(dst, src + assoclen, n, src + assoclen + n,
				   src, assoclen - GCM_RFC4106_IV_SIZE, iv,
				   &t->k.rfc4106);
}

/*
 * crypto_rfc4543_crypt(): the payload goes to dst unchanged and GCM runs
 * with no plaintext, all of assoclen and the payload as its AAD.  The tag
 * is made before the copy, so dst may overlap src.
 */
static int rfc4543_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct aead_tfm *t = tfm;
	u8 tag[AES_BLOCK_SIZE];

	if (crypto_ipsec_check_assoclen(assoclen))
		return -EINVAL;
	aes_rfc4543_sign(tag, src, assoclen + cryptlen, iv, &t->k.rfc4106);
	memmove(dst, src + assoclen, cryptlen);
	memcpy(dst + cryptlen, tag, sizeof(tag));
	return 0;
}

static int rfc4543_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct aead_tfm *t = tfm;
	size_t n = cryptlen - as;
	int err;

	if (crypto_ipsec_check_assoclen(assoclen))
		return -EINVAL;
	err = aes_rfc4543_verify(src + assoclen + n, src, assoclen + n, iv,
				 &t->k.rfc4106);
	if (!err)
		memmove(dst, src + assoclen, n);
	return err;
}

/* crypto_ccm_check_iv(): iv[0] = L - 1, L in 2..8; the nonce follows */
static int ccm_nonce(const u8 *iv, size_t *len)
{
	if (iv[0] < 1 || iv[0] > 7)
		return -EINVAL;
	*len = 14 - iv[0];
	return 0;
}

static int ccm_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			u8 *dst, const u8 *src, size_t assoclen,
			size_t cryptlen)
{
	const struct aead_tfm *t = tfm;
	size_t nlen;
	int err = ccm_nonce(iv, &nlen);

	if (err)
		return err;
	return aes_ccm_encrypt(dst, src + assoclen, cryptlen, dst + cryptlen,
			       src, assoclen, iv + 1, nlen, &t->k.ccm);
}

static int ccm_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			u8 *dst, const u8 *src, size_t assoclen,
			size_t cryptlen)
{
	const struct aead_tfm *t = tfm;
	size_t n = cryptlen - as, nlen;
	int err = ccm_nonce(iv, &nlen);

	if (err)
		return err;
	return aes_ccm_decrypt(dst, src + assoclen, n, src + assoclen + n, src,
			       assoclen, iv + 1, nlen, &t->k.ccm);
}

static int rfc4309_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct aead_tfm *t = tfm;

	if (crypto_ipsec_check_assoclen(assoclen))
		return -EINVAL;
	return aes_rfc4309_encrypt(dst, src + assoclen, cryptlen,
				   dst + cryptlen, src, assoclen - 8, iv,
				   &t->k.rfc4309);
}

static int rfc4309_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct aead_tfm *t = tfm;
	size_t n = cryptlen - as;

	if (crypto_ipsec_check_assoclen(assoclen))
		return -EINVAL;
	return aes_rfc4309_decrypt(dst, src + assoclen, n, src + assoclen + n,
				   src, assoclen - 8, iv, &t->k.rfc4309);
}

#define AES_AEAD(n, drv, ivs, pfx)					\
	{								\
		.name = n, .driver = drv, .type = AFS_AEAD,		\
		.report_type = "aead", .priority = 100,			\
		.blocksize = 1, .chunksize = AES_BLOCK_SIZE,		\
		.ivsize = ivs, .maxauthsize = 16,			\
		.tfm_size = sizeof(struct aead_tfm),			\
		.ops.aead = {						\
			.setkey = pfx##_setkey_,			\
			.setauthsize = pfx##_setauthsize_,		\
			.encrypt = pfx##_encrypt_,			\
			.decrypt = pfx##_decrypt_,			\
		},							\
	}

static const struct afs_alg aes_aead_algs[] = {
	AES_AEAD("gcm(aes)", "gcm_base(ctr(aes-generic),ghash-generic)",
		 GCM_AES_IV_SIZE, gcm),
	AES_AEAD("rfc4106(gcm(aes))",
		 "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))",
		 GCM_RFC4106_IV_SIZE, rfc4106),
	AES_AEAD("rfc4543(gcm(aes))",
		 "rfc4543(gcm_base(ctr(aes-generic),ghash-generic))",
		 GCM_RFC4543_IV_SIZE, rfc4543),
	AES_AEAD("ccm(aes)", "ccm_base(ctr(aes-generic),cbcmac(aes-generic))",
		 16, ccm),
	AES_AEAD("rfc4309(ccm(aes))",
		 "rfc4309(ccm_base(ctr(aes-generic),cbcmac(aes-generic)))", 8,
		 rfc4309),
	{ .name = NULL },
};

AFS_ALG_FAMILY(aes_aead_algs);
