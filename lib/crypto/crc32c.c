// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CRC-32C, slicing by eight (eight 256-entry tables built at init).
 * For compatibility only: see <crypto/crc32c.h>.
 */

#include <crypto/crc32c.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/unaligned.h>

#define CRC32C_POLY_LE	0x82f63b78

static u32 crc32c_table[8][256] __ro_after_init;

static int __init crc32c_init_tables(void)
{
	u32 c;
	int i, j;

	for (i = 0; i < 256; i++) {
		c = i;
		for (j = 0; j < 8; j++)
			c = (c >> 1) ^ (CRC32C_POLY_LE & -(c & 1));
		crc32c_table[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (j = 1; j < 8; j++)
			crc32c_table[j][i] = (crc32c_table[j - 1][i] >> 8) ^
				crc32c_table[0][crc32c_table[j - 1][i] & 0xff];
	return 0;
}
core_initcall(crc32c_init_tables);

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
	const u32 (*t)[256] = crc32c_table;
	const u8 *b = p;

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
EXPORT_SYMBOL_GPL(crc32c);

MODULE_DESCRIPTION("CRC-32C (legacy AF_ALG crc32c support)");
MODULE_LICENSE("GPL");
