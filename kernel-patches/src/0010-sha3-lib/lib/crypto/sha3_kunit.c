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
 */
#include <crypto/sha3.h>
#include <kunit/test.h>
#include <linux/hex.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "sha3_kunit-vectors.h"

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

static void sha3_init_bits(struct sha3_ctx *ctx, int bits)
{
	switch (bits) {
	case 224:
		sha3_224_init(ctx);
		break;
	case 256:
		sha3_256_init(ctx);
		break;
	case 384:
		sha3_384_init(ctx);
		break;
	default:
		sha3_512_init(ctx);
		break;
	}
}

static void sha3_oneshot_bits(const u8 *msg, size_t len, u8 *out, int bits)
{
	switch (bits) {
	case 224:
		sha3_224(msg, len, out);
		break;
	case 256:
		sha3_256(msg, len, out);
		break;
	case 384:
		sha3_384(msg, len, out);
		break;
	default:
		sha3_512(msg, len, out);
		break;
	}
}

static void sha3_check_kats(struct kunit *test, const struct hash_kat *kats,
			    size_t count, int bits)
{
	u8 *msg = kat_buf(test);
	u8 md[SHA3_512_DIGEST_SIZE], out[SHA3_512_DIGEST_SIZE];
	size_t i, len, split, ds = bits / 8;
	struct sha3_ctx ctx;

	for (i = 0; i < count; i++) {
		len = kat_hex(test, kats[i].msg, msg, MAX_KAT_BYTES);
		kat_hex(test, kats[i].md, md, sizeof(md));

		sha3_oneshot_bits(msg, len, out, bits);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, ds, "sha3-%d len %zu",
				       bits, len);

		/* The same message fed in two pieces, around the rate. */
		for (split = 0; split <= len; split += split < 180 ? 1 : 37) {
			sha3_init_bits(&ctx, bits);
			sha3_update(&ctx, msg, split);
			sha3_update(&ctx, msg + split, len - split);
			sha3_final(&ctx, out);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, md, ds,
					       "sha3-%d len %zu split %zu",
					       bits, len, split);
		}
	}
}

static void sha3_test_kats(struct kunit *test)
{
	sha3_check_kats(test, sha3_224_kats, ARRAY_SIZE(sha3_224_kats), 224);
	sha3_check_kats(test, sha3_256_kats, ARRAY_SIZE(sha3_256_kats), 256);
	sha3_check_kats(test, sha3_384_kats, ARRAY_SIZE(sha3_384_kats), 384);
	sha3_check_kats(test, sha3_512_kats, ARRAY_SIZE(sha3_512_kats), 512);
}

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

