/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HCTR2 length-preserving encryption (Crowley, Huckleberry, Biggers, 2021)
 * over AES, as the kernel's hctr2(aes), and the XCTR mode it uses, as the
 * kernel's xctr(aes).
 *
 * Mainline has these only as crypto API templates; this library interface
 * is an addition of afalg-exit.
 */
#ifndef _CRYPTO_HCTR2_H
#define _CRYPTO_HCTR2_H

#include <crypto/aes.h>
#include <crypto/gf128hash.h>

#define HCTR2_TWEAK_SIZE	32
#define HCTR2_MIN_LEN		AES_BLOCK_SIZE

/**
 * aes_xctr() - AES-XCTR en/decryption of one message
 * @dst: the destination; in-place (@dst == @src) or out-of-place
 * @src: the source
 * @len: any number of bytes
 * @iv: the 16-byte IV; block i (from 1) is encrypted as E(IV ^ le(i)), the
 *	32-bit counter XORed into the first four bytes as the kernel does
 * @key: key from aes_preparekey() or aes_prepareenckey()
 *
 * @iv is not advanced: like the kernel's xctr template, every call is a
 * message of its own, starting at block 1.
 *
 * Context: Any context.
 */
void aes_xctr(u8 *dst, const u8 *src, size_t len,
	      const u8 iv[AES_BLOCK_SIZE], aes_encrypt_arg key);

/**
 * struct hctr2_key - An expanded HCTR2 key
 *
 * Use hctr2_setkey() to initialize it and memzero_explicit() when done.
 */
struct hctr2_key {
	/* private: */
	struct aes_key aes;
	struct polyval_key polyval;		/* hbar = E_K(0) */
	u8 l[AES_BLOCK_SIZE];			/* L = E_K(1) */
	struct polyval_elem tweaklen_acc[2];	/* per len % 16 != 0 */
};

/**
 * hctr2_setkey() - Set up an HCTR2-AES key
 * @key: (output) the expanded key
 * @in_key: the AES key
 * @key_len: 16, 24 or 32
 *
 * Context: Any context.
 * Return: 0, or -EINVAL for a bad length.
 */
int hctr2_setkey(struct hctr2_key *key, const u8 *in_key, size_t key_len);

/**
 * hctr2_encrypt() - Encrypt a message with HCTR2-AES
 * @key: key from hctr2_setkey()
 * @dst: the destination; in-place (@dst == @src) or out-of-place
 * @src: the plaintext
 * @len: at least HCTR2_MIN_LEN (16) bytes, any length above; a shorter
 *	 @len is a caller bug: it warns and writes nothing
 * @tweak: the 32-byte tweak (the IV)
 *
 * Context: Any context.
 */
void hctr2_encrypt(const struct hctr2_key *key, u8 *dst, const u8 *src,
		   size_t len, const u8 tweak[HCTR2_TWEAK_SIZE]);

/**
 * hctr2_decrypt() - Decrypt a message with HCTR2-AES
 * @key: key from hctr2_setkey()
 * @dst: the destination; in-place or out-of-place
 * @src: the ciphertext
 * @len: as for hctr2_encrypt()
 * @tweak: the 32-byte tweak
 *
 * Context: Any context.
 */
void hctr2_decrypt(const struct hctr2_key *key, u8 *dst, const u8 *src,
		   size_t len, const u8 tweak[HCTR2_TWEAK_SIZE]);

#endif /* _CRYPTO_HCTR2_H */
