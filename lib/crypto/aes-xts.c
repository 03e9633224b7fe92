// SPDX-License-Identifier: GPL-2.0
/*
 * AES-XTS (IEEE 1619-2018, NIST SP 800-38E) with ciphertext stealing.
 *
 * Block i is C_i = E_K1(P_i ^ T_i) ^ T_i with T_0 = E_K2(IV) and
 * T_{i+1} = T_i * x in GF(2^128), little-endian.  A message whose length
 * is not a multiple of 16 steals the tail of the last full ciphertext
 * block, in the order the kernel's xts template (and IEEE 1619) uses.
 *
 * The generic code XORs the tweaks around the ECB functions, so it picks up
 * whatever ECB implementation the CPU has; $(SRCARCH)/aes-xts.h can take
 * over the whole operation.
 */

#include <crypto/aes-ecb.h>
#include <crypto/aes-xts.h>
#include <crypto/utils.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define XTS_CHUNK_BLOCKS	8

int aes_xts_preparekey(struct aes_xts_key *key, const u8 *in_key,
		       size_t key_len, int flags)
{
	size_t half = key_len / 2;
	int err;

	if (key_len % 2 || aes_check_keylen(half))
		return -EINVAL;
	if ((flags & XTS_FORBID_WEAK_KEYS) &&
	    !crypto_memneq(in_key, in_key + half, half))
		return -EINVAL;
	err = aes_preparekey(&key->main_key, in_key, half);
	if (!err)
		err = aes_prepareenckey(&key->tweak_key, in_key + half, half);
	return err;
}
EXPORT_SYMBOL_GPL(aes_xts_preparekey);

/* T * x in GF(2^128), IEEE 1619 (little-endian) convention. */
static inline void xts_mul_x(u8 t[AES_BLOCK_SIZE])
{
	u64 lo = get_unaligned_le64(t), hi = get_unaligned_le64(t + 8);
	u64 red = (u64)-(s64)(hi >> 63) & 0x87;

	put_unaligned_le64((lo << 1) ^ red, t);
	put_unaligned_le64((hi << 1) | (lo >> 63), t + 8);
}

/*
 * Whole blocks: tweak-XOR, ECB, tweak-XOR, a chunk at a time.  @t is the
 * running tweak, advanced past every block.
 */
