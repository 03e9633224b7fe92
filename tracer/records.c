// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace --from-records: the inventory of a run another backend made
 * (afalg-trace-bt folds bpftrace's output into these records), written by
 * the same writer as afalg-trace's own (inventory.c).  The format is in
 * tracer/SCHEMA.md, "Records"; in short, one record a line, fields separated
 * by tabs, "\\", "\t", "\n" and "\r" escaped with a backslash and "\N" for
 * null.  The input is untrusted: every line is checked, and the first bad
 * one stops the run with its line number.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inventory.h"
#include "records.h"
#include "trace-helpers.h"

#define RECORDS_MAGIC	"afalg-trace-records"
#define RECORDS_VERSION	1
#define MAX_FIELDS	16
#define MAX_LINE	(1 << 16)

/* the counters' names in "count" records, by enum */
static const char *const counter_key[C_NR] = {
	[C_SOCKETS] = "sockets", [C_SOCKET_FAIL] = "socket_fail", [C_DENIED] = "denied",
	[C_BINDS] = "binds", [C_BIND_FAIL] = "bind_fail",
	[C_BIND_DENIED] = "enoent_denied", [C_BIND_NOTFOUND] = "enoent_notfound",
	[C_BIND_ENOENT_L0] = "enoent_l0", [C_BIND_ENOENT_L1] = "enoent_l1",
	[C_BIND_ENOENT_L2] = "enoent_l2", [C_BIND_ENOENT_LX] = "enoent_lx",
	[C_SETOPTS] = "setopts", [C_SETOPT_FAIL] = "setopt_fail",
	[C_OPSOCKS] = "opsocks", [C_ACCEPT_FAIL] = "accept_fail",
	[C_SEND_OPS] = "send_ops", [C_SEND_BYTES] = "send_bytes", [C_SEND_FAIL] = "send_fail",
	[C_RECV_OPS] = "recv_ops", [C_RECV_BYTES] = "recv_bytes", [C_RECV_FAIL] = "recv_fail",
};

/* the "af_alg" record's availability values (struct tracer keeps a pointer) */
static const char *const avail_values[] = {
	"builtin", "module", "module-not-loaded", "absent", "unknown",
};

/* one count record, kept until the end: procs and classes may follow it */
struct count_rec {
	struct at_ckey k;
	bool caps_known;
	unsigned long long c[C_NR];
};

struct reader {
	const char *path;
	unsigned long lineno;
	struct records_run *run;
	struct count_rec *counts;
	size_t ncounts, cap_counts;
};

__attribute__((format(printf, 2, 3)))
static int bad(const struct reader *r, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	msg("%s: line %lu: %s", r->path, r->lineno, why);
	return -1;
}

/*
 * Split line (no newline) in place into at most MAX_FIELDS fields and undo
 * the escapes; a field "\N" becomes NULL.  Number of fields, or -1.
 */
static int split(const struct reader *r, char *line, char **f)
{
	int n = 0;
	char *s = line;

	for (;;) {
		char *out = s, *start = s;

		if (n == MAX_FIELDS)
			return bad(r, "more than %d fields", MAX_FIELDS);
		f[n] = start;
		for (; *s && *s != '\t'; s++) {
			if (*s != '\\') {
				*out++ = *s;	/* any other byte is itself */
				continue;
			}
			switch (*++s) {
			case '\\': *out++ = '\\'; break;
			case 't': *out++ = '\t'; break;
			case 'n': *out++ = '\n'; break;
			case 'r': *out++ = '\r'; break;
			case 'N':
				if (s - 1 != start || (s[1] && s[1] != '\t'))
					return bad(r, "\\N is only a whole field");
				f[n] = NULL;
				break;
			default:
				return bad(r, "bad escape \\%c", *s ? *s : '0');
			}
		}
		n++;
		if (!*s) {
			*out = 0;
			return n;
		}
		*out = 0;
		s++;
	}
}

static int num(const struct reader *r, const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	if (!s || !*s)
		return bad(r, "a number is missing");
	errno = 0;
	*v = strtoll(s, &end, 10);
	if (errno || *end || *v < lo || *v > hi)
		return bad(r, "not a number in [%lld, %lld]: %.40s", lo, hi, s);
	return 0;
}

static int unum(const struct reader *r, const char *s, unsigned long long *v)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return bad(r, "not a count: %.40s", s ? s : "null");
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (errno || *end)
		return bad(r, "not a count: %.40s", s);
	return 0;
}

