// SPDX-License-Identifier: GPL-2.0
/*
 * AES-GCM (NIST SP 800-38D): CTR mode with a 32-bit block counter, and a
 * GHASH tag over the associated data, the ciphertext and their lengths.
 * Also GMAC (no data), IVs of any length, RFC 4106, and the 6.12 aesgcm_*()
 * interface.
 *
 * CTR runs through aes_ctr() and GHASH through ghash_update(), so GCM uses
 * whatever arch code those two have; it has no arch code of its own.
 */

#include <crypto/aes-ctr.h>
#include <crypto/aes-gcm.h>
#include <crypto/gcm.h>
#include <crypto/utils.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

/*
 * Blocks per CTR/GHASH round trip in aes_gcm_blocks(): 4 KiB, large enough
 * to amortise the calls into the SIMD code, small enough to stay in L1.
 */
#define GCM_CHUNK_BLOCKS	256

static const u8 gcm_zeroes[GHASH_BLOCK_SIZE];

static inline void gcm_inc32(u8 ctr[AES_BLOCK_SIZE])
{
	put_unaligned_be32(get_unaligned_be32(ctr + 12) + 1, ctr + 12);
}

/*
 * CTR over whole blocks with GCM's counter: only the last 32 bits step,
 * wrapping without carry.  aes_ctr() steps 128 bits, so split the run
 * where the low word wraps and put the upper 96 bits back.
 */
static void gcm_ctr32(const struct aes_enckey *key, u8 *dst, const u8 *src,
		      size_t nblocks, u8 ctr[AES_BLOCK_SIZE])
{
	while (nblocks) {
		u64 room = 0x100000000ULL - get_unaligned_be32(ctr + 12);
		size_t n = min_t(u64, nblocks, room);
		u8 upper[12];

		memcpy(upper, ctr, sizeof(upper));
		aes_ctr(dst, src, n * AES_BLOCK_SIZE, ctr, key);
		memcpy(ctr, upper, sizeof(upper));	/* undo any carry */
		src += n * AES_BLOCK_SIZE;
		dst += n * AES_BLOCK_SIZE;
		nblocks -= n;
	}
}

static void aes_gcm_blocks(const struct aes_gcm_key *key,
			   struct ghash_ctx *ghash, u8 ctr[AES_BLOCK_SIZE],
			   u8 *dst, const u8 *src, size_t nblocks, bool enc)
{
	while (nblocks) {
		size_t n = min_t(size_t, nblocks, GCM_CHUNK_BLOCKS);
		size_t bytes = n * AES_BLOCK_SIZE;

		/* Hash the ciphertext: before decrypting it (in place!). */
		if (!enc)
			ghash_update(ghash, src, bytes);
		gcm_ctr32(&key->aes, dst, src, n, ctr);
		if (enc)
			ghash_update(ghash, dst, bytes);
		src += bytes;
		dst += bytes;
		nblocks -= n;
	}
}

int aes_gcm_preparekey(struct aes_gcm_key *key, const u8 *in_key,
		       size_t key_len, size_t authtag_len)
{
	u8 h[AES_BLOCK_SIZE] = {};
	int err;

	if (crypto_gcm_check_authsize(authtag_len))
		return -EINVAL;
	err = aes_prepareenckey(&key->aes, in_key, key_len);
	if (err)
		return err;
	aes_encrypt(&key->aes, h, h);
	ghash_preparekey(&key->ghash, h);
	key->authtag_len = authtag_len;
	memzero_explicit(h, sizeof(h));
	return 0;
}
EXPORT_SYMBOL_GPL(aes_gcm_preparekey);

/* Common start from the pre-counter block J0. */
static void aes_gcm_start(struct aes_gcm_ctx *ctx, const u8 j0[AES_BLOCK_SIZE],
			  const struct aes_gcm_key *key)
{
	ctx->key = key;
	ghash_init(&ctx->ghash, &key->ghash);
	memcpy(ctx->ctr, j0, AES_BLOCK_SIZE);
	aes_encrypt(&key->aes, ctx->j0_enc, ctx->ctr);
	gcm_inc32(ctx->ctr);
	ctx->ad_len = 0;
	ctx->data_len = 0;
}

