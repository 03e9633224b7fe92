// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * DES and Triple DES EDE (FIPS 46-3, NIST SP 800-67), ECB and CBC modes,
 * and CMAC over Triple DES (NIST SP 800-38B with a 64-bit block).
 *
 * For compatibility only: see <crypto/des.h>.
 *
 * This implementation favours being obviously correct and free of
 * secret-dependent memory accesses over speed.  The permutations walk
 * public bit-position tables; the S-boxes are stored four rows to a 64-bit
 * word per row and read by masking all four rows, so no load address
 * depends on key or data.  Bit 1 in the FIPS tables is the most
 * significant bit of the big-endian value.
 */

#include <crypto/des.h>
#include <crypto/utils.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static const u8 des_ip[64] = {
	58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
	62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
	57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3,
	61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
};

static const u8 des_fp[64] = {
	40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31,
	38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21, 61, 29,
	36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27,
	34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9, 49, 17, 57, 25,
};

static const u8 des_p[32] = {
	16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
	2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
};

static const u8 des_pc1[56] = {
	57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
	10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
	63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
	14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
};

static const u8 des_pc2[48] = {
	14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10,
	23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
	41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48,
	44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
};

static const u8 des_shifts[16] = {
	1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1,
};

/* One S-box row: entry for column c in bits 4c..4c+3. */
#define SROW(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)		\
	((u64)(a) << 0 | (u64)(b) << 4 | (u64)(c) << 8 | (u64)(d) << 12 |	\
	 (u64)(e) << 16 | (u64)(f) << 20 | (u64)(g) << 24 | (u64)(h) << 28 |	\
	 (u64)(i) << 32 | (u64)(j) << 36 | (u64)(k) << 40 | (u64)(l) << 44 |	\
	 (u64)(m) << 48 | (u64)(n) << 52 | (u64)(o) << 56 | (u64)(p) << 60)

static const u64 des_sbox[8][4] = {
	{ SROW(14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7),
	  SROW(0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8),
	  SROW(4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0),
	  SROW(15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13) },
	{ SROW(15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10),
	  SROW(3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5),
	  SROW(0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15),
	  SROW(13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9) },
	{ SROW(10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8),
	  SROW(13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1),
	  SROW(13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7),
	  SROW(1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12) },
	{ SROW(7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15),
	  SROW(13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9),
	  SROW(10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4),
	  SROW(3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14) },
	{ SROW(2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9),
	  SROW(14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6),
	  SROW(4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14),
	  SROW(11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3) },
	{ SROW(12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11),
	  SROW(10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8),
	  SROW(9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6),
	  SROW(4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13) },
	{ SROW(4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1),
	  SROW(13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6),
	  SROW(1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2),
	  SROW(6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12) },
	{ SROW(13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7),
	  SROW(1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2),
	  SROW(7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8),
	  SROW(2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11) },
};

/* Output bit i (from the top, of n) is input bit tbl[i] (of inbits). */
static u64 des_permute(u64 in, unsigned int inbits, const u8 *tbl,
		       unsigned int n)
{
	u64 out = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		out = (out << 1) | ((in >> (inbits - tbl[i])) & 1);
	return out;
}

/* S-box @i on six bits, reading all four rows so the access is fixed. */
static u32 des_sbox_lookup(unsigned int i, u32 x)
{
	u32 row = ((x >> 4) & 2) | (x & 1);
	u32 col = (x >> 1) & 15;
	u64 w = 0;
	u32 j;

	for (j = 0; j < 4; j++) {
		u64 mask = -(u64)((((row ^ j) - 1) >> 31) & 1);

		w |= des_sbox[i][j] & mask;
	}
	return (w >> (4 * col)) & 15;
}

/* The round function: expand, add the round key, S-boxes, permute. */
static u32 des_f(u32 r, u64 k)
{
	/* r with its last bit in front and its first bit behind: 34 bits */
	u64 t = ((u64)(r & 1) << 33) | ((u64)r << 1) | (r >> 31);
	u32 s = 0;
	unsigned int i;

	for (i = 0; i < 8; i++) {
		u32 x = ((t >> (28 - 4 * i)) ^ (k >> (42 - 6 * i))) & 0x3f;

		s |= des_sbox_lookup(i, x) << (28 - 4 * i);
	}
	return (u32)des_permute(s, 32, des_p, 32);
}

