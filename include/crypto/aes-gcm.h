/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-GCM authenticated encryption (NIST SP 800-38D), mainline interface,
 * plus two extensions for what the crypto API offers on top of it:
 * IVs of any length (aes_gcm_*_iv()), the RFC 4106 ESP layout
 * (aes_rfc4106_*()) and RFC 4543 GMAC for ESP (aes_rfc4543_*()).
 */
#ifndef _CRYPTO_AES_GCM_H
#define _CRYPTO_AES_GCM_H

#include <crypto/aes.h>
#include <linux/compiler.h>
#include <crypto/gcm.h>
#include <crypto/gf128hash.h>

/**
 * struct aes_gcm_key - A key prepared for AES-GCM encryption and decryption
 */
struct aes_gcm_key {
	/* private: */
	struct aes_enckey aes;
	struct ghash_key ghash;
	size_t authtag_len;	/* Length of authentication tags in bytes */
};

/**
 * struct aes_gcm_ctx - Context for incrementally en/decrypting a message
 */
struct aes_gcm_ctx {
	/* private: */
	const struct aes_gcm_key *key;	/* must outlive the context */
	struct ghash_ctx ghash;
	/* Counter block; only the last 32 bits count (GCM's inc32) */
	u8 ctr[AES_BLOCK_SIZE] __aligned(__alignof__(long));
	/* Keystream of the current partial block */
	u8 keystream[AES_BLOCK_SIZE] __aligned(__alignof__(long));
	/* E(J0), XORed into the tag at the end */
	u8 j0_enc[AES_BLOCK_SIZE] __aligned(__alignof__(long));
	u64 ad_len;		/* associated data bytes so far */
	u64 data_len;		/* en/decrypted bytes so far */
};

/**
 * aes_gcm_preparekey() - Prepare a key for AES-GCM
 * @key: (output) the key structure to initialize
 * @in_key: the raw AES key
 * @key_len: 16, 24 or 32
 * @authtag_len: tag length in bytes: 4, 8, 12, 13, 14, 15 or 16
 *
 * The caller zeroizes @key (memzero_explicit()) when done with it.
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL if either length is invalid.
 */
int __must_check aes_gcm_preparekey(struct aes_gcm_key *key, const u8 *in_key,
				    size_t key_len, size_t authtag_len);

/**
 * aes_gcm_encrypt() - Encrypt a message with AES-GCM
 * @dst: the ciphertext; in-place (@dst == @src) or out-of-place.  Other
 *	 overlaps are unspecified.
 * @src: the plaintext
 * @data_len: plaintext length in bytes, at most 2^36 - 32
 * @authtag: (output) the tag, of the length given to aes_gcm_preparekey()
 * @ad: the associated data
 * @ad_len: associated data length in bytes
 * @nonce: the 12-byte nonce; (key, nonce) pairs must never repeat
 * @key: key from aes_gcm_preparekey()
 *
 * For GMAC, pass dst = src = NULL and data_len = 0.
 *
 * Context: Any context.
 */
void aes_gcm_encrypt(u8 *dst, const u8 *src, size_t data_len, u8 *authtag,
		     const u8 *ad, size_t ad_len,
		     const u8 nonce[GCM_AES_IV_SIZE],
		     const struct aes_gcm_key *key);

/**
 * aes_gcm_decrypt() - Decrypt and verify a message with AES-GCM
 * @dst: the plaintext; in-place or out-of-place
 * @src: the ciphertext (without the tag)
 * @data_len: ciphertext length in bytes
 * @authtag: the received tag, of the length given to aes_gcm_preparekey()
 * @ad: the associated data
 * @ad_len: associated data length in bytes
 * @nonce: the 12-byte nonce
 * @key: key from aes_gcm_preparekey()
 *
 * The tag is compared in constant time.  When it does not match, @dst is
 * zeroed (no unauthenticated plaintext is left behind).
 *
 * Context: Any context.
 * Return: 0 on success, -EBADMSG if the message is not authentic.
 */
int __must_check aes_gcm_decrypt(u8 *dst, const u8 *src, size_t data_len,
				 const u8 *authtag, const u8 *ad, size_t ad_len,
				 const u8 nonce[GCM_AES_IV_SIZE],
				 const struct aes_gcm_key *key);

