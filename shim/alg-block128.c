// SPDX-License-Identifier: GPL-2.0
/*
 * Adapters: Serpent, Twofish and Camellia in ecb, cbc, ctr and xts
 * (skcipher), on the modes of <crypto/block128.h>.
 *
 * Sizes are those of the 6.12 templates over the generic ciphers
 * (crypto/serpent_generic.c, twofish_generic.c, camellia_generic.c with
 * crypto/ecb.c, cbc.c, ctr.c, xts.c): ecb and cbc are lskcipher instances
 * with blocksize 16; ctr an skcipher with blocksize 1 and chunksize 16;
 * xts an skcipher with blocksize 16 over ecb(X).  Key sizes: Serpent 0 to
 * 32 bytes (shorter keys are padded), Twofish and Camellia 16, 24 or 32
 * (other lengths in between are EINVAL from the cipher's setkey); xts
 * twice that, even.  CBC and CTR write the next IV back (request
 * chaining); xts is crypto/xts.c, which works on a copy of the tweak and
 * leaves the socket IV as it was (the x86 kernel has no xts driver of its
 * own for these ciphers: its xts(serpent) is xts(ecb-serpent-avx2)).
 */
#include <crypto/block128.h>
#include <crypto/camellia.h>
#include <crypto/serpent-lib.h>
#include <crypto/twofish-lib.h>
#include <linux/errno.h>
#include <linux/string.h>

#include "alg.h"

/*
 * The tfm: which cipher, then its expanded key (for xts the data key and
 * the tweak key, each ctxsize bytes).  The ops get only the tfm, so the
 * setkey of each cipher records the cipher here.
 */
struct b128_tfm {
	const struct block128_cipher *c;
	u64 key[];
};

#define B128_TFM_SIZE(keystruct, n)					\
	(sizeof(struct b128_tfm) + (n) * sizeof(struct keystruct))

static int b128_setkey(void *tfm, const struct block128_cipher *c,
		       const u8 *key, unsigned int len)
{
	struct b128_tfm *t = tfm;
	int err = c->expandkey(t->key, key, len);

	t->c = err ? NULL : c;
	return err;
}

/* xts_verify_key(), then each half through the cipher's own length rules */
static int b128_xts_setkey(void *tfm, const struct block128_cipher *c,
			   const u8 *key, unsigned int len)
{
	struct b128_tfm *t = tfm;
	int err = block128_xts_check_key(key, len, false);

	if (!err)
		err = c->expandkey(t->key, key, len / 2);
	if (!err)
		err = c->expandkey((u8 *)t->key + c->ctxsize, key + len / 2,
				   len / 2);
	t->c = err ? NULL : c;
	return err;
}

/*
 * ecb and cbc process the whole blocks, then fail with EINVAL on a final
 * partial block (as alg-aes.c explains for AES).
 */
#define B128_BLOCKS(fn, call)						\
static int fn(const void *tfm, u8 *iv, u8 *dst, const u8 *src,		\
	      size_t len, bool final)					\
{									\
	const struct b128_tfm *t = tfm;					\
	size_t full = len - len % BLOCK128_SIZE;			\
									\
	if (full)							\
		call;							\
	return full == len ? 0 : -EINVAL;				\
}

B128_BLOCKS(ecb_encrypt_, block128_ecb_encrypt(t->c, t->key, dst, src, full))
B128_BLOCKS(ecb_decrypt_, block128_ecb_decrypt(t->c, t->key, dst, src, full))
B128_BLOCKS(cbc_encrypt_,
	    block128_cbc_encrypt(t->c, t->key, dst, src, full, iv))
B128_BLOCKS(cbc_decrypt_,
	    block128_cbc_decrypt(t->c, t->key, dst, src, full, iv))

/* the counter advances by every block, the final partial one included */
static int ctr_crypt_(const void *tfm, u8 *iv, u8 *dst, const u8 *src,
		      size_t len, bool final)
{
	const struct b128_tfm *t = tfm;

	block128_ctr_crypt(t->c, t->key, dst, src, len, iv);
	return 0;
}

