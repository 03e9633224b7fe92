/*
 * Descriptor state of the crypto_shash "sha3-*" drivers, which is also
 * what their ->export() produces; the library uses struct sha3_ctx.
 */
struct sha3_shash_state {
	u64 st[SHA3_STATE_SIZE / 8];
	unsigned int rsiz;
	unsigned int rsizw;
	unsigned int partial;
	u8 buf[SHA3_224_BLOCK_SIZE];
};

int crypto_sha3_update(struct shash_desc *desc, const u8 *data,
		       unsigned int len);
int crypto_sha3_final(struct shash_desc *desc, u8 *out);
