/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The competitors of bench-hash, behind plain functions: their headers
 * declare names (struct sha256_ctx, sha256_init, ...) that clash with the
 * kernel API, so they live in their own translation unit.
 */
#ifndef BENCH_HASH_EXT_H
#define BENCH_HASH_EXT_H

#include <stddef.h>
#include <stdint.h>

/* OpenSSL 3 EVP, prefetched EVP_MD and one reused EVP_MD_CTX. */
struct ossl_md;
struct ossl_md *ossl_md_new(const char *name);
void ossl_md(struct ossl_md *h, const uint8_t *data, size_t len,
	     uint8_t *out, size_t outlen);
/* EVP_Digest() one-shot: what "openssl speed -evp sha256" times. */
void ossl_sha256_oneshot(const uint8_t *data, size_t len, uint8_t *out);

/* OpenSSL 3 EVP_MAC HMAC, key set once, context re-initialised per MAC. */
struct ossl_hmac;
struct ossl_hmac *ossl_hmac_new(const char *digest, const uint8_t *key,
				size_t keylen);
void ossl_hmac(struct ossl_hmac *h, const uint8_t *data, size_t len,
	       uint8_t *out);

/* nettle: one reused context per algorithm. */
enum nettle_alg {
	NETTLE_SHA256, NETTLE_SHA384, NETTLE_SHA512, NETTLE_SHA3_256,
	NETTLE_SHA1, NETTLE_MD5,
};
void nettle_hash(enum nettle_alg alg, const uint8_t *data, size_t len,
		 uint8_t *out);
void nettle_hmac_sha256_setkey(const uint8_t *key, size_t keylen);
void nettle_hmac_sha256_mac(const uint8_t *data, size_t len, uint8_t *out);

/*
 * Intel ipsec-mb, SSE manager (2-lane SHA-NI SHA-256 on CPUs with SHA-NI),
 * plain SHA-256 through the job API.  imb_sha256_pairs() hashes npairs
 * pairs (m1, m2) of len-byte messages.  With flush_each_pair, every pair is
 * submitted and flushed before the next (the sha256_finup_2x() situation:
 * two messages at hand, both digests needed now); otherwise all 2 * npairs
 * jobs are submitted back to back and flushed once at the end (a stream of
 * independent messages, the manager's best case).
 */
int imb_init(void);
const char *imb_arch_name(void);
void imb_sha256_pairs(const uint8_t *m1, const uint8_t *m2, size_t len,
		      long npairs, int flush_each_pair,
		      uint8_t out1[32], uint8_t out2[32]);

#endif
