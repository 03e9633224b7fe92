// SPDX-License-Identifier: GPL-2.0
/*
 * Hashes, HMACs, AES skciphers, the AES AEADs gcm(aes) and ccm(aes) and
 * stdrng by kernel crypto API name on libkcrypto, for the native kcapi
 * tools; PBKDF2 (SP 800-132) over those HMACs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <crypto/aes-cbc.h>
#include <crypto/aes-ccm.h>
#include <crypto/aes-ctr.h>
#include <crypto/aes-ecb.h>
#include <crypto/aes-gcm.h>
#include <crypto/drbg-lib.h>
#include <crypto/md5.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <crypto/sha3.h>

#include "kctool.h"

struct kt_hash {
	const char *name;
	unsigned int digestsize;
	bool keyed;
	void (*init)(void *ctx, const uint8_t *key, size_t keylen);
	void (*update)(void *ctx, const uint8_t *data, size_t len);
	void (*final)(void *ctx, uint8_t *out);
};

#define KT_HASH(alg)							\
static void alg##_i(void *c, const uint8_t *k, size_t kl)		\
{ alg##_init(c); }							\
static void alg##_u(void *c, const uint8_t *d, size_t l)		\
{ alg##_update(c, d, l); }						\
static void alg##_f(void *c, uint8_t *o)				\
{ alg##_final(c, o); }							\
static void hmac_##alg##_i(void *c, const uint8_t *k, size_t kl)	\
{ hmac_##alg##_init_usingrawkey(c, k, kl); }				\
static void hmac_##alg##_u(void *c, const uint8_t *d, size_t l)		\
{ hmac_##alg##_update(c, d, l); }					\
static void hmac_##alg##_f(void *c, uint8_t *o)				\
{ hmac_##alg##_final(c, o); }						\
_Static_assert(sizeof(struct hmac_##alg##_ctx) <=			\
	       sizeof(((struct kt_md *)0)->ctx), #alg " context");

KT_HASH(md5)
KT_HASH(sha1)
KT_HASH(sha224)
KT_HASH(sha256)
KT_HASH(sha384)
KT_HASH(sha512)

#define KT_SHA3(bits)							\
static void sha3_##bits##_i(void *c, const uint8_t *k, size_t kl)	\
{ sha3_##bits##_init(c); }						\
static void hmac_sha3_##bits##_i(void *c, const uint8_t *k, size_t kl)	\
{ hmac_sha3_##bits##_init_usingrawkey(c, k, kl); }			\
static void hmac_sha3_##bits##_u(void *c, const uint8_t *d, size_t l)	\
{ hmac_sha3_##bits##_update(c, d, l); }					\
static void hmac_sha3_##bits##_f(void *c, uint8_t *o)			\
{ hmac_sha3_##bits##_final(c, o); }

KT_SHA3(224)
KT_SHA3(256)
KT_SHA3(384)
KT_SHA3(512)

static void sha3_u(void *c, const uint8_t *d, size_t l)
{
	sha3_update(c, d, l);
}

static void sha3_f(void *c, uint8_t *o)
{
	sha3_final(c, o);
}

#define KT_ENTRY(nm, alg, ds)						\
	{ nm, ds, false, alg##_i, alg##_u, alg##_f },			\
	{ "hmac(" nm ")", ds, true, hmac_##alg##_i, hmac_##alg##_u,	\
	  hmac_##alg##_f }
#define KT_SHA3_ENTRY(bits)						\
	{ "sha3-" #bits, bits / 8, false, sha3_##bits##_i, sha3_u,	\
	  sha3_f },							\
	{ "hmac(sha3-" #bits ")", bits / 8, true, hmac_sha3_##bits##_i,	\
	  hmac_sha3_##bits##_u, hmac_sha3_##bits##_f }

static const struct kt_hash kt_hashes[] = {
	KT_ENTRY("md5", md5, MD5_DIGEST_SIZE),
	KT_ENTRY("sha1", sha1, SHA1_DIGEST_SIZE),
	KT_ENTRY("sha224", sha224, SHA224_DIGEST_SIZE),
	KT_ENTRY("sha256", sha256, SHA256_DIGEST_SIZE),
	KT_ENTRY("sha384", sha384, SHA384_DIGEST_SIZE),
	KT_ENTRY("sha512", sha512, SHA512_DIGEST_SIZE),
	KT_SHA3_ENTRY(224),
	KT_SHA3_ENTRY(256),
	KT_SHA3_ENTRY(384),
	KT_SHA3_ENTRY(512),
};

/*
 * The kernel resolves a driver name too ("sha256-generic"); the names the
 * generic drivers carry are accepted as their algorithm.
 */
