// SPDX-License-Identifier: GPL-2.0
/*
 * bench-block128: libkcrypto's Serpent, Twofish and Camellia (the
 * block128 modes) against Nettle and, for Camellia, OpenSSL 3, side by
 * side in one process.
 *
 * Cases are what cryptsetup does with these ciphers: XTS on 4096-byte
 * sectors (LUKS2 serpent/twofish/camellia-xts-plain64, 2 x 256-bit keys),
 * CBC on 4096 bytes (LUKS1 cbc-essiv keyslots) and raw ECB throughput.
 * libkcrypto: one block128_*() call per message on keys expanded once.
 *
 * Every row is the median of R runs; each run times both implementations
 * back to back (order alternating) with the thread's CPU time.  The ratio
 * column is competitor time / libkcrypto time: above 1, libkcrypto is
 * faster.  Before timing, the two outputs are compared.
 *
 * usage: bench-block128 [filter] [runs] [min-ms-per-measurement]
 *        (defaults: all cases, 9 runs, 40 ms)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/block128.h>
#include <crypto/camellia.h>
#include <crypto/serpent-lib.h>
#include <crypto/twofish-lib.h>

#include "bench-block128.h"
#include "bench-util.h"

struct bcase {
	const char *cipher;
	enum ext_mode mode;
	bool enc;
	const char *lib;
};

static const struct bcase cases[] = {
	{ "serpent", EXT_XTS, true, "nettle" },
	{ "serpent", EXT_XTS, false, "nettle" },
	{ "twofish", EXT_XTS, true, "nettle" },
	{ "twofish", EXT_XTS, false, "nettle" },
	{ "camellia", EXT_XTS, true, "nettle" },
	{ "camellia", EXT_XTS, false, "nettle" },
	{ "serpent", EXT_CBC, true, "nettle" },
	{ "serpent", EXT_CBC, false, "nettle" },
	{ "twofish", EXT_CBC, true, "nettle" },
	{ "twofish", EXT_CBC, false, "nettle" },
	{ "camellia", EXT_CBC, true, "openssl" },
	{ "camellia", EXT_CBC, false, "openssl" },
	{ "camellia", EXT_CBC, false, "nettle" },
	{ "serpent", EXT_ECB, true, "nettle" },
	{ "serpent", EXT_ONE, true, "nettle" },
	{ "serpent", EXT_ONE, false, "nettle" },
	{ "twofish", EXT_ECB, true, "nettle" },
	{ "camellia", EXT_ECB, true, "openssl" },
	{ "camellia", EXT_ECB, true, "nettle" },
	{ "camellia", EXT_ONE, true, "nettle" },
	{ "camellia", EXT_ONE, false, "nettle" },
};

#define LEN	4096

static const struct bcase *cur;
static const struct block128_cipher *bc;
static void *kctx, *tctx;
static u8 key[64], iv[16], in[LEN], out[LEN], out2[LEN];

static void run_kc(void)
{
	u8 t[16];

	memcpy(t, iv, 16);
	switch (cur->mode) {
	case EXT_XTS:
		(cur->enc ? block128_xts_encrypt : block128_xts_decrypt)
			(bc, kctx, tctx, out, in, LEN, t, false);
		break;
	case EXT_CBC:
		(cur->enc ? block128_cbc_encrypt : block128_cbc_decrypt)
			(bc, kctx, out, in, LEN, t);
		break;
	case EXT_ECB:
		(cur->enc ? block128_ecb_encrypt : block128_ecb_decrypt)
			(bc, kctx, out, in, LEN);
		break;
	case EXT_ONE:
		memcpy(t, in, 16);
		for (size_t i = 0; i < LEN; i += 16) {
			(cur->enc ? bc->encrypt : bc->decrypt)(kctx, t, t, 1);
			memcpy(out + i, t, 16);
		}
		break;
	}
}

static void run_ext(void)
{
	ext_crypt(out2, in, LEN, iv);
}

static void print_cpu(void)
{
	char line[256];
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "model name", 10)) {
			printf("CPU:%s", strchr(line, ':') + 1);
			break;
		}
	}
	if (f)
		fclose(f);
}

static const char *mode_name(enum ext_mode m)
{
	return m == EXT_XTS ? "XTS" : m == EXT_CBC ? "CBC" :
	       m == EXT_ECB ? "ECB" : "1blk";
}

int main(int argc, char **argv)
{
	const char *filter = argc > 1 ? argv[1] : "";
	int runs = argc > 2 ? atoi(argv[2]) : 9;
	double min_ns = (argc > 3 ? atof(argv[3]) : 40) * 1e6;
	static const struct block128_cipher *const ciphers[] = {
		&serpent_block128, &twofish_block128, &camellia_block128,
	};

	for (size_t i = 0; i < sizeof(key); i++)
		key[i] = i * 7 + 1;
	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = i * 13 + 5;
	memset(iv, 0x42, sizeof(iv));
	kctx = malloc(8192);
	tctx = malloc(8192);
	print_cpu();
	printf("%-28s %9s %9s %10s %10s %7s\n", "case (4096 B, 256-bit keys)",
	       "kc MB/s", "ext MB/s", "kc ns", "ext ns", "ext/kc");
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		double tk[64], te[64], mk, me;
		size_t keylen;
		char name[64];

		cur = &cases[c];
		snprintf(name, sizeof(name), "%s-%s %s vs %s", cur->cipher,
			 mode_name(cur->mode), cur->enc ? "enc" : "dec",
			 cur->lib);
		if (!strstr(name, filter))
			continue;
		for (size_t i = 0; i < 3; i++)
			if (!strcmp(ciphers[i]->name, cur->cipher))
				bc = ciphers[i];
		keylen = cur->mode == EXT_XTS ? 64 : 32;
		if (!ext_setup(cur->lib, cur->cipher, cur->mode, cur->enc, key,
			       keylen)) {
			printf("%-28s (not in %s)\n", name, cur->lib);
			continue;
		}
		bc->expandkey(kctx, key, 32);
		bc->expandkey(tctx, key + 32, 32);
		run_kc();
		run_ext();
		if (memcmp(out, out2, LEN))
			printf("%-28s OUTPUTS DIFFER\n", name);
		if (runs > 64)
			runs = 64;
		for (int r = 0; r < runs; r++) {
			if (r & 1) {
				te[r] = bench_measure(run_ext, min_ns);
				tk[r] = bench_measure(run_kc, min_ns);
			} else {
				tk[r] = bench_measure(run_kc, min_ns);
				te[r] = bench_measure(run_ext, min_ns);
			}
		}
		mk = bench_median(tk, runs);
		me = bench_median(te, runs);
		printf("%-28s %9.1f %9.1f %10.0f %10.0f %7.2f\n", name,
		       LEN / mk * 1e3, LEN / me * 1e3, mk, me, me / mk);
	}
	return 0;
}
