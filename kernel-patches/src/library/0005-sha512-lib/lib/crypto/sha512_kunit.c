// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the SHA-384, SHA-512, HMAC-SHA384 and HMAC-SHA512
 * library.
 *
 * Known answers come from NIST ACVP (SHA2-384/512 AFT) and Wycheproof
 * (HMAC, including truncated and modified tags); the other tests check the
 * incremental and prepared-key interfaces against the one-shot functions
 * those vectors have verified, at block boundaries, at the end of a page
 * followed by an unmapped guard page, and on long messages.  The tests come
 * from hash_kunit_template.h.
 */
#include <crypto/sha2.h>

#include "sha512_kunit-vectors.h"

#define HASH_NAME sha512
#define HASH_SIZE SHA512_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA512_BLOCK_SIZE
#define HASH_KATS sha512_acvp_kats
#define HASH_DENSE_SPLITS 260
#define HASH_ZERO_MESSAGE sha512_zero_message_hash
#define HMAC_NAME hmac_sha512
#define HMAC_KATS hmac_sha512_wycheproof_kats
#define HASH_BENCH_BYTES SZ_1M
#include "hash_kunit_template.h"

#define HASH_NAME sha384
#define HASH_SIZE SHA384_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA384_BLOCK_SIZE
#define HASH_KATS sha384_acvp_kats
#define HASH_DENSE_SPLITS 260
#define HASH_ZERO_MESSAGE sha384_zero_message_hash
#define HMAC_NAME hmac_sha384
#define HMAC_KATS hmac_sha384_wycheproof_kats
#include "hash_kunit_template.h"

static struct kunit_case sha512_test_cases[] = {
	KUNIT_CASE(sha512_test_kats),
	KUNIT_CASE(sha512_test_empty),
	KUNIT_CASE(hmac_sha512_test_kats),
	KUNIT_CASE(sha512_test_guard_page),
	KUNIT_CASE(sha512_test_long),
	KUNIT_CASE(sha512_test_benchmark),
	KUNIT_CASE(sha384_test_kats),
	KUNIT_CASE(sha384_test_empty),
	KUNIT_CASE(hmac_sha384_test_kats),
	KUNIT_CASE(sha384_test_guard_page),
	KUNIT_CASE(sha384_test_long),
	{}
};

static struct kunit_suite sha512_test_suite = {
	.name = "sha512",
	.test_cases = sha512_test_cases,
};

kunit_test_suite(sha512_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SHA-384/512 and HMAC library");
MODULE_LICENSE("GPL");
