// SPDX-License-Identifier: GPL-2.0
/*
 * Algorithm names as the kernel resolves them.
 *
 * crypto_alloc_*() accepts a cra_name ("cbc(aes)"), a driver name
 * ("cbc(aes-generic)", "sha256-ni"), or a template name whose parameters
 * are themselves resolved the same way ("rfc4106(gcm_base(ctr(aes-generic),
 * ghash-generic))").  Template and parameter names consist of
 * [A-Za-z0-9_-] (crypto/algboss.c cryptomgr_schedule_probe()).
 *
 * Here every name is reduced to one canonical cra_name: leaves through the
 * driver-name aliases below, templates by canonicalising their parameters
 * (gcm_base/ccm_base become gcm/ccm).  The canonical name is then looked up
 * in the adapters' tables (AFS_ALG_FAMILY()), which only list what
 * libkcrypto implements;
 * anything else is ENOENT at bind(), as on a kernel without the algorithm.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "alg.h"

#define MAX_NAME 128

/* Driver names of whole algorithms that are not "<leaf>-<suffix>". */
static const struct {
	const char *driver;
	const char *name;
} driver_aliases[] = {
	{ "ecb-aes-aesni", "ecb(aes)" },
	{ "cbc-aes-aesni", "cbc(aes)" },
	{ "ctr-aes-aesni", "ctr(aes)" },
	{ "xts-aes-aesni", "xts(aes)" },
	{ "xts-aes-aesni-avx", "xts(aes)" },
	{ "xts-aes-vaes-avx2", "xts(aes)" },
	{ "xts-aes-vaes-avx10_256", "xts(aes)" },
	{ "xts-aes-vaes-avx10_512", "xts(aes)" },
	{ "ctr-aes-aesni-avx", "ctr(aes)" },
	{ "generic-gcm-aesni", "gcm(aes)" },
	{ "generic-gcm-aesni-avx", "gcm(aes)" },
	{ "generic-gcm-vaes-avx10_256", "gcm(aes)" },
	{ "generic-gcm-vaes-avx10_512", "gcm(aes)" },
	{ "rfc4106-gcm-aesni", "rfc4106(gcm(aes))" },
	{ "rfc4106-gcm-aesni-avx", "rfc4106(gcm(aes))" },
	{ "rfc4106-gcm-vaes-avx10_256", "rfc4106(gcm(aes))" },
	{ "rfc4106-gcm-vaes-avx10_512", "rfc4106(gcm(aes))" },
	{ "ghash-clmulni", "ghash" },
	{ "crc32c-intel", "crc32c" },
	{ "crc32-pclmul", "crc32" },
	{ "cbc-aes-ce", "cbc(aes)" },
	{ "ecb-aes-ce", "ecb(aes)" },
	{ "ctr-aes-ce", "ctr(aes)" },
	{ "xts-aes-ce", "xts(aes)" },
	{ "gcm-aes-ce", "gcm(aes)" },
	{ "ccm-aes-ce", "ccm(aes)" },
	{ "cmac-aes-ce", "cmac(aes)" },
	{ "xcbc-aes-ce", "xcbc(aes)" },
	{ "rfc7539-chacha20-poly1305", "rfc7539(chacha20,poly1305)" },
	{ "xctr-aes-aesni", "xctr(aes)" },
	{ "xctr-aes-ce", "xctr(aes)" },
	{ "polyval-clmulni", "polyval" },
	{ "polyval-ce", "polyval" },
	/* x86 drivers of the block128 ciphers (arch/x86/crypto/ glue files) */
	{ "ecb-serpent-avx2", "ecb(serpent)" },
	{ "cbc-serpent-avx2", "cbc(serpent)" },
	{ "ecb-serpent-avx", "ecb(serpent)" },
	{ "cbc-serpent-avx", "cbc(serpent)" },
	{ "ecb-serpent-sse2", "ecb(serpent)" },
	{ "cbc-serpent-sse2", "cbc(serpent)" },
	{ "ecb-twofish-avx", "ecb(twofish)" },
	{ "cbc-twofish-avx", "cbc(twofish)" },
	{ "ecb-twofish-3way", "ecb(twofish)" },
	{ "cbc-twofish-3way", "cbc(twofish)" },
	{ "ecb-camellia-aesni-avx2", "ecb(camellia)" },
	{ "cbc-camellia-aesni-avx2", "cbc(camellia)" },
	{ "ecb-camellia-aesni", "ecb(camellia)" },
	{ "cbc-camellia-aesni", "cbc(camellia)" },
	{ "ecb-camellia-asm", "ecb(camellia)" },
	{ "cbc-camellia-asm", "cbc(camellia)" },
};

