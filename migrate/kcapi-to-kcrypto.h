/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kcapi-to-kcrypto.h: libkcapi's convenience and message digest calls on
 * libkcrypto, for code rewritten by `afalg-migrate rewrite`.
 *
 * The rewrite renames kcapi_md_sha256() to kcrypto_md_sha256(), struct
 * kcapi_handle to struct kcrypto_handle and so on.  Each helper has the
 * prototype of the libkcapi 1.4.0 function it replaces (so function
 * pointers and tables of them keep their types) and its return contract:
 *
 *  - one-shot digests and HMACs: -EINVAL for a NULL or empty output buffer;
 *    a shorter buffer gets the leading bytes and the call returns its
 *    length (the AF_ALG truncated read); otherwise the digest size.
 *  - AES-CBC/CTR one-shots: -EINVAL for a key that is not 16, 24 or 32
 *    bytes or CBC input that is not a multiple of 16 bytes; 0 for empty
 *    input or output; else the number of bytes processed.  Unlike
 *    libkcapi, an output buffer shorter than the input is -EINVAL.
 *  - kcrypto_pbkdf(): "hmac(sha1)", "hmac(sha224)", "hmac(sha256)",
 *    "hmac(sha384)", "hmac(sha512)"; another hmac() name is -ENOENT, an
 *    unkeyed name -ENOSYS, 0 iterations -EINVAL.
 *  - kcrypto_md_init(): the names sha1, sha224, sha256, sha384, sha512 and
 *    hmac() of them, else -ENOENT; an HMAC handle without a key gives
 *    -ENOKEY from final and -1 (errno ENOKEY) from update, as libkcapi; kcrypto_md_setkey() on an unkeyed hash gives -ENOSYS;
 *    kcrypto_md_final() truncates like the one-shots and starts a new
 *    message with the same key.
 *  - kcrypto_rng_get_bytes() and the RNG handle: getrandom(2), the pool the
 *    kernel's stdrng is seeded from; a DRBG handle must be seeded first
 *    (-EINVAL otherwise, as through AF_ALG).
 *  - not modelled: AF_ALG refuses a new key or seed (-EBUSY) once the
 *    handle has been used; the helpers accept it.
 *  - logging, version and kcapi_memset_secure() equivalents, and
 *    kcrypto_pbkdf_iteration_count() measured like libkcapi's.
 *
 * The work is done in-process by the kernel's library code instead of
 * through AF_ALG.  Build with pkg-config --cflags --libs libkcrypto.
 */
#ifndef KCAPI_TO_KCRYPTO_H
#define KCAPI_TO_KCRYPTO_H

/*
 * The kernel-style headers pull in <stdbool.h>; programs that define their
 * own bool/true/false (as libkcapi's apps do) must not see its macros.
 */
#ifndef __bool_true_false_are_defined
#define KCRYPTO_UNDEF_STDBOOL
#endif

#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>
#include <sys/uio.h>	/* kcapi.h provides struct iovec to its users */
#include <crypto/aes-cbc.h>
#include <crypto/aes-ctr.h>
#include <crypto/pbkdf2.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>

/* Copy out min(outlen, size) bytes of a digest; libkcapi's return value. */
static inline ssize_t kcrypto_md_copy_out(uint8_t *out, size_t outlen,
					  uint8_t *digest, size_t size)
{
	size_t n = outlen < size ? outlen : size;

	memcpy(out, digest, n);
	explicit_bzero(digest, size);
	return (ssize_t)n;
}

/*
 * The handle of the message digest calls (kcapi_md_init() and friends) and
 * of the RNG calls (kcapi_rng_init() and friends: desc is NULL).
 */
