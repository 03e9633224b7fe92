// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: ChaCha20, XChaCha20 and XChaCha12 (skcipher) and the RFC 7539 AEADs
 * rfc7539(chacha20,poly1305) and rfc7539esp(chacha20,poly1305).
 *
 * Like the kernel's chacha20-generic, a request starts from the socket IV
 * and does not write the advanced counter back: the IV does not chain.
 */
#include <crypto/chacha.h>
#include <crypto/chacha20poly1305.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "alg.h"

struct chacha_tfm {
	u32 key[CHACHA_KEY_WORDS];
};

static int chacha_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	struct chacha_tfm *c = tfm;
	int i;

	for (i = 0; i < CHACHA_KEY_WORDS; i++)
		c->key[i] = get_unaligned_le32(key + 4 * i);
	return 0;
}

/* the stream from @state, in pieces chacha_crypt() takes (unsigned int) */
static void chacha_stream(struct chacha_state *state, u8 *dst, const u8 *src,
			  size_t len, int nrounds)
{
	while (len) {
		unsigned int n = len > 0x40000000 ? 0x40000000 : (unsigned int)len;

		chacha_crypt(state, dst, src, n, nrounds);
		dst += n;
		src += n;
		len -= n;
	}
	chacha_zeroize_state(state);
}

static int chacha20_crypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
			   size_t len, bool final)
{
	const struct chacha_tfm *c = tfm;
	struct chacha_state state;

	chacha_init(&state, c->key, iv);
	chacha_stream(&state, dst, src, len, 20);
	return 0;
}

/*
 * XChaCha12/20: HChaCha of the key and the first 16 IV bytes gives the
 * subkey; the state then takes the last 16 IV bytes (xchacha_init(), as
 * crypto/chacha_generic.c crypto_xchacha_crypt()).
 */
#define XCHACHA_CRYPT(fn, nrounds)					\
static int fn(const void *tfm, u8 *iv, u8 *dst, const u8 *src,		\
	      size_t len, bool final)					\
{									\
	const struct chacha_tfm *c = tfm;				\
	struct chacha_state state;					\
									\
	xchacha_init(&state, c->key, iv, nrounds);			\
	chacha_stream(&state, dst, src, len, nrounds);			\
	return 0;							\
}

XCHACHA_CRYPT(xchacha20_crypt_, 20)
XCHACHA_CRYPT(xchacha12_crypt_, 12)

struct chachapoly_tfm {
	u8 key[CHACHA20POLY1305_KEY_SIZE + CHACHA20POLY1305_ESP_SALT_SIZE];
};

static int rfc7539_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	if (len != CHACHA20POLY1305_KEY_SIZE)
		return -EINVAL;
	memcpy(tfm, key, len);
	return 0;
}

static int rfc7539esp_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	if (len != CHACHA20POLY1305_KEY_SIZE + CHACHA20POLY1305_ESP_SALT_SIZE)
		return -EINVAL;
	memcpy(tfm, key, len);
	return 0;
}

static int chachapoly_setauthsize_(void *tfm, unsigned int authsize)
{
	return authsize == CHACHA20POLY1305_AUTHTAG_SIZE ? 0 : -EINVAL;
}

static int rfc7539_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct chachapoly_tfm *c = tfm;

	chacha20poly1305_rfc7539_encrypt(dst, src + assoclen, cryptlen, src,
					 assoclen, iv, c->key);
	return 0;
}

static int rfc7539_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			    u8 *dst, const u8 *src, size_t assoclen,
			    size_t cryptlen)
{
	const struct chachapoly_tfm *c = tfm;

	if (!chacha20poly1305_rfc7539_decrypt(dst, src + assoclen, cryptlen,
					      src, assoclen, iv, c->key))
		return -EBADMSG;
	return 0;
}

/* The ESP form's associated data ends with the 8-byte IV, not authenticated */
static int rfc7539esp_encrypt_(const void *tfm, unsigned int as, const u8 *iv,
			       u8 *dst, const u8 *src, size_t assoclen,
			       size_t cryptlen)
{
	const struct chachapoly_tfm *c = tfm;

	if (assoclen < 8)
		return -EINVAL;
	chacha20poly1305_rfc7539esp_encrypt(dst, src + assoclen, cryptlen, src,
					    assoclen - 8, iv, c->key);
	return 0;
}

static int rfc7539esp_decrypt_(const void *tfm, unsigned int as, const u8 *iv,
			       u8 *dst, const u8 *src, size_t assoclen,
			       size_t cryptlen)
{
	const struct chachapoly_tfm *c = tfm;

	if (assoclen < 8)
		return -EINVAL;
	if (!chacha20poly1305_rfc7539esp_decrypt(dst, src + assoclen, cryptlen,
						 src, assoclen - 8, iv, c->key))
		return -EBADMSG;
	return 0;
}

#define CHACHA(n, drv, ivs, fn)						\
	{								\
		.name = n, .driver = drv, .type = AFS_SKCIPHER,		\
		.report_type = "skcipher", .priority = 100,		\
		.blocksize = 1, .chunksize = CHACHA_BLOCK_SIZE,		\
		.ivsize = ivs, .min_keysize = CHACHA_KEY_SIZE,		\
		.max_keysize = CHACHA_KEY_SIZE,				\
		.tfm_size = sizeof(struct chacha_tfm),			\
		.ops.skcipher = {					\
			.setkey = chacha_setkey_,			\
			.encrypt = fn, .decrypt = fn,			\
		},							\
	}

#define CHACHAPOLY(n, drv, ivs, pfx)					\
	{								\
		.name = n, .driver = drv, .type = AFS_AEAD,		\
		.report_type = "aead", .priority = 100,			\
		.blocksize = 1, .chunksize = CHACHA_BLOCK_SIZE,		\
		.ivsize = ivs,						\
		.maxauthsize = CHACHA20POLY1305_AUTHTAG_SIZE,		\
		.tfm_size = sizeof(struct chachapoly_tfm),		\
		.ops.aead = {						\
			.setkey = pfx##_setkey_,			\
			.setauthsize = chachapoly_setauthsize_,		\
			.encrypt = pfx##_encrypt_,			\
			.decrypt = pfx##_decrypt_,			\
		},							\
	}

static const struct afs_alg chacha_algs[] = {
	CHACHA("chacha20", "chacha20-generic", CHACHA_IV_SIZE,
	       chacha20_crypt_),
	CHACHA("xchacha20", "xchacha20-generic", XCHACHA_IV_SIZE,
	       xchacha20_crypt_),
	CHACHA("xchacha12", "xchacha12-generic", XCHACHA_IV_SIZE,
	       xchacha12_crypt_),
	CHACHAPOLY("rfc7539(chacha20,poly1305)",
		   "rfc7539(chacha20-generic,poly1305-generic)",
		   CHACHAPOLY_IV_SIZE, rfc7539),
	CHACHAPOLY("rfc7539esp(chacha20,poly1305)",
		   "rfc7539esp(chacha20-generic,poly1305-generic)",
		   CHACHA20POLY1305_ESP_IV_SIZE, rfc7539esp),
	{ .name = NULL },
};

AFS_ALG_FAMILY(chacha_algs);
