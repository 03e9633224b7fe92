// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace --from-records: the inventory of a run another backend made
 * (afalg-trace-bt folds bpftrace's output into these records), written by
 * the same writer as afalg-trace's own (inventory.c).  The format is in
 * tracer/SCHEMA.md, "Records"; in short, one record a line, fields separated
 * by tabs, "\\", "\t", "\n" and "\r" escaped with a backslash and "\N" for
 * null.  The input is untrusted: every line is checked, and the first bad
 * one stops the run with its line number.
 *
 * afalg-trace --state: version 2 of the same format (SCHEMA.md, "State"),
 * written and read back here with the same reader: the inventory's rows
 * with their processes nested under them (a process is a record of its
 * row, not a pid: a pid may stand for two processes across restarts),
 * ended by a checksum that catches a truncated or altered file.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inventory.h"
#include "metrics.h"
#include "records.h"
#include "trace-helpers.h"

#define RECORDS_MAGIC	"afalg-trace-records"
#define RECORDS_VERSION	1
#define STATE_VERSION	2
/* a carried count or a row's total: far from wrapping when this run adds to it */
#define STATE_COUNT_MAX	(1ULL << 62)
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

/* what the next "rcount" record of a state file counts for */
enum count_target { TO_NONE, TO_ROW, TO_PROC };

struct reader {
	const char *path;
	unsigned long lineno;
	int version;			/* RECORDS_VERSION, or STATE_VERSION (--state) */
	struct records_run *run;
	struct count_rec *counts;
	size_t ncounts, cap_counts;
	/* a state file: */
	struct state *st;
	char *why;			/* the error goes here, not to stderr */
	size_t whylen;
	uint64_t hash;			/* FNV-1a of the lines before "end" */
	bool ended, have_span;
	size_t max_rows, max_procs;
	enum count_target target;
	unsigned int given;		/* counters given for the target (bits) */
	unsigned int stats_given;
};

__attribute__((format(printf, 2, 3)))
static int bad(const struct reader *r, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	/* it may quote the input: one line whatever that holds */
	for (char *c = why; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	if (r->why)
		snprintf(r->why, r->whylen, "line %lu: %s", r->lineno, why);
	else
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

/* ---- version 2: the state file (--state) -------------------------------- */

/* the "stat" records: the statistics map's (enum at_stat) or the event log's */
enum { STAT_EVENTS = -1, STAT_IDS_DROPPED = -2, STAT_IDS_NOT_KEPT = -3 };
static const struct {
	const char *name;
	int stat;		/* enum at_stat, or one of the above */
} stat_keys[] = {
	{ "events", STAT_EVENTS }, { "lost_events", S_LOST_EVENTS },
	{ "lost_identities", S_LOST_PROCS }, { "counter_full", S_COUNTER_FULL },
	{ "counter_folded", S_COUNTER_FOLDED }, { "class_full", S_CLASS_FULL },
	{ "tfm_full", S_TFM_FULL }, { "inflight_full", S_INFLIGHT_FULL },
	{ "identities_dropped", STAT_IDS_DROPPED }, { "identities_not_kept", STAT_IDS_NOT_KEPT },
};
#define NSTAT_KEYS	(sizeof(stat_keys) / sizeof(stat_keys[0]))

/* where statistic i of a state file goes */
static unsigned long long *state_stat(struct state *st, size_t i)
{
	switch (stat_keys[i].stat) {
	case STAT_EVENTS: return &st->nevents;
	case STAT_IDS_DROPPED: return &st->procs_dropped;
	case STAT_IDS_NOT_KEPT: return &st->procs_over_cap;
	default: return &st->stats[stat_keys[i].stat];
	}
}

/* statistic i of an inventory and its event log */
static unsigned long long stat_value(const struct inventory *inv, const struct event_log *log,
				     size_t i)
{
	switch (stat_keys[i].stat) {
	case STAT_EVENTS: return log->nevents;
	case STAT_IDS_DROPPED: return log->procs_dropped;
	case STAT_IDS_NOT_KEPT: return log->procs_over_cap;
	default: return inv->stats[stat_keys[i].stat];
	}
}

/* an owned copy of s (NULL stays NULL) in st->strs; -1: out of memory */
static int state_str(struct state *st, const char *s, const char **out)
{
	char **na;

	*out = NULL;
	if (!s)
		return 0;
	na = grow_array(st->strs, &st->cap_strs, st->nstrs, sizeof(*na));
	if (!na)
		return -1;
	st->strs = na;
	if (!(st->strs[st->nstrs] = strdup(s)))
		return -1;
	*out = st->strs[st->nstrs++];
	return 0;
}

/* "a,b,c": at most 16 numbers in [lo, INT_MAX]; NULL or "": none */
static int int_list(const struct reader *r, const char *s, long long lo, int *arr, int *n,
		    const char *what)
{
	char buf[256], *tok, *save;

	*n = 0;
	if (!s || !*s)
		return 0;
	if (strlen(s) >= sizeof(buf))
		return bad(r, "%s: list too long", what);
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		long long v;

		if (*n == 16)
			return bad(r, "%s: more than 16", what);
		if (num(r, tok, lo, INT_MAX, &v))
			return -1;
		for (int i = 0; i < *n; i++)
			if (arr[i] == v)
				return bad(r, "%s: %lld given twice", what, v);
		arr[(*n)++] = v;
	}
	/* "1,,2" or a trailing comma: strtok_r would pass over them */
	if (strstr(s, ",,") || s[0] == ',' || s[strlen(s) - 1] == ',')
		return bad(r, "%s: empty element", what);
	return 0;
}

/* the current row: a row that is not an overflow row has processes */
static int row_done(const struct reader *r)
{
	const struct state *st = r->st;
	const struct carried_row *row = st->nrows ? &st->rows[st->nrows - 1] : NULL;

	if (row && !row->overflow && !row->nprocs)
		return bad(r, "the row before has no process");
	return 0;
}

static int rec_row(struct reader *r, char **f, int n)
{
	struct state *st = r->st;
	struct carried_row *row;
	long long ov, uid = 0, caps = 0, bbs;

	if (n != 11)
		return bad(r, "row: OVERFLOW EXE CGROUP UID TYPE ALG CAPS BOUND_BEFORE_START "
			   "KEY_LENGTHS AUTHSIZES expected");
	if (row_done(r))
		return -1;
	if (st->nrows == r->max_rows)
		return bad(r, "more than %zu rows (--max-entries)", r->max_rows);
	if (num(r, f[1], 0, 1, &ov) || num(r, f[8], 0, 1, &bbs) ||
	    (f[7] && num(r, f[7], 0, AT_CAP_PRIVILEGED, &caps)))
		return -1;
	if (!f[2] || !f[3])
		return bad(r, "row: exe or cgroup is null");
	if (strlen(f[2]) >= AT_EXE_DEPTH * AT_COMP_LEN + 8 ||
	    strlen(f[3]) >= AT_EXE_DEPTH * AT_COMP_LEN + 8)
		return bad(r, "row: exe or cgroup longer than %d bytes",
			   AT_EXE_DEPTH * AT_COMP_LEN + 7);
	if (ov ? f[4] != NULL : num(r, f[4], 0, UINT_MAX, &uid))
		return ov ? bad(r, "row: an overflow row has no uid") : -1;
	if (!f[5] != !f[6])
		return bad(r, "row: type and algorithm are both null or neither");
	if ((f[5] && strlen(f[5]) >= AT_TYPE_LEN) || (f[6] && strlen(f[6]) >= AT_NAME_LEN))
		return bad(r, "row: type or algorithm longer than the tracer keeps");
	row = grow_array(st->rows, &st->cap_rows, st->nrows, sizeof(*row));
	if (!row)
		return bad(r, "out of memory");
	st->rows = row;
	row = &st->rows[st->nrows];
	memset(row, 0, sizeof(*row));
	row->overflow = ov;
	row->uid = uid;
	row->caps = caps;
	row->caps_known = f[7] != NULL;
	row->bound_before_start = bbs;
	row->first_proc = st->nprocs;
	if (int_list(r, f[9], AT_KEY_SERIAL, row->keylens, &row->nkeylens, "key lengths") ||
	    int_list(r, f[10], 0, row->authsizes, &row->nauthsizes, "authsizes"))
		return -1;
	for (int i = 0; i < row->nkeylens; i++)
		if (row->keylens[i] == AT_KEY_NONE)
			return bad(r, "key lengths: -1 is no key length");
	if (state_str(st, f[2], &row->exe) || state_str(st, f[3], &row->cgroup) ||
	    state_str(st, f[5], &row->type) || state_str(st, f[6], &row->alg))
		return bad(r, "out of memory");
	st->nrows++;
	r->target = ov ? TO_ROW : TO_NONE;
	r->given = 0;
	return 0;
}

static int rec_rproc(struct reader *r, char **f, int n)
{
	struct state *st = r->st;
	struct carried_row *row = st->nrows ? &st->rows[st->nrows - 1] : NULL;
	struct carried_proc *cp;
	long long pid, ppid = 0, pidns = 0, mntns = 0;
	bool known;

	if (n != 6)
		return bad(r, "rproc: PID PPID PIDNS MNTNS COMM expected");
	known = f[2] != NULL;
	if (!row || row->overflow)
		return bad(r, "rproc: not under a row with processes");
	if (st->nprocs == r->max_procs)
		return bad(r, "more than %zu processes (--max-entries)", r->max_procs);
	if (known != (f[3] != NULL) || known != (f[4] != NULL) || known != (f[5] != NULL))
		return bad(r, "rproc: ppid, pidns, mntns and comm are all null or none");
	if (num(r, f[1], 1, UINT_MAX, &pid) ||
	    (known && (num(r, f[2], 0, UINT_MAX, &ppid) || num(r, f[3], 0, UINT_MAX, &pidns) ||
		       num(r, f[4], 0, UINT_MAX, &mntns))))
		return -1;
	cp = grow_array(st->procs, &st->cap_procs, st->nprocs, sizeof(*cp));
	if (!cp)
		return bad(r, "out of memory");
	st->procs = cp;
	cp = &st->procs[st->nprocs];
	memset(cp, 0, sizeof(*cp));
	cp->known = known;
	cp->p.who.tgid = pid;
	cp->p.who.uid = row->uid;
	cp->p.ppid = ppid;
	cp->p.pidns = pidns;
	cp->p.mntns = mntns;
	if (known && copy(r, cp->p.comm, sizeof(cp->p.comm), f[5], "comm"))
		return -1;
	st->nprocs++;
	row->nprocs++;
	r->target = TO_PROC;
	r->given = 0;
	return 0;
}

static int rec_rcount(struct reader *r, char **f, int n)
{
	struct state *st = r->st;
	struct carried_row *row = st->nrows ? &st->rows[st->nrows - 1] : NULL;
	unsigned long long v, *total;
	int i;

	if (n != 3)
		return bad(r, "rcount: COUNTER VALUE expected");
	if (r->target == TO_NONE)
		return bad(r, "rcount: not under an overflow row or a process");
	for (i = 0; i < C_NR && (!f[1] || strcmp(f[1], counter_key[i])); i++)
		;
	if (i == C_NR)
		return bad(r, "rcount: unknown counter");
	if (r->given & (1u << i))
		return bad(r, "rcount: %s given twice", counter_key[i]);
	if (unum(r, f[2], &v))
		return -1;
	/* a process's count adds to its row's total, kept in row->c to check it */
	total = &row->c[i];
	if (v > STATE_COUNT_MAX || *total > STATE_COUNT_MAX - v)
		return bad(r, "rcount: %s out of range", counter_key[i]);
	*total += v;
	if (r->target == TO_PROC)
		st->procs[st->nprocs - 1].c[i] = v;
	r->given |= 1u << i;
	return 0;
}

static int rec_runs(struct reader *r, char **f, int n)
{
	long long runs;

	if (n != 2 || num(r, f[1], 1, UINT_MAX - 1, &runs))
		return bad(r, "runs: a number of runs expected");
	if (r->st->runs)
		return bad(r, "runs given twice");
	r->st->runs = runs;
	return 0;
}

static int rec_stat(struct reader *r, char **f, int n)
{
	size_t i;

	if (n != 3)
		return bad(r, "stat: NAME VALUE expected");
	for (i = 0; i < NSTAT_KEYS && (!f[1] || strcmp(f[1], stat_keys[i].name)); i++)
		;
	if (i == NSTAT_KEYS)
		return bad(r, "stat: unknown statistic");
	if (r->stats_given & (1u << i))
		return bad(r, "stat: %s given twice", stat_keys[i].name);
	r->stats_given |= 1u << i;
	if (unum(r, f[2], state_stat(r->st, i)))
		return -1;
	if (*state_stat(r->st, i) > STATE_COUNT_MAX)
		return bad(r, "stat: %s out of range", stat_keys[i].name);
	return 0;
}

static int rec_state_span(struct reader *r, char **f, int n)
{
	if (r->have_span)
		return bad(r, "span given twice");
	r->have_span = true;
	return rec_span(r, f, n);
}

/* "end LINES FNV1A64": the lines before it, and their checksum (set in read_lines) */
static int rec_end(struct reader *r, char **f, int n)
{
	char want[32];
	long long lines;

	if (n != 3 || num(r, f[1], 1, LLONG_MAX, &lines) || !f[2])
		return bad(r, "end: LINES CHECKSUM expected");
	snprintf(want, sizeof(want), "%016" PRIx64, r->hash);
	if ((unsigned long)lines != r->lineno - 1 || strcmp(f[2], want))
		return bad(r, "checksum or line count does not match: the file was altered");
	if (row_done(r))
		return -1;
	r->ended = true;
	return 0;
}

static const struct {
	const char *kind;
	int (*parse)(struct reader *r, char **f, int n);
	int version;		/* the format version it belongs to, 0: both */
} kinds[] = {
	{ "tracer", rec_tracer, 0 }, { "span", rec_span, RECORDS_VERSION },
	{ "af_alg", rec_af_alg, RECORDS_VERSION },
	{ "filters", rec_filters, 0 }, { "hook", rec_hook, RECORDS_VERSION },
	{ "mode", rec_mode, RECORDS_VERSION },
	{ "tracepoint", rec_tracepoint, RECORDS_VERSION }, { "stats", rec_stats, RECORDS_VERSION },
	{ "unclassified", rec_unclassified, RECORDS_VERSION },
	{ "proc", rec_proc, RECORDS_VERSION }, { "class", rec_class, RECORDS_VERSION },
	{ "count", rec_count, RECORDS_VERSION },
	{ "span", rec_state_span, STATE_VERSION }, { "runs", rec_runs, STATE_VERSION },
	{ "stat", rec_stat, STATE_VERSION }, { "row", rec_row, STATE_VERSION },
	{ "rproc", rec_rproc, STATE_VERSION }, { "rcount", rec_rcount, STATE_VERSION },
	{ "end", rec_end, STATE_VERSION },
};

static int record(struct reader *r, char **f, int n)
{
	if (!f[0])
		return bad(r, "record kind is null");
	if (r->ended)
		return bad(r, "a record after the end");
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(f[0], kinds[i].kind) &&
		    (!kinds[i].version || kinds[i].version == r->version))
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

/* FNV-1a, 64 bits: the state file's checksum (catches truncation and bit rot) */
static uint64_t fnv1a(uint64_t h, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)p[i];
		h *= 1099511628211ULL;
	}
	return h;
}
#define FNV1A_INIT	1469598103934665603ULL