/* Suffixes of leaf driver names: "sha256-generic", "aes-aesni", ... */
static const char *const driver_suffixes[] = {
	"-generic", "-lib", "-ni", "-avx2", "-avx", "-ssse3", "-aesni",
	"-x86_64", "-asm", "-ce", "-neon", "-arm64", "-simd", "-clmul",
	"-zvknha_or_zvknhb", "-intel", "-pclmul", "-sha-ni", "-sse2",
};

/* The families' tables, registered with AFS_ALG_FAMILY() (alg-*.c). */
extern const struct afs_alg *const __start_afs_alg_families[] AFS_HIDDEN;
extern const struct afs_alg *const __stop_afs_alg_families[] AFS_HIDDEN;

#define for_each_alg(t, a)						\
	for (t = __start_afs_alg_families; t < __stop_afs_alg_families; t++) \
		for (a = *t; a->name; a++)

/*
 * Exact match of a cra_name (or a driver name) in the tables; of several
 * implementations of one cra_name ("stdrng") the highest priority wins, as
 * in crypto_alg_lookup().
 */
static const struct afs_alg *find(const char *name, bool driver, int type)
{
	const struct afs_alg *const *t;
	const struct afs_alg *a, *best = NULL;

	for_each_alg(t, a) {
		if (type >= 0 && a->type != (enum afs_type)type)
			continue;
		if (strcmp(driver ? a->driver : a->name, name))
			continue;
		if (!best || a->priority > best->priority)
			best = a;
	}
	return best;
}

static bool known_name(const char *name)
{
	return find(name, false, -1) || !strcmp(name, "aes") ||
	       !strcmp(name, "ghash") || !strcmp(name, "des") ||
	       !strcmp(name, "des3_ede") || !strcmp(name, "chacha20") ||
	       !strcmp(name, "xchacha20") || !strcmp(name, "poly1305") ||
	       !strcmp(name, "cbcmac(aes)") || !strcmp(name, "cipher_null") ||
	       !strcmp(name, "ecb(cipher_null)") ||
	       !strcmp(name, "serpent") || !strcmp(name, "twofish") ||
	       !strcmp(name, "camellia") || !strcmp(name, "nhpoly1305");
}

static size_t strlcpy_(char *d, const char *s, size_t n)
{
	size_t l = strlen(s);

	if (n) {
		size_t c = l < n - 1 ? l : n - 1;

		memcpy(d, s, c);
		d[c] = 0;
	}
	return l;
}

/* A leaf (no parentheses): a cra_name, a driver name, or an alias. */
static bool canon_leaf(const char *in, char *out)
{
	const struct afs_alg *a;
	size_t i, l = strlen(in), sl;
	char base[MAX_NAME];

	if (!l || l >= MAX_NAME)
		return false;
	for (i = 0; i < l; i++)
		if (!isalnum((unsigned char)in[i]) && in[i] != '-' &&
		    in[i] != '_')
			return false;
	if (known_name(in)) {
		strlcpy_(out, in, MAX_NAME);
		return true;
	}
	a = find(in, true, -1);
	if (a) {
		strlcpy_(out, a->name, MAX_NAME);
		return true;
	}
	for (i = 0; i < sizeof(driver_aliases) / sizeof(driver_aliases[0]);
	     i++)
		if (!strcmp(in, driver_aliases[i].driver)) {
			strlcpy_(out, driver_aliases[i].name, MAX_NAME);
			return true;
		}
	for (i = 0; i < sizeof(driver_suffixes) / sizeof(driver_suffixes[0]);
	     i++) {
		sl = strlen(driver_suffixes[i]);
		if (l > sl && !strcmp(in + l - sl, driver_suffixes[i])) {
			memcpy(base, in, l - sl);
			base[l - sl] = 0;
			if (known_name(base)) {
				strlcpy_(out, base, MAX_NAME);
				return true;
			}
		}
	}
	return false;
}

