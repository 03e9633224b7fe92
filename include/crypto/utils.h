/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by the cipher and MAC code: XOR of byte strings and a
 * constant-time comparison for authentication tags.  Same names and
 * semantics as the mainline <crypto/utils.h>.
 */
#ifndef _CRYPTO_UTILS_H
#define _CRYPTO_UTILS_H

#include <linux/compiler.h>
#include <linux/types.h>

void __crypto_xor(u8 *dst, const u8 *src1, const u8 *src2, unsigned int size);

/**
 * crypto_xor() - XOR a buffer into another in place
 * @dst: destination, updated as dst ^= src
 * @src: source
 * @size: length in bytes (any alignment)
 */
static inline void crypto_xor(u8 *dst, const u8 *src, unsigned int size)
{
	__crypto_xor(dst, dst, src, size);
}

/**
 * crypto_xor_cpy() - XOR two buffers into a third
 * @dst: destination, dst = src1 ^ src2; may alias either source
 * @src1: first source
 * @src2: second source
 * @size: length in bytes (any alignment)
 */
static inline void crypto_xor_cpy(u8 *dst, const u8 *src1, const u8 *src2,
				  unsigned int size)
{
	__crypto_xor(dst, src1, src2, size);
}

noinline unsigned long __crypto_memneq(const void *a, const void *b,
				       size_t size);

/**
 * crypto_memneq() - compare two buffers in constant time
 * @a: first buffer
 * @b: second buffer
 * @size: length in bytes
 *
 * The running time depends only on @size, never on the contents, so it is
 * the comparison to use for MACs and authentication tags.
 *
 * Return: 0 when the buffers are equal, 1 otherwise.
 */
static inline int crypto_memneq(const void *a, const void *b, size_t size)
{
	return __crypto_memneq(a, b, size) != 0UL ? 1 : 0;
}

#endif /* _CRYPTO_UTILS_H */
