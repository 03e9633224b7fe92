/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kcapi-to-kcrypto.h: libkcapi's one-shot convenience calls on libkcrypto.
 *
 * `afalg-migrate rewrite` renames kcapi_md_sha256() to kcrypto_md_sha256()
 * and so on.  Each helper takes the same arguments and keeps the return
 * contract of Debian's libkcapi 1.4.0 (checked by tests/migrate against the
 * real library): -EINVAL for a NULL or empty output buffer; a shorter buffer
 * gets the leading bytes of the digest and the call returns its length (the
 * AF_ALG truncated read); otherwise the digest size.  The work is done
 * in-process with the kernel's library code instead of through AF_ALG.  Link with libkcrypto
 * (pkg-config --cflags --libs libkcrypto).
 */
#ifndef KCAPI_TO_KCRYPTO_H
#define KCAPI_TO_KCRYPTO_H

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>
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
}

KCRYPTO_DEFINE_MD(sha1, SHA1)
KCRYPTO_DEFINE_MD(sha224, SHA224)
KCRYPTO_DEFINE_MD(sha256, SHA256)
KCRYPTO_DEFINE_MD(sha384, SHA384)
KCRYPTO_DEFINE_MD(sha512, SHA512)

#undef KCRYPTO_DEFINE_MD

/*
 * kcapi_rng_get_bytes() reads the kernel's stdrng (a DRBG seeded from the
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

#endif /* KCAPI_TO_KCRYPTO_H */
