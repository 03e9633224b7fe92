// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for GHASH, AES-GCM and AES-CCM.
 *
 * One-shot AEAD commands (<off>: misalignment, <ip>: 1 = in place):
 *   aes_gcm <enc|dec> <api> <key> <taglen> <iv> <aad> <off> <ip> <data> [<tag>]
 *        api "std": aes_gcm_encrypt/decrypt (12-byte IV), "iv":
 *        aes_gcm_*_iv (any IV length), "compat": the 6.12 aesgcm_*().
 *   aes_rfc4106 <enc|dec> <key||salt> <taglen> <iv8> <aad> <off> <ip> <data> [<tag>]
 *   aes_ccm <enc|dec> <key> <taglen> <nonce> <aad> <off> <ip> <data> [<tag>]
 *   aes_rfc4309 <enc|dec> <key||salt> <taglen> <iv8> <aad> <off> <ip> <data> [<tag>]
 *        enc -> ciphertext, tag;  dec -> plaintext, or ERR 74 when the
 *        tag is wrong AND the destination holds only zeroes afterwards
 *        (ERR 14 if anything else was left in it).
 * Incremental commands (in place, no misalignment):
 *   aes_gcm_inc <enc|dec> <key> <taglen> <iv> <tag|-> <nad> <part>...
 *   aes_ccm_inc <enc|dec> <key> <taglen> <nonce> <tag|-> <nad> <part>...
 *        the first <nad> parts are associated data, the rest payload;
 *        dec -> plaintext or ERR 74.
 *   ghash <h> <part>...                   ghash_init/update.../final
 *   aes_rfc4543 <sign|verify> <key||salt> <iv8> <ad> [<tag>]
 *        sign -> tag;  verify -> empty, or ERR 74
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/aes-ccm.h>
#include <crypto/aes-gcm.h>
#include <crypto/gcm.h>
#include <crypto/gf128hash.h>

#include "oracle.h"
#include "oracle-bufs.h"

enum aead_kind { AEAD_GCM, AEAD_GCM_IV, AEAD_GCM_COMPAT, AEAD_RFC4106,
		 AEAD_CCM, AEAD_RFC4309 };

union aead_key {
	struct aes_gcm_key gcm;
	struct aesgcm_ctx compat;
	struct aes_rfc4106_key rfc4106;
	struct aes_ccm_key ccm;
	struct aes_rfc4309_key rfc4309;
};

static int aead_prepare(union aead_key *k, enum aead_kind kind,
			const struct oarg *key, long long taglen)
{
	if (taglen < 0 || taglen > 16)
		return -EINVAL;
	switch (kind) {
	case AEAD_GCM:
	case AEAD_GCM_IV:
		return aes_gcm_preparekey(&k->gcm, key->buf, key->len, taglen);
	case AEAD_GCM_COMPAT:
		return aesgcm_expandkey(&k->compat, key->buf, key->len, taglen);
	case AEAD_RFC4106:
		return aes_rfc4106_preparekey(&k->rfc4106, key->buf, key->len,
					      taglen);
	case AEAD_CCM:
		return aes_ccm_preparekey(&k->ccm, key->buf, key->len, taglen);
	case AEAD_RFC4309:
		return aes_rfc4309_preparekey(&k->rfc4309, key->buf, key->len,
					      taglen);
	}
	return -EINVAL;
}

/*
 * a[0] op, a[1] key, a[2] taglen, a[3] iv/nonce, a[4] aad, a[5] off,
 * a[6] ip, a[7] data, a[8] tag (dec).
 */
static int aead_oneshot(int argc, const struct oarg *a, struct oout *out,
			enum aead_kind kind)
{
	bool enc = !strcmp(a[0].text, "enc");
	const u8 *iv = a[3].buf, *ad = a[4].buf;
	size_t ivlen = a[3].len, adlen = a[4].len;
	union aead_key k;
	u8 tag[16];
	struct obufs b;
	int err = 0;

	if ((enc && argc != 8) || (!enc && argc != 9))
		return -EINVAL;
	err = aead_prepare(&k, kind, &a[1], a[2].num);
	if (err)
		return err;
	if (!enc && a[8].len != (size_t)a[2].num)
		return -EINVAL;
	if ((kind == AEAD_GCM || kind == AEAD_GCM_COMPAT) &&
	    ivlen != GCM_AES_IV_SIZE)
		return -EINVAL;
	if ((kind == AEAD_RFC4106 || kind == AEAD_RFC4309) && ivlen != 8)
		return -EINVAL;
	err = obufs_setup(&b, &a[7], 1, a[5].num, a[6].num);
	if (err)
		return err;
	if (!enc)
		memcpy(tag, a[8].buf, a[8].len);

