// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * NIST SP 800-90A HMAC_DRBG and Hash_DRBG (SHA-256/384/512) and CTR_DRBG
 * (AES-128/192/256 with the block cipher derivation function), following
 * crypto/drbg.c in behaviour:
 * the same seed lengths, request limits, reseed threshold, and handling of
 * additional input under prediction resistance (used for the reseed, then
 * dropped, SP 800-90A 9.3.1 step 7.4).
 *
 * Section numbers below refer to SP 800-90A rev. 1.
 */

#include <crypto/aes.h>
#include <crypto/drbg-lib.h>
#include <crypto/hmac.h>
#include <crypto/sha2.h>
#include <crypto/utils.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#define DRBG_MAX_STRENGTH	32	/* 256 bits */
#define DRBG_CTR_MAX_KEYLEN	32
#define DRBG_CTR_BLOCKLEN	16
#define DRBG_CTR_MAX_SEEDLEN	(DRBG_CTR_MAX_KEYLEN + DRBG_CTR_BLOCKLEN)

static bool drbg_is_ctr(enum drbg_lib_core core)
{
	return core == DRBG_LIB_CTR_AES128 || core == DRBG_LIB_CTR_AES192 ||
	       core == DRBG_LIB_CTR_AES256;
}

static bool drbg_is_hash(enum drbg_lib_core core)
{
	return core >= DRBG_LIB_HASH_SHA256 && core <= DRBG_LIB_HASH_SHA512;
}

/* CTR_DRBG key length: 16, 24 or 32 bytes */
static unsigned int drbg_ctr_keylen(enum drbg_lib_core core)
{
	return core == DRBG_LIB_CTR_AES128 ? 16 :
	       core == DRBG_LIB_CTR_AES192 ? 24 : 32;
}

/* Security strength in bytes (crypto/drbg.c's drbg_sec_strength()) */
static unsigned int drbg_strength(enum drbg_lib_core core)
{
	return drbg_is_ctr(core) ? drbg_ctr_keylen(core) : DRBG_MAX_STRENGTH;
}

/* Input to a DRBG function: up to three strings, concatenated. */
struct drbg_input {
	const u8 *p[3];
	size_t len[3];
};

static size_t drbg_input_len(const struct drbg_input *in)
{
	return in->len[0] + in->len[1] + in->len[2];
}

/* ---- HMAC_DRBG (10.1.2) ---- */

static unsigned int drbg_hmac_outlen(enum drbg_lib_core core)
{
	switch (core) {
	case DRBG_LIB_HMAC_SHA384:
		return SHA384_DIGEST_SIZE;
	case DRBG_LIB_HMAC_SHA512:
		return SHA512_DIGEST_SIZE;
	default:
		return SHA256_DIGEST_SIZE;
	}
}

/* out = HMAC(C, V || [prefix] || in), for the HMAC of drbg->core */
#define DRBG_HMAC(alg, drbg, prefix, in, out)				\
	do {								\
		struct hmac_##alg##_ctx ctx;				\
		unsigned int __n = alg##_DIGEST_LEN;			\
		int i;							\
									\
		hmac_##alg##_init_usingrawkey(&ctx, (drbg)->C, __n);	\
		hmac_##alg##_update(&ctx, (drbg)->V, __n);		\
		if ((prefix) >= 0) {					\
			u8 __p = (prefix);				\
									\
			hmac_##alg##_update(&ctx, &__p, 1);		\
		}							\
		for (i = 0; (in) && i < 3; i++)				\
			if ((in)->len[i])	/* p[i] may be NULL */	\
				hmac_##alg##_update(&ctx, (in)->p[i],	\
						    (in)->len[i]);	\
		hmac_##alg##_final(&ctx, (out));			\
	} while (0)
#define sha256_DIGEST_LEN	SHA256_DIGEST_SIZE
#define sha384_DIGEST_LEN	SHA384_DIGEST_SIZE
#define sha512_DIGEST_LEN	SHA512_DIGEST_SIZE

