/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ML-DSA signature verification (FIPS 204)
 *
 * mldsa_verify() has the type and contract of the mainline Linux library:
 * pure ML-DSA with an empty context string.  mldsa_verify_ctx() (non-empty
 * context string) and mldsa_verify_mu() (externally computed message
 * representative) are extensions for userspace callers.
 */
#ifndef _CRYPTO_MLDSA_H
#define _CRYPTO_MLDSA_H

#include <linux/types.h>

/* Identifier for an ML-DSA parameter set */
enum mldsa_alg {
	MLDSA44, /* ML-DSA-44 */
	MLDSA65, /* ML-DSA-65 */
	MLDSA87, /* ML-DSA-87 */
};

/* Lengths of ML-DSA public keys and signatures in bytes */
#define MLDSA44_PUBLIC_KEY_SIZE 1312
#define MLDSA65_PUBLIC_KEY_SIZE 1952
#define MLDSA87_PUBLIC_KEY_SIZE 2592
#define MLDSA44_SIGNATURE_SIZE 2420
#define MLDSA65_SIGNATURE_SIZE 3309
#define MLDSA87_SIGNATURE_SIZE 4627

/* Length of the message representative mu, and the longest context string */
#define MLDSA_MU_SIZE		64
#define MLDSA_MAX_CTX_SIZE	255

/**
 * mldsa_verify() - Verify an ML-DSA signature
 * @alg: the ML-DSA parameter set to use
 * @sig: the signature
 * @sig_len: length of the signature in bytes.  Should match the
 *	     MLDSA*_SIGNATURE_SIZE constant associated with @alg,
 *	     otherwise -EBADMSG is returned.
 * @msg: the message
 * @msg_len: length of the message in bytes
 * @pk: the public key
 * @pk_len: length of the public key in bytes.  Should match the
 *	    MLDSA*_PUBLIC_KEY_SIZE constant associated with @alg,
 *	    otherwise -EBADMSG is returned.
 *
 * Verifies a pure ML-DSA signature made with an empty context string.
 *
 * Context: Might sleep
 *
 * Return:
 * * 0 if the signature is valid
 * * -EBADMSG if the signature and/or public key is malformed: a wrong
 *   length, a coefficient of z outside the infinity-norm bound, or a
 *   malformed hint encoding
 * * -EKEYREJECTED if the signature is well-formed but invalid
 * * -ENOMEM if out of memory so the validity of the signature is unknown
 */
int mldsa_verify(enum mldsa_alg alg, const u8 *sig, size_t sig_len,
		 const u8 *msg, size_t msg_len, const u8 *pk, size_t pk_len);

/**
 * mldsa_verify_ctx() - Verify an ML-DSA signature with a context string
 * @alg: the ML-DSA parameter set to use
 * @sig: the signature
 * @sig_len: length of the signature in bytes
 * @ctx: the context string the signer used (may be NULL if @ctx_len is 0)
 * @ctx_len: length of the context string, at most MLDSA_MAX_CTX_SIZE
 * @msg: the message
 * @msg_len: length of the message in bytes
 * @pk: the public key
 * @pk_len: length of the public key in bytes
 *
 * Pure ML-DSA verification (FIPS 204 Algorithm 3) with a context string.
 * With @ctx_len == 0 this is mldsa_verify().
 *
 * Context: Might sleep
 *
 * Return: as mldsa_verify(), and -EINVAL if @ctx_len > MLDSA_MAX_CTX_SIZE
 * (FIPS 204 rejects such a context before looking at the signature).
 */
int mldsa_verify_ctx(enum mldsa_alg alg, const u8 *sig, size_t sig_len,
		     const u8 *ctx, size_t ctx_len,
		     const u8 *msg, size_t msg_len,
		     const u8 *pk, size_t pk_len);

/**
 * mldsa_verify_mu() - Verify an ML-DSA signature over an external mu
 * @alg: the ML-DSA parameter set to use
 * @sig: the signature
 * @sig_len: length of the signature in bytes
 * @mu: the message representative, SHAKE256(tr || M', 64) where
 *	tr = SHAKE256(pk, 64) and M' is the formatted message (for pure
 *	ML-DSA: 0, the context length, the context, the message)
 * @pk: the public key
 * @pk_len: length of the public key in bytes
 *
 * ML-DSA.Verify_internal of FIPS 204 (Algorithm 8) for callers that compute
 * mu themselves, e.g. while streaming a large message.  The caller must
 * derive @mu from this same @pk.
 *
 * Context: Might sleep
 *
 * Return: as mldsa_verify().
 */
int mldsa_verify_mu(enum mldsa_alg alg, const u8 *sig, size_t sig_len,
		    const u8 mu[MLDSA_MU_SIZE], const u8 *pk, size_t pk_len);

#endif /* _CRYPTO_MLDSA_H */
