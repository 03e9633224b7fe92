// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for the 128-bit block ciphers without mode code of their
 * own (Serpent, Twofish, Camellia) and the modes of <crypto/block128.h>.
 *
 *   b128 <cipher> <mode> <enc|dec> <key> <iv> <off> <inplace> <part>...
 *        -> out iv'
 *     cipher: serpent | twofish | camellia
 *     mode:   ecb | cbc | ctr | xts | xts_forbid_weak (iv "-" for ecb)
 *     Each part is one call; parts after the first continue the message
 *     (the IV, counter or tweak carried over), as AF_ALG's MSG_MORE does.
 *   b128_block <cipher> <enc|dec> <key> <block>
 *        -> out   (the cipher's own one-block function, not the descriptor)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/block128.h>
#include <crypto/camellia.h>
#include <crypto/serpent-lib.h>
#include <crypto/twofish-lib.h>

#include "oracle.h"
#include "oracle-bufs.h"

static const struct block128_cipher *const b128_ciphers[] = {
	&serpent_block128,
	&twofish_block128,
	&camellia_block128,
};

static const struct block128_cipher *b128_find(const char *name)
{
	for (size_t i = 0; i < sizeof(b128_ciphers) / sizeof(b128_ciphers[0]); i++)
		if (!strcmp(b128_ciphers[i]->name, name))
			return b128_ciphers[i];
	return NULL;
}

static int cmd_b128(int argc, const struct oarg *a, struct oout *out)
{
	const struct block128_cipher *c = b128_find(a[0].text);
	const char *mode = a[1].text;
	bool enc = !strcmp(a[2].text, "enc");
	bool xts = !strncmp(mode, "xts", 3);
	bool ctr = !strcmp(mode, "ctr"), cbc = !strcmp(mode, "cbc");
	const struct oarg *key = &a[3];
	u8 iv[BLOCK128_SIZE] = {};
	void *ctx, *tctx = NULL;
	struct obufs b;
	size_t pos = 0;
	int err, i;

	if (!c || (!xts && !ctr && !cbc && strcmp(mode, "ecb")))
		return -EINVAL;
	if (strcmp(mode, "ecb") && a[4].len != BLOCK128_SIZE)
		return -EINVAL;
	if (a[4].len == BLOCK128_SIZE)
		memcpy(iv, a[4].buf, BLOCK128_SIZE);
	ctx = calloc(2, c->ctxsize);
	if (!ctx)
		abort();
	if (xts) {
		size_t half = key->len / 2;

		tctx = (u8 *)ctx + c->ctxsize;
		err = block128_xts_check_key(key->buf, key->len,
					     strcmp(mode, "xts") != 0);
		if (!err)
			err = c->expandkey(ctx, key->buf, half);
		if (!err)
			err = c->expandkey(tctx, key->buf + half, half);
	} else {
		err = c->expandkey(ctx, key->buf, key->len);
	}
	if (!err)
		err = obufs_setup(&b, a + 7, argc - 7, a[5].num, a[6].num);
	if (err) {
		free(ctx);
		return err;
	}
	for (i = 7; i < argc && !err; i++) {
		u8 *d = b.dst + pos;
		const u8 *s = b.src + pos;
		size_t n = a[i].len;

		/* The library warns and does nothing on these; refuse them. */
		if ((i < argc - 1 || !(ctr || xts)) && n % BLOCK128_SIZE)
			err = -EINVAL;
		else if (xts && n < BLOCK128_SIZE)
			err = -EINVAL;
		else if (xts && enc)
			block128_xts_encrypt(c, ctx, tctx, d, s, n, iv, i > 7);
		else if (xts)
			block128_xts_decrypt(c, ctx, tctx, d, s, n, iv, i > 7);
		else if (ctr)
			block128_ctr_crypt(c, ctx, d, s, n, iv);
		else if (cbc && enc)
			block128_cbc_encrypt(c, ctx, d, s, n, iv);
		else if (cbc)
			block128_cbc_decrypt(c, ctx, d, s, n, iv);
		else if (enc)
			block128_ecb_encrypt(c, ctx, d, s, n);
		else
			block128_ecb_decrypt(c, ctx, d, s, n);
		pos += n;
	}
	if (!err) {
		oracle_out(out, b.dst, b.len);
		oracle_out(out, iv, sizeof(iv));
	}
	obufs_free(&b);
	memset(ctx, 0, 2 * c->ctxsize);
	free(ctx);
	return err;
}
ORACLE_CMD("b128", 8, -1, cmd_b128);

static int cmd_b128_block(int argc, const struct oarg *a, struct oout *out)
{
	bool enc = !strcmp(a[1].text, "enc");
	u8 blk[BLOCK128_SIZE];
	int err = -EINVAL;

	if (a[3].len != BLOCK128_SIZE)
		return -EINVAL;
	if (!strcmp(a[0].text, "serpent")) {
		struct serpent_key k;

		err = serpent_expandkey(&k, a[2].buf, a[2].len);
		if (!err)
			(enc ? serpent_encrypt : serpent_decrypt)(&k, blk, a[3].buf);
	} else if (!strcmp(a[0].text, "twofish")) {
		static struct twofish_key k;

		err = twofish_expandkey(&k, a[2].buf, a[2].len);
		if (!err)
			(enc ? twofish_encrypt : twofish_decrypt)(&k, blk, a[3].buf);
	} else if (!strcmp(a[0].text, "camellia")) {
		struct camellia_key k;

		err = camellia_expandkey(&k, a[2].buf, a[2].len);
		if (!err)
			(enc ? camellia_encrypt : camellia_decrypt)(&k, blk, a[3].buf);
	}
	if (!err)
		oracle_out(out, blk, sizeof(blk));
	return err;
}
ORACLE_CMD("b128_block", 4, 4, cmd_b128_block);
