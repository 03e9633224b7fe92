/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Oracle commands shared by every hash family with the mainline library
 * shape (<alg>_init/update/final, <alg>(), hmac_<alg>_*).  For an algorithm
 * "alg" with digest size SIZE:
 *
 *   DEFINE_HASH_CMDS(alg, SIZE) = DEFINE_HASH_BASIC_CMDS + _EXTRA_CMDS
 *   (the extra commands use a helper of the basic ones):
 *   basic:
 *     alg <msg>                          one-shot digest
 *     alg_parts <part> <part> ...        init + one update per part + final
 *     hmac_alg <key> <msg>               prepared key, one shot
 *     hmac_alg_raw <key> <msg>           hmac_alg_usingrawkey()
 *     hmac_alg_parts <key> <part>...     prepared key, init + updates + final
 *   extra:
 *     alg_zero                           alg_zero_message_hash[]
 *     hmac_alg_rawinit_parts <key> <part>...
 *                                        hmac_alg_init_usingrawkey() + updates
 *
 *   DEFINE_HASH_KAT_CMDS(alg, SIZE):
 *     alg_repeat <content> <count>       digest of <content> repeated <count>
 *                                        times, fed through incremental
 *                                        updates without materialising it
 *                                        (ACVP large-data tests)
 *     alg_mct <standard|alternate> <seed>
 *                                        the ACVP SHA-1/SHA-2 Monte Carlo
 *                                        test: 100 chained digests
 */
#ifndef KC_ORACLE_HASH_H
#define KC_ORACLE_HASH_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

#define DEFINE_HASH_CMDS(alg, SIZE)						\
	DEFINE_HASH_BASIC_CMDS(alg, SIZE);					\
	DEFINE_HASH_EXTRA_CMDS(alg, SIZE)