	switch (kind) {
	case AEAD_GCM:
		if (enc)
			aes_gcm_encrypt(b.dst, b.src, b.len, tag, ad, adlen, iv,
					&k.gcm);
		else
			err = aes_gcm_decrypt(b.dst, b.src, b.len, tag, ad,
					      adlen, iv, &k.gcm);
		break;
	case AEAD_GCM_IV:
		if (enc)
			err = aes_gcm_encrypt_iv(b.dst, b.src, b.len, tag, ad,
						 adlen, iv, ivlen, &k.gcm);
		else
			err = aes_gcm_decrypt_iv(b.dst, b.src, b.len, tag, ad,
						 adlen, iv, ivlen, &k.gcm);
		break;
	case AEAD_GCM_COMPAT:
		if (enc)
			aesgcm_encrypt(&k.compat, b.dst, b.src, b.len, ad, adlen,
				       iv, tag);
		else if (!aesgcm_decrypt(&k.compat, b.dst, b.src, b.len, ad,
					 adlen, iv, tag))
			err = -EBADMSG;
		break;
	case AEAD_RFC4106:
		if (enc)
			aes_rfc4106_encrypt(b.dst, b.src, b.len, tag, ad, adlen,
					    iv, &k.rfc4106);
		else
			err = aes_rfc4106_decrypt(b.dst, b.src, b.len, tag, ad,
						  adlen, iv, &k.rfc4106);
		break;
	case AEAD_CCM:
		if (enc)
			err = aes_ccm_encrypt(b.dst, b.src, b.len, tag, ad,
					      adlen, iv, ivlen, &k.ccm);
		else
			err = aes_ccm_decrypt(b.dst, b.src, b.len, tag, ad,
					      adlen, iv, ivlen, &k.ccm);
		break;
	case AEAD_RFC4309:
		if (enc)
			err = aes_rfc4309_encrypt(b.dst, b.src, b.len, tag, ad,
						  adlen, iv, &k.rfc4309);
		else
			err = aes_rfc4309_decrypt(b.dst, b.src, b.len, tag, ad,
						  adlen, iv, &k.rfc4309);
		break;
	}
	if (err == -EBADMSG && !obufs_dst_zero(&b))
		err = -EFAULT;	/* plaintext left behind */
	if (!err) {
		oracle_out(out, b.dst, b.len);
		if (enc)
			oracle_out(out, tag, a[2].num);
	}
	obufs_free(&b);
	return err;
}

