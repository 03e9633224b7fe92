// SPDX-License-Identifier: GPL-2.0
/*
 * Adiantum, composed as the kernel's adiantum template composes it.
 *
 * A message P of at least 16 bytes is split into a bulk part P_L (all but
 * the last 16 bytes) and P_R.  With H(T, M) = Poly1305_{K_T}(bits(|M|) || T)
 * + NH-Poly1305_{K_M,K_N}(M), additions modulo 2^128 of little-endian
 * values:
 *
 *	P_M = P_R + H(T, P_L)
 *	C_M = AES-256_{K_E}(P_M)
 *	C_L = P_L ^ XChaCha_{K_S}(nonce C_M || 1)
 *	C_R = C_M - H(T, C_L)
 *
 * and decryption runs the steps backwards.  Every building block is the
 * library's own (chacha_crypt, AES, NH, Poly1305), so arch code for any of
 * them applies here.
 */

#include <crypto/adiantum.h>
#include <crypto/poly1305.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static void adiantum_load_key(u32 k[CHACHA_KEY_WORDS], const u8 *in)
{
	int i;

	for (i = 0; i < CHACHA_KEY_WORDS; i++)
		k[i] = get_unaligned_le32(in + 4 * i);
}

int adiantum_setkey(struct adiantum_key *key, const u8 *in_key,
		    size_t key_len, int nrounds)
{
	struct {
		u8 aes[AES_KEYSIZE_256];
		u8 header[16];
		u8 hash[NHPOLY1305_KEY_SIZE];
	} derived = {};
	u8 iv[XCHACHA_IV_SIZE] = { 1 };
	struct chacha_state state;
	int err;

	if (key_len != ADIANTUM_KEY_SIZE || (nrounds != 12 && nrounds != 20))
		return -EINVAL;
	key->nrounds = nrounds;
	adiantum_load_key(key->stream_key, in_key);
	xchacha_init(&state, key->stream_key, iv, nrounds);
	chacha_crypt(&state, (u8 *)&derived, (u8 *)&derived, sizeof(derived),
		     nrounds);
	chacha_zeroize_state(&state);
	err = aes_preparekey(&key->aes, derived.aes, sizeof(derived.aes));
	memcpy(key->header_key, derived.header, sizeof(key->header_key));
	nhpoly1305_setkey(&key->hash, derived.hash);
	memzero_explicit(&derived, sizeof(derived));
	return err;
}
EXPORT_SYMBOL_GPL(adiantum_setkey);

/* 128-bit little-endian values as two u64 halves */
struct adiantum_le128 {
	u64 lo, hi;
};

static struct adiantum_le128 le128_load(const u8 b[16])
{
	return (struct adiantum_le128){ get_unaligned_le64(b),
					get_unaligned_le64(b + 8) };
}

static void le128_store(u8 b[16], struct adiantum_le128 v)
{
	put_unaligned_le64(v.lo, b);
	put_unaligned_le64(v.hi, b + 8);
}

static struct adiantum_le128 le128_add(struct adiantum_le128 a,
				       struct adiantum_le128 b)
{
	u64 lo = a.lo + b.lo;

	return (struct adiantum_le128){ lo, a.hi + b.hi + (lo < a.lo) };
}

static struct adiantum_le128 le128_sub(struct adiantum_le128 a,
				       struct adiantum_le128 b)
{
	u64 lo = a.lo - b.lo;

	return (struct adiantum_le128){ lo, a.hi - b.hi - (lo > a.lo) };
}

/* H(T, M) for a bulk part M of @bulk_len bytes */
static struct adiantum_le128 adiantum_hash(const struct adiantum_key *key,
					   const u8 tweak[ADIANTUM_TWEAK_SIZE],
					   const u8 *bulk, size_t bulk_len)
{
	struct poly1305_desc_ctx poly;
	u8 pkey[POLY1305_KEY_SIZE] = {};
	u8 header[16] = {}, h[16], m[16];

	put_unaligned_le64((u64)bulk_len * 8, header);
	memcpy(pkey, key->header_key, sizeof(key->header_key));
	poly1305_init(&poly, pkey);	/* s = 0: the bare accumulator */
	poly1305_update(&poly, header, sizeof(header));
	poly1305_update(&poly, tweak, ADIANTUM_TWEAK_SIZE);
	poly1305_final(&poly, h);
	nhpoly1305(&key->hash, bulk, bulk_len, m);
	memzero_explicit(pkey, sizeof(pkey));
	return le128_add(le128_load(h), le128_load(m));
}

static void adiantum_stream(const struct adiantum_key *key, u8 *dst,
			    const u8 *src, size_t len, const u8 c_m[16])
{
	u8 iv[XCHACHA_IV_SIZE] = {};
	struct chacha_state state;

	memcpy(iv, c_m, 16);
	iv[16] = 1;
	xchacha_init(&state, key->stream_key, iv, key->nrounds);
	/* chacha_crypt() takes an unsigned int length */
	while (len) {
		unsigned int n = min_t(size_t, len, 1U << 30);

		chacha_crypt(&state, dst, src, n, key->nrounds);
		dst += n;
		src += n;
		len -= n;
	}
	chacha_zeroize_state(&state);
}

static void adiantum_crypt(const struct adiantum_key *key, u8 *dst,
			   const u8 *src, size_t len,
			   const u8 tweak[ADIANTUM_TWEAK_SIZE], bool enc)
{
	size_t bulk = len - 16;
	struct adiantum_le128 v;
	u8 blk[16], c_m[16];

	if (WARN_ON_ONCE(len < ADIANTUM_MIN_LEN))
		return;
	v = le128_add(le128_load(src + bulk),
		      adiantum_hash(key, tweak, src, bulk));
	le128_store(blk, v);
	if (enc) {
		aes_encrypt(&key->aes, blk, blk);	/* blk = C_M */
		memcpy(c_m, blk, 16);
	} else {
		memcpy(c_m, blk, 16);			/* blk = C_M */
		aes_decrypt(&key->aes, blk, blk);	/* blk = P_M */
	}
	adiantum_stream(key, dst, src, bulk, c_m);
	v = le128_sub(le128_load(blk), adiantum_hash(key, tweak, dst, bulk));
	le128_store(dst + bulk, v);
	memzero_explicit(blk, sizeof(blk));
	memzero_explicit(c_m, sizeof(c_m));
	memzero_explicit(&v, sizeof(v));
}

void adiantum_encrypt(const struct adiantum_key *key, u8 *dst, const u8 *src,
		      size_t len, const u8 tweak[ADIANTUM_TWEAK_SIZE])
{
	adiantum_crypt(key, dst, src, len, tweak, true);
}
EXPORT_SYMBOL_GPL(adiantum_encrypt);

void adiantum_decrypt(const struct adiantum_key *key, u8 *dst, const u8 *src,
		      size_t len, const u8 tweak[ADIANTUM_TWEAK_SIZE])
{
	adiantum_crypt(key, dst, src, len, tweak, false);
}
EXPORT_SYMBOL_GPL(adiantum_decrypt);

MODULE_DESCRIPTION("Adiantum length-preserving encryption");
MODULE_LICENSE("GPL");