static int read_lines(struct reader *r, FILE *in)
{
	char *line = NULL, *f[MAX_FIELDS], vers[16];
	size_t cap = 0;
	ssize_t len;
	int n, err = 0;

	snprintf(vers, sizeof(vers), "%d", r->version);
	r->hash = FNV1A_INIT;
	while (!err && (len = getline(&line, &cap, in)) >= 0) {
		uint64_t before = r->hash;

		r->lineno++;
		if (len > MAX_LINE) {
			err = bad(r, "line longer than %d bytes", MAX_LINE);
			break;
		}
		/* every line counts, the "end" line's own excepted (it holds the sum) */
		r->hash = fnv1a(r->hash, line, len);
		if (len && line[len - 1] == '\n') {
			line[--len] = 0;
		} else if (r->version == STATE_VERSION) {
			/* the writer ends every line: this one was cut */
			err = bad(r, "truncated: the last line has no newline");
			break;
		}
		if ((size_t)len != strlen(line)) {
			err = bad(r, "NUL byte");
			break;
		}
		n = split(r, line, f);
		if (n < 0) {
			err = -1;
		} else if (r->lineno == 1) {
			if (n != 2 || !f[0] || !f[1] || strcmp(f[0], RECORDS_MAGIC) ||
			    strcmp(f[1], vers))
				err = bad(r, "not afalg-trace records version %d%s", r->version,
					  r->version == STATE_VERSION ? " (a state file)" : "");
		} else {
			if (n && f[0] && !strcmp(f[0], "end"))
				r->hash = before;
			err = record(r, f, n);
		}
	}
	if (!err && ferror(in))
		err = bad(r, "read error: %s", strerror(errno));
	if (!err && !r->lineno)
		err = bad(r, "empty input");
	if (!err && r->version == STATE_VERSION && !r->ended)
		err = bad(r, "truncated: no end record");
	free(line);
	return err;
}

