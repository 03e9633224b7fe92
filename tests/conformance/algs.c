// SPDX-License-Identifier: GPL-2.0
/*
 * The algorithms the conformance program tries.  The list is wider than
 * what either side serves: a scenario whose bind() fails prints
 * UNAVAILABLE, and the comparison reports which side lacks it.  Only the
 * parameters the program needs to build valid requests are listed here;
 * everything else (key size limits, report contents) is asked of the
 * implementation under test and printed.
 */
#include <string.h>

#include "conformance.h"

#define HASH(n, d, b, py) \
	{ .name = n, .type = C_HASH, .ds = d, .bs = b, .pyname = py }
#define HMAC(n, d, b, py) \
	{ .name = n, .type = C_HASH, .ds = d, .bs = b, .keylen = 32, \
	  .anykey = true, .pyname = py }
#define MAC(n, d, b, k) \
	{ .name = n, .type = C_HASH, .ds = d, .bs = b, .keylen = k }
#define SK(n, b, c, iv, k, ch) \
	{ .name = n, .type = C_SKCIPHER, .bs = b, .chunk = c, .ivsize = iv, \
	  .keylen = k, .chains = ch }
#define AEAD(n, iv, ma, k) \
	{ .name = n, .type = C_AEAD, .bs = 1, .ivsize = iv, .maxauth = ma, \
	  .keylen = k }
#define RNG(n) { .name = n, .type = C_RNG }

