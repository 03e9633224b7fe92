// SPDX-License-Identifier: GPL-2.0
/*
 * AES-CCM (NIST SP 800-38C, RFC 3610): a CBC-MAC over a header block B0,
 * the length-prefixed associated data and the payload (each zero-padded to
 * a block), encrypted together with the payload in CTR mode; and the RFC
 * 4309 layout used by IPsec.
 *
 * With a nonce of n bytes the counter/length field is q = 15 - n bytes:
 *   B0 = flags || nonce || [payload length]q,
 *        flags = 64 * (AAD present) + 8 * (t - 2) / 2 + (q - 1)
 *   A_i = (q - 1) || nonce || [i]q;  tag = MSB_t(MAC) ^ MSB_t(E(A_0))
 */

#include <crypto/aes-cbc-macs.h>
#include <crypto/aes-ccm.h>
#include <crypto/aes-ctr.h>
#include <crypto/utils.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

int aes_ccm_preparekey(struct aes_ccm_key *key, const u8 *in_key,
		       size_t key_len, size_t authtag_len)
{
	if (authtag_len < 4 || authtag_len > 16 || authtag_len % 2)
		return -EINVAL;
	key->authtag_len = authtag_len;
	return aes_prepareenckey(&key->aes, in_key, key_len);
}
EXPORT_SYMBOL_GPL(aes_ccm_preparekey);

int aes_ccm_init(struct aes_ccm_ctx *ctx, u64 data_len, u64 ad_len,
		 const u8 *nonce, size_t nonce_len,
		 const struct aes_ccm_key *key)
{
	unsigned int q, i;
	u8 blk[AES_BLOCK_SIZE], hdr[10];
	size_t hdr_len;

	if (nonce_len < 7 || nonce_len > 13)
		return -EINVAL;
	q = 15 - nonce_len;	/* 2..8: the length field's size */
	if (q < 8 && (data_len >> (8 * q)))
		return -EOVERFLOW;

	ctx->key = key;
	ctx->ad_remaining = ad_len;
	ctx->data_remaining = data_len;
	ctx->data_done = 0;
	ctx->ad_padded = false;

	/* B0 starts the CBC-MAC. */
	blk[0] = (ad_len ? 0x40 : 0) | ((key->authtag_len - 2) / 2) << 3 |
		 (q - 1);
	memcpy(blk + 1, nonce, nonce_len);
	for (i = 0; i < q; i++)
		blk[15 - i] = i < 8 ? (u8)(data_len >> (8 * i)) : 0;
	aes_cbcmac_init(&ctx->mac, &key->aes);
	aes_cbcmac_update(&ctx->mac, blk, AES_BLOCK_SIZE);

	/* A0 gives the tag mask; the payload starts at A1. */
	memset(blk, 0, sizeof(blk));
	blk[0] = q - 1;
	memcpy(blk + 1, nonce, nonce_len);
	memcpy(ctx->ctr, blk, AES_BLOCK_SIZE);
	aes_encrypt(&key->aes, ctx->s0, blk);
	ctx->ctr[15] = 1;

	/* The AAD length prefix (SP 800-38C A.2.2). */
	if (ad_len) {
		if (ad_len < 0xff00) {
			put_unaligned_be16(ad_len, hdr);
			hdr_len = 2;
		} else if (ad_len <= 0xffffffffULL) {
			hdr[0] = 0xff;
			hdr[1] = 0xfe;
			put_unaligned_be32(ad_len, hdr + 2);
			hdr_len = 6;
		} else {
			hdr[0] = 0xff;
			hdr[1] = 0xff;
			put_unaligned_be64(ad_len, hdr + 2);
			hdr_len = 10;
		}
		aes_cbcmac_update(&ctx->mac, hdr, hdr_len);
	}
	memzero_explicit(blk, sizeof(blk));
	return 0;
}
EXPORT_SYMBOL_GPL(aes_ccm_init);

