// SPDX-License-Identifier: GPL-2.0
/*
 * bench-cipher: libkcrypto's AES modes against OpenSSL 3 EVP, side by side
 * in one process.
 *
 * OpenSSL is used the fastest way an application can: one EVP_CIPHER_CTX
 * per case with the key set once; each operation only sets a new IV
 * (EVP_{En,De}cryptInit_ex(ctx, NULL, NULL, NULL, iv)), then Update, Final
 * and, for GCM, the tag control.  libkcrypto: one library call per
 * operation on a key prepared once (GCM: aes_gcm_encrypt/decrypt; CTR:
 * aes_ctr on a copy of the counter; CBC: aes_cbc_*; XTS: aes_xts_* with
 * cont = false).  GCM has 16 bytes of AAD.
 *
 * Every row is the median of R runs; each run times both implementations
 * back to back (order alternating) with the thread's CPU time, so time
 * spent descheduled on a loaded machine does not count.  The ratio column
 * is OpenSSL time / libkcrypto time: above 1, libkcrypto is faster.
 * Before timing, the outputs of the two are compared.
 *
 * usage: bench-cipher [filter] [runs] [min-ms-per-measurement]
 *        (defaults: all cases, 9 runs, 40 ms)
 */
#include <openssl/evp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/aes-cbc.h>
#include <crypto/aes-ctr.h>
#include <crypto/aes-gcm.h>
#include <crypto/aes-xts.h>

#include "bench-util.h"

enum mode { GCM, CTR, CBC, XTS };

struct bcase {
	const char *name;
	enum mode mode;
	int keylen;		/* AES key bytes (XTS: per half) */
	bool enc;
	size_t len;
};

static const struct bcase cases[] = {
	{ "AES-128-GCM encrypt", GCM, 16, true, 64 },
	{ "AES-128-GCM encrypt", GCM, 16, true, 1024 },
	{ "AES-128-GCM encrypt", GCM, 16, true, 16384 },
	{ "AES-128-GCM decrypt", GCM, 16, false, 64 },
	{ "AES-128-GCM decrypt", GCM, 16, false, 16384 },
	{ "AES-256-GCM encrypt", GCM, 32, true, 64 },
	{ "AES-256-GCM encrypt", GCM, 32, true, 16384 },
	{ "AES-256-GCM decrypt", GCM, 32, false, 64 },
	{ "AES-256-GCM decrypt", GCM, 32, false, 16384 },
	{ "AES-128-CTR", CTR, 16, true, 64 },
	{ "AES-128-CTR", CTR, 16, true, 16384 },
	{ "AES-256-CTR", CTR, 32, true, 16384 },
	{ "AES-128-XTS encrypt", XTS, 16, true, 16384 },
	{ "AES-128-XTS decrypt", XTS, 16, false, 16384 },
	{ "AES-256-XTS encrypt", XTS, 32, true, 16384 },
	{ "AES-256-XTS decrypt", XTS, 32, false, 16384 },
	{ "AES-128-CBC encrypt", CBC, 16, true, 16384 },
	{ "AES-128-CBC decrypt", CBC, 16, false, 16384 },
	{ "AES-256-CBC encrypt", CBC, 32, true, 16384 },
	{ "AES-256-CBC decrypt", CBC, 32, false, 16384 },
};

#define MAXLEN	16384

static const struct bcase *cur;
static u8 key[64], iv[16], aad[16], tag[16];
static u8 *in, *out, *out2;
static struct aes_gcm_key gkey;
static struct aes_key akey;
static struct aes_xts_key xkey;
static EVP_CIPHER_CTX *ctx;
static volatile u8 sink;

static const EVP_CIPHER *ossl_cipher(const struct bcase *c)
{
	switch (c->mode) {
	case GCM:
		return c->keylen == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
	case CTR:
		return c->keylen == 16 ? EVP_aes_128_ctr() : EVP_aes_256_ctr();
	case CBC:
		return c->keylen == 16 ? EVP_aes_128_cbc() : EVP_aes_256_cbc();
	case XTS:
		return c->keylen == 16 ? EVP_aes_128_xts() : EVP_aes_256_xts();
	}
	return NULL;
}

static void kc_op(void)
{
	size_t len = cur->len;
	u8 blk[16];

	switch (cur->mode) {
	case GCM:
		if (cur->enc) {
			aes_gcm_encrypt(out, in, len, tag, aad, sizeof(aad), iv,
					&gkey);
		} else if (aes_gcm_decrypt(out2, out, len, tag, aad,
					   sizeof(aad), iv, &gkey)) {
			abort();
		}
		break;
	case CTR:
		memcpy(blk, iv, 16);
		aes_ctr(out, in, len, blk, &akey);
		break;
	case CBC:
		memcpy(blk, iv, 16);
		if (cur->enc)
			aes_cbc_encrypt(out, in, len, blk, &akey);
		else
			aes_cbc_decrypt(out2, out, len, blk, &akey);
		break;
	case XTS:
		memcpy(blk, iv, 16);
		if (cur->enc)
			aes_xts_encrypt(out, in, len, blk, &xkey, false);
		else
			aes_xts_decrypt(out2, out, len, blk, &xkey, false);
		break;
	}
	sink ^= out[0] ^ out2[0];
}