static void des_crypt_block(const u32 *ek, u8 *dst, const u8 *src,
			    bool decrypt)
{
	u64 b = des_permute(get_unaligned_be64(src), 64, des_ip, 64);
	u32 l = b >> 32, r = (u32)b, t;
	int i, k;

	for (i = 0; i < 16; i++) {
		k = decrypt ? 15 - i : i;
		t = r;
		r = l ^ des_f(r, ((u64)ek[2 * k] << 24) | ek[2 * k + 1]);
		l = t;
	}
	b = ((u64)r << 32) | l;
	put_unaligned_be64(des_permute(b, 64, des_fp, 64), dst);
}

/*
 * Expand one DES key into 16 round keys of 48 bits (two words of 24 bits
 * each).  Returns true for the four weak keys, whose C and D registers are
 * each all zeroes or all ones so every round key is the same.
 */
static bool des_key_schedule(u32 *ek, const u8 *key)
{
	u64 cd = des_permute(get_unaligned_be64(key), 64, des_pc1, 56);
	u32 c = cd >> 28, d = cd & 0xfffffff;
	bool weak = (c == 0 || c == 0xfffffff) && (d == 0 || d == 0xfffffff);
	unsigned int i, s;
	u64 k;

	for (i = 0; i < 16; i++) {
		s = des_shifts[i];
		c = ((c << s) | (c >> (28 - s))) & 0xfffffff;
		d = ((d << s) | (d >> (28 - s))) & 0xfffffff;
		k = des_permute(((u64)c << 28) | d, 56, des_pc2, 48);
		ek[2 * i] = k >> 24;
		ek[2 * i + 1] = k & 0xffffff;
	}
	memzero_explicit(&cd, sizeof(cd));
	return weak;
}

/**
 * des_expand_key() - expand a DES key
 * @ctx: the expanded key
 * @key: 8 bytes (parity bits ignored)
 * @keylen: must be DES_KEY_SIZE
 *
 * Return: 0; -EINVAL for a wrong length; -ENOKEY for one of the four weak
 * keys, in which case @ctx is expanded all the same.
 */
int des_expand_key(struct des_ctx *ctx, const u8 *key, unsigned int keylen)
{
	if (keylen != DES_KEY_SIZE)
		return -EINVAL;
	return des_key_schedule(ctx->expkey, key) ? -ENOKEY : 0;
}
EXPORT_SYMBOL_GPL(des_expand_key);

/**
 * des_encrypt() - encrypt one 8-byte block
 * @ctx: key from des_expand_key()
 * @dst: output block (may equal @src)
 * @src: input block
 */
void des_encrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src)
{
	des_crypt_block(ctx->expkey, dst, src, false);
}
EXPORT_SYMBOL_GPL(des_encrypt);

/**
 * des_decrypt() - decrypt one 8-byte block
 * @ctx: key from des_expand_key()
 * @dst: output block (may equal @src)
 * @src: input block
 */
void des_decrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src)
{
	des_crypt_block(ctx->expkey, dst, src, true);
}
EXPORT_SYMBOL_GPL(des_decrypt);

/**
 * des3_ede_expand_key() - expand a Triple DES key K1 || K2 || K3
 * @ctx: the expanded key
 * @key: 24 bytes
 * @keylen: must be DES3_EDE_KEY_SIZE
 *
 * As the kernel's: K1 == K2 or K2 == K3 (which degrade 3DES to single
 * DES) give -ENOKEY after the key has been expanded; K1 == K3 (two-key
 * 3DES) is accepted, and weak single-DES keys are not checked here.
 *
 * Return: 0, -EINVAL for a wrong length, or -ENOKEY as above.
 */