/* out = HMAC_K(V || prefix || in); a negative prefix is left out */
static void drbg_hmac(struct drbg_lib_state *drbg, int prefix,
		      const struct drbg_input *in, u8 *out)
{
	switch (drbg->core) {
	case DRBG_LIB_HMAC_SHA384:
		DRBG_HMAC(sha384, drbg, prefix, in, out);
		break;
	case DRBG_LIB_HMAC_SHA512:
		DRBG_HMAC(sha512, drbg, prefix, in, out);
		break;
	default:
		DRBG_HMAC(sha256, drbg, prefix, in, out);
		break;
	}
}

/* K = HMAC(K, V || prefix || input); V = HMAC(K, V) */
static void drbg_hmac_round(struct drbg_lib_state *drbg, u8 prefix,
			    const struct drbg_input *in)
{
	drbg_hmac(drbg, prefix, in, drbg->C);
	drbg_hmac(drbg, -1, NULL, drbg->V);
}

/* HMAC_DRBG_Update (10.1.2.2); a NULL @in is "provided_data = Null". */
static void drbg_hmac_update(struct drbg_lib_state *drbg,
			     const struct drbg_input *in)
{
	drbg_hmac_round(drbg, 0x00, in);
	if (in)
		drbg_hmac_round(drbg, 0x01, in);
}

static void drbg_hmac_generate(struct drbg_lib_state *drbg, u8 *out,
			       size_t len, const struct drbg_input *addtl)
{
	unsigned int outlen = drbg_hmac_outlen(drbg->core);

	if (addtl)
		drbg_hmac_update(drbg, addtl);
	while (len) {
		size_t n = min_t(size_t, len, outlen);

		drbg_hmac(drbg, -1, NULL, drbg->V);
		memcpy(out, drbg->V, n);
		out += n;
		len -= n;
	}
	drbg_hmac_update(drbg, addtl);
}

/* ---- CTR_DRBG with derivation function (10.2.1, 10.3.2) ---- */

static void drbg_ctr_inc(u8 v[DRBG_CTR_BLOCKLEN])
{
	put_unaligned_be64(get_unaligned_be64(v + 8) + 1, v + 8);
	if (!get_unaligned_be64(v + 8))
		put_unaligned_be64(get_unaligned_be64(v) + 1, v);
}

/* BCC over iv || S where S = be32(L) || be32(N) || input || 0x80 || 0* */
static void drbg_ctr_bcc(const struct aes_enckey *key, u8 out[16],
			 const u8 iv[16], const struct drbg_input *in,
			 u32 outlen_bytes)
{
	u8 block[DRBG_CTR_BLOCKLEN];
	size_t fill = 0;
	int i;

	memset(out, 0, DRBG_CTR_BLOCKLEN);
	crypto_xor(out, iv, DRBG_CTR_BLOCKLEN);
	aes_encrypt(key, out, out);

	put_unaligned_be32(drbg_input_len(in), block);
	put_unaligned_be32(outlen_bytes, block + 4);
	fill = 8;
	for (i = 0; i < 3; i++) {
		const u8 *p = in->p[i];
		size_t len = in->len[i];

		while (len) {
			size_t n = min_t(size_t, len, DRBG_CTR_BLOCKLEN - fill);

			memcpy(block + fill, p, n);
			fill += n;
			p += n;
			len -= n;
			if (fill == DRBG_CTR_BLOCKLEN) {
				crypto_xor(out, block, DRBG_CTR_BLOCKLEN);
				aes_encrypt(key, out, out);
				fill = 0;
			}
		}
	}
	block[fill++] = 0x80;
	memset(block + fill, 0, DRBG_CTR_BLOCKLEN - fill);
	crypto_xor(out, block, DRBG_CTR_BLOCKLEN);
	aes_encrypt(key, out, out);
	memzero_explicit(block, sizeof(block));
}

