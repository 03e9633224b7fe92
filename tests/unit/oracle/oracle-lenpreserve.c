// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for the length-preserving disk-encryption modes and
 * their parts: XChaCha, NH, NH-Poly1305, POLYVAL, XCTR, HCTR2, Adiantum.
 *
 *   xchacha <key> <iv32> <nrounds> <off> <inplace> <data>  -> out
 *   nh <key> <msg>                  nh(); msg a multiple of 16  -> hash
 *   nhpoly1305 <key1088> <msg>                                 -> digest
 *   polyval <h> <part>...           init/update per part/final -> digest
 *   polyval_resume <h> <part1> <part2>   export after part1 (whole
 *        blocks), import into a new context, then part2        -> digest
 *   aes_xctr <key> <iv> <off> <inplace> <data>                 -> out
 *   hctr2 <enc|dec> <key> <tweak> <off> <inplace> <data>       -> out
 *   adiantum <enc|dec> <nrounds> <key> <tweak> <off> <inplace> <data> -> out
 *
 * Lengths the library only warns about (below one block for HCTR2 and
 * Adiantum, NH lengths that are not whole units) give ERR EINVAL here.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/adiantum.h>
#include <crypto/chacha.h>
#include <crypto/gf128hash.h>
#include <crypto/hctr2.h>
#include <crypto/nh.h>

#include "oracle.h"
#include "oracle-bufs.h"

static void load_key_words(u32 k[CHACHA_KEY_WORDS], const u8 *in)
{
	for (int i = 0; i < CHACHA_KEY_WORDS; i++)
		k[i] = get_unaligned_le32(in + 4 * i);
}

