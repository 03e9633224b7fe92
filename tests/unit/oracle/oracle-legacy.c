// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for the legacy algorithms: DES, 3DES (ECB, CBC, CMAC),
 * MD4 and CRC-32C.  <rc> outputs are one byte: -(return value), so 0,
 * 22 (EINVAL) or 126 (ENOKEY).
 *
 *   des_ecb <enc|dec> <key> <data> <off> <inplace>       -> rc out
 *   des_cbc <enc|dec> <key> <iv> <data> <off> <inplace>  -> rc out iv'
 *        the key length selects DES (8) or 3DES (24); any other length
 *        goes to des3_ede_expand_key() (or des_expand_key() if < 24)
 *   des3_cmac <key> <part>...                            -> rc mac
 *   md4 <part>...           init/update per part/final   -> digest
 *   md4_oneshot <msg>                                    -> digest
 *   crc32c <seed-le32> <data>   raw crc32c()             -> crc (le32)
 *   crc32c_shash <key|none> <part>...   AF_ALG "crc32c"  -> digest
 *   crc32_le, crc32_shash: the same for CRC-32 and AF_ALG "crc32"
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/crc32.h>
#include <crypto/crc32c.h>
#include <crypto/des.h>
#include <crypto/md4.h>

#include "oracle.h"

union any_des {
	struct des_ctx d;
	struct des3_ede_ctx d3;
};

static int expand(union any_des *k, const struct oarg *key, bool *triple)
{
	*triple = key->len >= DES3_EDE_KEY_SIZE;
	return *triple ? des3_ede_expand_key(&k->d3, key->buf, key->len) :
			 des_expand_key(&k->d, key->buf, key->len);
}

static int cmd_des(int argc, const struct oarg *a, struct oout *out, bool cbc)
{
	const struct oarg *data = &a[cbc ? 3 : 2];
	size_t off = a[cbc ? 4 : 3].num, len = data->len;
	int inplace = a[cbc ? 5 : 4].num == 1;
	bool enc = !strcmp(a[0].text, "enc"), triple;
	u8 iv[DES_BLOCK_SIZE], *in, *o, rc;
	union any_des k;
	int err;

	if (a[cbc ? 4 : 3].num < 0 || off > 64 || len % DES_BLOCK_SIZE ||
	    (cbc && a[2].len != DES_BLOCK_SIZE))
		return -EINVAL;
	err = expand(&k, &a[1], &triple);
	rc = (u8)-err;
	oracle_out(out, &rc, 1);
	if (err && err != -ENOKEY)
		return 0;
	in = malloc(len + off + 1);
	memcpy(in + off, data->buf, len);
	o = inplace ? in : malloc(len + off + 1);
	if (cbc)
		memcpy(iv, a[2].buf, DES_BLOCK_SIZE);
	if (!cbc && triple)
		(enc ? des3_ede_ecb_encrypt : des3_ede_ecb_decrypt)(&k.d3, o + off, in + off, len);
	else if (!cbc)
		(enc ? des_ecb_encrypt : des_ecb_decrypt)(&k.d, o + off, in + off, len);
	else if (triple)
		(enc ? des3_ede_cbc_encrypt : des3_ede_cbc_decrypt)(&k.d3, o + off, in + off, len, iv);
	else
		(enc ? des_cbc_encrypt : des_cbc_decrypt)(&k.d, o + off, in + off, len, iv);
	oracle_out(out, o + off, len);
	if (cbc)
		oracle_out(out, iv, DES_BLOCK_SIZE);
	if (!inplace)
		free(o);
	free(in);
	return 0;
}

static int cmd_des_ecb(int argc, const struct oarg *a, struct oout *out)
{
	return cmd_des(argc, a, out, false);
}
ORACLE_CMD("des_ecb", 5, 5, cmd_des_ecb);

static int cmd_des_cbc(int argc, const struct oarg *a, struct oout *out)
{
	return cmd_des(argc, a, out, true);
}
ORACLE_CMD("des_cbc", 6, 6, cmd_des_cbc);