struct kcrypto_handle {
	const struct kcrypto_md_desc *desc;
	int has_key;
	union {
		struct sha1_ctx sha1;
		struct sha224_ctx sha224;
		struct sha256_ctx sha256;
		struct sha384_ctx sha384;
		struct sha512_ctx sha512;
		struct hmac_sha1_ctx hmac_sha1;
		struct hmac_sha224_ctx hmac_sha224;
		struct hmac_sha256_ctx hmac_sha256;
		struct hmac_sha384_ctx hmac_sha384;
		struct hmac_sha512_ctx hmac_sha512;
	} ctx;
	union {
		struct hmac_sha1_key sha1;
		struct hmac_sha224_key sha224;
		struct hmac_sha256_key sha256;
		struct hmac_sha384_key sha384;
		struct hmac_sha512_key sha512;
	} key;
};

struct kcrypto_md_desc {
	const char *name;
	uint32_t digestsize, blocksize;
	void (*init)(struct kcrypto_handle *h);
	void (*update)(struct kcrypto_handle *h, const uint8_t *d, size_t n);
	void (*final)(struct kcrypto_handle *h, uint8_t *out);
	void (*setkey)(struct kcrypto_handle *h, const uint8_t *k, size_t n);
	int (*pbkdf2)(const u8 *p, size_t pl, const u8 *s, size_t sl, u32 c,
		      u8 *out, size_t ol);
};

/*
 * Per hash: the one-shot digest and HMAC of libkcapi, and the handle
 * operations of the plain hash and of its HMAC.
 */
#define KCRYPTO_DEFINE_MD(name, NAME)					\
static inline ssize_t kcrypto_md_##name(const uint8_t *in, size_t inlen,	\
					uint8_t *out, size_t outlen)	\
{									\
	uint8_t d[NAME##_DIGEST_SIZE];					\
									\
	if (!out || !outlen)						\
		return -EINVAL;						\
	name(in, inlen, d);						\
	return kcrypto_md_copy_out(out, outlen, d, sizeof(d));		\
}									\
static inline ssize_t kcrypto_md_hmac_##name(const uint8_t *key,	\
					     uint32_t keylen,		\
					     const uint8_t *in, size_t inlen, \
					     uint8_t *out, size_t outlen) \
{									\
	uint8_t d[NAME##_DIGEST_SIZE];					\
									\
	if (!out || !outlen)						\
		return -EINVAL;						\
	hmac_##name##_usingrawkey(key, keylen, in, inlen, d);		\
	return kcrypto_md_copy_out(out, outlen, d, sizeof(d));		\
}									\
static inline void kcrypto_h_##name##_init(struct kcrypto_handle *h)	\
{									\
	name##_init(&h->ctx.name);					\
}									\
static inline void kcrypto_h_##name##_update(struct kcrypto_handle *h,	\
					     const uint8_t *d, size_t n) \
{									\
	name##_update(&h->ctx.name, d, n);				\
}									\
static inline void kcrypto_h_##name##_final(struct kcrypto_handle *h,	\
					    uint8_t *out)		\
{									\
	name##_final(&h->ctx.name, out);				\
}									\
static inline void kcrypto_h_hmac_##name##_init(struct kcrypto_handle *h) \
{									\
	hmac_##name##_init(&h->ctx.hmac_##name, &h->key.name);		\
}									\
static inline void kcrypto_h_hmac_##name##_update(struct kcrypto_handle *h, \
						  const uint8_t *d, size_t n) \
{									\
	hmac_##name##_update(&h->ctx.hmac_##name, d, n);		\
}									\
static inline void kcrypto_h_hmac_##name##_final(struct kcrypto_handle *h, \
						 uint8_t *out)		\
{									\
	hmac_##name##_final(&h->ctx.hmac_##name, out);			\
}									\
static inline void kcrypto_h_hmac_##name##_setkey(struct kcrypto_handle *h, \
						  const uint8_t *k, size_t n) \
{									\
	hmac_##name##_preparekey(&h->key.name, k, n);			\
}

KCRYPTO_DEFINE_MD(sha1, SHA1)
KCRYPTO_DEFINE_MD(sha224, SHA224)
KCRYPTO_DEFINE_MD(sha256, SHA256)
KCRYPTO_DEFINE_MD(sha384, SHA384)
KCRYPTO_DEFINE_MD(sha512, SHA512)

