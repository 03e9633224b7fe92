// SPDX-License-Identifier: GPL-2.0
/*
 * A libkcapi client of the kind `afalg-migrate rewrite` handles: one-shot
 * convenience calls.  Prints "<call> <return value> <hex output>" per line,
 * so the original (under the shim) and the rewritten program (on
 * libkcrypto) can be compared line by line.
 */
#include <stdio.h>
#include <string.h>
#include <kcapi.h>

static void show(const char *what, ssize_t ret, const unsigned char *out, size_t n)
{
	printf("%s %zd ", what, ret);
	for (size_t i = 0; ret > 0 && i < n; i++)
		printf("%02x", out[i]);
	printf("\n");
}

int main(int argc, char **argv)
{
	const unsigned char *msg = (const unsigned char *)(argc > 1 ? argv[1] : "");
	const unsigned char *key = (const unsigned char *)(argc > 2 ? argv[2] : "");
	size_t mlen = strlen((const char *)msg), klen = strlen((const char *)key);
	unsigned char out[128];
	unsigned char rnd[40];
	ssize_t r;

	memset(out, 0, sizeof(out));
	r = kcapi_md_sha1(msg, mlen, out, sizeof(out));
	show("sha1", r, out, 20);
	r = kcapi_md_sha224(msg, mlen, out, sizeof(out));
	show("sha224", r, out, 28);
	r = kcapi_md_sha256(msg, mlen, out, sizeof(out));
	show("sha256", r, out, 32);
	r = kcapi_md_sha384(msg, mlen, out, sizeof(out));
	show("sha384", r, out, 48);
	r = kcapi_md_sha512(msg, mlen, out, sizeof(out));
	show("sha512", r, out, 64);
	memset(out, 0, sizeof(out));
	r = kcapi_md_sha256(msg, mlen, out, 5);	/* truncated digest */
	show("sha256-short", r, out, 6);
	r = kcapi_md_sha256(msg, mlen, out, 0);	/* -EINVAL */
	show("sha256-empty-out", r, out, 0);
	r = kcapi_md_sha256(msg, mlen, NULL, 32);	/* -EINVAL */
	show("sha256-null-out", r, out, 0);
	r = kcapi_md_hmac_sha1(key, klen, msg, mlen, out, sizeof(out));
	show("hmac-sha1", r, out, 20);
	r = kcapi_md_hmac_sha256(key, klen, msg, mlen, out, sizeof(out));
	show("hmac-sha256", r, out, 32);
	r = kcapi_md_hmac_sha512(key, klen, msg, mlen, out, sizeof(out));
	show("hmac-sha512", r, out, 64);
	memset(out, 0, sizeof(out));
	r = kcapi_md_hmac_sha256(key, klen, msg, mlen, out, 12);	/* truncated */
	show("hmac-sha256-short", r, out, 13);
	r = kcapi_rng_get_bytes(rnd, sizeof(rnd));
	printf("rng %zd\n", r);
	return 0;
}
