// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for ChaCha, HChaCha, Poly1305 and the ChaCha20-Poly1305
 * AEADs.  <off> misaligns the buffers by that many bytes; <inplace> 1 runs
 * the operation with dst == src.
 *
 *   chacha <key> <iv16> <nrounds> <off> <inplace> <part>...
 *        chacha_init + one chacha_crypt per part (all parts but the last
 *        must be whole blocks) -> output, final block counter (le32)
 *   hchacha <key> <nonce16> <nrounds>   -> 32-byte subkey (le32 words)
 *   chacha20_block <key> <iv16>         -> one block via chacha20_block()
 *   poly1305 <key> <part>...            -> tag
 *   chachapoly_enc <variant> <key> <nonce> <ad> <msg> <off> <inplace>
 *        variant: n64 (8-byte nonce, u64 little endian), x (24 bytes),
 *        rfc7539 (12 bytes), esp (key is 36 bytes, nonce is the 8-byte IV)
 *        -> ciphertext || tag
 *   chachapoly_dec <variant> <key> <nonce> <ad> <ct||tag> <off> <inplace>
 *        -> plaintext, or ERR EBADMSG when the library returns false; if
 *        the library wrote anything into dst on failure: ERR EFAULT
 *   chacha_arch                          -> chacha/poly arch flags (2 bytes)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/chacha.h>
#include <crypto/chacha20poly1305.h>
#include <crypto/poly1305.h>

#include "oracle.h"

static void load_key(u32 k[8], const u8 *key)
{
	for (int i = 0; i < 8; i++)
		k[i] = get_unaligned_le32(key + 4 * i);
}

static int cmd_chacha(int argc, const struct oarg *a, struct oout *out)
{
	struct chacha_state st;
	size_t total = 0, pos = 0, off = a[3].num;
	int nrounds = a[2].num, inplace = a[4].num == 1;
	u8 *in, *outb, ctr[4];
	u32 k[8];

	if (a[0].len != 32 || a[1].len != 16 || a[3].num < 0 || off > 64 ||
	    (nrounds != 20 && nrounds != 12))
		return -EINVAL;
	for (int i = 5; i < argc; i++) {
		if (i < argc - 1 && a[i].len % CHACHA_BLOCK_SIZE)
			return -EINVAL;
		total += a[i].len;
	}
	in = malloc(total + off + 1);
	outb = inplace ? in : malloc(total + off + 1);
	for (int i = 5; i < argc; i++) {
		memcpy(in + off + pos, a[i].buf, a[i].len);
		pos += a[i].len;
	}
	load_key(k, a[0].buf);
	chacha_init(&st, k, a[1].buf);
	pos = 0;
	for (int i = 5; i < argc; i++) {
		chacha_crypt(&st, outb + off + pos, in + off + pos, a[i].len,
			     nrounds);
		pos += a[i].len;
	}
	oracle_out(out, outb + off, total);
	put_unaligned_le32(st.x[12], ctr);
	oracle_out(out, ctr, 4);
	if (!inplace)
		free(outb);
	free(in);
	return 0;
}
ORACLE_CMD("chacha", 5, -1, cmd_chacha);

static int cmd_hchacha(int argc, const struct oarg *a, struct oout *out)
{
	struct chacha_state st;
	u32 k[8], sub[HCHACHA_OUT_WORDS];
	u8 o[32];

	if (a[0].len != 32 || a[1].len != 16 ||
	    (a[2].num != 20 && a[2].num != 12))
		return -EINVAL;
	load_key(k, a[0].buf);
	chacha_init(&st, k, a[1].buf);
	hchacha_block(&st, sub, a[2].num);
	for (int i = 0; i < 8; i++)
		put_unaligned_le32(sub[i], o + 4 * i);
	oracle_out(out, o, 32);
	return 0;
}
ORACLE_CMD("hchacha", 3, 3, cmd_hchacha);

static int cmd_chacha20_block(int argc, const struct oarg *a, struct oout *out)
{
	struct chacha_state st;
	u8 o[CHACHA_BLOCK_SIZE];
	u32 k[8];

	if (a[0].len != 32 || a[1].len != 16)
		return -EINVAL;
	load_key(k, a[0].buf);
	chacha_init(&st, k, a[1].buf);
	chacha20_block(&st, o);
	oracle_out(out, o, sizeof(o));
	return 0;
}
ORACLE_CMD("chacha20_block", 2, 2, cmd_chacha20_block);

