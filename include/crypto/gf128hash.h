/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * GF(2^128) polynomial hashing: GHASH (NIST SP 800-38D), mainline names.
 * (Mainline's header also has POLYVAL; only GHASH is provided here.)
 */
#ifndef _CRYPTO_GF128HASH_H
#define _CRYPTO_GF128HASH_H

#include <linux/types.h>

#ifndef GHASH_BLOCK_SIZE
#define GHASH_BLOCK_SIZE	16
#define GHASH_DIGEST_SIZE	16
#endif

/**
 * struct ghash_key - Prepared key for GHASH
 *
 * Use ghash_preparekey() to initialize this.
 */
struct ghash_key {
	/* private: */
	/* H as two big-endian halves: h[0] = bytes 0..7, h[1] = bytes 8..15 */
	u64 h[2];
#ifdef CONFIG_CRYPTO_LIB_GF128HASH_ARCH
	/* Precomputed powers of H in the arch code's own format */
	u8 arch[256] __aligned(16);
#endif
};

/**
 * struct ghash_ctx - Context for computing a GHASH value
 * @key: the prepared key; must outlive the context
 * @acc: the accumulator, in GHASH byte order; the bytes of a partial block
 *	 are XORed in as they arrive
 * @partial: number of bytes processed so far modulo GHASH_BLOCK_SIZE
 */
struct ghash_ctx {
	const struct ghash_key *key;
	u8 acc[GHASH_BLOCK_SIZE];
	size_t partial;
};

/**
 * ghash_preparekey() - Prepare a GHASH key
 * @key: (output) the key structure to initialize
 * @raw_key: the hash key H (for GCM, the encryption of the zero block)
 *
 * Context: Any context.
 */
void ghash_preparekey(struct ghash_key *key,
		      const u8 raw_key[GHASH_BLOCK_SIZE]);

/**
 * ghash_init() - Initialize a GHASH context for a new message
 * @ctx: the context to initialize
 * @key: the prepared key; a pointer is kept, so it must outlive @ctx
 */
static inline void ghash_init(struct ghash_ctx *ctx,
			      const struct ghash_key *key)
{
	*ctx = (struct ghash_ctx){ .key = key };
}

/**
 * ghash_update() - Add message data to a GHASH computation
 * @ctx: an initialized context
 * @data: the message data
 * @len: number of bytes, any value; may be called any number of times
 *
 * Context: Any context.
 */
void ghash_update(struct ghash_ctx *ctx, const u8 *data, size_t len);

/**
 * ghash_final() - Finish a GHASH computation
 * @ctx: the context; zeroized on return
 * @out: (output) the 16-byte GHASH value.  A final partial block is
 *	 zero-padded.
 *
 * Context: Any context.
 */
void ghash_final(struct ghash_ctx *ctx, u8 out[GHASH_BLOCK_SIZE]);

/**
 * ghash() - Compute a GHASH value in one call
 * @key: the prepared key
 * @data: the message data
 * @len: the data length in bytes (zero-padded to a whole block)
 * @out: (output) the GHASH value
 *
 * Context: Any context.
 */
static inline void ghash(const struct ghash_key *key, const u8 *data,
			 size_t len, u8 out[GHASH_BLOCK_SIZE])
{
	struct ghash_ctx ctx;

	ghash_init(&ctx, key);
	ghash_update(&ctx, data, len);
	ghash_final(&ctx, out);
}

#endif /* _CRYPTO_GF128HASH_H */