void aes_ccm_auth_update(struct aes_ccm_ctx *ctx, const u8 *ad, size_t len)
{
	WARN_ON_ONCE(len > ctx->ad_remaining || ctx->ad_padded);
	ctx->ad_remaining -= min_t(u64, len, ctx->ad_remaining);
	aes_cbcmac_update(&ctx->mac, ad, len);
}
EXPORT_SYMBOL_GPL(aes_ccm_auth_update);

/* Close the associated data: zero-pad it to a block (once). */
static void aes_ccm_pad_ad(struct aes_ccm_ctx *ctx)
{
	if (ctx->ad_padded)
		return;
	ctx->ad_padded = true;
	if (ctx->mac.partial_len) {
		aes_encrypt(ctx->mac.key, ctx->mac.h, ctx->mac.h);
		ctx->mac.partial_len = 0;
	}
}

/* CTR over the payload, keeping the keystream of a partial block. */
static void aes_ccm_ctr(struct aes_ccm_ctx *ctx, u8 *dst, const u8 *src,
			size_t len)
{
	size_t pos = ctx->data_done % AES_BLOCK_SIZE, whole;

	ctx->data_done += len;
	if (pos) {
		size_t n = min(len, AES_BLOCK_SIZE - pos);

		crypto_xor_cpy(dst, src, &ctx->keystream[pos], n);
		src += n;
		dst += n;
		len -= n;
	}
	whole = round_down(len, AES_BLOCK_SIZE);
	if (whole)
		aes_ctr(dst, src, whole, ctx->ctr, &ctx->key->aes);
	if (len > whole) {
		memset(ctx->keystream, 0, AES_BLOCK_SIZE);
		aes_ctr(ctx->keystream, ctx->keystream, AES_BLOCK_SIZE,
			ctx->ctr, &ctx->key->aes);
		crypto_xor_cpy(dst + whole, src + whole, ctx->keystream,
			       len - whole);
	}
}

void aes_ccm_encrypt_update(struct aes_ccm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len)
{
	WARN_ON_ONCE(len > ctx->data_remaining);
	ctx->data_remaining -= min_t(u64, len, ctx->data_remaining);
	aes_ccm_pad_ad(ctx);
	aes_cbcmac_update(&ctx->mac, src, len);	/* before an in-place write */
	aes_ccm_ctr(ctx, dst, src, len);
}
EXPORT_SYMBOL_GPL(aes_ccm_encrypt_update);

void aes_ccm_decrypt_update(struct aes_ccm_ctx *ctx, u8 *dst, const u8 *src,
			    size_t len)
{
	WARN_ON_ONCE(len > ctx->data_remaining);
	ctx->data_remaining -= min_t(u64, len, ctx->data_remaining);
	aes_ccm_pad_ad(ctx);
	aes_ccm_ctr(ctx, dst, src, len);
	aes_cbcmac_update(&ctx->mac, dst, len);
}
EXPORT_SYMBOL_GPL(aes_ccm_decrypt_update);

static void aes_ccm_tag(struct aes_ccm_ctx *ctx, u8 tag[AES_BLOCK_SIZE])
{
	WARN_ON_ONCE(ctx->ad_remaining || ctx->data_remaining);
	aes_ccm_pad_ad(ctx);
	aes_cbcmac_final(&ctx->mac, tag);
	crypto_xor(tag, ctx->s0, AES_BLOCK_SIZE);
}

