/*
 * Descriptor state of the crypto_shash SHA-224/256 drivers, which is also
 * what their ->export() produces.  It has the layout of struct __sha256_ctx,
 * so the generic driver runs the library on it through @ctx.
 */
struct sha256_state {
	union {
		struct __sha256_ctx ctx;
		struct {
			u32 state[SHA256_STATE_WORDS];
			u64 count;
			u8 buf[SHA256_BLOCK_SIZE];
		};
	};
};

static inline void sha224_block_init(struct sha256_state *sctx)
{
	sctx->state[0] = SHA224_H0;
	sctx->state[1] = SHA224_H1;
	sctx->state[2] = SHA224_H2;
	sctx->state[3] = SHA224_H3;
	sctx->state[4] = SHA224_H4;
	sctx->state[5] = SHA224_H5;
	sctx->state[6] = SHA224_H6;
	sctx->state[7] = SHA224_H7;
	sctx->count = 0;
}

static inline void sha256_block_init(struct sha256_state *sctx)
{
	sctx->state[0] = SHA256_H0;
	sctx->state[1] = SHA256_H1;
	sctx->state[2] = SHA256_H2;
	sctx->state[3] = SHA256_H3;
	sctx->state[4] = SHA256_H4;
	sctx->state[5] = SHA256_H5;
	sctx->state[6] = SHA256_H6;
	sctx->state[7] = SHA256_H7;
	sctx->count = 0;
}

/* Descriptor state of the crypto_shash SHA-384/512 drivers */
struct sha512_state {
	u64 state[SHA512_DIGEST_SIZE / 8];
	u64 count[2];
	u8 buf[SHA512_BLOCK_SIZE];
};

struct shash_desc;

int crypto_sha256_update(struct shash_desc *desc, const u8 *data,
			 unsigned int len);
int crypto_sha256_finup(struct shash_desc *desc, const u8 *data,
			unsigned int len, u8 *hash);
int crypto_sha512_update(struct shash_desc *desc, const u8 *data,
			 unsigned int len);
int crypto_sha512_finup(struct shash_desc *desc, const u8 *data,
			unsigned int len, u8 *hash);
