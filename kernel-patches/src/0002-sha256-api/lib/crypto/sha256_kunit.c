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
 * architecture may process in one SIMD section.
 */
#include <crypto/sha2.h>
#include <kunit/test.h>
#include <linux/hex.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "sha256_kunit-vectors.h"

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

static void sha256_test_acvp(struct kunit *test)
{
	u8 *msg = kat_buf(test);
	u8 md[SHA256_DIGEST_SIZE], out[SHA256_DIGEST_SIZE];
	size_t i, len, split;

	for (i = 0; i < ARRAY_SIZE(sha256_acvp_kats); i++) {
		const struct sha2_kat *v = &sha256_acvp_kats[i];
		struct sha256_ctx ctx;

		len = kat_hex(test, v->msg, msg, MAX_KAT_BYTES);
		kat_hex(test, v->md, md, sizeof(md));

		sha256(msg, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md), "vector %zu", i);

		/* The same message fed in two pieces, at block boundaries. */
		for (split = 0; split <= len; split += split < 130 ? 1 : 61) {
			sha256_init(&ctx);
			sha256_update(&ctx, msg, split);
			sha256_update(&ctx, msg + split, len - split);
			sha256_final(&ctx, out);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md),
					       "vector %zu split %zu", i, split);
		}
	}
}

static void sha224_test_acvp(struct kunit *test)
{
	u8 *msg = kat_buf(test);
	u8 md[SHA224_DIGEST_SIZE], out[SHA224_DIGEST_SIZE];
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(sha224_acvp_kats); i++) {
		const struct sha2_kat *v = &sha224_acvp_kats[i];
		struct sha224_ctx ctx;

		len = kat_hex(test, v->msg, msg, MAX_KAT_BYTES);
		kat_hex(test, v->md, md, sizeof(md));

		sha224(msg, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md), "vector %zu", i);

		sha224_init(&ctx);
		sha224_update(&ctx, msg, len / 3);
		sha224_update(&ctx, msg + len / 3, len - len / 3);
		sha224_final(&ctx, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md), "vector %zu", i);
	}
}

static void sha256_test_empty(struct kunit *test)
{
	u8 out[SHA256_DIGEST_SIZE];

	sha256(NULL, 0, out);
	KUNIT_EXPECT_MEMEQ(test, out, sha256_zero_message_hash, sizeof(out));
	sha224(NULL, 0, out);
	KUNIT_EXPECT_MEMEQ(test, out, sha224_zero_message_hash,
			   SHA224_DIGEST_SIZE);
}

/* Computes an HMAC with each of the four interfaces of the library. */
typedef void (*hmac_all_fn)(const u8 *key, size_t klen, const u8 *msg,
			    size_t mlen, u8 out[4][SHA256_DIGEST_SIZE]);

static void hmac_sha256_all(const u8 *key, size_t klen, const u8 *msg,
			    size_t mlen, u8 out[4][SHA256_DIGEST_SIZE])
{
	struct hmac_sha256_key prepared;
	struct hmac_sha256_ctx ctx;

	hmac_sha256_usingrawkey(key, klen, msg, mlen, out[0]);
	hmac_sha256_preparekey(&prepared, key, klen);
	hmac_sha256(&prepared, msg, mlen, out[1]);
	hmac_sha256_init(&ctx, &prepared);
	hmac_sha256_update(&ctx, msg, mlen / 2);
	hmac_sha256_update(&ctx, msg + mlen / 2, mlen - mlen / 2);
	hmac_sha256_final(&ctx, out[2]);
	hmac_sha256_init_usingrawkey(&ctx, key, klen);
	hmac_sha256_update(&ctx, msg, mlen);
	hmac_sha256_final(&ctx, out[3]);
	memzero_explicit(&prepared, sizeof(prepared));
}

static void hmac_sha224_all(const u8 *key, size_t klen, const u8 *msg,
			    size_t mlen, u8 out[4][SHA256_DIGEST_SIZE])
{
	struct hmac_sha224_key prepared;
	struct hmac_sha224_ctx ctx;

	hmac_sha224_usingrawkey(key, klen, msg, mlen, out[0]);
	hmac_sha224_preparekey(&prepared, key, klen);
	hmac_sha224(&prepared, msg, mlen, out[1]);
	hmac_sha224_init(&ctx, &prepared);
	hmac_sha224_update(&ctx, msg, mlen / 2);
	hmac_sha224_update(&ctx, msg + mlen / 2, mlen - mlen / 2);
	hmac_sha224_final(&ctx, out[2]);
	hmac_sha224_init_usingrawkey(&ctx, key, klen);
	hmac_sha224_update(&ctx, msg, mlen);
	hmac_sha224_final(&ctx, out[3]);
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
	u8 tag[SHA256_DIGEST_SIZE], out[4][SHA256_DIGEST_SIZE];
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

static void hmac_sha256_test_wycheproof(struct kunit *test)
{
	hmac_test_kats(test, hmac_sha256_wycheproof_kats,
		       ARRAY_SIZE(hmac_sha256_wycheproof_kats), hmac_sha256_all);
}

static void hmac_sha224_test_wycheproof(struct kunit *test)
{
	hmac_test_kats(test, hmac_sha224_wycheproof_kats,
		       ARRAY_SIZE(hmac_sha224_wycheproof_kats), hmac_sha224_all);
}

static void fill_pattern(u8 *buf, size_t len, u32 seed)
{
	size_t i;

	for (i = 0; i < len; i++) {
		seed = seed * 1103515245 + 12345;
		buf[i] = seed >> 16;
	}
}

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
static void sha256_test_guard_page(struct kunit *test)
{
	u8 *p1 = vmalloc(PAGE_SIZE), *p2 = vmalloc(PAGE_SIZE);
	static const size_t lens[] = { 0, 1, 55, 56, 63, 64, 65, 127, 128,
				       129, 1000, PAGE_SIZE - 1, PAGE_SIZE };
	u8 out[SHA256_DIGEST_SIZE], want[SHA256_DIGEST_SIZE];
	u8 *copy;
	size_t i;

	copy = kunit_kmalloc(test, PAGE_SIZE, GFP_KERNEL);
	if (!p1 || !p2 || !copy) {
		vfree(p1);
		vfree(p2);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(p1, PAGE_SIZE, 3);
	fill_pattern(p2, PAGE_SIZE, 4);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		size_t len = lens[i];
		const u8 *e1 = p1 + PAGE_SIZE - len, *e2 = p2 + PAGE_SIZE - len;

		check_finup_2x(test, NULL, e1, e2, len);
		memcpy(copy, e1, len);
		sha256(copy, len, want);
		sha256(e1, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out), "len %zu",
				       len);
	}
	vfree(p1);
	vfree(p2);
}