int des3_ede_expand_key(struct des3_ede_ctx *ctx, const u8 *key,
			unsigned int keylen)
{
	int err = 0;

	if (keylen != DES3_EDE_KEY_SIZE)
		return -EINVAL;
	if (!crypto_memneq(key, key + DES_KEY_SIZE, DES_KEY_SIZE) ||
	    !crypto_memneq(key + DES_KEY_SIZE, key + 2 * DES_KEY_SIZE,
			   DES_KEY_SIZE))
		err = -ENOKEY;
	des_key_schedule(&ctx->expkey[0], key);
	des_key_schedule(&ctx->expkey[DES_EXPKEY_WORDS], key + DES_KEY_SIZE);
	des_key_schedule(&ctx->expkey[2 * DES_EXPKEY_WORDS],
			 key + 2 * DES_KEY_SIZE);
	return err;
}
EXPORT_SYMBOL_GPL(des3_ede_expand_key);

/**
 * des3_ede_encrypt() - encrypt one block: E(K3, D(K2, E(K1, src)))
 * @dctx: key from des3_ede_expand_key()
 * @dst: output block (may equal @src)
 * @src: input block
 */
void des3_ede_encrypt(const struct des3_ede_ctx *dctx, u8 *dst, const u8 *src)
{
	const u32 *ek = dctx->expkey;

	des_crypt_block(ek, dst, src, false);
	des_crypt_block(ek + DES_EXPKEY_WORDS, dst, dst, true);
	des_crypt_block(ek + 2 * DES_EXPKEY_WORDS, dst, dst, false);
}
EXPORT_SYMBOL_GPL(des3_ede_encrypt);

/**
 * des3_ede_decrypt() - decrypt one block: D(K1, E(K2, D(K3, src)))
 * @dctx: key from des3_ede_expand_key()
 * @dst: output block (may equal @src)
 * @src: input block
 */
void des3_ede_decrypt(const struct des3_ede_ctx *dctx, u8 *dst, const u8 *src)
{
	const u32 *ek = dctx->expkey;

	des_crypt_block(ek + 2 * DES_EXPKEY_WORDS, dst, src, true);
	des_crypt_block(ek + DES_EXPKEY_WORDS, dst, dst, false);
	des_crypt_block(ek, dst, dst, true);
}
EXPORT_SYMBOL_GPL(des3_ede_decrypt);

/*
 * Mode helpers, inlined into each exported function with constant @triple
 * and @dec, so every block call below is a direct call.
 */
static __always_inline void des_block(const void *ctx, bool triple, bool dec,
				      u8 *dst, const u8 *src)
{
	if (triple && dec)
		des3_ede_decrypt(ctx, dst, src);
	else if (triple)
		des3_ede_encrypt(ctx, dst, src);
	else if (dec)
		des_decrypt(ctx, dst, src);
	else
		des_encrypt(ctx, dst, src);
}

static __always_inline void des_ecb(const void *ctx, bool triple, bool dec,
				    u8 *dst, const u8 *src, size_t len)
{
	for (; len >= DES_BLOCK_SIZE; len -= DES_BLOCK_SIZE) {
		des_block(ctx, triple, dec, dst, src);
		dst += DES_BLOCK_SIZE;
		src += DES_BLOCK_SIZE;
	}
}

static __always_inline void des_cbc_enc(const void *ctx, bool triple, u8 *dst,
					const u8 *src, size_t len,
					u8 iv[DES_BLOCK_SIZE])
{
	for (; len >= DES_BLOCK_SIZE; len -= DES_BLOCK_SIZE) {
		crypto_xor(iv, src, DES_BLOCK_SIZE);
		des_block(ctx, triple, false, dst, iv);
		memcpy(iv, dst, DES_BLOCK_SIZE);
		dst += DES_BLOCK_SIZE;
		src += DES_BLOCK_SIZE;
	}
}

static __always_inline void des_cbc_dec(const void *ctx, bool triple, u8 *dst,
					const u8 *src, size_t len,
					u8 iv[DES_BLOCK_SIZE])
{
	u8 c[DES_BLOCK_SIZE];

	for (; len >= DES_BLOCK_SIZE; len -= DES_BLOCK_SIZE) {
		memcpy(c, src, DES_BLOCK_SIZE);	/* src may be dst */
		des_block(ctx, triple, true, dst, src);
		crypto_xor(dst, iv, DES_BLOCK_SIZE);
		memcpy(iv, c, DES_BLOCK_SIZE);
		dst += DES_BLOCK_SIZE;
		src += DES_BLOCK_SIZE;
	}
}