#define AEAD_CMD(name, kind)						\
static int cmd_##name(int argc, const struct oarg *a, struct oout *out)	\
{									\
	return aead_oneshot(argc, a, out, kind);			\
}									\
ORACLE_CMD(#name, 8, 9, cmd_##name)

AEAD_CMD(aes_rfc4106, AEAD_RFC4106);
AEAD_CMD(aes_ccm, AEAD_CCM);
AEAD_CMD(aes_rfc4309, AEAD_RFC4309);

static int cmd_aes_gcm(int argc, const struct oarg *a, struct oout *out)
{
	struct oarg rest[9];
	enum aead_kind kind;

	if (!strcmp(a[1].text, "std"))
		kind = AEAD_GCM;
	else if (!strcmp(a[1].text, "iv"))
		kind = AEAD_GCM_IV;
	else if (!strcmp(a[1].text, "compat"))
		kind = AEAD_GCM_COMPAT;
	else
		return -EINVAL;
	rest[0] = a[0];
	memcpy(&rest[1], &a[2], (argc - 2) * sizeof(*a));
	return aead_oneshot(argc - 1, rest, out, kind);
}
ORACLE_CMD("aes_gcm", 9, 10, cmd_aes_gcm);

/* Concatenate parts [from, to) into one buffer for the output. */
static u8 *concat(const struct oarg *a, int from, int to, size_t *len)
{
	size_t n = 0, pos = 0;
	u8 *buf;
	int i;

	for (i = from; i < to; i++)
		n += a[i].len;
	buf = malloc(n + 1);
	if (!buf)
		abort();
	for (i = from; i < to; i++) {
		memcpy(buf + pos, a[i].buf, a[i].len);
		pos += a[i].len;
	}
	*len = n;
	return buf;
}

/* a[0] op, a[1] key, a[2] taglen, a[3] iv, a[4] tag, a[5] nad, parts... */
static int aead_incremental(int argc, const struct oarg *a, struct oout *out,
			    bool ccm)
{
	bool enc = !strcmp(a[0].text, "enc");
	int nad = (int)a[5].num, i, err;
	size_t adlen, datalen, pos = 0;
	union aead_key k;
	union {
		struct aes_gcm_ctx gcm;
		struct aes_ccm_ctx ccm;
	} c;
	u8 tag[16], *ad, *data;

	if (nad < 0 || 6 + nad > argc)
		return -EINVAL;
	err = aead_prepare(&k, ccm ? AEAD_CCM : AEAD_GCM_IV, &a[1], a[2].num);
	if (err)
		return err;
	if (!enc && a[4].len != (size_t)a[2].num)
		return -EINVAL;
	ad = concat(a, 6, 6 + nad, &adlen);
	data = concat(a, 6 + nad, argc, &datalen);
	free(ad);
	if (ccm)
		err = aes_ccm_init(&c.ccm, datalen, adlen, a[3].buf, a[3].len,
				   &k.ccm);
	else
		err = aes_gcm_init_iv(&c.gcm, a[3].buf, a[3].len, &k.gcm);
	if (err) {
		free(data);
		return err;
	}
	for (i = 6; i < 6 + nad; i++) {
		if (ccm)
			aes_ccm_auth_update(&c.ccm, a[i].buf, a[i].len);
		else
			aes_gcm_auth_update(&c.gcm, a[i].buf, a[i].len);
	}
	for (; i < argc; i++) {
		u8 *p = data + pos;

		if (ccm && enc)
			aes_ccm_encrypt_update(&c.ccm, p, p, a[i].len);
		else if (ccm)
			aes_ccm_decrypt_update(&c.ccm, p, p, a[i].len);
		else if (enc)
			aes_gcm_encrypt_update(&c.gcm, p, p, a[i].len);
		else
			aes_gcm_decrypt_update(&c.gcm, p, p, a[i].len);
		pos += a[i].len;
	}
	if (ccm && enc)
		aes_ccm_encrypt_final(&c.ccm, tag);
	else if (ccm)
		err = aes_ccm_decrypt_final(&c.ccm, a[4].buf);
	else if (enc)
		aes_gcm_encrypt_final(&c.gcm, tag);
	else
		err = aes_gcm_decrypt_final(&c.gcm, a[4].buf);
	if (!err) {
		oracle_out(out, data, datalen);
		if (enc)
			oracle_out(out, tag, a[2].num);
	}
	free(data);
	return err;
}

static int cmd_aes_gcm_inc(int argc, const struct oarg *a, struct oout *out)
{
	return aead_incremental(argc, a, out, false);
}
ORACLE_CMD("aes_gcm_inc", 6, -1, cmd_aes_gcm_inc);

static int cmd_aes_ccm_inc(int argc, const struct oarg *a, struct oout *out)
{
	return aead_incremental(argc, a, out, true);
}
ORACLE_CMD("aes_ccm_inc", 6, -1, cmd_aes_ccm_inc);

static int cmd_ghash(int argc, const struct oarg *a, struct oout *out)
{
	struct ghash_key key;
	struct ghash_ctx ctx;
	u8 d[GHASH_DIGEST_SIZE];
	int i;

	if (a[0].len != GHASH_BLOCK_SIZE)
		return -EINVAL;
	ghash_preparekey(&key, a[0].buf);
	ghash_init(&ctx, &key);
	for (i = 1; i < argc; i++)
		ghash_update(&ctx, a[i].buf, a[i].len);
	ghash_final(&ctx, d);
	oracle_out(out, d, sizeof(d));
	return 0;
}
ORACLE_CMD("ghash", 1, -1, cmd_ghash);

static int cmd_aes_rfc4543(int argc, const struct oarg *a, struct oout *out)
{
	struct aes_rfc4106_key key;
	u8 tag[AES_BLOCK_SIZE];
	int err;

	if (a[2].len != GCM_RFC4543_IV_SIZE)
		return -EINVAL;
	err = aes_rfc4543_preparekey(&key, a[1].buf, a[1].len);
	if (err)
		return err;
	if (!strcmp(a[0].text, "sign")) {
		aes_rfc4543_sign(tag, a[3].buf, a[3].len, a[2].buf, &key);
		oracle_out(out, tag, sizeof(tag));
		return 0;
	}
	if (argc < 5 || a[4].len != AES_BLOCK_SIZE)
		return -EINVAL;
	return aes_rfc4543_verify(a[4].buf, a[3].buf, a[3].len, a[2].buf, &key);
}
ORACLE_CMD("aes_rfc4543", 4, 5, cmd_aes_rfc4543);
