/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CCM authenticated encryption (NIST SP 800-38C, RFC 3610), mainline
 * interface, plus the RFC 4309 ESP layout (aes_rfc4309_*()).
 */
#ifndef _CRYPTO_AES_CCM_H
#define _CRYPTO_AES_CCM_H

#include <crypto/aes-cbc-macs.h>
#include <crypto/aes.h>
#include <linux/compiler.h>

/**
 * struct aes_ccm_key - A key prepared for AES-CCM encryption and decryption
 */
struct aes_ccm_key {
	/* private: */
	struct aes_enckey aes;
	size_t authtag_len;	/* Length of authentication tags in bytes */
};

/**
 * struct aes_ccm_ctx - Context for incrementally en/decrypting a message
 */
struct aes_ccm_ctx {
	/* private: */
	const struct aes_ccm_key *key;	/* must outlive the context */
	struct aes_cbcmac_ctx mac;	/* CBC-MAC over B0, AAD and payload */
	u8 ctr[AES_BLOCK_SIZE];		/* next counter block */
	u8 keystream[AES_BLOCK_SIZE];	/* keystream of a partial block */
	u8 s0[AES_BLOCK_SIZE];		/* E(A0), XORed into the tag */
	u64 ad_remaining;		/* associated data still expected */
	u64 data_remaining;		/* payload bytes still expected */
	u64 data_done;			/* payload bytes processed */
	bool ad_padded;			/* AAD closed off with zero padding */
};

/**
 * aes_ccm_preparekey() - Prepare a key for AES-CCM
 * @key: (output) the key structure to initialize
 * @in_key: the raw AES key
 * @key_len: 16, 24 or 32
 * @authtag_len: tag length in bytes: 4, 6, 8, 10, 12, 14 or 16
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL if either length is invalid.
 */
int __must_check aes_ccm_preparekey(struct aes_ccm_key *key, const u8 *in_key,
				    size_t key_len, size_t authtag_len);

/**
 * aes_ccm_encrypt() - Encrypt a message with AES-CCM
 * @dst: the ciphertext; in-place (@dst == @src) or out-of-place
 * @src: the plaintext
 * @data_len: plaintext length, below 2^(8 * (15 - @nonce_len))
 * @authtag: (output) the tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @nonce: the nonce; (key, nonce) pairs must never repeat
 * @nonce_len: 7..13
 * @key: key from aes_ccm_preparekey()
 *
 * Context: Any context.
 * Return: 0, -EINVAL for a bad @nonce_len, -EOVERFLOW if @data_len does
 *	   not fit the length field.
 */
int __must_check aes_ccm_encrypt(u8 *dst, const u8 *src, size_t data_len,
				 u8 *authtag, const u8 *ad, size_t ad_len,
				 const u8 *nonce, size_t nonce_len,
				 const struct aes_ccm_key *key);

/**
 * aes_ccm_decrypt() - Decrypt and verify a message with AES-CCM
 * @dst: the plaintext; zeroed if the tag does not match
 * @src: the ciphertext (without the tag)
 * @data_len: ciphertext length
 * @authtag: the received tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @nonce: the nonce
 * @nonce_len: 7..13
 * @key: key from aes_ccm_preparekey()
 *
 * Context: Any context.
 * Return: 0, -EBADMSG if not authentic, -EINVAL for a bad @nonce_len,
 *	   -EOVERFLOW if @data_len does not fit the length field.
 */
int __must_check aes_ccm_decrypt(u8 *dst, const u8 *src, size_t data_len,
				 const u8 *authtag, const u8 *ad, size_t ad_len,
				 const u8 *nonce, size_t nonce_len,
				 const struct aes_ccm_key *key);

/**
 * aes_ccm_init() - Start an incremental AES-CCM en/decryption
 * @ctx: (output) the context
 * @data_len: total payload length that will follow
 * @ad_len: total associated data length that will follow
 * @nonce: the nonce
 * @nonce_len: 7..13
 * @key: key from aes_ccm_preparekey(); a pointer is kept
 *
 * CCM needs both lengths up front.  Then aes_ccm_auth_update() until
 * @ad_len bytes were given, aes_ccm_encrypt_update() or
 * aes_ccm_decrypt_update() until @data_len bytes were given, and
 * aes_ccm_encrypt_final() or aes_ccm_decrypt_final().  Decrypted data is
 * unauthenticated until aes_ccm_decrypt_final() returns 0.
 *
 * Context: Any context.
 * Return: 0, -EINVAL for a bad @nonce_len, -EOVERFLOW for a @data_len
 *	   too large for the nonce length.
 */