const struct calg calgs[] = {
	HASH("md4", 16, 64, "md4"),
	HASH("md5", 16, 64, "md5"),
	HASH("sha1", 20, 64, "sha1"),
	HASH("sha224", 28, 64, "sha224"),
	HASH("sha256", 32, 64, "sha256"),
	HASH("sha384", 48, 128, "sha384"),
	HASH("sha512", 64, 128, "sha512"),
	HASH("sha3-224", 28, 144, "sha3_224"),
	HASH("sha3-256", 32, 136, "sha3_256"),
	HASH("sha3-384", 48, 104, "sha3_384"),
	HASH("sha3-512", 64, 72, "sha3_512"),
	HASH("sha256-generic", 32, 64, "sha256"),
	HASH("sha1-generic", 20, 64, "sha1"),
	HASH("md5-generic", 16, 64, "md5"),
	HASH("sha512-generic", 64, 128, "sha512"),
	HASH("sha3-256-generic", 32, 136, "sha3_256"),
	{ .name = "crc32c", .type = C_HASH, .ds = 4, .bs = 1 },
	{ .name = "crc32c-generic", .type = C_HASH, .ds = 4, .bs = 1 },
	HMAC("hmac(md5)", 16, 64, "md5"),
	HMAC("hmac(sha1)", 20, 64, "sha1"),
	HMAC("hmac(sha224)", 28, 64, "sha224"),
	HMAC("hmac(sha256)", 32, 64, "sha256"),
	HMAC("hmac(sha384)", 48, 128, "sha384"),
	HMAC("hmac(sha512)", 64, 128, "sha512"),
	HMAC("hmac(sha3-224)", 28, 144, "sha3_224"),
	HMAC("hmac(sha3-256)", 32, 136, "sha3_256"),
	HMAC("hmac(sha3-384)", 48, 104, "sha3_384"),
	HMAC("hmac(sha3-512)", 64, 72, "sha3_512"),
	HMAC("hmac(sha256-generic)", 32, 64, "sha256"),
	MAC("cmac(aes)", 16, 16, 16),
	MAC("xcbc(aes)", 16, 16, 16),
	MAC("cmac(des3_ede)", 8, 8, 24),
	MAC("ghash", 16, 16, 16),
	MAC("polyval", 16, 16, 16),
	{ .name = "crc32", .type = C_HASH, .ds = 4, .bs = 1 },

	SK("ecb(aes)", 16, 16, 0, 16, false),
	SK("cbc(aes)", 16, 16, 16, 16, true),
	SK("ctr(aes)", 1, 16, 16, 16, true),
	SK("xts(aes)", 16, 16, 16, 32, false),
	SK("rfc3686(ctr(aes))", 1, 16, 8, 20, false),
	SK("ecb(aes-generic)", 16, 16, 0, 16, false),
	SK("cbc(aes-generic)", 16, 16, 16, 16, true),
	SK("ctr(aes-generic)", 1, 16, 16, 16, true),
	SK("xts(ecb(aes-generic))", 16, 16, 16, 32, false),
	SK("ecb(des)", 8, 8, 0, 8, false),
	SK("cbc(des)", 8, 8, 8, 8, true),
	SK("ecb(des3_ede)", 8, 8, 0, 24, false),
	SK("cbc(des3_ede)", 8, 8, 8, 24, true),
	SK("chacha20", 1, 64, 16, 32, false),
	SK("xchacha20", 1, 64, 32, 32, false),
	SK("xchacha12", 1, 64, 32, 32, false),
	SK("ecb(cipher_null)", 1, 1, 0, 0, false),
	SK("ecb(serpent)", 16, 16, 0, 32, false),
	SK("cbc(serpent)", 16, 16, 16, 32, true),
	SK("ctr(serpent)", 1, 16, 16, 32, true),
	SK("xts(serpent)", 16, 16, 16, 64, false),
	SK("ecb(twofish)", 16, 16, 0, 32, false),
	SK("cbc(twofish)", 16, 16, 16, 32, true),
	SK("ctr(twofish)", 1, 16, 16, 32, true),
	SK("xts(twofish)", 16, 16, 16, 64, false),
	SK("ecb(camellia)", 16, 16, 0, 32, false),
	SK("cbc(camellia)", 16, 16, 16, 32, true),
	SK("ctr(camellia)", 1, 16, 16, 32, true),
	SK("xts(camellia)", 16, 16, 16, 64, false),
	SK("adiantum(xchacha12,aes)", 16, 16, 32, 32, false),
	SK("adiantum(xchacha20,aes)", 16, 16, 32, 32, false),
	SK("hctr2(aes)", 16, 16, 32, 32, false),
	SK("xctr(aes)", 1, 16, 16, 16, false),

	AEAD("gcm(aes)", 12, 16, 16),
	{ .name = "ccm(aes)", .type = C_AEAD, .bs = 1, .ivsize = 16,
	  .maxauth = 16, .keylen = 16, .ccm_iv = true },
	{ .name = "rfc4106(gcm(aes))", .type = C_AEAD, .bs = 1, .ivsize = 8,
	  .maxauth = 16, .keylen = 20, .esp = true },
	{ .name = "rfc4309(ccm(aes))", .type = C_AEAD, .bs = 1, .ivsize = 8,
	  .maxauth = 16, .keylen = 19, .esp = true },
	{ .name = "rfc4543(gcm(aes))", .type = C_AEAD, .bs = 1, .ivsize = 8,
	  .maxauth = 16, .keylen = 20, .esp = true },
	AEAD("rfc7539(chacha20,poly1305)", 12, 16, 32),
	{ .name = "rfc7539esp(chacha20,poly1305)", .type = C_AEAD, .bs = 1,
	  .ivsize = 8, .maxauth = 16, .keylen = 36, .esp = true },
	AEAD("gcm_base(ctr(aes-generic),ghash-generic)", 12, 16, 16),
	{ .name = "ccm_base(ctr(aes-generic),cbcmac(aes-generic))",
	  .type = C_AEAD, .bs = 1, .ivsize = 16, .maxauth = 16, .keylen = 16,
	  .ccm_iv = true },
	{ .name = "authenc(hmac(sha1),cbc(aes))", .type = C_AEAD, .bs = 16,
	  .ivsize = 16, .maxauth = 20, .keylen = 16, .authkey = 20,
	  .kind = K_AUTHENC },
	{ .name = "authenc(hmac(sha256),cbc(aes))", .type = C_AEAD, .bs = 16,
	  .ivsize = 16, .maxauth = 32, .keylen = 16, .authkey = 32,
	  .kind = K_AUTHENC },
	{ .name = "authenc(hmac(sha384),cbc(aes))", .type = C_AEAD, .bs = 16,
	  .ivsize = 16, .maxauth = 48, .keylen = 24, .authkey = 48,
	  .kind = K_AUTHENC },
	{ .name = "authenc(hmac(sha512),cbc(aes))", .type = C_AEAD, .bs = 16,
	  .ivsize = 16, .maxauth = 64, .keylen = 32, .authkey = 64,
	  .kind = K_AUTHENC },
	/* IPsec ESN: built with CONFIG_CRYPTO_AUTHENC, as authenc */
	{ .name = "authencesn(hmac(sha1),cbc(aes))", .type = C_AEAD, .bs = 16,
	  .ivsize = 16, .maxauth = 20, .keylen = 16, .authkey = 20,
	  .kind = K_AUTHENC },
	{ .name = "authencesn(hmac(sha256),cbc(aes))", .type = C_AEAD,
	  .bs = 16, .ivsize = 16, .maxauth = 32, .keylen = 16, .authkey = 32,
	  .kind = K_AUTHENC },
	{ .name = "authencesn(hmac(sha384),cbc(aes))", .type = C_AEAD,
	  .bs = 16, .ivsize = 16, .maxauth = 48, .keylen = 24, .authkey = 48,
	  .kind = K_AUTHENC },
	{ .name = "authencesn(hmac(sha512),cbc(aes))", .type = C_AEAD,
	  .bs = 16, .ivsize = 16, .maxauth = 64, .keylen = 32, .authkey = 64,
	  .kind = K_AUTHENC },

	RNG("stdrng"),
	RNG("drbg_nopr_hmac_sha256"),
	RNG("drbg_nopr_sha256"),
	RNG("drbg_nopr_ctr_aes128"),
	RNG("drbg_nopr_ctr_aes256"),
	RNG("drbg_pr_sha512"),
	RNG("drbg_pr_ctr_aes192"),
	RNG("drbg_pr_hmac_sha256"),
	RNG("jitterentropy_rng"),
};
const unsigned int ncalgs = ARRAY_SIZE(calgs);

