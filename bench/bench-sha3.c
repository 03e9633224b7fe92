// SPDX-License-Identifier: GPL-2.0
/*
 * SHA3-256, SHAKE128 and SHAKE256 throughput of libkcrypto vs OpenSSL 3,
 * side by side in one run.  Not a test: prints medians of several runs and
 * the ratio (ours / OpenSSL, > 1 means faster) for each message size.
 *
 *   bench-sha3 [reps]        default 201 alternating slices per point (max 401)
 *
 * The dispatch path can be chosen with KCRYPTO_CLEARCPUID as for the tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/evp.h>
#include <crypto/sha3.h>

#include "bench-util.h"

enum which { SHA3_256, SHAKE128, SHAKE256 };
static const char *const names[] = { "SHA3-256", "SHAKE128", "SHAKE256" };

static volatile u8 sink;

static void ours(enum which w, const u8 *in, size_t len, u8 *out)
{
	switch (w) {
	case SHA3_256:
		sha3_256(in, len, out);
		break;
	case SHAKE128:
		shake128(in, len, out, 32);
		break;
	case SHAKE256:
		shake256(in, len, out, 32);
		break;
	}
}

static void theirs(enum which w, EVP_MD_CTX *c, const EVP_MD *md,
		   const u8 *in, size_t len, u8 *out)
{
	EVP_DigestInit_ex(c, md, NULL);
	EVP_DigestUpdate(c, in, len);
	if (w == SHA3_256)
		EVP_DigestFinal_ex(c, out, NULL);
	else
		EVP_DigestFinalXOF(c, out, 32);
}

/*
 * Nanoseconds per call for ours and OpenSSL's.  The machine is shared and
 * noisy, so the two are timed in alternating short slices (a few calls each)
 * and each side's median slice is taken: a burst of load hits both alike.
 * Time is the thread's CPU time, so time spent descheduled is not counted.
 */
static void measure(enum which w, EVP_MD_CTX *c, const EVP_MD *md,
		    const u8 *in, size_t len, int reps, double *a, double *b)
{
	double ta[401], tb[401];
	u8 out[64];
	long iters = len >= 4096 ? 4 : len >= 256 ? 50 : 200;

	for (int r = 0; r < reps; r++) {
		double t0 = bench_now_ns();

		for (long i = 0; i < iters; i++) {
			ours(w, in, len, out);
			sink ^= out[0];
		}
		ta[r] = (bench_now_ns() - t0) / iters;
		t0 = bench_now_ns();
		for (long i = 0; i < iters; i++) {
			theirs(w, c, md, in, len, out);
			sink ^= out[0];
		}
		tb[r] = (bench_now_ns() - t0) / iters;
	}
	*a = bench_median(ta, reps);
	*b = bench_median(tb, reps);
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 16, 64, 256, 4096, 16384 };
	int reps = argc > 1 ? atoi(argv[1]) : 201;
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	u8 *buf = malloc(16384);

	if (reps < 1 || reps > 401 || !c || !buf)
		return 1;
	for (size_t i = 0; i < 16384; i++)
		buf[i] = (u8)(i * 131 + 7);

	printf("%-9s %7s %12s %12s %12s %12s %7s\n", "alg", "bytes",
	       "ours ns", "openssl ns", "ours MB/s", "openssl MB/s", "ratio");
	for (int w = SHA3_256; w <= SHAKE256; w++) {
		const EVP_MD *md = w == SHA3_256 ? EVP_sha3_256() :
				   w == SHAKE128 ? EVP_shake128() : EVP_shake256();

		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			size_t len = sizes[s];
			double a, b;

			measure(w, c, md, buf, len, reps, &a, &b);
			printf("%-9s %7zu %12.0f %12.0f %12.1f %12.1f %7.2f\n",
			       names[w], len, a, b, len * 1e3 / a, len * 1e3 / b,
			       b / a);
		}
	}
	EVP_MD_CTX_free(c);
	free(buf);
	return 0;
}