#define DEFINE_HASH_BASIC_CMDS(alg, SIZE)					\
static int cmd_##alg(int argc, const struct oarg *a, struct oout *out)		\
{										\
	u8 d[SIZE];								\
										\
	alg(a[0].buf, a[0].len, d);						\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD(#alg, 1, 1, cmd_##alg);						\
										\
static int cmd_##alg##_parts(int argc, const struct oarg *a, struct oout *out)	\
{										\
	struct alg##_ctx ctx;							\
	u8 d[SIZE];								\
										\
	alg##_init(&ctx);							\
	for (int i = 0; i < argc; i++)						\
		alg##_update(&ctx, a[i].buf, a[i].len);				\
	alg##_final(&ctx, d);							\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD(#alg "_parts", 0, -1, cmd_##alg##_parts);				\
										\
static int cmd_hmac_##alg(int argc, const struct oarg *a, struct oout *out)	\
{										\
	struct hmac_##alg##_key key;						\
	u8 d[SIZE];								\
										\
	hmac_##alg##_preparekey(&key, a[0].buf, a[0].len);			\
	hmac_##alg(&key, a[1].buf, a[1].len, d);				\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("hmac_" #alg, 2, 2, cmd_hmac_##alg);					\
										\
static int cmd_hmac_##alg##_raw(int argc, const struct oarg *a,			\
				struct oout *out)				\
{										\
	u8 d[SIZE];								\
										\
	hmac_##alg##_usingrawkey(a[0].buf, a[0].len, a[1].buf, a[1].len, d);	\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD("hmac_" #alg "_raw", 2, 2, cmd_hmac_##alg##_raw);			\
										\
/* the key is a[0]; every later argument is one update */		\
static int hmac_##alg##_update_parts(struct hmac_##alg##_ctx *ctx, int argc,	\
				     const struct oarg *a, struct oout *out)	\
{										\
	u8 d[SIZE];								\
										\
	for (int i = 1; i < argc; i++)						\
		hmac_##alg##_update(ctx, a[i].buf, a[i].len);			\
	hmac_##alg##_final(ctx, d);						\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
										\
static int cmd_hmac_##alg##_parts(int argc, const struct oarg *a,		\
				  struct oout *out)				\
{										\
	struct hmac_##alg##_key key;						\
	struct hmac_##alg##_ctx ctx;						\
										\
	hmac_##alg##_preparekey(&key, a[0].buf, a[0].len);			\
	hmac_##alg##_init(&ctx, &key);						\
	return hmac_##alg##_update_parts(&ctx, argc, a, out);			\
}										\
ORACLE_CMD("hmac_" #alg "_parts", 1, -1, cmd_hmac_##alg##_parts)

#define DEFINE_HASH_EXTRA_CMDS(alg, SIZE)					\
static int cmd_##alg##_zero(int argc, const struct oarg *a, struct oout *out)	\
{										\
	oracle_out(out, alg##_zero_message_hash, SIZE);				\
	return 0;								\
}										\
ORACLE_CMD(#alg "_zero", 0, 0, cmd_##alg##_zero);				\
										\
static int cmd_hmac_##alg##_rawinit_parts(int argc, const struct oarg *a,	\
					  struct oout *out)			\
{										\
	struct hmac_##alg##_ctx ctx;						\
										\
	hmac_##alg##_init_usingrawkey(&ctx, a[0].buf, a[0].len);		\
	return hmac_##alg##_update_parts(&ctx, argc, a, out);			\
}										\
ORACLE_CMD("hmac_" #alg "_rawinit_parts", 1, -1,				\
	   cmd_hmac_##alg##_rawinit_parts)

/* Chunk for the large-data command: content repeated to ~1 MiB. */
#define ORACLE_REPEAT_CHUNK	(1 << 20)

#define DEFINE_HASH_KAT_CMDS(alg, SIZE)						\
static int cmd_##alg##_repeat(int argc, const struct oarg *a,			\
			      struct oout *out)					\
{										\
	unsigned long long count = (unsigned long long)a[1].num;		\
	size_t reps, chunk_len;							\
	struct alg##_ctx ctx;							\
	u8 d[SIZE], *chunk;							\
										\
	if (!a[0].len || a[1].num < 0)						\
		return -EINVAL;							\
	reps = ORACLE_REPEAT_CHUNK / a[0].len;					\
	if (!reps)								\
		reps = 1;							\
	chunk_len = reps * a[0].len;						\
	chunk = malloc(chunk_len);						\
	if (!chunk)								\
		return -ENOMEM;							\
	for (size_t i = 0; i < reps; i++)					\
		memcpy(chunk + i * a[0].len, a[0].buf, a[0].len);		\
	alg##_init(&ctx);							\
	for (; count >= reps; count -= reps)					\
		alg##_update(&ctx, chunk, chunk_len);				\
	while (count--)								\
		alg##_update(&ctx, a[0].buf, a[0].len);				\
	alg##_final(&ctx, d);							\
	free(chunk);								\
	oracle_out(out, d, sizeof(d));						\
	return 0;								\
}										\
ORACLE_CMD(#alg "_repeat", 2, 2, cmd_##alg##_repeat);				\
										\
static int cmd_##alg##_mct(int argc, const struct oarg *a, struct oout *out)	\
{										\
	return oracle_mct(a, out, SIZE, alg);					\
}										\
ORACLE_CMD(#alg "_mct", 2, 2, cmd_##alg##_mct)

/*
 * ACVP SHA-1/SHA-2 Monte Carlo test.  For j in 0..99: A = B = C = SEED;
 * 1000 times { M = A || B || C; MD = H(M); A = B; B = C; C = MD }; output
 * MD; SEED = MD.  The "alternate" version (for implementations that only
 * take some message lengths) truncates M, or pads it with zero bytes, to
 * the length of the initial seed.  "standard" needs a digest-sized seed.
 */
static inline int oracle_mct(const struct oarg *a, struct oout *out,
			     size_t dsize,
			     void (*hash)(const u8 *, size_t, u8 *))
{
	size_t slen = a[1].len, cap, mlen, len[3];
	u8 *mem, *win[3], *msg, *seed, md[64];
	bool alternate;

	if (strcmp(a[0].text, "alternate") == 0)
		alternate = true;
	else if (strcmp(a[0].text, "standard") == 0)
		alternate = false;
	else
		return -EINVAL;
	if (!slen || dsize > sizeof(md) || (!alternate && slen != dsize))
		return -EINVAL;
	cap = slen > dsize ? slen : dsize;
	mlen = alternate ? slen : 3 * dsize;
	mem = malloc(5 * cap);		/* A, B, C, seed; msg needs 3 * cap */
	msg = malloc(3 * cap);
	if (!mem || !msg) {
		free(mem);
		free(msg);
		return -ENOMEM;
	}
	for (int k = 0; k < 3; k++)
		win[k] = mem + k * cap;
	seed = mem + 3 * cap;
	memcpy(seed, a[1].buf, slen);

	for (int j = 0; j < 100; j++) {
		for (int k = 0; k < 3; k++) {
			memcpy(win[k], seed, slen);
			len[k] = slen;
		}
		for (int i = 0; i < 1000; i++) {
			size_t n = 0;
			u8 *oldest = win[0];

			for (int k = 0; k < 3; k++) {
				memcpy(msg + n, win[k], len[k]);
				n += len[k];
			}
			if (n < mlen)
				memset(msg + n, 0, mlen - n);
			hash(msg, mlen, md);
			win[0] = win[1];
			len[0] = len[1];
			win[1] = win[2];
			len[1] = len[2];
			win[2] = oldest;
			memcpy(win[2], md, dsize);
			len[2] = dsize;
		}
		oracle_out(out, md, dsize);
		memcpy(seed, md, dsize);
		slen = dsize;
	}
	free(mem);
	free(msg);
	return 0;
}

#endif
