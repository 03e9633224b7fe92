/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CRC-32 (IEEE 802.3, reflected polynomial 0xedb88320) and the semantics
 * of the kernel's 4-byte "crc32" shash built on it.
 *
 * For compatibility: CRC-32 is a checksum, not a cryptographic hash; it is
 * here so the AF_ALG "crc32" hash (util-linux hardlink asks for it) can be
 * served in userspace.  The kernel has crc32_le() in lib/; this is the
 * userspace library's copy with mainline's signature, built with crc32c()
 * in lib/crypto/crc32c.c.
 *
 * crc32_le() neither pre- nor post-inverts.  Unlike "crc32c", the shash
 * (crypto/crc32_generic.c) does not invert either: it starts from its
 * 4-byte little-endian key, 0 unless set, and outputs the CRC little-endian.
 */
#ifndef _CRYPTO_CRC32_H
#define _CRYPTO_CRC32_H

#include <crypto/crc32c.h>

#define CRC32_DIGEST_SIZE	4
#define CRC32_SHASH_DEFAULT_KEY	0U

u32 crc32_le(u32 crc, const void *p, size_t len);

/**
 * crc32_shash_setkey() - the "crc32" shash setkey: the initial value
 * @key: where the key is kept (CRC32_SHASH_DEFAULT_KEY until set)
 * @in: 4 bytes, little endian
 * @keylen: must be 4
 *
 * Return: 0, or -EINVAL for any other length (@key unchanged).
 */
static inline int crc32_shash_setkey(u32 *key, const u8 *in,
				     unsigned int keylen)
{
	return crc32c_shash_setkey(key, in, keylen);	/* the same rule */
}

/**
 * crc32_shash_final() - the "crc32" shash digest of a running CRC
 * @crc: crc32_le() state started from the key
 * @out: @crc, little endian (no inversion)
 */
static inline void crc32_shash_final(u32 crc, u8 out[CRC32_DIGEST_SIZE])
{
	put_unaligned_le32(crc, out);
}

#endif /* _CRYPTO_CRC32_H */