/**
 * aes_gcm_init() - Start an incremental AES-GCM en/decryption or GMAC
 * @ctx: (output) the context
 * @nonce: the 12-byte nonce
 * @key: key from aes_gcm_preparekey(); a pointer is kept
 *
 * Sequence: aes_gcm_init(), aes_gcm_auth_update() any number of times,
 * then aes_gcm_encrypt_update() or aes_gcm_decrypt_update() any number of
 * times (any lengths), then aes_gcm_encrypt_final() or
 * aes_gcm_decrypt_final().  Decrypted data is unauthenticated until
 * aes_gcm_decrypt_final() returns 0; prefer the one-shot functions.
 * A context abandoned before the final call should be zeroized.
 *
 * Context: Any context.
 */
void aes_gcm_init(struct aes_gcm_ctx *ctx, const u8 nonce[GCM_AES_IV_SIZE],
		  const struct aes_gcm_key *key);

/**
 * aes_gcm_auth_update() - Add associated data
 * @ctx: the context
 * @ad: associated data
 * @len: its length; all associated data comes before any en/decryption
 *
 * Context: Any context.
 */
void aes_gcm_auth_update(struct aes_gcm_ctx *ctx, const u8 *ad, size_t len);

/**
 * aes_gcm_encrypt_update() - Encrypt more data
 * @ctx: the context
 * @dst: the ciphertext; in-place or out-of-place
 * @src: the plaintext
 * @len: number of bytes, any value
 *
 * Context: Any context.
 */
void aes_gcm_encrypt_update(struct aes_gcm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len);

/**
 * aes_gcm_decrypt_update() - Decrypt more data (unauthenticated until final)
 * @ctx: the context
 * @dst: the plaintext; in-place or out-of-place
 * @src: the ciphertext
 * @len: number of bytes, any value
 *
 * Context: Any context.
 */
void aes_gcm_decrypt_update(struct aes_gcm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len);

/**
 * aes_gcm_encrypt_final() - Finish encrypting; write the tag
 * @ctx: the context; zeroized on return
 * @authtag: (output) the tag
 *
 * Context: Any context.
 */
void aes_gcm_encrypt_final(struct aes_gcm_ctx *ctx, u8 *authtag);

/**
 * aes_gcm_decrypt_final() - Finish decrypting; check the tag
 * @ctx: the context; zeroized on return
 * @authtag: the received tag
 *
 * Context: Any context.
 * Return: 0 if authentic, else -EBADMSG (the caller must then discard all
 *	   data decrypted with this context).
 */
int __must_check aes_gcm_decrypt_final(struct aes_gcm_ctx *ctx,
				       const u8 *authtag);

/*
 * Extension: IVs of any non-zero length (SP 800-38D: a 12-byte IV is used
 * directly, any other length goes through GHASH to form the counter
 * block).  Same conventions as the functions above; -EINVAL for an empty
 * IV.
 */

/**
 * aes_gcm_init_iv() - aes_gcm_init() with an IV of any length
 * @ctx: (output) the context
 * @iv: the IV
 * @iv_len: its length in bytes, at least 1
 * @key: key from aes_gcm_preparekey()
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @iv_len is 0.
 */
int __must_check aes_gcm_init_iv(struct aes_gcm_ctx *ctx, const u8 *iv,
				 size_t iv_len, const struct aes_gcm_key *key);

/**
 * aes_gcm_encrypt_iv() - aes_gcm_encrypt() with an IV of any length
 * @dst: the ciphertext
 * @src: the plaintext
 * @data_len: plaintext length
 * @authtag: (output) the tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @iv: the IV
 * @iv_len: its length in bytes, at least 1
 * @key: key from aes_gcm_preparekey()
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @iv_len is 0.
 */
int __must_check aes_gcm_encrypt_iv(u8 *dst, const u8 *src, size_t data_len,
				    u8 *authtag, const u8 *ad, size_t ad_len,
				    const u8 *iv, size_t iv_len,
				    const struct aes_gcm_key *key);

/**
 * aes_gcm_decrypt_iv() - aes_gcm_decrypt() with an IV of any length
 * @dst: the plaintext (zeroed if the tag does not match)
 * @src: the ciphertext
 * @data_len: ciphertext length
 * @authtag: the received tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @iv: the IV
 * @iv_len: its length in bytes, at least 1
 * @key: key from aes_gcm_preparekey()
 *
 * Context: Any context.
 * Return: 0, -EBADMSG if not authentic, -EINVAL if @iv_len is 0.
 */
int __must_check aes_gcm_decrypt_iv(u8 *dst, const u8 *src, size_t data_len,
				    const u8 *authtag, const u8 *ad,
				    size_t ad_len, const u8 *iv, size_t iv_len,
				    const struct aes_gcm_key *key);

