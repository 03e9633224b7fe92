/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-CMAC (NIST SP 800-38B, RFC 4493), AES-XCBC-MAC (RFC 3566) and the
 * plain AES-CBC-MAC that CCM is built on (mainline interface).
 */
#ifndef _CRYPTO_AES_CBC_MACS_H
#define _CRYPTO_AES_CBC_MACS_H

#include <crypto/aes.h>

/**
 * struct aes_cmac_key - Prepared key for AES-CMAC or AES-XCBC-MAC
 * @aes: the AES key for the chaining
 * @k_final: subkeys for the final block.  k_final[0] (CMAC K1, XCBC K2) is
 *	     used when the message ends on a full block, k_final[1] (CMAC K2,
 *	     XCBC K3) when it ends on a padded partial block.
 */
struct aes_cmac_key {
	struct aes_enckey aes;
	union {
		u8 b[AES_BLOCK_SIZE];
		__be64 w[2];
	} k_final[2];
};

/**
 * struct aes_cmac_ctx - Context for computing an AES-CMAC or AES-XCBC-MAC
 * @key: the prepared key; must outlive the context
 * @partial_len: bytes XORed into @h since the last AES encryption: 0 before
 *		 any data, else 1..AES_BLOCK_SIZE (a full block is held back
 *		 until it is known whether it is the last one)
 * @h: the chaining value
 */
struct aes_cmac_ctx {
	const struct aes_cmac_key *key;
	size_t partial_len;
	u8 h[AES_BLOCK_SIZE];
};

/**
 * aes_cmac_preparekey() - Prepare a key for AES-CMAC
 * @key: (output) the key structure to initialize
 * @in_key: the raw AES key
 * @key_len: 16, 24 or 32
 *
 * Context: Any context.
 * Return: 0 on success or -EINVAL if @key_len is invalid.
 */
int aes_cmac_preparekey(struct aes_cmac_key *key, const u8 *in_key,
			size_t key_len);

/**
 * aes_xcbcmac_preparekey() - Prepare a key for AES-XCBC-MAC
 * @key: (output) the key structure to initialize
 * @in_key: the 16-byte raw key (RFC 3566 uses AES-128 only)
 *
 * XCBC-MAC differs from CMAC only in how the keys are derived; once
 * prepared, it is computed with the aes_cmac_*() functions.
 *
 * Context: Any context.
 */
void aes_xcbcmac_preparekey(struct aes_cmac_key *key,
			    const u8 in_key[AES_KEYSIZE_128]);

/**
 * aes_cmac_init() - Start computing an AES-CMAC or AES-XCBC-MAC
 * @ctx: (output) the context to initialize
 * @key: the prepared key; a pointer is kept, so it must outlive @ctx
 */
static inline void aes_cmac_init(struct aes_cmac_ctx *ctx,
				 const struct aes_cmac_key *key)
{
	*ctx = (struct aes_cmac_ctx){ .key = key };
}

/**
 * aes_cmac_update() - Add message data to an AES-CMAC or AES-XCBC-MAC
 * @ctx: an initialized context
 * @data: the message data
 * @data_len: number of bytes, any value; may be called any number of times
 *
 * Context: Any context.
 */
void aes_cmac_update(struct aes_cmac_ctx *ctx, const u8 *data,
		     size_t data_len);

/**
 * aes_cmac_final() - Finish an AES-CMAC or AES-XCBC-MAC
 * @ctx: an initialized context; zeroized on return
 * @out: (output) the 16-byte MAC (truncate it if the protocol wants less)
 *
 * Context: Any context.
 */
void aes_cmac_final(struct aes_cmac_ctx *ctx, u8 out[AES_BLOCK_SIZE]);

/**
 * aes_cmac() - Compute an AES-CMAC or AES-XCBC-MAC in one call
 * @key: the prepared key
 * @data: the message
 * @data_len: the message length in bytes
 * @out: (output) the 16-byte MAC
 *
 * Context: Any context.
 */
static inline void aes_cmac(const struct aes_cmac_key *key, const u8 *data,
			    size_t data_len, u8 out[AES_BLOCK_SIZE])
{
	struct aes_cmac_ctx ctx;

	aes_cmac_init(&ctx, key);
	aes_cmac_update(&ctx, data, data_len);
	aes_cmac_final(&ctx, out);
}

/*
 * Raw AES-CBC-MAC, for the implementation of CCM (and the kernel's
 * cbcmac(aes)).  Not a secure MAC for variable-length messages on its own.
 * A final partial block is zero-padded.
 */
struct aes_cbcmac_ctx {
	const struct aes_enckey *key;
	size_t partial_len;
	u8 h[AES_BLOCK_SIZE];
};

static inline void aes_cbcmac_init(struct aes_cbcmac_ctx *ctx,
				   const struct aes_enckey *key)
{
	*ctx = (struct aes_cbcmac_ctx){ .key = key };
}
void aes_cbcmac_update(struct aes_cbcmac_ctx *ctx, const u8 *data,
		       size_t data_len);
void aes_cbcmac_final(struct aes_cbcmac_ctx *ctx, u8 out[AES_BLOCK_SIZE]);

#endif /* _CRYPTO_AES_CBC_MACS_H */
