// SPDX-License-Identifier: GPL-2.0
/*
 * A digest chosen from a table of libkcapi function pointers, as command
 * line tools do.  Comments and strings name libkcapi calls too, which a
 * rewrite must leave alone: kcapi_md_sha1(), kcapi_md_hmac_sha256().
 *
 *   kcapi-table NAME MESSAGE [KEY]
 */
#include <stdio.h>
#include <string.h>
#include <kcapi.h>

typedef ssize_t (*md_fn)(const uint8_t *, size_t, uint8_t *, size_t);
typedef ssize_t (*hmac_fn)(const uint8_t *, uint32_t, const uint8_t *, size_t,
			   uint8_t *, size_t);

static const struct {
	const char *name;
	md_fn fn;
} digests[] = {
	{ "sha1", kcapi_md_sha1 },
	{ "sha224", kcapi_md_sha224 },
	{ "sha256", kcapi_md_sha256 },	/* kcapi_md_sha256 ( in a comment */
	{ "sha384", kcapi_md_sha384 },
	{ "sha512", kcapi_md_sha512 },
};

static hmac_fn hmacs[] = { kcapi_md_hmac_sha1, kcapi_md_hmac_sha256, kcapi_md_hmac_sha512 };

int main(int argc, char **argv)
{
	const char *banner = "computed by kcapi_md_sha256() or kcapi_md_hmac_sha1(";
	const uint8_t *msg = (const uint8_t *)(argc > 2 ? argv[2] : "");
	uint8_t out[64];

	printf("%s\n", banner);
	for (size_t i = 0; i < sizeof(digests) / sizeof(digests[0]); i++) {
		ssize_t r;

		if (argc > 1 && strcmp(argv[1], digests[i].name) && strcmp(argv[1], "all"))
			continue;
		r = digests[i].fn(msg, strlen((const char *)msg), out, sizeof(out));
		printf("%s %zd ", digests[i].name, r);
		for (ssize_t j = 0; j < r; j++)
			printf("%02x", out[j]);
		printf("\n");
	}
	if (argc > 3) {
		for (size_t i = 0; i < sizeof(hmacs) / sizeof(hmacs[0]); i++) {
			ssize_t r = hmacs[i]((const uint8_t *)argv[3], strlen(argv[3]), msg,
					     strlen((const char *)msg), out, sizeof(out));

			printf("hmac%zu %zd ", i, r);
			for (ssize_t j = 0; j < r; j++)
				printf("%02x", out[j]);
			printf("\n");
		}
	}
	return 0;
}
