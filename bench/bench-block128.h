/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench-block128: the competitors' side, in its own file because Nettle's
 * headers #define serpent_encrypt and friends, the names libkcrypto uses.
 */
#ifndef BENCH_BLOCK128_H
#define BENCH_BLOCK128_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * EXT_ONE: the cipher's one-block call on each block in turn, each block
 * the previous one's output (a serial chain, as CBC encryption is, but in
 * either direction: single-block decryption is XTS ciphertext stealing's).
 */
enum ext_mode { EXT_XTS, EXT_CBC, EXT_ECB, EXT_ONE };

/*
 * Prepare @cipher ("serpent", "twofish", "camellia") from @lib ("nettle" or
 * "openssl") for @mode with @key (XTS: both halves, @keylen the total).
 * Returns false if that library lacks the combination.
 */
bool ext_setup(const char *lib, const char *cipher, enum ext_mode mode,
	       bool enc, const uint8_t *key, size_t keylen);

/* One message of @len bytes with @iv (the XTS sector tweak or CBC IV). */
void ext_crypt(uint8_t *dst, const uint8_t *src, size_t len,
	       const uint8_t iv[16]);

#endif
