/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GCM constants and the 6.12 AES-GCM library interface (struct aesgcm_ctx,
 * aesgcm_expandkey(), aesgcm_encrypt(), aesgcm_decrypt()), kept for its
 * callers.  New code uses <crypto/aes-gcm.h>.
 */
#ifndef _CRYPTO_GCM_H
#define _CRYPTO_GCM_H

#include <linux/compiler.h>
#include <linux/errno.h>

#include <crypto/aes.h>
#include <crypto/b128ops.h>

#define GCM_AES_IV_SIZE		12
#define GCM_RFC4106_IV_SIZE	8
#define GCM_RFC4543_IV_SIZE	8

/* Valid GCM tag lengths */
static inline int crypto_gcm_check_authsize(unsigned int authsize)
{
	switch (authsize) {
	case 4:
	case 8:
	case 12:
	case 13:
	case 14:
	case 15:
	case 16:
		return 0;
	default:
		return -EINVAL;
	}
}

/* Valid RFC 4106 tag lengths */
static inline int crypto_rfc4106_check_authsize(unsigned int authsize)
{
	switch (authsize) {
	case 8:
	case 12:
	case 16:
		return 0;
	default:
		return -EINVAL;
	}
}

/* Valid assoclen (SPI, sequence number and IV) for RFC 4106 / RFC 4543 */
static inline int crypto_ipsec_check_assoclen(unsigned int assoclen)
{
	switch (assoclen) {
	case 16:
	case 20:
		return 0;
	default:
		return -EINVAL;
	}
}

struct aesgcm_ctx {
	be128			ghash_key;
	struct crypto_aes_ctx	aes_ctx;
	unsigned int		authsize;
};

/**
 * aesgcm_expandkey() - Expand an AES-GCM key (6.12 interface)
 * @ctx: (output) the context
 * @key: the AES key
 * @keysize: 16, 24 or 32
 * @authsize: tag length, as crypto_gcm_check_authsize() accepts
 *
 * Return: 0, or -EINVAL for a bad length.
 */
int aesgcm_expandkey(struct aesgcm_ctx *ctx, const u8 *key,
		     unsigned int keysize, unsigned int authsize);

/**
 * aesgcm_encrypt() - AES-GCM encryption (6.12 interface)
 * @ctx: the expanded key
 * @dst: the ciphertext
 * @src: the plaintext
 * @crypt_len: plaintext length
 * @assoc: associated data
 * @assoc_len: associated data length
 * @iv: the 12-byte IV
 * @authtag: (output) the tag, @ctx->authsize bytes
 */
void aesgcm_encrypt(const struct aesgcm_ctx *ctx, u8 *dst, const u8 *src,
		    int crypt_len, const u8 *assoc, int assoc_len,
		    const u8 iv[GCM_AES_IV_SIZE], u8 *authtag);

/**
 * aesgcm_decrypt() - AES-GCM decryption (6.12 interface)
 * @ctx: the expanded key
 * @dst: the plaintext (zeroed if the tag does not match)
 * @src: the ciphertext
 * @crypt_len: ciphertext length
 * @assoc: associated data
 * @assoc_len: associated data length
 * @iv: the 12-byte IV
 * @authtag: the received tag
 *
 * Return: true if authentic.
 */
bool __must_check aesgcm_decrypt(const struct aesgcm_ctx *ctx, u8 *dst,
				 const u8 *src, int crypt_len, const u8 *assoc,
				 int assoc_len, const u8 iv[GCM_AES_IV_SIZE],
				 const u8 *authtag);

#endif
