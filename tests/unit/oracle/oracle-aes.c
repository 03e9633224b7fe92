// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for the AES block cipher and the modes in lib/crypto/aes.c.
 *
 * <kt> is the key type: "enc" (struct aes_enckey from aes_prepareenckey()),
 * "full" (struct aes_key from aes_preparekey()) or "ctx" (struct
 * crypto_aes_ctx from aes_expandkey(), the 6.12 interface).  <off> misaligns
 * the buffers by that many bytes; <ip> is 1 for in-place (dst == src).
 * A bad key length comes back as ERR 22 (-EINVAL).
 *
 *   aes_block <kt> <key> <block>          aes_encrypt() of one block
 *   aes_block_dec <kt> <key> <block>      aes_decrypt() (kt: full or ctx)
 *   aes_ecb <enc|dec> <kt> <key> <off> <ip> <part>...
 *                                         one aes_ecb_*() call per part
 *   aes_cbc <enc|dec> <kt> <key> <iv> <off> <ip> <part>...
 *                                         -> data, final iv
 *   aes_ctr <kt> <key> <ctr> <off> <ip> <part>...  -> data, final counter
 *   aes_rfc3686 <key||nonce> <iv8> <off> <ip> <data>
 *   aes_cmac <key> <part>...              aes_cmac_init/update.../final
 *   aes_cmac_oneshot <key> <msg>          aes_cmac()
 *   aes_xcbc <key> <part>...              XCBC-MAC through the same calls
 *   aes_cbcmac <key> <part>...            raw CBC-MAC (CCM's building block)
 *   aes_xts <enc|dec> <key> <tweak> <off> <ip> <part>...
 *        first part with cont = false, the rest with cont = true
 *        -> data, final tweak.  A single part shorter than a block must
 *        leave dst untouched: reported as ERR 22, else ERR 14.
 *   aes_xts_key <key> <flags>             aes_xts_preparekey() status
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/aes-cbc-macs.h>
#include <crypto/aes-cbc.h>
#include <crypto/aes-ctr.h>
#include <crypto/aes-ecb.h>
#include <crypto/aes-xts.h>
#include <crypto/aes.h>

#include "oracle.h"
#include "oracle-bufs.h"

/* A prepared key of any of the three types. */
struct okey {
	int type;		/* 0 enc, 1 full, 2 ctx */
	struct aes_enckey enc;
	struct aes_key full;
	struct crypto_aes_ctx ctx;
};

static int okey_prepare(struct okey *k, const struct oarg *kt,
			const struct oarg *key)
{
	if (!strcmp(kt->text, "enc")) {
		k->type = 0;
		return aes_prepareenckey(&k->enc, key->buf, key->len);
	}
	if (!strcmp(kt->text, "full")) {
		k->type = 1;
		return aes_preparekey(&k->full, key->buf, key->len);
	}
	if (!strcmp(kt->text, "ctx")) {
		k->type = 2;
		return aes_expandkey(&k->ctx, key->buf, key->len);
	}
	return -EINVAL;
}

static int aes_block(const struct oarg *a, struct oout *out, bool enc)
{
	struct okey k;
	u8 blk[AES_BLOCK_SIZE];
	int err;

	if (a[2].len != AES_BLOCK_SIZE)
		return -EINVAL;
	err = okey_prepare(&k, &a[0], &a[1]);
	if (err)
		return err;
	memcpy(blk, a[2].buf, AES_BLOCK_SIZE);
	if (enc && k.type == 0)
		aes_encrypt(&k.enc, blk, blk);
	else if (enc && k.type == 1)
		aes_encrypt(&k.full, blk, blk);
	else if (enc)
		aes_encrypt(&k.ctx, blk, blk);
	else if (k.type == 1)
		aes_decrypt(&k.full, blk, blk);
	else if (k.type == 2)
		aes_decrypt(&k.ctx, blk, blk);
	else
		return -EINVAL;
	oracle_out(out, blk, sizeof(blk));
	return 0;
}

static int cmd_aes_block(int argc, const struct oarg *a, struct oout *out)
{
	return aes_block(a, out, true);
}
ORACLE_CMD("aes_block", 3, 3, cmd_aes_block);

static int cmd_aes_block_dec(int argc, const struct oarg *a, struct oout *out)
{
	return aes_block(a, out, false);
}
ORACLE_CMD("aes_block_dec", 3, 3, cmd_aes_block_dec);

static int cmd_aes_ecb(int argc, const struct oarg *a, struct oout *out)
{
	bool enc = !strcmp(a[0].text, "enc");
	struct obufs b;
	struct okey k;
	size_t pos = 0;
	int err, i;

	err = okey_prepare(&k, &a[1], &a[2]);
	if (err)
		return err;
	if (k.type == 2 || (!enc && k.type != 1))
		return -EINVAL;
	err = obufs_setup(&b, a + 5, argc - 5, a[3].num, a[4].num);
	if (err)
		return err;
	for (i = 5; i < argc; i++) {
		if (a[i].len % AES_BLOCK_SIZE) {
			obufs_free(&b);
			return -EINVAL;
		}
		if (enc && k.type == 0)
			aes_ecb_encrypt(b.dst + pos, b.src + pos, a[i].len, &k.enc);
		else if (enc)
			aes_ecb_encrypt(b.dst + pos, b.src + pos, a[i].len, &k.full);
		else
			aes_ecb_decrypt(b.dst + pos, b.src + pos, a[i].len, &k.full);
		pos += a[i].len;
	}
	oracle_out(out, b.dst, b.len);
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("aes_ecb", 6, -1, cmd_aes_ecb);

static int cmd_aes_cbc(int argc, const struct oarg *a, struct oout *out)
{
	bool enc = !strcmp(a[0].text, "enc");
	u8 iv[AES_BLOCK_SIZE];
	struct obufs b;
	struct okey k;
	size_t pos = 0;
	int err, i;

	if (a[3].len != AES_BLOCK_SIZE)
		return -EINVAL;
	err = okey_prepare(&k, &a[1], &a[2]);
	if (err)
		return err;
	if (k.type == 2 || (!enc && k.type != 1))
		return -EINVAL;
	memcpy(iv, a[3].buf, AES_BLOCK_SIZE);
	err = obufs_setup(&b, a + 6, argc - 6, a[4].num, a[5].num);
	if (err)
		return err;
	for (i = 6; i < argc; i++) {
		if (a[i].len % AES_BLOCK_SIZE) {
			obufs_free(&b);
			return -EINVAL;
		}
		if (enc && k.type == 0)
			aes_cbc_encrypt(b.dst + pos, b.src + pos, a[i].len, iv,
					&k.enc);
		else if (enc)
			aes_cbc_encrypt(b.dst + pos, b.src + pos, a[i].len, iv,
					&k.full);
		else
			aes_cbc_decrypt(b.dst + pos, b.src + pos, a[i].len, iv,
					&k.full);
		pos += a[i].len;
	}
	oracle_out(out, b.dst, b.len);
	oracle_out(out, iv, sizeof(iv));
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("aes_cbc", 7, -1, cmd_aes_cbc);

static int cmd_aes_ctr(int argc, const struct oarg *a, struct oout *out)
{
	u8 ctr[AES_BLOCK_SIZE];
	struct obufs b;
	struct okey k;
	size_t pos = 0;
	int err, i;

	if (a[2].len != AES_BLOCK_SIZE)
		return -EINVAL;
	err = okey_prepare(&k, &a[0], &a[1]);
	if (err)
		return err;
	if (k.type == 2)
		return -EINVAL;
	memcpy(ctr, a[2].buf, AES_BLOCK_SIZE);
	err = obufs_setup(&b, a + 5, argc - 5, a[3].num, a[4].num);
	if (err)
		return err;
	for (i = 5; i < argc; i++) {
		/* Only the last part may be a partial block. */
		if (i < argc - 1 && a[i].len % AES_BLOCK_SIZE) {
			obufs_free(&b);
			return -EINVAL;
		}
		if (k.type == 0)
			aes_ctr(b.dst + pos, b.src + pos, a[i].len, ctr, &k.enc);
		else
			aes_ctr(b.dst + pos, b.src + pos, a[i].len, ctr, &k.full);
		pos += a[i].len;
	}
	oracle_out(out, b.dst, b.len);
	oracle_out(out, ctr, sizeof(ctr));
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("aes_ctr", 6, -1, cmd_aes_ctr);

static int cmd_aes_rfc3686(int argc, const struct oarg *a, struct oout *out)
{
	struct aes_rfc3686_key key;
	struct obufs b;
	int err;

	if (a[1].len != CTR_RFC3686_IV_SIZE)
		return -EINVAL;
	err = aes_rfc3686_preparekey(&key, a[0].buf, a[0].len);
	if (err)
		return err;
	err = obufs_setup(&b, a + 4, 1, a[2].num, a[3].num);
	if (err)
		return err;
	aes_rfc3686_crypt(b.dst, b.src, b.len, a[1].buf, &key);
	oracle_out(out, b.dst, b.len);
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("aes_rfc3686", 5, 5, cmd_aes_rfc3686);

static void cmac_parts(const struct aes_cmac_key *key, int argc,
		       const struct oarg *a, struct oout *out)
{
	struct aes_cmac_ctx ctx;
	u8 mac[AES_BLOCK_SIZE];
	int i;

	aes_cmac_init(&ctx, key);
	for (i = 0; i < argc; i++)
		aes_cmac_update(&ctx, a[i].buf, a[i].len);
	aes_cmac_final(&ctx, mac);
	oracle_out(out, mac, sizeof(mac));
}

static int cmd_aes_cmac(int argc, const struct oarg *a, struct oout *out)
{
	struct aes_cmac_key key;
	int err;

	err = aes_cmac_preparekey(&key, a[0].buf, a[0].len);
	if (err)
		return err;
	cmac_parts(&key, argc - 1, a + 1, out);
	return 0;
}
ORACLE_CMD("aes_cmac", 1, -1, cmd_aes_cmac);

static int cmd_aes_cmac_oneshot(int argc, const struct oarg *a,
				struct oout *out)
{
	struct aes_cmac_key key;
	u8 mac[AES_BLOCK_SIZE];
	int err;

	err = aes_cmac_preparekey(&key, a[0].buf, a[0].len);
	if (err)
		return err;
	aes_cmac(&key, a[1].buf, a[1].len, mac);
	oracle_out(out, mac, sizeof(mac));
	return 0;
}
ORACLE_CMD("aes_cmac_oneshot", 2, 2, cmd_aes_cmac_oneshot);

static int cmd_aes_xcbc(int argc, const struct oarg *a, struct oout *out)
{
	struct aes_cmac_key key;

	if (a[0].len != AES_KEYSIZE_128)
		return -EINVAL;
	aes_xcbcmac_preparekey(&key, a[0].buf);
	cmac_parts(&key, argc - 1, a + 1, out);
	return 0;
}
ORACLE_CMD("aes_xcbc", 1, -1, cmd_aes_xcbc);

static int cmd_aes_cbcmac(int argc, const struct oarg *a, struct oout *out)
{
	struct aes_cbcmac_ctx ctx;
	struct aes_enckey key;
	u8 mac[AES_BLOCK_SIZE];
	int err, i;

	err = aes_prepareenckey(&key, a[0].buf, a[0].len);
	if (err)
		return err;
	aes_cbcmac_init(&ctx, &key);
	for (i = 1; i < argc; i++)
		aes_cbcmac_update(&ctx, a[i].buf, a[i].len);
	aes_cbcmac_final(&ctx, mac);
	oracle_out(out, mac, sizeof(mac));
	return 0;
}
ORACLE_CMD("aes_cbcmac", 1, -1, cmd_aes_cbcmac);

/*
 * aes_mct <ecb|cbc> <enc|dec> <key> <iv|-> <text>
 *
 * The inner 1000-iteration loop of the ACVP AES Monte Carlo test, on the
 * library's ECB/CBC entry points one block per call; returns outputs 998
 * and 999.  ECB: out[j] = E(in[j]), in[j+1] = out[j].  CBC: the IV chains
 * through the library (updated iv), in[j+1] = IV for j == 0, else out[j-1].
 * The outer loop (key and IV updates) is in the Python driver.
 */
static int cmd_aes_mct(int argc, const struct oarg *a, struct oout *out)
{
	bool cbc = !strcmp(a[0].text, "cbc"), enc = !strcmp(a[1].text, "enc");
	u8 in[AES_BLOCK_SIZE], o[AES_BLOCK_SIZE], prev[2][AES_BLOCK_SIZE];
	u8 iv[AES_BLOCK_SIZE], iv0[AES_BLOCK_SIZE];
	struct aes_key key;
	int err, j;

	if (a[4].len != AES_BLOCK_SIZE || (cbc && a[3].len != AES_BLOCK_SIZE))
		return -EINVAL;
	err = aes_preparekey(&key, a[2].buf, a[2].len);
	if (err)
		return err;
	memcpy(in, a[4].buf, AES_BLOCK_SIZE);
	if (cbc) {
		memcpy(iv, a[3].buf, AES_BLOCK_SIZE);
		memcpy(iv0, iv, AES_BLOCK_SIZE);
	}
	for (j = 0; j < 1000; j++) {
		if (!cbc && enc)
			aes_ecb_encrypt(o, in, AES_BLOCK_SIZE, &key);
		else if (!cbc)
			aes_ecb_decrypt(o, in, AES_BLOCK_SIZE, &key);
		else if (enc)
			aes_cbc_encrypt(o, in, AES_BLOCK_SIZE, iv, &key);
		else
			aes_cbc_decrypt(o, in, AES_BLOCK_SIZE, iv, &key);
		if (!cbc)
			memcpy(in, o, AES_BLOCK_SIZE);
		else if (j == 0)
			memcpy(in, iv0, AES_BLOCK_SIZE);
		else
			memcpy(in, prev[1], AES_BLOCK_SIZE);
		memcpy(prev[0], prev[1], AES_BLOCK_SIZE);
		memcpy(prev[1], o, AES_BLOCK_SIZE);
	}
	oracle_out(out, prev[0], AES_BLOCK_SIZE);
	oracle_out(out, prev[1], AES_BLOCK_SIZE);
	return 0;
}
ORACLE_CMD("aes_mct", 5, 5, cmd_aes_mct);

static int cmd_aes_xts(int argc, const struct oarg *a, struct oout *out)
{
	bool enc = !strcmp(a[0].text, "enc");
	struct aes_xts_key key;
	u8 tweak[AES_BLOCK_SIZE], *before;
	struct obufs b;
	size_t pos = 0;
	int err, i;

	if (a[2].len != AES_BLOCK_SIZE)
		return -EINVAL;
	err = aes_xts_preparekey(&key, a[1].buf, a[1].len, 0);
	if (err)
		return err;
	memcpy(tweak, a[2].buf, AES_BLOCK_SIZE);
	err = obufs_setup(&b, a + 5, argc - 5, a[3].num, a[4].num);
	if (err)
		return err;
	if (argc == 6 && b.len < AES_BLOCK_SIZE) {
		/* Too short: the library must warn and write nothing. */
		before = malloc(b.len + 1);
		memcpy(before, b.dst, b.len);
		if (enc)
			aes_xts_encrypt(b.dst, b.src, b.len, tweak, &key, false);
		else
			aes_xts_decrypt(b.dst, b.src, b.len, tweak, &key, false);
		err = memcmp(before, b.dst, b.len) ? -EFAULT : -EINVAL;
		free(before);
		obufs_free(&b);
		return err;
	}
	for (i = 5; i < argc; i++) {
		if (a[i].len < AES_BLOCK_SIZE ||
		    (i < argc - 1 && a[i].len % AES_BLOCK_SIZE)) {
			obufs_free(&b);
			return -EINVAL;
		}
		if (enc)
			aes_xts_encrypt(b.dst + pos, b.src + pos, a[i].len, tweak,
					&key, i > 5);
		else
			aes_xts_decrypt(b.dst + pos, b.src + pos, a[i].len, tweak,
					&key, i > 5);
		pos += a[i].len;
	}
	oracle_out(out, b.dst, b.len);
	oracle_out(out, tweak, sizeof(tweak));
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("aes_xts", 6, -1, cmd_aes_xts);

static int cmd_aes_xts_key(int argc, const struct oarg *a, struct oout *out)
{
	struct aes_xts_key key;

	return aes_xts_preparekey(&key, a[0].buf, a[0].len, (int)a[1].num);
}
ORACLE_CMD("aes_xts_key", 2, 2, cmd_aes_xts_key);
