// SPDX-License-Identifier: GPL-2.0
/*
 * Competitors for bench-hash: OpenSSL 3 (EVP, the fastest way it is meant to
 * be used: fetched algorithm, reused context), nettle, Intel ipsec-mb.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <nettle/hmac.h>
#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>

#ifdef __x86_64__
#include <intel-ipsec-mb.h>
#endif

#include "bench-hash-ext.h"

static void die(const char *what)
{
	fprintf(stderr, "bench-hash: %s failed\n", what);
	exit(1);
}

struct ossl_md {
	EVP_MD *md;
	EVP_MD_CTX *ctx;
	int xof;
};

struct ossl_md *ossl_md_new(const char *name)
{
	struct ossl_md *h = calloc(1, sizeof(*h));

	if (!h)
		die("calloc");
	h->md = EVP_MD_fetch(NULL, name, NULL);
	h->ctx = EVP_MD_CTX_new();
	if (!h->md || !h->ctx)
		die(name);
	h->xof = (EVP_MD_get_flags(h->md) & EVP_MD_FLAG_XOF) != 0;
	return h;
}

void ossl_md(struct ossl_md *h, const uint8_t *data, size_t len,
	     uint8_t *out, size_t outlen)
{
	unsigned int n;

	if (!EVP_DigestInit_ex2(h->ctx, h->md, NULL) ||
	    !EVP_DigestUpdate(h->ctx, data, len))
		die("EVP_Digest");
	if (h->xof ? !EVP_DigestFinalXOF(h->ctx, out, outlen) :
		     !EVP_DigestFinal_ex(h->ctx, out, &n))
		die("EVP_DigestFinal");
}

void ossl_sha256_oneshot(const uint8_t *data, size_t len, uint8_t *out)
{
	if (!EVP_Digest(data, len, out, NULL, EVP_sha256(), NULL))
		die("EVP_Digest");
}

struct ossl_hmac {
	EVP_MAC *mac;
	EVP_MAC_CTX *ctx;
};

struct ossl_hmac *ossl_hmac_new(const char *digest, const uint8_t *key,
				size_t keylen)
{
	struct ossl_hmac *h = calloc(1, sizeof(*h));
	OSSL_PARAM params[2];

	if (!h)
		die("calloc");
	h->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	if (!h->mac)
		die("EVP_MAC_fetch");
	h->ctx = EVP_MAC_CTX_new(h->mac);
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
						     (char *)digest, 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!h->ctx || !EVP_MAC_init(h->ctx, key, keylen, params))
		die("EVP_MAC_init");
	return h;
}

/* A NULL key re-initialises with the key already set (the prepared state). */
void ossl_hmac(struct ossl_hmac *h, const uint8_t *data, size_t len,
	       uint8_t *out)
{
	size_t n;

	if (!EVP_MAC_init(h->ctx, NULL, 0, NULL) ||
	    !EVP_MAC_update(h->ctx, data, len) ||
	    !EVP_MAC_final(h->ctx, out, &n, 32))
		die("EVP_MAC");
}

static struct sha256_ctx n_sha256;
static struct sha512_ctx n_sha512;
static struct sha384_ctx n_sha384;
static struct sha3_256_ctx n_sha3_256;
static struct sha1_ctx n_sha1;
static struct md5_ctx n_md5;
static struct hmac_sha256_ctx n_hmac;

void nettle_hash(enum nettle_alg alg, const uint8_t *data, size_t len,
		 uint8_t *out)
{
	switch (alg) {
	case NETTLE_SHA256:
		sha256_init(&n_sha256);
		sha256_update(&n_sha256, len, data);
		sha256_digest(&n_sha256, SHA256_DIGEST_SIZE, out);
		break;
	case NETTLE_SHA384:
		sha384_init(&n_sha384);
		sha384_update(&n_sha384, len, data);
		sha384_digest(&n_sha384, SHA384_DIGEST_SIZE, out);
		break;
	case NETTLE_SHA512:
		sha512_init(&n_sha512);
		sha512_update(&n_sha512, len, data);
		sha512_digest(&n_sha512, SHA512_DIGEST_SIZE, out);
		break;
	case NETTLE_SHA3_256:
		sha3_256_init(&n_sha3_256);
		sha3_256_update(&n_sha3_256, len, data);
		sha3_256_digest(&n_sha3_256, SHA3_256_DIGEST_SIZE, out);
		break;
	case NETTLE_SHA1:
		sha1_init(&n_sha1);
		sha1_update(&n_sha1, len, data);
		sha1_digest(&n_sha1, SHA1_DIGEST_SIZE, out);
		break;
	case NETTLE_MD5:
		md5_init(&n_md5);
		md5_update(&n_md5, len, data);
		md5_digest(&n_md5, MD5_DIGEST_SIZE, out);
		break;
	}
}

void nettle_hmac_sha256_setkey(const uint8_t *key, size_t keylen)
{
	hmac_sha256_set_key(&n_hmac, keylen, key);
}

/* nettle's digest call leaves the context ready for the next message. */
void nettle_hmac_sha256_mac(const uint8_t *data, size_t len, uint8_t *out)
{
	hmac_sha256_update(&n_hmac, len, data);
	hmac_sha256_digest(&n_hmac, SHA256_DIGEST_SIZE, out);
}

#ifdef __x86_64__	/* ipsec-mb exists for x86_64 only */
static IMB_MGR *imb;

int imb_init(void)
{
	imb = alloc_mb_mgr(0);
	if (!imb)
		return -1;
	init_mb_mgr_sse(imb);
	return imb_get_errno(imb) ? -1 : 0;
}

const char *imb_arch_name(void)
{
	return (imb->features & IMB_FEATURE_SHANI) ?
		"SSE manager, SHA-NI lanes" : "SSE manager, no SHA-NI";
}

static void imb_check(const IMB_JOB *job)
{
	if (job && job->status != IMB_STATUS_COMPLETED)
		die("ipsec-mb job");
}

void imb_sha256_pairs(const uint8_t *m1, const uint8_t *m2, size_t len,
		      long npairs, int flush_each_pair,
		      uint8_t out1[32], uint8_t out2[32])
{
	IMB_JOB *job;

	for (long i = 0; i < 2 * npairs; i++) {
		job = IMB_GET_NEXT_JOB(imb);
		job->cipher_mode = IMB_CIPHER_NULL;
		job->cipher_direction = IMB_DIR_ENCRYPT;
		job->chain_order = IMB_ORDER_HASH_CIPHER;
		job->hash_alg = IMB_AUTH_SHA_256;
		job->src = (i & 1) ? m2 : m1;
		job->hash_start_src_offset_in_bytes = 0;
		job->msg_len_to_hash_in_bytes = len;
		job->auth_tag_output = (i & 1) ? out2 : out1;
		job->auth_tag_output_len_in_bytes = 32;
		imb_check(IMB_SUBMIT_JOB(imb));
		if (flush_each_pair && (i & 1)) {
			while ((job = IMB_FLUSH_JOB(imb)) != NULL)
				imb_check(job);
		}
	}
	while ((job = IMB_FLUSH_JOB(imb)) != NULL)
		imb_check(job);
}
#else
int imb_init(void)
{
	return -1;
}

const char *imb_arch_name(void)
{
	return "x86_64 only";
}

void imb_sha256_pairs(const uint8_t *m1, const uint8_t *m2, size_t len,
		      long npairs, int flush_each_pair,
		      uint8_t out1[32], uint8_t out2[32])
{
}
#endif
