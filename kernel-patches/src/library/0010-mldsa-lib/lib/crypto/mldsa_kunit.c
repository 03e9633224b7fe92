// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for ML-DSA signature verification (mldsa_verify()).
 *
 * Known answers: a subset of the Wycheproof ML-DSA-44/65/87 verification
 * vectors (see the vector header for which), each with the error code its
 * flags call for.  From the valid vectors the suite derives more invalid
 * inputs: a flipped bit in the message, the signature or the public key;
 * signatures and keys one byte too short or too long; and a signature
 * checked under another parameter set.  Inputs end at an unmapped guard
 * page, so a read past the end faults.
 */
#include <crypto/mldsa.h>
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/hex.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "mldsa_kunit-vectors.h"

#define MAX_BYTES 8192

static const char *mldsa_key_hex(const struct mldsa_kat *v)
{
	switch (v->alg) {
	case MLDSA44:
		return mldsa44_keys[v->key];
	case MLDSA65:
		return mldsa65_keys[v->key];
	default:
		return mldsa87_keys[v->key];
	}
}

static size_t mldsa_sig_size(enum mldsa_alg alg)
{
	switch (alg) {
	case MLDSA44:
		return MLDSA44_SIGNATURE_SIZE;
	case MLDSA65:
		return MLDSA65_SIGNATURE_SIZE;
	default:
		return MLDSA87_SIGNATURE_SIZE;
	}
}

/*
 * A buffer whose last byte is the last byte of a page followed by an
 * unmapped guard page (vmalloc leaves one).
 */
struct guarded {
	u8 *page;
	size_t size;
};

static u8 *guarded_at(struct guarded *g, size_t len)
{
	return g->page + g->size - len;
}

static void guarded_alloc(struct kunit *test, struct guarded *g)
{
	g->size = MAX_BYTES;
	g->page = vmalloc(MAX_BYTES);
	KUNIT_ASSERT_NOT_NULL(test, g->page);
}

/* Decodes @hex into the end of @g; returns the start of the bytes. */
static u8 *guarded_hex(struct kunit *test, struct guarded *g, const char *hex,
		       size_t *len)
{
	*len = strlen(hex) / 2;
	KUNIT_ASSERT_LE(test, *len, g->size);
	KUNIT_ASSERT_EQ(test, hex2bin(guarded_at(g, *len), hex, *len), 0);
	return guarded_at(g, *len);
}

struct mldsa_bufs {
	struct guarded sig, msg, pk;
};

static void mldsa_bufs_alloc(struct kunit *test, struct mldsa_bufs *b)
{
	guarded_alloc(test, &b->sig);
	guarded_alloc(test, &b->msg);
	guarded_alloc(test, &b->pk);
}

static void mldsa_bufs_free(struct mldsa_bufs *b)
{
	vfree(b->sig.page);
	vfree(b->msg.page);
	vfree(b->pk.page);
}

static void mldsa_test_wycheproof(struct kunit *test)
{
	struct mldsa_bufs b;
	size_t i, slen, mlen, plen;
	u8 *sig, *msg, *pk;
	int err;

	mldsa_bufs_alloc(test, &b);
	for (i = 0; i < ARRAY_SIZE(mldsa_kats); i++) {
		const struct mldsa_kat *v = &mldsa_kats[i];

		sig = guarded_hex(test, &b.sig, v->sig, &slen);
		msg = guarded_hex(test, &b.msg, v->msg, &mlen);
		pk = guarded_hex(test, &b.pk, mldsa_key_hex(v), &plen);
		err = mldsa_verify(v->alg, sig, slen, msg, mlen, pk, plen);
		KUNIT_EXPECT_EQ_MSG(test, err, v->err, "vector %zu", i);
	}
	mldsa_bufs_free(&b);
}

/*
 * Invalid inputs derived from every valid vector: each must be rejected
 * with the right code, and the unmodified inputs accepted again afterwards.
 */
