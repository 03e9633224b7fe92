/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CBC encryption that a cipher's arch code runs for a whole message, for
 * block128_cbc_encrypt() only (lib/crypto/block128.c).  Not a member of
 * struct block128_cipher: that struct is exported data, and a program
 * linked against an earlier libkcrypto holds a copy of its old size.
 */
#ifndef _LIB_CRYPTO_BLOCK128_CBC_H
#define _LIB_CRYPTO_BLOCK128_CBC_H

#include <linux/types.h>

struct camellia_key;

/*
 * camellia_cbc_encrypt_blocks() - CBC-encrypt @nblocks Camellia blocks
 * with the chaining value kept in registers; false when the CPU has no
 * such code (the generic loop then), @iv updated otherwise.
 */
bool camellia_cbc_encrypt_blocks(const struct camellia_key *key, u8 *dst,
				 const u8 *src, size_t nblocks, u8 *iv);

#endif /* _LIB_CRYPTO_BLOCK128_CBC_H */
