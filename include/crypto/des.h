/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DES and Triple DES EDE (FIPS 46-3, NIST SP 800-67), with ECB, CBC and
 * CMAC over 3DES.
 *
 * For compatibility only.  DES has a 56-bit key and both ciphers have a
 * 64-bit block, which makes them unfit for new designs; they are here so
 * that existing users of the kernel's "des", "des3_ede", "ecb(des3_ede)",
 * "cbc(des3_ede)" and "cmac(des3_ede)" keep working.
 *
 * The block functions and key expansion have the mainline Linux signatures
 * and the kernel's weak-key behaviour: des_expand_key() returns -ENOKEY for
 * the four weak DES keys and des3_ede_expand_key() for keys with K1 == K2
 * or K2 == K3, in both cases after expanding the key, so that a caller
 * that allows weak keys (the crypto API without
 * CRYPTO_TFM_REQ_FORBID_WEAK_KEYS) can treat -ENOKEY as success.  The
 * modes and CMAC are additions of this library.
 */
#ifndef __CRYPTO_DES_H
#define __CRYPTO_DES_H

#include <linux/types.h>

#define DES_KEY_SIZE		8
#define DES_EXPKEY_WORDS	32
#define DES_BLOCK_SIZE		8

#define DES3_EDE_KEY_SIZE	(3 * DES_KEY_SIZE)
#define DES3_EDE_EXPKEY_WORDS	(3 * DES_EXPKEY_WORDS)
#define DES3_EDE_BLOCK_SIZE	DES_BLOCK_SIZE

struct des_ctx {
	u32 expkey[DES_EXPKEY_WORDS];
};

struct des3_ede_ctx {
	u32 expkey[DES3_EDE_EXPKEY_WORDS];
};

void des_encrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src);
void des_decrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src);

void des3_ede_encrypt(const struct des3_ede_ctx *dctx, u8 *dst, const u8 *src);
void des3_ede_decrypt(const struct des3_ede_ctx *dctx, u8 *dst, const u8 *src);

int des_expand_key(struct des_ctx *ctx, const u8 *key, unsigned int keylen);

int des3_ede_expand_key(struct des3_ede_ctx *ctx, const u8 *key,
			unsigned int keylen);

/* ECB and CBC; len must be a multiple of 8, dst == src is allowed. */
void des_ecb_encrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len);
void des_ecb_decrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len);
void des_cbc_encrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len, u8 iv[DES_BLOCK_SIZE]);
void des_cbc_decrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len, u8 iv[DES_BLOCK_SIZE]);
void des3_ede_ecb_encrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len);
void des3_ede_ecb_decrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len);
void des3_ede_cbc_encrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len, u8 iv[DES_BLOCK_SIZE]);
void des3_ede_cbc_decrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len, u8 iv[DES_BLOCK_SIZE]);

/**
 * struct des3_ede_cmac_key - prepared key for CMAC over 3DES (SP 800-38B)
 * @des: the expanded 3DES key
 * @k1: subkey for a message ending on a full block
 * @k2: subkey for a message ending on a padded partial block
 */
struct des3_ede_cmac_key {
	struct des3_ede_ctx des;
	u8 k1[DES_BLOCK_SIZE];
	u8 k2[DES_BLOCK_SIZE];
};

/**
 * struct des3_ede_cmac_ctx - an incremental CMAC computation
 * @key: the prepared key; must outlive the context
 * @partial_len: bytes XORed into @h since the last encryption (1..8 once
 *		 there is data: a full block is held back until it is known
 *		 not to be the last)
 * @h: the chaining value
 */
struct des3_ede_cmac_ctx {
	const struct des3_ede_cmac_key *key;
	unsigned int partial_len;
	u8 h[DES_BLOCK_SIZE];
};

int des3_ede_cmac_preparekey(struct des3_ede_cmac_key *key, const u8 *in_key,
			     unsigned int keylen);
void des3_ede_cmac_init(struct des3_ede_cmac_ctx *ctx,
			const struct des3_ede_cmac_key *key);
void des3_ede_cmac_update(struct des3_ede_cmac_ctx *ctx, const u8 *data,
			  size_t len);
void des3_ede_cmac_final(struct des3_ede_cmac_ctx *ctx,
			 u8 out[DES_BLOCK_SIZE]);
void des3_ede_cmac(const struct des3_ede_cmac_key *key, const u8 *data,
		   size_t len, u8 out[DES_BLOCK_SIZE]);

#endif /* __CRYPTO_DES_H */