/*
 * crypto/xts.c builds xts(P) on the skcipher P, or on ecb(P) when P is a
 * bare cipher, and names the instance after ecb(X): cra_name xts(X),
 * driver name xts(<driver name of ecb(X)>).  The larval of the name bound
 * is satisfied only when one of the two equals it, so of the forms over a
 * leaf L only xts(<cra_name>) ("xts(aes)") and xts(ecb(<driver name>))
 * ("xts(ecb(aes-generic))") bind; xts(aes-generic) or xts(ecb(aes))
 * register an instance under other names and the retried lookup fails
 * with EEXIST.  An ecb driver name ("xts(ecb-serpent-avx2)", the x86
 * kernel's own instance) binds like xts(ecb(<driver name>)).  @raw is the
 * parameter as given (length @len).  Returns 0 if the name binds, else the
 * kernel's errno (EINVAL for a cipher whose block is not 16 bytes, checked
 * first by xts_create()).
 */
static int xts_param(const char *raw, size_t len)
{
	char leaf[MAX_NAME], c[MAX_NAME];
	bool ecb = len > 5 && !strncmp(raw, "ecb(", 4) && raw[len - 1] == ')';

	if (ecb) {
		raw += 4;
		len -= 5;
	}
	if (!len || len >= MAX_NAME)
		return -ENOENT;
	memcpy(leaf, raw, len);
	leaf[len] = 0;
	if (strchr(leaf, '(') || !canon_leaf(leaf, c))
		return -ENOENT;
	if (!ecb && !strncmp(c, "ecb(", 4)) {
		size_t cl = strlen(c);

		ecb = true;
		memmove(c, c + 4, cl - 5);
		c[cl - 5] = 0;
	}
	if (!strcmp(c, "des") || !strcmp(c, "des3_ede"))
		return -EINVAL;
	if (strcmp(c, "aes") && strcmp(c, "serpent") && strcmp(c, "twofish") &&
	    strcmp(c, "camellia"))
		return -ENOENT;
	/* a cra_name fits xts(L) only, a driver name xts(ecb(L)) only */
	return ecb == !strcmp(c, leaf) ? -EEXIST : 0;
}

/*
 * Canonicalise @in (length @len, not NUL-terminated) into @out.
 * Grammar: NAME := IDENT | IDENT '(' NAME (',' NAME)* ')'.
 */
