// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for ML-DSA verification.  <alg> is 44, 65 or 87.  Every
 * command answers OK (valid) or ERR <errno> (EBADMSG, EKEYREJECTED, ...).
 *
 *   mldsa_verify <alg> <sig> <msg> <pk>
 *   mldsa_verify_ctx <alg> <sig> <ctx> <msg> <pk>
 *   mldsa_verify_mu <alg> <sig> <mu> <pk>
 *   mldsa_verify_guarded <alg> <sig> <msg> <pk> <sig_len> <pk_len> <where>
 *        each input copied next to an inaccessible page: <where> "end" puts
 *        the last byte of each buffer just before a guard page, "start" the
 *        first byte just after one.  <sig_len>/<pk_len> are the lengths
 *        passed, which may be shorter than the data (truncation) or, with
 *        "end", longer only if the caller wants a crash.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <crypto/mldsa.h>

#include "oracle.h"

static int parse_alg(const struct oarg *a, enum mldsa_alg *alg)
{
	switch (a->num) {
	case 44:
		*alg = MLDSA44;
		return 0;
	case 65:
		*alg = MLDSA65;
		return 0;
	case 87:
		*alg = MLDSA87;
		return 0;
	}
	return -EINVAL;
}

static int cmd_mldsa_verify(int argc, const struct oarg *a, struct oout *out)
{
	enum mldsa_alg alg;

	if (parse_alg(&a[0], &alg))
		return -EINVAL;
	return mldsa_verify(alg, a[1].buf, a[1].len, a[2].buf, a[2].len,
			    a[3].buf, a[3].len);
}
ORACLE_CMD("mldsa_verify", 4, 4, cmd_mldsa_verify);

static int cmd_mldsa_verify_ctx(int argc, const struct oarg *a,
				struct oout *out)
{
	enum mldsa_alg alg;

	if (parse_alg(&a[0], &alg))
		return -EINVAL;
	return mldsa_verify_ctx(alg, a[1].buf, a[1].len, a[2].buf, a[2].len,
				a[3].buf, a[3].len, a[4].buf, a[4].len);
}
ORACLE_CMD("mldsa_verify_ctx", 5, 5, cmd_mldsa_verify_ctx);

static int cmd_mldsa_verify_mu(int argc, const struct oarg *a,
			       struct oout *out)
{
	enum mldsa_alg alg;

	if (parse_alg(&a[0], &alg) || a[2].len != MLDSA_MU_SIZE)
		return -EINVAL;
	return mldsa_verify_mu(alg, a[1].buf, a[1].len, a[2].buf,
			       a[3].buf, a[3].len);
}
ORACLE_CMD("mldsa_verify_mu", 4, 4, cmd_mldsa_verify_mu);

/* A buffer of len bytes against a PROT_NONE page (after it, or before it). */
struct guarded {
	uint8_t *map;
	size_t map_len;
	uint8_t *p;
};

static int guard_alloc(struct guarded *g, const void *data, size_t len,
		       bool at_end)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t span = (len + pg - 1) / pg * pg + pg;

	g->map_len = span + pg;
	g->map = mmap(NULL, g->map_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED)
		return -ENOMEM;
	if (at_end) {
		/* [data ... ][guard] */
		if (mprotect(g->map + span, pg, PROT_NONE))
			return -ENOMEM;
		g->p = g->map + span - len;
	} else {
		/* [guard][data ... ] */
		if (mprotect(g->map, pg, PROT_NONE))
			return -ENOMEM;
		g->p = g->map + pg;
	}
	if (len)
		memcpy(g->p, data, len);
	return 0;
}

static void guard_free(struct guarded *g)
{
	if (g->map && g->map != MAP_FAILED)
		munmap(g->map, g->map_len);
}

static int cmd_mldsa_verify_guarded(int argc, const struct oarg *a,
				    struct oout *out)
{
	struct guarded gs = { 0 }, gm = { 0 }, gp = { 0 };
	enum mldsa_alg alg;
	bool at_end;
	int ret;

	if (parse_alg(&a[0], &alg) || a[4].num < 0 || a[5].num < 0)
		return -EINVAL;
	if ((size_t)a[4].num > a[1].len || (size_t)a[5].num > a[3].len)
		return -EINVAL;	/* never pass a length beyond the data */
	at_end = strcmp(a[6].text, "end") == 0;
	ret = guard_alloc(&gs, a[1].buf, a[4].num, at_end);
	if (!ret)
		ret = guard_alloc(&gm, a[2].buf, a[2].len, at_end);
	if (!ret)
		ret = guard_alloc(&gp, a[3].buf, a[5].num, at_end);
	if (!ret)
		ret = mldsa_verify(alg, gs.p, a[4].num, gm.p, a[2].len,
				   gp.p, a[5].num);
	guard_free(&gs);
	guard_free(&gm);
	guard_free(&gp);
	return ret;
}
ORACLE_CMD("mldsa_verify_guarded", 7, 7, cmd_mldsa_verify_guarded);