static void ossl_op(void)
{
	size_t len = cur->len;
	int n, m;

	if (cur->enc) {
		if (!EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, iv) ||
		    (cur->mode == GCM &&
		     !EVP_EncryptUpdate(ctx, NULL, &n, aad, sizeof(aad))) ||
		    !EVP_EncryptUpdate(ctx, out, &n, in, len) ||
		    !EVP_EncryptFinal_ex(ctx, out + n, &m) ||
		    (cur->mode == GCM &&
		     !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag)))
			abort();
	} else {
		if (!EVP_DecryptInit_ex(ctx, NULL, NULL, NULL, iv) ||
		    (cur->mode == GCM &&
		     (!EVP_DecryptUpdate(ctx, NULL, &n, aad, sizeof(aad)) ||
		      !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16,
					   tag))) ||
		    !EVP_DecryptUpdate(ctx, out2, &n, out, len) ||
		    EVP_DecryptFinal_ex(ctx, out2 + n, &m) <= 0)
			abort();
	}
	sink ^= out[0] ^ out2[0];
}

/* Set both implementations up for @c; check they agree. */
static bool setup(const struct bcase *c)
{
	u8 okt[16], kct[16];

	cur = c;
	if (c->mode == GCM && aes_gcm_preparekey(&gkey, key, c->keylen, 16))
		abort();
	if (aes_preparekey(&akey, key, c->keylen) ||
	    aes_xts_preparekey(&xkey, key, 2 * c->keylen, 0))
		abort();
	EVP_CIPHER_CTX_reset(ctx);
	if (!EVP_CipherInit_ex(ctx, ossl_cipher(c), NULL, key, iv, c->enc))
		abort();
	EVP_CIPHER_CTX_set_padding(ctx, 0);

	/* Compare: encrypt with each; the decrypt cases decrypt kc's output. */
	if (c->enc) {
		kc_op();
		memcpy(out2, out, c->len);
		memcpy(kct, tag, 16);
		ossl_op();
		memcpy(okt, tag, 16);
		return !memcmp(out, out2, c->len) &&
		       (c->mode != GCM || !memcmp(okt, kct, 16));
	}
	/* Produce a valid ciphertext (and tag) with libkcrypto first. */
	{
		struct bcase e = *c;

		e.enc = true;
		cur = &e;
		kc_op();
		cur = c;
	}
	memset(out2, 0, c->len);
	ossl_op();
	if (memcmp(out2, in, c->len))
		return false;
	memset(out2, 0, c->len);
	kc_op();
	return !memcmp(out2, in, c->len);
}

int main(int argc, char **argv)
{
	const char *filter = argc > 1 ? argv[1] : "";
	int runs = argc > 2 ? atoi(argv[2]) : 9;
	double min_ns = (argc > 3 ? atof(argv[3]) : 40) * 1e6;
	double kt[64], ot[64], rt[64];

	if (runs < 1 || runs > 64)
		runs = 9;
	in = malloc(MAXLEN);
	out = malloc(MAXLEN);
	out2 = malloc(MAXLEN);
	ctx = EVP_CIPHER_CTX_new();
	if (!in || !out || !out2 || !ctx)
		abort();
	for (size_t i = 0; i < MAXLEN; i++)
		in[i] = (u8)(i * 7 + 1);
	for (size_t i = 0; i < sizeof(key); i++)
		key[i] = (u8)(i * 13 + 5);
	for (size_t i = 0; i < sizeof(iv); i++)
		iv[i] = (u8)(i + 1);
	iv[15] = 0;	/* GCM reads the first 12 bytes only */

	printf("%-22s %6s %12s %12s %10s %10s %7s\n", "case", "bytes",
	       "kcrypto ns", "OpenSSL ns", "kc MB/s", "ossl MB/s", "ratio");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bcase *c = &cases[i];
		double k, o;

		if (!strstr(c->name, filter))
			continue;
		if (!setup(c)) {
			printf("%-22s %6zu   OUTPUT MISMATCH\n", c->name, c->len);
			continue;
		}
		for (int r = 0; r < runs; r++) {
			if (r % 2) {
				ot[r] = bench_measure(ossl_op, min_ns);
				kt[r] = bench_measure(kc_op, min_ns);
			} else {
				kt[r] = bench_measure(kc_op, min_ns);
				ot[r] = bench_measure(ossl_op, min_ns);
			}
			rt[r] = ot[r] / kt[r];
		}
		k = bench_median(kt, runs);
		o = bench_median(ot, runs);
		printf("%-22s %6zu %12.1f %12.1f %10.0f %10.0f %7.2f\n",
		       c->name, c->len, k, o, c->len * 1e3 / k,
		       c->len * 1e3 / o, bench_median(rt, runs));
		fflush(stdout);
	}
	EVP_CIPHER_CTX_free(ctx);
	return 0;
}
