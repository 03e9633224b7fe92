// SPDX-License-Identifier: GPL-2.0
/* A libkcrypto user built through pkg-config or as a meson subproject:
 * prints SHA-256 and HMAC-SHA-512 of its first argument in hex. */
#include <stdio.h>
#include <string.h>

#include <crypto/sha2.h>

int main(int argc, char *argv[])
{
	u8 d[SHA512_DIGEST_SIZE];
	const char *msg = argc > 1 ? argv[1] : "";
	size_t i;

	sha256((const u8 *)msg, strlen(msg), d);
	for (i = 0; i < SHA256_DIGEST_SIZE; i++)
		printf("%02x", d[i]);
	putchar('\n');
	hmac_sha512_usingrawkey((const u8 *)"key", 3, (const u8 *)msg,
				strlen(msg), d);
	for (i = 0; i < SHA512_DIGEST_SIZE; i++)
		printf("%02x", d[i]);
	putchar('\n');
	return 0;
}