static const struct kt_hash *kt_find(const char *name)
{
	size_t i, n = strlen(name);
	char buf[64];

	if (n >= sizeof(buf))
		return NULL;
	memcpy(buf, name, n + 1);
	if (n > 8 && !strcmp(buf + n - 8, "-generic"))
		buf[n - 8] = '\0';
	else if (n > 9 && !strcmp(buf + n - 9, "-generic)")) {
		buf[n - 9] = ')';
		buf[n - 8] = '\0';
	}
	for (i = 0; i < sizeof(kt_hashes) / sizeof(kt_hashes[0]); i++)
		if (!strcmp(kt_hashes[i].name, buf))
			return &kt_hashes[i];
	return NULL;
}

/**
 * kt_md_new() - look up a hash or HMAC by kernel crypto API name
 * @md: the handle to fill
 * @name: "sha256", "hmac(sha512)", ...
 *
 * Return: 0, or -ENOENT for a name libkcrypto does not implement (what
 * bind(2) on an AF_ALG hash socket returns).
 */
int kt_md_new(struct kt_md *md, const char *name)
{
	memset(md, 0, sizeof(*md));
	md->alg = kt_find(name);
	return md->alg ? 0 : -ENOENT;
}

bool kt_md_keyed(const struct kt_md *md)
{
	return md->alg->keyed;
}

unsigned int kt_md_digestsize(const struct kt_md *md)
{
	return md->alg->digestsize;
}

/**
 * kt_md_setkey() - set the HMAC key (a copy is kept until kt_md_free())
 *
 * Return: 0, -ENOMEM, or -ENOSYS for an unkeyed hash (what
 * setsockopt(ALG_SET_KEY) returns on one).
 */
int kt_md_setkey(struct kt_md *md, const uint8_t *key, size_t len)
{
	if (!md->alg->keyed)
		return -ENOSYS;
	if (md->key) {
		kt_zero(md->key, md->keylen);
		free(md->key);
	}
	md->key = malloc(len ? len : 1);
	if (!md->key)
		return -ENOMEM;
	memcpy(md->key, key, len);
	md->keylen = len;
	return 0;
}

/**
 * kt_md_init() - start a hash (again)
 *
 * Return: 0, or -ENOKEY for an HMAC whose key was never set.
 */
int kt_md_init(struct kt_md *md)
{
	if (md->alg->keyed && !md->key)
		return -ENOKEY;
	md->alg->init(md->ctx, md->key, md->keylen);
	return 0;
}

void kt_md_update(struct kt_md *md, const uint8_t *data, size_t len)
{
	md->alg->update(md->ctx, data, len);
}

/* The digest; the context is wiped, kt_md_init() starts the next one. */
void kt_md_final(struct kt_md *md, uint8_t *out)
{
	md->alg->final(md->ctx, out);
	kt_zero(md->ctx, sizeof(md->ctx));
}

void kt_md_free(struct kt_md *md)
{
	if (md->key) {
		kt_zero(md->key, md->keylen);
		free(md->key);
	}
	kt_zero(md, sizeof(*md));
}

/**
 * kt_pbkdf2() - PBKDF2 (SP 800-132, RFC 8018) with an HMAC by name
 *
 * Return: 0; -ENOENT for an unknown or unkeyed @mac; -EINVAL for zero
 * iterations or an empty password (as libkcapi's kcapi_pbkdf()).
 */
