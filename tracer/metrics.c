// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace --prometheus FILE: the inventory as a Prometheus textfile
 * (node_exporter's textfile collector reads it), written to a temporary
 * file beside FILE and renamed over it, so a scrape sees the old file or
 * the new one, never half of one.  Rows are summed per (exe, type, alg);
 * exe paths are hostile input: label values are escaped as the exposition
 * format says (backslash, double quote, newline) and bytes that are not
 * UTF-8 become U+FFFD, so every line parses.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inventory.h"
#include "metrics.h"
#include "trace-helpers.h"

/* Length of the UTF-8 sequence at s (1 to 4), or 0 if it is not one. */
static int utf8_len(const unsigned char *s)
{
	int n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* overlong 3- and 4-byte forms, surrogates, beyond U+10FFFF */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* A label value, quoted and escaped; NULL as the empty string. */
static void label_value(FILE *f, const char *v)
{
	const unsigned char *s = (const unsigned char *)(v ? v : "");

	fputc('"', f);
	while (*s) {
		int n = utf8_len(s);

		if (!n) {
			fputs("\xef\xbf\xbd", f);	/* U+FFFD */
			s++;
		} else if (*s == '\\' || *s == '"') {
			fprintf(f, "\\%c", *s++);
		} else if (*s == '\n') {
			fputs("\\n", f);
			s++;
		} else {
			fwrite(s, 1, n, f);
			s += n;
		}
	}
	fputc('"', f);
}

struct metric {
	const char *name, *help;
	int counter;			/* C_*, or -1: see value() */
};

/* the per-(exe, type, alg) counters written, in this order */
static const struct metric per_row[] = {
	{ "afalg_sockets_total", "successful socket(AF_ALG) calls", C_SOCKETS },
	{ "afalg_binds_total", "successful binds of an algorithm", C_BINDS },
	{ "afalg_ops_total", "send and receive operations on AF_ALG sockets", -1 },
	{ "afalg_bytes_total", "bytes sent to and received from AF_ALG sockets", -1 },
	{ "afalg_denied_total",
	  "calls refused by the restriction (socket() with EAFNOSUPPORT, binds with ENOENT)", -1 },
	{ "afalg_failures_total", "failed calls of every kind (denied ones included)", -1 },
};

static unsigned long long value(const struct metric *m, const unsigned long long *c,
				unsigned long long denied)
{
	if (m->counter >= 0)
		return c[m->counter];
	if (!strcmp(m->name, "afalg_ops_total"))
		return c[C_SEND_OPS] + c[C_RECV_OPS];
	if (!strcmp(m->name, "afalg_bytes_total"))
		return c[C_SEND_BYTES] + c[C_RECV_BYTES];
	if (!strcmp(m->name, "afalg_denied_total"))
		return denied;
	return c[C_SOCKET_FAIL] + c[C_DENIED] + c[C_BIND_FAIL] + c[C_SETOPT_FAIL] +
	       c[C_ACCEPT_FAIL] + c[C_SEND_FAIL] + c[C_RECV_FAIL];
}

static void write_metrics(FILE *f, struct inventory *inv, const struct event_log *log)
{
	size_t n;
	const struct inventory_group *g = inventory_groups(inv, &n);
	const unsigned long long *st = inv->stats;

	for (size_t m = 0; m < sizeof(per_row) / sizeof(per_row[0]); m++) {
		fprintf(f, "# HELP %s %s.\n# TYPE %s counter\n", per_row[m].name, per_row[m].help,
			per_row[m].name);
		for (size_t i = 0; i < n; i++) {
			fprintf(f, "%s{exe=", per_row[m].name);
			label_value(f, g[i].exe);
			fputs(",type=", f);
			label_value(f, g[i].type);
			fputs(",alg=", f);
			label_value(f, g[i].alg);
			fprintf(f, "} %llu\n", value(&per_row[m], g[i].c, g[i].denied));
		}
	}
	fputs("# HELP afalg_overflow_total Counter updates of callers beyond --max-entries, "
	      "folded into the (overflow) rows.\n# TYPE afalg_overflow_total counter\n", f);
	fprintf(f, "afalg_overflow_total %llu\n", st[S_COUNTER_FOLDED]);
	fputs("# HELP afalg_dropped_total Updates the tracer could not record, by map.\n"
	      "# TYPE afalg_dropped_total counter\n", f);
	fprintf(f, "afalg_dropped_total{map=\"counters\"} %llu\n", st[S_COUNTER_FULL]);
	fprintf(f, "afalg_dropped_total{map=\"classes\"} %llu\n", st[S_CLASS_FULL]);
	fprintf(f, "afalg_dropped_total{map=\"tfms\"} %llu\n", st[S_TFM_FULL]);
	fprintf(f, "afalg_dropped_total{map=\"inflight\"} %llu\n", st[S_INFLIGHT_FULL]);
	fputs("# HELP afalg_lost_events_total Events the kernel could not queue (counts stay "
	      "exact).\n# TYPE afalg_lost_events_total counter\n", f);
	fprintf(f, "afalg_lost_events_total %llu\n", st[S_LOST_EVENTS]);
	fputs("# HELP afalg_identities_not_kept_total Identity records beyond the cap.\n"
	      "# TYPE afalg_identities_not_kept_total counter\n", f);
	fprintf(f, "afalg_identities_not_kept_total %llu\n", log->procs_over_cap);
}

int write_atomic(const char *path, void (*fn)(FILE *f, void *ctx), void *ctx)
{
	size_t len = strlen(path) + 32;
	char *tmp = malloc(len);
	FILE *f = NULL;
	int fd, err = -1;

	if (!tmp) {
		msg("out of memory writing %s", path);
		return -1;
	}
	snprintf(tmp, len, "%s.tmp.%ld", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0)
		f = fdopen(fd, "w");
	if (!f) {
		msg("cannot write %s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		goto out;
	}
	fn(f, ctx);
	if (fflush(f) || ferror(f) || fsync(fileno(f))) {
		msg("cannot write %s: %s", tmp, strerror(errno));
		fclose(f);
		unlink(tmp);
		goto out;
	}
	if (fclose(f) || rename(tmp, path)) {
		msg("cannot rename %s to %s: %s", tmp, path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	err = 0;
out:
	free(tmp);
	return err;
}

struct metrics_ctx {
	struct inventory *inv;
	const struct event_log *log;
};

static void metrics_to(FILE *f, void *ctx)
{
	struct metrics_ctx *m = ctx;

	write_metrics(f, m->inv, m->log);
}

int write_prometheus(const char *path, struct inventory *inv, const struct event_log *log)
{
	struct metrics_ctx m = { inv, log };

	return write_atomic(path, metrics_to, &m);
}
