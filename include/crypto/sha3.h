/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-3 library interface (FIPS 202): SHA3-224/256/384/512, SHAKE128/256,
 * and HMAC over each SHA-3 digest.
 *
 * The SHA-3 and SHAKE declarations have the types and signatures of the
 * mainline Linux library, so callers build unchanged in the kernel and
 * against libkcrypto.  Mainline has no HMAC-SHA3 library; the HMAC-SHA3
 * functions here follow the shape of the HMAC-SHA256 library in sha2.h.
 */
#ifndef __CRYPTO_SHA3_H__
#define __CRYPTO_SHA3_H__

#include <linux/types.h>
#include <linux/string.h>

#define SHA3_224_DIGEST_SIZE	(224 / 8)
#define SHA3_224_BLOCK_SIZE	(200 - 2 * SHA3_224_DIGEST_SIZE)
#define SHA3_224_EXPORT_SIZE	(SHA3_STATE_SIZE + SHA3_224_BLOCK_SIZE + 1)

#define SHA3_256_DIGEST_SIZE	(256 / 8)
#define SHA3_256_BLOCK_SIZE	(200 - 2 * SHA3_256_DIGEST_SIZE)
#define SHA3_256_EXPORT_SIZE	(SHA3_STATE_SIZE + SHA3_256_BLOCK_SIZE + 1)

#define SHA3_384_DIGEST_SIZE	(384 / 8)
#define SHA3_384_BLOCK_SIZE	(200 - 2 * SHA3_384_DIGEST_SIZE)
#define SHA3_384_EXPORT_SIZE	(SHA3_STATE_SIZE + SHA3_384_BLOCK_SIZE + 1)

#define SHA3_512_DIGEST_SIZE	(512 / 8)
#define SHA3_512_BLOCK_SIZE	(200 - 2 * SHA3_512_DIGEST_SIZE)
#define SHA3_512_EXPORT_SIZE	(SHA3_STATE_SIZE + SHA3_512_BLOCK_SIZE + 1)

/*
 * The XOFs have no fixed output size; the "default size" is the security
 * strength in bytes, from which the rate follows as for the digests.
 */
#define SHAKE128_DEFAULT_SIZE	(128 / 8)
#define SHAKE128_BLOCK_SIZE	(200 - 2 * SHAKE128_DEFAULT_SIZE)
#define SHAKE256_DEFAULT_SIZE	(256 / 8)
#define SHAKE256_BLOCK_SIZE	(200 - 2 * SHAKE256_DEFAULT_SIZE)

#define SHA3_STATE_SIZE		200

struct shash_desc;

int crypto_sha3_init(struct shash_desc *desc);

/*
 * The Keccak-f[1600] state: 25 lanes of 64 bits.  Lanes are stored
 * little-endian, so absorbing and squeezing address the state as bytes; an
 * implementation of the permutation converts to native order and back (a
 * no-op on little-endian CPUs).
 */
struct sha3_state {
	union {
		u64 st[SHA3_STATE_SIZE / 8]; /* for older callers */
		__le64 words[SHA3_STATE_SIZE / 8];
		u8 bytes[SHA3_STATE_SIZE];
		u64 native_words[SHA3_STATE_SIZE / 8];
	};
};

/* Internal context shared by the digests (SHA3-*) and the XOFs (SHAKE*) */
struct __sha3_ctx {
	struct sha3_state state;
	u8 digest_size;		/* digests only: output size in bytes */
	u8 block_size;		/* the rate in bytes */
	u8 absorb_offset;	/* next state byte to absorb into */
	u8 squeeze_offset;	/* XOFs only: next state byte to output */
};

void __sha3_update(struct __sha3_ctx *ctx, const u8 *in, size_t in_len);

/**
 * struct sha3_ctx - Context for SHA3-224, SHA3-256, SHA3-384, or SHA3-512
 * @ctx: private
 */
struct sha3_ctx {
	struct __sha3_ctx ctx;
};

/**
 * sha3_zeroize_ctx() - Zeroize a SHA-3 context
 * @ctx: the context to zeroize
 *
 * sha3_final() already does this; call it when abandoning a context without
 * finalizing it.
 */