/**
 * des_ecb_encrypt() - DES in ECB mode
 * @ctx: key from des_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES_BLOCK_SIZE (a trailing partial block is ignored)
 */
void des_ecb_encrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len)
{
	des_ecb(ctx, false, false, dst, src, len);
}
EXPORT_SYMBOL_GPL(des_ecb_encrypt);

/**
 * des_ecb_decrypt() - DES in ECB mode, decryption
 * @ctx: key from des_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES_BLOCK_SIZE
 */
void des_ecb_decrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len)
{
	des_ecb(ctx, false, true, dst, src, len);
}
EXPORT_SYMBOL_GPL(des_ecb_decrypt);

/**
 * des_cbc_encrypt() - DES in CBC mode
 * @ctx: key from des_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES_BLOCK_SIZE
 * @iv: the IV; updated to the last ciphertext block for chaining
 */
void des_cbc_encrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len, u8 iv[DES_BLOCK_SIZE])
{
	des_cbc_enc(ctx, false, dst, src, len, iv);
}
EXPORT_SYMBOL_GPL(des_cbc_encrypt);

/**
 * des_cbc_decrypt() - DES in CBC mode, decryption
 * @ctx: key from des_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES_BLOCK_SIZE
 * @iv: the IV; updated to the last ciphertext block for chaining
 */
void des_cbc_decrypt(const struct des_ctx *ctx, u8 *dst, const u8 *src,
		     size_t len, u8 iv[DES_BLOCK_SIZE])
{
	des_cbc_dec(ctx, false, dst, src, len, iv);
}
EXPORT_SYMBOL_GPL(des_cbc_decrypt);

/**
 * des3_ede_ecb_encrypt() - Triple DES in ECB mode
 * @ctx: key from des3_ede_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES3_EDE_BLOCK_SIZE
 */
void des3_ede_ecb_encrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len)
{
	des_ecb(ctx, true, false, dst, src, len);
}
EXPORT_SYMBOL_GPL(des3_ede_ecb_encrypt);

/**
 * des3_ede_ecb_decrypt() - Triple DES in ECB mode, decryption
 * @ctx: key from des3_ede_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES3_EDE_BLOCK_SIZE
 */
void des3_ede_ecb_decrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len)
{
	des_ecb(ctx, true, true, dst, src, len);
}
EXPORT_SYMBOL_GPL(des3_ede_ecb_decrypt);

/**
 * des3_ede_cbc_encrypt() - Triple DES in CBC mode
 * @ctx: key from des3_ede_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES3_EDE_BLOCK_SIZE
 * @iv: the IV; updated to the last ciphertext block for chaining
 */
void des3_ede_cbc_encrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len, u8 iv[DES_BLOCK_SIZE])
{
	des_cbc_enc(ctx, true, dst, src, len, iv);
}
EXPORT_SYMBOL_GPL(des3_ede_cbc_encrypt);

/**
 * des3_ede_cbc_decrypt() - Triple DES in CBC mode, decryption
 * @ctx: key from des3_ede_expand_key()
 * @dst: output (may equal @src)
 * @src: input
 * @len: a multiple of DES3_EDE_BLOCK_SIZE
 * @iv: the IV; updated to the last ciphertext block for chaining
 */
void des3_ede_cbc_decrypt(const struct des3_ede_ctx *ctx, u8 *dst,
			  const u8 *src, size_t len, u8 iv[DES_BLOCK_SIZE])
{
	des_cbc_dec(ctx, true, dst, src, len, iv);
}
EXPORT_SYMBOL_GPL(des3_ede_cbc_decrypt);

/* Doubling in GF(2^64) with the SP 800-38B polynomial x^64 + x^4 + x^3 + x + 1 */
static void cmac64_double(u8 out[8], const u8 in[8])
{
	u64 v = get_unaligned_be64(in);

	v = (v << 1) ^ (0x1b & -(v >> 63));
	put_unaligned_be64(v, out);
}

