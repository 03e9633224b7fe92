// SPDX-License-Identifier: GPL-2.0
/*
 * ML-DSA-44/65/87 verification time of libkcrypto.  Not a test.
 *
 *   bench-mldsa [vectors-dir] [reps]
 *
 * Uses the first valid signature of each Wycheproof mldsa_*_verify_test.json
 * or .json.gz (default directory: tests/vectors/wycheproof/testvectors_v1 of
 * the source tree, which meson passes as BENCH_MLDSA_VECTORS).  The
 * portable path is timed by a child process started with
 * KCRYPTO_CLEARCPUID=all, interleaved with the default (dispatched) path
 * rep by rep, so a burst of load on the shared machine hits both alike;
 * time is the thread's CPU time, so time spent descheduled is not counted.
 * Prints the median of the reps for each.
 *
 * The independent implementation measured in the same run (after ours, not
 * interleaved) is OpenSSL's, as python3-cryptography (pyca) bundles it:
 * bench-mldsa-pyca.py times its verify() on the same signatures (one Python
 * call per verification included); the column says n/a if that module or
 * its ML-DSA is missing.  ratio = pyca time / dispatched time.
 * No C implementation of ML-DSA is packaged in Debian (no liboqs, no
 * pq-crystals); the pq-crystals reference and AVX2 figures published for a
 * comparable CPU (Zen 4, best runs; algs[] below) are printed beside
 * ours for orientation only, since they were not measured in this run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include <crypto/mldsa.h>

#include "bench-util.h"

#define MAX_REPS	101

struct vec {
	u8 *pk, *sig, *msg;
	size_t pk_len, sig_len, msg_len;
};

static const struct {
	int bits;
	enum mldsa_alg alg;
	double ref_us;		/* pq-crystals reference C, best runs */
	double ref_avx2_us;	/* pq-crystals AVX2 */
} algs[] = {
	{ 44, MLDSA44, 105, 25 },
	{ 65, MLDSA65, 161, 41 },
	{ 87, MLDSA87, 270, 65 },
};

/*
 * The whole of a file, NUL-terminated; zlib reads a gzip file and a plain
 * one alike.
 */
static char *slurp(const char *path)
{
	gzFile f = gzopen(path, "rb");
	size_t len = 0, size = 1 << 20;
	char *buf = malloc(size), *more;
	int n;

	if (!f || !buf) {
		free(buf);
		if (f)
			gzclose(f);
		return NULL;
	}
	while ((n = gzread(f, buf + len, size - len - 1)) > 0) {
		len += n;
		if (len + 1 < size)
			continue;
		more = realloc(buf, size * 2);
		if (!more) {
			n = -1;
			break;
		}
		buf = more;
		size *= 2;
	}
	gzclose(f);
	if (n < 0) {
		free(buf);
		return NULL;
	}
	buf[len] = 0;
	return buf;
}

/* The hex string value of the first "key" after *pos; advances *pos. */
static u8 *json_hex(const char **pos, const char *key, size_t *len)
{
	char pat[64];
	const char *p, *q;
	u8 *out;

	snprintf(pat, sizeof(pat), "\"%s\"", key);
	p = strstr(*pos, pat);
	if (!p)
		return NULL;
	p = strchr(p + strlen(pat), '"');
	if (!p)
		return NULL;
	q = strchr(++p, '"');
	if (!q)
		return NULL;
	*len = (q - p) / 2;
	out = malloc(*len + 1);
	for (size_t i = 0; out && i < *len; i++) {
		unsigned int v;

		sscanf(p + 2 * i, "%2x", &v);
		out[i] = v;
	}
	*pos = q;
	return out;
}

static int load(const char *dir, int bits, struct vec *v)
{
	char path[4096];
	const char *pos;
	char *doc;

	snprintf(path, sizeof(path), "%s/mldsa_%d_verify_test.json", dir, bits);
	doc = slurp(path);
	if (!doc) {
		strncat(path, ".gz", sizeof(path) - strlen(path) - 1);
		doc = slurp(path);
	}
	if (!doc)
		return -1;
	/* The first group has a well-formed key; its first test is valid. */
	pos = strstr(doc, "\"testGroups\"");
	if (!pos)
		return -1;
	v->pk = json_hex(&pos, "publicKey", &v->pk_len);
	v->msg = json_hex(&pos, "msg", &v->msg_len);
	v->sig = json_hex(&pos, "sig", &v->sig_len);
	free(doc);
	return v->pk && v->msg && v->sig ? 0 : -1;
}

/* Microseconds per verification: one rep = iters calls */
static double time_rep(int a, const struct vec *v, int iters)
{
	double t0 = bench_now_ns();

	for (int i = 0; i < iters; i++) {
		if (mldsa_verify(algs[a].alg, v->sig, v->sig_len, v->msg,
				 v->msg_len, v->pk, v->pk_len)) {
			fprintf(stderr, "verification failed\n");
			exit(1);
		}
	}
	return (bench_now_ns() - t0) / iters / 1e3;
}

