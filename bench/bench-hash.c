// SPDX-License-Identifier: GPL-2.0
/*
 * bench-hash: throughput of libkcrypto's hashes and MACs next to OpenSSL 3
 * (EVP), nettle and Intel ipsec-mb, measured side by side in one run.
 *
 * Every case runs each implementation reps times (11), the implementations
 * interleaved so that a noisy neighbour hurts them alike; a repetition lasts
 * about target_ns (10 ms); the figure is the median.  Before timing, each
 * competitor's output is compared with libkcrypto's.  See bench/README.md.
 *
 * usage: bench-hash [filter] [reps] [ms-per-repetition]
 *        (defaults: all cases, 11, 10; bench-paths runs single reps)
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <crypto/md5.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <crypto/sha3.h>

#include "bench-hash-ext.h"
#include "bench-util.h"

#define MAX_REPS	64
#define MAX_IMPLS	6
#define BUF_SIZE	16384
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static u8 *buf1, *buf2;
static u8 out1[64], out2[64];
static size_t cur_len;
static struct hmac_sha256_key hkey;
static struct ossl_md *o_sha256, *o_sha384, *o_sha512, *o_sha3_256;
static struct ossl_md *o_shake128;
static struct ossl_md *o_sha1, *o_md5;
static struct ossl_hmac *o_hmac;
static bool have_imb;
static int reps = 11;
static double target_ns = 10e6;	/* per repetition */

/* Defeat dead-code elimination of the benchmarked calls. */
static volatile u8 sink;

/* ---- the implementations; each does n operations on cur_len bytes ---- */

static void kc_sha256(long n)
{
	while (n--)
		sha256(buf1, cur_len, out1);
}

static void os_sha256(long n)
{
	while (n--)
		ossl_md(o_sha256, buf1, cur_len, out1, 32);
}

static void os_sha256_oneshot(long n)
{
	while (n--)
		ossl_sha256_oneshot(buf1, cur_len, out1);
}

static void ne_sha256(long n)
{
	while (n--)
		nettle_hash(NETTLE_SHA256, buf1, cur_len, out1);
}

/* Pairs: one operation = two messages of cur_len bytes. */
static void kc_finup2x(long n)
{
	while (n--)
		sha256_finup_2x(NULL, buf1, buf2, cur_len, out1, out2);
}

static void kc_sha256_pair(long n)
{
	while (n--) {
		sha256(buf1, cur_len, out1);
		sha256(buf2, cur_len, out2);
	}
}

static void os_sha256_pair(long n)
{
	while (n--) {
		ossl_md(o_sha256, buf1, cur_len, out1, 32);
		ossl_md(o_sha256, buf2, cur_len, out2, 32);
	}
}

static void ne_sha256_pair(long n)
{
	while (n--) {
		nettle_hash(NETTLE_SHA256, buf1, cur_len, out1);
		nettle_hash(NETTLE_SHA256, buf2, cur_len, out2);
	}
}

static void imb_sha256_pair(long n)
{
	imb_sha256_pairs(buf1, buf2, cur_len, n, 1, out1, out2);
}

static void imb_sha256_stream(long n)
{
	imb_sha256_pairs(buf1, buf2, cur_len, n, 0, out1, out2);
}

static void kc_hmac(long n)
{
	while (n--)
		hmac_sha256(&hkey, buf1, cur_len, out1);
}

static void os_hmac(long n)
{
	while (n--)
		ossl_hmac(o_hmac, buf1, cur_len, out1);
}

static void ne_hmac(long n)
{
	while (n--)
		nettle_hmac_sha256_mac(buf1, cur_len, out1);
}

static void kc_sha512(long n)
{
	while (n--)
		sha512(buf1, cur_len, out1);
}

static void os_sha512(long n)
{
	while (n--)
		ossl_md(o_sha512, buf1, cur_len, out1, 64);
}

static void ne_sha512(long n)
{
	while (n--)
		nettle_hash(NETTLE_SHA512, buf1, cur_len, out1);
}

