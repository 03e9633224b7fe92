/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PBKDF2 (RFC 8018 section 5.2, SP 800-132) on the HMAC library functions.
 */
#ifndef _CRYPTO_PBKDF2_H
#define _CRYPTO_PBKDF2_H

#include <linux/types.h>

/**
 * pbkdf2_hmac_sha1() - PBKDF2 with HMAC-SHA1 as the pseudorandom function
 * @password: the password (the HMAC key); may be empty
 * @password_len: length of @password in bytes
 * @salt: the salt; may be empty
 * @salt_len: length of @salt in bytes
 * @iterations: iteration count c, at least 1
 * @out: (output) the derived key
 * @out_len: length of the derived key in bytes, at least 1
 *
 * Context: Any context.  Time is proportional to @iterations * @out_len.
 * Return: 0 on success, -EINVAL if @iterations or @out_len is 0.
 */
int pbkdf2_hmac_sha1(const u8 *password, size_t password_len,
		     const u8 *salt, size_t salt_len, u32 iterations,
		     u8 *out, size_t out_len);

/**
 * pbkdf2_hmac_sha224() - PBKDF2 with HMAC-SHA224 as the pseudorandom function
 * @password: the password (the HMAC key); may be empty
 * @password_len: length of @password in bytes
 * @salt: the salt; may be empty
 * @salt_len: length of @salt in bytes
 * @iterations: iteration count c, at least 1
 * @out: (output) the derived key
 * @out_len: length of the derived key in bytes, at least 1
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL if @iterations or @out_len is 0.
 */
int pbkdf2_hmac_sha224(const u8 *password, size_t password_len,
		       const u8 *salt, size_t salt_len, u32 iterations,
		       u8 *out, size_t out_len);

/**
 * pbkdf2_hmac_sha256() - PBKDF2 with HMAC-SHA256 as the pseudorandom function
 * @password: the password (the HMAC key); may be empty
 * @password_len: length of @password in bytes
 * @salt: the salt; may be empty
 * @salt_len: length of @salt in bytes
 * @iterations: iteration count c, at least 1
 * @out: (output) the derived key
 * @out_len: length of the derived key in bytes, at least 1
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL if @iterations or @out_len is 0.
 */
int pbkdf2_hmac_sha256(const u8 *password, size_t password_len,
		       const u8 *salt, size_t salt_len, u32 iterations,
		       u8 *out, size_t out_len);

/**
 * pbkdf2_hmac_sha384() - PBKDF2 with HMAC-SHA384 as the pseudorandom function
 * @password: the password (the HMAC key); may be empty
 * @password_len: length of @password in bytes
 * @salt: the salt; may be empty
 * @salt_len: length of @salt in bytes
 * @iterations: iteration count c, at least 1
 * @out: (output) the derived key
 * @out_len: length of the derived key in bytes, at least 1
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL if @iterations or @out_len is 0.
 */
int pbkdf2_hmac_sha384(const u8 *password, size_t password_len,
		       const u8 *salt, size_t salt_len, u32 iterations,
		       u8 *out, size_t out_len);

/**
 * pbkdf2_hmac_sha512() - PBKDF2 with HMAC-SHA512 as the pseudorandom function
 * @password: the password (the HMAC key); may be empty
 * @password_len: length of @password in bytes
 * @salt: the salt; may be empty
 * @salt_len: length of @salt in bytes
 * @iterations: iteration count c, at least 1
 * @out: (output) the derived key
 * @out_len: length of the derived key in bytes, at least 1
 *
 * Context: Any context.
 * Return: 0 on success, -EINVAL if @iterations or @out_len is 0.
 */
int pbkdf2_hmac_sha512(const u8 *password, size_t password_len,
		       const u8 *salt, size_t salt_len, u32 iterations,
		       u8 *out, size_t out_len);

#endif /* _CRYPTO_PBKDF2_H */
