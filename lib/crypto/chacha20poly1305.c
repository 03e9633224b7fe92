// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8) and XChaCha20-Poly1305.
 *
 * Key stream block 0 gives the Poly1305 key, blocks 1.. encrypt the data.
 * For a short message, block 0 and the first data block are produced by
 * one chacha20_crypt() call on a stack buffer, so it costs one multi-block
 * SIMD call instead of two; a long message gets block 0 alone, so that the
 * data starts on a block-group boundary of the SIMD code.  Decryption
 * authenticates the ciphertext first and writes plaintext only after the
 * tag has matched; a first data block decrypted early goes into the stack
 * buffer, never into the caller's.
 */

#include <crypto/chacha.h>
#include <crypto/chacha20poly1305.h>
#include <crypto/poly1305.h>
#include <crypto/utils.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

/* Largest chunk handed to the unsigned int length APIs: whole blocks. */
#define CHACHAPOLY_CHUNK	(1U << 30)

/* From this length on, block 0 is produced on its own. */
#define CHACHAPOLY_LONG		512

static const u8 pad0[POLY1305_BLOCK_SIZE];

static void chacha_load_key(u32 k[CHACHA_KEY_WORDS],
			    const u8 key[CHACHA_KEY_SIZE])
{
	int i;

	for (i = 0; i < CHACHA_KEY_WORDS; i++)
		k[i] = get_unaligned_le32(key + 4 * i);
}

static void chacha_crypt_long(struct chacha_state *state, u8 *dst,
			      const u8 *src, size_t len)
{
	while (len) {
		unsigned int n = min_t(size_t, len, CHACHAPOLY_CHUNK);

		chacha20_crypt(state, dst, src, n);
		dst += n;
		src += n;
		len -= n;
	}
}

static void poly1305_update_long(struct poly1305_desc_ctx *poly,
				 const u8 *src, size_t len)
{
	while (len) {
		unsigned int n = min_t(size_t, len, CHACHAPOLY_CHUNK);

		poly1305_update(poly, src, n);
		src += n;
		len -= n;
	}
}

/* Poly1305 over ad || pad || ct || pad || le64(ad_len) || le64(ct_len) */
static void chachapoly_mac(u8 mac[POLY1305_DIGEST_SIZE],
			   const u8 key[POLY1305_KEY_SIZE],
			   const u8 *ad, size_t ad_len,
			   const u8 *ct, size_t ct_len)
{
	struct poly1305_desc_ctx poly;
	u8 lens[16];

	poly1305_init(&poly, key);
	poly1305_update_long(&poly, ad, ad_len);
	poly1305_update(&poly, pad0, -ad_len % POLY1305_BLOCK_SIZE);
	poly1305_update_long(&poly, ct, ct_len);
	poly1305_update(&poly, pad0, -ct_len % POLY1305_BLOCK_SIZE);
	put_unaligned_le64(ad_len, lens);
	put_unaligned_le64(ct_len, lens + 8);
	poly1305_update(&poly, lens, sizeof(lens));
	poly1305_final(&poly, mac);
}

static void __chacha20poly1305_encrypt(u8 *dst, const u8 *src, size_t src_len,
				       const u8 *ad, size_t ad_len,
				       struct chacha_state *state)
{
	u8 b[2 * CHACHA_BLOCK_SIZE] __aligned(16);
	size_t n1 = src_len >= CHACHAPOLY_LONG ? 0 :
		    min_t(size_t, src_len, CHACHA_BLOCK_SIZE);

	memset(b, 0, CHACHA_BLOCK_SIZE);
	memcpy(b + CHACHA_BLOCK_SIZE, src, n1);
	chacha20_crypt(state, b, b, CHACHA_BLOCK_SIZE + n1);
	memcpy(dst, b + CHACHA_BLOCK_SIZE, n1);
	if (src_len > n1)
		chacha_crypt_long(state, dst + n1, src + n1, src_len - n1);

	chachapoly_mac(dst + src_len, b, ad, ad_len, dst, src_len);