int __must_check aes_ccm_init(struct aes_ccm_ctx *ctx, u64 data_len,
			      u64 ad_len, const u8 *nonce, size_t nonce_len,
			      const struct aes_ccm_key *key);

/**
 * aes_ccm_auth_update() - Add associated data
 * @ctx: the context
 * @ad: associated data
 * @len: its length
 *
 * Context: Any context.
 */
void aes_ccm_auth_update(struct aes_ccm_ctx *ctx, const u8 *ad, size_t len);

/**
 * aes_ccm_encrypt_update() - Encrypt more payload
 * @ctx: the context
 * @dst: the ciphertext; in-place or out-of-place
 * @src: the plaintext
 * @len: number of bytes, any value
 *
 * Context: Any context.
 */
void aes_ccm_encrypt_update(struct aes_ccm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len);

/**
 * aes_ccm_decrypt_update() - Decrypt more payload (unauthenticated)
 * @ctx: the context
 * @dst: the plaintext; in-place or out-of-place
 * @src: the ciphertext
 * @len: number of bytes, any value
 *
 * Context: Any context.
 */
void aes_ccm_decrypt_update(struct aes_ccm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len);

/**
 * aes_ccm_encrypt_final() - Finish encrypting; write the tag
 * @ctx: the context; zeroized on return
 * @authtag: (output) the tag
 *
 * Context: Any context.
 */
void aes_ccm_encrypt_final(struct aes_ccm_ctx *ctx, u8 *authtag);

/**
 * aes_ccm_decrypt_final() - Finish decrypting; check the tag
 * @ctx: the context; zeroized on return
 * @authtag: the received tag
 *
 * Context: Any context.
 * Return: 0 if authentic, else -EBADMSG.
 */
int __must_check aes_ccm_decrypt_final(struct aes_ccm_ctx *ctx,
				       const u8 *authtag);

/*
 * Extension: RFC 4309 (CCM in IPsec ESP), the kernel's rfc4309(ccm(aes)):
 * key = AES key || 3-byte salt, 8-byte per-packet IV, nonce = salt || IV
 * (11 bytes), tags of 8, 12 or 16 bytes.  @ad excludes the IV copy that
 * the kernel's assoclen includes.
 */
struct aes_rfc4309_key {
	struct aes_ccm_key ccm;
	u8 salt[3];
};

/**
 * aes_rfc4309_preparekey() - Prepare a key for rfc4309(ccm(aes))
 * @key: (output) the key structure
 * @in_key: AES key || 3-byte salt
 * @key_len: 19, 27 or 35
 * @authtag_len: 8, 12 or 16
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length is invalid.
 */
int __must_check aes_rfc4309_preparekey(struct aes_rfc4309_key *key,
					const u8 *in_key, size_t key_len,
					size_t authtag_len);

/**
 * aes_rfc4309_encrypt() - RFC 4309 AES-CCM encryption
 * @dst: the ciphertext
 * @src: the plaintext
 * @data_len: plaintext length (below 2^32)
 * @authtag: (output) the tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @iv: the 8-byte IV
 * @key: key from aes_rfc4309_preparekey()
 *
 * Context: Any context.
 * Return: 0, or -EOVERFLOW if @data_len does not fit.
 */
int __must_check aes_rfc4309_encrypt(u8 *dst, const u8 *src, size_t data_len,
				     u8 *authtag, const u8 *ad, size_t ad_len,
				     const u8 iv[8],
				     const struct aes_rfc4309_key *key);

/**
 * aes_rfc4309_decrypt() - RFC 4309 AES-CCM decryption
 * @dst: the plaintext (zeroed if the tag does not match)
 * @src: the ciphertext
 * @data_len: ciphertext length
 * @authtag: the received tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @iv: the 8-byte IV
 * @key: key from aes_rfc4309_preparekey()
 *
 * Context: Any context.
 * Return: 0, -EBADMSG if not authentic, -EOVERFLOW if @data_len does not
 *	   fit.
 */
int __must_check aes_rfc4309_decrypt(u8 *dst, const u8 *src, size_t data_len,
				     const u8 *authtag, const u8 *ad,
				     size_t ad_len, const u8 iv[8],
				     const struct aes_rfc4309_key *key);

#endif /* _CRYPTO_AES_CCM_H */
