// SPDX-License-Identifier: GPL-2.0
/*
 * Oracle commands for the SP 800-90A DRBG library.
 *
 *   drbg <core> <pr> <entropy> <pers> <outlen> <addtlA> <entprA> <addtlB> <entprB>
 *        instantiate, generate twice -> out1 out2
 *        core: hmac_sha256 | hmac_sha384 | hmac_sha512 | ctr_aes128 |
 *        ctr_aes192 | ctr_aes256 | sha256 | sha384 | sha512 | stdrng; "-" for empty strings; with pr
 *        and an empty entpr the library draws from get_random_bytes()
 *   drbg_seeded <core> <pr> <pers> <outlen> <n>
 *        drbg_lib_seed() (getrandom) then n requests -> n outputs
 *   drbg_long <core> <entropy> <outlen>
 *        instantiate (no pr), drbg_lib_generate_long() -> output
 *   drbg_errors <core>
 *        -> one byte per misuse case, the negated return value:
 *        generate before instantiate, out_len 0, out_len 65537,
 *        empty entropy, reseed before instantiate, unknown core,
 *        generate after uninstantiate
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/drbg-lib.h>

#include "oracle.h"

static int parse_core(const struct oarg *a, enum drbg_lib_core *core)
{
	if (!strcmp(a->text, "hmac_sha256"))
		*core = DRBG_LIB_HMAC_SHA256;
	else if (!strcmp(a->text, "ctr_aes256"))
		*core = DRBG_LIB_CTR_AES256;
	else if (!strcmp(a->text, "hmac_sha384"))
		*core = DRBG_LIB_HMAC_SHA384;
	else if (!strcmp(a->text, "hmac_sha512"))
		*core = DRBG_LIB_HMAC_SHA512;
	else if (!strcmp(a->text, "ctr_aes128"))
		*core = DRBG_LIB_CTR_AES128;
	else if (!strcmp(a->text, "ctr_aes192"))
		*core = DRBG_LIB_CTR_AES192;
	else if (!strcmp(a->text, "sha256"))
		*core = DRBG_LIB_HASH_SHA256;
	else if (!strcmp(a->text, "sha384"))
		*core = DRBG_LIB_HASH_SHA384;
	else if (!strcmp(a->text, "sha512"))
		*core = DRBG_LIB_HASH_SHA512;
	else if (!strcmp(a->text, "stdrng"))
		*core = DRBG_LIB_STDRNG_CORE;
	else
		return -EINVAL;
	return 0;
}

static int cmd_drbg(int argc, const struct oarg *a, struct oout *out)
{
	struct drbg_lib_state st;
	enum drbg_lib_core core;
	size_t n = a[4].num;
	u8 *buf;
	int err;

	if (parse_core(&a[0], &core) || a[4].num <= 0 || n > 4096)
		return -EINVAL;
	err = drbg_lib_instantiate(&st, core, a[1].num == 1, a[2].buf,
				   a[2].len, a[3].buf, a[3].len);
	if (err)
		return err;
	buf = malloc(n);
	for (int i = 0; i < 2; i++) {
		const struct oarg *ad = &a[5 + 2 * i], *ent = &a[6 + 2 * i];

		err = drbg_lib_generate(&st, buf, n, ad->buf, ad->len,
					ent->len ? ent->buf : NULL, ent->len);
		if (err)
			break;
		oracle_out(out, buf, n);
	}
	drbg_lib_uninstantiate(&st);
	free(buf);
	return err;
}
ORACLE_CMD("drbg", 9, 9, cmd_drbg);

static int cmd_drbg_seeded(int argc, const struct oarg *a, struct oout *out)
{
	struct drbg_lib_state st;
	enum drbg_lib_core core;
	size_t n = a[3].num;
	u8 *buf;
	int err;

	if (parse_core(&a[0], &core) || a[3].num <= 0 || n > 4096 ||
	    a[4].num < 0)
		return -EINVAL;
	err = drbg_lib_seed(&st, core, a[1].num == 1, a[2].buf, a[2].len);
	if (err)
		return err;
	buf = malloc(n);
	for (int i = 0; i < a[4].num && !err; i++) {
		err = drbg_lib_generate(&st, buf, n, NULL, 0, NULL, 0);
		if (!err)
			oracle_out(out, buf, n);
	}
	drbg_lib_uninstantiate(&st);
	free(buf);
	return err;
}
ORACLE_CMD("drbg_seeded", 5, 5, cmd_drbg_seeded);

static int cmd_drbg_long(int argc, const struct oarg *a, struct oout *out)
{
	struct drbg_lib_state st;
	enum drbg_lib_core core;
	size_t n = a[2].num;
	u8 *buf;
	int err;

	if (parse_core(&a[0], &core) || a[2].num <= 0 || n > (1 << 20))
		return -EINVAL;
	err = drbg_lib_instantiate(&st, core, false, a[1].buf, a[1].len,
				   NULL, 0);
	if (err)
		return err;
	buf = malloc(n);
	err = drbg_lib_generate_long(&st, buf, n, NULL, 0);
	if (!err)
		oracle_out(out, buf, n);
	free(buf);
	return err;
}
ORACLE_CMD("drbg_long", 3, 3, cmd_drbg_long);

static int cmd_drbg_errors(int argc, const struct oarg *a, struct oout *out)
{
	static const u8 ent[48] = { 1 };
	struct drbg_lib_state st;
	enum drbg_lib_core core;
	u8 r[7], buf[65537];

	if (parse_core(&a[0], &core))
		return -EINVAL;
	memset(&st, 0, sizeof(st));
	r[0] = -drbg_lib_generate(&st, buf, 16, NULL, 0, NULL, 0);
	drbg_lib_instantiate(&st, core, false, ent, sizeof(ent), NULL, 0);
	r[1] = -drbg_lib_generate(&st, buf, 0, NULL, 0, NULL, 0);
	r[2] = -drbg_lib_generate(&st, buf, 65537, NULL, 0, NULL, 0);
	r[3] = -drbg_lib_instantiate(&st, core, false, ent, 0, NULL, 0);
	memset(&st, 0, sizeof(st));
	r[4] = -drbg_lib_reseed(&st, ent, sizeof(ent), NULL, 0);
	r[5] = -drbg_lib_instantiate(&st, DRBG_LIB_NR_CORES, false, ent,
				     sizeof(ent), NULL, 0);
	drbg_lib_instantiate(&st, core, false, ent, sizeof(ent), NULL, 0);
	drbg_lib_uninstantiate(&st);
	r[6] = -drbg_lib_generate(&st, buf, 16, NULL, 0, NULL, 0);
	oracle_out(out, r, sizeof(r));
	return 0;
}
ORACLE_CMD("drbg_errors", 1, 1, cmd_drbg_errors);