static int cmd_poly1305(int argc, const struct oarg *a, struct oout *out)
{
	struct poly1305_desc_ctx d;
	u8 tag[POLY1305_DIGEST_SIZE];

	if (a[0].len != POLY1305_KEY_SIZE)
		return -EINVAL;
	poly1305_init(&d, a[0].buf);
	for (int i = 1; i < argc; i++)
		poly1305_update(&d, a[i].buf, a[i].len);
	poly1305_final(&d, tag);
	oracle_out(out, tag, sizeof(tag));
	return 0;
}
ORACLE_CMD("poly1305", 1, -1, cmd_poly1305);

enum variant { V_N64, V_X, V_RFC7539, V_ESP };

static int parse_variant(const struct oarg *v, const struct oarg *key,
			 const struct oarg *nonce)
{
	static const struct { const char *name; size_t klen, nlen; } t[] = {
		[V_N64] = { "n64", 32, 8 },
		[V_X] = { "x", 32, 24 },
		[V_RFC7539] = { "rfc7539", 32, 12 },
		[V_ESP] = { "esp", 36, 8 },
	};

	for (int i = 0; i < (int)(sizeof(t) / sizeof(t[0])); i++)
		if (!strcmp(v->text, t[i].name))
			return key->len == t[i].klen &&
			       nonce->len == t[i].nlen ? i : -EINVAL;
	return -EINVAL;
}

static int cmd_chachapoly(int argc, const struct oarg *a, struct oout *out,
			  bool enc)
{
	int v = parse_variant(&a[0], &a[1], &a[2]);
	size_t off = a[5].num, len = a[4].len, olen;
	int inplace = a[6].num == 1;
	u8 *ad, *in, *o, *canary;
	bool ok = true;
	int ret = 0;

	if (v < 0 || a[5].num < 0 || off > 64)
		return -EINVAL;
	if (!enc && len < POLY1305_DIGEST_SIZE)
		olen = 0;
	else
		olen = enc ? len + POLY1305_DIGEST_SIZE :
			     len - POLY1305_DIGEST_SIZE;
	/* Exact-size allocations so ASan sees any overrun. */
	ad = malloc(a[3].len + off + 1);
	memcpy(ad + off, a[3].buf, a[3].len);
	in = malloc(len + POLY1305_DIGEST_SIZE + off + 1);
	memcpy(in + off, a[4].buf, len);
	o = inplace ? in : malloc(olen + off + 1);
	/* Fill dst with a pattern to detect writes on failure. */
	canary = malloc(olen + 1);
	for (size_t i = 0; i < olen; i++)
		canary[i] = (u8)(0xa5 ^ i);
	if (!inplace)
		memcpy(o + off, canary, olen);
	else if (!enc)
		memcpy(canary, in + off, olen);

#define ARGS(nonce_expr) o + off, in + off, len, ad + off, a[3].len, \
		nonce_expr, a[1].buf
	switch (v) {
	case V_N64:
		if (enc)
			chacha20poly1305_encrypt(ARGS(get_unaligned_le64(a[2].buf)));
		else
			ok = chacha20poly1305_decrypt(ARGS(get_unaligned_le64(a[2].buf)));
		break;
	case V_X:
		if (enc)
			xchacha20poly1305_encrypt(ARGS(a[2].buf));
		else
			ok = xchacha20poly1305_decrypt(ARGS(a[2].buf));
		break;
	case V_RFC7539:
		if (enc)
			chacha20poly1305_rfc7539_encrypt(ARGS(a[2].buf));
		else
			ok = chacha20poly1305_rfc7539_decrypt(ARGS(a[2].buf));
		break;
	case V_ESP:
		if (enc)
			chacha20poly1305_rfc7539esp_encrypt(ARGS(a[2].buf));
		else
			ok = chacha20poly1305_rfc7539esp_decrypt(ARGS(a[2].buf));
		break;
	}
#undef ARGS
	if (ok)
		oracle_out(out, o + off, olen);
	else if (memcmp(o + off, canary, olen))
		ret = -EFAULT;
	else
		ret = -EBADMSG;
	if (!inplace)
		free(o);
	free(in);
	free(ad);
	free(canary);
	return ret;
}

static int cmd_chachapoly_enc(int argc, const struct oarg *a, struct oout *out)
{
	return cmd_chachapoly(argc, a, out, true);
}
ORACLE_CMD("chachapoly_enc", 7, 7, cmd_chachapoly_enc);

static int cmd_chachapoly_dec(int argc, const struct oarg *a, struct oout *out)
{
	return cmd_chachapoly(argc, a, out, false);
}
ORACLE_CMD("chachapoly_dec", 7, 7, cmd_chachapoly_dec);

static int cmd_chacha_arch(int argc, const struct oarg *a, struct oout *out)
{
	u8 f[2] = { chacha_is_arch_optimized(), poly1305_is_arch_optimized() };

	oracle_out(out, f, 2);
	return 0;
}
ORACLE_CMD("chacha_arch", 0, 0, cmd_chacha_arch);
