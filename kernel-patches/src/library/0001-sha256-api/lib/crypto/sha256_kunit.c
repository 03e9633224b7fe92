// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the SHA-224, SHA-256, HMAC-SHA224 and HMAC-SHA256 library
 * and sha256_finup_2x().
 *
 * Known answers come from NIST ACVP (SHA2-224/256 AFT) and Wycheproof
 * (HMAC, including truncated and modified tags); the other tests check the
 * incremental, prepared-key and two-message interfaces against the one-shot
 * functions those vectors have verified, at block boundaries, at the end of
 * a page followed by an unmapped guard page, and past the lengths an
 * architecture may process in one SIMD section.  The tests common to the
 * hash functions come from hash_kunit_template.h.
 */
#include <crypto/sha2.h>

#include "sha256_kunit-vectors.h"

#define HASH_NAME sha256
#define HASH_SIZE SHA256_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA256_BLOCK_SIZE
#define HASH_KATS sha256_acvp_kats
#define HASH_DENSE_SPLITS 130
#define HASH_ZERO_MESSAGE sha256_zero_message_hash
#define HMAC_NAME hmac_sha256
#define HMAC_KATS hmac_sha256_wycheproof_kats
#define HASH_BENCH_BYTES SZ_1M
#include "hash_kunit_template.h"

#define HASH_NAME sha224
#define HASH_SIZE SHA224_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA224_BLOCK_SIZE
#define HASH_KATS sha224_acvp_kats
#define HASH_DENSE_SPLITS 130
#define HASH_ZERO_MESSAGE sha224_zero_message_hash
#define HMAC_NAME hmac_sha224
#define HMAC_KATS hmac_sha224_wycheproof_kats
#include "hash_kunit_template.h"

/* sha256_finup_2x() must equal two sequential hashes from the same context. */
static void check_finup_2x(struct kunit *test, const struct sha256_ctx *ctx,
			   const u8 *d1, const u8 *d2, size_t len)
{
	u8 out1[SHA256_DIGEST_SIZE], out2[SHA256_DIGEST_SIZE];
	u8 want1[SHA256_DIGEST_SIZE], want2[SHA256_DIGEST_SIZE];
	struct sha256_ctx tmp;

	if (ctx) {
		tmp = *ctx;
		sha256_update(&tmp, d1, len);
		sha256_final(&tmp, want1);
		tmp = *ctx;
		sha256_update(&tmp, d2, len);
		sha256_final(&tmp, want2);
	} else {
		sha256(d1, len, want1);
		sha256(d2, len, want2);
	}
	sha256_finup_2x(ctx, d1, d2, len, out1, out2);
	KUNIT_EXPECT_MEMEQ_MSG(test, out1, want1, sizeof(out1), "len %zu", len);
	KUNIT_EXPECT_MEMEQ_MSG(test, out2, want2, sizeof(out2), "len %zu", len);
}

static void sha256_test_finup_2x(struct kunit *test)
{
	const size_t size = 4096 + 200;
	u8 *d1 = kunit_kmalloc(test, size, GFP_KERNEL);
	u8 *d2 = kunit_kmalloc(test, size, GFP_KERNEL);
	struct sha256_ctx ctx;
	size_t prefix, len;

	KUNIT_ASSERT_NOT_NULL(test, d1);
	KUNIT_ASSERT_NOT_NULL(test, d2);
	fill_pattern(d1, size, 1);
	fill_pattern(d2, size, 2);

	for (len = 0; len <= 300; len++)
		check_finup_2x(test, NULL, d1, d2, len);
	for (prefix = 0; prefix <= 130; prefix++) {
		sha256_init(&ctx);
		sha256_update(&ctx, d1 + 4096, prefix);
		for (len = 0; len < 200; len += 7)
			check_finup_2x(test, &ctx, d1, d2, len);
		check_finup_2x(test, &ctx, d1, d2, 4096);
	}
	/* Identical messages and a 4 KiB block after a salt, as fs-verity. */
	check_finup_2x(test, NULL, d1, d1, 4096);
	sha256_init(&ctx);
	sha256_update(&ctx, d2, 32);
	check_finup_2x(test, &ctx, d1, d1 + 4096 - 2048, 2048);
	kunit_info(test, "sha256_finup_2x_is_optimized() = %d",
		   sha256_finup_2x_is_optimized());
}

