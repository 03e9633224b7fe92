/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The check lines and the OpenSSL oracles of check.c, apart from
 * tests/shim/probe/probe.h so that a client of libaio (whose <libaio.h>
 * defines struct iocb and struct io_event again) can use them without the
 * kernel's AIO ABI header that probe.h brings in.  Output format: one line
 * per check, "PASS <what>", "FAIL <what> -- <diagnostic>" or
 * "SKIP <what>: <reason>" (kctest.forward_checks() makes them TAP).
 */
#ifndef TESTLIB_CHECK_H
#define TESTLIB_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern int probe_failures;

/* "<tag> <text>" on stdout; a FAIL counts in probe_failures */
void probe_line(const char *tag, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
#define pass(...) probe_line("PASS", __VA_ARGS__)
#define fail(...) probe_line("FAIL", __VA_ARGS__)
#define skip(...) probe_line("SKIP", __VA_ARGS__)
/* PASS or FAIL "<what>" with errno in the diagnostic */
bool check(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hex(char *out, const void *p, size_t n);

/* Oracles (OpenSSL) */
void fill_random(void *p, size_t n);
void ossl_digest(const char *md, const void *d, size_t n, uint8_t *out,
		 unsigned int *outlen);
void ossl_hmac(const char *md, const void *key, size_t klen, const void *d,
	       size_t n, uint8_t *out, unsigned int *outlen);
/* EVP cipher by name, no padding; returns 0 on success */
int ossl_cipher(const char *name, int enc, const void *key, const void *iv,
		const void *in, size_t n, void *out);
/* ChaCha20-Poly1305 (RFC 7539), 12-byte nonce, 16-byte tag appended */
int ossl_chachapoly_enc(const void *key, const void *nonce, const void *aad,
			size_t alen, const void *pt, size_t n, uint8_t *out);

/* AEAD by EVP name ("aes-128-gcm", "aes-256-ccm"): out = CT || TAG */
int ossl_aead_enc(const char *name, const void *key, const void *nonce,
		  size_t nlen, const void *aad, size_t alen, const void *pt,
		  size_t n, size_t taglen, uint8_t *out);
int ossl_cmac(const char *cipher, const void *key, size_t klen,
	      const void *d, size_t n, uint8_t *out, size_t *outlen);
int ossl_pbkdf2(const char *md, const void *pw, size_t pwlen,
		const void *salt, size_t slen, unsigned int iter, uint8_t *out,
		size_t n);
int ossl_hkdf(const char *md, const void *ikm, size_t ilen, const void *salt,
	      size_t slen, const void *info, size_t inlen, uint8_t *out,
	      size_t n);
int ossl_kbkdf_ctr(const char *md, const void *key, size_t klen,
		   const void *fixed, size_t flen, uint8_t *out, size_t n);

#endif
