// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for SHA-3, SHAKE and HMAC-SHA3.
 *
 *   sha3_256 <msg>                        one-shot digest (also 224/384/512)
 *   sha3_256_parts <part> <part> ...      init + one update per part + final
 *   shake128 <msg> <outlen>               one-shot XOF (also shake256)
 *   shake128_parts <nparts> <part>... <outlen>...
 *        init, one update per absorb part, then one squeeze per length; the
 *        output is the concatenation of the squeezes.
 *   hmac_sha3_256 <key> <msg>             prepared key, one shot
 *   hmac_sha3_256_raw <key> <msg>         hmac_sha3_256_usingrawkey()
 *   hmac_sha3_256_parts <key> <part>...   init_usingrawkey, incremental
 *   hmac_sha3_256_prep_parts <key> <part>...  prepared key, incremental
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/sha3.h>

#include "oracle.h"

#define DEFINE_SHA3_CMDS(bits)							\
static int cmd_sha3_##bits(int argc, const struct oarg *a, struct oout *out)	\
{										\
	u8 d[SHA3_##bits##_DIGEST_SIZE];					\
										\
	sha3_##bits(a[0].buf, a[0].len, d);					\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("sha3_" #bits, 1, 1, cmd_sha3_##bits);				\
										\
static int cmd_sha3_##bits##_parts(int argc, const struct oarg *a,		\
				   struct oout *out)				\
{										\
	struct sha3_ctx ctx;							\
	u8 d[SHA3_##bits##_DIGEST_SIZE];					\
										\
	sha3_##bits##_init(&ctx);						\
	for (int i = 0; i < argc; i++)						\
		sha3_update(&ctx, a[i].buf, a[i].len);				\
	sha3_final(&ctx, d);							\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("sha3_" #bits "_parts", 0, -1, cmd_sha3_##bits##_parts);		\
										\
static int cmd_hmac_sha3_##bits(int argc, const struct oarg *a,		\
				struct oout *out)				\
{										\
	struct hmac_sha3_##bits##_key key;					\
	u8 d[SHA3_##bits##_DIGEST_SIZE];					\
										\
	hmac_sha3_##bits##_preparekey(&key, a[0].buf, a[0].len);		\
	hmac_sha3_##bits(&key, a[1].buf, a[1].len, d);				\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("hmac_sha3_" #bits, 2, 2, cmd_hmac_sha3_##bits);			\
										\
static int cmd_hmac_sha3_##bits##_raw(int argc, const struct oarg *a,		\
				      struct oout *out)				\
{										\
	u8 d[SHA3_##bits##_DIGEST_SIZE];					\
										\
	hmac_sha3_##bits##_usingrawkey(a[0].buf, a[0].len, a[1].buf,		\
				       a[1].len, d);				\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("hmac_sha3_" #bits "_raw", 2, 2, cmd_hmac_sha3_##bits##_raw);	\
										\
static int cmd_hmac_sha3_##bits##_parts(int argc, const struct oarg *a,	\
					struct oout *out)			\
{										\
	struct hmac_sha3_##bits##_ctx ctx;					\
	u8 d[SHA3_##bits##_DIGEST_SIZE];					\
										\
	hmac_sha3_##bits##_init_usingrawkey(&ctx, a[0].buf, a[0].len);		\
	for (int i = 1; i < argc; i++)						\
		hmac_sha3_##bits##_update(&ctx, a[i].buf, a[i].len);		\
	hmac_sha3_##bits##_final(&ctx, d);					\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("hmac_sha3_" #bits "_parts", 1, -1, cmd_hmac_sha3_##bits##_parts); \
										\
static int cmd_hmac_sha3_##bits##_prep_parts(int argc, const struct oarg *a,	\
					     struct oout *out)			\
{										\
	struct hmac_sha3_##bits##_key key;					\
	struct hmac_sha3_##bits##_ctx ctx;					\
	u8 d[SHA3_##bits##_DIGEST_SIZE];					\
										\
	hmac_sha3_##bits##_preparekey(&key, a[0].buf, a[0].len);		\
	hmac_sha3_##bits##_init(&ctx, &key);					\
	for (int i = 1; i < argc; i++)						\
		hmac_sha3_##bits##_update(&ctx, a[i].buf, a[i].len);		\
	hmac_sha3_##bits##_final(&ctx, d);					\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("hmac_sha3_" #bits "_prep_parts", 1, -1,				\
	   cmd_hmac_sha3_##bits##_prep_parts)

DEFINE_SHA3_CMDS(224);
DEFINE_SHA3_CMDS(256);
DEFINE_SHA3_CMDS(384);
DEFINE_SHA3_CMDS(512);

/* Output goes to an exact-size heap buffer so ASan sees any overrun. */
static int shake_oneshot(void (*fn)(const u8 *, size_t, u8 *, size_t),
			 int argc, const struct oarg *a, struct oout *out)
{
	u8 *d;

	if (a[1].num < 0)
		return -EINVAL;
	d = malloc(a[1].num ? a[1].num : 1);
	if (!d)
		return -ENOMEM;
	fn(a[0].buf, a[0].len, d, a[1].num);
	oracle_out(out, d, a[1].num);
	free(d);
	return 0;
}

static int cmd_shake128(int argc, const struct oarg *a, struct oout *out)
{
	return shake_oneshot(shake128, argc, a, out);
}
ORACLE_CMD("shake128", 2, 2, cmd_shake128);

static int cmd_shake256(int argc, const struct oarg *a, struct oout *out)
{
	return shake_oneshot(shake256, argc, a, out);
}
ORACLE_CMD("shake256", 2, 2, cmd_shake256);

static int shake_parts(void (*init)(struct shake_ctx *), int argc,
		       const struct oarg *a, struct oout *out)
{
	struct shake_ctx ctx;
	long long nparts = a[0].num, total = 0;
	u8 *d, *p;
	int i;

	if (nparts < 0 || nparts > argc - 1)
		return -EINVAL;
	for (i = 1 + nparts; i < argc; i++) {
		if (a[i].num < 0)
			return -EINVAL;
		total += a[i].num;
	}
	d = malloc(total ? total : 1);
	if (!d)
		return -ENOMEM;
	init(&ctx);
	for (i = 1; i <= nparts; i++)
		shake_update(&ctx, a[i].buf, a[i].len);
	p = d;
	for (i = 1 + nparts; i < argc; i++) {
		/* Each squeeze into its own exact-size buffer, then copy. */
		u8 *chunk = malloc(a[i].num ? a[i].num : 1);

		if (!chunk) {
			free(d);
			return -ENOMEM;
		}
		shake_squeeze(&ctx, chunk, a[i].num);
		memcpy(p, chunk, a[i].num);
		p += a[i].num;
		free(chunk);
	}
	shake_zeroize_ctx(&ctx);
	oracle_out(out, d, total);
	free(d);
	return 0;
}

static int cmd_shake128_parts(int argc, const struct oarg *a, struct oout *out)
{
	return shake_parts(shake128_init, argc, a, out);
}
ORACLE_CMD("shake128_parts", 1, -1, cmd_shake128_parts);

static int cmd_shake256_parts(int argc, const struct oarg *a, struct oout *out)
{
	return shake_parts(shake256_init, argc, a, out);
}
ORACLE_CMD("shake256_parts", 1, -1, cmd_shake256_parts);