/* seconds since the epoch, "S" or "S.NNNNNNNNN" */
static int timespec_of(const struct reader *r, const char *s, struct timespec *ts)
{
	char buf[32], *dot;
	long long sec, ns = 0;

	if (!s || strlen(s) >= sizeof(buf))
		return bad(r, "bad time");
	strcpy(buf, s);
	dot = strchr(buf, '.');
	if (dot) {
		size_t nd = strlen(dot + 1);

		*dot = 0;
		if (!nd || nd > 9 || strspn(dot + 1, "0123456789") != nd)
			return bad(r, "bad time fraction: %.40s", s);
		ns = strtoll(dot + 1, NULL, 10);
		while (nd++ < 9)
			ns *= 10;
	}
	if (num(r, buf, 0, LLONG_MAX / 2, &sec))
		return -1;
	ts->tv_sec = sec;
	ts->tv_nsec = ns;
	return 0;
}

static int copy(const struct reader *r, char *dst, size_t len, const char *s, const char *what)
{
	if (!s)
		return bad(r, "%s is null", what);
	if (strlen(s) >= len)
		return bad(r, "%s longer than %zu bytes", what, len - 1);
	strcpy(dst, s);
	return 0;
}

/* records_run owns its strings: a copy, NULL stays NULL */
static int keep(const struct reader *r, char **dst, const char *s)
{
	free(*dst);
	*dst = NULL;
	if (s && !(*dst = strdup(s)))
		return bad(r, "out of memory");
	return 0;
}

/* exe and cgroup paths: as long as the kernel side could send them */
static int keep_path(const struct reader *r, char **dst, const char *s, const char *what)
{
	if (strlen(s) >= AT_EXE_DEPTH * AT_COMP_LEN + 8)
		return bad(r, "%s longer than %d bytes", what, AT_EXE_DEPTH * AT_COMP_LEN + 7);
	return keep(r, dst, s);
}

static int rec_af_alg(struct reader *r, char **f, int n)
{
	struct tracer *t = r->run->t;
	long long ms, me;

	if (n != 4)
		return bad(r, "af_alg: 3 fields expected");
	t->afalg_avail = NULL;
	for (size_t i = 0; i < sizeof(avail_values) / sizeof(avail_values[0]); i++)
		if (f[1] && !strcmp(f[1], avail_values[i]))
			t->afalg_avail = avail_values[i];
	if (!t->afalg_avail)
		return bad(r, "af_alg: unknown availability");
	if (num(r, f[2], -1, INT_MAX, &ms) || num(r, f[3], -1, INT_MAX, &me))
		return -1;
	t->knob_start = ms;
	r->run->span.knob_end = me;
	return 0;
}

static int rec_hook(struct reader *r, char **f, int n)
{
	struct tracer *t = r->run->t;
	struct hook_rec *h;

	if (n != 4 || !f[1] || (strcmp(f[1], "active") && strcmp(f[1], "disabled")))
		return bad(r, "hook: active|disabled NAME REASON expected");
	if (t->nhooks == MAX_HOOKS)
		return bad(r, "more than %d hooks", MAX_HOOKS);
	h = &t->hooks[t->nhooks];
	h->ok = !strcmp(f[1], "active");
	if (copy(r, h->name, sizeof(h->name), f[2], "hook name") ||
	    copy(r, h->why, sizeof(h->why), f[3] ? f[3] : "", "hook reason"))
		return -1;
	t->nhooks++;
	return 0;
}

static int rec_mode(struct reader *r, char **f, int n)
{
	int g, v;

	if (n != 3 || !f[1] || !f[2])
		return bad(r, "mode: GROUP VARIANT expected");
	for (g = 0; g < G_NR && strcmp(f[1], group_name[g]); g++)
		;
	for (v = 0; v < V_NR && strcmp(f[2], variant_name[v]); v++)
		;
	if (g == G_NR || v == V_NR)
		return bad(r, "mode: unknown group or variant");
	r->run->t->chosen[g] = v;
	return 0;
}

static int rec_tracepoint(struct reader *r, char **f, int n)
{
	struct tracer *t = r->run->t;
	struct series_tp *s;
	char *colon;

	if (n != 4 || !f[1] || !(colon = strchr(f[1], ':')))
		return bad(r, "tracepoint: CATEGORY:NAME HITS DENIED expected");
	if (t->nseries == AT_SERIES_SLOTS)
		return bad(r, "more than %d tracepoints", AT_SERIES_SLOTS);
	s = &t->series[t->nseries];
	*colon = 0;
	if (copy(r, s->cat, sizeof(s->cat), f[1], "category") ||
	    copy(r, s->name, sizeof(s->name), colon + 1, "tracepoint name") ||
	    unum(r, f[2], &s->hits) || unum(r, f[3], &s->denied))
		return -1;
	t->nseries++;
	return 0;
}

