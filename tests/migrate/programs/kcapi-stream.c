// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming digests the way libkcapi's own kcapi-dgst does them: a handle
 * per algorithm (named on the command line), optional HMAC key, the message
 * fed in pieces, then final; plus the one-shot kcapi_md_digest() on the
 * same handle and the handle's digest and block sizes; then an RNG handle,
 * the logging switch and the secure wipe, as kcapi-rng uses them.
 *
 *   kcapi-stream KEY|- MESSAGE ALG...
 */
#include <stdio.h>
#include <string.h>
#include <kcapi.h>

static void hex(const char *tag, const char *alg, ssize_t r, const uint8_t *b)
{
	printf("%s %s %zd ", tag, alg, r);
	for (ssize_t i = 0; i < r; i++)
		printf("%02x", b[i]);
	printf("\n");
}

int main(int argc, char **argv)
{
	const char *key = argc > 1 ? argv[1] : "-";
	const uint8_t *msg = (const uint8_t *)(argc > 2 ? argv[2] : "");
	size_t len = strlen((const char *)msg);
	uint8_t out[64], rnd[48];
	struct kcapi_handle *rng;

	kcapi_set_verbosity(KCAPI_LOG_ERR);
	for (int a = 3; a < argc; a++) {
		struct kcapi_handle *handle = NULL;
		ssize_t r;
		int ret = kcapi_md_init(&handle, argv[a], 0);

		if (ret) {
			printf("init %s %d\n", argv[a], ret);
			continue;
		}
		if (strcmp(key, "-")) {
			ret = kcapi_md_setkey(handle, (const uint8_t *)key, strlen(key));
			printf("setkey %s %d\n", argv[a], ret);
		}
		printf("sizes %s %u %u\n", argv[a], kcapi_md_digestsize(handle),
		       kcapi_md_blocksize(handle));
		/* Feed the message in pieces of 1, 7, 64 and the rest. */
		for (size_t off = 0, step = 1; off < len; off += step, step = step * 7 + 1) {
			size_t n = len - off < step ? len - off : step;

			r = kcapi_md_update(handle, msg + off, n);
			if (r < 0)
				printf("update %s %zd\n", argv[a], r);
		}
		r = kcapi_md_final(handle, out, sizeof(out));
		hex("final", argv[a], r, out);
		r = kcapi_md_digest(handle, msg, len, out, 10);	/* truncated */
		hex("digest10", argv[a], r, out);
		kcapi_md_destroy(handle);
	}
	if (!kcapi_rng_init(&rng, "stdrng", 0)) {
		printf("seed %d\n", kcapi_rng_seed(rng, rnd, kcapi_rng_seedsize(rng)));
		printf("rng %zd\n", kcapi_rng_generate(rng, rnd, sizeof(rnd)));
		kcapi_rng_destroy(rng);
	}
	memset(out, 0xaa, sizeof(out));
	kcapi_memset_secure(out, 0, sizeof(out));
	printf("wiped %d\n", out[0] | out[63]);
	return 0;
}
