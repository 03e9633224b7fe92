/* SPDX-License-Identifier: GPL-2.0 */
/*
 * authenc(hmac(H),cbc(aes)), H = SHA-1, SHA-256, SHA-384 or SHA-512, as crypto/authenc.c composes it: AES-CBC
 * encryption, then an HMAC over associated data || ciphertext, truncated
 * to the authentication tag size and appended (IPsec ESP's classic
 * encrypt-then-MAC).
 *
 * The key is the crypto API's authenc key blob: an rtattr of type
 * CRYPTO_AUTHENC_KEYA_PARAM whose payload is a big-endian 32-bit
 * encryption key length, then the HMAC key, then the AES key.  It is
 * parsed and validated exactly as crypto_authenc_extractkeys() does.
 *
 * Names carry a _lib suffix because <crypto/authenc.h> is the crypto API's
 * own header for the template.
 */
#ifndef _CRYPTO_AUTHENC_LIB_H
#define _CRYPTO_AUTHENC_LIB_H

#include <crypto/aes.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <linux/types.h>

enum authenc_lib_hash {
	AUTHENC_LIB_HMAC_SHA1,		/* authenc(hmac(sha1),cbc(aes)) */
	AUTHENC_LIB_HMAC_SHA256,	/* authenc(hmac(sha256),cbc(aes)) */
	AUTHENC_LIB_HMAC_SHA384,	/* authenc(hmac(sha384),cbc(aes)) */
	AUTHENC_LIB_HMAC_SHA512,	/* authenc(hmac(sha512),cbc(aes)) */
};

/**
 * struct authenc_lib_keys - the parts of an authenc key blob
 * @authkey: the HMAC key (points into the blob)
 * @enckey: the AES key (points into the blob)
 * @authkeylen: HMAC key length
 * @enckeylen: AES key length (not yet checked against 16/24/32)
 */
struct authenc_lib_keys {
	const u8 *authkey;
	const u8 *enckey;
	unsigned int authkeylen;
	unsigned int enckeylen;
};

/**
 * struct authenc_lib_key - a prepared authenc(hmac(H),cbc(aes)) key
 * @hash: which HMAC
 * @hmac: prepared HMAC key, the member named after @hash
 * @aes: prepared AES key
 */
struct authenc_lib_key {
	enum authenc_lib_hash hash;
	union {
		struct hmac_sha1_key sha1;
		struct hmac_sha256_key sha256;
		struct hmac_sha384_key sha384;
		struct hmac_sha512_key sha512;
	} hmac;
	struct aes_key aes;
};

int authenc_lib_extractkeys(struct authenc_lib_keys *keys, const u8 *key,
			    unsigned int keylen);
unsigned int authenc_lib_digestsize(enum authenc_lib_hash hash);
int authenc_lib_setkey(struct authenc_lib_key *key, enum authenc_lib_hash hash,
		       const u8 *blob, unsigned int blob_len);
int authenc_lib_encrypt(const struct authenc_lib_key *key, u8 *dst,
			const u8 *src, size_t len, const u8 *ad, size_t ad_len,
			const u8 iv[AES_BLOCK_SIZE], unsigned int authsize);
int authenc_lib_decrypt(const struct authenc_lib_key *key, u8 *dst,
			const u8 *src, size_t src_len,
			const u8 *ad, size_t ad_len,
			const u8 iv[AES_BLOCK_SIZE], unsigned int authsize);
int authencesn_lib_encrypt(const struct authenc_lib_key *key, u8 *dst,
			   const u8 *src, size_t len, const u8 *ad,
			   size_t ad_len, const u8 iv[AES_BLOCK_SIZE],
			   unsigned int authsize);
int authencesn_lib_decrypt(const struct authenc_lib_key *key, u8 *dst,
			   const u8 *src, size_t src_len,
			   const u8 *ad, size_t ad_len,
			   const u8 iv[AES_BLOCK_SIZE], unsigned int authsize);
void authenc_lib_wipe(struct authenc_lib_key *key);

#endif /* _CRYPTO_AUTHENC_LIB_H */