/* Computes an HMAC-SHA3 with each of the four interfaces of the library. */
static void hmac_sha3_all(int bits, const u8 *key, size_t klen,
			  const u8 *msg, size_t mlen,
			  u8 out[4][SHA3_512_DIGEST_SIZE])
{
	struct hmac_sha3_224_key k224;
	struct hmac_sha3_256_key k256;
	struct hmac_sha3_384_key k384;
	struct hmac_sha3_512_key k512;
	struct hmac_sha3_224_ctx c224;
	struct hmac_sha3_256_ctx c256;
	struct hmac_sha3_384_ctx c384;
	struct hmac_sha3_512_ctx c512;

	switch (bits) {
	case 224:
		hmac_sha3_224_usingrawkey(key, klen, msg, mlen, out[0]);
		hmac_sha3_224_preparekey(&k224, key, klen);
		hmac_sha3_224(&k224, msg, mlen, out[1]);
		hmac_sha3_224_init(&c224, &k224);
		hmac_sha3_224_update(&c224, msg, mlen / 2);
		hmac_sha3_224_update(&c224, msg + mlen / 2, mlen - mlen / 2);
		hmac_sha3_224_final(&c224, out[2]);
		hmac_sha3_224_init_usingrawkey(&c224, key, klen);
		hmac_sha3_224_update(&c224, msg, mlen);
		hmac_sha3_224_final(&c224, out[3]);
		memzero_explicit(&k224, sizeof(k224));
		break;
	case 256:
		hmac_sha3_256_usingrawkey(key, klen, msg, mlen, out[0]);
		hmac_sha3_256_preparekey(&k256, key, klen);
		hmac_sha3_256(&k256, msg, mlen, out[1]);
		hmac_sha3_256_init(&c256, &k256);
		hmac_sha3_256_update(&c256, msg, mlen / 2);
		hmac_sha3_256_update(&c256, msg + mlen / 2, mlen - mlen / 2);
		hmac_sha3_256_final(&c256, out[2]);
		hmac_sha3_256_init_usingrawkey(&c256, key, klen);
		hmac_sha3_256_update(&c256, msg, mlen);
		hmac_sha3_256_final(&c256, out[3]);
		memzero_explicit(&k256, sizeof(k256));
		break;
	case 384:
		hmac_sha3_384_usingrawkey(key, klen, msg, mlen, out[0]);
		hmac_sha3_384_preparekey(&k384, key, klen);
		hmac_sha3_384(&k384, msg, mlen, out[1]);
		hmac_sha3_384_init(&c384, &k384);
		hmac_sha3_384_update(&c384, msg, mlen / 2);
		hmac_sha3_384_update(&c384, msg + mlen / 2, mlen - mlen / 2);
		hmac_sha3_384_final(&c384, out[2]);
		hmac_sha3_384_init_usingrawkey(&c384, key, klen);
		hmac_sha3_384_update(&c384, msg, mlen);
		hmac_sha3_384_final(&c384, out[3]);
		memzero_explicit(&k384, sizeof(k384));
		break;
	default:
		hmac_sha3_512_usingrawkey(key, klen, msg, mlen, out[0]);
		hmac_sha3_512_preparekey(&k512, key, klen);
		hmac_sha3_512(&k512, msg, mlen, out[1]);
		hmac_sha3_512_init(&c512, &k512);
		hmac_sha3_512_update(&c512, msg, mlen / 2);
		hmac_sha3_512_update(&c512, msg + mlen / 2, mlen - mlen / 2);
		hmac_sha3_512_final(&c512, out[2]);
		hmac_sha3_512_init_usingrawkey(&c512, key, klen);
		hmac_sha3_512_update(&c512, msg, mlen);
		hmac_sha3_512_final(&c512, out[3]);
		memzero_explicit(&k512, sizeof(k512));
		break;
	}
}

/*
 * Each interface is compared with a Wycheproof tag (which may be truncated).
 * An invalid test has a modified tag: the computed one must differ.
 */
static void hmac_sha3_check_kats(struct kunit *test,
				 const struct hmac_kat *kats, size_t count,
				 int bits)
{
	u8 *key = kat_buf(test), *msg = kat_buf(test);
	u8 tag[SHA3_512_DIGEST_SIZE], out[4][SHA3_512_DIGEST_SIZE];
	size_t i, j, klen, mlen, tlen;

	for (i = 0; i < count; i++) {
		klen = kat_hex(test, kats[i].key, key, MAX_KAT_BYTES);
		mlen = kat_hex(test, kats[i].msg, msg, MAX_KAT_BYTES);
		tlen = kat_hex(test, kats[i].tag, tag, sizeof(tag));
		hmac_sha3_all(bits, key, klen, msg, mlen, out);
		for (j = 0; j < 4; j++) {
			bool same = !memcmp(out[j], tag, tlen);

			KUNIT_EXPECT_EQ_MSG(test, same, kats[i].valid,
					    "hmac-sha3-%d vector %zu interface %zu",
					    bits, i, j);
		}
	}
}