static int rec_stats(struct reader *r, char **f, int n)
{
	unsigned long long *st = r->run->inv->stats;

	if (n != 8)
		return bad(r, "stats: 7 counts expected");
	if (unum(r, f[1], &r->run->log->nevents) || unum(r, f[2], &st[S_LOST_EVENTS]) ||
	    unum(r, f[3], &st[S_LOST_PROCS]) || unum(r, f[4], &st[S_COUNTER_FULL]) ||
	    unum(r, f[5], &st[S_CLASS_FULL]) || unum(r, f[6], &st[S_TFM_FULL]) ||
	    unum(r, f[7], &st[S_INFLIGHT_FULL]))
		return -1;
	return 0;
}

static int rec_proc(struct reader *r, char **f, int n)
{
	struct event_log *log = r->run->log;
	long long pid, ppid, pidns, mntns;
	struct proc *p;

	if (n != 8)
		return bad(r, "proc: PID PPID PIDNS MNTNS COMM EXE CGROUP expected");
	if (num(r, f[1], 1, UINT_MAX, &pid) || num(r, f[2], 0, UINT_MAX, &ppid) ||
	    num(r, f[3], 0, UINT_MAX, &pidns) || num(r, f[4], 0, UINT_MAX, &mntns))
		return -1;
	p = grow_array(log->procs, &log->cap_procs, log->nprocs, sizeof(*p));
	if (!p)
		return bad(r, "out of memory");
	log->procs = p;
	p = &log->procs[log->nprocs];
	memset(p, 0, sizeof(*p));
	p->who.tgid = pid;
	p->ppid = ppid;
	p->pidns = pidns;
	p->mntns = mntns;
	/* counted at once: events_free() frees exe and cgroup, NULL or not */
	log->nprocs++;
	if (copy(r, p->comm, sizeof(p->comm), f[5] ? f[5] : "", "comm") ||
	    keep_path(r, &p->exe, f[6] ? f[6] : "?", "exe") ||
	    keep_path(r, &p->cgroup, f[7] ? f[7] : "?", "cgroup"))
		return -1;
	return 0;
}

static int rec_class(struct reader *r, char **f, int n)
{
	struct at_class c = {};
	long long id, keylen, authsize;

	if (n != 6)
		return bad(r, "class: ID TYPE ALG KEYLEN AUTHSIZE expected");
	if (num(r, f[1], AT_CLASS_FIRST, UINT_MAX, &id) ||
	    copy(r, c.type, sizeof(c.type), f[2], "type") ||
	    copy(r, c.name, sizeof(c.name), f[3], "algorithm") ||
	    num(r, f[4], AT_KEY_SERIAL, INT_MAX, &keylen) ||
	    num(r, f[5], AT_AUTHSIZE_DEFAULT, INT_MAX, &authsize))
		return -1;
	c.keylen = keylen;
	c.authsize = authsize;
	if (inventory_add_class(r->run->inv, id, &c))
		return bad(r, "out of memory");
	return 0;
}

static int rec_count(struct reader *r, char **f, int n)
{
	struct count_rec *cr;
	long long pid, uid, caps = 0, cls;
	unsigned long long v;
	int i;

	if (n != 7)
		return bad(r, "count: PID UID CAPS CLASS COUNTER VALUE expected");
	if (num(r, f[1], 1, UINT_MAX, &pid) || num(r, f[2], 0, UINT_MAX, &uid) ||
	    (f[3] && num(r, f[3], 0, AT_CAP_PRIVILEGED, &caps)) ||
	    num(r, f[4], 0, UINT_MAX, &cls) || unum(r, f[6], &v))
		return -1;
	for (i = 0; i < C_NR && (!f[5] || strcmp(f[5], counter_key[i])); i++)
		;
	if (i == C_NR)
		return bad(r, "count: unknown counter");
	cr = grow_array(r->counts, &r->cap_counts, r->ncounts, sizeof(*cr));
	if (!cr)
		return bad(r, "out of memory");
	r->counts = cr;
	cr = &r->counts[r->ncounts++];
	memset(cr, 0, sizeof(*cr));
	cr->k.who.tgid = pid;
	cr->k.who.uid = uid;
	cr->k.who.caps = caps;
	cr->k.class_id = cls;
	cr->caps_known = f[3] != NULL;
	cr->c[i] = v;
	return 0;
}

static int rec_tracer(struct reader *r, char **f, int n)
{
	if (n != 3)
		return bad(r, "tracer: VERSION BACKEND expected");
	return keep(r, &r->run->version, f[1]) || keep(r, &r->run->backend, f[2]) ? -1 : 0;
}

static int rec_span(struct reader *r, char **f, int n)
{
	if (n != 3)
		return bad(r, "span: START END expected");
	return timespec_of(r, f[1], &r->run->span.t0) ||
	       timespec_of(r, f[2], &r->run->span.t1) ? -1 : 0;
}

