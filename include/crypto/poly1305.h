/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 one-time authenticator (RFC 8439 section 2.5).  Same types and
 * signatures as the mainline Linux library; the layout of the state is
 * private to lib/crypto/poly1305.c and the arch code.
 */
#ifndef _CRYPTO_POLY1305_H
#define _CRYPTO_POLY1305_H

#include <linux/types.h>

#define POLY1305_BLOCK_SIZE	16
#define POLY1305_KEY_SIZE	32
#define POLY1305_DIGEST_SIZE	16

#ifndef CONFIG_CRYPTO_LIB_POLY1305_RSIZE
#define CONFIG_CRYPTO_LIB_POLY1305_RSIZE 1
#endif

/* The key r, in radix 2^26 (portable code) or 2^64 (some arch code). */
struct poly1305_key {
	union {
		u32 r[5];
		u64 r64[3];
	};
};

/* r and the multiples 5 * r[i] that fold the reduction into the multiply */
struct poly1305_core_key {
	struct poly1305_key key;
	struct poly1305_key precomputed_s;
};

/* The accumulator h, in the same radix as the key. */
struct poly1305_state {
	union {
		u32 h[5];
		u64 h64[3];
	};
};

/* Everything the block function needs: accumulator and key (or powers). */
struct poly1305_block_state {
	struct poly1305_state h;
	union {
		struct poly1305_key opaque_r[CONFIG_CRYPTO_LIB_POLY1305_RSIZE];
		struct poly1305_core_key core_r;
	};
};

struct poly1305_desc_ctx {
	/* partial block */
	u8 buf[POLY1305_BLOCK_SIZE];
	/* bytes used in @buf */
	unsigned int buflen;
	/* the s half of the key, added at the end */
	u32 s[4];
	struct poly1305_block_state state;
};

void poly1305_init(struct poly1305_desc_ctx *desc,
		   const u8 key[POLY1305_KEY_SIZE]);
void poly1305_update(struct poly1305_desc_ctx *desc,
		     const u8 *src, unsigned int nbytes);
void poly1305_final(struct poly1305_desc_ctx *desc, u8 *digest);

bool poly1305_is_arch_optimized(void);

#endif /* _CRYPTO_POLY1305_H */
