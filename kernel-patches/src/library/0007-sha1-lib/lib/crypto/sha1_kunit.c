// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the SHA-1 and HMAC-SHA1 library.
 *
 * Known answers: digests computed by Python's hashlib for messages of
 * every length class around the block boundaries, and Wycheproof HMAC
 * vectors (including truncated and modified tags).  The other tests check
 * the incremental and prepared-key interfaces against the one-shot
 * functions those vectors have verified, at the end of a page followed by
 * an unmapped guard page, and on long messages.  The tests common to the
 * hash functions come from hash_kunit_template.h.
 */
#include <crypto/sha1.h>
#include <linux/unaligned.h>

#include "sha1_kunit-vectors.h"

#define HASH_NAME sha1
#define HASH_SIZE SHA1_DIGEST_SIZE
#define HASH_BLOCK_SIZE SHA1_BLOCK_SIZE
#define HASH_KATS sha1_kats
#define HASH_DENSE_SPLITS MAX_KAT_BYTES
#define HASH_ZERO_MESSAGE sha1_zero_message_hash
#define HMAC_NAME hmac_sha1
#define HMAC_KATS hmac_sha1_wycheproof_kats
#define HASH_BENCH_BYTES SZ_1M
#include "hash_kunit_template.h"

/* The bare compression function on the padded empty message. */
static void sha1_test_transform(struct kunit *test)
{
	u32 digest[SHA1_DIGEST_WORDS], ws[SHA1_WORKSPACE_WORDS];
	char block[SHA1_BLOCK_SIZE] = { (char)0x80 };
	u8 out[SHA1_DIGEST_SIZE];
	int i;

	sha1_init_raw(digest);
	sha1_transform(digest, block, ws);
	for (i = 0; i < SHA1_DIGEST_WORDS; i++)
		put_unaligned_be32(digest[i], &out[4 * i]);
	KUNIT_EXPECT_MEMEQ(test, out, sha1_zero_message_hash, sizeof(out));
}

static struct kunit_case sha1_test_cases[] = {
	KUNIT_CASE(sha1_test_kats),
	KUNIT_CASE(sha1_test_empty),
	KUNIT_CASE(sha1_test_transform),
	KUNIT_CASE(hmac_sha1_test_kats),
	KUNIT_CASE(sha1_test_guard_page),
	KUNIT_CASE(sha1_test_long),
	KUNIT_CASE(sha1_test_benchmark),
	{}
};

static struct kunit_suite sha1_test_suite = {
	.name = "sha1",
	.test_cases = sha1_test_cases,
};

kunit_test_suite(sha1_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SHA-1 and HMAC-SHA1 library");
MODULE_LICENSE("GPL");
