// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for authenc(hmac(H),cbc(aes)).
 *
 *   authenc_enc <hash> <keyblob> <iv> <ad> <msg> <authsize> <off> <inplace>
 *        -> ciphertext || tag
 *   authenc_dec <hash> <keyblob> <iv> <ad> <ct||tag> <authsize> <off> <inplace>
 *        -> plaintext; errors as ERR <errno>; a failed decrypt that
 *        wrote into dst gives ERR EFAULT
 *   authenc_extractkeys <keyblob>   -> authkey enckey (or ERR EINVAL)
 *   authencesn_enc, authencesn_dec: as authenc_enc/_dec, for
 *        authencesn(hmac(H),cbc(aes))
 *   hash: sha1 | sha256 | sha384 | sha512
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/authenc-lib.h>

#include "oracle.h"

static int parse_hash(const struct oarg *a, enum authenc_lib_hash *h)
{
	if (!strcmp(a->text, "sha1"))
		*h = AUTHENC_LIB_HMAC_SHA1;
	else if (!strcmp(a->text, "sha256"))
		*h = AUTHENC_LIB_HMAC_SHA256;
	else if (!strcmp(a->text, "sha384"))
		*h = AUTHENC_LIB_HMAC_SHA384;
	else if (!strcmp(a->text, "sha512"))
		*h = AUTHENC_LIB_HMAC_SHA512;
	else
		return -EINVAL;
	return 0;
}

enum authenc_op { AE_ENC, AE_DEC, AE_ESN_ENC, AE_ESN_DEC };

static int cmd_authenc(int argc, const struct oarg *a, struct oout *out,
		       enum authenc_op op)
{
	bool enc = op == AE_ENC || op == AE_ESN_ENC;
	struct authenc_lib_key key;
	enum authenc_lib_hash h;
	size_t off = a[6].num, len = a[4].len, olen, cap;
	int inplace = a[7].num == 1, err;
	unsigned int authsize = a[5].num;
	u8 *ad, *in, *o, *canary;

	if (parse_hash(&a[0], &h) || a[2].len != AES_BLOCK_SIZE ||
	    a[5].num < 0 || a[6].num < 0 || off > 64)
		return -EINVAL;
	err = authenc_lib_setkey(&key, h, a[1].buf, a[1].len);
	if (err)
		return err;
	olen = enc ? len + authsize : (len >= authsize ? len - authsize : 0);
	cap = len + authsize + 1;
	ad = malloc(a[3].len + off + 1);
	memcpy(ad + off, a[3].buf, a[3].len);
	in = malloc(cap + off);
	memcpy(in + off, a[4].buf, len);
	o = inplace ? in : malloc(cap + off);
	canary = malloc(cap);
	for (size_t i = 0; i < cap; i++)
		canary[i] = (u8)(0x5a ^ i);
	if (!inplace)
		memcpy(o + off, canary, olen);
	else
		memcpy(canary, in + off, olen);
	switch (op) {
	case AE_ENC:
		err = authenc_lib_encrypt(&key, o + off, in + off, len,
					  ad + off, a[3].len, a[2].buf,
					  authsize);
		break;
	case AE_DEC:
		err = authenc_lib_decrypt(&key, o + off, in + off, len,
					  ad + off, a[3].len, a[2].buf,
					  authsize);
		break;
	case AE_ESN_ENC:
		err = authencesn_lib_encrypt(&key, o + off, in + off, len,
					     ad + off, a[3].len, a[2].buf,
					     authsize);
		break;
	default:
		err = authencesn_lib_decrypt(&key, o + off, in + off, len,
					     ad + off, a[3].len, a[2].buf,
					     authsize);
		break;
	}
	if (!err)
		oracle_out(out, o + off, olen);
	else if (memcmp(o + off, canary, olen))
		err = -EFAULT;
	authenc_lib_wipe(&key);
	if (!inplace)
		free(o);
	free(in);
	free(ad);
	free(canary);
	return err;
}

#define AUTHENC_CMD(name, op)						\
static int cmd_##name(int argc, const struct oarg *a, struct oout *out)\
{									\
	return cmd_authenc(argc, a, out, op);				\
}									\
ORACLE_CMD(#name, 8, 8, cmd_##name)

AUTHENC_CMD(authenc_enc, AE_ENC);
AUTHENC_CMD(authenc_dec, AE_DEC);
AUTHENC_CMD(authencesn_enc, AE_ESN_ENC);
AUTHENC_CMD(authencesn_dec, AE_ESN_DEC);

static int cmd_extractkeys(int argc, const struct oarg *a, struct oout *out)
{
	struct authenc_lib_keys keys;
	int err = authenc_lib_extractkeys(&keys, a[0].buf, a[0].len);

	if (err)
		return err;
	oracle_out(out, keys.authkey, keys.authkeylen);
	oracle_out(out, keys.enckey, keys.enckeylen);
	return 0;
}
ORACLE_CMD("authenc_extractkeys", 1, 1, cmd_extractkeys);
