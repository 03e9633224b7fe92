// SPDX-License-Identifier: GPL-2.0
/*
 * ECB, CBC, CTR and XTS over any struct block128_cipher.
 *
 * Everything that can run several blocks at once hands the cipher up to
 * BLOCK128_CHUNK blocks per call, so a cipher with a multi-block (SIMD or
 * bitsliced) implementation gets whole chunks; only CBC encryption is
 * inherently one block at a time.  Stack buffers holding data or key stream
 * are wiped before returning.
 */

#include <crypto/block128.h>
#include <crypto/camellia.h>
#include <crypto/utils.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "block128-cbc.h"

#define BLOCK128_CHUNK	16
#define CHUNK_BYTES	(BLOCK128_CHUNK * BLOCK128_SIZE)

/*
 * CBC encryption is one dependent block after another, and the generic
 * loop below takes the chaining value through memory and four calls per
 * block.  A cipher whose arch code can keep it in registers for a whole
 * message offers that here (block128-cbc.h says why not through struct
 * block128_cipher).
 */
static bool block128_cbc_encrypt_arch(const struct block128_cipher *c,
				      const void *ctx, u8 *dst, const u8 *src,
				      size_t nblocks, u8 *iv)
{
	if (c == &camellia_block128)
		return camellia_cbc_encrypt_blocks(ctx, dst, src, nblocks, iv);
	return false;
}

static void block128_ecb(const struct block128_cipher *c, const void *ctx,
			 u8 *dst, const u8 *src, size_t len, bool enc)
{
	if (WARN_ON_ONCE(len % BLOCK128_SIZE))
		return;
	if (enc)
		c->encrypt(ctx, dst, src, len / BLOCK128_SIZE);
	else
		c->decrypt(ctx, dst, src, len / BLOCK128_SIZE);
}

void block128_ecb_encrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len)
{
	block128_ecb(c, ctx, dst, src, len, true);
}
EXPORT_SYMBOL_GPL(block128_ecb_encrypt);

void block128_ecb_decrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len)
{
	block128_ecb(c, ctx, dst, src, len, false);
}
EXPORT_SYMBOL_GPL(block128_ecb_decrypt);

void block128_cbc_encrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len,
			  u8 iv[BLOCK128_SIZE])
{
	if (WARN_ON_ONCE(len % BLOCK128_SIZE))
		return;
	if (block128_cbc_encrypt_arch(c, ctx, dst, src, len / BLOCK128_SIZE,
				      iv))
		return;
	for (; len; len -= BLOCK128_SIZE) {
		crypto_xor(iv, src, BLOCK128_SIZE);
		c->encrypt(ctx, iv, iv, 1);
		memcpy(dst, iv, BLOCK128_SIZE);
		src += BLOCK128_SIZE;
		dst += BLOCK128_SIZE;
	}
}
EXPORT_SYMBOL_GPL(block128_cbc_encrypt);

void block128_cbc_decrypt(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t len,
			  u8 iv[BLOCK128_SIZE])
{
	u8 ct[CHUNK_BYTES], pt[CHUNK_BYTES];

	if (WARN_ON_ONCE(len % BLOCK128_SIZE))
		return;
	while (len) {
		size_t bytes = min_t(size_t, len, CHUNK_BYTES);

		/* Keep the ciphertext: @dst may be @src. */
		memcpy(ct, src, bytes);
		c->decrypt(ctx, pt, ct, bytes / BLOCK128_SIZE);
		crypto_xor_cpy(dst, pt, iv, BLOCK128_SIZE);
		crypto_xor_cpy(dst + BLOCK128_SIZE, pt + BLOCK128_SIZE, ct,
			       bytes - BLOCK128_SIZE);
		memcpy(iv, ct + bytes - BLOCK128_SIZE, BLOCK128_SIZE);
		src += bytes;
		dst += bytes;
		len -= bytes;
	}
	memzero_explicit(pt, sizeof(pt));
}
EXPORT_SYMBOL_GPL(block128_cbc_decrypt);

/* The counter block plus one, as a 128-bit big-endian number. */
static void ctr128_inc(u8 ctr[BLOCK128_SIZE])
{
	u64 lo = get_unaligned_be64(ctr + 8) + 1;

	put_unaligned_be64(lo, ctr + 8);
	if (!lo)
		put_unaligned_be64(get_unaligned_be64(ctr) + 1, ctr);
}

void block128_ctr_crypt(const struct block128_cipher *c, const void *ctx,
			u8 *dst, const u8 *src, size_t len,
			u8 ctr[BLOCK128_SIZE])
{
	u8 ks[CHUNK_BYTES];

	while (len) {
		size_t bytes = min_t(size_t, len, CHUNK_BYTES);
		size_t nblocks = DIV_ROUND_UP(bytes, BLOCK128_SIZE), i;

		for (i = 0; i < nblocks; i++) {
			memcpy(&ks[i * BLOCK128_SIZE], ctr, BLOCK128_SIZE);
			ctr128_inc(ctr);
		}
		c->encrypt(ctx, ks, ks, nblocks);
		crypto_xor_cpy(dst, src, ks, bytes);
		src += bytes;
		dst += bytes;
		len -= bytes;
	}
	memzero_explicit(ks, sizeof(ks));
}
EXPORT_SYMBOL_GPL(block128_ctr_crypt);