static int cmd_des3_cmac(int argc, const struct oarg *a, struct oout *out)
{
	struct des3_ede_cmac_key key;
	struct des3_ede_cmac_ctx ctx;
	u8 mac[DES_BLOCK_SIZE], rc;
	int err;

	err = des3_ede_cmac_preparekey(&key, a[0].buf, a[0].len);
	rc = (u8)-err;
	oracle_out(out, &rc, 1);
	if (err && err != -ENOKEY)
		return 0;
	if (argc == 2) {
		des3_ede_cmac(&key, a[1].buf, a[1].len, mac);
	} else {
		des3_ede_cmac_init(&ctx, &key);
		for (int i = 1; i < argc; i++)
			des3_ede_cmac_update(&ctx, a[i].buf, a[i].len);
		des3_ede_cmac_final(&ctx, mac);
	}
	oracle_out(out, mac, sizeof(mac));
	return 0;
}
ORACLE_CMD("des3_cmac", 1, -1, cmd_des3_cmac);

static int cmd_md4(int argc, const struct oarg *a, struct oout *out)
{
	struct md4_ctx ctx;
	u8 d[MD4_DIGEST_SIZE];

	md4_init(&ctx);
	for (int i = 0; i < argc; i++)
		md4_update(&ctx, a[i].buf, a[i].len);
	md4_final(&ctx, d);
	oracle_out(out, d, sizeof(d));
	return 0;
}
ORACLE_CMD("md4", 0, -1, cmd_md4);

static int cmd_md4_oneshot(int argc, const struct oarg *a, struct oout *out)
{
	u8 d[MD4_DIGEST_SIZE];

	md4(a[0].buf, a[0].len, d);
	oracle_out(out, d, sizeof(d));
	return 0;
}
ORACLE_CMD("md4_oneshot", 1, 1, cmd_md4_oneshot);

/* CRC-32C ("crc32c") or CRC-32 ("crc32"): update function, shash rules */
struct crc_kind {
	u32 (*update)(u32 crc, const void *p, size_t len);
	u32 default_key;
	void (*final)(u32 crc, u8 out[4]);
};

static const struct crc_kind crc_kind_32c = {
	crc32c, CRC32C_SHASH_DEFAULT_KEY, crc32c_shash_final,
};
static const struct crc_kind crc_kind_32 = {
	crc32_le, CRC32_SHASH_DEFAULT_KEY, crc32_shash_final,
};

static int crc_raw(const struct crc_kind *k, const struct oarg *a,
		   struct oout *out)
{
	u8 o[4];

	if (a[0].len != 4)
		return -EINVAL;
	put_unaligned_le32(k->update(get_unaligned_le32(a[0].buf), a[1].buf,
				     a[1].len), o);
	oracle_out(out, o, 4);
	return 0;
}

static int crc_shash(const struct crc_kind *k, int argc, const struct oarg *a,
		     struct oout *out)
{
	u32 key = k->default_key, crc;
	u8 d[4];
	int err;

	if (strcmp(a[0].text, "none")) {
		/* crc32_shash_setkey() is this same function */
		err = crc32c_shash_setkey(&key, a[0].buf, a[0].len);
		if (err)
			return err;
	}
	crc = key;
	for (int i = 1; i < argc; i++)
		crc = k->update(crc, a[i].buf, a[i].len);
	k->final(crc, d);
	oracle_out(out, d, sizeof(d));
	return 0;
}

static int cmd_crc32c(int argc, const struct oarg *a, struct oout *out)
{
	return crc_raw(&crc_kind_32c, a, out);
}
ORACLE_CMD("crc32c", 2, 2, cmd_crc32c);

static int cmd_crc32c_shash(int argc, const struct oarg *a, struct oout *out)
{
	return crc_shash(&crc_kind_32c, argc, a, out);
}
ORACLE_CMD("crc32c_shash", 1, -1, cmd_crc32c_shash);

static int cmd_crc32_le(int argc, const struct oarg *a, struct oout *out)
{
	return crc_raw(&crc_kind_32, a, out);
}
ORACLE_CMD("crc32_le", 2, 2, cmd_crc32_le);

static int cmd_crc32_shash(int argc, const struct oarg *a, struct oout *out)
{
	return crc_shash(&crc_kind_32, argc, a, out);
}
ORACLE_CMD("crc32_shash", 1, -1, cmd_crc32_shash);