#undef KCRYPTO_DEFINE_MD

#define KCRYPTO_MD_DESC(name, NAME)					\
	{ #name, NAME##_DIGEST_SIZE, NAME##_BLOCK_SIZE,			\
	  kcrypto_h_##name##_init, kcrypto_h_##name##_update,		\
	  kcrypto_h_##name##_final, NULL, NULL },			\
	{ "hmac(" #name ")", NAME##_DIGEST_SIZE, NAME##_BLOCK_SIZE,	\
	  kcrypto_h_hmac_##name##_init, kcrypto_h_hmac_##name##_update,	\
	  kcrypto_h_hmac_##name##_final, kcrypto_h_hmac_##name##_setkey,	\
	  pbkdf2_hmac_##name }

static const struct kcrypto_md_desc kcrypto_md_descs[] = {
	KCRYPTO_MD_DESC(sha1, SHA1),
	KCRYPTO_MD_DESC(sha224, SHA224),
	KCRYPTO_MD_DESC(sha256, SHA256),
	KCRYPTO_MD_DESC(sha384, SHA384),
	KCRYPTO_MD_DESC(sha512, SHA512),
};

#undef KCRYPTO_MD_DESC

static inline const struct kcrypto_md_desc *kcrypto_md_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(kcrypto_md_descs) / sizeof(kcrypto_md_descs[0]); i++)
		if (name && !strcmp(kcrypto_md_descs[i].name, name))
			return &kcrypto_md_descs[i];
	return NULL;
}

static inline int kcrypto_md_init(struct kcrypto_handle **handle,
				  const char *ciphername, uint32_t flags)
{
	const struct kcrypto_md_desc *desc = kcrypto_md_lookup(ciphername);
	struct kcrypto_handle *h;

	(void)flags;
	if (!desc)
		return -ENOENT;
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->desc = desc;
	if (!desc->setkey)
		desc->init(h);
	*handle = h;
	return 0;
}

static inline void kcrypto_md_destroy(struct kcrypto_handle *handle)
{
	if (!handle)
		return;
	explicit_bzero(handle, sizeof(*handle));
	free(handle);
}

static inline void kcrypto_handle_destroy(struct kcrypto_handle *handle)
{
	kcrypto_md_destroy(handle);
}

static inline int kcrypto_md_setkey(struct kcrypto_handle *handle,
				    const uint8_t *key, uint32_t keylen)
{
	if (!handle->desc->setkey)
		return -ENOSYS;
	handle->desc->setkey(handle, key, keylen);
	handle->has_key = 1;
	handle->desc->init(handle);
	return 0;
}

static inline ssize_t kcrypto_md_update(struct kcrypto_handle *handle,
					const uint8_t *buffer, size_t len)
{
	/* libkcapi 1.4.0 passes on send(2)'s -1 here, with errno ENOKEY. */
	if (handle->desc->setkey && !handle->has_key) {
		errno = ENOKEY;
		return -1;
	}
	handle->desc->update(handle, buffer, len);
	return 0;
}

static inline ssize_t kcrypto_md_final(struct kcrypto_handle *handle,
				       uint8_t *buffer, size_t len)
{
	uint8_t d[SHA512_DIGEST_SIZE];

	if (handle->desc->setkey && !handle->has_key)
		return -ENOKEY;
	if (!buffer || !len)
		return -EINVAL;
	handle->desc->final(handle, d);
	handle->desc->init(handle);
	return kcrypto_md_copy_out(buffer, len, d, handle->desc->digestsize);
}

static inline ssize_t kcrypto_md_digest(struct kcrypto_handle *handle,
					const uint8_t *in, size_t inlen,
					uint8_t *out, size_t outlen)
{
	ssize_t ret = kcrypto_md_update(handle, in, inlen);

	return ret < 0 ? ret : kcrypto_md_final(handle, out, outlen);
}

