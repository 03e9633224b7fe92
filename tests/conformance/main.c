// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-conformance: main program, transcript output, scenario runner.
 *
 *   afalg-conformance [--mode auto|native|shim] [--seed N] [--random N]
 *                     [--only GLOB]... [--skip GLOB]... [--list]
 *                     [--timeout SECONDS]
 *
 * The mode decides only how documented divergences are printed (and
 * which calls are not made because the shim would hang or crash on
 * them); "auto" looks for libafalg-shim in /proc/self/maps.
 */
#include <fcntl.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "conformance.h"

bool g_shim;
uint64_t g_seed = 1;
unsigned int g_random = 600;
const char *g_self;

static const char *cur = "-";
static unsigned int step;
static const char *pend_id, *pend_why;
static struct scenario *scs;
static unsigned int nscs, capscs;

void reg(const char *name, void (*fn)(const void *), const void *arg)
{
	if (nscs == capscs) {
		capscs = capscs ? capscs * 2 : 256;
		scs = realloc(scs, capscs * sizeof(*scs));
		if (!scs)
			abort();
	}
	scs[nscs].name = strdup(name);
	scs[nscs].fn = fn;
	scs[nscs].arg = arg;
	nscs++;
}

void reg_kinds(const char *prefix, const struct sc_kind *kinds, size_t nk,
	       const char *const *algs, size_t na)
{
	char n[160];
	size_t i, j;

	for (i = 0; i < na; i++)
		for (j = 0; j < nk; j++) {
			if (kinds[j].kind)
				snprintf(n, sizeof(n), "%s.%s.%s", prefix,
					 kinds[j].kind, algs[i]);
			else
				snprintf(n, sizeof(n), "%s.%s", prefix, algs[i]);
			reg(n, kinds[j].fn, algs[i]);
		}
}

void sc_begin(const char *name)
{
	cur = name;
	step = 0;
	pend_id = NULL;
}

static void emit(const char *text)
{
	step++;
	if (pend_id) {
		if (g_shim)
			printf("%s %u DIVERGENCE %s %s | shim: %s\n", cur, step,
			       pend_id, pend_why, text);
		else
			printf("%s %u [%s] %s\n", cur, step, pend_id, text);
		pend_id = NULL;
	} else {
		printf("%s %u %s\n", cur, step, text);
	}
	fflush(stdout);
}

void out(const char *fmt, ...)
{
	char buf[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	emit(buf);
}

void div_next(const char *id, const char *why)
{
	pend_id = id;
	pend_why = why;
}

bool div_skip(const char *id, const char *why)
{
	if (!g_shim)
		return false;
	step++;
	printf("%s %u DIVERGENCE %s %s\n", cur, step, id, why);
	fflush(stdout);
	return true;
}

void unavailable(const char *type, const char *name, int err)
{
	printf("%s 0 UNAVAILABLE %s %s %s\n", cur, type, name, ename(err));
	fflush(stdout);
}

/* ---- watchdog ------------------------------------------------------ */

static unsigned int timeout_s = 120;

static void on_alarm(int sig)
{
	char buf[256];
	int n = snprintf(buf, sizeof(buf), "%s %u WATCHDOG no progress for %us\n",
			 cur, step + 1, timeout_s);

	(void)sig;
	if (n > 0)
		(void)!write(1, buf, (size_t)n);
	_exit(3);
}

static bool in_shim(void)
{
	char line[4096];
	FILE *f = fopen("/proc/self/maps", "r");
	bool found = false;

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "afalg-shim")) {
			found = true;
			break;
		}
	fclose(f);
	return found;
}

static bool selected(const char *name, char **only, int nonly, char **skip,
		     int nskip)
{
	int i;

	for (i = 0; i < nskip; i++)
		if (!fnmatch(skip[i], name, 0))
			return false;
	if (!nonly)
		return true;
	for (i = 0; i < nonly; i++)
		if (!fnmatch(only[i], name, 0))
			return true;
	return false;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: afalg-conformance [--mode auto|native|shim] [--seed N]\n"
		"       [--random N] [--only GLOB]... [--skip GLOB]... [--list]\n"
		"       [--timeout SECONDS]\n");
	exit(2);
}

/*
 * --check-vaes: does the CPU's 256-bit VAESENC give each 128-bit lane the
 * AES round of that lane, as AESENC does?  QEMU 7.2's TCG advertises VAES
 * for "-cpu max" but computes the upper lane from the lower lane's state,
 * so in the test guest every VAES code path gives wrong output.  The guest
 * test masks VAES for the shim (KCRYPTO_CLEARCPUID=vaes) when this fails.
 * Exit status 0: sound or absent; 1: broken.
 */