/*
 * Block_Cipher_df (10.3.2) returning seedlen (@keylen + 16) bytes; the
 * last block is cut short for AES-192 (seedlen 40).
 */
static void drbg_ctr_df(u8 out[DRBG_CTR_MAX_SEEDLEN], unsigned int keylen,
			const struct drbg_input *in)
{
	u8 temp[DRBG_CTR_MAX_SEEDLEN + DRBG_CTR_BLOCKLEN];
	u8 k[DRBG_CTR_MAX_KEYLEN], iv[DRBG_CTR_BLOCKLEN];
	unsigned int seedlen = keylen + DRBG_CTR_BLOCKLEN;
	unsigned int nblocks = DIV_ROUND_UP(seedlen, DRBG_CTR_BLOCKLEN);
	struct aes_enckey key;
	u32 i;

	for (i = 0; i < keylen; i++)
		k[i] = i;
	aes_prepareenckey(&key, k, keylen);
	memset(iv, 0, sizeof(iv));
	for (i = 0; i < nblocks; i++) {
		put_unaligned_be32(i, iv);
		drbg_ctr_bcc(&key, temp + DRBG_CTR_BLOCKLEN * i, iv, in,
			     seedlen);
	}
	aes_prepareenckey(&key, temp, keylen);
	memcpy(iv, temp + keylen, DRBG_CTR_BLOCKLEN);
	for (i = 0; i < nblocks; i++) {
		aes_encrypt(&key, iv, iv);
		memcpy(temp + DRBG_CTR_BLOCKLEN * i, iv, DRBG_CTR_BLOCKLEN);
	}
	memcpy(out, temp, seedlen);
	memzero_explicit(temp, sizeof(temp));
	memzero_explicit(iv, sizeof(iv));
	memzero_explicit(&key, sizeof(key));
}

/* CTR_DRBG_Update (10.2.1.2) with seedlen bytes of provided data */
static void drbg_ctr_update(struct drbg_lib_state *drbg,
			    const u8 data[DRBG_CTR_MAX_SEEDLEN])
{
	u8 temp[DRBG_CTR_MAX_SEEDLEN + DRBG_CTR_BLOCKLEN];
	unsigned int keylen = drbg_ctr_keylen(drbg->core);
	unsigned int seedlen = keylen + DRBG_CTR_BLOCKLEN;
	unsigned int i;

	for (i = 0; i < DIV_ROUND_UP(seedlen, DRBG_CTR_BLOCKLEN); i++) {
		drbg_ctr_inc(drbg->V);
		aes_encrypt(&drbg->aes, temp + DRBG_CTR_BLOCKLEN * i, drbg->V);
	}
	crypto_xor(temp, data, seedlen);
	memcpy(drbg->C, temp, keylen);
	memcpy(drbg->V, temp + keylen, DRBG_CTR_BLOCKLEN);
	aes_prepareenckey(&drbg->aes, drbg->C, keylen);
	memzero_explicit(temp, sizeof(temp));
}

static void drbg_ctr_seed(struct drbg_lib_state *drbg,
			  const struct drbg_input *in)
{
	u8 seed[DRBG_CTR_MAX_SEEDLEN];

	drbg_ctr_df(seed, drbg_ctr_keylen(drbg->core), in);
	drbg_ctr_update(drbg, seed);
	memzero_explicit(seed, sizeof(seed));
}

static void drbg_ctr_generate(struct drbg_lib_state *drbg, u8 *out,
			      size_t len, const struct drbg_input *addtl)
{
	u8 a[DRBG_CTR_MAX_SEEDLEN] = { 0 }, block[DRBG_CTR_BLOCKLEN];

	if (addtl) {
		drbg_ctr_df(a, drbg_ctr_keylen(drbg->core), addtl);
		drbg_ctr_update(drbg, a);
	}
	while (len) {
		size_t n = min_t(size_t, len, DRBG_CTR_BLOCKLEN);

		drbg_ctr_inc(drbg->V);
		aes_encrypt(&drbg->aes, block, drbg->V);
		memcpy(out, block, n);
		out += n;
		len -= n;
	}
	drbg_ctr_update(drbg, a);
	memzero_explicit(a, sizeof(a));
	memzero_explicit(block, sizeof(block));
}

