/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-ECB unauthenticated encryption and decryption (mainline interface)
 */
#ifndef _CRYPTO_AES_ECB_H
#define _CRYPTO_AES_ECB_H

#include <crypto/aes.h>

/**
 * aes_ecb_encrypt() - Encrypt data using AES-ECB
 * @dst: the destination buffer; in-place (@dst == @src) or out-of-place.
 *	 Other overlaps are unspecified.
 * @src: the source data
 * @len: number of bytes; a multiple of AES_BLOCK_SIZE
 * @key: key from aes_preparekey() or aes_prepareenckey()
 *
 * ECB leaks equal blocks; it exists for legacy protocols and as a building
 * block.  Incremental use works with any block-multiple split.
 *
 * Context: Any context.
 */
void aes_ecb_encrypt(u8 *dst, const u8 *src, size_t len, aes_encrypt_arg key);

/**
 * aes_ecb_decrypt() - Decrypt data using AES-ECB
 * @dst: the destination buffer; in-place or out-of-place
 * @src: the source data
 * @len: number of bytes; a multiple of AES_BLOCK_SIZE
 * @key: key from aes_preparekey()
 *
 * Context: Any context.
 */
void aes_ecb_decrypt(u8 *dst, const u8 *src, size_t len,
		     const struct aes_key *key);

#endif /* _CRYPTO_AES_ECB_H */
