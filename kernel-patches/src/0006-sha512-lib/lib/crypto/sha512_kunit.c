// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the SHA-384, SHA-512, HMAC-SHA384 and HMAC-SHA512
 * library.
 *
 * Known answers come from NIST ACVP (SHA2-384/512 AFT) and Wycheproof
 * (HMAC, including truncated and modified tags); the other tests check the
 * incremental and prepared-key interfaces against the one-shot functions
 * those vectors have verified, at block boundaries, at the end of a page
 * followed by an unmapped guard page, and on long messages.
 */
#include <crypto/sha2.h>
#include <kunit/test.h>
#include <linux/hex.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "sha512_kunit-vectors.h"

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

static void sha512_test_acvp(struct kunit *test)
{
	u8 *msg = kat_buf(test);
	u8 md[SHA512_DIGEST_SIZE], out[SHA512_DIGEST_SIZE];
	size_t i, len, split;

	for (i = 0; i < ARRAY_SIZE(sha512_acvp_kats); i++) {
		const struct sha2_kat *v = &sha512_acvp_kats[i];
		struct sha512_ctx ctx;

		len = kat_hex(test, v->msg, msg, MAX_KAT_BYTES);
		kat_hex(test, v->md, md, sizeof(md));

		sha512(msg, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md), "vector %zu", i);

		/* The same message fed in two pieces, around block boundaries. */
		for (split = 0; split <= len; split += split < 260 ? 1 : 61) {
			sha512_init(&ctx);
			sha512_update(&ctx, msg, split);
			sha512_update(&ctx, msg + split, len - split);
			sha512_final(&ctx, out);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md),
					       "vector %zu split %zu", i, split);
		}
	}
}

static void sha384_test_acvp(struct kunit *test)
{
	u8 *msg = kat_buf(test);
	u8 md[SHA384_DIGEST_SIZE], out[SHA384_DIGEST_SIZE];
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(sha384_acvp_kats); i++) {
		const struct sha2_kat *v = &sha384_acvp_kats[i];
		struct sha384_ctx ctx;

		len = kat_hex(test, v->msg, msg, MAX_KAT_BYTES);
		kat_hex(test, v->md, md, sizeof(md));

		sha384(msg, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md), "vector %zu", i);

		sha384_init(&ctx);
		sha384_update(&ctx, msg, len / 3);
		sha384_update(&ctx, msg + len / 3, len - len / 3);
		sha384_final(&ctx, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md), "vector %zu", i);
	}
}

static void sha512_test_empty(struct kunit *test)
{
	u8 out[SHA512_DIGEST_SIZE];

	sha512(NULL, 0, out);
	KUNIT_EXPECT_MEMEQ(test, out, sha512_zero_message_hash, sizeof(out));
	sha384(NULL, 0, out);
	KUNIT_EXPECT_MEMEQ(test, out, sha384_zero_message_hash,
			   SHA384_DIGEST_SIZE);
}

/* Computes an HMAC with each of the four interfaces of the library. */
typedef void (*hmac_all_fn)(const u8 *key, size_t klen, const u8 *msg,
			    size_t mlen, u8 out[4][SHA512_DIGEST_SIZE]);

static void hmac_sha512_all(const u8 *key, size_t klen, const u8 *msg,
			    size_t mlen, u8 out[4][SHA512_DIGEST_SIZE])
{
	struct hmac_sha512_key prepared;
	struct hmac_sha512_ctx ctx;

	hmac_sha512_usingrawkey(key, klen, msg, mlen, out[0]);
	hmac_sha512_preparekey(&prepared, key, klen);
	hmac_sha512(&prepared, msg, mlen, out[1]);
	hmac_sha512_init(&ctx, &prepared);
	hmac_sha512_update(&ctx, msg, mlen / 2);
	hmac_sha512_update(&ctx, msg + mlen / 2, mlen - mlen / 2);
	hmac_sha512_final(&ctx, out[2]);
	hmac_sha512_init_usingrawkey(&ctx, key, klen);
	hmac_sha512_update(&ctx, msg, mlen);
	hmac_sha512_final(&ctx, out[3]);
	memzero_explicit(&prepared, sizeof(prepared));
}

static void hmac_sha384_all(const u8 *key, size_t klen, const u8 *msg,
			    size_t mlen, u8 out[4][SHA512_DIGEST_SIZE])
{
	struct hmac_sha384_key prepared;
	struct hmac_sha384_ctx ctx;

	hmac_sha384_usingrawkey(key, klen, msg, mlen, out[0]);
	hmac_sha384_preparekey(&prepared, key, klen);
	hmac_sha384(&prepared, msg, mlen, out[1]);
	hmac_sha384_init(&ctx, &prepared);
	hmac_sha384_update(&ctx, msg, mlen / 2);
	hmac_sha384_update(&ctx, msg + mlen / 2, mlen - mlen / 2);
	hmac_sha384_final(&ctx, out[2]);
	hmac_sha384_init_usingrawkey(&ctx, key, klen);
	hmac_sha384_update(&ctx, msg, mlen);
	hmac_sha384_final(&ctx, out[3]);
	memzero_explicit(&prepared, sizeof(prepared));
}