	memzero_explicit(b, sizeof(b));
	chacha_zeroize_state(state);
}

static bool __chacha20poly1305_decrypt(u8 *dst, const u8 *src, size_t src_len,
				       const u8 *ad, size_t ad_len,
				       struct chacha_state *state)
{
	u8 b[2 * CHACHA_BLOCK_SIZE] __aligned(16);
	u8 mac[POLY1305_DIGEST_SIZE];
	size_t dst_len, n1;
	bool ok;

	if (unlikely(src_len < POLY1305_DIGEST_SIZE)) {
		chacha_zeroize_state(state);
		return false;
	}
	dst_len = src_len - POLY1305_DIGEST_SIZE;
	n1 = dst_len >= CHACHAPOLY_LONG ? 0 :
	     min_t(size_t, dst_len, CHACHA_BLOCK_SIZE);

	memset(b, 0, CHACHA_BLOCK_SIZE);
	memcpy(b + CHACHA_BLOCK_SIZE, src, n1);
	chacha20_crypt(state, b, b, CHACHA_BLOCK_SIZE + n1);

	chachapoly_mac(mac, b, ad, ad_len, src, dst_len);
	ok = !crypto_memneq(mac, src + dst_len, POLY1305_DIGEST_SIZE);
	if (likely(ok)) {
		/* The tag covers src, so an in-place dst may be written now. */
		if (dst_len > n1)
			chacha_crypt_long(state, dst + n1, src + n1,
					  dst_len - n1);
		memcpy(dst, b + CHACHA_BLOCK_SIZE, n1);
	}

	memzero_explicit(b, sizeof(b));
	memzero_explicit(mac, sizeof(mac));
	chacha_zeroize_state(state);
	return ok;
}

/* iv = counter 0 || nonce, from a 96-bit nonce given as prefix || le64 */
static void chachapoly_init(struct chacha_state *state,
			    const u8 key[CHACHA_KEY_SIZE],
			    const u8 nonce_prefix[4], u64 nonce64)
{
	u32 k[CHACHA_KEY_WORDS];
	u8 iv[CHACHA_IV_SIZE];

	chacha_load_key(k, key);
	put_unaligned_le32(0, iv);
	memcpy(iv + 4, nonce_prefix, 4);
	put_unaligned_le64(nonce64, iv + 8);
	chacha_init(state, k, iv);
	memzero_explicit(k, sizeof(k));
}

static void xchachapoly_init(struct chacha_state *state,
			     const u8 key[CHACHA_KEY_SIZE],
			     const u8 nonce[XCHACHA20POLY1305_NONCE_SIZE])
{
	u32 k[CHACHA_KEY_WORDS];
	u8 iv[XCHACHA_IV_SIZE] = { 0 };	/* the nonce, stream position 0 */

	chacha_load_key(k, key);
	memcpy(iv, nonce, XCHACHA20POLY1305_NONCE_SIZE);
	xchacha_init(state, k, iv, 20);
	memzero_explicit(k, sizeof(k));
}

/**
 * chacha20poly1305_encrypt() - ChaCha20-Poly1305 encryption, 64-bit nonce
 * @dst: output, src_len + 16 bytes (ciphertext || tag); may equal @src
 * @src: plaintext
 * @src_len: plaintext length
 * @ad: associated data
 * @ad_len: associated data length
 * @nonce: the nonce; the 96-bit RFC 8439 nonce is 0^32 || le64(@nonce)
 * @key: 32-byte key
 */
void chacha20poly1305_encrypt(u8 *dst, const u8 *src, const size_t src_len,
			      const u8 *ad, const size_t ad_len,
			      const u64 nonce,
			      const u8 key[CHACHA20POLY1305_KEY_SIZE])
{
	static const u8 zero[4];
	struct chacha_state state;

	chachapoly_init(&state, key, zero, nonce);
	__chacha20poly1305_encrypt(dst, src, src_len, ad, ad_len, &state);
}
EXPORT_SYMBOL(chacha20poly1305_encrypt);