/*
 * Messages that end exactly at the end of a page followed by a guard page
 * (vmalloc leaves one unmapped): any read past the end faults.
 */
/*
 * Two messages that end exactly at the end of a page followed by a guard
 * page: any read past the end faults.
 */
static void sha256_test_finup_2x_guard_page(struct kunit *test)
{
	static const size_t lens[] = { 0, 1, 55, 56, 63, 64, 65, 127, 128,
				       129, 1000, PAGE_SIZE - 1, PAGE_SIZE };
	u8 *p1 = vmalloc(PAGE_SIZE), *p2 = vmalloc(PAGE_SIZE);
	size_t i;

	if (!p1 || !p2) {
		vfree(p1);
		vfree(p2);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(p1, PAGE_SIZE, 3);
	fill_pattern(p2, PAGE_SIZE, 4);
	for (i = 0; i < ARRAY_SIZE(lens); i++)
		check_finup_2x(test, NULL, p1 + PAGE_SIZE - lens[i],
			       p2 + PAGE_SIZE - lens[i], lens[i]);
	vfree(p1);
	vfree(p2);
}

/*
 * Long messages: past the 64 KiB that an arch may process in one SIMD
 * section, so the fallback and chunking paths of finup_2x run.
 */
static void sha256_test_finup_2x_long(struct kunit *test)
{
	const size_t size = 3 * 65536 + 77;
	u8 *d1 = vmalloc(size), *d2 = vmalloc(size);

	if (!d1 || !d2) {
		vfree(d1);
		vfree(d2);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(d1, size, 5);
	fill_pattern(d2, size, 6);
	check_finup_2x(test, NULL, d1, d2, 65536);
	check_finup_2x(test, NULL, d1, d2, 65536 + 64);
	check_finup_2x(test, NULL, d1, d2, size);
	vfree(d1);
	vfree(d2);
}

static void sha256_test_finup_2x_benchmark(struct kunit *test)
{
	u8 *d1, *d2, out1[SHA256_DIGEST_SIZE], out2[SHA256_DIGEST_SIZE];
	size_t n, iters = 256;
	u64 t;

	if (!IS_ENABLED(CONFIG_CRYPTO_LIB_BENCHMARK))
		kunit_skip(test, "not enabled (CONFIG_CRYPTO_LIB_BENCHMARK=n)");

	d1 = kunit_kmalloc(test, 4096, GFP_KERNEL);
	d2 = kunit_kmalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d1);
	KUNIT_ASSERT_NOT_NULL(test, d2);
	fill_pattern(d1, 4096, 7);
	fill_pattern(d2, 4096, 8);
	t = ktime_get_ns();
	for (n = 0; n < iters; n++)
		sha256_finup_2x(NULL, d1, d2, 4096, out1, out2);
	t = ktime_get_ns() - t;
	kunit_info(test, "sha256_finup_2x len=4096: %llu MB/s (optimized=%d)",
		   div64_u64((u64)iters * 2 * 4096 * 1000, t ?: 1),
		   sha256_finup_2x_is_optimized());
}

static struct kunit_case sha256_test_cases[] = {
	KUNIT_CASE(sha256_test_kats),
	KUNIT_CASE(sha256_test_empty),
	KUNIT_CASE(hmac_sha256_test_kats),
	KUNIT_CASE(sha256_test_guard_page),
	KUNIT_CASE(sha256_test_long),
	KUNIT_CASE(sha256_test_benchmark),
	KUNIT_CASE(sha224_test_kats),
	KUNIT_CASE(sha224_test_empty),
	KUNIT_CASE(hmac_sha224_test_kats),
	KUNIT_CASE(sha224_test_guard_page),
	KUNIT_CASE(sha224_test_long),
	KUNIT_CASE(sha256_test_finup_2x),
	KUNIT_CASE(sha256_test_finup_2x_guard_page),
	KUNIT_CASE(sha256_test_finup_2x_long),
	KUNIT_CASE(sha256_test_finup_2x_benchmark),
	{}
};

static struct kunit_suite sha256_test_suite = {
	.name = "sha256",
	.test_cases = sha256_test_cases,
};

kunit_test_suite(sha256_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SHA-224/256 and HMAC library");
MODULE_LICENSE("GPL");
