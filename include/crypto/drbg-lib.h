/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NIST SP 800-90A deterministic random bit generators as the kernel's
 * crypto/drbg.c builds them: HMAC_DRBG and Hash_DRBG (SHA-256, SHA-384,
 * SHA-512) and CTR_DRBG (AES-128, AES-192, AES-256, with the derivation
 * function), with or without prediction resistance: every DRBG of Linux
 * 6.12 (which has no SHA-1 DRBGs).
 *
 * A library interface to the same mechanisms, for callers that hold the
 * state themselves (the AF_ALG "rng" emulation in userspace, tests).  The
 * names differ from <crypto/drbg.h>, which is the crypto API's internal
 * header for the "stdrng" family, so the two can coexist in one kernel.
 *
 * Seed material is passed in explicitly (drbg_lib_instantiate(),
 * drbg_lib_reseed(), the @pr_entropy of drbg_lib_generate()) or taken from
 * get_random_bytes() (drbg_lib_seed(), and generation when no explicit
 * entropy is given), with the lengths crypto/drbg.c uses.
 */
#ifndef _CRYPTO_DRBG_LIB_H
#define _CRYPTO_DRBG_LIB_H

#include <crypto/aes.h>
#include <linux/limits.h>
#include <linux/types.h>

enum drbg_lib_core {
	DRBG_LIB_HMAC_SHA256,	/* "drbg_{no,}pr_hmac_sha256" */
	DRBG_LIB_CTR_AES256,	/* "drbg_{no,}pr_ctr_aes256" */
	DRBG_LIB_HMAC_SHA384,	/* "drbg_{no,}pr_hmac_sha384" */
	DRBG_LIB_HMAC_SHA512,	/* "drbg_{no,}pr_hmac_sha512" */
	DRBG_LIB_CTR_AES128,	/* "drbg_{no,}pr_ctr_aes128" */
	DRBG_LIB_CTR_AES192,	/* "drbg_{no,}pr_ctr_aes192" */
	DRBG_LIB_HASH_SHA256,	/* "drbg_{no,}pr_sha256" */
	DRBG_LIB_HASH_SHA384,	/* "drbg_{no,}pr_sha384" */
	DRBG_LIB_HASH_SHA512,	/* "drbg_{no,}pr_sha512" */
	DRBG_LIB_NR_CORES
};

/*
 * "stdrng" in Linux 6.12 is the DRBG with the highest cra_priority:
 * crypto/drbg.c registers its cores in the order CTR (aes128, aes192,
 * aes256), Hash (sha384, sha512, sha256), HMAC (sha384, sha256, sha512),
 * the prediction-resistant variants first, with increasing priorities, so
 * the last one, drbg_nopr_hmac_sha512, wins (CRYPTO_DRBG_HMAC is always
 * built and selects SHA-512; ansi_cprng's stdrng has priority 100).
 */
#define DRBG_LIB_STDRNG_CORE	DRBG_LIB_HMAC_SHA512
#define DRBG_LIB_STDRNG_PR	false

#define DRBG_LIB_MAX_STATELEN		111	/* Hash_DRBG SHA-384/512 seedlen */
/* crypto/drbg.c's limits (include/crypto/drbg.h) */
#define DRBG_LIB_MAX_REQUEST_BYTES	(1 << 16)
#define DRBG_LIB_MAX_REQUESTS		(1 << 20)
#define DRBG_LIB_MAX_ADDTL		(U32_MAX - 1)

/**
 * struct drbg_lib_state - a DRBG instance
 * @V: the V value (HMAC: the digest size; CTR: 16 bytes; Hash: seedlen,
 *     55 bytes for SHA-256 and 111 for SHA-384/512)
 * @C: HMAC: the key K (the digest size); CTR: the AES key (16, 24 or 32
 *     bytes); Hash: the constant C (seedlen)
 * @aes: CTR: @C prepared for encryption
 * @reseed_ctr: generate requests since the last (re)seed, plus one
 * @core: which mechanism
 * @pr: prediction resistance: reseed before every request
 * @instantiated: set by a successful instantiate, cleared by uninstantiate
 */
struct drbg_lib_state {
	u8 V[DRBG_LIB_MAX_STATELEN];
	u8 C[DRBG_LIB_MAX_STATELEN];
	struct aes_enckey aes;
	u64 reseed_ctr;
	enum drbg_lib_core core;
	bool pr;
	bool instantiated;
};

int drbg_lib_instantiate(struct drbg_lib_state *drbg, enum drbg_lib_core core,
			 bool pr, const u8 *entropy, size_t entropy_len,
			 const u8 *pers, size_t pers_len);
int drbg_lib_seed(struct drbg_lib_state *drbg, enum drbg_lib_core core,
		  bool pr, const u8 *pers, size_t pers_len);
int drbg_lib_reseed(struct drbg_lib_state *drbg, const u8 *entropy,
		    size_t entropy_len, const u8 *addtl, size_t addtl_len);
int drbg_lib_generate(struct drbg_lib_state *drbg, u8 *out, size_t out_len,
		      const u8 *addtl, size_t addtl_len,
		      const u8 *pr_entropy, size_t pr_entropy_len);
int drbg_lib_generate_long(struct drbg_lib_state *drbg, u8 *out,
			   size_t out_len, const u8 *addtl, size_t addtl_len);
void drbg_lib_uninstantiate(struct drbg_lib_state *drbg);

#endif /* _CRYPTO_DRBG_LIB_H */
