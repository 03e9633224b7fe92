/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Modes of operation for any 128-bit block cipher of this library that has
 * no mode code of its own (Serpent, Twofish, Camellia): ECB, CBC, CTR and
 * XTS, with the semantics of the kernel's ecb, cbc, ctr and xts templates.
 *
 * Mainline has no library interface for these ciphers; this one is an
 * addition of afalg-exit.  A cipher is described once by a
 * struct block128_cipher (serpent_block128, twofish_block128,
 * camellia_block128) and every mode takes that description plus the
 * cipher's expanded key, so a user such as an AF_ALG emulation handles all
 * three ciphers and all four modes with one piece of code.
 */
#ifndef _CRYPTO_BLOCK128_H
#define _CRYPTO_BLOCK128_H

#include <linux/types.h>

#define BLOCK128_SIZE		16

/**
 * struct block128_cipher - A 128-bit block cipher, as the modes see it
 * @name: the kernel's algorithm name ("serpent", "twofish", "camellia")
 * @ctxsize: size in bytes of an expanded key (the cipher's key struct)
 * @min_keysize: smallest key length @expandkey accepts
 * @max_keysize: largest key length @expandkey accepts
 * @expandkey: expand @key_len bytes of @in_key into @ctx; 0 or -EINVAL
 * @encrypt: encrypt @nblocks consecutive 16-byte blocks, @dst == @src allowed
 * @decrypt: decrypt @nblocks consecutive 16-byte blocks, @dst == @src allowed
 *
 * Not every length between @min_keysize and @max_keysize need be valid
 * (Twofish and Camellia take 16, 24 or 32 bytes): @expandkey decides.
 */
struct block128_cipher {
	const char *name;
	unsigned int ctxsize;
	unsigned int min_keysize;
	unsigned int max_keysize;
	int (*expandkey)(void *ctx, const u8 *in_key, size_t key_len);
	void (*encrypt)(const void *ctx, u8 *dst, const u8 *src,
			size_t nblocks);
	void (*decrypt)(const void *ctx, u8 *dst, const u8 *src,
			size_t nblocks);
};

/**
 * block128_ecb_encrypt() - ECB encryption
 * @c: the cipher
 * @ctx: key expanded by @c->expandkey
 * @dst: the destination; in-place (@dst == @src) or out-of-place
 * @src: the source
 * @len: a multiple of BLOCK128_SIZE (anything else warns and writes nothing)
 *
 * Context: Any context.
 */
void block128_ecb_encrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len);

/**
 * block128_ecb_decrypt() - ECB decryption
 * @c: the cipher
 * @ctx: key expanded by @c->expandkey
 * @dst: the destination; in-place or out-of-place
 * @src: the source
 * @len: a multiple of BLOCK128_SIZE
 *
 * Context: Any context.
 */
void block128_ecb_decrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len);

/**
 * block128_cbc_encrypt() - CBC encryption
 * @c: the cipher
 * @ctx: key expanded by @c->expandkey
 * @dst: the destination; in-place or out-of-place
 * @src: the source
 * @len: a multiple of BLOCK128_SIZE
 * @iv: the IV; on return the last ciphertext block, which continues the
 *	message in a following call (the kernel's cbc template does the same)
 *
 * Context: Any context.
 */
void block128_cbc_encrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len,
			  u8 iv[BLOCK128_SIZE]);

/**
 * block128_cbc_decrypt() - CBC decryption
 * @c: the cipher
 * @ctx: key expanded by @c->expandkey
 * @dst: the destination; in-place or out-of-place
 * @src: the source
 * @len: a multiple of BLOCK128_SIZE
 * @iv: the IV; on return the last ciphertext block
 *
 * Context: Any context.
 */
void block128_cbc_decrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len,
			  u8 iv[BLOCK128_SIZE]);

/**
 * block128_ctr_crypt() - CTR en/decryption
 * @c: the cipher
 * @ctx: key expanded by @c->expandkey
 * @dst: the destination; in-place or out-of-place
 * @src: the source
 * @len: any number of bytes
 * @ctr: the counter block, a 128-bit big-endian number; advanced by
 *	 ceil(@len / BLOCK128_SIZE).  To continue a message, every call but
 *	 the last must be a multiple of BLOCK128_SIZE.
 *
 * Context: Any context.
 */