static void kc_sha384(long n)
{
	while (n--)
		sha384(buf1, cur_len, out1);
}

static void os_sha384(long n)
{
	while (n--)
		ossl_md(o_sha384, buf1, cur_len, out1, 48);
}

static void ne_sha384(long n)
{
	while (n--)
		nettle_hash(NETTLE_SHA384, buf1, cur_len, out1);
}

static void kc_sha1(long n)
{
	while (n--)
		sha1(buf1, cur_len, out1);
}

static void os_sha1(long n)
{
	while (n--)
		ossl_md(o_sha1, buf1, cur_len, out1, 20);
}

static void ne_sha1(long n)
{
	while (n--)
		nettle_hash(NETTLE_SHA1, buf1, cur_len, out1);
}

static void kc_md5(long n)
{
	while (n--)
		md5(buf1, cur_len, out1);
}

static void os_md5(long n)
{
	while (n--)
		ossl_md(o_md5, buf1, cur_len, out1, 16);
}

static void ne_md5(long n)
{
	while (n--)
		nettle_hash(NETTLE_MD5, buf1, cur_len, out1);
}

static void kc_sha3_256(long n)
{
	while (n--)
		sha3_256(buf1, cur_len, out1);
}

static void kc_shake128(long n)
{
	while (n--)
		shake128(buf1, cur_len, out1, 32);
}

static void os_sha3_256(long n)
{
	while (n--)
		ossl_md(o_sha3_256, buf1, cur_len, out1, 32);
}

static void ne_sha3_256(long n)
{
	while (n--)
		nettle_hash(NETTLE_SHA3_256, buf1, cur_len, out1);
}

static void os_shake128(long n)
{
	while (n--)
		ossl_md(o_shake128, buf1, cur_len, out1, 32);
}

/* ---- cases ---- */

struct impl {
	const char *name;
	void (*run)(long n);
};

struct bcase {
	const char *name;
	size_t len;		/* message length */
	int msgs_per_op;	/* 2 for the pair cases */
	size_t outlen;		/* digest bytes compared between impls */
	struct impl impl[MAX_IMPLS];	/* impl[0] is the reference */
};

/* Runs n operations and checks out1/out2 against the reference's. */
static bool same_output(const struct bcase *c, const struct impl *im,
			const u8 *ref1, const u8 *ref2)
{
	memset(out1, 0, sizeof(out1));
	memset(out2, 0, sizeof(out2));
	im->run(1);
	return !memcmp(out1, ref1, c->outlen) &&
	       (c->msgs_per_op == 1 || !memcmp(out2, ref2, c->outlen));
}

static long calibrate(const struct impl *im)
{
	long n = 1;
	double t;

	for (;;) {
		t = bench_now_ns();
		im->run(n);
		t = bench_now_ns() - t;
		if (t > target_ns / 8 || n > (1L << 40))
			break;
		n *= 2;
	}
	n = (long)(n * target_ns / (t > 1 ? t : 1));
	return n > 0 ? n : 1;
}

static const char *only;	/* argv[1]: run only cases containing it */

