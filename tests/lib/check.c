// SPDX-License-Identifier: GPL-2.0
/*
 * The PASS/FAIL/SKIP check lines and the OpenSSL oracles (check.h) of
 * shim-probe, kcapi-client and libaio-client; the AF_ALG helpers are
 * afalg.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/random.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>

#include "check.h"

int probe_failures;

void probe_line(const char *tag, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;

	if (!strcmp(tag, "FAIL"))
		probe_failures++;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printf("%s %s\n", tag, buf);
	fflush(stdout);
}

bool check(bool cond, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (cond)
		pass("%s", buf);
	else
		fail("%s -- errno %d (%s)", buf, e, strerror(e));
	errno = e;
	return cond;
}

void hex(char *out, const void *p, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
	out[2 * n] = 0;
}

void fill_random(void *p, size_t n)
{
	uint8_t *b = p;
	ssize_t r;

	while (n) {
		r = getrandom(b, n, 0);
		if (r <= 0)
			abort();
		b += r;
		n -= (size_t)r;
	}
}

void ossl_digest(const char *md, const void *d, size_t n, uint8_t *out,
		 unsigned int *outlen)
{
	EVP_Digest(d, n, out, outlen, EVP_get_digestbyname(md), NULL);
}

void ossl_hmac(const char *md, const void *key, size_t klen, const void *d,
	       size_t n, uint8_t *out, unsigned int *outlen)
{
	static const uint8_t zero;

	HMAC(EVP_get_digestbyname(md), key ? key : &zero, (int)klen, d, n,
	     out, outlen);
}

int ossl_cipher(const char *name, int enc, const void *key, const void *iv,
		const void *in, size_t n, void *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int l1 = 0, l2 = 0, ok;

	ok = c && EVP_CipherInit_ex(c, EVP_get_cipherbyname(name), NULL, key,
				    iv, enc) &&
	     EVP_CIPHER_CTX_set_padding(c, 0) &&
	     EVP_CipherUpdate(c, out, &l1, in, (int)n) &&
	     EVP_CipherFinal_ex(c, (uint8_t *)out + l1, &l2);
	EVP_CIPHER_CTX_free(c);
	return ok && (size_t)(l1 + l2) == n ? 0 : -1;
}

int ossl_chachapoly_enc(const void *key, const void *nonce, const void *aad,
			size_t alen, const void *pt, size_t n, uint8_t *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int l = 0, ok;

	ok = c && EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key,
				     nonce) &&
	     (!alen || EVP_EncryptUpdate(c, NULL, &l, aad, (int)alen)) &&
	     EVP_EncryptUpdate(c, out, &l, pt, (int)n) &&
	     EVP_EncryptFinal_ex(c, out + l, &l) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, out + n);
	EVP_CIPHER_CTX_free(c);
	return ok ? 0 : -1;
}


int ossl_aead_enc(const char *name, const void *key, const void *nonce,
		  size_t nlen, const void *aad, size_t alen, const void *pt,
		  size_t n, size_t taglen, uint8_t *out)
{
	const EVP_CIPHER *c = EVP_get_cipherbyname(name);
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	bool ccm = c && EVP_CIPHER_get_mode(c) == EVP_CIPH_CCM_MODE;
	int l = 0, ok;

	ok = c && x && EVP_EncryptInit_ex(x, c, NULL, NULL, NULL) &&
	     EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nlen, NULL) &&
	     (!ccm || EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG,
					  (int)taglen, NULL)) &&
	     EVP_EncryptInit_ex(x, NULL, NULL, key, nonce) &&
	     (!ccm || EVP_EncryptUpdate(x, NULL, &l, NULL, (int)n)) &&
	     (!alen || EVP_EncryptUpdate(x, NULL, &l, aad, (int)alen)) &&
	     EVP_EncryptUpdate(x, out, &l, pt, (int)n) &&
	     EVP_EncryptFinal_ex(x, out + l, &l) &&
	     EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)taglen,
				 out + n);
	EVP_CIPHER_CTX_free(x);
	return ok ? 0 : -1;
}

static int ossl_kdf(const char *kdf, OSSL_PARAM *p, uint8_t *out, size_t n)
{
	EVP_KDF *k = EVP_KDF_fetch(NULL, kdf, NULL);
	EVP_KDF_CTX *c = k ? EVP_KDF_CTX_new(k) : NULL;
	int ok = c && EVP_KDF_derive(c, out, n, p) > 0;

	EVP_KDF_CTX_free(c);
	EVP_KDF_free(k);
	return ok ? 0 : -1;
}

int ossl_pbkdf2(const char *md, const void *pw, size_t pwlen,
		const void *salt, size_t slen, unsigned int iter, uint8_t *out,
		size_t n)
{
	return PKCS5_PBKDF2_HMAC(pw, (int)pwlen, salt, (int)slen, (int)iter,
				 EVP_get_digestbyname(md), (int)n, out) ? 0 : -1;
}

int ossl_hkdf(const char *md, const void *ikm, size_t ilen, const void *salt,
	      size_t slen, const void *info, size_t inlen, uint8_t *out,
	      size_t n)
{
	OSSL_PARAM p[5], *q = p;

	*q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
						(char *)md, 0);
	*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY,
						 (void *)ikm, ilen);
	if (slen)
		*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
							 (void *)salt, slen);
	if (inlen)
		*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO,
							 (void *)info, inlen);
	*q = OSSL_PARAM_construct_end();
	return ossl_kdf("HKDF", p, out, n);
}

/* SP 800-108 counter mode, HMAC PRF: K(i) = HMAC(key, [i]_32 || fixed) */
int ossl_kbkdf_ctr(const char *md, const void *key, size_t klen,
		   const void *fixed, size_t flen, uint8_t *out, size_t n)
{
	OSSL_PARAM p[8], *q = p;
	int no = 0;

	*q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "HMAC", 0);
	*q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
						(char *)md, 0);
	*q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE,
						"COUNTER", 0);
	*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY,
						 (void *)key, klen);
	*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
						 (void *)fixed, flen);
	*q++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_KBKDF_USE_L, &no);
	*q++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_KBKDF_USE_SEPARATOR,
					&no);
	*q = OSSL_PARAM_construct_end();
	return ossl_kdf("KBKDF", p, out, n);
}

int ossl_cmac(const char *cipher, const void *key, size_t klen,
	      const void *d, size_t n, uint8_t *out, size_t *outlen)
{
	EVP_MAC *m = EVP_MAC_fetch(NULL, "CMAC", NULL);
	EVP_MAC_CTX *c = m ? EVP_MAC_CTX_new(m) : NULL;
	OSSL_PARAM p[2] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
						 (char *)cipher, 0),
		OSSL_PARAM_construct_end(),
	};
	int ok = c && EVP_MAC_init(c, key, klen, p) &&
		 EVP_MAC_update(c, d, n) && EVP_MAC_final(c, out, outlen, 64);

	EVP_MAC_CTX_free(c);
	EVP_MAC_free(m);
	return ok ? 0 : -1;
}