static bool canon(const char *in, size_t len, char *out, int depth)
{
	char tmpl[MAX_NAME], params[4][MAX_NAME], leaf[MAX_NAME];
	size_t i = 0, start, np = 0, pl;
	int nest;

	if (depth > 8 || !len || len >= MAX_NAME)
		return false;
	while (i < len && (isalnum((unsigned char)in[i]) || in[i] == '-' ||
			   in[i] == '_'))
		i++;
	if (i == len) {
		memcpy(leaf, in, len);
		leaf[len] = 0;
		return canon_leaf(leaf, out);
	}
	if (!i || in[i] != '(' || in[len - 1] != ')')
		return false;
	memcpy(tmpl, in, i);
	tmpl[i] = 0;
	i++;
	for (;;) {
		start = i;
		nest = 0;
		while (i < len - 1 && (nest || (in[i] != ',' && in[i] != ')'))) {
			if (in[i] == '(')
				nest++;
			else if (in[i] == ')')
				nest--;
			if (nest < 0)
				return false;
			i++;
		}
		if (np >= 4 || !canon(in + start, i - start, params[np],
				      depth + 1))
			return false;
		np++;
		if (i >= len - 1)
			break;
		if (in[i] != ',')
			return false;
		i++;
	}

	/* crypto/xts.c takes its cipher as "ecb(X)" and names itself xts(X) */
	if (!strcmp(tmpl, "xts") && np == 1) {
		if (xts_param(in + strlen(tmpl) + 1, len - strlen(tmpl) - 2))
			return false;
		if (!strncmp(params[0], "ecb(", 4)) {
			pl = strlen(params[0]);
			snprintf(out, MAX_NAME, "xts(%.*s)", (int)(pl - 5),
				 params[0] + 4);
			return true;
		}
	}

	/*
	 * adiantum's optional third parameter is its hash, which must be
	 * nhpoly1305; hctr2_base(xctr(X),polyval) is the driver name of
	 * hctr2(X).  Both instances are named by their cra_name.
	 */
	if (!strcmp(tmpl, "adiantum") && np == 3 &&
	    !strcmp(params[2], "nhpoly1305")) {
		return snprintf(out, MAX_NAME, "adiantum(%s,%s)", params[0],
				params[1]) < MAX_NAME;
	}
	if (!strcmp(tmpl, "hctr2_base") && np == 2 &&
	    !strncmp(params[0], "xctr(", 5) && !strcmp(params[1], "polyval")) {
		pl = strlen(params[0]);
		snprintf(out, MAX_NAME, "hctr2(%.*s)", (int)(pl - 6),
			 params[0] + 5);
		return true;
	}

	/* driver names of the AEAD templates */
	if (!strcmp(tmpl, "gcm_base") && np == 2 &&
	    !strncmp(params[0], "ctr(", 4) && !strcmp(params[1], "ghash")) {
		pl = strlen(params[0]);
		if (pl < 6)
			return false;
		snprintf(out, MAX_NAME, "gcm(%.*s)", (int)(pl - 5),
			 params[0] + 4);
		return true;
	}
	if (!strcmp(tmpl, "ccm_base") && np == 2 &&
	    !strncmp(params[0], "ctr(", 4) &&
	    !strncmp(params[1], "cbcmac(", 7)) {
		pl = strlen(params[0]);
		if (pl < 6 || strncmp(params[0] + 4, params[1] + 7, pl - 5))
			return false;
		snprintf(out, MAX_NAME, "ccm(%.*s)", (int)(pl - 5),
			 params[0] + 4);
		return true;
	}
	pl = (size_t)snprintf(out, MAX_NAME, "%s(", tmpl);
	for (i = 0; i < np; i++)
		pl += (size_t)snprintf(out + pl, pl < MAX_NAME ? MAX_NAME - pl : 0,
				       "%s%s", i ? "," : "", params[i]);
	pl += (size_t)snprintf(out + pl, pl < MAX_NAME ? MAX_NAME - pl : 0,
			       ")");
	return pl < MAX_NAME;
}

/*
 * The core's initcalls (its tables, the CPU probes behind its arch
 * choices) are handed here by its constructors instead of run
 * (kernel-compat/linux/init.h): the shim is preloaded into every program,
 * and only one that uses AF_ALG needs them.  They run, in the order the
 * constructors ran, before the first algorithm is looked up.
 */
#define AFS_MAX_INITCALLS 32
static AFS_STARTUP_DATA int (*initcalls[AFS_MAX_INITCALLS])(void);
static AFS_STARTUP_DATA unsigned int ninitcalls;
static pthread_once_t initcalls_once = PTHREAD_ONCE_INIT;

int kc_initcall_defer(int (*fn)(void));
AFS_STARTUP_CODE int kc_initcall_defer(int (*fn)(void))
{
	/* constructors run one at a time, before any thread of ours */
	if (ninitcalls == AFS_MAX_INITCALLS)
		return 0;	/* run it now, as without the shim */
	initcalls[ninitcalls++] = fn;
	return 1;
}

static void run_initcalls(void)
{
	unsigned int i;

	for (i = 0; i < ninitcalls; i++)
		(void)initcalls[i]();
}

static inline void core_ready(void)
{
	pthread_once(&initcalls_once, run_initcalls);
}