static inline void sha3_zeroize_ctx(struct sha3_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}

/**
 * struct shake_ctx - Context for SHAKE128 or SHAKE256
 * @ctx: private
 */
struct shake_ctx {
	struct __sha3_ctx ctx;
};

/**
 * shake_zeroize_ctx() - Zeroize a SHAKE context
 * @ctx: the context to zeroize
 *
 * Call this after the last squeeze.
 */
static inline void shake_zeroize_ctx(struct shake_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}

static inline void __sha3_init(struct __sha3_ctx *ctx, u8 digest_size,
			       u8 block_size)
{
	*ctx = (struct __sha3_ctx){
		.digest_size = digest_size,
		.block_size = block_size,
	};
}

/**
 * sha3_224_init() - Initialize a context for SHA3-224
 * @ctx: the context to initialize
 *
 * Context: Any context.
 */
static inline void sha3_224_init(struct sha3_ctx *ctx)
{
	__sha3_init(&ctx->ctx, SHA3_224_DIGEST_SIZE, SHA3_224_BLOCK_SIZE);
}

/**
 * sha3_256_init() - Initialize a context for SHA3-256
 * @ctx: the context to initialize
 *
 * Context: Any context.
 */
static inline void sha3_256_init(struct sha3_ctx *ctx)
{
	__sha3_init(&ctx->ctx, SHA3_256_DIGEST_SIZE, SHA3_256_BLOCK_SIZE);
}

/**
 * sha3_384_init() - Initialize a context for SHA3-384
 * @ctx: the context to initialize
 *
 * Context: Any context.
 */
static inline void sha3_384_init(struct sha3_ctx *ctx)
{
	__sha3_init(&ctx->ctx, SHA3_384_DIGEST_SIZE, SHA3_384_BLOCK_SIZE);
}

/**
 * sha3_512_init() - Initialize a context for SHA3-512
 * @ctx: the context to initialize
 *
 * Context: Any context.
 */
static inline void sha3_512_init(struct sha3_ctx *ctx)
{
	__sha3_init(&ctx->ctx, SHA3_512_DIGEST_SIZE, SHA3_512_BLOCK_SIZE);
}

/**
 * sha3_update() - Update a SHA-3 digest context with input data
 * @ctx: the context to update; must have been initialized
 * @in: the input data
 * @in_len: length of the input data in bytes
 *
 * May be called any number of times.
 *
 * Context: Any context.
 */
static inline void sha3_update(struct sha3_ctx *ctx,
			       const u8 *in, size_t in_len)
{
	__sha3_update(&ctx->ctx, in, in_len);
}

/**
 * sha3_final() - Finish computing a SHA-3 message digest
 * @ctx: the context to finalize; must have been initialized
 * @out: (output) the digest; its size is the SHA3_*_DIGEST_SIZE of the init
 *	 function that was called
 *
 * After finishing, this zeroizes @ctx.
 *
 * Context: Any context.
 */
void sha3_final(struct sha3_ctx *ctx, u8 *out);

/**
 * shake128_init() - Initialize a context for SHAKE128
 * @ctx: the context to initialize
 *
 * Context: Any context.
 */
static inline void shake128_init(struct shake_ctx *ctx)
{
	__sha3_init(&ctx->ctx, 0, SHAKE128_BLOCK_SIZE);
}

/**
 * shake256_init() - Initialize a context for SHAKE256
 * @ctx: the context to initialize
 *
 * Context: Any context.
 */
static inline void shake256_init(struct shake_ctx *ctx)
{
	__sha3_init(&ctx->ctx, 0, SHAKE256_BLOCK_SIZE);
}

/**
 * shake_update() - Update a SHAKE context with input data
 * @ctx: the context to update; must have been initialized
 * @in: the input data
 * @in_len: length of the input data in bytes
 *
 * May be called any number of times before the first shake_squeeze(), and
 * not after it.
 *
 * Context: Any context.
 */
static inline void shake_update(struct shake_ctx *ctx,
				const u8 *in, size_t in_len)
{
	__sha3_update(&ctx->ctx, in, in_len);
}

