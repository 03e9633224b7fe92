// SPDX-License-Identifier: GPL-2.0
/*
 * NH ("Adiantum: length-preserving encryption for entry-level processors",
 * section 6.3) and the NH-Poly1305 hash built from it.
 *
 * NH sums products of 32-bit words: for each 16-byte unit m0..m3 and pass
 * i, (m0 + k[4i]) * (m2 + k[4i + 2]) + (m1 + k[4i + 1]) * (m3 + k[4i + 3]),
 * additions modulo 2^32 and the sum modulo 2^64, with the key advancing
 * one unit per unit of message.  Only additions and multiplications:
 * constant time wherever 32x32-bit multiplication is.
 */

#include <crypto/nh.h>
#include <crypto/poly1305.h>
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>

void nh(const u32 *key, const u8 *message, size_t message_len,
	__le64 hash[NH_NUM_PASSES])
{
	u64 sums[NH_NUM_PASSES] = {};
	int i;

	WARN_ON_ONCE(message_len % NH_MESSAGE_UNIT ||
		     message_len > NH_MESSAGE_BYTES);
	for (; message_len >= NH_MESSAGE_UNIT; message_len -= NH_MESSAGE_UNIT) {
		u32 m0 = get_unaligned_le32(message);
		u32 m1 = get_unaligned_le32(message + 4);
		u32 m2 = get_unaligned_le32(message + 8);
		u32 m3 = get_unaligned_le32(message + 12);

		for (i = 0; i < NH_NUM_PASSES; i++) {
			const u32 *k = &key[4 * i];

			sums[i] += (u64)(u32)(m0 + k[0]) * (u32)(m2 + k[2]);
			sums[i] += (u64)(u32)(m1 + k[1]) * (u32)(m3 + k[3]);
		}
		key += NH_MESSAGE_UNIT / sizeof(u32);
		message += NH_MESSAGE_UNIT;
	}
	for (i = 0; i < NH_NUM_PASSES; i++)
		hash[i] = cpu_to_le64(sums[i]);
}
EXPORT_SYMBOL_GPL(nh);

void nhpoly1305_setkey(struct nhpoly1305_key *key,
		       const u8 raw_key[NHPOLY1305_KEY_SIZE])
{
	int i;

	memcpy(key->poly_key, raw_key, sizeof(key->poly_key));
	for (i = 0; i < NH_KEY_WORDS; i++)
		key->nh_key[i] = get_unaligned_le32(raw_key + 16 + 4 * i);
}
EXPORT_SYMBOL_GPL(nhpoly1305_setkey);

/*
 * Poly1305 with s = 0 is the "core" hash: the accumulator, reduced modulo
 * 2^130 - 5, truncated to 128 bits.  Every input here is whole blocks.
 */
void nhpoly1305(const struct nhpoly1305_key *key, const u8 *msg, size_t len,
		u8 out[NHPOLY1305_DIGEST_SIZE])
{
	struct poly1305_desc_ctx poly;
	u8 pkey[POLY1305_KEY_SIZE] = {};
	__le64 hash[NH_NUM_PASSES];
	u8 last[NH_MESSAGE_UNIT];

	memcpy(pkey, key->poly_key, sizeof(key->poly_key));
	poly1305_init(&poly, pkey);
	while (len) {
		size_t seg = min_t(size_t, len, NH_MESSAGE_BYTES);
		size_t whole = round_down(seg, NH_MESSAGE_UNIT);

		nh(key->nh_key, msg, whole, hash);
		if (whole < seg) {
			/* the zero-padded tail unit, with its place's key */
			__le64 tail[NH_NUM_PASSES];
			int i;

			memset(last, 0, sizeof(last));
			memcpy(last, msg + whole, seg - whole);
			nh(&key->nh_key[whole / sizeof(u32)], last,
			   NH_MESSAGE_UNIT, tail);
			for (i = 0; i < NH_NUM_PASSES; i++)
				hash[i] = cpu_to_le64(le64_to_cpu(hash[i]) +
						      le64_to_cpu(tail[i]));
		}
		poly1305_update(&poly, (const u8 *)hash, sizeof(hash));
		msg += seg;
		len -= seg;
	}
	poly1305_final(&poly, out);
	memzero_explicit(pkey, sizeof(pkey));
	memzero_explicit(hash, sizeof(hash));
	memzero_explicit(last, sizeof(last));
}
EXPORT_SYMBOL_GPL(nhpoly1305);

MODULE_DESCRIPTION("NH and NH-Poly1305 hash functions");
MODULE_LICENSE("GPL");
