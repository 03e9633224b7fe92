// SPDX-License-Identifier: GPL-2.0
/*
 * PBKDF2 (RFC 8018 section 5.2) with HMAC-SHA1/SHA-2 as the PRF.
 *
 * The password is prepared once as an HMAC key; each block T_i is
 * U_1 ^ ... ^ U_c with U_1 = HMAC(P, S || INT(i)) and U_j = HMAC(P, U_{j-1}).
 */

#include <crypto/pbkdf2.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <crypto/utils.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

/*
 * One body for every hash: the HMAC library has the same init/update/final
 * shape for each, so a macro instantiates the loop per key and context type.
 */
#define DEFINE_PBKDF2(alg, ALG)						\
int pbkdf2_hmac_##alg(const u8 *password, size_t password_len,		\
		      const u8 *salt, size_t salt_len, u32 iterations,	\
		      u8 *out, size_t out_len)				\
{									\
	struct hmac_##alg##_key key;					\
	struct hmac_##alg##_ctx ctx;					\
	u8 u[ALG##_DIGEST_SIZE], t[ALG##_DIGEST_SIZE];			\
	__be32 block_index;						\
	u32 i = 1;							\
									\
	if (!iterations || !out_len)					\
		return -EINVAL;						\
	hmac_##alg##_preparekey(&key, password, password_len);		\
	while (out_len) {						\
		size_t n = min_t(size_t, out_len, ALG##_DIGEST_SIZE);	\
									\
		put_unaligned_be32(i++, &block_index);			\
		hmac_##alg##_init(&ctx, &key);				\
		hmac_##alg##_update(&ctx, salt, salt_len);		\
		hmac_##alg##_update(&ctx, (const u8 *)&block_index,	\
				    sizeof(block_index));		\
		hmac_##alg##_final(&ctx, u);				\
		memcpy(t, u, sizeof(t));				\
		for (u32 j = 1; j < iterations; j++) {			\
			hmac_##alg(&key, u, sizeof(u), u);		\
			crypto_xor(t, u, sizeof(t));			\
		}							\
		memcpy(out, t, n);					\
		out += n;						\
		out_len -= n;						\
	}								\
	memzero_explicit(&key, sizeof(key));				\
	memzero_explicit(u, sizeof(u));					\
	memzero_explicit(t, sizeof(t));					\
	return 0;							\
}

DEFINE_PBKDF2(sha1, SHA1)
EXPORT_SYMBOL_GPL(pbkdf2_hmac_sha1);
DEFINE_PBKDF2(sha224, SHA224)
EXPORT_SYMBOL_GPL(pbkdf2_hmac_sha224);
DEFINE_PBKDF2(sha256, SHA256)
EXPORT_SYMBOL_GPL(pbkdf2_hmac_sha256);
DEFINE_PBKDF2(sha384, SHA384)
EXPORT_SYMBOL_GPL(pbkdf2_hmac_sha384);
DEFINE_PBKDF2(sha512, SHA512)
EXPORT_SYMBOL_GPL(pbkdf2_hmac_sha512);

MODULE_DESCRIPTION("PBKDF2 on the HMAC-SHA1/SHA-2 library");
MODULE_LICENSE("GPL");
