// SPDX-License-Identifier: GPL-2.0
/*
 * HCTR2 over AES, composed as the kernel's hctr2 template composes it, and
 * XCTR.
 *
 * A message of at least 16 bytes is split into its first block M and the
 * rest N.  With hbar = E_K(0), L = E_K(1) and H(T, X) = POLYVAL_hbar of a
 * tweak-length block, the 32-byte tweak T and X padded with 1, 0... when
 * its length is not a multiple of 16:
 *
 *	MM = M ^ H(T, N)
 *	UU = E_K(MM)
 *	U  = XCTR_K(S = MM ^ UU ^ L) applied to N
 *	V  = UU ^ H(T, U)
 *
 * and the ciphertext is V || U.  Decryption swaps the roles of the two
 * halves and uses D_K for the one-block step.  XCTR encrypts IV ^ le(i)
 * for i = 1, 2, ... through aes_ecb_encrypt(), so AES arch code applies.
 */

#include <crypto/aes-ecb.h>
#include <crypto/hctr2.h>
#include <crypto/utils.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define XCTR_CHUNK_BLOCKS	8

void aes_xctr(u8 *dst, const u8 *src, size_t len,
	      const u8 iv[AES_BLOCK_SIZE], aes_encrypt_arg key)
{
	u8 ks[XCTR_CHUNK_BLOCKS * AES_BLOCK_SIZE];
	u32 ctr = 1;

	while (len) {
		size_t bytes = min_t(size_t, len, sizeof(ks));
		size_t n = DIV_ROUND_UP(bytes, AES_BLOCK_SIZE), i;

		for (i = 0; i < n; i++, ctr++) {
			u8 *b = &ks[i * AES_BLOCK_SIZE];

			memcpy(b, iv, AES_BLOCK_SIZE);
			put_unaligned_le32(get_unaligned_le32(b) ^ ctr, b);
		}
		aes_ecb_encrypt(ks, ks, n * AES_BLOCK_SIZE, key);
		crypto_xor_cpy(dst, src, ks, bytes);
		dst += bytes;
		src += bytes;
		len -= bytes;
	}
	memzero_explicit(ks, sizeof(ks));
}
EXPORT_SYMBOL_GPL(aes_xctr);

int hctr2_setkey(struct hctr2_key *key, const u8 *in_key, size_t key_len)
{
	u8 blk[AES_BLOCK_SIZE] = {};
	struct polyval_ctx ctx;
	int err, rem;

	err = aes_preparekey(&key->aes, in_key, key_len);
	if (err)
		return err;
	aes_encrypt(&key->aes, blk, blk);		/* hbar */
	polyval_preparekey(&key->polyval, blk);
	memset(key->l, 0, sizeof(key->l));
	key->l[0] = 1;
	aes_encrypt(&key->aes, key->l, key->l);		/* L */
	/* The first POLYVAL block: the tweak length in bits * 2, + 2 + pad */
	for (rem = 0; rem < 2; rem++) {
		memset(blk, 0, sizeof(blk));
		put_unaligned_le64(HCTR2_TWEAK_SIZE * 8 * 2 + 2 + rem, blk);
		polyval_init(&ctx, &key->polyval);
		polyval_update(&ctx, blk, sizeof(blk));
		polyval_export_blkaligned(&ctx, &key->tweaklen_acc[rem]);
	}
	memzero_explicit(blk, sizeof(blk));
	memzero_explicit(&ctx, sizeof(ctx));
	return 0;
}
EXPORT_SYMBOL_GPL(hctr2_setkey);

/* XOR H(T, @bulk) into @out. */
static void hctr2_hash_xor(const struct hctr2_key *key,
			   const u8 tweak[HCTR2_TWEAK_SIZE],
			   const u8 *bulk, size_t bulk_len,
			   u8 out[AES_BLOCK_SIZE])
{
	static const u8 pad[AES_BLOCK_SIZE] = { 1 };
	size_t rem = bulk_len % AES_BLOCK_SIZE;
	struct polyval_ctx ctx;
	u8 digest[POLYVAL_DIGEST_SIZE];

	polyval_import_blkaligned(&ctx, &key->polyval,
				  &key->tweaklen_acc[rem != 0]);
	polyval_update(&ctx, tweak, HCTR2_TWEAK_SIZE);
	polyval_update(&ctx, bulk, bulk_len);
	if (rem)
		polyval_update(&ctx, pad, AES_BLOCK_SIZE - rem);
	polyval_final(&ctx, digest);
	crypto_xor(out, digest, AES_BLOCK_SIZE);
	memzero_explicit(digest, sizeof(digest));
}

static void hctr2_crypt(const struct hctr2_key *key, u8 *dst, const u8 *src,
			size_t len, const u8 tweak[HCTR2_TWEAK_SIZE], bool enc)
{
	size_t bulk = len - AES_BLOCK_SIZE;
	u8 mm[AES_BLOCK_SIZE], uu[AES_BLOCK_SIZE], s[AES_BLOCK_SIZE];

	if (WARN_ON_ONCE(len < HCTR2_MIN_LEN))
		return;
	memcpy(mm, src, AES_BLOCK_SIZE);
	hctr2_hash_xor(key, tweak, src + AES_BLOCK_SIZE, bulk, mm);
	if (enc)
		aes_encrypt(&key->aes, uu, mm);
	else
		aes_decrypt(&key->aes, uu, mm);
	crypto_xor_cpy(s, mm, uu, AES_BLOCK_SIZE);
	crypto_xor(s, key->l, AES_BLOCK_SIZE);
	aes_xctr(dst + AES_BLOCK_SIZE, src + AES_BLOCK_SIZE, bulk, s,
		 &key->aes);
	hctr2_hash_xor(key, tweak, dst + AES_BLOCK_SIZE, bulk, uu);
	memcpy(dst, uu, AES_BLOCK_SIZE);
	memzero_explicit(mm, sizeof(mm));
	memzero_explicit(uu, sizeof(uu));
	memzero_explicit(s, sizeof(s));
}

void hctr2_encrypt(const struct hctr2_key *key, u8 *dst, const u8 *src,
		   size_t len, const u8 tweak[HCTR2_TWEAK_SIZE])
{
	hctr2_crypt(key, dst, src, len, tweak, true);
}
EXPORT_SYMBOL_GPL(hctr2_encrypt);

void hctr2_decrypt(const struct hctr2_key *key, u8 *dst, const u8 *src,
		   size_t len, const u8 tweak[HCTR2_TWEAK_SIZE])
{
	hctr2_crypt(key, dst, src, len, tweak, false);
}
EXPORT_SYMBOL_GPL(hctr2_decrypt);

MODULE_DESCRIPTION("HCTR2 and XCTR over AES");
MODULE_LICENSE("GPL");