/**
 * shake_squeeze() - Generate output from SHAKE128 or SHAKE256
 * @ctx: the context to squeeze; must have been initialized
 * @out: (output) where to write the output
 * @out_len: number of output bytes to generate; any length, including 0
 *
 * May be called any number of times: consecutive squeezes return consecutive
 * parts of one output stream.  No more input can be given once squeezing has
 * begun.  Call shake_zeroize_ctx() after the last squeeze.
 *
 * Context: Any context.
 */
void shake_squeeze(struct shake_ctx *ctx, u8 *out, size_t out_len);

/**
 * sha3_224() - Compute a SHA3-224 digest in one shot
 * @in: the input data
 * @in_len: length of the input data in bytes
 * @out: (output) the digest
 *
 * Context: Any context.
 */
void sha3_224(const u8 *in, size_t in_len, u8 out[SHA3_224_DIGEST_SIZE]);

/**
 * sha3_256() - Compute a SHA3-256 digest in one shot
 * @in: the input data
 * @in_len: length of the input data in bytes
 * @out: (output) the digest
 *
 * Context: Any context.
 */
void sha3_256(const u8 *in, size_t in_len, u8 out[SHA3_256_DIGEST_SIZE]);

/**
 * sha3_384() - Compute a SHA3-384 digest in one shot
 * @in: the input data
 * @in_len: length of the input data in bytes
 * @out: (output) the digest
 *
 * Context: Any context.
 */
void sha3_384(const u8 *in, size_t in_len, u8 out[SHA3_384_DIGEST_SIZE]);

/**
 * sha3_512() - Compute a SHA3-512 digest in one shot
 * @in: the input data
 * @in_len: length of the input data in bytes
 * @out: (output) the digest
 *
 * Context: Any context.
 */
void sha3_512(const u8 *in, size_t in_len, u8 out[SHA3_512_DIGEST_SIZE]);

/**
 * shake128() - Compute SHAKE128 in one shot
 * @in: the input data
 * @in_len: length of the input data in bytes
 * @out: (output) the output
 * @out_len: number of output bytes to generate; any length
 *
 * Context: Any context.
 */
void shake128(const u8 *in, size_t in_len, u8 *out, size_t out_len);

/**
 * shake256() - Compute SHAKE256 in one shot
 * @in: the input data
 * @in_len: length of the input data in bytes
 * @out: (output) the output
 * @out_len: number of output bytes to generate; any length
 *
 * Context: Any context.
 */
void shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len);

/*
 * HMAC-SHA3-224/256/384/512 (FIPS 198-1 over FIPS 202).  The HMAC block size
 * is the rate of the digest (144, 136, 104, 72 bytes), as in NIST's and
 * Python's definition.  A prepared key holds the sponge states after
 * absorbing the padded key XOR ipad and XOR opad, so one message costs no
 * key processing.
 */
struct __hmac_sha3_key {
	struct sha3_state istate;
	struct sha3_state ostate;
};

struct __hmac_sha3_ctx {
	struct __sha3_ctx sha_ctx;
	struct sha3_state ostate;
};

void __hmac_sha3_init(struct __hmac_sha3_ctx *ctx,
		      const struct __hmac_sha3_key *key,
		      size_t digest_size);

/**
 * struct hmac_sha3_224_key - Prepared key for HMAC-SHA3-224
 * @key: private
 */
struct hmac_sha3_224_key {
	struct __hmac_sha3_key key;
};

/**
 * struct hmac_sha3_224_ctx - Context for computing HMAC-SHA3-224
 * @ctx: private
 */
struct hmac_sha3_224_ctx {
	struct __hmac_sha3_ctx ctx;
};

/**
 * hmac_sha3_224_preparekey() - Prepare a key for HMAC-SHA3-224
 * @key: (output) the key structure to initialize
 * @raw_key: the raw HMAC-SHA3-224 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * The caller zeroizes @key and the raw key when they are no longer needed.
 *
 * Context: Any context.
 */
