// SPDX-License-Identifier: GPL-2.0
/*
 * File-encryption style use of libkcapi: a key derived from a password
 * with kcapi_pbkdf(), AES-CBC and AES-CTR one-shots both ways, a random
 * IV, and the error returns for a bad key length and a partial CBC block.
 *
 *   kcapi-cipher PASSWORD SALT ITERATIONS KEYLEN PLAINTEXT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kcapi.h>

static void hex(const char *tag, ssize_t r, const uint8_t *b)
{
	printf("%s %zd ", tag, r);
	for (ssize_t i = 0; i < r; i++)
		printf("%02x", b[i]);
	printf("\n");
}

int main(int argc, char **argv)
{
	const char *pw = argc > 1 ? argv[1] : "password";
	const char *salt = argc > 2 ? argv[2] : "salt";
	uint32_t iter = argc > 3 ? (uint32_t)atoi(argv[3]) : 1000;
	uint32_t klen = argc > 4 ? (uint32_t)atoi(argv[4]) : 32;
	const char *pt = argc > 5 ? argv[5] : "attack at dawn!!";
	size_t len = strlen(pt), cbclen = len - len % 16;
	uint8_t key[32], iv[16] = { 0 }, ct[256], back[256], rnd[16];
	ssize_t r;

	r = kcapi_pbkdf("hmac(sha256)", (const uint8_t *)pw, strlen(pw),
			(const uint8_t *)salt, strlen(salt), iter, key, klen);
	hex("pbkdf2-sha256", r ? r : klen, key);
	r = kcapi_pbkdf("hmac(sha1)", (const uint8_t *)pw, strlen(pw),
			(const uint8_t *)salt, strlen(salt), iter, back, 20);
	hex("pbkdf2-sha1", r ? r : 20, back);
	r = kcapi_pbkdf("hmac(sha512)", (const uint8_t *)pw, strlen(pw),
			(const uint8_t *)salt, strlen(salt), iter, back, 70);
	hex("pbkdf2-sha512", r ? r : 70, back);

	r = kcapi_cipher_enc_aes_cbc(key, klen, (const uint8_t *)pt, cbclen, iv, ct, cbclen);
	hex("cbc-enc", r, ct);
	r = kcapi_cipher_dec_aes_cbc(key, klen, ct, cbclen, iv, back, cbclen);
	hex("cbc-dec", r, back);
	r = kcapi_cipher_enc_aes_ctr(key, klen, (const uint8_t *)pt, len, iv, ct, len);
	hex("ctr-enc", r, ct);
	r = kcapi_cipher_dec_aes_ctr(key, klen, ct, len, iv, back, len);
	hex("ctr-dec", r, back);
	printf("bad-key %zd\n", kcapi_cipher_enc_aes_cbc(key, 20, (const uint8_t *)pt,
							  16, iv, ct, 16));
	if (len % 16)
		printf("partial-block %zd\n", kcapi_cipher_enc_aes_cbc(key, klen,
				(const uint8_t *)pt, len, iv, ct, len));
	printf("rng %zd\n", kcapi_rng_get_bytes(rnd, sizeof(rnd)));
	return 0;
}
