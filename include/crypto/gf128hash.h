/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * GF(2^128) polynomial hashing: GHASH (NIST SP 800-38D) and POLYVAL
 * (RFC 8452), mainline names and signatures.
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

#define POLYVAL_BLOCK_SIZE	16
#define POLYVAL_DIGEST_SIZE	16

/**
 * struct polyval_elem - An element of the POLYVAL finite field
 * @bytes: the element as 16 bytes, little-endian, natural bit order
 * @lo: the low 64 terms of the element's polynomial
 * @hi: the high 64 terms
 */
struct polyval_elem {
	union {
		u8 bytes[POLYVAL_BLOCK_SIZE];
		struct {
			__le64 lo;
			__le64 hi;
		};
	};
};

/**
 * struct polyval_key - Prepared key for POLYVAL
 *
 * Use polyval_preparekey() to initialize this.
 */
struct polyval_key {
	/* private: */
	/* POLYVAL runs on the GHASH code: the key is mulX_GHASH(rev(H)) */
	struct ghash_key ghash;
};

/**
 * struct polyval_ctx - Context for computing a POLYVAL value
 * @key: the prepared key; must outlive the context
 * @acc: the accumulator; the bytes of a partial block are XORed in as
 *	 they arrive
 * @partial: number of bytes processed so far modulo POLYVAL_BLOCK_SIZE
 */
struct polyval_ctx {
	const struct polyval_key *key;
	struct polyval_elem acc;
	size_t partial;
};

/**
 * polyval_preparekey() - Prepare a POLYVAL key
 * @key: (output) the key structure to initialize
 * @raw_key: the raw hash key H
 *
 * Context: Any context.
 */
void polyval_preparekey(struct polyval_key *key,
			const u8 raw_key[POLYVAL_BLOCK_SIZE]);

/**
 * polyval_init() - Initialize a POLYVAL context for a new message
 * @ctx: the context to initialize
 * @key: the prepared key; a pointer is kept, so it must outlive @ctx
 */
static inline void polyval_init(struct polyval_ctx *ctx,
				const struct polyval_key *key)
{
	*ctx = (struct polyval_ctx){ .key = key };
}

/**
 * polyval_import_blkaligned() - Resume from an exported accumulator
 * @ctx: the context to initialize
 * @key: the key the accumulator was computed with; it must outlive @ctx
 * @acc: the value saved by polyval_export_blkaligned()
 */
static inline void
polyval_import_blkaligned(struct polyval_ctx *ctx,
			  const struct polyval_key *key,
			  const struct polyval_elem *acc)
{
	*ctx = (struct polyval_ctx){ .key = key, .acc = *acc };
}

/**
 * polyval_export_blkaligned() - Save the accumulator of a context
 * @ctx: a context that has processed a multiple of POLYVAL_BLOCK_SIZE bytes
 * @acc: (output) the accumulator
 */
static inline void polyval_export_blkaligned(const struct polyval_ctx *ctx,
					     struct polyval_elem *acc)
{
	*acc = ctx->acc;
}

/**
 * polyval_update() - Add message data to a POLYVAL computation
 * @ctx: an initialized context
 * @data: the message data
 * @len: number of bytes, any value; may be called any number of times
 *
 * Context: Any context.
 */
void polyval_update(struct polyval_ctx *ctx, const u8 *data, size_t len);

/**
 * polyval_final() - Finish a POLYVAL computation
 * @ctx: the context; zeroized on return
 * @out: (output) the POLYVAL value.  A final partial block is zero-padded.
 *
 * Context: Any context.
 */
void polyval_final(struct polyval_ctx *ctx, u8 out[POLYVAL_BLOCK_SIZE]);

/**
 * polyval() - Compute a POLYVAL value in one call
 * @key: the prepared key
 * @data: the message data
 * @len: the data length in bytes (zero-padded to a whole block)
 * @out: (output) the POLYVAL value
 *
 * Context: Any context.
 */
static inline void polyval(const struct polyval_key *key,
			   const u8 *data, size_t len,
			   u8 out[POLYVAL_BLOCK_SIZE])
{
	struct polyval_ctx ctx;

	polyval_init(&ctx, key);
	polyval_update(&ctx, data, len);
	polyval_final(&ctx, out);
}

#endif /* _CRYPTO_GF128HASH_H */
