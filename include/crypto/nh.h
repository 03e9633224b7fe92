/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH hash function for Adiantum (mainline names and signature), and the
 * kernel's "nhpoly1305" (NH over 1024-byte segments, then Poly1305 of the
 * NH values without the final addition of s), which Adiantum uses.
 */
#ifndef _CRYPTO_NH_H
#define _CRYPTO_NH_H

#include <linux/types.h>

/* Little-endian 32-bit words, stride of 2 word pairs, 4 passes. */
#define NH_PAIR_STRIDE		2
#define NH_MESSAGE_UNIT		(NH_PAIR_STRIDE * 2 * sizeof(u32))
#define NH_NUM_PASSES		4
#define NH_HASH_BYTES		(NH_NUM_PASSES * sizeof(u64))
#define NH_NUM_STRIDES		64
#define NH_MESSAGE_WORDS	(NH_PAIR_STRIDE * 2 * NH_NUM_STRIDES)
#define NH_MESSAGE_BYTES	(NH_MESSAGE_WORDS * sizeof(u32))
#define NH_KEY_WORDS		(NH_MESSAGE_WORDS + \
				 NH_PAIR_STRIDE * 2 * (NH_NUM_PASSES - 1))
#define NH_KEY_BYTES		(NH_KEY_WORDS * sizeof(u32))

/**
 * nh() - NH hash function for Adiantum
 * @key: the key; @message_len + 48 bytes of it are used (NH_KEY_BYTES for
 *	 a message of NH_MESSAGE_BYTES)
 * @message: the message
 * @message_len: a multiple of NH_MESSAGE_UNIT (16), at most
 *		 NH_MESSAGE_BYTES (1024)
 * @hash: (output) the four 64-bit pass sums, little-endian
 *
 * This hashes one segment; the caller splits longer messages.
 *
 * Context: Any context.
 */
void nh(const u32 *key, const u8 *message, size_t message_len,
	__le64 hash[NH_NUM_PASSES]);

#define NHPOLY1305_KEY_SIZE	(16 + NH_KEY_BYTES)
#define NHPOLY1305_DIGEST_SIZE	16

/**
 * struct nhpoly1305_key - An NH-Poly1305 key
 * @poly_key: the Poly1305 key r (clamped when used)
 * @nh_key: the NH key words
 */
struct nhpoly1305_key {
	u8 poly_key[16];
	u32 nh_key[NH_KEY_WORDS];
};

/**
 * nhpoly1305_setkey() - Load an NH-Poly1305 key
 * @key: (output) the key
 * @raw_key: NHPOLY1305_KEY_SIZE bytes: Poly1305's r, then the NH key
 *
 * Context: Any context.
 */
void nhpoly1305_setkey(struct nhpoly1305_key *key,
		       const u8 raw_key[NHPOLY1305_KEY_SIZE]);

/**
 * nhpoly1305() - NH-Poly1305 of a whole message, as the kernel's
 *		  "nhpoly1305" shash computes it
 * @key: key from nhpoly1305_setkey()
 * @msg: the message
 * @len: any length; the last 16-byte unit is zero-padded
 * @out: (output) the 16-byte hash
 *
 * Context: Any context.
 */
void nhpoly1305(const struct nhpoly1305_key *key, const u8 *msg, size_t len,
		u8 out[NHPOLY1305_DIGEST_SIZE]);

#endif /* _CRYPTO_NH_H */
