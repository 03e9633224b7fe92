// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * XOR of byte strings and constant-time comparison (<crypto/utils.h>).
 *
 * Both work a machine word at a time through get/put_unaligned, which the
 * compiler lowers to plain loads and stores where the CPU allows unaligned
 * access, and finish byte by byte.
 */

#include <crypto/utils.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/unaligned.h>

void __crypto_xor(u8 *dst, const u8 *src1, const u8 *src2, unsigned int len)
{
	while (len >= 8) {
		put_unaligned(get_unaligned((const u64 *)src1) ^
			      get_unaligned((const u64 *)src2), (u64 *)dst);
		dst += 8;
		src1 += 8;
		src2 += 8;
		len -= 8;
	}
	while (len--)
		*dst++ = *src1++ ^ *src2++;
}
EXPORT_SYMBOL_GPL(__crypto_xor);

/*
 * OR together the XOR of every word.  OPTIMIZER_HIDE_VAR() keeps the
 * compiler from turning the accumulation into an early-exit loop.
 */
noinline unsigned long __crypto_memneq(const void *a, const void *b,
				       size_t size)
{
	const u8 *p = a, *q = b;
	unsigned long neq = 0;

	while (size >= sizeof(unsigned long)) {
		neq |= get_unaligned((const unsigned long *)p) ^
		       get_unaligned((const unsigned long *)q);
		OPTIMIZER_HIDE_VAR(neq);
		p += sizeof(unsigned long);
		q += sizeof(unsigned long);
		size -= sizeof(unsigned long);
	}
	while (size--) {
		neq |= *p++ ^ *q++;
		OPTIMIZER_HIDE_VAR(neq);
	}
	return neq;
}
EXPORT_SYMBOL_GPL(__crypto_memneq);