int kt_pbkdf2(const char *mac, const uint8_t *pw, size_t pwlen,
	      const uint8_t *salt, size_t saltlen, uint32_t iter,
	      uint8_t *out, size_t outlen)
{
	uint8_t u[KT_MAX_DIGEST], t[KT_MAX_DIGEST], ctr[4];
	struct kt_md md;
	uint32_t blk = 1, j;
	unsigned int ds;
	size_t i, n;
	int ret;

	ret = kt_md_new(&md, mac);
	if (ret)
		return ret;
	if (!kt_md_keyed(&md))
		return -ENOENT;
	if (!iter || !pwlen)
		return -EINVAL;
	ret = kt_md_setkey(&md, pw, pwlen);
	if (ret)
		return ret;
	ds = kt_md_digestsize(&md);
	while (outlen) {
		ctr[0] = blk >> 24;
		ctr[1] = blk >> 16;
		ctr[2] = blk >> 8;
		ctr[3] = blk;
		kt_md_init(&md);
		kt_md_update(&md, salt, saltlen);
		kt_md_update(&md, ctr, 4);
		kt_md_final(&md, u);
		memcpy(t, u, ds);
		for (j = 1; j < iter; j++) {
			kt_md_init(&md);
			kt_md_update(&md, u, ds);
			kt_md_final(&md, u);
			for (i = 0; i < ds; i++)
				t[i] ^= u[i];
		}
		n = outlen < ds ? outlen : ds;
		memcpy(out, t, n);
		out += n;
		outlen -= n;
		blk++;
	}
	kt_zero(u, sizeof(u));
	kt_zero(t, sizeof(t));
	kt_md_free(&md);
	return 0;
}

/*
 * The iteration count that takes at least 100 ms, as libkcapi's
 * kcapi_pbkdf_iteration_count(): doubled from 2^10 until one run of
 * PBKDF2 over a fixed password lasts that long.
 */
uint32_t kt_pbkdf2_iterations(const char *mac)
{
	static const uint8_t pw[] = "passwordpassword", salt[] = "salt";
	struct timespec a, b;
	uint32_t iter;
	uint8_t out[32];

	for (iter = 1 << 10; iter < (1U << 30); iter <<= 1) {
		clock_gettime(CLOCK_MONOTONIC, &a);
		if (kt_pbkdf2(mac, pw, sizeof(pw) - 1, salt, sizeof(salt) - 1,
			      iter, out, sizeof(out)))
			return 1 << 16;
		clock_gettime(CLOCK_MONOTONIC, &b);
		if ((b.tv_sec - a.tv_sec) * 1000000000L +
		    (b.tv_nsec - a.tv_nsec) >= 100000000L)
			break;
	}
	return iter;
}

static const struct {
	const char *name;
	enum drbg_lib_core core;
	bool pr;
} kt_rngs[] = {
	{ "stdrng", DRBG_LIB_STDRNG_CORE, DRBG_LIB_STDRNG_PR },
	{ "drbg_nopr_hmac_sha256", DRBG_LIB_HMAC_SHA256, false },
	{ "drbg_pr_hmac_sha256", DRBG_LIB_HMAC_SHA256, true },
	{ "drbg_nopr_hmac_sha384", DRBG_LIB_HMAC_SHA384, false },
	{ "drbg_pr_hmac_sha384", DRBG_LIB_HMAC_SHA384, true },
	{ "drbg_nopr_hmac_sha512", DRBG_LIB_HMAC_SHA512, false },
	{ "drbg_pr_hmac_sha512", DRBG_LIB_HMAC_SHA512, true },
	{ "drbg_nopr_ctr_aes256", DRBG_LIB_CTR_AES256, false },
	{ "drbg_pr_ctr_aes256", DRBG_LIB_CTR_AES256, true },
};

/**
 * kt_rng_new() - a DRBG by name, seeded by the kernel (getrandom)
 * @name: "stdrng" or a DRBG driver name
 *
 * The DRBG seeds itself from get_random_bytes() as the kernel's does (the
 * kernel DRBG's seedsize is 0).
 *
 * Return: the state, or NULL with errno ENOENT (unknown name), ENOMEM,
 * or the DRBG's error.
 */
struct drbg_lib_state *kt_rng_new(const char *name)
{
	struct drbg_lib_state *drbg;
	size_t i;
	int ret;

	for (i = 0; i < sizeof(kt_rngs) / sizeof(kt_rngs[0]); i++)
		if (!strcmp(kt_rngs[i].name, name))
			break;
	if (i == sizeof(kt_rngs) / sizeof(kt_rngs[0])) {
		errno = ENOENT;
		return NULL;
	}
	drbg = calloc(1, sizeof(*drbg));
	if (!drbg)
		return NULL;
	ret = drbg_lib_seed(drbg, kt_rngs[i].core, kt_rngs[i].pr, NULL, 0);
	if (ret) {
		kt_rng_free(drbg);
		errno = -ret;
		return NULL;
	}
	return drbg;
}

