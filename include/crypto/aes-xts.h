/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-XTS (IEEE 1619, NIST SP 800-38E) unauthenticated encryption and
 * decryption, with ciphertext stealing (mainline interface).
 */
#ifndef _CRYPTO_AES_XTS_H
#define _CRYPTO_AES_XTS_H

#include <crypto/aes.h>

#ifndef XTS_FORBID_WEAK_KEYS
/* Same value as in mainline <crypto/xts.h>. */
#define XTS_FORBID_WEAK_KEYS	(1 << 0)
#endif

/**
 * struct aes_xts_key - A key prepared for AES-XTS encryption and decryption
 *
 * About 750 bytes: better not on the stack in kernel code.
 */
struct aes_xts_key {
	/* private: */
	struct aes_key main_key;
	struct aes_enckey tweak_key;
};

/**
 * aes_xts_preparekey() - Prepare a key for AES-XTS
 * @key: (output) the key structure to initialize
 * @in_key: the data key followed by the tweak key, both the same length
 * @key_len: 32, 48 or 64 (two AES-128, AES-192 or AES-256 keys)
 * @flags: XTS_FORBID_WEAK_KEYS to refuse keys whose two halves are equal
 *
 * The caller zeroizes @key (memzero_explicit()) when done with it.
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL for a bad length or a refused weak key.
 */
int aes_xts_preparekey(struct aes_xts_key *key, const u8 *in_key,
		       size_t key_len, int flags);

/**
 * aes_xts_encrypt() - Encrypt data using AES-XTS
 * @dst: the destination buffer; in-place (@dst == @src) or out-of-place.
 *	 Other overlaps are unspecified.
 * @src: the source data
 * @len: number of bytes, at least AES_BLOCK_SIZE.  Any length on the final
 *	 call (ciphertext stealing as the kernel's xts template does it);
 *	 earlier calls of one message must be whole blocks.  A call with
 *	 @len < AES_BLOCK_SIZE is a caller bug: it warns and writes nothing.
 * @tweak: with @cont false, the 16-byte IV (the sector number); it is
 *	   encrypted here.  On return it holds the running tweak for the next
 *	   block (unspecified after a partial final block), which the next
 *	   call of the same message takes with @cont true.
 * @key: key from aes_xts_preparekey()
 * @cont: false to start a message, true to continue one
 *
 * Context: Any context.
 */
void aes_xts_encrypt(u8 *dst, const u8 *src, size_t len,
		     u8 tweak[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		     bool cont);

/**
 * aes_xts_decrypt() - Decrypt data using AES-XTS
 * @dst: the destination buffer; in-place or out-of-place
 * @src: the source data
 * @len: as for aes_xts_encrypt()
 * @tweak: as for aes_xts_encrypt()
 * @key: key from aes_xts_preparekey()
 * @cont: false to start a message, true to continue one
 *
 * Context: Any context.
 */
void aes_xts_decrypt(u8 *dst, const u8 *src, size_t len,
		     u8 tweak[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		     bool cont);

#endif /* _CRYPTO_AES_XTS_H */
