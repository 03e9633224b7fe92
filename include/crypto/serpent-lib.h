/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Serpent block cipher (Anderson, Biham, Knudsen; AES finalist), with the
 * byte order of the kernel's "serpent" (little-endian words, as in the
 * NESSIE vectors).
 *
 * Mainline offers Serpent only through the crypto API (<crypto/serpent.h>
 * holds that driver's context); this library interface is an addition of
 * afalg-exit, named in the style of the AES library.  The modes are in
 * <crypto/block128.h>, reached through serpent_block128.
 */
#ifndef _CRYPTO_SERPENT_LIB_H
#define _CRYPTO_SERPENT_LIB_H

#include <crypto/block128.h>
#include <linux/types.h>

#define SERPENT_BLOCK_SIZE	16
#define SERPENT_MAX_KEYSIZE	32

/**
 * struct serpent_key - An expanded Serpent key
 *
 * Use serpent_expandkey() to initialize it; wipe it with memzero_explicit()
 * when done.
 */
struct serpent_key {
	/* private: */
	u32 rk[33][4];	/* the 33 round keys, already through the S-boxes */
};

/**
 * serpent_expandkey() - Expand a Serpent key
 * @key: (output) the expanded key
 * @in_key: the key bytes
 * @key_len: 0 to 32 bytes; a key shorter than 32 bytes is padded with one
 *	     1 bit and zeros, as the specification and the kernel do
 *
 * Context: Any context.
 * Return: 0, or -EINVAL if @key_len is over 32.
 */
int serpent_expandkey(struct serpent_key *key, const u8 *in_key,
		      size_t key_len);

/**
 * serpent_encrypt() - Encrypt one block with Serpent
 * @key: key from serpent_expandkey()
 * @out: (output) the ciphertext block; may be @in
 * @in: the plaintext block
 *
 * Context: Any context.
 */
void serpent_encrypt(const struct serpent_key *key, u8 out[SERPENT_BLOCK_SIZE],
		     const u8 in[SERPENT_BLOCK_SIZE]);

/**
 * serpent_decrypt() - Decrypt one block with Serpent
 * @key: key from serpent_expandkey()
 * @out: (output) the plaintext block; may be @in
 * @in: the ciphertext block
 *
 * Context: Any context.
 */
void serpent_decrypt(const struct serpent_key *key, u8 out[SERPENT_BLOCK_SIZE],
		     const u8 in[SERPENT_BLOCK_SIZE]);

/* Serpent for the modes of <crypto/block128.h>; its context is a serpent_key. */
extern const struct block128_cipher serpent_block128;

#endif /* _CRYPTO_SERPENT_LIB_H */
