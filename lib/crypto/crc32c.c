// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CRC-32C and CRC-32 (IEEE 802.3), slicing by eight (eight 256-entry
 * tables per polynomial, built at init).  For compatibility only: see
 * <crypto/crc32c.h> and <crypto/crc32.h>.
 */

#include <crypto/crc32.h>
#include <crypto/crc32c.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/unaligned.h>

#define CRC32C_POLY_LE	0x82f63b78
#define CRC32_POLY_LE	0xedb88320

static u32 crc32c_table[8][256] __ro_after_init;
static u32 crc32_table[8][256] __ro_after_init;

static void crc_build_tables(u32 t[8][256], u32 poly)
{
	u32 c;
	int i, j;

	for (i = 0; i < 256; i++) {
		c = i;
		for (j = 0; j < 8; j++)
			c = (c >> 1) ^ (poly & -(c & 1));
		t[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (j = 1; j < 8; j++)
			t[j][i] = (t[j - 1][i] >> 8) ^ t[0][t[j - 1][i] & 0xff];
}

static int __init crc32c_init_tables(void)
{
	crc_build_tables(crc32c_table, CRC32C_POLY_LE);
	crc_build_tables(crc32_table, CRC32_POLY_LE);
	return 0;
}
core_initcall(crc32c_init_tables);

/* A reflected CRC update through the slicing-by-eight tables @t */
static u32 crc_slice8(const u32 (*t)[256], u32 crc, const u8 *b, size_t len)
{
	for (; len >= 8; len -= 8, b += 8) {
		u32 lo = crc ^ get_unaligned_le32(b);
		u32 hi = get_unaligned_le32(b + 4);

		crc = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^
		      t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^
		      t[3][hi & 0xff] ^ t[2][(hi >> 8) & 0xff] ^
		      t[1][(hi >> 16) & 0xff] ^ t[0][hi >> 24];
	}
	while (len--)
		crc = (crc >> 8) ^ t[0][(crc ^ *b++) & 0xff];
	return crc;
}

/**
 * crc32c() - update a CRC-32C
 * @crc: the running value (no implicit inversion on entry or exit)
 * @p: data
 * @len: its length
 *
 * Return: the updated CRC.
 */
u32 crc32c(u32 crc, const void *p, size_t len)
{
	return crc_slice8(crc32c_table, crc, p, len);
}
EXPORT_SYMBOL_GPL(crc32c);

/**
 * crc32_le() - update a CRC-32 (IEEE 802.3, reflected 0xedb88320)
 * @crc: the running value (no implicit inversion on entry or exit)
 * @p: data
 * @len: its length
 *
 * Return: the updated CRC.
 */
u32 crc32_le(u32 crc, const void *p, size_t len)
{
	return crc_slice8(crc32_table, crc, p, len);
}
EXPORT_SYMBOL_GPL(crc32_le);

MODULE_DESCRIPTION("CRC-32C and CRC-32 (legacy AF_ALG crc32c and crc32 support)");
MODULE_LICENSE("GPL");
