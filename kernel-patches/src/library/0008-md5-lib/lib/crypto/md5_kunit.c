// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the MD5 and HMAC-MD5 library.
 *
 * Known answers: digests and HMAC tags computed by Python's hashlib and
 * hmac for messages of every length class around the block boundaries
 * and keys shorter than, as long as and longer than a block.  The other
 * tests check the incremental and prepared-key interfaces against the
 * one-shot functions those vectors have verified, at the end of a page
 * followed by an unmapped guard page, and on long messages.  The tests come
 * from hash_kunit_template.h.
 */
#include <crypto/md5.h>

#include "md5_kunit-vectors.h"

#define HASH_NAME md5
#define HASH_SIZE MD5_DIGEST_SIZE
#define HASH_BLOCK_SIZE MD5_BLOCK_SIZE
#define HASH_KATS md5_kats
#define HASH_DENSE_SPLITS MAX_KAT_BYTES
#define HASH_ZERO_MESSAGE md5_zero_message_hash
#define HMAC_NAME hmac_md5
#define HMAC_KATS hmac_md5_kats
#define HASH_BENCH_BYTES SZ_1M
#include "hash_kunit_template.h"

static struct kunit_case md5_test_cases[] = {
	KUNIT_CASE(md5_test_kats),
	KUNIT_CASE(md5_test_empty),
	KUNIT_CASE(hmac_md5_test_kats),
	KUNIT_CASE(md5_test_guard_page),
	KUNIT_CASE(md5_test_long),
	KUNIT_CASE(md5_test_benchmark),
	{}
};

static struct kunit_suite md5_test_suite = {
	.name = "md5",
	.test_cases = md5_test_cases,
};

kunit_test_suite(md5_test_suite);

MODULE_DESCRIPTION("KUnit tests for the MD5 and HMAC-MD5 library");
MODULE_LICENSE("GPL");