/*
 * Extension: RFC 4106 (GCM in IPsec ESP), the kernel's rfc4106(gcm(aes)):
 * the key is the AES key followed by a 4-byte salt, the per-packet IV is
 * 8 bytes, and the nonce is salt || IV.  @ad is the associated data
 * proper; the copy of the IV that ESP places after it in the kernel's
 * assoclen is not part of it.
 */
struct aes_rfc4106_key {
	struct aes_gcm_key gcm;
	u8 salt[4];
};

/**
 * aes_rfc4106_preparekey() - Prepare a key for rfc4106(gcm(aes))
 * @key: (output) the key structure
 * @in_key: AES key || 4-byte salt
 * @key_len: 20, 28 or 36
 * @authtag_len: 8, 12 or 16 (RFC 4106 allows only these)
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if a length is invalid.
 */
int __must_check aes_rfc4106_preparekey(struct aes_rfc4106_key *key,
					const u8 *in_key, size_t key_len,
					size_t authtag_len);

/**
 * aes_rfc4106_encrypt() - RFC 4106 AES-GCM encryption
 * @dst: the ciphertext
 * @src: the plaintext
 * @data_len: plaintext length
 * @authtag: (output) the tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @iv: the 8-byte explicit IV
 * @key: key from aes_rfc4106_preparekey()
 *
 * Context: Any context.
 */
void aes_rfc4106_encrypt(u8 *dst, const u8 *src, size_t data_len,
			 u8 *authtag, const u8 *ad, size_t ad_len,
			 const u8 iv[GCM_RFC4106_IV_SIZE],
			 const struct aes_rfc4106_key *key);

/**
 * aes_rfc4106_decrypt() - RFC 4106 AES-GCM decryption
 * @dst: the plaintext (zeroed if the tag does not match)
 * @src: the ciphertext
 * @data_len: ciphertext length
 * @authtag: the received tag
 * @ad: the associated data
 * @ad_len: associated data length
 * @iv: the 8-byte explicit IV
 * @key: key from aes_rfc4106_preparekey()
 *
 * Context: Any context.
 * Return: 0, or -EBADMSG if not authentic.
 */
int __must_check aes_rfc4106_decrypt(u8 *dst, const u8 *src, size_t data_len,
				     const u8 *authtag, const u8 *ad,
				     size_t ad_len,
				     const u8 iv[GCM_RFC4106_IV_SIZE],
				     const struct aes_rfc4106_key *key);

/*
 * Extension: RFC 4543 (GMAC in IPsec ESP), the kernel's rfc4543(gcm(aes)):
 * the key and nonce as for RFC 4106 (struct aes_rfc4106_key), a 16-byte
 * tag only, and nothing encrypted: the tag authenticates @ad, which for
 * the kernel's AEAD request is all of assoclen and the payload.
 */

/**
 * aes_rfc4543_preparekey() - Prepare a key for rfc4543(gcm(aes))
 * @key: (output) the key structure
 * @in_key: AES key || 4-byte salt
 * @key_len: 20, 28 or 36
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @key_len is invalid.
 */
int __must_check aes_rfc4543_preparekey(struct aes_rfc4106_key *key,
					const u8 *in_key, size_t key_len);

/**
 * aes_rfc4543_sign() - RFC 4543 tag of the authenticated data
 * @authtag: (output) the 16-byte tag
 * @ad: everything authenticated (associated data and payload)
 * @ad_len: its length
 * @iv: the 8-byte explicit IV
 * @key: key from aes_rfc4543_preparekey()
 *
 * Context: Any context.
 */
void aes_rfc4543_sign(u8 authtag[AES_BLOCK_SIZE], const u8 *ad,
		      size_t ad_len, const u8 iv[GCM_RFC4543_IV_SIZE],
		      const struct aes_rfc4106_key *key);

/**
 * aes_rfc4543_verify() - Check an RFC 4543 tag (in constant time)
 * @authtag: the received 16-byte tag
 * @ad: everything authenticated
 * @ad_len: its length
 * @iv: the 8-byte explicit IV
 * @key: key from aes_rfc4543_preparekey()
 *
 * Context: Any context.
 * Return: 0, or -EBADMSG if not authentic.
 */
int __must_check aes_rfc4543_verify(const u8 authtag[AES_BLOCK_SIZE],
				    const u8 *ad, size_t ad_len,
				    const u8 iv[GCM_RFC4543_IV_SIZE],
				    const struct aes_rfc4106_key *key);

#endif /* _CRYPTO_AES_GCM_H */