/* ---- Hash_DRBG (10.1.1) ---- */

#define DRBG_HASH_MAX_BLOCKLEN	SHA512_DIGEST_SIZE

/* seedlen: 440 bits for SHA-256, 888 for SHA-384 and SHA-512 (10.1) */
static unsigned int drbg_hash_seedlen(enum drbg_lib_core core)
{
	return core == DRBG_LIB_HASH_SHA256 ? 55 : 111;
}

static unsigned int drbg_hash_outlen(enum drbg_lib_core core)
{
	return core == DRBG_LIB_HASH_SHA256 ? SHA256_DIGEST_SIZE :
	       core == DRBG_LIB_HASH_SHA384 ? SHA384_DIGEST_SIZE :
	       SHA512_DIGEST_SIZE;
}

/* out = Hash(pre || in) for the hash of @core */
#define DRBG_HASH(alg, pre, in, out)					\
	do {								\
		const struct drbg_input *__s[2] = { (pre), (in) };	\
		struct alg##_ctx ctx;					\
		int i, j;						\
									\
		alg##_init(&ctx);					\
		for (j = 0; j < 2; j++)					\
			for (i = 0; __s[j] && i < 3; i++)		\
				if (__s[j]->len[i])			\
					alg##_update(&ctx, __s[j]->p[i],	\
						     __s[j]->len[i]);	\
		alg##_final(&ctx, (out));				\
	} while (0)

static void drbg_hash(enum drbg_lib_core core, const struct drbg_input *pre,
		      const struct drbg_input *in, u8 *out)
{
	switch (core) {
	case DRBG_LIB_HASH_SHA384:
		DRBG_HASH(sha384, pre, in, out);
		break;
	case DRBG_LIB_HASH_SHA512:
		DRBG_HASH(sha512, pre, in, out);
		break;
	default:
		DRBG_HASH(sha256, pre, in, out);
		break;
	}
}

/* dst = dst + src as big-endian numbers, modulo 2^(8 * dstlen) */
static void drbg_add_be(u8 *dst, size_t dstlen, const u8 *src, size_t srclen)
{
	unsigned int carry = 0;

	while (dstlen) {
		unsigned int sum = dst[--dstlen] + carry;

		if (srclen)
			sum += src[--srclen];
		dst[dstlen] = sum;
		carry = sum >> 8;
	}
}

/*
 * Hash_df (10.3.1): seedlen bytes of Hash(counter || be32(seedlen * 8) ||
 * @pre || @in) for counter = 1, 2, ...
 */
static void drbg_hash_df(enum drbg_lib_core core, u8 *out,
			 const struct drbg_input *pre,
			 const struct drbg_input *in)
{
	unsigned int seedlen = drbg_hash_seedlen(core);
	unsigned int outlen = drbg_hash_outlen(core);
	u8 hdr[5], h[DRBG_HASH_MAX_BLOCKLEN];
	struct drbg_input p = {
		.p = { hdr, pre->p[0], pre->p[1] },
		.len = { sizeof(hdr), pre->len[0], pre->len[1] },
	};
	unsigned int pos;

	put_unaligned_be32(seedlen * 8, hdr + 1);
	for (pos = 0, hdr[0] = 1; pos < seedlen; pos += outlen, hdr[0]++) {
		drbg_hash(core, &p, in, h);
		memcpy(out + pos, h, min(outlen, seedlen - pos));
	}
	memzero_explicit(h, sizeof(h));
}

/*
 * Instantiate (10.1.1.2, @reseed false) or reseed (10.1.1.3): V =
 * Hash_df([0x01 || V ||] @in), C = Hash_df(0x00 || V).
 */