static void xts_crypt_blocks(u8 *dst, const u8 *src, size_t nblocks,
			     u8 t[AES_BLOCK_SIZE],
			     const struct aes_xts_key *key, bool enc)
{
	u8 tw[XTS_CHUNK_BLOCKS * AES_BLOCK_SIZE];
	u8 buf[XTS_CHUNK_BLOCKS * AES_BLOCK_SIZE];

	while (nblocks) {
		size_t n = min_t(size_t, nblocks, XTS_CHUNK_BLOCKS);
		size_t bytes = n * AES_BLOCK_SIZE, i;

		for (i = 0; i < n; i++) {
			memcpy(&tw[i * AES_BLOCK_SIZE], t, AES_BLOCK_SIZE);
			xts_mul_x(t);
		}
		crypto_xor_cpy(buf, src, tw, bytes);
		if (enc)
			aes_ecb_encrypt(buf, buf, bytes, &key->main_key);
		else
			aes_ecb_decrypt(buf, buf, bytes, &key->main_key);
		crypto_xor_cpy(dst, buf, tw, bytes);
		src += bytes;
		dst += bytes;
		nblocks -= n;
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(tw, sizeof(tw));
}

static void xts_one_block(u8 blk[AES_BLOCK_SIZE], const u8 t[AES_BLOCK_SIZE],
			  const struct aes_xts_key *key, bool enc)
{
	crypto_xor(blk, t, AES_BLOCK_SIZE);
	if (enc)
		aes_encrypt(&key->main_key, blk, blk);
	else
		aes_decrypt(&key->main_key, blk, blk);
	crypto_xor(blk, t, AES_BLOCK_SIZE);
}

/*
 * The last full block m and the tail of @tail bytes (1..15).  Encryption:
 * CC = XTS(P_m, T_m); C_m = XTS(P_tail || CC[tail..], T_{m+1}); the output
 * tail is CC[0..tail).  Decryption runs the same steps with the two
 * tweaks swapped.
 */
static void xts_cts(u8 *dst, const u8 *src, size_t tail,
		    u8 t[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		    bool enc)
{
	u8 t_next[AES_BLOCK_SIZE], cc[AES_BLOCK_SIZE], pp[AES_BLOCK_SIZE];
	const u8 *first = t, *second = t_next;

	memcpy(t_next, t, AES_BLOCK_SIZE);
	xts_mul_x(t_next);
	if (!enc) {
		first = t_next;
		second = t;
	}
	memcpy(cc, src, AES_BLOCK_SIZE);
	xts_one_block(cc, first, key, enc);
	memcpy(pp, src + AES_BLOCK_SIZE, tail);	/* read before any write */
	memcpy(pp + tail, cc + tail, AES_BLOCK_SIZE - tail);
	xts_one_block(pp, second, key, enc);
	memcpy(dst + AES_BLOCK_SIZE, cc, tail);
	memcpy(dst, pp, AES_BLOCK_SIZE);
	memzero_explicit(cc, sizeof(cc));
	memzero_explicit(pp, sizeof(pp));
	memzero_explicit(t_next, sizeof(t_next));
}

#ifdef CONFIG_CRYPTO_LIB_AES_ARCH
#include "aes-xts.h" /* $(SRCARCH)/aes-xts.h */
#endif

/*
 * Arch hook: the whole operation on an already encrypted tweak, @len >= 16.
 * Returns false to let the generic code run.
 */
#ifndef aes_xts_crypt_arch
static bool aes_xts_crypt_arch(u8 *dst, const u8 *src, size_t len,
			       u8 tweak[AES_BLOCK_SIZE],
			       const struct aes_xts_key *key, bool enc)
{
	return false;
}
#endif

static void aes_xts_crypt(u8 *dst, const u8 *src, size_t len,
			  u8 tweak[AES_BLOCK_SIZE],
			  const struct aes_xts_key *key, bool cont, bool enc)
{
	size_t tail = len % AES_BLOCK_SIZE;
	size_t nblocks = len / AES_BLOCK_SIZE;

	if (WARN_ON_ONCE(len < AES_BLOCK_SIZE))
		return;
	if (!cont)
		aes_encrypt(&key->tweak_key, tweak, tweak);
	if (aes_xts_crypt_arch(dst, src, len, tweak, key, enc))
		return;
	if (tail)
		nblocks--;	/* the last full block goes with the tail */
	xts_crypt_blocks(dst, src, nblocks, tweak, key, enc);
	if (tail)
		xts_cts(dst + nblocks * AES_BLOCK_SIZE,
			src + nblocks * AES_BLOCK_SIZE, tail, tweak, key, enc);
}

void aes_xts_encrypt(u8 *dst, const u8 *src, size_t len,
		     u8 tweak[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		     bool cont)
{
	aes_xts_crypt(dst, src, len, tweak, key, cont, true);
}
EXPORT_SYMBOL_GPL(aes_xts_encrypt);

void aes_xts_decrypt(u8 *dst, const u8 *src, size_t len,
		     u8 tweak[AES_BLOCK_SIZE], const struct aes_xts_key *key,
		     bool cont)
{
	aes_xts_crypt(dst, src, len, tweak, key, cont, false);
}
EXPORT_SYMBOL_GPL(aes_xts_decrypt);

#ifdef aes_xts_mod_init_arch
static int __init aes_xts_mod_init(void)
{
	aes_xts_mod_init_arch();
	return 0;
}
subsys_initcall(aes_xts_mod_init);
#endif

MODULE_DESCRIPTION("AES-XTS library functions");
MODULE_LICENSE("GPL");
