// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the SHA-3, SHAKE and HMAC-SHA3 library.
 *
 * Known answers: SHA3-224/256/384/512 digests and SHAKE128/256 output
 * computed by Python's hashlib for messages of every length class around
 * the rates, and Wycheproof HMAC-SHA3 vectors (including truncated and
 * modified tags).  The other tests check the incremental interfaces and
 * multi-call squeezing against what those vectors have verified, at the
 * end of a page followed by an unmapped guard page, and on long messages.
 * The tests common to the hash functions come from hash_kunit_template.h,
 * included once per SHA-3 digest size.
 */
#include <crypto/sha3.h>

#include "sha3_kunit-vectors.h"

#define HASH_NAME sha3_224
#define HASH_SIZE SHA3_224_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA3_224_BLOCK_SIZE
#define HASH_CTX sha3_ctx
#define HASH_UPDATE sha3_update
#define HASH_FINAL sha3_final
#define HASH_KATS sha3_224_kats
#define HASH_DENSE_SPLITS 180
#define HMAC_NAME hmac_sha3_224
#define HMAC_KATS hmac_sha3_224_wycheproof_kats
#include "hash_kunit_template.h"

#define HASH_NAME sha3_256
#define HASH_SIZE SHA3_256_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA3_256_BLOCK_SIZE
#define HASH_CTX sha3_ctx
#define HASH_UPDATE sha3_update
#define HASH_FINAL sha3_final
#define HASH_KATS sha3_256_kats
#define HASH_DENSE_SPLITS 180
#define HMAC_NAME hmac_sha3_256
#define HMAC_KATS hmac_sha3_256_wycheproof_kats
#define HASH_BENCH_BYTES SZ_512K
#include "hash_kunit_template.h"

#define HASH_NAME sha3_384
#define HASH_SIZE SHA3_384_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA3_384_BLOCK_SIZE
#define HASH_CTX sha3_ctx
#define HASH_UPDATE sha3_update
#define HASH_FINAL sha3_final
#define HASH_KATS sha3_384_kats
#define HASH_DENSE_SPLITS 180
#define HMAC_NAME hmac_sha3_384
#define HMAC_KATS hmac_sha3_384_wycheproof_kats
#include "hash_kunit_template.h"

#define HASH_NAME sha3_512
#define HASH_SIZE SHA3_512_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA3_512_BLOCK_SIZE
#define HASH_CTX sha3_ctx
#define HASH_UPDATE sha3_update
#define HASH_FINAL sha3_final
#define HASH_KATS sha3_512_kats
#define HASH_DENSE_SPLITS 180
#define HMAC_NAME hmac_sha3_512
#define HMAC_KATS hmac_sha3_512_wycheproof_kats
#include "hash_kunit_template.h"

/*
 * SHAKE: the one-shot, then the output squeezed in pieces of each size of
 * @steps in turn (so pieces straddle output block boundaries), after the
 * message was absorbed in two pieces.
 */
static void shake_check_kats(struct kunit *test, const struct hash_kat *kats,
			     size_t count, int bits)
{
	static const size_t steps[] = { 1, 7, 64, 135, 136, 137, 167, 168,
					169, 200 };
	u8 *msg = kat_buf(test), *want = kat_buf(test), *out = kat_buf(test);
	struct shake_ctx ctx;
	size_t i, s, len, off, n;

	for (i = 0; i < count; i++) {
		len = kat_hex(test, kats[i].msg, msg, MAX_KAT_BYTES);
		KUNIT_ASSERT_EQ(test, kat_hex(test, kats[i].md, want,
					      MAX_KAT_BYTES),
				(size_t)SHAKE_KAT_OUT);

		if (bits == 128)
			shake128(msg, len, out, SHAKE_KAT_OUT);
		else
			shake256(msg, len, out, SHAKE_KAT_OUT);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, SHAKE_KAT_OUT,
				       "shake%d len %zu", bits, len);

		for (s = 0; s < ARRAY_SIZE(steps); s++) {
			if (bits == 128)
				shake128_init(&ctx);
			else
				shake256_init(&ctx);
			shake_update(&ctx, msg, len / 2);
			shake_update(&ctx, msg + len / 2, len - len / 2);
			memset(out, 0, SHAKE_KAT_OUT);
			for (off = 0; off < SHAKE_KAT_OUT; off += n) {
				n = min(steps[s], SHAKE_KAT_OUT - off);
				shake_squeeze(&ctx, out + off, n);
			}
			shake_zeroize_ctx(&ctx);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, want, SHAKE_KAT_OUT,
					       "shake%d len %zu squeeze step %zu",
					       bits, len, steps[s]);
		}
	}
}

static void shake_test_kats(struct kunit *test)
{
	shake_check_kats(test, shake128_kats, ARRAY_SIZE(shake128_kats), 128);
	shake_check_kats(test, shake256_kats, ARRAY_SIZE(shake256_kats), 256);
}

/*
 * SHAKE128 input that ends exactly at the end of a page followed by a
 * guard page, and output squeezed into the end of it: any access past the
 * end faults.
 */
static void shake_test_guard_page(struct kunit *test)
{
	static const size_t lens[] = { 0, 1, 135, 136, 137, 167, 168, 169,
				       1000, PAGE_SIZE - 1, PAGE_SIZE };
	u8 *p = vmalloc(PAGE_SIZE);
	u8 *copy, *ref;
	size_t i;

	copy = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	ref = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	if (!p || !copy || !ref) {
		vfree(p);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		size_t len = lens[i];
		u8 *end = p + PAGE_SIZE - len;

		fill_pattern(p, PAGE_SIZE, 3);
		memcpy(copy, end, len);
		shake128(copy, len, ref, 64);
		shake128(end, len, copy, 64);
		KUNIT_EXPECT_MEMEQ_MSG(test, copy, ref, 64,
				       "shake128 input len %zu", len);

		memcpy(copy, ref, 64);
		shake128(copy, min_t(size_t, len, 64), ref, len);
		shake128(copy, min_t(size_t, len, 64), end, len);
		KUNIT_EXPECT_MEMEQ_MSG(test, end, ref, len,
				       "shake128 output len %zu", len);
	}
	vfree(p);
}

static struct kunit_case sha3_test_cases[] = {
	KUNIT_CASE(sha3_224_test_kats),
	KUNIT_CASE(hmac_sha3_224_test_kats),
	KUNIT_CASE(sha3_224_test_guard_page),
	KUNIT_CASE(sha3_224_test_long),
	KUNIT_CASE(sha3_256_test_kats),
	KUNIT_CASE(hmac_sha3_256_test_kats),
	KUNIT_CASE(sha3_256_test_guard_page),
	KUNIT_CASE(sha3_256_test_long),
	KUNIT_CASE(sha3_256_test_benchmark),
	KUNIT_CASE(sha3_384_test_kats),
	KUNIT_CASE(hmac_sha3_384_test_kats),
	KUNIT_CASE(sha3_384_test_guard_page),
	KUNIT_CASE(sha3_384_test_long),
	KUNIT_CASE(sha3_512_test_kats),
	KUNIT_CASE(hmac_sha3_512_test_kats),
	KUNIT_CASE(sha3_512_test_guard_page),
	KUNIT_CASE(sha3_512_test_long),
	KUNIT_CASE(shake_test_kats),
	KUNIT_CASE(shake_test_guard_page),
	{}
};

static struct kunit_suite sha3_test_suite = {
	.name = "sha3",
	.test_cases = sha3_test_cases,
};

kunit_test_suite(sha3_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SHA-3, SHAKE and HMAC-SHA3 library");
MODULE_LICENSE("GPL");