static int run_case(const struct bcase *c)
{
	double t[MAX_IMPLS][MAX_REPS], med[MAX_IMPLS];
	long iters[MAX_IMPLS];
	u8 ref1[64], ref2[64];
	int ni = 0, rc = 0;

	while (ni < MAX_IMPLS && c->impl[ni].name)
		ni++;
	if (only && !strstr(c->name, only))
		return 0;
	cur_len = c->len;

	c->impl[0].run(1);
	memcpy(ref1, out1, sizeof(ref1));
	memcpy(ref2, out2, sizeof(ref2));
	for (int i = 1; i < ni; i++) {
		if (!same_output(c, &c->impl[i], ref1, ref2)) {
			printf("%-26s %-30s OUTPUT DIFFERS from %s\n", c->name,
			       c->impl[i].name, c->impl[0].name);
			rc = 1;
		}
	}
	for (int i = 0; i < ni; i++)
		iters[i] = calibrate(&c->impl[i]);
	for (int r = 0; r < reps; r++) {
		for (int i = 0; i < ni; i++) {
			double t0 = bench_now_ns();

			c->impl[i].run(iters[i]);
			t[i][r] = (bench_now_ns() - t0) / iters[i];
		}
	}
	sink = out1[0] ^ out2[0];
	for (int i = 0; i < ni; i++) {
		double bytes = (double)c->len * c->msgs_per_op;

		med[i] = bench_median(t[i], reps);
		printf("%-26s %-30s %10.1f %9.1f", i ? "" : c->name,
		       c->impl[i].name, med[i], bytes / med[i] * 1e3);
		if (i)
			printf("   %6.2fx", med[i] / med[0]);
		printf("    [%.1f..%.1f]\n", t[i][0], t[i][reps - 1]);
	}
	fflush(stdout);
	return rc;
}

#define IMPL(n, f)	{ n, f }