static int cmd_xchacha(int argc, const struct oarg *a, struct oout *out)
{
	struct chacha_state st;
	u32 k[CHACHA_KEY_WORDS];
	struct obufs b;
	int err;

	if (a[0].len != CHACHA_KEY_SIZE || a[1].len != XCHACHA_IV_SIZE ||
	    (a[2].num != 12 && a[2].num != 20))
		return -EINVAL;
	err = obufs_setup(&b, &a[5], 1, a[3].num, a[4].num);
	if (err)
		return err;
	load_key_words(k, a[0].buf);
	xchacha_init(&st, k, a[1].buf, a[2].num);
	chacha_crypt(&st, b.dst, b.src, b.len, a[2].num);
	oracle_out(out, b.dst, b.len);
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("xchacha", 6, 6, cmd_xchacha);

static int cmd_nh(int argc, const struct oarg *a, struct oout *out)
{
	__le64 hash[NH_NUM_PASSES];
	u32 *key;
	size_t i;

	if (a[1].len % NH_MESSAGE_UNIT || a[1].len > NH_MESSAGE_BYTES ||
	    a[0].len < a[1].len + 48 || a[0].len % 4)
		return -EINVAL;
	key = malloc(a[0].len);
	if (!key)
		abort();
	for (i = 0; i < a[0].len / 4; i++)
		key[i] = get_unaligned_le32(a[0].buf + 4 * i);
	nh(key, a[1].buf, a[1].len, hash);
	free(key);
	oracle_out(out, hash, sizeof(hash));
	return 0;
}
ORACLE_CMD("nh", 2, 2, cmd_nh);

static int cmd_nhpoly1305(int argc, const struct oarg *a, struct oout *out)
{
	static struct nhpoly1305_key key;
	u8 digest[NHPOLY1305_DIGEST_SIZE];

	if (a[0].len != NHPOLY1305_KEY_SIZE)
		return -EINVAL;
	nhpoly1305_setkey(&key, a[0].buf);
	nhpoly1305(&key, a[1].buf, a[1].len, digest);
	oracle_out(out, digest, sizeof(digest));
	return 0;
}
ORACLE_CMD("nhpoly1305", 2, 2, cmd_nhpoly1305);

static int cmd_polyval(int argc, const struct oarg *a, struct oout *out)
{
	struct polyval_key key;
	struct polyval_ctx ctx;
	u8 digest[POLYVAL_DIGEST_SIZE];

	if (a[0].len != POLYVAL_BLOCK_SIZE)
		return -EINVAL;
	polyval_preparekey(&key, a[0].buf);
	polyval_init(&ctx, &key);
	for (int i = 1; i < argc; i++)
		polyval_update(&ctx, a[i].buf, a[i].len);
	polyval_final(&ctx, digest);
	oracle_out(out, digest, sizeof(digest));
	return 0;
}
ORACLE_CMD("polyval", 1, -1, cmd_polyval);

static int cmd_polyval_resume(int argc, const struct oarg *a, struct oout *out)
{
	struct polyval_key key;
	struct polyval_ctx ctx;
	struct polyval_elem acc;
	u8 digest[POLYVAL_DIGEST_SIZE];

	if (a[0].len != POLYVAL_BLOCK_SIZE || a[1].len % POLYVAL_BLOCK_SIZE)
		return -EINVAL;
	polyval_preparekey(&key, a[0].buf);
	polyval_init(&ctx, &key);
	polyval_update(&ctx, a[1].buf, a[1].len);
	polyval_export_blkaligned(&ctx, &acc);
	memset(&ctx, 0x5a, sizeof(ctx));
	polyval_import_blkaligned(&ctx, &key, &acc);
	polyval_update(&ctx, a[2].buf, a[2].len);
	polyval_final(&ctx, digest);
	oracle_out(out, digest, sizeof(digest));
	return 0;
}
ORACLE_CMD("polyval_resume", 3, 3, cmd_polyval_resume);

static int cmd_aes_xctr(int argc, const struct oarg *a, struct oout *out)
{
	struct aes_enckey key;
	struct obufs b;
	int err;

	if (a[1].len != AES_BLOCK_SIZE)
		return -EINVAL;
	err = aes_prepareenckey(&key, a[0].buf, a[0].len);
	if (!err)
		err = obufs_setup(&b, &a[4], 1, a[2].num, a[3].num);
	if (err)
		return err;
	aes_xctr(b.dst, b.src, b.len, a[1].buf, &key);
	oracle_out(out, b.dst, b.len);
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("aes_xctr", 5, 5, cmd_aes_xctr);

static int cmd_hctr2(int argc, const struct oarg *a, struct oout *out)
{
	bool enc = !strcmp(a[0].text, "enc");
	static struct hctr2_key key;
	struct obufs b;
	int err;

	if (a[2].len != HCTR2_TWEAK_SIZE || a[5].len < HCTR2_MIN_LEN)
		return -EINVAL;
	err = hctr2_setkey(&key, a[1].buf, a[1].len);
	if (!err)
		err = obufs_setup(&b, &a[5], 1, a[3].num, a[4].num);
	if (err)
		return err;
	(enc ? hctr2_encrypt : hctr2_decrypt)(&key, b.dst, b.src, b.len,
					      a[2].buf);
	oracle_out(out, b.dst, b.len);
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("hctr2", 6, 6, cmd_hctr2);

static int cmd_adiantum(int argc, const struct oarg *a, struct oout *out)
{
	bool enc = !strcmp(a[0].text, "enc");
	static struct adiantum_key key;
	struct obufs b;
	int err;

	if (a[3].len != ADIANTUM_TWEAK_SIZE || a[6].len < ADIANTUM_MIN_LEN)
		return -EINVAL;
	err = adiantum_setkey(&key, a[2].buf, a[2].len, a[1].num);
	if (!err)
		err = obufs_setup(&b, &a[6], 1, a[4].num, a[5].num);
	if (err)
		return err;
	(enc ? adiantum_encrypt : adiantum_decrypt)(&key, b.dst, b.src,
						    b.len, a[3].buf);
	oracle_out(out, b.dst, b.len);
	obufs_free(&b);
	return 0;
}
ORACLE_CMD("adiantum", 7, 7, cmd_adiantum);
