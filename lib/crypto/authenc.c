// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * authenc(hmac(H),cbc(aes)): encrypt-then-MAC as crypto/authenc.c composes
 * it, for callers without the crypto API (the AF_ALG emulation).
 *
 * Encryption: C = AES-CBC(IV, P); T = HMAC(ad || C), first authsize bytes;
 * output C || T.  Decryption checks T in constant time over ad || C before
 * anything is decrypted, so a forgery leaves dst untouched.
 *
 * authencesn(hmac(H),cbc(aes)), IPsec ESP with extended sequence numbers
 * (crypto/authencesn.c), is the same with the MAC taken over the
 * associated data with its bytes 4..8 moved behind the ciphertext.
 */

#include <crypto/aes-cbc.h>
#include <crypto/authenc-lib.h>
#include <crypto/utils.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

/* rtattr header of the key blob, as <linux/rtnetlink.h> lays it out */
#define AUTHENC_RTA_HDRLEN	4
#define AUTHENC_RTA_ALIGNTO	4
#define CRYPTO_AUTHENC_KEYA_PARAM_TYPE	1
#define AUTHENC_PARAM_LEN	4	/* struct crypto_authenc_key_param */

#define AUTHENC_MAX_DIGEST	SHA512_DIGEST_SIZE

/**
 * authenc_lib_extractkeys() - split an authenc key blob
 * @keys: the parts, pointing into @key
 * @key: rtattr { u16 len, u16 type (host order) } || be32 enckeylen ||
 *	 authkey || enckey
 * @keylen: blob length
 *
 * Same checks as crypto_authenc_extractkeys(): the rtattr must fit
 * (RTA_OK), have type CRYPTO_AUTHENC_KEYA_PARAM and a payload of exactly
 * four bytes, and the rest must hold at least enckeylen bytes.
 *
 * Return: 0 or -EINVAL.
 */
int authenc_lib_extractkeys(struct authenc_lib_keys *keys, const u8 *key,
			    unsigned int keylen)
{
	u16 rta_len, rta_type;

	if (keylen < AUTHENC_RTA_HDRLEN)
		return -EINVAL;
	rta_len = get_unaligned((const u16 *)key);
	rta_type = get_unaligned((const u16 *)(key + 2));
	if (rta_len < AUTHENC_RTA_HDRLEN || rta_len > keylen)
		return -EINVAL;
	if (rta_type != CRYPTO_AUTHENC_KEYA_PARAM_TYPE)
		return -EINVAL;
	if (rta_len - AUTHENC_RTA_HDRLEN != AUTHENC_PARAM_LEN)
		return -EINVAL;
	keys->enckeylen = get_unaligned_be32(key + AUTHENC_RTA_HDRLEN);
	key += rta_len;
	keylen -= rta_len;
	if (keylen < keys->enckeylen)
		return -EINVAL;
	keys->authkeylen = keylen - keys->enckeylen;
	keys->authkey = key;
	keys->enckey = key + keys->authkeylen;
	return 0;
}
EXPORT_SYMBOL_GPL(authenc_lib_extractkeys);

/**
 * authenc_lib_digestsize() - the HMAC's full output size (maximum authsize)
 * @hash: which HMAC
 *
 * Return: the digest size in bytes, or 0 for an unknown @hash.
 */