const struct afs_alg *afs_alg_lookup(enum afs_type type, const char *name)
{
	char c[MAX_NAME];
	const struct afs_alg *a;

	core_ready();
	/* registered names first: cra_name, then driver name */
	a = find(name, false, type);
	if (a)
		return a;
	a = find(name, true, type);
	if (a)
		return a;
	if (!canon(name, strlen(name), c, 0))
		return NULL;
	return find(c, false, type);
}

const struct afs_alg *afs_alg_find(const char *name, bool driver)
{
	core_ready();
	return find(name, driver, -1);
}

const struct afs_alg *afs_alg_nth(unsigned int n)
{
	const struct afs_alg *const *t;
	const struct afs_alg *a;

	core_ready();
	for_each_alg(t, a)
		if (!n--)
			return a;
	return NULL;
}

/*
 * The errno of a bind() that found no algorithm.  The kernel hands a
 * template name it has no instance of to the template's ->create(), whose
 * first check is crypto_check_attr_type(): a template of another type
 * than the socket's fails with EINVAL ("cbc(aes)" on a hash socket,
 * "hmac(sha256)" on an skcipher socket), and hmac refuses a keyed hash
 * with EINVAL ("hmac(hmac(sha256))").  Everything else the shim cannot
 * serve is ENOENT, as for an algorithm the kernel does not have.
 */
static const struct {
	const char *name;
	enum afs_type type;	/* AFS_SKCIPHER also stands for lskcipher */
} templates[] = {
	{ "hmac", AFS_HASH }, { "cmac", AFS_HASH }, { "xcbc", AFS_HASH },
	{ "cbcmac", AFS_HASH },
	{ "ecb", AFS_SKCIPHER }, { "cbc", AFS_SKCIPHER },
	{ "ctr", AFS_SKCIPHER }, { "rfc3686", AFS_SKCIPHER },
	{ "xts", AFS_SKCIPHER }, { "xctr", AFS_SKCIPHER },
	{ "adiantum", AFS_SKCIPHER }, { "hctr2", AFS_SKCIPHER },
	{ "hctr2_base", AFS_SKCIPHER },
	{ "gcm", AFS_AEAD }, { "gcm_base", AFS_AEAD }, { "rfc4106", AFS_AEAD },
	{ "rfc4543", AFS_AEAD }, { "ccm", AFS_AEAD }, { "ccm_base", AFS_AEAD },
	{ "rfc4309", AFS_AEAD }, { "rfc7539", AFS_AEAD },
	{ "rfc7539esp", AFS_AEAD }, { "authenc", AFS_AEAD },
	{ "authencesn", AFS_AEAD }, { "seqiv", AFS_AEAD },
	{ "echainiv", AFS_AEAD },
};

int afs_alg_bind_error(enum afs_type type, const char *name)
{
	const char *p = strchr(name, '(');
	size_t i, l = p ? (size_t)(p - name) : 0, pl;
	const struct afs_alg *inner;
	char param[MAX_NAME];

	if (!l || name[strlen(name) - 1] != ')')
		return -ENOENT;
	for (i = 0; i < sizeof(templates) / sizeof(templates[0]); i++) {
		if (strlen(templates[i].name) != l ||
		    strncmp(name, templates[i].name, l))
			continue;
		if (templates[i].type != type)
			return -EINVAL;
		if (!strcmp(templates[i].name, "xts")) {
			pl = strlen(p + 1) - 1;
			return xts_param(p + 1, pl) ?: -ENOENT;
		}
		if (type != AFS_HASH || strcmp(templates[i].name, "hmac"))
			return -ENOENT;
		/* hmac(X): X must be an unkeyed hash */
		pl = strlen(p + 1) - 1;
		if (pl >= MAX_NAME)
			return -ENOENT;
		memcpy(param, p + 1, pl);
		param[pl] = 0;
		inner = afs_alg_lookup(AFS_HASH, param);
		return inner && inner->ops.hash.setkey ? -EINVAL : -ENOENT;
	}
	return -ENOENT;
}
