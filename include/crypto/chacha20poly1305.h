/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * ChaCha20-Poly1305 AEAD (RFC 8439) and XChaCha20-Poly1305.
 *
 * chacha20poly1305_{en,de}crypt() and xchacha20poly1305_{en,de}crypt() have
 * the mainline Linux signatures: a 64-bit nonce (the last 8 bytes of the
 * RFC 8439 nonce, the first 4 being zero), or a 24-byte XChaCha nonce.
 *
 * The rfc7539 and rfc7539esp functions are additions of this library for
 * the crypto API templates of the same names: the full 96-bit nonce, and a
 * 36-byte key (key || 4-byte salt) with an 8-byte per-packet IV.
 *
 * Encryption writes src_len bytes of ciphertext and then the 16-byte tag.
 * Decryption takes ciphertext || tag (src_len includes the tag), checks the
 * tag in constant time before anything is written, and only then writes
 * the plaintext: on failure @dst is left untouched.  dst may equal src.
 */
#ifndef __CHACHA20POLY1305_H
#define __CHACHA20POLY1305_H

#include <linux/compiler.h>
#include <linux/types.h>

#define CHACHA20POLY1305_KEY_SIZE	32
#define CHACHA20POLY1305_AUTHTAG_SIZE	16
#define XCHACHA20POLY1305_NONCE_SIZE	24
#define CHACHA20POLY1305_NONCE_SIZE	12
#define CHACHA20POLY1305_ESP_SALT_SIZE	4
#define CHACHA20POLY1305_ESP_IV_SIZE	8

void chacha20poly1305_encrypt(u8 *dst, const u8 *src, const size_t src_len,
			      const u8 *ad, const size_t ad_len,
			      const u64 nonce,
			      const u8 key[CHACHA20POLY1305_KEY_SIZE]);

bool __must_check
chacha20poly1305_decrypt(u8 *dst, const u8 *src, const size_t src_len,
			 const u8 *ad, const size_t ad_len, const u64 nonce,
			 const u8 key[CHACHA20POLY1305_KEY_SIZE]);

void xchacha20poly1305_encrypt(u8 *dst, const u8 *src, const size_t src_len,
			       const u8 *ad, const size_t ad_len,
			       const u8 nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const u8 key[CHACHA20POLY1305_KEY_SIZE]);

bool __must_check
xchacha20poly1305_decrypt(u8 *dst, const u8 *src, const size_t src_len,
			  const u8 *ad, const size_t ad_len,
			  const u8 nonce[XCHACHA20POLY1305_NONCE_SIZE],
			  const u8 key[CHACHA20POLY1305_KEY_SIZE]);

void chacha20poly1305_rfc7539_encrypt(u8 *dst, const u8 *src,
				      const size_t src_len,
				      const u8 *ad, const size_t ad_len,
				      const u8 nonce[CHACHA20POLY1305_NONCE_SIZE],
				      const u8 key[CHACHA20POLY1305_KEY_SIZE]);

bool __must_check
chacha20poly1305_rfc7539_decrypt(u8 *dst, const u8 *src, const size_t src_len,
				 const u8 *ad, const size_t ad_len,
				 const u8 nonce[CHACHA20POLY1305_NONCE_SIZE],
				 const u8 key[CHACHA20POLY1305_KEY_SIZE]);

void chacha20poly1305_rfc7539esp_encrypt(u8 *dst, const u8 *src,
		const size_t src_len, const u8 *ad, const size_t ad_len,
		const u8 iv[CHACHA20POLY1305_ESP_IV_SIZE],
		const u8 key[CHACHA20POLY1305_KEY_SIZE +
			     CHACHA20POLY1305_ESP_SALT_SIZE]);

bool __must_check
chacha20poly1305_rfc7539esp_decrypt(u8 *dst, const u8 *src,
		const size_t src_len, const u8 *ad, const size_t ad_len,
		const u8 iv[CHACHA20POLY1305_ESP_IV_SIZE],
		const u8 key[CHACHA20POLY1305_KEY_SIZE +
			     CHACHA20POLY1305_ESP_SALT_SIZE]);

#endif /* __CHACHA20POLY1305_H */
