// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: the length-preserving disk ciphers adiantum(xchacha12,aes),
 * adiantum(xchacha20,aes) and hctr2(aes), and xctr(aes) beneath HCTR2
 * (skcipher), on <crypto/adiantum.h> and <crypto/hctr2.h>.
 *
 * As crypto/adiantum.c and crypto/hctr2.c register them: blocksize 16,
 * a 32-byte IV (the tweak), any request of at least 16 bytes (shorter,
 * even empty, is EINVAL), each request a message of its own with the
 * socket IV left as it was.  Adiantum takes the stream cipher's 32-byte
 * key, HCTR2 an AES key (16, 24 or 32 bytes).  xctr(aes) (crypto/xctr.c)
 * is a stream mode: blocksize 1, chunksize 16, a 16-byte IV, not written
 * back.  The priorities are the templates' weighted averages of the
 * generic parts, all 100.
 */
#include <crypto/adiantum.h>
#include <crypto/hctr2.h>
#include <linux/errno.h>

#include "alg.h"

static int adiantum12_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return adiantum_setkey(tfm, key, len, 12);
}

static int adiantum20_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return adiantum_setkey(tfm, key, len, 20);
}

/* adiantum_crypt() and hctr2_crypt(): cryptlen < 16 is EINVAL */
#define LP_CRYPT(fn, keyt, call)					\
static int fn(const void *tfm, u8 *iv, u8 *dst, const u8 *src,		\
	      size_t len, bool final)					\
{									\
	const struct keyt *k = tfm;					\
									\
	if (len < AES_BLOCK_SIZE)					\
		return -EINVAL;						\
	call(k, dst, src, len, iv);					\
	return 0;							\
}

LP_CRYPT(adiantum_encrypt_, adiantum_key, adiantum_encrypt)
LP_CRYPT(adiantum_decrypt_, adiantum_key, adiantum_decrypt)
LP_CRYPT(hctr2_encrypt_, hctr2_key, hctr2_encrypt)
LP_CRYPT(hctr2_decrypt_, hctr2_key, hctr2_decrypt)

static int hctr2_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return hctr2_setkey(tfm, key, len);
}

static int xctr_setkey_(void *tfm, const u8 *key, unsigned int len)
{
	return aes_prepareenckey(tfm, key, len);
}

static int xctr_crypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
		       size_t len, bool final)
{
	aes_xctr(dst, src, len, iv, (const struct aes_enckey *)tfm);
	return 0;
}

#define LP(n, drv, bs, ivs, minreq, kmin, kmax, keyt, set, enc, dec)	\
	{								\
		.name = n, .driver = drv, .type = AFS_SKCIPHER,		\
		.report_type = "skcipher", .priority = 100,		\
		.blocksize = bs, .chunksize = AES_BLOCK_SIZE,		\
		.ivsize = ivs, .min_reqsize = minreq,			\
		.min_keysize = kmin, .max_keysize = kmax,		\
		.tfm_size = sizeof(struct keyt),			\
		.ops.skcipher = {					\
			.setkey = set, .encrypt = enc, .decrypt = dec,	\
		},							\
	}

static const struct afs_alg lenpreserve_algs[] = {
	LP("adiantum(xchacha12,aes)",
	   "adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)",
	   AES_BLOCK_SIZE, ADIANTUM_TWEAK_SIZE, ADIANTUM_MIN_LEN,
	   ADIANTUM_KEY_SIZE, ADIANTUM_KEY_SIZE, adiantum_key,
	   adiantum12_setkey_, adiantum_encrypt_, adiantum_decrypt_),
	LP("adiantum(xchacha20,aes)",
	   "adiantum(xchacha20-generic,aes-generic,nhpoly1305-generic)",
	   AES_BLOCK_SIZE, ADIANTUM_TWEAK_SIZE, ADIANTUM_MIN_LEN,
	   ADIANTUM_KEY_SIZE, ADIANTUM_KEY_SIZE, adiantum_key,
	   adiantum20_setkey_, adiantum_encrypt_, adiantum_decrypt_),
	LP("hctr2(aes)", "hctr2_base(xctr(aes-generic),polyval-generic)",
	   AES_BLOCK_SIZE, HCTR2_TWEAK_SIZE, HCTR2_MIN_LEN,
	   AES_MIN_KEY_SIZE, AES_MAX_KEY_SIZE, hctr2_key,
	   hctr2_setkey_, hctr2_encrypt_, hctr2_decrypt_),
	LP("xctr(aes)", "xctr(aes-generic)", 1, AES_BLOCK_SIZE, 0,
	   AES_MIN_KEY_SIZE, AES_MAX_KEY_SIZE, aes_enckey,
	   xctr_setkey_, xctr_crypt_, xctr_crypt_),
	{ .name = NULL },
};

AFS_ALG_FAMILY(lenpreserve_algs);