/*
 * Long messages: past the 64 KiB that an arch may process in one SIMD
 * section (so the finup_2x fallback and chunking paths run), and with
 * lengths that are not multiples of the block size.
 */
static void sha256_test_long(struct kunit *test)
{
	const size_t size = 3 * 65536 + 77;
	u8 *d1 = vmalloc(size), *d2 = vmalloc(size);
	u8 want[SHA256_DIGEST_SIZE], out[SHA256_DIGEST_SIZE];
	struct sha256_ctx ctx;
	size_t off, chunk;

	if (!d1 || !d2) {
		vfree(d1);
		vfree(d2);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(d1, size, 5);
	fill_pattern(d2, size, 6);
	sha256(d1, size, want);
	for (chunk = 1; chunk < size; chunk = chunk * 3 + 1) {
		sha256_init(&ctx);
		for (off = 0; off < size; off += chunk)
			sha256_update(&ctx, d1 + off, min(chunk, size - off));
		sha256_final(&ctx, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out),
				       "chunk %zu", chunk);
	}
	check_finup_2x(test, NULL, d1, d2, 65536);
	check_finup_2x(test, NULL, d1, d2, 65536 + 64);
	check_finup_2x(test, NULL, d1, d2, size);
	vfree(d1);
	vfree(d2);
}

static void sha256_test_benchmark(struct kunit *test)
{
	static const size_t lens[] = { 64, 256, 1024, 4096 };
	u8 *d1, *d2, out1[SHA256_DIGEST_SIZE], out2[SHA256_DIGEST_SIZE];
	size_t i, n, iters;
	u64 t;

	if (!IS_ENABLED(CONFIG_CRYPTO_LIB_BENCHMARK))
		kunit_skip(test, "not enabled (CONFIG_CRYPTO_LIB_BENCHMARK=n)");

	d1 = kunit_kmalloc(test, 4096, GFP_KERNEL);
	d2 = kunit_kmalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d1);
	KUNIT_ASSERT_NOT_NULL(test, d2);
	fill_pattern(d1, 4096, 7);
	fill_pattern(d2, 4096, 8);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		iters = (1 << 20) / lens[i];
		t = ktime_get_ns();
		for (n = 0; n < iters; n++)
			sha256(d1, lens[i], out1);
		t = ktime_get_ns() - t;
		kunit_info(test, "sha256 len=%zu: %llu MB/s", lens[i],
			   div64_u64((u64)iters * lens[i] * 1000, t ?: 1));
	}
	iters = 256;
	t = ktime_get_ns();
	for (n = 0; n < iters; n++)
		sha256_finup_2x(NULL, d1, d2, 4096, out1, out2);
	t = ktime_get_ns() - t;
	kunit_info(test, "sha256_finup_2x len=4096: %llu MB/s (optimized=%d)",
		   div64_u64((u64)iters * 2 * 4096 * 1000, t ?: 1),
		   sha256_finup_2x_is_optimized());
}

static struct kunit_case sha256_test_cases[] = {
	KUNIT_CASE(sha256_test_acvp),
	KUNIT_CASE(sha224_test_acvp),
	KUNIT_CASE(sha256_test_empty),
	KUNIT_CASE(hmac_sha256_test_wycheproof),
	KUNIT_CASE(hmac_sha224_test_wycheproof),
	KUNIT_CASE(sha256_test_finup_2x),
	KUNIT_CASE(sha256_test_guard_page),
	KUNIT_CASE(sha256_test_long),
	KUNIT_CASE(sha256_test_benchmark),
	{}
};

static struct kunit_suite sha256_test_suite = {
	.name = "sha256",
	.test_cases = sha256_test_cases,
};

kunit_test_suite(sha256_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SHA-224/256 and HMAC library");
MODULE_LICENSE("GPL");