static inline uint32_t kcrypto_md_digestsize(struct kcrypto_handle *handle)
{
	return handle ? handle->desc->digestsize : 0;
}

static inline uint32_t kcrypto_md_blocksize(struct kcrypto_handle *handle)
{
	return handle ? handle->desc->blocksize : 0;
}

static inline ssize_t kcrypto_pbkdf(const char *hashname,
				    const uint8_t *pw, uint32_t pwlen,
				    const uint8_t *salt, size_t saltlen,
				    uint32_t count, uint8_t *key, size_t keylen)
{
	const struct kcrypto_md_desc *desc = kcrypto_md_lookup(hashname);

	if (!count)
		return -EINVAL;
	if (!desc)
		return hashname && !strncmp(hashname, "hmac(", 5) ? -ENOENT : -ENOSYS;
	if (!desc->pbkdf2)
		return -ENOSYS;
	if (!keylen)
		return 0;
	return desc->pbkdf2(pw, pwlen, salt, saltlen, count, key, keylen);
}

enum kcrypto_aes_mode { KCRYPTO_CBC_ENC, KCRYPTO_CBC_DEC, KCRYPTO_CTR };

static inline ssize_t kcrypto_aes_crypt(enum kcrypto_aes_mode mode,
					const uint8_t *key, uint32_t keylen,
					const uint8_t *in, size_t inlen,
					const uint8_t *iv,
					uint8_t *out, size_t outlen)
{
	struct aes_key k;
	uint8_t block[AES_BLOCK_SIZE];

	if (aes_check_keylen(keylen))
		return -EINVAL;
	if (mode != KCRYPTO_CTR && inlen % AES_BLOCK_SIZE)
		return -EINVAL;
	if (!inlen || !outlen)
		return 0;
	if (outlen < inlen)
		return -EINVAL;
	if (aes_preparekey(&k, key, keylen))
		return -EINVAL;
	memcpy(block, iv, sizeof(block));
	if (mode == KCRYPTO_CBC_ENC)
		aes_cbc_encrypt(out, in, inlen, block, &k);
	else if (mode == KCRYPTO_CBC_DEC)
		aes_cbc_decrypt(out, in, inlen, block, &k);
	else
		aes_ctr(out, in, inlen, block, &k);
	explicit_bzero(&k, sizeof(k));
	explicit_bzero(block, sizeof(block));
	return (ssize_t)inlen;
}

#define KCRYPTO_DEFINE_AES(fn, mode)					\
static inline ssize_t kcrypto_cipher_##fn(const uint8_t *key,		\
					  uint32_t keylen,		\
					  const uint8_t *in, size_t inlen, \
					  const uint8_t *iv,		\
					  uint8_t *out, size_t outlen)	\
{									\
	return kcrypto_aes_crypt(mode, key, keylen, in, inlen, iv,	\
				 out, outlen);				\
}

KCRYPTO_DEFINE_AES(enc_aes_cbc, KCRYPTO_CBC_ENC)
KCRYPTO_DEFINE_AES(dec_aes_cbc, KCRYPTO_CBC_DEC)
KCRYPTO_DEFINE_AES(enc_aes_ctr, KCRYPTO_CTR)
KCRYPTO_DEFINE_AES(dec_aes_ctr, KCRYPTO_CTR)

#undef KCRYPTO_DEFINE_AES

/*
 * kcapi_rng_get_bytes() and the RNG handle read the kernel's stdrng (a DRBG seeded from the
 * kernel's entropy pool); getrandom(2) is the same pool without the socket.
 */
static inline ssize_t kcrypto_rng_get_bytes(uint8_t *buffer, size_t outlen)
{
	size_t done = 0;

	while (done < outlen) {
		ssize_t r = getrandom(buffer + done, outlen - done, 0);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		done += (size_t)r;
	}
	return (ssize_t)outlen;
}