void hmac_sha3_224_preparekey(struct hmac_sha3_224_key *key,
			      const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_224_init() - Initialize an HMAC-SHA3-224 context for a message
 * @ctx: (output) the HMAC context to initialize
 * @key: the prepared HMAC key
 *
 * Context: Any context.
 */
static inline void hmac_sha3_224_init(struct hmac_sha3_224_ctx *ctx,
				      const struct hmac_sha3_224_key *key)
{
	__hmac_sha3_init(&ctx->ctx, &key->key, SHA3_224_DIGEST_SIZE);
}

/**
 * hmac_sha3_224_init_usingrawkey() - Initialize an HMAC-SHA3-224 context for
 *				      a message, using a raw key
 * @ctx: (output) the HMAC context to initialize
 * @raw_key: the raw HMAC-SHA3-224 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * Context: Any context.
 */
void hmac_sha3_224_init_usingrawkey(struct hmac_sha3_224_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_224_update() - Update an HMAC-SHA3-224 context with message data
 * @ctx: the HMAC context to update; must have been initialized
 * @data: the message data
 * @data_len: the data length in bytes
 *
 * Context: Any context.
 */
static inline void hmac_sha3_224_update(struct hmac_sha3_224_ctx *ctx,
					const u8 *data, size_t data_len)
{
	__sha3_update(&ctx->ctx.sha_ctx, data, data_len);
}

/**
 * hmac_sha3_224_final() - Finish computing an HMAC-SHA3-224 value
 * @ctx: the HMAC context to finalize; must have been initialized
 * @out: (output) the resulting HMAC-SHA3-224 value
 *
 * After finishing, this zeroizes @ctx.
 *
 * Context: Any context.
 */
void hmac_sha3_224_final(struct hmac_sha3_224_ctx *ctx,
			 u8 out[SHA3_224_DIGEST_SIZE]);

/**
 * hmac_sha3_224() - Compute HMAC-SHA3-224 in one shot, using a prepared key
 * @key: the prepared HMAC key
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-224 value
 *
 * Context: Any context.
 */
void hmac_sha3_224(const struct hmac_sha3_224_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_224_DIGEST_SIZE]);

/**
 * hmac_sha3_224_usingrawkey() - Compute HMAC-SHA3-224 in one shot, using a
 *				 raw key
 * @raw_key: the raw HMAC-SHA3-224 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-224 value
 *
 * Context: Any context.
 */
void hmac_sha3_224_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_224_DIGEST_SIZE]);

/**
 * struct hmac_sha3_256_key - Prepared key for HMAC-SHA3-256
 * @key: private
 */
struct hmac_sha3_256_key {
	struct __hmac_sha3_key key;
};

/**
 * struct hmac_sha3_256_ctx - Context for computing HMAC-SHA3-256
 * @ctx: private
 */
struct hmac_sha3_256_ctx {
	struct __hmac_sha3_ctx ctx;
};

/**
 * hmac_sha3_256_preparekey() - Prepare a key for HMAC-SHA3-256
 * @key: (output) the key structure to initialize
 * @raw_key: the raw HMAC-SHA3-256 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * The caller zeroizes @key and the raw key when they are no longer needed.
 *
 * Context: Any context.
 */