void aes_gcm_init(struct aes_gcm_ctx *ctx, const u8 nonce[GCM_AES_IV_SIZE],
		  const struct aes_gcm_key *key)
{
	u8 j0[AES_BLOCK_SIZE];

	memcpy(j0, nonce, GCM_AES_IV_SIZE);
	put_unaligned_be32(1, j0 + GCM_AES_IV_SIZE);
	aes_gcm_start(ctx, j0, key);
}
EXPORT_SYMBOL_GPL(aes_gcm_init);

int aes_gcm_init_iv(struct aes_gcm_ctx *ctx, const u8 *iv, size_t iv_len,
		    const struct aes_gcm_key *key)
{
	struct ghash_ctx g;
	u8 j0[AES_BLOCK_SIZE];

	if (!iv_len)
		return -EINVAL;
	if (iv_len == GCM_AES_IV_SIZE) {
		aes_gcm_init(ctx, iv, key);
		return 0;
	}
	/* J0 = GHASH(IV || 0-pad to a block || 0^64 || [len(IV) in bits]64) */
	ghash_init(&g, &key->ghash);
	ghash_update(&g, iv, iv_len);
	if (g.partial)
		ghash_update(&g, gcm_zeroes, GHASH_BLOCK_SIZE - g.partial);
	memset(j0, 0, 8);
	put_unaligned_be64((u64)iv_len * 8, j0 + 8);
	ghash_update(&g, j0, AES_BLOCK_SIZE);
	ghash_final(&g, j0);
	aes_gcm_start(ctx, j0, key);
	return 0;
}
EXPORT_SYMBOL_GPL(aes_gcm_init_iv);

void aes_gcm_auth_update(struct aes_gcm_ctx *ctx, const u8 *ad, size_t len)
{
	ghash_update(&ctx->ghash, ad, len);
	ctx->ad_len += len;
}
EXPORT_SYMBOL_GPL(aes_gcm_auth_update);

/* Zero-pad the GHASH input to a block boundary. */
static void aes_gcm_pad(struct aes_gcm_ctx *ctx)
{
	if (ctx->ghash.partial)
		ghash_update(&ctx->ghash, gcm_zeroes,
			     GHASH_BLOCK_SIZE - ctx->ghash.partial);
}

static void aes_gcm_crypt_update(struct aes_gcm_ctx *ctx, u8 *dst,
				 const u8 *src, size_t len, bool enc)
{
	size_t pos = ctx->data_len % AES_BLOCK_SIZE;
	size_t nblocks;

	if (!len)
		return;
	if (!ctx->data_len)
		aes_gcm_pad(ctx);	/* end of the associated data */
	ctx->data_len += len;

	/* Finish a partial block with the buffered keystream. */
	if (pos) {
		size_t n = min(len, AES_BLOCK_SIZE - pos);

		if (!enc)
			ghash_update(&ctx->ghash, src, n);
		crypto_xor_cpy(dst, src, &ctx->keystream[pos], n);
		if (enc)
			ghash_update(&ctx->ghash, dst, n);
		src += n;
		dst += n;
		len -= n;
	}

	nblocks = len / AES_BLOCK_SIZE;
	if (nblocks) {
		aes_gcm_blocks(ctx->key, &ctx->ghash, ctx->ctr, dst, src,
			       nblocks, enc);
		src += nblocks * AES_BLOCK_SIZE;
		dst += nblocks * AES_BLOCK_SIZE;
		len -= nblocks * AES_BLOCK_SIZE;
	}

	/* Start a partial block; keep its keystream for the next call. */
	if (len) {
		aes_encrypt(&ctx->key->aes, ctx->keystream, ctx->ctr);
		gcm_inc32(ctx->ctr);
		if (!enc)
			ghash_update(&ctx->ghash, src, len);
		crypto_xor_cpy(dst, src, ctx->keystream, len);
		if (enc)
			ghash_update(&ctx->ghash, dst, len);
	}
}