static int check_vaes(void)
{
#if defined(__x86_64__)
	unsigned char st[32], rk[32], ymm[32], xmm[32];
	unsigned int i;

	__builtin_cpu_init();
	if (!__builtin_cpu_supports("vaes") || !__builtin_cpu_supports("avx2") ||
	    !__builtin_cpu_supports("aes")) {
		printf("vaes absent\n");
		return 0;
	}
	for (i = 0; i < 32; i++) {
		st[i] = (unsigned char)(i * 37 + 11);
		rk[i] = (unsigned char)(i * 101 + 7);
	}
	asm volatile("vmovdqu %1, %%ymm0\n\t"
		     "vmovdqu %2, %%ymm1\n\t"
		     "vaesenc %%ymm1, %%ymm0, %%ymm0\n\t"
		     "vmovdqu %%ymm0, %0\n\t"
		     "vzeroupper"
		     : "=m"(ymm) : "m"(st), "m"(rk) : "xmm0", "xmm1");
	for (i = 0; i < 32; i += 16)
		asm volatile("movdqu %1, %%xmm0\n\t"
			     "movdqu %2, %%xmm1\n\t"
			     "aesenc %%xmm1, %%xmm0\n\t"
			     "movdqu %%xmm0, %0"
			     : "=m"(*(unsigned char (*)[16])&xmm[i])
			     : "m"(*(unsigned char (*)[16])&st[i]),
			       "m"(*(unsigned char (*)[16])&rk[i])
			     : "xmm0", "xmm1");
	if (memcmp(ymm, xmm, 32)) {
		printf("vaes broken: 256-bit VAESENC differs from AESENC per lane\n");
		return 1;
	}
	printf("vaes ok\n");
#else
	printf("vaes absent\n");
#endif
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = "auto";
	char *only[64], *skip[64];
	int nonly = 0, nskip = 0, i;
	bool list = false;
	unsigned int n;
	struct sigaction sa;

	g_self = argv[0];
	if (argc > 1 && !strcmp(argv[1], "--exec-child"))
		return exec_child(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "--served"))
		return list_served();
	if (argc > 1 && !strcmp(argv[1], "--check-vaes"))
		return check_vaes();
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--mode") && v) {
			mode = v;
			i++;
		} else if (!strcmp(a, "--seed") && v) {
			g_seed = strtoull(v, NULL, 0);
			i++;
		} else if (!strcmp(a, "--random") && v) {
			g_random = (unsigned int)strtoul(v, NULL, 0);
			i++;
		} else if (!strcmp(a, "--only") && v && nonly < 64) {
			only[nonly++] = argv[++i];
		} else if (!strcmp(a, "--skip") && v && nskip < 64) {
			skip[nskip++] = argv[++i];
		} else if (!strcmp(a, "--timeout") && v) {
			timeout_s = (unsigned int)strtoul(v, NULL, 0);
			i++;
		} else if (!strcmp(a, "--list")) {
			list = true;
		} else {
			usage();
		}
	}
	if (!strcmp(mode, "shim"))
		g_shim = true;
	else if (!strcmp(mode, "native"))
		g_shim = false;
	else if (!strcmp(mode, "auto"))
		g_shim = in_shim();
	else
		usage();

	reg_socket();
	reg_hash();
	reg_skcipher();
	reg_aead();
	reg_rng();
	reg_netlink();
	reg_io();
	reg_fork();
	reg_algs();
	reg_random();

	if (list) {
		for (n = 0; n < nscs; n++)
			if (selected(scs[n].name, only, nonly, skip, nskip))
				printf("%s\n", scs[n].name);
		return 0;
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	printf("# afalg-conformance 1 mode=%s seed=%llu random=%u\n",
	       g_shim ? "shim" : "native", (unsigned long long)g_seed,
	       g_random);
	fflush(stdout);
	for (n = 0; n < nscs; n++) {
		if (!selected(scs[n].name, only, nonly, skip, nskip))
			continue;
		sc_begin(scs[n].name);
		alarm(timeout_s);
		scs[n].fn(scs[n].arg);
		alarm(0);
		printf("%s END\n", scs[n].name);
		fflush(stdout);
	}
	printf("# done\n");
	return 0;
}