/* RNG handles: the kernel's DRBGs are seeded from the same pool. */
static inline int kcrypto_rng_init(struct kcrypto_handle **handle,
				   const char *ciphername, uint32_t flags)
{
	(void)flags;
	if (!ciphername || (strcmp(ciphername, "stdrng") &&
			    strncmp(ciphername, "drbg_", 5) &&
			    strcmp(ciphername, "jitterentropy_rng")))
		return -ENOENT;
	*handle = calloc(1, sizeof(**handle));
	if (!*handle)
		return -ENOMEM;
	/* The jitter RNG needs no seed; a DRBG is instantiated by a seed. */
	(*handle)->has_key = !strcmp(ciphername, "jitterentropy_rng");
	return 0;
}

/*
 * The kernel's DRBG mixes the seed with fresh entropy, so its output never
 * depends on the seed alone; getrandom(2) needs none.  As with AF_ALG, a
 * DRBG handle generates only once it has been seeded.
 */
static inline int kcrypto_rng_seed(struct kcrypto_handle *handle,
				   uint8_t *seed, uint32_t seedlen)
{
	(void)seed;
	(void)seedlen;
	handle->has_key = 1;
	return 0;
}

static inline uint32_t kcrypto_rng_seedsize(struct kcrypto_handle *handle)
{
	(void)handle;
	return 0;
}

static inline ssize_t kcrypto_rng_generate(struct kcrypto_handle *handle,
					   uint8_t *buffer, size_t len)
{
	if (!handle->has_key)
		return -EINVAL;
	return kcrypto_rng_get_bytes(buffer, len);
}

static inline void kcrypto_rng_destroy(struct kcrypto_handle *handle)
{
	free(handle);
}

/* libkcapi's logging switch: libkcrypto does not log. */
enum kcrypto_verbosity {
	KCRYPTO_LOG_NONE,
	KCRYPTO_LOG_ERR,
	KCRYPTO_LOG_WARN,
	KCRYPTO_LOG_VERBOSE,
	KCRYPTO_LOG_DEBUG,
};

static inline void kcrypto_set_verbosity(enum kcrypto_verbosity level)
{
	(void)level;
}

/* The libkcapi API version these helpers implement (1.4.0). */
static inline uint32_t kcrypto_version(void)
{
	return 1040000;
}

static inline void kcrypto_versionstring(char *buf, uint32_t buflen)
{
	snprintf(buf, buflen, "libkcrypto (libkcapi 1.4.0 API)");
}

static inline void kcrypto_memset_secure(void *s, int c, size_t n)
{
	memset(s, c, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

/*
 * Iterations for which PBKDF2 takes at least @timeshresh ns (0: 2^27 ns),
 * measured here as libkcapi does; 2^18 if the name is not served.
 */
static inline uint32_t kcrypto_pbkdf_iteration_count(const char *hashname,
						     uint64_t timeshresh)
{
	const struct kcrypto_md_desc *desc = kcrypto_md_lookup(hashname);
	uint8_t out[SHA512_DIGEST_SIZE];
	uint32_t count;

	if (!desc || !desc->pbkdf2)
		return 1 << 18;
	if (!timeshresh)
		timeshresh = 1ULL << 27;
	for (count = 1 << 10; count < (1U << 30); count <<= 1) {
		struct timespec a, b;

		clock_gettime(CLOCK_MONOTONIC, &a);
		desc->pbkdf2((const u8 *)"password", 8, (const u8 *)"salt", 4, count,
			     out, desc->digestsize);
		clock_gettime(CLOCK_MONOTONIC, &b);
		if ((uint64_t)(b.tv_sec - a.tv_sec) * 1000000000ULL +
		    (uint64_t)(b.tv_nsec - a.tv_nsec) >= timeshresh)
			break;
	}
	return count;
}

#ifdef KCRYPTO_UNDEF_STDBOOL
#undef bool
#undef true
#undef false
#undef __bool_true_false_are_defined
#undef KCRYPTO_UNDEF_STDBOOL
#endif

#endif /* KCAPI_TO_KCRYPTO_H */