unsigned int authenc_lib_digestsize(enum authenc_lib_hash hash)
{
	switch (hash) {
	case AUTHENC_LIB_HMAC_SHA1:
		return SHA1_DIGEST_SIZE;
	case AUTHENC_LIB_HMAC_SHA256:
		return SHA256_DIGEST_SIZE;
	case AUTHENC_LIB_HMAC_SHA384:
		return SHA384_DIGEST_SIZE;
	case AUTHENC_LIB_HMAC_SHA512:
		return SHA512_DIGEST_SIZE;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(authenc_lib_digestsize);

/**
 * authenc_lib_setkey() - prepare a key from an authenc key blob
 * @key: the prepared key
 * @hash: which HMAC
 * @blob: the key blob (see authenc_lib_extractkeys())
 * @blob_len: its length
 *
 * Return: 0, or -EINVAL for a malformed blob, an AES key that is not 16,
 * 24 or 32 bytes, or an unknown @hash.  On error @key is wiped.
 */
int authenc_lib_setkey(struct authenc_lib_key *key, enum authenc_lib_hash hash,
		       const u8 *blob, unsigned int blob_len)
{
	struct authenc_lib_keys keys;
	int err;

	memzero_explicit(key, sizeof(*key));
	if (!authenc_lib_digestsize(hash))
		return -EINVAL;
	err = authenc_lib_extractkeys(&keys, blob, blob_len);
	if (err)
		return err;
	err = aes_preparekey(&key->aes, keys.enckey, keys.enckeylen);
	if (err) {
		memzero_explicit(key, sizeof(*key));
		return err;
	}
	key->hash = hash;
	switch (hash) {
	case AUTHENC_LIB_HMAC_SHA1:
		hmac_sha1_preparekey(&key->hmac.sha1, keys.authkey,
				     keys.authkeylen);
		break;
	case AUTHENC_LIB_HMAC_SHA256:
		hmac_sha256_preparekey(&key->hmac.sha256, keys.authkey,
				       keys.authkeylen);
		break;
	case AUTHENC_LIB_HMAC_SHA384:
		hmac_sha384_preparekey(&key->hmac.sha384, keys.authkey,
				       keys.authkeylen);
		break;
	case AUTHENC_LIB_HMAC_SHA512:
		hmac_sha512_preparekey(&key->hmac.sha512, keys.authkey,
				       keys.authkeylen);
		break;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(authenc_lib_setkey);

/* one piece of the MAC's input; @p may be NULL when @len is 0 */
struct authenc_seg {
	const u8 *p;
	size_t len;
};

/* HMAC over the concatenation of @nseg pieces */
#define AUTHENC_MAC(alg)						\
	do {								\
		struct hmac_##alg##_ctx ctx;				\
		unsigned int i;						\
									\
		hmac_##alg##_init(&ctx, &key->hmac.alg);		\
		for (i = 0; i < nseg; i++)				\
			if (seg[i].len)					\
				hmac_##alg##_update(&ctx, seg[i].p,	\
						    seg[i].len);	\
		hmac_##alg##_final(&ctx, mac);				\
	} while (0)

static void authenc_mac_segs(const struct authenc_lib_key *key,
			     const struct authenc_seg *seg, unsigned int nseg,
			     u8 mac[AUTHENC_MAX_DIGEST])
{
	switch (key->hash) {
	case AUTHENC_LIB_HMAC_SHA1:
		AUTHENC_MAC(sha1);
		break;
	case AUTHENC_LIB_HMAC_SHA256:
		AUTHENC_MAC(sha256);
		break;
	case AUTHENC_LIB_HMAC_SHA384:
		AUTHENC_MAC(sha384);
		break;
	case AUTHENC_LIB_HMAC_SHA512:
		AUTHENC_MAC(sha512);
		break;
	}
}

/* authenc: HMAC(ad || ct) */
static void authenc_mac(const struct authenc_lib_key *key, const u8 *ad,
			size_t ad_len, const u8 *ct, size_t ct_len,
			u8 mac[AUTHENC_MAX_DIGEST])
{
	const struct authenc_seg seg[] = { { ad, ad_len }, { ct, ct_len } };

	authenc_mac_segs(key, seg, ARRAY_SIZE(seg), mac);
}

/*
 * authencesn: ad begins with the SPI and the high 32 bits of the extended
 * sequence number, which crypto/authencesn.c moves behind the ciphertext
 * for the MAC: HMAC(ad[0..4) || ad[8..) || ct || ad[4..8)).  The caller
 * checks ad_len >= 8.
 */
static void authencesn_mac(const struct authenc_lib_key *key, const u8 *ad,
			   size_t ad_len, const u8 *ct, size_t ct_len,
			   u8 mac[AUTHENC_MAX_DIGEST])
{
	const struct authenc_seg seg[] = {
		{ ad, 4 }, { ad + 8, ad_len - 8 }, { ct, ct_len }, { ad + 4, 4 },
	};

	authenc_mac_segs(key, seg, ARRAY_SIZE(seg), mac);
}

/* authenc or authencesn encryption: the checks, CBC, then the tag */
static int authenc_seal(const struct authenc_lib_key *key, bool esn, u8 *dst,
			const u8 *src, size_t len, const u8 *ad, size_t ad_len,
			const u8 iv[AES_BLOCK_SIZE], unsigned int authsize)
{
	u8 mac[AUTHENC_MAX_DIGEST], ivbuf[AES_BLOCK_SIZE];

	if (len % AES_BLOCK_SIZE ||
	    authsize > authenc_lib_digestsize(key->hash) ||
	    (esn && (ad_len < 8 || (authsize && authsize < 4))))
		return -EINVAL;
	memcpy(ivbuf, iv, AES_BLOCK_SIZE);
	aes_cbc_encrypt(dst, src, len, ivbuf, &key->aes);
	if (!authsize)
		return 0;
	if (esn)
		authencesn_mac(key, ad, ad_len, dst, len, mac);
	else
		authenc_mac(key, ad, ad_len, dst, len, mac);
	memcpy(dst + len, mac, authsize);
	memzero_explicit(mac, sizeof(mac));
	return 0;
}

/* authenc or authencesn decryption: the tag first, then the length */
static int authenc_open(const struct authenc_lib_key *key, bool esn, u8 *dst,
			const u8 *src, size_t src_len, const u8 *ad,
			size_t ad_len, const u8 iv[AES_BLOCK_SIZE],
			unsigned int authsize)
{
	u8 mac[AUTHENC_MAX_DIGEST], ivbuf[AES_BLOCK_SIZE];
	size_t len;
	int bad;

	if (authsize > authenc_lib_digestsize(key->hash) || src_len < authsize ||
	    (esn && (ad_len < 8 || (authsize && authsize < 4))))
		return -EINVAL;
	len = src_len - authsize;
	if (authsize) {
		if (esn)
			authencesn_mac(key, ad, ad_len, src, len, mac);
		else
			authenc_mac(key, ad, ad_len, src, len, mac);
		bad = crypto_memneq(mac, src + len, authsize);
		memzero_explicit(mac, sizeof(mac));
		if (bad)
			return -EBADMSG;
	}
	if (len % AES_BLOCK_SIZE)
		return -EINVAL;
	memcpy(ivbuf, iv, AES_BLOCK_SIZE);
	aes_cbc_decrypt(dst, src, len, ivbuf, &key->aes);
	return 0;
}

/**
 * authenc_lib_encrypt() - authenc encryption
 * @key: prepared key
 * @dst: output, @len + @authsize bytes (ciphertext || tag); may equal @src
 * @src: plaintext
 * @len: plaintext length, a multiple of 16
 * @ad: associated data (authenticated, not encrypted)
 * @ad_len: its length
 * @iv: the CBC IV
 * @authsize: tag length, 1..digest size (0 is allowed and appends nothing)
 *
 * Return: 0, or -EINVAL if @len is not a multiple of 16 or @authsize is
 * larger than the digest.
 */
int authenc_lib_encrypt(const struct authenc_lib_key *key, u8 *dst,
			const u8 *src, size_t len, const u8 *ad, size_t ad_len,
			const u8 iv[AES_BLOCK_SIZE], unsigned int authsize)
{
	return authenc_seal(key, false, dst, src, len, ad, ad_len, iv, authsize);
}
EXPORT_SYMBOL_GPL(authenc_lib_encrypt);

/**
 * authenc_lib_decrypt() - authenc decryption
 * @key: prepared key
 * @dst: plaintext output, @src_len - @authsize bytes; may equal @src
 * @src: ciphertext || tag
 * @src_len: ciphertext length plus @authsize
 * @ad: associated data
 * @ad_len: its length
 * @iv: the CBC IV
 * @authsize: tag length, 0..digest size
 *
 * As crypto/authenc.c: the tag is checked first (-EBADMSG), then the
 * ciphertext length (-EINVAL if not a multiple of 16).
 *
 * Return: 0, -EBADMSG on a tag mismatch (nothing written to @dst), or
 * -EINVAL for @src_len < @authsize, a bad @authsize or a ciphertext that
 * is not whole blocks.
 */
int authenc_lib_decrypt(const struct authenc_lib_key *key, u8 *dst,
			const u8 *src, size_t src_len,
			const u8 *ad, size_t ad_len,
			const u8 iv[AES_BLOCK_SIZE], unsigned int authsize)
{
	return authenc_open(key, false, dst, src, src_len, ad, ad_len, iv,
			    authsize);
}
EXPORT_SYMBOL_GPL(authenc_lib_decrypt);

/**
 * authencesn_lib_encrypt() - authencesn encryption (IPsec ESP with
 *			      extended sequence numbers)
 * @key: prepared key (authenc_lib_setkey(): the same key blob)
 * @dst: output, @len + @authsize bytes (ciphertext || tag); may equal @src
 * @src: plaintext
 * @len: plaintext length, a multiple of 16
 * @ad: associated data: SPI, high 32 bits of the sequence number, the rest
 * @ad_len: its length, at least 8
 * @iv: the CBC IV
 * @authsize: tag length: 0 (no tag, no MAC) or 4..digest size
 *
 * As crypto/authencesn.c: the MAC covers ad[0..4) || ad[8..) ||
 * ciphertext || ad[4..8).
 *
 * Return: 0, or -EINVAL for @ad_len < 8, a @len that is not a multiple
 * of 16 or a bad @authsize.
 */
int authencesn_lib_encrypt(const struct authenc_lib_key *key, u8 *dst,
			   const u8 *src, size_t len, const u8 *ad,
			   size_t ad_len, const u8 iv[AES_BLOCK_SIZE],
			   unsigned int authsize)
{
	return authenc_seal(key, true, dst, src, len, ad, ad_len, iv, authsize);
}
EXPORT_SYMBOL_GPL(authencesn_lib_encrypt);

/**
 * authencesn_lib_decrypt() - authencesn decryption
 * @key: prepared key
 * @dst: plaintext output, @src_len - @authsize bytes; may equal @src
 * @src: ciphertext || tag
 * @src_len: ciphertext length plus @authsize
 * @ad: associated data, at least 8 bytes (see authencesn_lib_encrypt())
 * @ad_len: its length
 * @iv: the CBC IV
 * @authsize: tag length: 0 (nothing checked) or 4..digest size
 *
 * The tag is checked first, in constant time (-EBADMSG, nothing written
 * to @dst), then the ciphertext length (-EINVAL if not whole blocks).
 *
 * Return: 0, -EBADMSG or -EINVAL (also for @ad_len < 8, @src_len <
 * @authsize or a bad @authsize).
 */
int authencesn_lib_decrypt(const struct authenc_lib_key *key, u8 *dst,
			   const u8 *src, size_t src_len,
			   const u8 *ad, size_t ad_len,
			   const u8 iv[AES_BLOCK_SIZE], unsigned int authsize)
{
	return authenc_open(key, true, dst, src, src_len, ad, ad_len, iv,
			    authsize);
}
EXPORT_SYMBOL_GPL(authencesn_lib_decrypt);

/**
 * authenc_lib_wipe() - erase a prepared key
 * @key: the key
 */
void authenc_lib_wipe(struct authenc_lib_key *key)
{
	memzero_explicit(key, sizeof(*key));
}
EXPORT_SYMBOL_GPL(authenc_lib_wipe);

MODULE_DESCRIPTION("authenc(hmac(sha1|sha256|sha384|sha512),cbc(aes)) library");
MODULE_LICENSE("GPL");
