/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Test cases shared by the KUnit suites of the hash library (<alg>_kunit.c).
 *
 * A suite includes this header once per hash function it tests, after
 * defining:
 *
 *   HASH_NAME		the function prefix, e.g. sha256: sha256(),
 *			sha256_init(), sha256_update(), sha256_final() and
 *			struct sha256_ctx are used
 *   HASH_SIZE		the digest size in bytes
 *   HASH_BLOCK_SIZE	the block size (the rate for SHA-3) in bytes
 *   HASH_KATS		array of { .msg, .md } hex strings: known answers
 *   HASH_DENSE_SPLITS	the known-answer messages are also fed in two
 *			pieces, split at every offset up to this one and
 *			then every 37 bytes
 *
 * and optionally:
 *
 *   HASH_CTX, HASH_INIT, HASH_UPDATE, HASH_FINAL
 *			the context struct tag and the incremental functions,
 *			when they are not named after HASH_NAME (SHA-3)
 *   HASH_ZERO_MESSAGE	the digest of the empty message
 *   HMAC_NAME		the HMAC prefix, e.g. hmac_sha256, with HMAC_KATS,
 *			an array of { .valid, .key, .msg, .tag } hex strings
 *			(the tag may be truncated; an invalid vector has a
 *			modified tag)
 *   HASH_BENCH_BYTES	bytes hashed per message length by a benchmark
 *			(which skips unless CONFIG_CRYPTO_LIB_BENCHMARK=y)
 *
 * For HASH_NAME sha256 it defines the test cases sha256_test_kats,
 * sha256_test_empty (with HASH_ZERO_MESSAGE), hmac_sha256_test_kats (with
 * HMAC_NAME), sha256_test_guard_page, sha256_test_long and
 * sha256_test_benchmark (with HASH_BENCH_BYTES), which the suite lists in
 * its kunit_case array, and undefines the macros above.
 */
#ifndef _HASH_KUNIT_TEMPLATE_COMMON
#define _HASH_KUNIT_TEMPLATE_COMMON

#include <kunit/test.h>
#include <linux/hex.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

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

static void fill_pattern(u8 *buf, size_t len, u32 seed)
{
	size_t i;

	for (i = 0; i < len; i++) {
		seed = seed * 1103515245 + 12345;
		buf[i] = seed >> 16;
	}
}

#endif /* _HASH_KUNIT_TEMPLATE_COMMON */

#ifndef HASH_CTX
#define HASH_CTX __PASTE(HASH_NAME, _ctx)
#endif
#ifndef HASH_INIT
#define HASH_INIT __PASTE(HASH_NAME, _init)
#endif
#ifndef HASH_UPDATE
#define HASH_UPDATE __PASTE(HASH_NAME, _update)
#endif
#ifndef HASH_FINAL
#define HASH_FINAL __PASTE(HASH_NAME, _final)
#endif
#define HASH_TEST(t) __PASTE(HASH_NAME, _test_##t)
#define HMAC_FN(f) __PASTE(HMAC_NAME, f)
#define HMAC_KEY __PASTE(HMAC_NAME, _key)
#define HMAC_CTX __PASTE(HMAC_NAME, _ctx)

/*
 * The known answers with the one-shot function, then with the message fed
 * in two pieces to one context, at every split point around the block
 * boundaries.
 */
static void HASH_TEST(kats)(struct kunit *test)
{
	u8 *msg = kat_buf(test);
	u8 md[HASH_SIZE], out[HASH_SIZE];
	struct HASH_CTX ctx;
	size_t i, len, split;

	for (i = 0; i < ARRAY_SIZE(HASH_KATS); i++) {
		len = kat_hex(test, HASH_KATS[i].msg, msg, MAX_KAT_BYTES);
		KUNIT_ASSERT_EQ(test, kat_hex(test, HASH_KATS[i].md, md,
					      sizeof(md)), sizeof(md));

		HASH_NAME(msg, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md),
				       "vector %zu len %zu", i, len);

		for (split = 0; split <= len;
		     split += split < HASH_DENSE_SPLITS ? 1 : 37) {
			HASH_INIT(&ctx);
			HASH_UPDATE(&ctx, msg, split);
			HASH_UPDATE(&ctx, msg + split, len - split);
			HASH_FINAL(&ctx, out);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, md, sizeof(md),
					       "vector %zu len %zu split %zu",
					       i, len, split);
		}
	}
}

#ifdef HASH_ZERO_MESSAGE
/* The empty message, with the one-shot function and with a context. */
static void HASH_TEST(empty)(struct kunit *test)
{
	u8 out[HASH_SIZE];
	struct HASH_CTX ctx;

	HASH_NAME(NULL, 0, out);
	KUNIT_EXPECT_MEMEQ(test, out, HASH_ZERO_MESSAGE, sizeof(out));
	memset(out, 0, sizeof(out));
	HASH_INIT(&ctx);
	HASH_UPDATE(&ctx, NULL, 0);
	HASH_FINAL(&ctx, out);
	KUNIT_EXPECT_MEMEQ(test, out, HASH_ZERO_MESSAGE, sizeof(out));
}
#endif

#ifdef HMAC_NAME
/*
 * Each vector with each of the four interfaces: one-shot with a raw key,
 * one-shot with a prepared key, incremental (two pieces) with a prepared
 * key and incremental with a raw key.  The computed tag must equal the
 * expected one (over its possibly truncated length) exactly when the vector
 * is valid.
 */