static void hmac_sha3_test_wycheproof(struct kunit *test)
{
	hmac_sha3_check_kats(test, hmac_sha3_224_wycheproof_kats,
			     ARRAY_SIZE(hmac_sha3_224_wycheproof_kats), 224);
	hmac_sha3_check_kats(test, hmac_sha3_256_wycheproof_kats,
			     ARRAY_SIZE(hmac_sha3_256_wycheproof_kats), 256);
	hmac_sha3_check_kats(test, hmac_sha3_384_wycheproof_kats,
			     ARRAY_SIZE(hmac_sha3_384_wycheproof_kats), 384);
	hmac_sha3_check_kats(test, hmac_sha3_512_wycheproof_kats,
			     ARRAY_SIZE(hmac_sha3_512_wycheproof_kats), 512);
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
 * (vmalloc leaves one unmapped), and output squeezed into the end of it:
 * any access past the end faults.
 */
static void sha3_test_guard_page(struct kunit *test)
{
	static const size_t lens[] = { 0, 1, 135, 136, 137, 167, 168, 169,
				       1000, PAGE_SIZE - 1, PAGE_SIZE };
	u8 out[SHA3_256_DIGEST_SIZE], want[SHA3_256_DIGEST_SIZE];
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
	fill_pattern(p, PAGE_SIZE, 3);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		size_t len = lens[i];
		const u8 *end = p + PAGE_SIZE - len;

		memcpy(copy, end, len);
		sha3_256(copy, len, want);
		sha3_256(end, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out), "len %zu",
				       len);
		/* SHAKE128 output of @len bytes ending at the guard page. */
		shake128(copy, min_t(size_t, len, 64), ref, len);
		shake128(copy, min_t(size_t, len, 64), p + PAGE_SIZE - len,
			 len);
		KUNIT_EXPECT_MEMEQ_MSG(test, p + PAGE_SIZE - len, ref, len,
				       "shake128 output len %zu", len);
	}
	vfree(p);
}

/* Long messages, fed in chunks of many sizes. */
static void sha3_test_long(struct kunit *test)
{
	const size_t size = 3 * 65536 + 77;
	u8 want[SHA3_256_DIGEST_SIZE], out[SHA3_256_DIGEST_SIZE];
	u8 *d = vmalloc(size);
	struct sha3_ctx ctx;
	size_t off, chunk;

	if (!d) {
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	fill_pattern(d, size, 5);
	sha3_256(d, size, want);
	for (chunk = 1; chunk < size; chunk = chunk * 3 + 1) {
		sha3_256_init(&ctx);
		for (off = 0; off < size; off += chunk)
			sha3_update(&ctx, d + off, min(chunk, size - off));
		sha3_final(&ctx, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, want, sizeof(out),
				       "chunk %zu", chunk);
	}
	vfree(d);
}

static void sha3_test_benchmark(struct kunit *test)
{
	static const size_t lens[] = { 64, 256, 1024, 4096 };
	u8 out[SHA3_256_DIGEST_SIZE];
	size_t i, n, iters;
	u8 *d;
	u64 t;

	if (!IS_ENABLED(CONFIG_CRYPTO_LIB_BENCHMARK))
		kunit_skip(test, "not enabled (CONFIG_CRYPTO_LIB_BENCHMARK=n)");

	d = kunit_kmalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d);
	fill_pattern(d, 4096, 7);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		iters = (1 << 19) / lens[i];
		t = ktime_get_ns();
		for (n = 0; n < iters; n++)
			sha3_256(d, lens[i], out);
		t = ktime_get_ns() - t;
		kunit_info(test, "sha3-256 len=%zu: %llu MB/s", lens[i],
			   div64_u64((u64)iters * lens[i] * 1000, t ?: 1));
	}
}

static struct kunit_case sha3_test_cases[] = {
	KUNIT_CASE(sha3_test_kats),
	KUNIT_CASE(shake_test_kats),
	KUNIT_CASE(hmac_sha3_test_wycheproof),
	KUNIT_CASE(sha3_test_guard_page),
	KUNIT_CASE(sha3_test_long),
	KUNIT_CASE(sha3_test_benchmark),
	{}
};

static struct kunit_suite sha3_test_suite = {
	.name = "sha3",
	.test_cases = sha3_test_cases,
};

kunit_test_suite(sha3_test_suite);

MODULE_DESCRIPTION("KUnit tests for the SHA-3, SHAKE and HMAC-SHA3 library");
MODULE_LICENSE("GPL");
