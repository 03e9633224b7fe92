// SPDX-License-Identifier: GPL-2.0
/*
 * bench-chacha: ChaCha20-Poly1305 (RFC 8439, 96-bit nonce) in libkcrypto
 * against OpenSSL's EVP chacha20-poly1305, side by side in one process.
 *
 * Each operation is a complete AEAD seal of one message: for OpenSSL that
 * is EVP_EncryptInit_ex with a new nonce on a reused EVP_CIPHER_CTX (key
 * already set), EncryptUpdate, EncryptFinal and GET_TAG; for libkcrypto one
 * chacha20poly1305_rfc7539_encrypt() call.  Decryption (open + tag check)
 * is measured the same way.  Every row is the median of R runs, each run
 * timing both implementations back to back; the ratio column is
 * OpenSSL time / libkcrypto time (higher is better for libkcrypto).
 *
 * usage: bench-chacha [runs] [min-ms-per-measurement]
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/chacha20poly1305.h>

#include "bench-util.h"

static const size_t sizes[] = { 16, 64, 256, 1024, 4096, 16384 };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static u8 key[32], nonce[12], aad[16];
static u8 *in, *out, *out2;
static EVP_CIPHER_CTX *ectx, *dctx;
static size_t cur_len;	/* message length of the calls being timed */
static volatile u8 sink;

static void kc_enc(void)
{
	size_t len = cur_len;

	nonce[0]++;
	chacha20poly1305_rfc7539_encrypt(out, in, len, aad, sizeof(aad), nonce,
					 key);
}

static void kc_dec(void)
{
	size_t len = cur_len;

	if (!chacha20poly1305_rfc7539_decrypt(out2, out, len + 16, aad,
					      sizeof(aad), nonce, key))
		abort();
}

static void ossl_enc(void)
{
	size_t len = cur_len;
	int n;

	nonce[0]++;
	if (!EVP_EncryptInit_ex(ectx, NULL, NULL, NULL, nonce) ||
	    !EVP_EncryptUpdate(ectx, NULL, &n, aad, sizeof(aad)) ||
	    !EVP_EncryptUpdate(ectx, out, &n, in, len) ||
	    !EVP_EncryptFinal_ex(ectx, out + n, &n) ||
	    !EVP_CIPHER_CTX_ctrl(ectx, EVP_CTRL_AEAD_GET_TAG, 16, out + len))
		abort();
}

static void ossl_dec(void)
{
	size_t len = cur_len;
	int n;

	if (!EVP_DecryptInit_ex(dctx, NULL, NULL, NULL, nonce) ||
	    !EVP_DecryptUpdate(dctx, NULL, &n, aad, sizeof(aad)) ||
	    !EVP_DecryptUpdate(dctx, out2, &n, out, len) ||
	    !EVP_CIPHER_CTX_ctrl(dctx, EVP_CTRL_AEAD_SET_TAG, 16, out + len) ||
	    EVP_DecryptFinal_ex(dctx, out2 + n, &n) <= 0)
		abort();
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 7;
	double min_ns = (argc > 2 ? atof(argv[2]) : 100) * 1e6;
	size_t maxlen = sizes[NSIZES - 1];

	if (runs < 1 || runs > 100)
		runs = 7;
	in = calloc(1, maxlen + 16);
	out = calloc(1, maxlen + 16);
	out2 = calloc(1, maxlen + 16);
	for (size_t i = 0; i < maxlen; i++)
		in[i] = (u8)i;
	memset(key, 0x42, sizeof(key));
	ectx = EVP_CIPHER_CTX_new();
	dctx = EVP_CIPHER_CTX_new();
	if (!EVP_EncryptInit_ex(ectx, EVP_chacha20_poly1305(), NULL, key, nonce) ||
	    !EVP_DecryptInit_ex(dctx, EVP_chacha20_poly1305(), NULL, key, nonce))
		return 1;

	printf("ChaCha20-Poly1305 seal/open, 16-byte AAD, median of %d runs\n", runs);
	printf("%-6s %7s | %10s %10s | %10s %10s | %6s\n", "op", "bytes",
	       "kc ns", "kc MB/s", "ossl ns", "ossl MB/s", "ratio");
	for (int op = 0; op < 2; op++) {
		for (size_t s = 0; s < NSIZES; s++) {
			double kc[100], os[100], k, o;
			size_t len = sizes[s];

			cur_len = len;
			for (int r = 0; r < runs; r++) {
				if (op == 0) {
					kc[r] = bench_measure(kc_enc, min_ns);
					os[r] = bench_measure(ossl_enc, min_ns);
				} else {
					kc_enc();
					kc[r] = bench_measure(kc_dec, min_ns);
					os[r] = bench_measure(ossl_dec, min_ns);
				}
			}
			sink ^= out[0];
			k = bench_median(kc, runs);
			o = bench_median(os, runs);
			printf("%-6s %7zu | %10.1f %10.1f | %10.1f %10.1f | %5.2fx\n",
			       op ? "open" : "seal", len, k, len * 1e3 / k,
			       o, len * 1e3 / o, o / k);
		}
	}
	EVP_CIPHER_CTX_free(ectx);
	EVP_CIPHER_CTX_free(dctx);
	free(in);
	free(out);
	free(out2);
	return 0;
}