static void mldsa_test_derived(struct kunit *test)
{
	struct mldsa_bufs b;
	size_t i, slen, mlen, plen, n = 0;
	u8 *sig, *msg, *pk;
	int err;

	mldsa_bufs_alloc(test, &b);
	for (i = 0; i < ARRAY_SIZE(mldsa_kats); i++) {
		const struct mldsa_kat *v = &mldsa_kats[i];
		enum mldsa_alg other = v->alg == MLDSA44 ? MLDSA65 : MLDSA44;

		if (v->err)
			continue;
		n++;
		sig = guarded_hex(test, &b.sig, v->sig, &slen);
		msg = guarded_hex(test, &b.msg, v->msg, &mlen);
		pk = guarded_hex(test, &b.pk, mldsa_key_hex(v), &plen);
		KUNIT_ASSERT_EQ(test, slen, mldsa_sig_size(v->alg));

		if (mlen) {
			msg[mlen / 2] ^= 0x10;
			err = mldsa_verify(v->alg, sig, slen, msg, mlen, pk,
					   plen);
			KUNIT_EXPECT_EQ_MSG(test, err, -EKEYREJECTED,
					    "vector %zu: message bit flipped", i);
			msg[mlen / 2] ^= 0x10;
		}

		/* The challenge hash c~ leads the signature. */
		sig[3] ^= 0x01;
		err = mldsa_verify(v->alg, sig, slen, msg, mlen, pk, plen);
		KUNIT_EXPECT_EQ_MSG(test, err, -EKEYREJECTED,
				    "vector %zu: c~ bit flipped", i);
		sig[3] ^= 0x01;

		/* rho leads the public key: another matrix A. */
		pk[0] ^= 0x01;
		err = mldsa_verify(v->alg, sig, slen, msg, mlen, pk, plen);
		KUNIT_EXPECT_EQ_MSG(test, err, -EKEYREJECTED,
				    "vector %zu: rho bit flipped", i);
		pk[0] ^= 0x01;

		err = mldsa_verify(v->alg, sig + 1, slen - 1, msg, mlen, pk,
				   plen);
		KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG,
				    "vector %zu: signature 1 byte short", i);
		err = mldsa_verify(v->alg, sig - 1, slen + 1, msg, mlen, pk,
				   plen);
		KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG,
				    "vector %zu: signature 1 byte long", i);
		err = mldsa_verify(v->alg, sig, slen, msg, mlen, pk + 1,
				   plen - 1);
		KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG,
				    "vector %zu: public key 1 byte short", i);
		err = mldsa_verify(v->alg, sig, slen, msg, mlen, pk - 1,
				   plen + 1);
		KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG,
				    "vector %zu: public key 1 byte long", i);
		err = mldsa_verify(other, sig, slen, msg, mlen, pk, plen);
		KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG,
				    "vector %zu: other parameter set", i);

		err = mldsa_verify(v->alg, sig, slen, msg, mlen, pk, plen);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "vector %zu: restored", i);
	}
	KUNIT_EXPECT_GE(test, n, 6);
	mldsa_bufs_free(&b);
}

static void mldsa_test_benchmark(struct kunit *test)
{
	const struct mldsa_kat *v = NULL;
	struct mldsa_bufs b;
	size_t i, slen, mlen, plen;
	u8 *sig, *msg, *pk;
	u64 t;

	if (!IS_ENABLED(CONFIG_CRYPTO_LIB_BENCHMARK))
		kunit_skip(test, "not enabled (CONFIG_CRYPTO_LIB_BENCHMARK=n)");

	mldsa_bufs_alloc(test, &b);
	for (i = 0; i < ARRAY_SIZE(mldsa_kats); i++) {
		v = &mldsa_kats[i];
		if (v->err)
			continue;
		sig = guarded_hex(test, &b.sig, v->sig, &slen);
		msg = guarded_hex(test, &b.msg, v->msg, &mlen);
		pk = guarded_hex(test, &b.pk, mldsa_key_hex(v), &plen);
		t = ktime_get_ns();
		KUNIT_EXPECT_EQ(test, mldsa_verify(v->alg, sig, slen, msg, mlen,
						   pk, plen), 0);
		t = ktime_get_ns() - t;
		kunit_info(test, "vector %zu (%zu-byte signature): %llu us",
			   i, slen, div64_u64(t, 1000));
	}
	mldsa_bufs_free(&b);
}

static struct kunit_case mldsa_test_cases[] = {
	KUNIT_CASE(mldsa_test_wycheproof),
	KUNIT_CASE(mldsa_test_derived),
	KUNIT_CASE(mldsa_test_benchmark),
	{}
};

static struct kunit_suite mldsa_test_suite = {
	.name = "mldsa",
	.test_cases = mldsa_test_cases,
};

kunit_test_suite(mldsa_test_suite);

MODULE_DESCRIPTION("KUnit tests for ML-DSA signature verification");
MODULE_LICENSE("GPL");