static void drbg_hash_seed(struct drbg_lib_state *drbg,
			   const struct drbg_input *in, bool reseed)
{
	unsigned int seedlen = drbg_hash_seedlen(drbg->core);
	u8 v[DRBG_LIB_MAX_STATELEN];
	u8 prefix = reseed ? 0x01 : 0x00;
	struct drbg_input pre = {
		.p = { &prefix, drbg->V }, .len = { 1, seedlen },
	};

	if (!reseed)
		pre = (struct drbg_input){};
	drbg_hash_df(drbg->core, v, &pre, in);
	memcpy(drbg->V, v, seedlen);
	prefix = 0x00;
	pre = (struct drbg_input){
		.p = { &prefix, drbg->V }, .len = { 1, seedlen },
	};
	drbg_hash_df(drbg->core, drbg->C, &pre, NULL);
	memzero_explicit(v, sizeof(v));
}

/* V = V + Hash(@prefix || V [|| @in]) */
static void drbg_hash_add(struct drbg_lib_state *drbg, u8 prefix,
			  const struct drbg_input *in)
{
	unsigned int seedlen = drbg_hash_seedlen(drbg->core);
	struct drbg_input pre = {
		.p = { &prefix, drbg->V }, .len = { 1, seedlen },
	};
	u8 w[DRBG_HASH_MAX_BLOCKLEN];

	drbg_hash(drbg->core, &pre, in, w);
	drbg_add_be(drbg->V, seedlen, w, drbg_hash_outlen(drbg->core));
	memzero_explicit(w, sizeof(w));
}

/* Hash_DRBG_Generate (10.1.1.4) */
static void drbg_hash_generate(struct drbg_lib_state *drbg, u8 *out,
			       size_t len, const struct drbg_input *addtl)
{
	unsigned int seedlen = drbg_hash_seedlen(drbg->core);
	unsigned int outlen = drbg_hash_outlen(drbg->core);
	u8 data[DRBG_LIB_MAX_STATELEN], h[DRBG_HASH_MAX_BLOCKLEN], ctr[8];
	struct drbg_input d = { .p = { data }, .len = { seedlen } };
	static const u8 one = 1;

	if (addtl)
		drbg_hash_add(drbg, 0x02, addtl);
	/* Hashgen (10.1.1.4 step 3) */
	memcpy(data, drbg->V, seedlen);
	while (len) {
		size_t n = min_t(size_t, len, outlen);

		drbg_hash(drbg->core, &d, NULL, h);
		memcpy(out, h, n);
		drbg_add_be(data, seedlen, &one, 1);
		out += n;
		len -= n;
	}
	/* V = V + Hash(0x03 || V) + C + reseed_counter (steps 4-5) */
	drbg_hash_add(drbg, 0x03, NULL);
	drbg_add_be(drbg->V, seedlen, drbg->C, seedlen);
	put_unaligned_be64(drbg->reseed_ctr, ctr);
	drbg_add_be(drbg->V, seedlen, ctr, sizeof(ctr));
	memzero_explicit(data, sizeof(data));
	memzero_explicit(h, sizeof(h));
}

/* ---- common ---- */

static void drbg_update_seed(struct drbg_lib_state *drbg,
			     const struct drbg_input *in, bool reseed)
{
	if (drbg_is_ctr(drbg->core))
		drbg_ctr_seed(drbg, in);
	else if (drbg_is_hash(drbg->core))
		drbg_hash_seed(drbg, in, reseed);
	else
		drbg_hmac_update(drbg, in);
	drbg->reseed_ctr = 1;
}

/**
 * drbg_lib_instantiate() - instantiate a DRBG from given seed material
 * @drbg: the instance
 * @core: one of enum drbg_lib_core
 * @pr: prediction resistance
 * @entropy: entropy input followed by the nonce (as in crypto/drbg.c and
 *	     its test vectors, one string)
 * @entropy_len: its length; must not be 0
 * @pers: personalisation string, may be NULL if @pers_len is 0
 * @pers_len: its length
 *
 * Return: 0, or -EINVAL for an unknown core, empty entropy or an
 * over-long personalisation string.
 */