int records_read(const char *path, struct records_run *run)
{
	struct reader r = { .path = path, .run = run, .version = RECORDS_VERSION };
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

/* ---- the state file (--state) -------------------------------------------- */

void state_free(struct state *st)
{
	for (size_t i = 0; i < st->nstrs; i++)
		free(st->strs[i]);
	free(st->strs);
	free(st->rows);
	free(st->procs);
	free(st->cgroup);
	memset(st, 0, sizeof(*st));
}

/* the overflow row of row's (type, alg, privilege), made if new; NULL: no memory */
static struct carried_row *overflow_row_of(struct state *st, size_t row)
{
	struct carried_row *o;

	for (size_t i = 0; i < st->nrows; i++) {
		o = &st->rows[i];
		if (o->overflow && o->caps == st->rows[row].caps &&
		    o->caps_known == st->rows[row].caps_known &&
		    !o->type == !st->rows[row].type &&
		    (!o->type || (!strcmp(o->type, st->rows[row].type) &&
				  !strcmp(o->alg, st->rows[row].alg))))
			return o;
	}
	o = grow_array(st->rows, &st->cap_rows, st->nrows, sizeof(*o));
	if (!o)
		return NULL;
	st->rows = o;
	o = &st->rows[st->nrows++];
	memset(o, 0, sizeof(*o));
	*o = (struct carried_row){
		.exe = "(overflow)", .cgroup = "(overflow)",
		.type = st->rows[row].type, .alg = st->rows[row].alg,
		.caps = st->rows[row].caps, .caps_known = st->rows[row].caps_known,
		.overflow = true, .first_proc = st->nprocs,
	};
	return o;
}

/*
 * Keep the first keep carried processes; fold the counts of the others
 * into the overflow rows of their algorithms, as the kernel side folds
 * callers beyond --max-entries.  -1: out of memory.
 */
static int state_fold(struct state *st, size_t keep)
{
	size_t kept = 0, nrows = st->nrows;

	for (size_t i = 0; i < nrows; i++) {
		struct carried_row *o = NULL;

		if (st->rows[i].overflow)
			continue;
		for (size_t j = st->rows[i].first_proc;
		     j < st->rows[i].first_proc + st->rows[i].nprocs; j++) {
			struct carried_proc *cp = &st->procs[j];

			if (kept < keep) {
				kept++;
				continue;
			}
			if (!o && !(o = overflow_row_of(st, i)))
				return -1;
			for (int c = 0; c < C_NR; c++)
				o->c[c] += cp->c[c];
			for (int k = 0; k < st->rows[i].nkeylens; k++)
				int_set_add(o->keylens, &o->nkeylens, st->rows[i].keylens[k]);
			for (int k = 0; k < st->rows[i].nauthsizes; k++)
				int_set_add(o->authsizes, &o->nauthsizes, st->rows[i].authsizes[k]);
			cp->folded = true;
			st->folded++;
		}
	}
	return 0;
}

int state_read(const char *path, struct state *st, size_t max_entries, char *why,
	       size_t whylen)
{
	struct records_run run = {};
	/* at most what a tracer of this --max-entries writes: its carried
	 * processes and this run's, the overflow map's rows and rows per process */
	struct reader r = {
		.path = path, .run = &run, .version = STATE_VERSION, .st = st,
		.why = why, .whylen = whylen, .max_procs = 2 * max_entries,
		.max_rows = 2 * max_entries + 4 * (8192 + AT_CLASS_FIRST),
	};
	FILE *in;
	int err;

	memset(st, 0, sizeof(*st));
	in = fopen(path, "re");
	if (!in) {
		if (errno == ENOENT)
			return 1;
		msg("cannot read the state file %s: %s", path, strerror(errno));
		return -2;
	}
	err = read_lines(&r, in);
	if (ferror(in)) {
		/* not its content: what it holds may be good, keep it */
		msg("cannot read the state file %s: %s", path, strerror(errno));
		fclose(in);
		records_free(&run);
		state_free(st);
		return -2;
	}
	fclose(in);
	if (!err && (!r.have_span || !st->runs))
		err = bad(&r, "no span or runs record");
	if (!err) {
		st->start = run.span.t0;
		st->pid = run.opt.pid;
		st->cgroup = run.cgroup;
		run.cgroup = NULL;
		if (state_fold(st, max_entries))
			err = bad(&r, "out of memory");
	}
	records_free(&run);
	if (err) {
		state_free(st);
		return -1;
	}
	return 0;
}

/* one field: NULL is \N, the escapes of the reader undone */
static void put_field(FILE *f, const char *s)
{
	fputc('\t', f);
	if (!s) {
		fputs("\\N", f);
		return;
	}
	for (; *s; s++) {
		switch (*s) {
		case '\\': fputs("\\\\", f); break;
		case '\t': fputs("\\t", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		default: fputc(*s, f);
		}
	}
}

static void put_ulong(FILE *f, unsigned long long v)
{
	fprintf(f, "\t%llu", v);
}

static void put_list(FILE *f, const int *v, int n)
{
	fputc('\t', f);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%d", i ? "," : "", v[i]);
}

/* the nonzero counters of c, as rcount records */
static void put_counts(FILE *f, const unsigned long long *c)
{
	for (int i = 0; i < C_NR; i++)
		if (c[i])
			fprintf(f, "rcount\t%s\t%llu\n", counter_key[i], c[i]);
}

struct state_ctx {
	struct inventory *inv;
	const struct event_log *log;
	const struct run_span *span;
	unsigned int pid;
	const char *cgroup;
};

static void state_body(FILE *f, const struct state_ctx *s)
{
	size_t nrows = inventory_nrows(s->inv);

	fprintf(f, "%s\t%d\n", RECORDS_MAGIC, STATE_VERSION);
	fputs("tracer", f);
	put_field(f, s->span->version ? s->span->version : "");
	put_field(f, s->span->backend ? s->span->backend : "libbpf");
	fprintf(f, "\nspan\t%lld.%09ld\t%lld.%09ld\n", (long long)s->span->t0.tv_sec,
		s->span->t0.tv_nsec, (long long)s->span->t1.tv_sec, s->span->t1.tv_nsec);
	fprintf(f, "filters\t%u", s->pid);
	put_field(f, s->cgroup);
	fprintf(f, "\nruns\t%u\n", s->span->runs ? s->span->runs : 1);
	for (size_t i = 0; i < NSTAT_KEYS; i++)
		fprintf(f, "stat\t%s\t%llu\n", stat_keys[i].name, stat_value(s->inv, s->log, i));
	for (size_t i = 0; i < nrows; i++) {
		struct carried_row row;

		inventory_row(s->inv, i, &row);
		fprintf(f, "row\t%d", row.overflow);
		put_field(f, row.exe);
		put_field(f, row.cgroup);
		if (row.overflow)
			fputs("\t\\N", f);
		else
			put_ulong(f, row.uid);
		put_field(f, row.type);
		put_field(f, row.alg);
		if (row.caps_known)
			put_ulong(f, row.caps);
		else
			fputs("\t\\N", f);
		fprintf(f, "\t%d", row.bound_before_start);
		put_list(f, row.keylens, row.nkeylens);
		put_list(f, row.authsizes, row.nauthsizes);
		fputc('\n', f);
		if (row.overflow) {
			put_counts(f, row.c);
			continue;
		}
		for (size_t j = 0; j < row.nprocs; j++) {
			const unsigned long long *c;
			const struct proc *p;
			unsigned int pid;

			inventory_row_proc(s->inv, i, j, &pid, &p, &c);
			if (p) {
				fprintf(f, "rproc\t%u\t%u\t%u\t%u", pid, p->ppid, p->pidns, p->mntns);
				put_field(f, p->comm);
				fputc('\n', f);
			} else {
				fprintf(f, "rproc\t%u\t\\N\t\\N\t\\N\t\\N\n", pid);
			}
			put_counts(f, c);
		}
	}
}

struct state_buf {
	const char *buf, *end;
	size_t len;
};

static void state_to(FILE *f, void *ctx)
{
	const struct state_buf *b = ctx;

	fwrite(b->buf, 1, b->len, f);
	fputs(b->end, f);
}

int state_write(const char *path, struct inventory *inv, const struct event_log *log,
		const struct run_span *span, unsigned int pid, const char *cgroup)
{
	struct state_ctx s = { inv, log, span, pid, cgroup };
	char *buf = NULL, end[64];
	size_t len = 0, lines = 0;
	struct state_buf b;
	FILE *m = open_memstream(&buf, &len);
	int err;

	/* the body in memory first: the "end" record holds its checksum */
	if (!m || (state_body(m, &s), fclose(m))) {
		msg("out of memory writing the state file %s: the last one stays", path);
		free(buf);
		return -1;
	}
	for (size_t i = 0; i < len; i++)
		lines += buf[i] == '\n';
	snprintf(end, sizeof(end), "end\t%zu\t%016" PRIx64 "\n", lines,
		 fnv1a(FNV1A_INIT, buf, len));
	b.buf = buf;
	b.len = len;
	b.end = end;
	err = write_atomic(path, state_to, &b);
	free(buf);
	return err;
}