/**
 * chacha20poly1305_decrypt() - ChaCha20-Poly1305 decryption, 64-bit nonce
 * @dst: plaintext output, src_len - 16 bytes; may equal @src
 * @src: ciphertext || tag
 * @src_len: ciphertext length plus 16
 * @ad: associated data
 * @ad_len: associated data length
 * @nonce: the nonce, as for chacha20poly1305_encrypt()
 * @key: 32-byte key
 *
 * Return: true if the tag is valid; false otherwise (or if @src_len < 16),
 * in which case nothing has been written to @dst.
 */
bool chacha20poly1305_decrypt(u8 *dst, const u8 *src, const size_t src_len,
			      const u8 *ad, const size_t ad_len,
			      const u64 nonce,
			      const u8 key[CHACHA20POLY1305_KEY_SIZE])
{
	static const u8 zero[4];
	struct chacha_state state;

	chachapoly_init(&state, key, zero, nonce);
	return __chacha20poly1305_decrypt(dst, src, src_len, ad, ad_len,
					  &state);
}
EXPORT_SYMBOL(chacha20poly1305_decrypt);

/**
 * xchacha20poly1305_encrypt() - XChaCha20-Poly1305 encryption
 * @dst: output, src_len + 16 bytes; may equal @src
 * @src: plaintext
 * @src_len: plaintext length
 * @ad: associated data
 * @ad_len: associated data length
 * @nonce: 24-byte nonce (safe to choose at random)
 * @key: 32-byte key
 */
void xchacha20poly1305_encrypt(u8 *dst, const u8 *src, const size_t src_len,
			       const u8 *ad, const size_t ad_len,
			       const u8 nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const u8 key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha_state state;

	xchachapoly_init(&state, key, nonce);
	__chacha20poly1305_encrypt(dst, src, src_len, ad, ad_len, &state);
}
EXPORT_SYMBOL(xchacha20poly1305_encrypt);

/**
 * xchacha20poly1305_decrypt() - XChaCha20-Poly1305 decryption
 * @dst: plaintext output, src_len - 16 bytes; may equal @src
 * @src: ciphertext || tag
 * @src_len: ciphertext length plus 16
 * @ad: associated data
 * @ad_len: associated data length
 * @nonce: 24-byte nonce
 * @key: 32-byte key
 *
 * Return: true if the tag is valid; false otherwise, with @dst untouched.
 */
bool xchacha20poly1305_decrypt(u8 *dst, const u8 *src, const size_t src_len,
			       const u8 *ad, const size_t ad_len,
			       const u8 nonce[XCHACHA20POLY1305_NONCE_SIZE],
			       const u8 key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha_state state;

	xchachapoly_init(&state, key, nonce);
	return __chacha20poly1305_decrypt(dst, src, src_len, ad, ad_len,
					  &state);
}
EXPORT_SYMBOL(xchacha20poly1305_decrypt);

/**
 * chacha20poly1305_rfc7539_encrypt() - RFC 8439 AEAD with a 96-bit nonce
 * @dst: output, src_len + 16 bytes; may equal @src
 * @src: plaintext
 * @src_len: plaintext length
 * @ad: associated data
 * @ad_len: associated data length
 * @nonce: 12-byte nonce
 * @key: 32-byte key
 *
 * This is the "rfc7539(chacha20,poly1305)" AEAD of the crypto API.
 */
void chacha20poly1305_rfc7539_encrypt(u8 *dst, const u8 *src,
				      const size_t src_len,
				      const u8 *ad, const size_t ad_len,
				      const u8 nonce[CHACHA20POLY1305_NONCE_SIZE],
				      const u8 key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha_state state;

	chachapoly_init(&state, key, nonce, get_unaligned_le64(nonce + 4));
	__chacha20poly1305_encrypt(dst, src, src_len, ad, ad_len, &state);
}
EXPORT_SYMBOL_GPL(chacha20poly1305_rfc7539_encrypt);

