/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MD4 message digest (RFC 1320).
 *
 * For compatibility only: MD4 is broken (collisions are found by hand) and
 * is provided solely so that existing users of the kernel's "md4" hash
 * (NTLM-era protocols) keep working.  The interface follows the mainline
 * library style of <crypto/md5.h>.
 */
#ifndef _CRYPTO_MD4_H
#define _CRYPTO_MD4_H

#include <linux/types.h>

#define MD4_DIGEST_SIZE		16
#define MD4_HMAC_BLOCK_SIZE	64
#define MD4_BLOCK_SIZE		64

struct md4_block_state {
	u32 h[4];
};

/**
 * struct md4_ctx - an MD4 computation in progress
 * @state: chaining value
 * @bytecount: bytes hashed so far
 * @buf: partial block
 */
struct md4_ctx {
	struct md4_block_state state;
	u64 bytecount;
	u8 buf[MD4_BLOCK_SIZE];
};

void md4_init(struct md4_ctx *ctx);
void md4_update(struct md4_ctx *ctx, const u8 *data, size_t len);
void md4_final(struct md4_ctx *ctx, u8 out[MD4_DIGEST_SIZE]);
void md4(const u8 *data, size_t len, u8 out[MD4_DIGEST_SIZE]);

#endif /* _CRYPTO_MD4_H */