const struct calg *calg_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ncalgs; i++)
		if (!strcmp(calgs[i].name, name))
			return &calgs[i];
	return NULL;
}

const char *ctype_name(enum ctype t)
{
	switch (t) {
	case C_HASH:
		return "hash";
	case C_SKCIPHER:
		return "skcipher";
	case C_AEAD:
		return "aead";
	default:
		return "rng";
	}
}

unsigned int make_key(const struct calg *a, uint8_t *key, size_t cap,
		      const char *label)
{
	unsigned int n;

	if (a->kind == K_AUTHENC) {
		/* struct rtattr { u16 len, type } + __be32 enckeylen */
		n = 8 + a->authkey + a->keylen;
		if (n > cap)
			return 0;
		key[0] = 8;
		key[1] = 0;
		key[2] = 1;	/* CRYPTO_AUTHENC_KEYA_PARAM */
		key[3] = 0;
		key[4] = 0;
		key[5] = 0;
		key[6] = (uint8_t)(a->keylen >> 8);
		key[7] = (uint8_t)a->keylen;
		gen(key + 8, a->authkey + a->keylen, label);
		return n;
	}
	n = a->keylen;
	if (n > cap)
		return 0;
	gen(key, n, label);
	return n;
}

void make_iv(const struct calg *a, uint8_t *iv, const char *label)
{
	gen(iv, a->ivsize, label);
	if (a->ccm_iv) {
		/* L' = 3 (L = 4): flags byte, 11-byte nonce, zero counter */
		iv[0] = 3;
		memset(iv + 12, 0, 4);
	}
}