int drbg_lib_instantiate(struct drbg_lib_state *drbg, enum drbg_lib_core core,
			 bool pr, const u8 *entropy, size_t entropy_len,
			 const u8 *pers, size_t pers_len)
{
	struct drbg_input in = {
		.p = { entropy, pers }, .len = { entropy_len, pers_len },
	};

	if ((unsigned int)core >= DRBG_LIB_NR_CORES || !entropy_len ||
	    pers_len > DRBG_LIB_MAX_ADDTL)
		return -EINVAL;
	memset(drbg, 0, sizeof(*drbg));
	drbg->core = core;
	drbg->pr = pr;
	if (drbg_is_ctr(core)) {
		/* Key = 0, V = 0 (10.2.1.3.2 steps 3-4) */
		aes_prepareenckey(&drbg->aes, drbg->C, drbg_ctr_keylen(core));
	} else if (!drbg_is_hash(core)) {
		/* K = 0x00..., V = 0x01... (10.1.2.3 steps 2-3) */
		memset(drbg->V, 1, drbg_hmac_outlen(core));
	}
	drbg_update_seed(drbg, &in, false);
	drbg->instantiated = true;
	return 0;
}
EXPORT_SYMBOL_GPL(drbg_lib_instantiate);

/**
 * drbg_lib_seed() - instantiate a DRBG from get_random_bytes()
 * @drbg: the instance
 * @core: one of enum drbg_lib_core
 * @pr: prediction resistance
 * @pers: personalisation string (for AF_ALG "rng", the key)
 * @pers_len: its length
 *
 * Takes 3/2 of the security strength (entropy and nonce: 24, 36 or 48
 * bytes), as crypto/drbg.c does on initial seeding.
 *
 * Return: as drbg_lib_instantiate().
 */
int drbg_lib_seed(struct drbg_lib_state *drbg, enum drbg_lib_core core,
		  bool pr, const u8 *pers, size_t pers_len)
{
	u8 entropy[DRBG_MAX_STRENGTH * 3 / 2];
	size_t n;
	int err;

	if ((unsigned int)core >= DRBG_LIB_NR_CORES)
		return -EINVAL;
	n = drbg_strength(core) * 3 / 2;
	get_random_bytes(entropy, n);
	err = drbg_lib_instantiate(drbg, core, pr, entropy, n, pers, pers_len);
	memzero_explicit(entropy, sizeof(entropy));
	return err;
}
EXPORT_SYMBOL_GPL(drbg_lib_seed);

/**
 * drbg_lib_reseed() - reseed with given entropy and additional input
 * @drbg: an instantiated DRBG
 * @entropy: entropy input
 * @entropy_len: its length; must not be 0
 * @addtl: additional input, may be NULL if @addtl_len is 0
 * @addtl_len: its length
 *
 * Return: 0, or -EINVAL if @drbg is not instantiated or the input is bad.
 */
int drbg_lib_reseed(struct drbg_lib_state *drbg, const u8 *entropy,
		    size_t entropy_len, const u8 *addtl, size_t addtl_len)
{
	struct drbg_input in = {
		.p = { entropy, addtl }, .len = { entropy_len, addtl_len },
	};

	if (!drbg->instantiated || !entropy_len ||
	    addtl_len > DRBG_LIB_MAX_ADDTL)
		return -EINVAL;
	drbg_update_seed(drbg, &in, true);
	return 0;
}
EXPORT_SYMBOL_GPL(drbg_lib_reseed);