static int rec_filters(struct reader *r, char **f, int n)
{
	long long pid;

	if (n != 3 || num(r, f[1], 0, UINT_MAX, &pid))
		return bad(r, "filters: PID CGROUP expected");
	r->run->opt.pid = pid;
	return keep(r, &r->run->cgroup, f[2]);
}

static int rec_unclassified(struct reader *r, char **f, int n)
{
	(void)f;
	if (n != 1)
		return bad(r, "unclassified: no field expected");
	r->run->inv->unclassified = true;
	return 0;
}

static const struct {
	const char *kind;
	int (*parse)(struct reader *r, char **f, int n);
} kinds[] = {
	{ "tracer", rec_tracer }, { "span", rec_span }, { "af_alg", rec_af_alg },
	{ "filters", rec_filters }, { "hook", rec_hook }, { "mode", rec_mode },
	{ "tracepoint", rec_tracepoint }, { "stats", rec_stats },
	{ "unclassified", rec_unclassified }, { "proc", rec_proc }, { "class", rec_class },
	{ "count", rec_count },
};

static int record(struct reader *r, char **f, int n)
{
	if (!f[0])
		return bad(r, "record kind is null");
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(f[0], kinds[i].kind))
			return kinds[i].parse(r, f, n);
	return bad(r, "unknown record %.40s", f[0]);
}

static int cmp_proc_pid(const void *a, const void *b)
{
	const struct proc *x = a, *y = b;

	return x->who.tgid < y->who.tgid ? -1 : x->who.tgid > y->who.tgid;
}

/* log->procs sorted by pid (after the last "proc" record) */
static const struct proc *proc_by_pid(const struct event_log *log, unsigned int pid)
{
	struct proc key = { .who.tgid = pid };

	return log->nprocs ? bsearch(&key, log->procs, log->nprocs, sizeof(key), cmp_proc_pid) :
	       NULL;
}

/* Sort the identities by pid for proc_by_pid(); a pid given twice is an error. */
static int index_procs(const char *path, struct event_log *log)
{
	if (log->nprocs)
		qsort(log->procs, log->nprocs, sizeof(*log->procs), cmp_proc_pid);
	for (size_t i = 1; i < log->nprocs; i++)
		if (log->procs[i].who.tgid == log->procs[i - 1].who.tgid) {
			msg("%s: proc: pid %u given twice", path, log->procs[i].who.tgid);
			return -1;
		}
	return 0;
}

static int read_lines(struct reader *r, FILE *in)
{
	char *line = NULL, *f[MAX_FIELDS];
	size_t cap = 0;
	ssize_t len;
	int n, err = 0;

	while (!err && (len = getline(&line, &cap, in)) >= 0) {
		r->lineno++;
		if (len > MAX_LINE) {
			err = bad(r, "line longer than %d bytes", MAX_LINE);
			break;
		}
		if (len && line[len - 1] == '\n')
			line[--len] = 0;
		if ((size_t)len != strlen(line)) {
			err = bad(r, "NUL byte");
			break;
		}
		n = split(r, line, f);
		if (n < 0) {
			err = -1;
		} else if (r->lineno == 1) {
			if (n != 2 || !f[0] || !f[1] || strcmp(f[0], RECORDS_MAGIC) ||
			    strcmp(f[1], "1"))
				err = bad(r, "not afalg-trace records version %d", RECORDS_VERSION);
		} else {
			err = record(r, f, n);
		}
	}
	if (!err && ferror(in))
		err = bad(r, "read error: %s", strerror(errno));
	if (!err && !r->lineno)
		err = bad(r, "empty input");
	free(line);
	return err;
}

int records_read(const char *path, struct records_run *run)
{
	struct reader r = { .path = path, .run = run };
	FILE *in = strcmp(path, "-") ? fopen(path, "r") : stdin;
	int err;

	if (!in) {
		msg("cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	run->t->afalg_avail = "unknown";
	run->t->knob_start = -1;
	run->span.knob_end = -1;
	err = read_lines(&r, in);
	if (in != stdin)
		fclose(in);
	if (!err)
		err = index_procs(path, run->log);
	for (size_t i = 0; !err && i < r.ncounts; i++) {
		const struct count_rec *c = &r.counts[i];

		if (inventory_add(run->inv, proc_by_pid(run->log, c->k.who.tgid), &c->k,
				  c->caps_known, c->c))
			err = bad(&r, "out of memory");
	}
	free(r.counts);
	run->span.backend = run->backend;
	run->span.version = run->version;
	run->opt.cgroup = run->cgroup;
	return err;
}

void records_free(struct records_run *run)
{
	free(run->backend);
	free(run->version);
	free(run->cgroup);
}