void hmac_sha3_256_preparekey(struct hmac_sha3_256_key *key,
			      const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_256_init() - Initialize an HMAC-SHA3-256 context for a message
 * @ctx: (output) the HMAC context to initialize
 * @key: the prepared HMAC key
 *
 * Context: Any context.
 */
static inline void hmac_sha3_256_init(struct hmac_sha3_256_ctx *ctx,
				      const struct hmac_sha3_256_key *key)
{
	__hmac_sha3_init(&ctx->ctx, &key->key, SHA3_256_DIGEST_SIZE);
}

/**
 * hmac_sha3_256_init_usingrawkey() - Initialize an HMAC-SHA3-256 context for
 *				      a message, using a raw key
 * @ctx: (output) the HMAC context to initialize
 * @raw_key: the raw HMAC-SHA3-256 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * Context: Any context.
 */
void hmac_sha3_256_init_usingrawkey(struct hmac_sha3_256_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_256_update() - Update an HMAC-SHA3-256 context with message data
 * @ctx: the HMAC context to update; must have been initialized
 * @data: the message data
 * @data_len: the data length in bytes
 *
 * Context: Any context.
 */
static inline void hmac_sha3_256_update(struct hmac_sha3_256_ctx *ctx,
					const u8 *data, size_t data_len)
{
	__sha3_update(&ctx->ctx.sha_ctx, data, data_len);
}

/**
 * hmac_sha3_256_final() - Finish computing an HMAC-SHA3-256 value
 * @ctx: the HMAC context to finalize; must have been initialized
 * @out: (output) the resulting HMAC-SHA3-256 value
 *
 * After finishing, this zeroizes @ctx.
 *
 * Context: Any context.
 */
void hmac_sha3_256_final(struct hmac_sha3_256_ctx *ctx,
			 u8 out[SHA3_256_DIGEST_SIZE]);

/**
 * hmac_sha3_256() - Compute HMAC-SHA3-256 in one shot, using a prepared key
 * @key: the prepared HMAC key
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-256 value
 *
 * Context: Any context.
 */
void hmac_sha3_256(const struct hmac_sha3_256_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_256_DIGEST_SIZE]);

/**
 * hmac_sha3_256_usingrawkey() - Compute HMAC-SHA3-256 in one shot, using a
 *				 raw key
 * @raw_key: the raw HMAC-SHA3-256 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-256 value
 *
 * Context: Any context.
 */
void hmac_sha3_256_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_256_DIGEST_SIZE]);

/**
 * struct hmac_sha3_384_key - Prepared key for HMAC-SHA3-384
 * @key: private
 */
struct hmac_sha3_384_key {
	struct __hmac_sha3_key key;
};

/**
 * struct hmac_sha3_384_ctx - Context for computing HMAC-SHA3-384
 * @ctx: private
 */
struct hmac_sha3_384_ctx {
	struct __hmac_sha3_ctx ctx;
};

/**
 * hmac_sha3_384_preparekey() - Prepare a key for HMAC-SHA3-384
 * @key: (output) the key structure to initialize
 * @raw_key: the raw HMAC-SHA3-384 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * The caller zeroizes @key and the raw key when they are no longer needed.
 *
 * Context: Any context.
 */
void hmac_sha3_384_preparekey(struct hmac_sha3_384_key *key,
			      const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_384_init() - Initialize an HMAC-SHA3-384 context for a message
 * @ctx: (output) the HMAC context to initialize
 * @key: the prepared HMAC key
 *
 * Context: Any context.
 */
static inline void hmac_sha3_384_init(struct hmac_sha3_384_ctx *ctx,
				      const struct hmac_sha3_384_key *key)
{
	__hmac_sha3_init(&ctx->ctx, &key->key, SHA3_384_DIGEST_SIZE);
}

/**
 * hmac_sha3_384_init_usingrawkey() - Initialize an HMAC-SHA3-384 context for
 *				      a message, using a raw key
 * @ctx: (output) the HMAC context to initialize
 * @raw_key: the raw HMAC-SHA3-384 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * Context: Any context.
 */
void hmac_sha3_384_init_usingrawkey(struct hmac_sha3_384_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_384_update() - Update an HMAC-SHA3-384 context with message data
 * @ctx: the HMAC context to update; must have been initialized
 * @data: the message data
 * @data_len: the data length in bytes
 *
 * Context: Any context.
 */
static inline void hmac_sha3_384_update(struct hmac_sha3_384_ctx *ctx,
					const u8 *data, size_t data_len)
{
	__sha3_update(&ctx->ctx.sha_ctx, data, data_len);
}

/**
 * hmac_sha3_384_final() - Finish computing an HMAC-SHA3-384 value
 * @ctx: the HMAC context to finalize; must have been initialized
 * @out: (output) the resulting HMAC-SHA3-384 value
 *
 * After finishing, this zeroizes @ctx.
 *
 * Context: Any context.
 */
void hmac_sha3_384_final(struct hmac_sha3_384_ctx *ctx,
			 u8 out[SHA3_384_DIGEST_SIZE]);

/**
 * hmac_sha3_384() - Compute HMAC-SHA3-384 in one shot, using a prepared key
 * @key: the prepared HMAC key
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-384 value
 *
 * Context: Any context.
 */
void hmac_sha3_384(const struct hmac_sha3_384_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_384_DIGEST_SIZE]);

/**
 * hmac_sha3_384_usingrawkey() - Compute HMAC-SHA3-384 in one shot, using a
 *				 raw key
 * @raw_key: the raw HMAC-SHA3-384 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-384 value
 *
 * Context: Any context.
 */
void hmac_sha3_384_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_384_DIGEST_SIZE]);

