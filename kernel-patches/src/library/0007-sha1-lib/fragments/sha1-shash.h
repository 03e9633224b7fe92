/* Update and finup of the generic crypto_shash "sha1" driver */
struct shash_desc;

int crypto_sha1_update(struct shash_desc *desc, const u8 *data,
		       unsigned int len);
int crypto_sha1_finup(struct shash_desc *desc, const u8 *data,
		      unsigned int len, u8 *hash);
