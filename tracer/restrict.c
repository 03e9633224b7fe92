// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace loader: crypto.af_alg_restrict's allowlists (mainline's,
 * with the cryptsetup keyslot ciphers; the kernel series carries the same
 * table in crypto/af_alg_restrict.c, and tests/tracer/test_allowlist.py
 * fails when the two differ).
 *
 * Used only where the kernel does not give its own verdict: without the
 * series' af_alg_bind tracepoint, a bind that failed with ENOENT was
 * refused by the restriction when the level at the time was 1 or 2 and the
 * name is not on its type's list, or is a privileged entry and the caller
 * held neither CAP_NET_ADMIN nor CAP_SYS_ADMIN in the initial user
 * namespace; otherwise the kernel does not have the name.
 */
#include <stdlib.h>
#include <string.h>

#include "afalg-trace.h"
#include "restrict.h"

struct allowed {
	const char *type;
	const char *name;
	bool privileged;
};

static const struct allowed allowlists[] = {
	{ "hash", "sha1", false },
	{ "hash", "cmac(aes)", true },
	{ "hash", "hmac(md5)", true },
	{ "hash", "hmac(sha1)", true },
	{ "hash", "hmac(sha224)", true },
	{ "hash", "hmac(sha256)", true },
	{ "hash", "hmac(sha384)", true },
	{ "hash", "hmac(sha512)", true },
	{ "hash", "md4", true },
	{ "hash", "md5", true },
	{ "hash", "sha224", true },
	{ "hash", "sha256", true },
	{ "hash", "sha384", true },
	{ "hash", "sha512", true },
	{ "skcipher", "adiantum(xchacha12,aes)", false },
	{ "skcipher", "adiantum(xchacha20,aes)", false },
	{ "skcipher", "hctr2(aes)", false },
	{ "skcipher", "xts(aes)", false },
	{ "skcipher", "xts(camellia)", false },
	{ "skcipher", "xts(serpent)", false },
	{ "skcipher", "xts(twofish)", false },
	{ "skcipher", "cbc(aes)", true },
	{ "skcipher", "cbc(des)", true },
	{ "skcipher", "cbc(des3_ede)", true },
	{ "skcipher", "ctr(aes)", true },
	{ "skcipher", "ecb(aes)", true },
	{ "skcipher", "ecb(des)", true },
	{ "aead", "ccm(aes)", true },
	/* rng: an empty list, every name is refused */
};

/* The types that have a list (an empty one included). */
static const char *const listed_types[] = { "hash", "skcipher", "aead", "rng" };

#define N(a) (sizeof(a) / sizeof((a)[0]))

bool restrict_refuses(int level, const char *type, const char *name, bool privileged)
{
	if (level < 1 || !type || !name)
		return false;
	/* the kernel compares with strcmp(): exact names only */
	for (size_t i = 0; i < N(allowlists); i++)
		if (!strcmp(type, allowlists[i].type) && !strcmp(name, allowlists[i].name))
			return allowlists[i].privileged && !privileged;
	return true;
}

bool restrict_enoent_denied(int reason, const char *type, const char *name, bool privileged)
{
	switch (reason) {
	case C_BIND_DENIED:
		return true;
	case C_BIND_ENOENT_L1:
		return restrict_refuses(1, type, name, privileged);
	case C_BIND_ENOENT_L2:
		return restrict_refuses(2, type, name, privileged);
	}
	return false;	/* the series said no, level 0, or no knob */
}

/* /proc/crypto's (type, name) and (type, driver) pairs */
static struct crypto_alg {
	char type[32], name[128];
} *proc_algs;
static size_t nproc_algs;
static bool proc_read;

static void add_alg(const char *type, const char *name)
{
	struct crypto_alg *n = realloc(proc_algs, (nproc_algs + 1) * sizeof(*n));

	if (!n)
		return;
	proc_algs = n;
	snprintf(n[nproc_algs].type, sizeof(n->type), "%s", type);
	snprintf(n[nproc_algs].name, sizeof(n->name), "%s", name);
	nproc_algs++;
}

/* One stanza per algorithm: name, driver, ..., type; blank line between. */
static void read_proc_crypto(void)
{
	char line[256], name[128] = "", driver[128] = "", type[32] = "", v[128];
	FILE *f = fopen("/proc/crypto", "r");

	proc_read = true;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "name : %127s", v) == 1)
			snprintf(name, sizeof(name), "%s", v);
		else if (sscanf(line, "driver : %127s", v) == 1)
			snprintf(driver, sizeof(driver), "%s", v);
		else if (sscanf(line, "type : %31s", v) == 1)
			snprintf(type, sizeof(type), "%.31s", v);
		else if (line[0] == '\n' && type[0]) {
			add_alg(type, name);
			add_alg(type, driver);
			name[0] = driver[0] = type[0] = 0;
		}
	}
	if (type[0]) {
		add_alg(type, name);
		add_alg(type, driver);
	}
	fclose(f);
}

/* The /proc/crypto types an AF_ALG socket type binds. */
static bool type_serves(const char *sock_type, const char *crypto_type)
{
	if (!strcmp(sock_type, "hash"))
		return !strcmp(crypto_type, "shash") || !strcmp(crypto_type, "ahash");
	if (!strcmp(sock_type, "skcipher"))
		return !strcmp(crypto_type, "skcipher") || !strcmp(crypto_type, "lskcipher");
	return !strcmp(sock_type, crypto_type);	/* aead, rng */
}

bool proc_crypto_has(const char *type, const char *name)
{
	if (!type || !name)
		return false;
	if (!proc_read)
		read_proc_crypto();
	for (size_t i = 0; i < nproc_algs; i++)
		if (!strcmp(proc_algs[i].name, name) && type_serves(type, proc_algs[i].type))
			return true;
	return false;
}

void restrict_print_allowlists(FILE *f)
{
	fputc('{', f);
	for (size_t t = 0; t < N(listed_types); t++) {
		int n = 0;

		fprintf(f, "%s\"%s\":{", t ? "," : "", listed_types[t]);
		for (size_t i = 0; i < N(allowlists); i++) {
			if (strcmp(allowlists[i].type, listed_types[t]))
				continue;
			fprintf(f, "%s\"%s\":\"%s\"", n++ ? "," : "", allowlists[i].name,
				allowlists[i].privileged ? "privileged" : "any");
		}
		fputc('}', f);
	}
	fputs("}\n", f);
}