int main(int argc, char **argv)
{
	static const size_t sha256_lens[] = { 16, 64, 256, 4096, 16384 };
	static const size_t hmac_lens[] = { 16, 64 };
	static const size_t sha512_lens[] = { 64, 16384 };
	static const u8 key[32] = "bench-hash HMAC-SHA256 key 0123";
	struct bcase c;
	int rc = 0;

	if (argc > 1)
		only = argv[1];
	if (argc > 2)
		reps = atoi(argv[2]);
	if (argc > 3)
		target_ns = atof(argv[3]) * 1e6;
	if (reps < 1 || reps > MAX_REPS || target_ns <= 0) {
		fprintf(stderr, "usage: bench-hash [filter] [reps 1..%d] [ms-per-repetition]\n",
			MAX_REPS);
		return 2;
	}
	buf1 = aligned_alloc(64, BUF_SIZE);
	buf2 = aligned_alloc(64, BUF_SIZE);
	if (!buf1 || !buf2)
		return 1;
	for (size_t i = 0; i < BUF_SIZE; i++) {
		buf1[i] = (u8)(i * 7 + 1);
		buf2[i] = (u8)(i * 13 + 5);
	}
	o_sha256 = ossl_md_new("SHA256");
	o_sha384 = ossl_md_new("SHA384");
	o_sha512 = ossl_md_new("SHA512");
	o_sha1 = ossl_md_new("SHA1");
	o_md5 = ossl_md_new("MD5");
	o_sha3_256 = ossl_md_new("SHA3-256");
	o_shake128 = ossl_md_new("SHAKE128");
	o_hmac = ossl_hmac_new("SHA256", key, sizeof(key));
	hmac_sha256_preparekey(&hkey, key, sizeof(key));
	nettle_hmac_sha256_setkey(key, sizeof(key));
	have_imb = imb_init() == 0;

	printf("bench-hash: median of %d runs of ~%.0f ms each; ratio = this / libkcrypto time (>1: libkcrypto faster)\n",
	       reps, target_ns / 1e6);
	printf("sha256_finup_2x_is_optimized() = %d; ipsec-mb: %s\n",
	       sha256_finup_2x_is_optimized(),
	       have_imb ? imb_arch_name() : "unavailable");
	printf("%-26s %-30s %10s %9s   %7s    %s\n", "case", "implementation",
	       "ns/op", "MB/s", "ratio", "[min..max ns]");

	for (size_t i = 0; i < ARRAY_SIZE(sha256_lens); i++) {
		static char name[ARRAY_SIZE(sha256_lens)][32];

		snprintf(name[i], sizeof(name[i]), "SHA-256 %zu B",
			 sha256_lens[i]);
		c = (struct bcase){ name[i], sha256_lens[i], 1, 32, {
			IMPL("libkcrypto sha256()", kc_sha256),
			IMPL("OpenSSL EVP (reused ctx)", os_sha256),
			IMPL("OpenSSL EVP_Digest() 1-shot", os_sha256_oneshot),
			IMPL("nettle", ne_sha256),
		} };
		rc |= run_case(&c);
	}

	c = (struct bcase){ "SHA-256 2x4096 B (pair)", 4096, 2, 32, {
		IMPL("libkcrypto sha256_finup_2x()", kc_finup2x),
		IMPL("libkcrypto 2x sha256()", kc_sha256_pair),
		IMPL("OpenSSL EVP 2x", os_sha256_pair),
		IMPL("nettle 2x", ne_sha256_pair),
	} };
	if (have_imb) {
		c.impl[4] = (struct impl)IMPL("ipsec-mb 2-lane, pair+flush",
					      imb_sha256_pair);
		c.impl[5] = (struct impl)IMPL("ipsec-mb 2-lane, streamed",
					      imb_sha256_stream);
	}
	rc |= run_case(&c);

	for (size_t i = 0; i < ARRAY_SIZE(hmac_lens); i++) {
		static char name[ARRAY_SIZE(hmac_lens)][40];

		snprintf(name[i], sizeof(name[i]), "HMAC-SHA256 %zu B (prep)",
			 hmac_lens[i]);
		c = (struct bcase){ name[i], hmac_lens[i], 1, 32, {
			IMPL("libkcrypto hmac_sha256()", kc_hmac),
			IMPL("OpenSSL EVP_MAC (reused ctx)", os_hmac),
			IMPL("nettle (reused ctx)", ne_hmac),
		} };
		rc |= run_case(&c);
	}

	for (size_t i = 0; i < ARRAY_SIZE(sha512_lens); i++) {
		static char name[2 * ARRAY_SIZE(sha512_lens)][32];

		snprintf(name[2 * i], sizeof(name[0]), "SHA-512 %zu B",
			 sha512_lens[i]);
		c = (struct bcase){ name[2 * i], sha512_lens[i], 1, 64, {
			IMPL("libkcrypto sha512()", kc_sha512),
			IMPL("OpenSSL EVP (reused ctx)", os_sha512),
			IMPL("nettle", ne_sha512),
		} };
		rc |= run_case(&c);
		snprintf(name[2 * i + 1], sizeof(name[0]), "SHA-384 %zu B",
			 sha512_lens[i]);
		c = (struct bcase){ name[2 * i + 1], sha512_lens[i], 1, 48, {
			IMPL("libkcrypto sha384()", kc_sha384),
			IMPL("OpenSSL EVP (reused ctx)", os_sha384),
			IMPL("nettle", ne_sha384),
		} };
		rc |= run_case(&c);
	}
	c = (struct bcase){ "SHA-1 16384 B", 16384, 1, 20, {
		IMPL("libkcrypto sha1()", kc_sha1),
		IMPL("OpenSSL EVP (reused ctx)", os_sha1),
		IMPL("nettle", ne_sha1),
	} };
	rc |= run_case(&c);
	c = (struct bcase){ "MD5 16384 B", 16384, 1, 16, {
		IMPL("libkcrypto md5()", kc_md5),
		IMPL("OpenSSL EVP (reused ctx)", os_md5),
		IMPL("nettle", ne_md5),
	} };
	rc |= run_case(&c);
	c = (struct bcase){ "SHA3-256 16384 B", 16384, 1, 32, {
		IMPL("libkcrypto sha3_256()", kc_sha3_256),
		IMPL("OpenSSL EVP (reused ctx)", os_sha3_256),
		IMPL("nettle", ne_sha3_256),
	} };
	rc |= run_case(&c);
	c = (struct bcase){ "SHAKE128 16384 B -> 32 B", 16384, 1, 32, {
		IMPL("libkcrypto shake128()", kc_shake128),
		IMPL("OpenSSL EVP (reused ctx)", os_shake128),
	} };
	rc |= run_case(&c);
	return rc;
}