static void __PASTE(HMAC_NAME, _test_kats)(struct kunit *test)
{
	u8 *key = kat_buf(test), *msg = kat_buf(test);
	u8 tag[HASH_SIZE], out[4][HASH_SIZE];
	struct HMAC_KEY *prepared;
	struct HMAC_CTX *ctx;
	size_t i, j, klen, mlen, tlen;

	/* Too large together for the stack with SHA-3. */
	prepared = kunit_kmalloc(test, sizeof(*prepared), GFP_KERNEL);
	ctx = kunit_kmalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, prepared);
	KUNIT_ASSERT_NOT_NULL(test, ctx);

	for (i = 0; i < ARRAY_SIZE(HMAC_KATS); i++) {
		klen = kat_hex(test, HMAC_KATS[i].key, key, MAX_KAT_BYTES);
		mlen = kat_hex(test, HMAC_KATS[i].msg, msg, MAX_KAT_BYTES);
		tlen = kat_hex(test, HMAC_KATS[i].tag, tag, sizeof(tag));

		HMAC_FN(_usingrawkey)(key, klen, msg, mlen, out[0]);
		HMAC_FN(_preparekey)(prepared, key, klen);
		HMAC_NAME(prepared, msg, mlen, out[1]);
		HMAC_FN(_init)(ctx, prepared);
		HMAC_FN(_update)(ctx, msg, mlen / 2);
		HMAC_FN(_update)(ctx, msg + mlen / 2, mlen - mlen / 2);
		HMAC_FN(_final)(ctx, out[2]);
		HMAC_FN(_init_usingrawkey)(ctx, key, klen);
		HMAC_FN(_update)(ctx, msg, mlen);
		HMAC_FN(_final)(ctx, out[3]);

		for (j = 0; j < 4; j++) {
			bool same = !memcmp(out[j], tag, tlen);

			KUNIT_EXPECT_EQ_MSG(test, same, HMAC_KATS[i].valid,
					    "vector %zu interface %zu", i, j);
		}
	}
	memzero_explicit(prepared, sizeof(*prepared));
}
#endif

/*
 * Messages that end exactly at the end of a page followed by a guard page
 * (vmalloc leaves one unmapped): any read past the end faults.  The digest
 * must equal that of a copy of the message.
 */
static void HASH_TEST(guard_page)(struct kunit *test)
{
	static const size_t lens[] = {
		0, 1, HASH_BLOCK_SIZE - 9, HASH_BLOCK_SIZE - 8,
		HASH_BLOCK_SIZE - 1, HASH_BLOCK_SIZE, HASH_BLOCK_SIZE + 1,
		2 * HASH_BLOCK_SIZE - 1, 2 * HASH_BLOCK_SIZE,
		2 * HASH_BLOCK_SIZE + 1, 1000, PAGE_SIZE - 1, PAGE_SIZE,
	};
	u8 out[HASH_SIZE], want[HASH_SIZE];
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
		HASH_NAME(copy, len, want);
		HASH_NAME(end, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out), "len %zu",
				       len);
	}
	vfree(p);
}

/*
 * A long message fed in chunks of many sizes: past the lengths an arch may
 * process in one SIMD section, and not multiples of the block size.
 */
static void HASH_TEST(long)(struct kunit *test)
{
	const size_t size = 3 * 65536 + 77;
	u8 want[HASH_SIZE], out[HASH_SIZE];
	u8 *d = vmalloc(size);
	struct HASH_CTX ctx;
	size_t off, chunk;

	if (!d) {
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(d, size, 5);
	HASH_NAME(d, size, want);
	for (chunk = 1; chunk < size; chunk = chunk * 3 + 1) {
		HASH_INIT(&ctx);
		for (off = 0; off < size; off += chunk)
			HASH_UPDATE(&ctx, d + off, min(chunk, size - off));
		HASH_FINAL(&ctx, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out),
				       "chunk %zu", chunk);
	}
	vfree(d);
}

#ifdef HASH_BENCH_BYTES
static void HASH_TEST(benchmark)(struct kunit *test)
{
	static const size_t lens[] = { 64, 256, 1024, 4096 };
	u8 out[HASH_SIZE];
	size_t i, n, iters;
	u8 *d;
	u64 t;

	if (!IS_ENABLED(CONFIG_CRYPTO_LIB_BENCHMARK))
		kunit_skip(test, "not enabled (CONFIG_CRYPTO_LIB_BENCHMARK=n)");

	d = kunit_kmalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d);
	fill_pattern(d, 4096, 7);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		iters = HASH_BENCH_BYTES / lens[i];
		t = ktime_get_ns();
		for (n = 0; n < iters; n++)
			HASH_NAME(d, lens[i], out);
		t = ktime_get_ns() - t;
		kunit_info(test, "%s len=%zu: %llu MB/s",
			   __stringify(HASH_NAME), lens[i],
			   div64_u64((u64)iters * lens[i] * 1000, t ?: 1));
	}
}
#endif

#undef HASH_NAME
#undef HASH_SIZE
#undef HASH_BLOCK_SIZE
#undef HASH_KATS
#undef HASH_DENSE_SPLITS
#undef HASH_CTX
#undef HASH_INIT
#undef HASH_UPDATE
#undef HASH_FINAL
#undef HASH_ZERO_MESSAGE
#undef HMAC_NAME
#undef HMAC_KATS
#undef HASH_BENCH_BYTES
#undef HASH_TEST
#undef HMAC_FN
#undef HMAC_KEY
#undef HMAC_CTX