void aes_ccm_encrypt_final(struct aes_ccm_ctx *ctx, u8 *authtag)
{
	u8 tag[AES_BLOCK_SIZE];

	aes_ccm_tag(ctx, tag);
	memcpy(authtag, tag, ctx->key->authtag_len);
	memzero_explicit(tag, sizeof(tag));
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(aes_ccm_encrypt_final);

int aes_ccm_decrypt_final(struct aes_ccm_ctx *ctx, const u8 *authtag)
{
	u8 tag[AES_BLOCK_SIZE];
	int err = 0;

	aes_ccm_tag(ctx, tag);
	if (crypto_memneq(tag, authtag, ctx->key->authtag_len))
		err = -EBADMSG;
	memzero_explicit(tag, sizeof(tag));
	memzero_explicit(ctx, sizeof(*ctx));
	return err;
}
EXPORT_SYMBOL_GPL(aes_ccm_decrypt_final);

int aes_ccm_encrypt(u8 *dst, const u8 *src, size_t data_len, u8 *authtag,
		    const u8 *ad, size_t ad_len, const u8 *nonce,
		    size_t nonce_len, const struct aes_ccm_key *key)
{
	struct aes_ccm_ctx ctx;
	int err;

	err = aes_ccm_init(&ctx, data_len, ad_len, nonce, nonce_len, key);
	if (err)
		return err;
	aes_ccm_auth_update(&ctx, ad, ad_len);
	aes_ccm_encrypt_update(&ctx, dst, src, data_len);
	aes_ccm_encrypt_final(&ctx, authtag);
	return 0;
}
EXPORT_SYMBOL_GPL(aes_ccm_encrypt);

/*
 * The CBC-MAC covers the plaintext, so it has to be produced before the
 * tag can be checked; on a mismatch it is wiped before returning.
 */
int aes_ccm_decrypt(u8 *dst, const u8 *src, size_t data_len,
		    const u8 *authtag, const u8 *ad, size_t ad_len,
		    const u8 *nonce, size_t nonce_len,
		    const struct aes_ccm_key *key)
{
	struct aes_ccm_ctx ctx;
	int err;

	err = aes_ccm_init(&ctx, data_len, ad_len, nonce, nonce_len, key);
	if (err)
		return err;
	aes_ccm_auth_update(&ctx, ad, ad_len);
	aes_ccm_decrypt_update(&ctx, dst, src, data_len);
	err = aes_ccm_decrypt_final(&ctx, authtag);
	if (err && data_len)
		memzero_explicit(dst, data_len);
	return err;
}
EXPORT_SYMBOL_GPL(aes_ccm_decrypt);

int aes_rfc4309_preparekey(struct aes_rfc4309_key *key, const u8 *in_key,
			   size_t key_len, size_t authtag_len)
{
	int err;

	if (key_len < sizeof(key->salt) ||
	    (authtag_len != 8 && authtag_len != 12 && authtag_len != 16))
		return -EINVAL;
	key_len -= sizeof(key->salt);
	err = aes_ccm_preparekey(&key->ccm, in_key, key_len, authtag_len);
	if (err)
		return err;
	memcpy(key->salt, in_key + key_len, sizeof(key->salt));
	return 0;
}
EXPORT_SYMBOL_GPL(aes_rfc4309_preparekey);

/* nonce = salt || IV: 11 bytes, so a 4-byte length field */
static void rfc4309_nonce(u8 nonce[11], const struct aes_rfc4309_key *key,
			  const u8 iv[8])
{
	memcpy(nonce, key->salt, sizeof(key->salt));
	memcpy(nonce + sizeof(key->salt), iv, 8);
}

int aes_rfc4309_encrypt(u8 *dst, const u8 *src, size_t data_len,
			u8 *authtag, const u8 *ad, size_t ad_len,
			const u8 iv[8], const struct aes_rfc4309_key *key)
{
	u8 nonce[11];

	rfc4309_nonce(nonce, key, iv);
	return aes_ccm_encrypt(dst, src, data_len, authtag, ad, ad_len, nonce,
			       sizeof(nonce), &key->ccm);
}
EXPORT_SYMBOL_GPL(aes_rfc4309_encrypt);

int aes_rfc4309_decrypt(u8 *dst, const u8 *src, size_t data_len,
			const u8 *authtag, const u8 *ad, size_t ad_len,
			const u8 iv[8], const struct aes_rfc4309_key *key)
{
	u8 nonce[11];

	rfc4309_nonce(nonce, key, iv);
	return aes_ccm_decrypt(dst, src, data_len, authtag, ad, ad_len, nonce,
			       sizeof(nonce), &key->ccm);
}
EXPORT_SYMBOL_GPL(aes_rfc4309_decrypt);

MODULE_DESCRIPTION("AES-CCM library functions");
MODULE_LICENSE("GPL");
