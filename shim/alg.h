/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The algorithms: what an adapter (alg-*.c) gives the socket layers, and
 * the registry (registry.c) that finds one by name as the kernel does.
 * Neither calls into the socket layers.
 */
#ifndef AFALG_SHIM_ALG_H
#define AFALG_SHIM_ALG_H

#include "base.h"

enum afs_type {
	AFS_HASH,
	AFS_SKCIPHER,
	AFS_AEAD,
	AFS_RNG,
	AFS_NTYPES,
};

/*
 * Operations of one algorithm.  @tfm is the per-tfm (keyed) context of
 * tfm_size bytes, zeroed at bind; @req a per-request state of state_size
 * bytes.  Key and state are wiped by the caller when released.
 */
struct afs_hash_ops {
	/* NULL: unkeyed hash, setkey fails with ENOSYS */
	int (*setkey)(void *tfm, const uint8_t *key, unsigned int keylen);
	void (*init)(const void *tfm, void *req);
	void (*update)(void *req, const uint8_t *data, size_t len);
	void (*final)(void *req, uint8_t *out);
	/* optional one-shot */
	void (*digest)(const void *tfm, const uint8_t *data, size_t len,
		       uint8_t *out);
};

/*
 * Ciphers process contiguous buffers; dst may equal src.  @iv is the
 * socket's IV (ivsize bytes); the mode updates it exactly as the kernel
 * driver writes req->iv back (CBC/CTR chain, XTS/rfc3686 do not).
 * @final is false for a request that more data will follow (the kernel's
 * CRYPTO_SKCIPHER_REQ_NOTFINAL); len is then a multiple of chunksize.
 * Returns 0 or -errno (EINVAL for a length the mode cannot process).
 */
struct afs_skcipher_ops {
	int (*setkey)(void *tfm, const uint8_t *key, unsigned int keylen);
	int (*encrypt)(const void *tfm, uint8_t *iv, uint8_t *dst,
		       const uint8_t *src, size_t len, bool final);
	int (*decrypt)(const void *tfm, uint8_t *iv, uint8_t *dst,
		       const uint8_t *src, size_t len, bool final);
};

/*
 * AEAD: @src holds assoclen bytes of AAD followed by cryptlen bytes of
 * plaintext (encrypt) or ciphertext+tag (decrypt, cryptlen includes the
 * tag).  @dst receives only the crypt part (the AAD echo is done by the
 * caller): ciphertext+tag or plaintext.  Returns 0, -EBADMSG or -EINVAL.
 */
struct afs_aead_ops {
	int (*setkey)(void *tfm, const uint8_t *key, unsigned int keylen);
	int (*setauthsize)(void *tfm, unsigned int authsize);
	int (*encrypt)(const void *tfm, unsigned int authsize,
		       const uint8_t *iv, uint8_t *dst, const uint8_t *src,
		       size_t assoclen, size_t cryptlen);
	int (*decrypt)(const void *tfm, unsigned int authsize,
		       const uint8_t *iv, uint8_t *dst, const uint8_t *src,
		       size_t assoclen, size_t cryptlen);
};

struct afs_rng_ops {
	/* seed = ALG_SET_KEY payload (the kernel's crypto_rng_reset) */
	int (*seed)(void *tfm, const uint8_t *seed, unsigned int len);
	int (*generate)(void *tfm, uint8_t *out, size_t len);
};

struct afs_alg {
	const char *name;		/* cra_name, e.g. "hmac(sha256)" */
	const char *driver;		/* cra_driver_name, "hmac(sha256-generic)" */
	enum afs_type type;
	const char *report_type;	/* "shash", "skcipher", "aead", "rng" */
	unsigned int priority;
	unsigned int blocksize;		/* cra_blocksize */
	unsigned int digestsize;	/* hash */
	unsigned int ivsize;		/* skcipher, aead */
	unsigned int chunksize;		/* skcipher (0: = blocksize) */
	unsigned int min_reqsize;	/* skcipher: shorter requests, even
					 * empty ones, are EINVAL (xts) */
	unsigned int min_keysize, max_keysize;	/* skcipher */
	unsigned int maxauthsize;	/* aead */
	unsigned int seedsize;		/* rng */
	bool needs_key;			/* keyed: accept gives nokey children */
	bool optional_key;		/* failed setkey does not re-arm NEED_KEY */
	size_t tfm_size;
	size_t state_size;		/* hash request state */
	union {
		struct afs_hash_ops hash;
		struct afs_skcipher_ops skcipher;
		struct afs_aead_ops aead;
		struct afs_rng_ops rng;
	} ops;
};

/*
 * Resolve a name as the kernel's crypto_alloc_*() would for socket type
 * @type: cra_name or driver name, template names with their parameters
 * resolved recursively.  NULL when the shim cannot serve it (bind: ENOENT).
 */
AFS_HIDDEN const struct afs_alg *afs_alg_lookup(enum afs_type type,
						const char *name);
/* bind()'s errno for a name afs_alg_lookup() did not find (-EINVAL/-ENOENT) */
AFS_HIDDEN int afs_alg_bind_error(enum afs_type type, const char *name);
/* Exact match on cra_name or driver name, any type (NETLINK_CRYPTO). */
AFS_HIDDEN const struct afs_alg *afs_alg_find(const char *name,
					      bool driver);
/* Iterate over every algorithm served (NETLINK_CRYPTO dumps). */
AFS_HIDDEN const struct afs_alg *afs_alg_nth(unsigned int i);

/*
 * Each adapter file (alg-*.c) registers its table, terminated by a NULL
 * name, once: AFS_ALG_FAMILY(sha256_algs).  The pointers land in one
 * linker section that registry.c walks, so adding a family is one file
 * and one line in meson.build.
 */
#define AFS_ALG_FAMILY(table)						\
	static const struct afs_alg *const afs_family_##table		\
	__attribute__((used, section("afs_alg_families"))) = table

#endif /* AFALG_SHIM_ALG_H */