/**
 * struct hmac_sha3_512_key - Prepared key for HMAC-SHA3-512
 * @key: private
 */
struct hmac_sha3_512_key {
	struct __hmac_sha3_key key;
};

/**
 * struct hmac_sha3_512_ctx - Context for computing HMAC-SHA3-512
 * @ctx: private
 */
struct hmac_sha3_512_ctx {
	struct __hmac_sha3_ctx ctx;
};

/**
 * hmac_sha3_512_preparekey() - Prepare a key for HMAC-SHA3-512
 * @key: (output) the key structure to initialize
 * @raw_key: the raw HMAC-SHA3-512 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * The caller zeroizes @key and the raw key when they are no longer needed.
 *
 * Context: Any context.
 */
void hmac_sha3_512_preparekey(struct hmac_sha3_512_key *key,
			      const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_512_init() - Initialize an HMAC-SHA3-512 context for a message
 * @ctx: (output) the HMAC context to initialize
 * @key: the prepared HMAC key
 *
 * Context: Any context.
 */
static inline void hmac_sha3_512_init(struct hmac_sha3_512_ctx *ctx,
				      const struct hmac_sha3_512_key *key)
{
	__hmac_sha3_init(&ctx->ctx, &key->key, SHA3_512_DIGEST_SIZE);
}

/**
 * hmac_sha3_512_init_usingrawkey() - Initialize an HMAC-SHA3-512 context for
 *				      a message, using a raw key
 * @ctx: (output) the HMAC context to initialize
 * @raw_key: the raw HMAC-SHA3-512 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 *
 * Context: Any context.
 */
void hmac_sha3_512_init_usingrawkey(struct hmac_sha3_512_ctx *ctx,
				    const u8 *raw_key, size_t raw_key_len);

/**
 * hmac_sha3_512_update() - Update an HMAC-SHA3-512 context with message data
 * @ctx: the HMAC context to update; must have been initialized
 * @data: the message data
 * @data_len: the data length in bytes
 *
 * Context: Any context.
 */
static inline void hmac_sha3_512_update(struct hmac_sha3_512_ctx *ctx,
					const u8 *data, size_t data_len)
{
	__sha3_update(&ctx->ctx.sha_ctx, data, data_len);
}

/**
 * hmac_sha3_512_final() - Finish computing an HMAC-SHA3-512 value
 * @ctx: the HMAC context to finalize; must have been initialized
 * @out: (output) the resulting HMAC-SHA3-512 value
 *
 * After finishing, this zeroizes @ctx.
 *
 * Context: Any context.
 */
void hmac_sha3_512_final(struct hmac_sha3_512_ctx *ctx,
			 u8 out[SHA3_512_DIGEST_SIZE]);

/**
 * hmac_sha3_512() - Compute HMAC-SHA3-512 in one shot, using a prepared key
 * @key: the prepared HMAC key
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-512 value
 *
 * Context: Any context.
 */
void hmac_sha3_512(const struct hmac_sha3_512_key *key,
		   const u8 *data, size_t data_len,
		   u8 out[SHA3_512_DIGEST_SIZE]);

/**
 * hmac_sha3_512_usingrawkey() - Compute HMAC-SHA3-512 in one shot, using a
 *				 raw key
 * @raw_key: the raw HMAC-SHA3-512 key
 * @raw_key_len: the key length in bytes.  All key lengths are supported.
 * @data: the message data
 * @data_len: the data length in bytes
 * @out: (output) the resulting HMAC-SHA3-512 value
 *
 * Context: Any context.
 */
void hmac_sha3_512_usingrawkey(const u8 *raw_key, size_t raw_key_len,
			       const u8 *data, size_t data_len,
			       u8 out[SHA3_512_DIGEST_SIZE]);

#endif /* __CRYPTO_SHA3_H__ */
