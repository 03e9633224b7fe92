/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CRC-32C (Castagnoli, reflected polynomial 0x82f63b78) and the semantics
 * of the kernel's 4-byte "crc32c" shash built on it.
 *
 * For compatibility: CRC-32C is a checksum, not a cryptographic hash; it
 * is here so the AF_ALG "crc32c" hash can be served in userspace.  The
 * kernel itself has crc32c() in lib/; this file is the userspace library's
 * copy with the newest mainline signature.
 *
 * crc32c() neither pre- nor post-inverts.  The shash (crypto/crc32c_generic.c)
 * starts from its 4-byte little-endian key, ~0 unless set, and outputs
 * ~crc little-endian: see crc32c_shash_*() below.
 */
#ifndef _CRYPTO_CRC32C_H
#define _CRYPTO_CRC32C_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#define CRC32C_DIGEST_SIZE	4
#define CRC32C_SHASH_DEFAULT_KEY (~0U)

u32 crc32c(u32 crc, const void *p, size_t len);

/**
 * crc32c_shash_setkey() - the "crc32c" shash setkey: the initial value
 * @key: where the key is kept (CRC32C_SHASH_DEFAULT_KEY until set)
 * @in: 4 bytes, little endian
 * @keylen: must be 4
 *
 * Return: 0, or -EINVAL for any other length (@key unchanged).
 */
static inline int crc32c_shash_setkey(u32 *key, const u8 *in,
				      unsigned int keylen)
{
	if (keylen != CRC32C_DIGEST_SIZE)
		return -EINVAL;
	*key = get_unaligned_le32(in);
	return 0;
}

/**
 * crc32c_shash_final() - the "crc32c" shash digest of a running CRC
 * @crc: crc32c() state started from the key
 * @out: ~@crc, little endian
 */
static inline void crc32c_shash_final(u32 crc, u8 out[CRC32C_DIGEST_SIZE])
{
	put_unaligned_le32(~crc, out);
}

#endif /* _CRYPTO_CRC32C_H */