/* The CPU model and the vector extensions the dispatch looks at */
static void print_cpu(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096], model[256] = "unknown";
	bool avx2 = false, avx512vl = false, got_flags = false;

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "model name", 10) && strchr(line, ':'))
			snprintf(model, sizeof(model), "%s",
				 strchr(line, ':') + 2);
		if (!got_flags && !strncmp(line, "flags", 5)) {
			avx2 = strstr(line, " avx2") != NULL;
			avx512vl = strstr(line, " avx512vl") != NULL;
			got_flags = true;
		}
	}
	if (f)
		fclose(f);
	model[strcspn(model, "\n")] = 0;
	printf("CPU: %s; avx2 %s, avx512vl %s\n", model, avx2 ? "yes" : "no",
	       avx512vl ? "yes" : "no");
}

/*
 * OpenSSL's ML-DSA through python3-cryptography, same vectors, same reps:
 * us[a] stays 0 where the helper gives no figure.
 */
static void pyca_times(const char *dir, int reps, double us[3], char *ver,
		       size_t ver_len)
{
	char cmd[8192], line[200];
	FILE *f;
	int bits;
	double t;

	snprintf(cmd, sizeof(cmd), "python3 '%s' '%s' %d 2>/dev/null",
		 BENCH_MLDSA_PYCA, dir, reps);
	f = popen(cmd, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "openssl ", 8)) {
			line[strcspn(line, "\n")] = 0;
			snprintf(ver, ver_len, "%s", line + 8);
		} else if (sscanf(line, "%d %lf", &bits, &t) == 2) {
			for (int a = 0; a < 3; a++)
				if (algs[a].bits == bits)
					us[a] = t;
		}
	}
	pclose(f);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] :
		BENCH_MLDSA_VECTORS;
	int reps = argc > 2 ? atoi(argv[2]) : 31;
	bool child = getenv("BENCH_MLDSA_CHILD") != NULL;
	struct vec v[3];

	if (reps < 1 || reps > MAX_REPS)
		return 2;
	for (int a = 0; a < 3; a++) {
		if (load(dir, algs[a].bits, &v[a])) {
			fprintf(stderr, "cannot load ML-DSA-%d vectors from %s\n",
				algs[a].bits, dir);
			return 1;
		}
	}

	if (child) {
		/* Portable-path worker: one rep per request line "a iters". */
		int a, iters;

		while (scanf("%d %d", &a, &iters) == 2) {
			printf("%.3f\n", time_rep(a, &v[a], iters));
			fflush(stdout);
		}
		return 0;
	}

	double disp[3], port[3], pyca[3] = { 0, 0, 0 };
	char pyca_ver[256] = "n/a";

	for (int a = 0; a < 3; a++) {
		double td[MAX_REPS], tp[MAX_REPS];
		int iters = 20;
		int to_child[2], from_child[2];
		pid_t pid;

		if (pipe(to_child) || pipe(from_child))
			return 1;
		pid = fork();
		if (pid == 0) {
			dup2(to_child[0], 0);
			dup2(from_child[1], 1);
			close(to_child[1]);
			close(from_child[0]);
			setenv("BENCH_MLDSA_CHILD", "1", 1);
			setenv("KCRYPTO_CLEARCPUID", "all", 1);
			execl("/proc/self/exe", argv[0], dir, (char *)NULL);
			_exit(127);
		}
		close(to_child[0]);
		close(from_child[1]);
		{
			FILE *req = fdopen(to_child[1], "w");
			FILE *ans = fdopen(from_child[0], "r");

			time_rep(a, &v[a], iters);	/* warm-up */
			for (int r = 0; r < reps; r++) {
				td[r] = time_rep(a, &v[a], iters);
				fprintf(req, "%d %d\n", a, iters);
				fflush(req);
				if (fscanf(ans, "%lf", &tp[r]) != 1)
					return 1;
			}
			fclose(req);
			fclose(ans);
		}
		disp[a] = bench_median(td, reps);
		port[a] = bench_median(tp, reps);
	}
	pyca_times(dir, reps, pyca, pyca_ver, sizeof(pyca_ver));

	print_cpu();
	printf("ML-DSA verify, median of %d reps (us per verification); "
	       "pyca = %s\n", reps, pyca_ver);
	printf("%-10s %10s %10s %8s %10s %8s %12s %9s\n", "param",
	       "dispatched", "portable", "speedup", "pyca", "ratio",
	       "ref C (pub)", "ref AVX2");
	for (int a = 0; a < 3; a++) {
		printf("ML-DSA-%d %10.1f %10.1f %7.2fx ", algs[a].bits,
		       disp[a], port[a], port[a] / disp[a]);
		if (pyca[a] > 0)
			printf("%10.1f %7.2fx", pyca[a], pyca[a] / disp[a]);
		else
			printf("%10s %8s", "n/a", "");
		printf(" %12.0f %9.0f\n", algs[a].ref_us, algs[a].ref_avx2_us);
	}
	return 0;
}