/* Return: 0 or the DRBG's error (a negative errno). */
int kt_rng_generate(struct drbg_lib_state *drbg, uint8_t *out, size_t len)
{
	return drbg_lib_generate_long(drbg, out, len, NULL, 0);
}

void kt_rng_free(struct drbg_lib_state *drbg)
{
	drbg_lib_uninstantiate(drbg);
	free(drbg);
}

/*
 * AEADs by kernel name: gcm(aes) with its 12-byte IV, ccm(aes) with the
 * kernel's 16-byte counter-block IV (iv[0] = L - 1, the nonce after it).
 */
enum kt_aead_mode { KT_GCM, KT_CCM };

static const struct {
	const char *name;
	enum kt_aead_mode mode;
	unsigned int ivsize;
} kt_aeads[] = {
	{ "gcm(aes)", KT_GCM, GCM_AES_IV_SIZE },
	{ "ccm(aes)", KT_CCM, AES_BLOCK_SIZE },
};

static int kt_aead_find(const char *name)
{
	int i;

	for (i = 0; i < (int)(sizeof(kt_aeads) / sizeof(kt_aeads[0])); i++)
		if (!strcmp(kt_aeads[i].name, name))
			return i;
	return -1;
}

/*
 * Skciphers by kernel name: the AES modes kcapi-enc can drive.  Block size
 * and IV size are the kernel's (ctr(aes) is a stream cipher of block size
 * 1 with a 16-byte counter IV), because kcapi-enc pads to the block size.
 */
enum kt_mode { KT_ECB, KT_CBC, KT_CTR };

static const struct {
	const char *name;
	enum kt_mode mode;
	unsigned int blocksize, ivsize;
} kt_skciphers[] = {
	{ "ecb(aes)", KT_ECB, AES_BLOCK_SIZE, 0 },
	{ "cbc(aes)", KT_CBC, AES_BLOCK_SIZE, AES_BLOCK_SIZE },
	{ "ctr(aes)", KT_CTR, 1, AES_BLOCK_SIZE },
};

_Static_assert(sizeof(((struct kt_cipher *)0)->key) >= sizeof(struct aes_key),
	       "struct kt_cipher too small for struct aes_key");

/**
 * kt_cipher_new() - look up an skcipher by kernel crypto API name
 *
 * Return: 0, -EINVAL for an AEAD's name (the kernel's template refuses
 * the skcipher type), or -ENOENT for a name libkcrypto does not serve
 * here (what bind(2) on an AF_ALG skcipher socket returns).
 */
int kt_cipher_new(struct kt_cipher *c, const char *name)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	if (kt_aead_find(name) >= 0)
		return -EINVAL;
	for (i = 0; i < sizeof(kt_skciphers) / sizeof(kt_skciphers[0]); i++) {
		if (!strcmp(kt_skciphers[i].name, name)) {
			c->alg = (int)i;
			c->blocksize = kt_skciphers[i].blocksize;
			c->ivsize = kt_skciphers[i].ivsize;
			return 0;
		}
	}
	return -ENOENT;
}

/* Return: 0, or -EINVAL for a key length AES does not have. */
int kt_cipher_setkey(struct kt_cipher *c, const uint8_t *key, size_t len)
{
	return aes_preparekey((struct aes_key *)c->key, key, len);
}

/*
 * En/decrypt @len bytes; every call but the last must be a multiple of
 * AES_BLOCK_SIZE (the IV in @c carries the chain on).  ECB and CBC need a
 * multiple of the block size in every call (the caller checks).
 */
void kt_cipher_crypt(struct kt_cipher *c, bool decrypt, uint8_t *dst,
		     const uint8_t *src, size_t len)
{
	const struct aes_key *key = (const struct aes_key *)c->key;

	switch (kt_skciphers[c->alg].mode) {
	case KT_ECB:
		if (decrypt)
			aes_ecb_decrypt(dst, src, len, key);
		else
			aes_ecb_encrypt(dst, src, len, key);
		break;
	case KT_CBC:
		if (decrypt)
			aes_cbc_decrypt(dst, src, len, c->iv, key);
		else
			aes_cbc_encrypt(dst, src, len, c->iv, key);
		break;
	case KT_CTR:
		aes_ctr(dst, src, len, c->iv, key);
		break;
	}
}