/**
 * des3_ede_cmac_preparekey() - prepare a key for CMAC over Triple DES
 * @key: the prepared key
 * @in_key: 24-byte Triple DES key
 * @keylen: must be DES3_EDE_KEY_SIZE
 *
 * Return: as des3_ede_expand_key(); on -ENOKEY the key is prepared.
 */
int des3_ede_cmac_preparekey(struct des3_ede_cmac_key *key, const u8 *in_key,
			     unsigned int keylen)
{
	u8 l[DES_BLOCK_SIZE] = { 0 };
	int err;

	err = des3_ede_expand_key(&key->des, in_key, keylen);
	if (err && err != -ENOKEY)
		return err;
	des3_ede_encrypt(&key->des, l, l);
	cmac64_double(key->k1, l);
	cmac64_double(key->k2, key->k1);
	memzero_explicit(l, sizeof(l));
	return err;
}
EXPORT_SYMBOL_GPL(des3_ede_cmac_preparekey);

/**
 * des3_ede_cmac_init() - start a CMAC computation
 * @ctx: the context
 * @key: key from des3_ede_cmac_preparekey(); must outlive @ctx
 */
void des3_ede_cmac_init(struct des3_ede_cmac_ctx *ctx,
			const struct des3_ede_cmac_key *key)
{
	ctx->key = key;
	ctx->partial_len = 0;
	memset(ctx->h, 0, sizeof(ctx->h));
}
EXPORT_SYMBOL_GPL(des3_ede_cmac_init);

/**
 * des3_ede_cmac_update() - add message bytes
 * @ctx: context from des3_ede_cmac_init()
 * @data: message bytes
 * @len: number of bytes
 */
void des3_ede_cmac_update(struct des3_ede_cmac_ctx *ctx, const u8 *data,
			  size_t len)
{
	while (len) {
		unsigned int n;

		if (ctx->partial_len == DES_BLOCK_SIZE) {
			des3_ede_encrypt(&ctx->key->des, ctx->h, ctx->h);
			ctx->partial_len = 0;
		}
		n = min_t(size_t, len, DES_BLOCK_SIZE - ctx->partial_len);
		crypto_xor(&ctx->h[ctx->partial_len], data, n);
		ctx->partial_len += n;
		data += n;
		len -= n;
	}
}
EXPORT_SYMBOL_GPL(des3_ede_cmac_update);

/**
 * des3_ede_cmac_final() - finish and output the 8-byte MAC
 * @ctx: the context; wiped on return
 * @out: the MAC
 */
void des3_ede_cmac_final(struct des3_ede_cmac_ctx *ctx,
			 u8 out[DES_BLOCK_SIZE])
{
	if (ctx->partial_len == DES_BLOCK_SIZE) {
		crypto_xor(ctx->h, ctx->key->k1, DES_BLOCK_SIZE);
	} else {
		ctx->h[ctx->partial_len] ^= 0x80;
		crypto_xor(ctx->h, ctx->key->k2, DES_BLOCK_SIZE);
	}
	des3_ede_encrypt(&ctx->key->des, out, ctx->h);
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(des3_ede_cmac_final);

/**
 * des3_ede_cmac() - CMAC over Triple DES in one call
 * @key: key from des3_ede_cmac_preparekey()
 * @data: the message
 * @len: its length
 * @out: the 8-byte MAC
 */
void des3_ede_cmac(const struct des3_ede_cmac_key *key, const u8 *data,
		   size_t len, u8 out[DES_BLOCK_SIZE])
{
	struct des3_ede_cmac_ctx ctx;

	des3_ede_cmac_init(&ctx, key);
	des3_ede_cmac_update(&ctx, data, len);
	des3_ede_cmac_final(&ctx, out);
}
EXPORT_SYMBOL_GPL(des3_ede_cmac);

MODULE_DESCRIPTION("DES and Triple DES EDE (legacy, for compatibility)");
MODULE_LICENSE("GPL");