/**
 * chacha20poly1305_rfc7539_decrypt() - RFC 8439 AEAD decryption
 * @dst: plaintext output, src_len - 16 bytes; may equal @src
 * @src: ciphertext || tag
 * @src_len: ciphertext length plus 16
 * @ad: associated data
 * @ad_len: associated data length
 * @nonce: 12-byte nonce
 * @key: 32-byte key
 *
 * Return: true if the tag is valid; false otherwise, with @dst untouched.
 */
bool chacha20poly1305_rfc7539_decrypt(u8 *dst, const u8 *src,
				      const size_t src_len,
				      const u8 *ad, const size_t ad_len,
				      const u8 nonce[CHACHA20POLY1305_NONCE_SIZE],
				      const u8 key[CHACHA20POLY1305_KEY_SIZE])
{
	struct chacha_state state;

	chachapoly_init(&state, key, nonce, get_unaligned_le64(nonce + 4));
	return __chacha20poly1305_decrypt(dst, src, src_len, ad, ad_len,
					  &state);
}
EXPORT_SYMBOL_GPL(chacha20poly1305_rfc7539_decrypt);

/**
 * chacha20poly1305_rfc7539esp_encrypt() - RFC 7634 (IPsec ESP) form
 * @dst: output, src_len + 16 bytes; may equal @src
 * @src: plaintext
 * @src_len: plaintext length
 * @ad: associated data, without the 8-byte IV that ESP places after it
 * @ad_len: associated data length
 * @iv: the 8-byte per-packet IV
 * @key: 36 bytes: the ChaCha20 key, then the 4-byte salt
 *
 * The nonce is salt || iv.  This is "rfc7539esp(chacha20,poly1305)"; the
 * crypto API's associated data for it ends with the IV, which the template
 * leaves out of the authenticated data, so callers pass it separately.
 */
void chacha20poly1305_rfc7539esp_encrypt(u8 *dst, const u8 *src,
		const size_t src_len, const u8 *ad, const size_t ad_len,
		const u8 iv[CHACHA20POLY1305_ESP_IV_SIZE],
		const u8 key[CHACHA20POLY1305_KEY_SIZE +
			     CHACHA20POLY1305_ESP_SALT_SIZE])
{
	struct chacha_state state;

	chachapoly_init(&state, key, key + CHACHA20POLY1305_KEY_SIZE,
			get_unaligned_le64(iv));
	__chacha20poly1305_encrypt(dst, src, src_len, ad, ad_len, &state);
}
EXPORT_SYMBOL_GPL(chacha20poly1305_rfc7539esp_encrypt);

/**
 * chacha20poly1305_rfc7539esp_decrypt() - RFC 7634 (IPsec ESP) decryption
 * @dst: plaintext output, src_len - 16 bytes; may equal @src
 * @src: ciphertext || tag
 * @src_len: ciphertext length plus 16
 * @ad: associated data, without the IV
 * @ad_len: associated data length
 * @iv: the 8-byte per-packet IV
 * @key: 36 bytes: the ChaCha20 key, then the 4-byte salt
 *
 * Return: true if the tag is valid; false otherwise, with @dst untouched.
 */
bool chacha20poly1305_rfc7539esp_decrypt(u8 *dst, const u8 *src,
		const size_t src_len, const u8 *ad, const size_t ad_len,
		const u8 iv[CHACHA20POLY1305_ESP_IV_SIZE],
		const u8 key[CHACHA20POLY1305_KEY_SIZE +
			     CHACHA20POLY1305_ESP_SALT_SIZE])
{
	struct chacha_state state;

	chachapoly_init(&state, key, key + CHACHA20POLY1305_KEY_SIZE,
			get_unaligned_le64(iv));
	return __chacha20poly1305_decrypt(dst, src, src_len, ad, ad_len,
					  &state);
}
EXPORT_SYMBOL_GPL(chacha20poly1305_rfc7539esp_decrypt);

MODULE_DESCRIPTION("ChaCha20Poly1305 AEAD construction");
MODULE_LICENSE("GPL v2");
