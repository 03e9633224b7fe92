/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CTR stream cipher (mainline interface), and the RFC 3686 layout the
 * kernel offers as rfc3686(ctr(aes)).
 */
#ifndef _CRYPTO_AES_CTR_H
#define _CRYPTO_AES_CTR_H

#include <crypto/aes.h>

/**
 * aes_ctr() - AES-CTR en/decryption
 * @dst: the destination buffer; in-place (@dst == @src) or out-of-place.
 *	 Other overlaps are unspecified.
 * @src: the source data
 * @len: number of bytes, any value
 * @ctr: the counter block, a 128-bit big-endian number; it is advanced by
 *	 ceil(@len / AES_BLOCK_SIZE)
 * @key: key from aes_preparekey() or aes_prepareenckey()
 *
 * Incremental use: every chunk but the last must be a multiple of
 * AES_BLOCK_SIZE, and the updated @ctr is passed to the next call.
 *
 * Context: Any context.
 */
void aes_ctr(u8 *dst, const u8 *src, size_t len, u8 ctr[AES_BLOCK_SIZE],
	     aes_encrypt_arg key);

#ifndef CTR_RFC3686_NONCE_SIZE
#define CTR_RFC3686_NONCE_SIZE	4
#define CTR_RFC3686_IV_SIZE	8
#endif

/**
 * struct aes_rfc3686_key - Key for AES-CTR with the RFC 3686 block layout
 * @aes: the AES key
 * @nonce: the 4-byte nonce taken from the end of the raw key
 */
struct aes_rfc3686_key {
	struct aes_enckey aes;
	u8 nonce[CTR_RFC3686_NONCE_SIZE];
};

/**
 * aes_rfc3686_preparekey() - Prepare a key for rfc3686(ctr(aes))
 * @key: (output) the key structure to initialize
 * @in_key: the AES key followed by the 4-byte nonce, as the kernel's
 *	    rfc3686 template takes it
 * @key_len: 20, 28 or 36
 *
 * Context: Any context.
 * Return: 0 on success or -EINVAL if @key_len is invalid.
 */
int aes_rfc3686_preparekey(struct aes_rfc3686_key *key, const u8 *in_key,
			   size_t key_len);

/**
 * aes_rfc3686_crypt() - RFC 3686 AES-CTR en/decryption of one message
 * @dst: the destination buffer; in-place or out-of-place
 * @src: the source data
 * @len: number of bytes, any value
 * @iv: the 8-byte per-message IV
 * @key: key from aes_rfc3686_preparekey()
 *
 * The counter block is nonce || @iv || be32(1), incremented per block.  Like
 * the kernel template, @iv is not advanced; to process one message in
 * pieces, build that counter block and call aes_ctr() on @key->aes.
 *
 * Context: Any context.
 */
void aes_rfc3686_crypt(u8 *dst, const u8 *src, size_t len,
		       const u8 iv[CTR_RFC3686_IV_SIZE],
		       const struct aes_rfc3686_key *key);

#endif /* _CRYPTO_AES_CTR_H */