void block128_ctr_crypt(const struct block128_cipher *c, const void *ctx,
			u8 *dst, const u8 *src, size_t len,
			u8 ctr[BLOCK128_SIZE]);

/**
 * block128_xts_encrypt() - XTS encryption with ciphertext stealing
 * @c: the cipher
 * @ctx: the data key (first half of an XTS key) expanded by @c->expandkey
 * @tweak_ctx: the tweak key (second half) expanded by @c->expandkey
 * @dst: the destination; in-place or out-of-place
 * @src: the source
 * @len: at least BLOCK128_SIZE; any length on the last call of a message
 *	 (ciphertext stealing in the kernel's xts order), whole blocks before.
 *	 A shorter @len is a caller bug: it warns and writes nothing.
 * @tweak: with @cont false, the 16-byte IV, which is encrypted here; on
 *	   return the tweak of the next block (unspecified after a partial
 *	   final block), for a following call with @cont true
 * @cont: false to start a message, true to continue one
 *
 * Use block128_xts_check_key() on the raw key first, as the kernel's
 * xts_verify_key() does.
 *
 * Context: Any context.
 */
void block128_xts_encrypt(const struct block128_cipher *c, const void *ctx,
			  const void *tweak_ctx, u8 *dst, const u8 *src,
			  size_t len, u8 tweak[BLOCK128_SIZE], bool cont);

/**
 * block128_xts_decrypt() - XTS decryption with ciphertext stealing
 * @c: the cipher
 * @ctx: the data key expanded by @c->expandkey
 * @tweak_ctx: the tweak key expanded by @c->expandkey
 * @dst: the destination; in-place or out-of-place
 * @src: the source
 * @len: as for block128_xts_encrypt()
 * @tweak: as for block128_xts_encrypt()
 * @cont: false to start a message, true to continue one
 *
 * Context: Any context.
 */
void block128_xts_decrypt(const struct block128_cipher *c, const void *ctx,
			  const void *tweak_ctx, u8 *dst, const u8 *src,
			  size_t len, u8 tweak[BLOCK128_SIZE], bool cont);

/*
 * BLOCK128_ADAPTERS() - Define <alg>_b128_{expandkey,encrypt,decrypt}() on
 * the cipher's own <alg>_expandkey() and a multi-block
 * <alg>_b128_crypt(ctx, dst, src, nblocks, enc) that the cipher defines
 * first, for BLOCK128_CIPHER() to put in <alg>_block128.
 */
#define BLOCK128_ADAPTERS(alg)						\
static int alg##_b128_expandkey(void *ctx, const u8 *in_key,		\
				size_t key_len)				\
{									\
	return alg##_expandkey(ctx, in_key, key_len);			\
}									\
static void alg##_b128_encrypt(const void *ctx, u8 *dst, const u8 *src,	\
			       size_t nblocks)				\
{									\
	alg##_b128_crypt(ctx, dst, src, nblocks, true);			\
}									\
static void alg##_b128_decrypt(const void *ctx, u8 *dst, const u8 *src,	\
			       size_t nblocks)				\
{									\
	alg##_b128_crypt(ctx, dst, src, nblocks, false);		\
}

/* The initializer of <alg>_block128 for the BLOCK128_ADAPTERS() of @alg */
#define BLOCK128_CIPHER(alg, keystruct, minkey, maxkey)			\
	{								\
		.name		= #alg,					\
		.ctxsize	= sizeof(struct keystruct),		\
		.min_keysize	= minkey,				\
		.max_keysize	= maxkey,				\
		.expandkey	= alg##_b128_expandkey,			\
		.encrypt	= alg##_b128_encrypt,			\
		.decrypt	= alg##_b128_decrypt,			\
	}

/**
 * block128_xts_check_key() - The kernel's checks on an XTS key
 * @in_key: the data key followed by the tweak key
 * @key_len: the total length; it must be even
 * @forbid_weak: refuse keys whose halves are equal, as the kernel does
 *		 with XTS_FORBID_WEAK_KEYS (in FIPS mode or when asked)
 *
 * The halves are then expanded separately with the cipher's expandkey,
 * which applies the cipher's own length rules.
 *
 * Context: Any context.
 * Return: 0 or -EINVAL.
 */
int block128_xts_check_key(const u8 *in_key, size_t key_len,
			   bool forbid_weak);

#endif /* _CRYPTO_BLOCK128_H */
