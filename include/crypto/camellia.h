/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Camellia block cipher (RFC 3713), as the kernel's "camellia".
 *
 * Mainline offers Camellia only through the crypto API; this library
 * interface is an addition of afalg-exit, named in the style of the AES
 * library.  The modes are in <crypto/block128.h>, reached through
 * camellia_block128.
 */
#ifndef _CRYPTO_CAMELLIA_H
#define _CRYPTO_CAMELLIA_H

#include <crypto/block128.h>
#include <linux/types.h>

#define CAMELLIA_BLOCK_SIZE	16

/**
 * struct camellia_key - An expanded Camellia key
 *
 * Use camellia_expandkey() to initialize it; wipe it with memzero_explicit()
 * when done.
 */
struct camellia_key {
	/* private: */
	u64 kw[4];	/* whitening keys kw1..kw4 */
	u64 k[24];	/* round keys k1..k18 (k1..k24 for 192/256-bit keys) */
	u64 ke[6];	/* FL/FL^-1 keys ke1..ke4 (ke1..ke6) */
	int nrounds;	/* 18 or 24 */
};

/**
 * camellia_expandkey() - Expand a Camellia key
 * @key: (output) the expanded key
 * @in_key: the key bytes
 * @key_len: 16, 24 or 32
 *
 * Context: Any context.
 * Return: 0, or -EINVAL for another length.
 */
int camellia_expandkey(struct camellia_key *key, const u8 *in_key,
		       size_t key_len);

/**
 * camellia_encrypt() - Encrypt one block with Camellia
 * @key: key from camellia_expandkey()
 * @out: (output) the ciphertext block; may be @in
 * @in: the plaintext block
 *
 * Context: Any context.
 */
void camellia_encrypt(const struct camellia_key *key,
		      u8 out[CAMELLIA_BLOCK_SIZE],
		      const u8 in[CAMELLIA_BLOCK_SIZE]);

/**
 * camellia_decrypt() - Decrypt one block with Camellia
 * @key: key from camellia_expandkey()
 * @out: (output) the plaintext block; may be @in
 * @in: the ciphertext block
 *
 * Context: Any context.
 */
void camellia_decrypt(const struct camellia_key *key,
		      u8 out[CAMELLIA_BLOCK_SIZE],
		      const u8 in[CAMELLIA_BLOCK_SIZE]);

/* Camellia for the modes of <crypto/block128.h>; its context is a camellia_key. */
extern const struct block128_cipher camellia_block128;

#endif /* _CRYPTO_CAMELLIA_H */
