// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the SHA-1 and HMAC-SHA1 library.
 *
 * Known answers: digests computed by Python's hashlib for messages of
 * every length class around the block boundaries, and Wycheproof HMAC
 * vectors (including truncated and modified tags).  The other tests check
 * the incremental and prepared-key interfaces against the one-shot
 * functions those vectors have verified, at the end of a page followed by
 * an unmapped guard page, and on long messages.
 */
#include <crypto/sha1.h>
#include <kunit/test.h>
#include <linux/hex.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>

#include "sha1_kunit-vectors.h"

#define MAX_KAT_BYTES 2048

/* Decodes a hex string of the vector header into @buf; returns its length. */
static size_t kat_hex(struct kunit *test, const char *hex, u8 *buf,
		      size_t size)
{
	size_t len = strlen(hex) / 2;

	KUNIT_ASSERT_LE(test, len, size);
	KUNIT_ASSERT_EQ(test, hex2bin(buf, hex, len), 0);
	return len;
}

static u8 *kat_buf(struct kunit *test)
{
	u8 *buf = kunit_kmalloc(test, MAX_KAT_BYTES, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	return buf;
}

static void sha1_test_kats(struct kunit *test)
{
	u8 *msg = kat_buf(test);
	u8 md[SHA1_DIGEST_SIZE], out[SHA1_DIGEST_SIZE];
	size_t i, len, split;

	for (i = 0; i < ARRAY_SIZE(sha1_kats); i++) {
		struct sha1_ctx ctx;

		len = kat_hex(test, sha1_kats[i].msg, msg, MAX_KAT_BYTES);
		kat_hex(test, sha1_kats[i].md, md, sizeof(md));

		sha1(msg, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md), "len %zu", len);

		/* The same message fed in two pieces, at every split point. */
		for (split = 0; split <= len; split++) {
			sha1_init(&ctx);
			sha1_update(&ctx, msg, split);
			sha1_update(&ctx, msg + split, len - split);
			sha1_final(&ctx, out);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md),
					       "len %zu split %zu", len, split);
		}
	}
}

static void sha1_test_empty(struct kunit *test)
{
	u8 out[SHA1_DIGEST_SIZE];

	sha1(NULL, 0, out);
	KUNIT_EXPECT_MEMEQ(test, out, sha1_zero_message_hash, sizeof(out));
}

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

/* Computes an HMAC with each of the four interfaces of the library. */
static void hmac_sha1_all(const u8 *key, size_t klen, const u8 *msg,
			  size_t mlen, u8 out[4][SHA1_DIGEST_SIZE])
{
	struct hmac_sha1_key prepared;
	struct hmac_sha1_ctx ctx;

	hmac_sha1_usingrawkey(key, klen, msg, mlen, out[0]);
	hmac_sha1_preparekey(&prepared, key, klen);
	hmac_sha1(&prepared, msg, mlen, out[1]);
	hmac_sha1_init(&ctx, &prepared);
	hmac_sha1_update(&ctx, msg, mlen / 2);
	hmac_sha1_update(&ctx, msg + mlen / 2, mlen - mlen / 2);
	hmac_sha1_final(&ctx, out[2]);
	hmac_sha1_init_usingrawkey(&ctx, key, klen);
	hmac_sha1_update(&ctx, msg, mlen);
	hmac_sha1_final(&ctx, out[3]);
	memzero_explicit(&prepared, sizeof(prepared));
}

/*
 * Each interface is compared with the expected tag (which may be
 * truncated).  An invalid test has a modified tag: the computed one must
 * differ.
 */
static void hmac_sha1_test_kats(struct kunit *test)
{
	const struct hmac_kat *kats = hmac_sha1_wycheproof_kats;
	u8 *key = kat_buf(test), *msg = kat_buf(test);
	u8 tag[SHA1_DIGEST_SIZE], out[4][SHA1_DIGEST_SIZE];
	size_t i, j, klen, mlen, tlen;

	for (i = 0; i < ARRAY_SIZE(hmac_sha1_wycheproof_kats); i++) {
		klen = kat_hex(test, kats[i].key, key, MAX_KAT_BYTES);
		mlen = kat_hex(test, kats[i].msg, msg, MAX_KAT_BYTES);
		tlen = kat_hex(test, kats[i].tag, tag, sizeof(tag));
		hmac_sha1_all(key, klen, msg, mlen, out);
		for (j = 0; j < 4; j++) {
			bool same = !memcmp(out[j], tag, tlen);

			KUNIT_EXPECT_EQ_MSG(test, same, kats[i].valid,
					    "vector %zu interface %zu", i, j);
		}
	}
}

static void fill_pattern(u8 *buf, size_t len, u32 seed)
{
	size_t i;

	for (i = 0; i < len; i++) {
		seed = seed * 1103515245 + 12345;
		buf[i] = seed >> 16;
	}
}

/*
 * Messages that end exactly at the end of a page followed by a guard page
 * (vmalloc leaves one unmapped): any read past the end faults.
 */
static void sha1_test_guard_page(struct kunit *test)
{
	static const size_t lens[] = { 0, 1, 55, 56, 63, 64, 65, 127, 128,
				       129, 1000, PAGE_SIZE - 1, PAGE_SIZE };
	u8 out[SHA1_DIGEST_SIZE], want[SHA1_DIGEST_SIZE];
	u8 *p = vmalloc(PAGE_SIZE);
	u8 *copy;
	size_t i;

	copy = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	if (!p || !copy) {
		vfree(p);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(p, PAGE_SIZE, 3);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		size_t len = lens[i];
		const u8 *end = p + PAGE_SIZE - len;

		memcpy(copy, end, len);
		sha1(copy, len, want);
		sha1(end, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out), "len %zu",
				       len);
	}
	vfree(p);
}

/* Long messages, fed in chunks of many sizes. */
static void sha1_test_long(struct kunit *test)
{
	const size_t size = 3 * 65536 + 77;
	u8 want[SHA1_DIGEST_SIZE], out[SHA1_DIGEST_SIZE];
	u8 *d = vmalloc(size);
	struct sha1_ctx ctx;
	size_t off, chunk;

	if (!d) {
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(d, size, 5);
	sha1(d, size, want);
	for (chunk = 1; chunk < size; chunk = chunk * 3 + 1) {
		sha1_init(&ctx);
		for (off = 0; off < size; off += chunk)
			sha1_update(&ctx, d + off, min(chunk, size - off));
		sha1_final(&ctx, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out),
				       "chunk %zu", chunk);
	}
	vfree(d);
}

static void sha1_test_benchmark(struct kunit *test)
{
	static const size_t lens[] = { 64, 256, 1024, 4096 };
	u8 out[SHA1_DIGEST_SIZE];
	size_t i, n, iters;
	u8 *d;
	u64 t;

	if (!IS_ENABLED(CONFIG_CRYPTO_LIB_BENCHMARK))
		kunit_skip(test, "not enabled (CONFIG_CRYPTO_LIB_BENCHMARK=n)");

	d = kunit_kmalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d);
	fill_pattern(d, 4096, 7);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		iters = (1 << 20) / lens[i];
		t = ktime_get_ns();
		for (n = 0; n < iters; n++)
			sha1(d, lens[i], out);
		t = ktime_get_ns() - t;
		kunit_info(test, "sha1 len=%zu: %llu MB/s", lens[i],
			   div64_u64((u64)iters * lens[i] * 1000, t ?: 1));
	}
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
