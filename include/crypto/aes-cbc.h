/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CBC unauthenticated encryption and decryption (mainline interface)
 */
#ifndef _CRYPTO_AES_CBC_H
#define _CRYPTO_AES_CBC_H

#include <crypto/aes.h>

/**
 * aes_cbc_encrypt() - Encrypt data using AES-CBC
 * @dst: the destination buffer; in-place (@dst == @src) or out-of-place.
 *	 Other overlaps are unspecified.
 * @src: the source data
 * @len: number of bytes; a multiple of AES_BLOCK_SIZE
 * @iv: the IV; updated to the last ciphertext block (unchanged if @len
 *	is 0), so a message can be encrypted in several calls
 * @key: key from aes_preparekey() or aes_prepareenckey()
 *
 * Context: Any context.
 */
void aes_cbc_encrypt(u8 *dst, const u8 *src, size_t len,
		     u8 iv[AES_BLOCK_SIZE], aes_encrypt_arg key);

/**
 * aes_cbc_decrypt() - Decrypt data using AES-CBC
 * @dst: the destination buffer; in-place or out-of-place
 * @src: the source data
 * @len: number of bytes; a multiple of AES_BLOCK_SIZE
 * @iv: the IV; updated to the last ciphertext block (unchanged if @len
 *	is 0), so a message can be decrypted in several calls
 * @key: key from aes_preparekey()
 *
 * Context: Any context.
 */
void aes_cbc_decrypt(u8 *dst, const u8 *src, size_t len,
		     u8 iv[AES_BLOCK_SIZE], const struct aes_key *key);

#endif /* _CRYPTO_AES_CBC_H */