/* fewer than 16 bytes is EINVAL; the socket IV is not written back */
#define B128_XTS_CRYPT(fn, call)					\
static int fn(const void *tfm, u8 *iv, u8 *dst, const u8 *src,		\
	      size_t len, bool final)					\
{									\
	const struct b128_tfm *t = tfm;					\
	u8 tweak[BLOCK128_SIZE];					\
									\
	if (len < BLOCK128_SIZE)					\
		return -EINVAL;						\
	memcpy(tweak, iv, BLOCK128_SIZE);				\
	call(t->c, t->key, (const u8 *)t->key + t->c->ctxsize, dst, src,\
	     len, tweak, false);					\
	memzero_explicit(tweak, sizeof(tweak));				\
	return 0;							\
}

B128_XTS_CRYPT(xts_encrypt_, block128_xts_encrypt)
B128_XTS_CRYPT(xts_decrypt_, block128_xts_decrypt)

#define B128_SETKEYS(alg)						\
static int alg##_setkey_(void *tfm, const u8 *key, unsigned int len)	\
{									\
	return b128_setkey(tfm, &alg##_block128, key, len);		\
}									\
static int alg##_xts_setkey_(void *tfm, const u8 *key, unsigned int len) \
{									\
	return b128_xts_setkey(tfm, &alg##_block128, key, len);		\
}

B128_SETKEYS(serpent)
B128_SETKEYS(twofish)
B128_SETKEYS(camellia)

#define B128_SK(mode, alg, rt, bs, ivs, minreq, nkeys, set, enc, dec,	\
		kmin, kmax)						\
	{								\
		.name = #mode "(" #alg ")",				\
		.driver = #mode "(" #alg "-generic)",			\
		.type = AFS_SKCIPHER, .report_type = rt,		\
		.priority = 100, .blocksize = bs,			\
		.chunksize = BLOCK128_SIZE, .ivsize = ivs,		\
		.min_reqsize = minreq,					\
		.min_keysize = (nkeys) * (kmin),			\
		.max_keysize = (nkeys) * (kmax),			\
		.tfm_size = B128_TFM_SIZE(alg##_key, nkeys),		\
		.ops.skcipher = {					\
			.setkey = set, .encrypt = enc, .decrypt = dec,	\
		},							\
	}

/* crypto/xts.c names its instance after ecb(X): xts(ecb(X-generic)) */
#define B128_XTS(alg, kmin, kmax)					\
	{								\
		.name = "xts(" #alg ")",				\
		.driver = "xts(ecb(" #alg "-generic))",			\
		.type = AFS_SKCIPHER, .report_type = "skcipher",	\
		.priority = 100, .blocksize = BLOCK128_SIZE,		\
		.chunksize = BLOCK128_SIZE, .ivsize = BLOCK128_SIZE,	\
		.min_reqsize = BLOCK128_SIZE,				\
		.min_keysize = 2 * (kmin), .max_keysize = 2 * (kmax),	\
		.tfm_size = B128_TFM_SIZE(alg##_key, 2),		\
		.ops.skcipher = {					\
			.setkey = alg##_xts_setkey_,			\
			.encrypt = xts_encrypt_,			\
			.decrypt = xts_decrypt_,			\
		},							\
	}

#define B128_FAMILY(alg, kmin, kmax)					\
	B128_SK(ecb, alg, "lskcipher", BLOCK128_SIZE, 0, 0, 1,		\
		alg##_setkey_, ecb_encrypt_, ecb_decrypt_, kmin, kmax),	\
	B128_SK(cbc, alg, "lskcipher", BLOCK128_SIZE, BLOCK128_SIZE, 0,	\
		1, alg##_setkey_, cbc_encrypt_, cbc_decrypt_, kmin,	\
		kmax),							\
	B128_SK(ctr, alg, "skcipher", 1, BLOCK128_SIZE, 0, 1,		\
		alg##_setkey_, ctr_crypt_, ctr_crypt_, kmin, kmax),	\
	B128_XTS(alg, kmin, kmax)

/* SERPENT_MIN_KEY_SIZE 0, TF_MIN_KEY_SIZE and CAMELLIA_MIN_KEY_SIZE 16 */
static const struct afs_alg block128_algs[] = {
	B128_FAMILY(serpent, 0, 32),
	B128_FAMILY(twofish, 16, 32),
	B128_FAMILY(camellia, 16, 32),
	{ .name = NULL },
};

AFS_ALG_FAMILY(block128_algs);
