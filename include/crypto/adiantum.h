/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Adiantum length-preserving encryption (Crowley and Biggers, 2018), as the
 * kernel's adiantum(xchacha12,aes) and adiantum(xchacha20,aes): XChaCha
 * with a 256-bit key, AES-256 on one block, and an NH-Poly1305 hash.
 *
 * Mainline has Adiantum only as a crypto API template; this library
 * interface is an addition of afalg-exit.
 */
#ifndef _CRYPTO_ADIANTUM_H
#define _CRYPTO_ADIANTUM_H

#include <crypto/aes.h>
#include <crypto/chacha.h>
#include <crypto/nh.h>

#define ADIANTUM_KEY_SIZE	32
#define ADIANTUM_TWEAK_SIZE	32
#define ADIANTUM_MIN_LEN	16

/**
 * struct adiantum_key - An expanded Adiantum key (about 1.4 KiB)
 *
 * Use adiantum_setkey() to initialize it and memzero_explicit() when done.
 */
struct adiantum_key {
	/* private: */
	u32 stream_key[CHACHA_KEY_WORDS];	/* K_S */
	int nrounds;				/* 12 or 20 */
	struct aes_key aes;			/* K_E */
	u8 header_key[16];			/* K_T, Poly1305 r */
	struct nhpoly1305_key hash;		/* K_M and K_N */
};

/**
 * adiantum_setkey() - Set up an Adiantum key
 * @key: (output) the expanded key
 * @in_key: the 32-byte key
 * @key_len: must be ADIANTUM_KEY_SIZE
 * @nrounds: 12 for adiantum(xchacha12,aes), 20 for adiantum(xchacha20,aes)
 *
 * The AES and hash keys are derived from the XChaCha stream with IV
 * 1, 0, ..., 0, as the kernel's template does.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL for a bad length or round count.
 */
int adiantum_setkey(struct adiantum_key *key, const u8 *in_key,
		    size_t key_len, int nrounds);

/**
 * adiantum_encrypt() - Encrypt a message with Adiantum
 * @key: key from adiantum_setkey()
 * @dst: the destination; in-place (@dst == @src) or out-of-place
 * @src: the plaintext
 * @len: at least ADIANTUM_MIN_LEN (16) bytes, any length above; a shorter
 *	 @len is a caller bug: it warns and writes nothing
 * @tweak: the 32-byte tweak (the IV)
 *
 * Context: Any context.
 */
void adiantum_encrypt(const struct adiantum_key *key, u8 *dst, const u8 *src,
		      size_t len, const u8 tweak[ADIANTUM_TWEAK_SIZE]);

/**
 * adiantum_decrypt() - Decrypt a message with Adiantum
 * @key: key from adiantum_setkey()
 * @dst: the destination; in-place or out-of-place
 * @src: the ciphertext
 * @len: as for adiantum_encrypt()
 * @tweak: the 32-byte tweak
 *
 * Context: Any context.
 */
void adiantum_decrypt(const struct adiantum_key *key, u8 *dst, const u8 *src,
		      size_t len, const u8 tweak[ADIANTUM_TWEAK_SIZE]);

#endif /* _CRYPTO_ADIANTUM_H */