/*
 * Each interface is compared with a Wycheproof tag (which may be truncated).
 * An invalid test has a modified tag: the computed one must differ.
 */
static void hmac_test_kats(struct kunit *test, const struct hmac_kat *kats,
			   size_t count, hmac_all_fn all)
{
	u8 *key = kat_buf(test), *msg = kat_buf(test);
	u8 tag[SHA512_DIGEST_SIZE], out[4][SHA512_DIGEST_SIZE];
	size_t i, j, klen, mlen, tlen;

	for (i = 0; i < count; i++) {
		klen = kat_hex(test, kats[i].key, key, MAX_KAT_BYTES);
		mlen = kat_hex(test, kats[i].msg, msg, MAX_KAT_BYTES);
		tlen = kat_hex(test, kats[i].tag, tag, sizeof(tag));
		all(key, klen, msg, mlen, out);
		for (j = 0; j < 4; j++) {
			bool same = !memcmp(out[j], tag, tlen);

			KUNIT_EXPECT_EQ_MSG(test, same, kats[i].valid,
					    "vector %zu interface %zu", i, j);
		}
	}
}

static void hmac_sha512_test_wycheproof(struct kunit *test)
{
	hmac_test_kats(test, hmac_sha512_wycheproof_kats,
		       ARRAY_SIZE(hmac_sha512_wycheproof_kats), hmac_sha512_all);
}

static void hmac_sha384_test_wycheproof(struct kunit *test)
{
	hmac_test_kats(test, hmac_sha384_wycheproof_kats,
		       ARRAY_SIZE(hmac_sha384_wycheproof_kats), hmac_sha384_all);
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
static void sha512_test_guard_page(struct kunit *test)
{
	static const size_t lens[] = { 0, 1, 111, 112, 127, 128, 129, 255,
				       256, 257, 1000, PAGE_SIZE - 1,
				       PAGE_SIZE };
	u8 out[SHA512_DIGEST_SIZE], want[SHA512_DIGEST_SIZE];
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
		sha512(copy, len, want);
		sha512(end, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out), "len %zu",
				       len);
	}
	vfree(p);
}

/*
 * Long messages, fed in chunks of many sizes: past the lengths an arch may
 * process in one SIMD section, and not multiples of the block size.
 */
static void sha512_test_long(struct kunit *test)
{
	const size_t size = 3 * 65536 + 77;
	u8 want[SHA512_DIGEST_SIZE], out[SHA512_DIGEST_SIZE];
	u8 *d = vmalloc(size);
	struct sha512_ctx ctx;
	size_t off, chunk;

	if (!d) {
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(d, size, 5);
	sha512(d, size, want);
	for (chunk = 1; chunk < size; chunk = chunk * 3 + 1) {
		sha512_init(&ctx);
		for (off = 0; off < size; off += chunk)
			sha512_update(&ctx, d + off, min(chunk, size - off));
		sha512_final(&ctx, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out),
				       "chunk %zu", chunk);
	}
	vfree(d);
}

static void sha512_test_benchmark(struct kunit *test)
{
	static const size_t lens[] = { 64, 256, 1024, 4096 };
	u8 out[SHA512_DIGEST_SIZE];
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
			sha512(d, lens[i], out);
		t = ktime_get_ns() - t;
		kunit_info(test, "sha512 len=%zu: %llu MB/s", lens[i],
			   div64_u64((u64)iters * lens[i] * 1000, t ?: 1));
	}
}

static struct kunit_case sha512_test_cases[] = {
	KUNIT_CASE(sha512_test_acvp),
	KUNIT_CASE(sha384_test_acvp),
	KUNIT_CASE(sha512_test_empty),
	KUNIT_CASE(hmac_sha512_test_wycheproof),
	KUNIT_CASE(hmac_sha384_test_wycheproof),
	KUNIT_CASE(sha512_test_guard_page),
	KUNIT_CASE(sha512_test_long),
	KUNIT_CASE(sha512_test_benchmark),
	{}
};

static struct kunit_suite sha512_test_suite = {
	.name = "sha512",
	.test_cases = sha512_test_cases,
};

kunit_test_suite(sha512_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SHA-384/512 and HMAC library");
MODULE_LICENSE("GPL");