void kt_cipher_free(struct kt_cipher *c)
{
	kt_zero(c, sizeof(*c));
}

union kt_aead_key {
	struct aes_gcm_key gcm;
	struct aes_ccm_key ccm;
};

_Static_assert(sizeof(((struct kt_aead *)0)->key) >= sizeof(union kt_aead_key),
	       "struct kt_aead too small for the AEAD keys");

/**
 * kt_aead_new() - look up an AEAD by kernel crypto API name
 *
 * Return: 0; -EINVAL for an skcipher's name (the kernel's template
 * refuses the aead type); -ENOENT for a name not served here.
 */
int kt_aead_new(struct kt_aead *a, const char *name)
{
	struct kt_cipher c;
	int i = kt_aead_find(name);

	memset(a, 0, sizeof(*a));
	if (i < 0)
		return kt_cipher_new(&c, name) ? -ENOENT : -EINVAL;
	a->alg = i;
	a->ivsize = kt_aeads[i].ivsize;
	a->authsize = AES_BLOCK_SIZE;
	return 0;
}

/* Prepare the raw key for the current tag length; 0 or -EINVAL. */
static int kt_aead_prepare(struct kt_aead *a)
{
	union kt_aead_key *k = (union kt_aead_key *)a->key;

	if (kt_aeads[a->alg].mode == KT_GCM)
		return aes_gcm_preparekey(&k->gcm, a->raw, a->rawlen,
					  a->authsize);
	return aes_ccm_preparekey(&k->ccm, a->raw, a->rawlen, a->authsize);
}

/* Return: 0, or -EINVAL for a key length AES does not have. */
int kt_aead_setkey(struct kt_aead *a, const uint8_t *key, size_t len)
{
	if (len > sizeof(a->raw))
		return -EINVAL;
	memcpy(a->raw, key, len);
	a->rawlen = len;
	return kt_aead_prepare(a);
}

/*
 * The tag length, as ALG_SET_AEAD_AUTHSIZE sets it after the key: GCM
 * takes 4, 8 and 12-16 bytes, CCM the even lengths 4-16.
 * Return: 0 or -EINVAL.
 */
int kt_aead_setauthsize(struct kt_aead *a, size_t len)
{
	size_t old = a->authsize;

	a->authsize = len;
	if (!kt_aead_prepare(a))
		return 0;
	a->authsize = old;
	kt_aead_prepare(a);
	return -EINVAL;
}

/**
 * kt_aead_crypt() - one AEAD message, encrypted or checked and decrypted
 * @a: the AEAD, key and tag length set
 * @decrypt: decrypt and check @tag instead of encrypting and writing it
 * @dst: the output, @len bytes (in place allowed)
 * @src: the input, @len bytes
 * @ad: the associated data, @adlen bytes
 * @iv: @a->ivsize bytes
 * @tag: the tag, @a->authsize bytes (written on encryption)
 *
 * Return: 0; -EBADMSG if the tag does not match (@dst then holds no
 * plaintext); -EINVAL for a CCM IV whose iv[0] is not 1..7; -EOVERFLOW
 * for a CCM message longer than its length field.
 */
int kt_aead_crypt(struct kt_aead *a, bool decrypt, uint8_t *dst,
		  const uint8_t *src, size_t len, const uint8_t *ad,
		  size_t adlen, const uint8_t *iv, uint8_t *tag)
{
	const union kt_aead_key *k = (const union kt_aead_key *)a->key;

	if (kt_aeads[a->alg].mode == KT_GCM) {
		if (decrypt)
			return aes_gcm_decrypt(dst, src, len, tag, ad, adlen,
					       iv, &k->gcm);
		aes_gcm_encrypt(dst, src, len, tag, ad, adlen, iv, &k->gcm);
		return 0;
	}
	/* crypto/ccm.c: iv[0] = L - 1 with L in 2..8, a nonce of 15 - L */
	if (iv[0] < 1 || iv[0] > 7)
		return -EINVAL;
	if (decrypt)
		return aes_ccm_decrypt(dst, src, len, tag, ad, adlen, iv + 1,
				       14 - iv[0], &k->ccm);
	return aes_ccm_encrypt(dst, src, len, tag, ad, adlen, iv + 1,
			       14 - iv[0], &k->ccm);
}

void kt_aead_free(struct kt_aead *a)
{
	kt_zero(a, sizeof(*a));
}