int block128_xts_check_key(const u8 *in_key, size_t key_len,
			   bool forbid_weak)
{
	size_t half = key_len / 2;

	if (key_len % 2)
		return -EINVAL;
	if (forbid_weak &&
	    !crypto_memneq(in_key, in_key + half, half))
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_GPL(block128_xts_check_key);

/* Multiply the tweak by x in GF(2^128), IEEE 1619 byte order. */
static void xts128_double(u8 t[BLOCK128_SIZE])
{
	u64 a = get_unaligned_le64(t), b = get_unaligned_le64(t + 8);

	put_unaligned_le64((b << 1) | (a >> 63), t + 8);
	put_unaligned_le64((a << 1) ^ ((u64)-(s64)(b >> 63) & 0x87), t);
}

/*
 * @nblocks blocks through the cipher between two XORs with successive
 * tweaks; @t is left at the tweak of the block after them.
 */
static void xts128_blocks(const struct block128_cipher *c, const void *ctx,
			  u8 *dst, const u8 *src, size_t nblocks,
			  u8 t[BLOCK128_SIZE], bool enc)
{
	u8 tws[CHUNK_BYTES], buf[CHUNK_BYTES];

	while (nblocks) {
		size_t n = min_t(size_t, nblocks, BLOCK128_CHUNK), i;

		for (i = 0; i < n; i++) {
			memcpy(tws + i * BLOCK128_SIZE, t, BLOCK128_SIZE);
			xts128_double(t);
		}
		crypto_xor_cpy(buf, src, tws, n * BLOCK128_SIZE);
		if (enc)
			c->encrypt(ctx, buf, buf, n);
		else
			c->decrypt(ctx, buf, buf, n);
		crypto_xor_cpy(dst, buf, tws, n * BLOCK128_SIZE);
		dst += n * BLOCK128_SIZE;
		src += n * BLOCK128_SIZE;
		nblocks -= n;
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(tws, sizeof(tws));
}

/*
 * Ciphertext stealing over the last whole block and a @tail of 1..15
 * bytes.  Encryption takes the tweaks in order T_m, T_m+1; decryption
 * swaps them, since its first step undoes the second encryption step.
 */
static void xts128_steal(const struct block128_cipher *c, const void *ctx,
			 u8 *dst, const u8 *src, size_t tail,
			 const u8 t[BLOCK128_SIZE], bool enc)
{
	u8 tw[2][BLOCK128_SIZE], blk[2][BLOCK128_SIZE];
	u8 scratch[BLOCK128_SIZE];

	memcpy(tw[!enc], t, BLOCK128_SIZE);
	memcpy(tw[enc], t, BLOCK128_SIZE);
	xts128_double(tw[enc]);
	/* blk[0]: the whole block through the first tweak */
	memcpy(scratch, tw[0], BLOCK128_SIZE);
	xts128_blocks(c, ctx, blk[0], src, 1, scratch, enc);
	/* blk[1]: the tail padded with the stolen bytes, second tweak */
	memcpy(blk[1], src + BLOCK128_SIZE, tail);
	memcpy(blk[1] + tail, blk[0] + tail, BLOCK128_SIZE - tail);
	memcpy(scratch, tw[1], BLOCK128_SIZE);
	xts128_blocks(c, ctx, blk[1], blk[1], 1, scratch, enc);
	memcpy(dst + BLOCK128_SIZE, blk[0], tail);
	memcpy(dst, blk[1], BLOCK128_SIZE);
	memzero_explicit(blk, sizeof(blk));
	memzero_explicit(tw, sizeof(tw));
	memzero_explicit(scratch, sizeof(scratch));
}

static void block128_xts(const struct block128_cipher *c, const void *ctx,
			 const void *tweak_ctx, u8 *dst, const u8 *src,
			 size_t len, u8 tweak[BLOCK128_SIZE], bool cont,
			 bool enc)
{
	size_t tail = len % BLOCK128_SIZE;
	size_t nblocks = len / BLOCK128_SIZE - (tail ? 1 : 0);

	if (WARN_ON_ONCE(len < BLOCK128_SIZE))
		return;
	if (!cont)
		c->encrypt(tweak_ctx, tweak, tweak, 1);
	xts128_blocks(c, ctx, dst, src, nblocks, tweak, enc);
	if (tail)
		xts128_steal(c, ctx, dst + nblocks * BLOCK128_SIZE,
			     src + nblocks * BLOCK128_SIZE, tail, tweak, enc);
}

void block128_xts_encrypt(const struct block128_cipher *c, const void *ctx,
			  const void *tweak_ctx, u8 *dst, const u8 *src,
			  size_t len, u8 tweak[BLOCK128_SIZE], bool cont)
{
	block128_xts(c, ctx, tweak_ctx, dst, src, len, tweak, cont, true);
}
EXPORT_SYMBOL_GPL(block128_xts_encrypt);

void block128_xts_decrypt(const struct block128_cipher *c, const void *ctx,
			  const void *tweak_ctx, u8 *dst, const u8 *src,
			  size_t len, u8 tweak[BLOCK128_SIZE], bool cont)
{
	block128_xts(c, ctx, tweak_ctx, dst, src, len, tweak, cont, false);
}
EXPORT_SYMBOL_GPL(block128_xts_decrypt);

MODULE_DESCRIPTION("ECB, CBC, CTR and XTS for 128-bit block ciphers");
MODULE_LICENSE("GPL");
