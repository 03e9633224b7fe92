/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Twofish block cipher (Schneier et al.; AES finalist), as the kernel's
 * "twofish".
 *
 * Mainline offers Twofish only through the crypto API (<crypto/twofish.h>
 * holds that driver's context); this library interface is an addition of
 * afalg-exit, named in the style of the AES library.  The modes are in
 * <crypto/block128.h>, reached through twofish_block128.
 */
#ifndef _CRYPTO_TWOFISH_LIB_H
#define _CRYPTO_TWOFISH_LIB_H

#include <crypto/block128.h>
#include <linux/types.h>

#define TWOFISH_BLOCK_SIZE	16

/**
 * struct twofish_key - An expanded Twofish key
 *
 * About 4 KiB: better not on the stack in kernel code.  Use
 * twofish_expandkey() to initialize it and memzero_explicit() when done.
 */
struct twofish_key {
	/* private: */
	u32 sbox[4][256];	/* key-dependent S-boxes times MDS columns */
	u32 k[40];		/* whitening and round subkeys */
};

/**
 * twofish_expandkey() - Expand a Twofish key
 * @key: (output) the expanded key
 * @in_key: the key bytes
 * @key_len: 16, 24 or 32
 *
 * Context: Any context.
 * Return: 0, or -EINVAL for another length.
 */
int twofish_expandkey(struct twofish_key *key, const u8 *in_key,
		      size_t key_len);

/**
 * twofish_encrypt() - Encrypt one block with Twofish
 * @key: key from twofish_expandkey()
 * @out: (output) the ciphertext block; may be @in
 * @in: the plaintext block
 *
 * Context: Any context.
 */
void twofish_encrypt(const struct twofish_key *key, u8 out[TWOFISH_BLOCK_SIZE],
		     const u8 in[TWOFISH_BLOCK_SIZE]);

/**
 * twofish_decrypt() - Decrypt one block with Twofish
 * @key: key from twofish_expandkey()
 * @out: (output) the plaintext block; may be @in
 * @in: the ciphertext block
 *
 * Context: Any context.
 */
void twofish_decrypt(const struct twofish_key *key, u8 out[TWOFISH_BLOCK_SIZE],
		     const u8 in[TWOFISH_BLOCK_SIZE]);

/* Twofish for the modes of <crypto/block128.h>; its context is a twofish_key. */
extern const struct block128_cipher twofish_block128;

#endif /* _CRYPTO_TWOFISH_LIB_H */