void aes_gcm_encrypt_update(struct aes_gcm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len)
{
	aes_gcm_crypt_update(ctx, dst, src, len, true);
}
EXPORT_SYMBOL_GPL(aes_gcm_encrypt_update);

void aes_gcm_decrypt_update(struct aes_gcm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len)
{
	aes_gcm_crypt_update(ctx, dst, src, len, false);
}
EXPORT_SYMBOL_GPL(aes_gcm_decrypt_update);

/* The full 16-byte tag: GHASH(...|| lengths) ^ E(J0). */
static void aes_gcm_tag(struct aes_gcm_ctx *ctx, u8 tag[AES_BLOCK_SIZE])
{
	u8 lens[GHASH_BLOCK_SIZE];

	aes_gcm_pad(ctx);
	put_unaligned_be64(ctx->ad_len * 8, lens);
	put_unaligned_be64(ctx->data_len * 8, lens + 8);
	ghash_update(&ctx->ghash, lens, sizeof(lens));
	ghash_final(&ctx->ghash, tag);
	crypto_xor(tag, ctx->j0_enc, AES_BLOCK_SIZE);
}

void aes_gcm_encrypt_final(struct aes_gcm_ctx *ctx, u8 *authtag)
{
	u8 tag[AES_BLOCK_SIZE];

	aes_gcm_tag(ctx, tag);
	memcpy(authtag, tag, ctx->key->authtag_len);
	memzero_explicit(tag, sizeof(tag));
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(aes_gcm_encrypt_final);

int aes_gcm_decrypt_final(struct aes_gcm_ctx *ctx, const u8 *authtag)
{
	u8 tag[AES_BLOCK_SIZE];
	int err = 0;

	aes_gcm_tag(ctx, tag);
	if (crypto_memneq(tag, authtag, ctx->key->authtag_len))
		err = -EBADMSG;
	memzero_explicit(tag, sizeof(tag));
	memzero_explicit(ctx, sizeof(*ctx));
	return err;
}
EXPORT_SYMBOL_GPL(aes_gcm_decrypt_final);

static void aes_gcm_encrypt_ctx(struct aes_gcm_ctx *ctx, u8 *dst,
				const u8 *src, size_t data_len, u8 *authtag,
				const u8 *ad, size_t ad_len)
{
	aes_gcm_auth_update(ctx, ad, ad_len);
	aes_gcm_encrypt_update(ctx, dst, src, data_len);
	aes_gcm_encrypt_final(ctx, authtag);
}

/*
 * Decrypt in one pass, then check the tag; on a mismatch the plaintext
 * written so far is wiped before returning.
 */
static int aes_gcm_decrypt_ctx(struct aes_gcm_ctx *ctx, u8 *dst,
			       const u8 *src, size_t data_len,
			       const u8 *authtag, const u8 *ad, size_t ad_len)
{
	int err;

	aes_gcm_auth_update(ctx, ad, ad_len);
	aes_gcm_decrypt_update(ctx, dst, src, data_len);
	err = aes_gcm_decrypt_final(ctx, authtag);
	if (err && data_len)
		memzero_explicit(dst, data_len);
	return err;
}

void aes_gcm_encrypt(u8 *dst, const u8 *src, size_t data_len, u8 *authtag,
		     const u8 *ad, size_t ad_len,
		     const u8 nonce[GCM_AES_IV_SIZE],
		     const struct aes_gcm_key *key)
{
	struct aes_gcm_ctx ctx;

	aes_gcm_init(&ctx, nonce, key);
	aes_gcm_encrypt_ctx(&ctx, dst, src, data_len, authtag, ad, ad_len);
}
EXPORT_SYMBOL_GPL(aes_gcm_encrypt);

int aes_gcm_decrypt(u8 *dst, const u8 *src, size_t data_len,
		    const u8 *authtag, const u8 *ad, size_t ad_len,
		    const u8 nonce[GCM_AES_IV_SIZE],
		    const struct aes_gcm_key *key)
{
	struct aes_gcm_ctx ctx;

	aes_gcm_init(&ctx, nonce, key);
	return aes_gcm_decrypt_ctx(&ctx, dst, src, data_len, authtag, ad,
				   ad_len);
}
EXPORT_SYMBOL_GPL(aes_gcm_decrypt);

int aes_gcm_encrypt_iv(u8 *dst, const u8 *src, size_t data_len, u8 *authtag,
		       const u8 *ad, size_t ad_len, const u8 *iv,
		       size_t iv_len, const struct aes_gcm_key *key)
{
	struct aes_gcm_ctx ctx;
	int err;

	err = aes_gcm_init_iv(&ctx, iv, iv_len, key);
	if (err)
		return err;
	aes_gcm_encrypt_ctx(&ctx, dst, src, data_len, authtag, ad, ad_len);
	return 0;
}
EXPORT_SYMBOL_GPL(aes_gcm_encrypt_iv);

int aes_gcm_decrypt_iv(u8 *dst, const u8 *src, size_t data_len,
		       const u8 *authtag, const u8 *ad, size_t ad_len,
		       const u8 *iv, size_t iv_len,
		       const struct aes_gcm_key *key)
{
	struct aes_gcm_ctx ctx;
	int err;

	err = aes_gcm_init_iv(&ctx, iv, iv_len, key);
	if (err)
		return err;
	return aes_gcm_decrypt_ctx(&ctx, dst, src, data_len, authtag, ad,
				   ad_len);
}
EXPORT_SYMBOL_GPL(aes_gcm_decrypt_iv);

int aes_rfc4106_preparekey(struct aes_rfc4106_key *key, const u8 *in_key,
			   size_t key_len, size_t authtag_len)
{
	int err;

	if (key_len < sizeof(key->salt) ||
	    crypto_rfc4106_check_authsize(authtag_len))
		return -EINVAL;
	key_len -= sizeof(key->salt);
	err = aes_gcm_preparekey(&key->gcm, in_key, key_len, authtag_len);
	if (err)
		return err;
	memcpy(key->salt, in_key + key_len, sizeof(key->salt));
	return 0;
}
EXPORT_SYMBOL_GPL(aes_rfc4106_preparekey);

static void rfc4106_nonce(u8 nonce[GCM_AES_IV_SIZE],
			  const struct aes_rfc4106_key *key,
			  const u8 iv[GCM_RFC4106_IV_SIZE])
{
	memcpy(nonce, key->salt, sizeof(key->salt));
	memcpy(nonce + sizeof(key->salt), iv, GCM_RFC4106_IV_SIZE);
}

void aes_rfc4106_encrypt(u8 *dst, const u8 *src, size_t data_len,
			 u8 *authtag, const u8 *ad, size_t ad_len,
			 const u8 iv[GCM_RFC4106_IV_SIZE],
			 const struct aes_rfc4106_key *key)
{
	u8 nonce[GCM_AES_IV_SIZE];

	rfc4106_nonce(nonce, key, iv);
	aes_gcm_encrypt(dst, src, data_len, authtag, ad, ad_len, nonce,
			&key->gcm);
}
EXPORT_SYMBOL_GPL(aes_rfc4106_encrypt);

int aes_rfc4106_decrypt(u8 *dst, const u8 *src, size_t data_len,
			const u8 *authtag, const u8 *ad, size_t ad_len,
			const u8 iv[GCM_RFC4106_IV_SIZE],
			const struct aes_rfc4106_key *key)
{
	u8 nonce[GCM_AES_IV_SIZE];

	rfc4106_nonce(nonce, key, iv);
	return aes_gcm_decrypt(dst, src, data_len, authtag, ad, ad_len, nonce,
			       &key->gcm);
}
EXPORT_SYMBOL_GPL(aes_rfc4106_decrypt);

int aes_rfc4543_preparekey(struct aes_rfc4106_key *key, const u8 *in_key,
			   size_t key_len)
{
	return aes_rfc4106_preparekey(key, in_key, key_len, AES_BLOCK_SIZE);
}
EXPORT_SYMBOL_GPL(aes_rfc4543_preparekey);

/* GMAC: GCM with everything as associated data and nothing encrypted */
void aes_rfc4543_sign(u8 authtag[AES_BLOCK_SIZE], const u8 *ad,
		      size_t ad_len, const u8 iv[GCM_RFC4543_IV_SIZE],
		      const struct aes_rfc4106_key *key)
{
	u8 none[1] = {};

	aes_rfc4106_encrypt(none, none, 0, authtag, ad, ad_len, iv, key);
}
EXPORT_SYMBOL_GPL(aes_rfc4543_sign);

int aes_rfc4543_verify(const u8 authtag[AES_BLOCK_SIZE], const u8 *ad,
		       size_t ad_len, const u8 iv[GCM_RFC4543_IV_SIZE],
		       const struct aes_rfc4106_key *key)
{
	u8 none[1] = {};

	return aes_rfc4106_decrypt(none, none, 0, authtag, ad, ad_len, iv, key);
}
EXPORT_SYMBOL_GPL(aes_rfc4543_verify);

/*
 * The 6.12 interface.  Its context holds the old-style key schedule and H;
 * each call builds a struct aes_gcm_key from them (the round keys are in
 * the same layout) and wipes it afterwards.
 */
int aesgcm_expandkey(struct aesgcm_ctx *ctx, const u8 *key,
		     unsigned int keysize, unsigned int authsize)
{
	u8 h[AES_BLOCK_SIZE] = {};
	int err;

	if (crypto_gcm_check_authsize(authsize))
		return -EINVAL;
	err = aes_expandkey(&ctx->aes_ctx, key, keysize);
	if (err)
		return err;
	aes_encrypt(&ctx->aes_ctx, h, h);
	memcpy(&ctx->ghash_key, h, sizeof(h));
	ctx->authsize = authsize;
	memzero_explicit(h, sizeof(h));
	return 0;
}
EXPORT_SYMBOL(aesgcm_expandkey);

static void aesgcm_key_from_ctx(struct aes_gcm_key *k,
				const struct aesgcm_ctx *ctx)
{
	u32 nrounds = 6 + ctx->aes_ctx.key_length / 4;

	k->aes.len = ctx->aes_ctx.key_length;
	k->aes.nrounds = nrounds;
	memcpy(k->aes.k.rndkeys, ctx->aes_ctx.key_enc,
	       4 * sizeof(u32) * (nrounds + 1));
	ghash_preparekey(&k->ghash, (const u8 *)&ctx->ghash_key);
	k->authtag_len = ctx->authsize;
}

void aesgcm_encrypt(const struct aesgcm_ctx *ctx, u8 *dst, const u8 *src,
		    int crypt_len, const u8 *assoc, int assoc_len,
		    const u8 iv[GCM_AES_IV_SIZE], u8 *authtag)
{
	struct aes_gcm_key k;

	aesgcm_key_from_ctx(&k, ctx);
	aes_gcm_encrypt(dst, src, crypt_len, authtag, assoc, assoc_len, iv, &k);
	memzero_explicit(&k, sizeof(k));
}
EXPORT_SYMBOL(aesgcm_encrypt);

bool aesgcm_decrypt(const struct aesgcm_ctx *ctx, u8 *dst, const u8 *src,
		    int crypt_len, const u8 *assoc, int assoc_len,
		    const u8 iv[GCM_AES_IV_SIZE], const u8 *authtag)
{
	struct aes_gcm_key k;
	int err;

	aesgcm_key_from_ctx(&k, ctx);
	err = aes_gcm_decrypt(dst, src, crypt_len, authtag, assoc, assoc_len,
			      iv, &k);
	memzero_explicit(&k, sizeof(k));
	return !err;
}
EXPORT_SYMBOL(aesgcm_decrypt);

MODULE_DESCRIPTION("AES-GCM library functions");
MODULE_LICENSE("GPL");