/**
 * drbg_lib_generate() - generate random bytes
 * @drbg: an instantiated DRBG
 * @out: output buffer
 * @out_len: 1..DRBG_LIB_MAX_REQUEST_BYTES
 * @addtl: additional input, may be NULL if @addtl_len is 0
 * @addtl_len: its length (0 means no additional input)
 * @pr_entropy: entropy for the reseed that prediction resistance or the
 *		reseed threshold requires; NULL to use get_random_bytes()
 *		(the security strength, as crypto/drbg.c)
 * @pr_entropy_len: its length
 *
 * With prediction resistance the DRBG is reseeded with entropy and @addtl
 * first, and the request itself then runs without additional input.
 *
 * Return: 0, or -EINVAL (not instantiated, @out_len 0 or too large,
 * @addtl too long).
 */
int drbg_lib_generate(struct drbg_lib_state *drbg, u8 *out, size_t out_len,
		      const u8 *addtl, size_t addtl_len,
		      const u8 *pr_entropy, size_t pr_entropy_len)
{
	struct drbg_input a = { .p = { addtl }, .len = { addtl_len } };
	const struct drbg_input *in = addtl_len ? &a : NULL;
	u8 entropy[DRBG_MAX_STRENGTH];

	if (!drbg->instantiated || !out_len || !out ||
	    out_len > DRBG_LIB_MAX_REQUEST_BYTES ||
	    addtl_len > DRBG_LIB_MAX_ADDTL)
		return -EINVAL;

	if (drbg->pr || drbg->reseed_ctr > DRBG_LIB_MAX_REQUESTS) {
		if (!pr_entropy || !pr_entropy_len) {
			pr_entropy_len = drbg_strength(drbg->core);
			get_random_bytes(entropy, pr_entropy_len);
			pr_entropy = entropy;
		}
		drbg_lib_reseed(drbg, pr_entropy, pr_entropy_len, addtl,
				addtl_len);
		memzero_explicit(entropy, sizeof(entropy));
		in = NULL;	/* 9.3.1 step 7.4 */
	}

	if (drbg_is_ctr(drbg->core))
		drbg_ctr_generate(drbg, out, out_len, in);
	else if (drbg_is_hash(drbg->core))
		drbg_hash_generate(drbg, out, out_len, in);
	else
		drbg_hmac_generate(drbg, out, out_len, in);
	drbg->reseed_ctr++;
	return 0;
}
EXPORT_SYMBOL_GPL(drbg_lib_generate);

/**
 * drbg_lib_generate_long() - generate any number of bytes
 * @drbg: an instantiated DRBG
 * @out: output buffer
 * @out_len: any length but 0
 * @addtl: additional input, used for every chunk
 * @addtl_len: its length
 *
 * Splits the request into DRBG_LIB_MAX_REQUEST_BYTES chunks, each a
 * separate request with the same additional input, as crypto/drbg.c does
 * for large crypto_rng_generate() calls.
 *
 * Return: as drbg_lib_generate().
 */
int drbg_lib_generate_long(struct drbg_lib_state *drbg, u8 *out,
			   size_t out_len, const u8 *addtl, size_t addtl_len)
{
	int err;

	if (!out_len)
		return -EINVAL;
	do {
		size_t n = min_t(size_t, out_len, DRBG_LIB_MAX_REQUEST_BYTES);

		err = drbg_lib_generate(drbg, out, n, addtl, addtl_len,
					NULL, 0);
		if (err)
			return err;
		out += n;
		out_len -= n;
	} while (out_len);
	return 0;
}
EXPORT_SYMBOL_GPL(drbg_lib_generate_long);

/**
 * drbg_lib_uninstantiate() - wipe a DRBG
 * @drbg: the instance; must be instantiated again before use
 */
void drbg_lib_uninstantiate(struct drbg_lib_state *drbg)
{
	memzero_explicit(drbg, sizeof(*drbg));
}
EXPORT_SYMBOL_GPL(drbg_lib_uninstantiate);

MODULE_DESCRIPTION("SP 800-90A HMAC_DRBG, Hash_DRBG and CTR_DRBG library");
MODULE_LICENSE("GPL");
