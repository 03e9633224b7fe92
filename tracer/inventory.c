// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace loader: the inventory.  On stop, the kernel's exact counters
 * (per identity and algorithm class) are merged into rows, one per (exe,
 * uid, cgroup, type, alg) with a per-process breakdown, and written as the
 * JSON inventory (tracer/SCHEMA.md) or as a table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "afalg-trace.skel.h"
#include "inventory.h"
#include "journal.h"
#include "restrict.h"
#include "trace-helpers.h"

#ifndef AFALG_TRACE_VERSION
#define AFALG_TRACE_VERSION "0.0.0"
#endif

/* the exe and cgroup of the rows callers are folded into (never a path) */
#define OVERFLOW_EXE	"(overflow)"

#define SCHEMA_NAME	"afalg-trace-inventory"
#define SCHEMA_VERSION	3

struct cls_rec {
	unsigned int id;
	struct at_class c;
};

static const struct at_class *class_of(const struct inventory *inv, unsigned int id)
{
	for (size_t i = 0; i < inv->nclss; i++)
		if (inv->clss[i].id == id)
			return &inv->clss[i].c;
	return NULL;
}

void *grow_array(void *arr, size_t *cap, size_t n, size_t sz)
{
	size_t ncap;
	void *na;

	if (n < *cap)
		return arr;
	ncap = *cap ? *cap * 2 : 16;
	na = reallocarray(arr, ncap, sz);
	if (na)
		*cap = ncap;
	return na;
}

struct pentry {
	unsigned int tgid;
	const struct proc *p;
	bool carried;		/* counted by an earlier run (--state) */
	unsigned long long c[C_NR];
};

struct entry {
	const char *exe, *cgroup, *type, *alg;
	unsigned int uid;
	unsigned int caps;	/* AT_CAP_*: rows are split by privilege */
	bool caps_known;	/* false: a saved bpftrace run without them */
	bool split_unknown;	/* ENOENT binds not split: denied/not_found null */
	bool overflow;		/* callers folded when the counters map was full */
	bool unbound, unknown;
	unsigned long long c[C_NR];
	int keylens[16], nkeylens;
	int authsizes[16], nauthsizes;
	struct pentry *pe;
	size_t npe, cap_pe;
};

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

void int_set_add(int *arr, int *n, int v)
{
	for (int i = 0; i < *n; i++)
		if (arr[i] == v)
			return;
	if (*n < 16)
		arr[(*n)++] = v;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static void sort_rows(struct inventory *inv);

int inventory_add_class(struct inventory *inv, unsigned int id, const struct at_class *c)
{
	void *na = grow_array(inv->clss, &inv->cap_clss, inv->nclss, sizeof(*inv->clss));

	if (!na)
		return -1;
	inv->clss = na;
	inv->clss[inv->nclss].id = id;
	inv->clss[inv->nclss].c = *c;
	inv->nclss++;
	return 0;
}

/*
 * Call fn(inv, key, value, log) for every element of the map fd (keys of
 * ksz bytes, values of vsz, at most 256 each); stop at fn's first error.
 */
static int each_elem(int fd, size_t ksz, size_t vsz, struct inventory *inv,
		     const struct event_log *log,
		     int (*fn)(struct inventory *, const void *, const void *,
			       const struct event_log *))
{
	/* 8-byte aligned: the callbacks read them as the maps' structs */
	unsigned long long k[32], kn[32], v[32];
	bool first = true;

	if (ksz > sizeof(k) || vsz > sizeof(v))
		return -1;
	while (bpf_map_get_next_key(fd, first ? NULL : k, kn) == 0) {
		first = false;
		memcpy(k, kn, ksz);
		if (bpf_map_lookup_elem(fd, k, v))
			continue;	/* deleted meanwhile */
		if (fn(inv, k, v, log))
			return -1;
	}
	return 0;
}

static int add_class_elem(struct inventory *inv, const void *k, const void *v,
			  const struct event_log *log)
{
	unsigned int id;

	(void)log;
	memcpy(&id, v, sizeof(id));
	return inventory_add_class(inv, id, k);
}

static int add_counter_elem(struct inventory *inv, const void *k, const void *v,
			    const struct event_log *log)
{
	const struct at_ckey *ck = k;

	return inventory_add(inv, find_proc(log, &ck->who), ck, true,
			     ((const struct at_cval *)v)->c);
}

static int add_overflow_elem(struct inventory *inv, const void *k, const void *v,
			     const struct event_log *log)
{
	(void)log;
	return inventory_add_overflow(inv, k, ((const struct at_cval *)v)->c);
}

/* The row of (exe, uid, cgroup, type, alg, caps), made if new; NULL: no memory. */
static struct entry *row_of(struct inventory *inv, const char *exe, const char *cg,
			    const char *type, const char *alg, const struct at_ckey *k,
			    bool caps_known, bool overflow)
{
	struct entry *en;
	void *na;

	for (size_t i = 0; i < inv->nents; i++) {
		en = &inv->ents[i];
		if (str_eq(en->exe, exe) && en->uid == k->who.uid && str_eq(en->cgroup, cg) &&
		    str_eq(en->type, type) && str_eq(en->alg, alg) && en->caps == k->who.caps &&
		    en->caps_known == caps_known && en->overflow == overflow)
			return en;
	}
	na = grow_array(inv->ents, &inv->cap_ents, inv->nents, sizeof(*inv->ents));
	if (!na)
		return NULL;
	inv->ents = na;
	en = &inv->ents[inv->nents++];
	memset(en, 0, sizeof(*en));
	en->exe = exe;
	en->cgroup = cg;
	en->type = type;
	en->alg = alg;
	en->uid = k->who.uid;
	en->caps = k->who.caps;
	en->caps_known = caps_known;
	en->overflow = overflow;
	en->unbound = k->class_id == AT_CLASS_UNBOUND;
	en->unknown = k->class_id == AT_CLASS_UNKNOWN;
	return en;
}

/* Whether a and b describe one process: pids are reused, identities rarely. */
static bool same_process(const struct proc *a, const struct proc *b)
{
	return a && b && a->who.tgid == b->who.tgid && a->ppid == b->ppid &&
	       a->pidns == b->pidns && a->mntns == b->mntns && !strcmp(a->comm, b->comm);
}

/*
 * The row's per-process breakdown for tgid, made if new; NULL: no memory.
 * This run's counts go by pid (the kernel's keys are this run's processes);
 * a carried process (an earlier run's) is one process entry of its own
 * unless this run's process of that pid has the same identity.
 */
static struct pentry *proc_row_of(struct entry *en, unsigned int tgid, const struct proc *p,
				  bool carried)
{
	struct pentry *pe;
	void *na;

	for (size_t i = 0; i < en->npe; i++) {
		pe = &en->pe[i];
		if (pe->tgid != tgid)
			continue;
		if (!carried && !pe->carried)
			return pe;
		if (pe->carried != carried && same_process(pe->p, p))
			return pe;
	}
	na = grow_array(en->pe, &en->cap_pe, en->npe, sizeof(*en->pe));
	if (!na)
		return NULL;
	en->pe = na;
	pe = &en->pe[en->npe++];
	memset(pe, 0, sizeof(*pe));
	pe->tgid = tgid;
	pe->p = p;
	pe->carried = carried;
	return pe;
}

static void read_stats(struct inventory *inv, struct afalg_trace_bpf *o)
{
	int ncpu = libbpf_num_possible_cpus();
	unsigned long long *pc = ncpu > 0 ? calloc(ncpu, sizeof(*pc)) : NULL;

	if (!pc) {
		msg("cannot read the statistics map: lost and dropped counts are shown as 0");
		return;
	}
	for (unsigned int i = 0; i < S_NR; i++) {
		if (bpf_map_lookup_elem(bpf_map__fd(o->maps.stats), &i, pc))
			continue;
		for (int c = 0; c < ncpu; c++)
			inv->stats[i] += pc[c];
	}
	free(pc);
}

/* The row of k's class for p, or the overflow row of the class (p unused). */
static struct entry *class_row(struct inventory *inv, const struct proc *p,
			       const struct at_ckey *k, bool caps_known, bool overflow)
{
	const struct at_class *c = class_of(inv, k->class_id);
	const char *type = NULL, *alg = NULL;
	struct entry *en;

	if (k->class_id >= AT_CLASS_FIRST && c) {
		type = c->type;
		alg = c->name;
	} else if (k->class_id != AT_CLASS_UNBOUND) {
		/* AT_CLASS_UNKNOWN, or a class the map could not keep */
		type = "?";
		alg = "?";
	}
	if (overflow)
		en = row_of(inv, OVERFLOW_EXE, OVERFLOW_EXE, type, alg, k, caps_known, true);
	else
		en = row_of(inv, p ? p->exe : "?", p ? p->cgroup : "?", type, alg, k,
			    caps_known, false);
	if (!en)
		return NULL;
	if (type && !strcmp(type, "?"))
		en->unknown = true;
	en->split_unknown = !en->unbound && (!caps_known || inv->unclassified);
	if (c && k->class_id >= AT_CLASS_FIRST) {
		if (c->keylen == AT_KEY_UNKNOWN)
			en->unknown = true;	/* resolved from the kernel */
		else if (c->keylen != AT_KEY_NONE)
			int_set_add(en->keylens, &en->nkeylens, c->keylen);
		if (c->authsize != AT_AUTHSIZE_DEFAULT)
			int_set_add(en->authsizes, &en->nauthsizes, c->authsize);
	}
	return en;
}

int inventory_add_overflow(struct inventory *inv, const struct at_okey *ok,
			   const unsigned long long *counts)
{
	struct at_ckey k = { .who.caps = ok->caps, .class_id = ok->class_id };
	struct entry *en = class_row(inv, NULL, &k, true, true);

	if (!en)
		return -1;
	for (int i = 0; i < C_NR; i++)
		en->c[i] += counts[i];
	return 0;
}

int inventory_add(struct inventory *inv, const struct proc *p, const struct at_ckey *k,
		  bool caps_known, const unsigned long long *counts)
{
	struct entry *en = class_row(inv, p, k, caps_known, false);
	struct pentry *pe;

	if (!en)
		return -1;
	pe = proc_row_of(en, k->who.tgid, p, false);
	if (!pe)
		return -1;
	for (int i = 0; i < C_NR; i++) {
		en->c[i] += counts[i];
		pe->c[i] += counts[i];
	}
	return 0;
}

int inventory_add_carried(struct inventory *inv, const struct carried_row *r,
			  const struct carried_proc *procs)
{
	struct at_ckey k = { .who.uid = r->uid, .who.caps = r->caps };
	struct entry *en;
	size_t kept = 0;

	for (size_t i = r->first_proc; i < r->first_proc + r->nprocs; i++)
		kept += !procs[i].folded;
	if (!r->overflow && !kept)
		return 0;	/* every process folded into an overflow row */
	if (!r->type)
		k.class_id = AT_CLASS_UNBOUND;
	else if (!strcmp(r->type, "?"))
		k.class_id = AT_CLASS_UNKNOWN;
	else
		k.class_id = AT_CLASS_FIRST;
	en = row_of(inv, r->exe, r->cgroup, r->type, r->alg, &k, r->caps_known, r->overflow);
	if (!en)
		return -1;
	en->unknown |= r->bound_before_start;
	en->split_unknown = !en->unbound && (!r->caps_known || inv->unclassified);
	for (int i = 0; i < r->nkeylens; i++)
		int_set_add(en->keylens, &en->nkeylens, r->keylens[i]);
	for (int i = 0; i < r->nauthsizes; i++)
		int_set_add(en->authsizes, &en->nauthsizes, r->authsizes[i]);
	if (r->overflow) {
		for (int c = 0; c < C_NR; c++)
			en->c[c] += r->c[c];
		return 0;
	}
	for (size_t i = r->first_proc; i < r->first_proc + r->nprocs; i++) {
		const struct carried_proc *cp = &procs[i];
		struct pentry *pe;

		if (cp->folded)
			continue;
		pe = proc_row_of(en, cp->p.who.tgid, cp->known ? &cp->p : NULL, true);
		if (!pe)
			return -1;
		for (int c = 0; c < C_NR; c++) {
			en->c[c] += cp->c[c];
			pe->c[c] += cp->c[c];
		}
	}
	return 0;
}

size_t inventory_nrows(struct inventory *inv)
{
	sort_rows(inv);
	return inv->nents;
}

void inventory_row(const struct inventory *inv, size_t i, struct carried_row *r)
{
	const struct entry *en = &inv->ents[i];

	memset(r, 0, sizeof(*r));
	r->exe = en->exe;
	r->cgroup = en->cgroup;
	r->type = en->type;
	r->alg = en->alg;
	r->uid = en->uid;
	r->caps = en->caps;
	r->caps_known = en->caps_known;
	r->overflow = en->overflow;
	r->bound_before_start = en->unknown;
	memcpy(r->keylens, en->keylens, sizeof(r->keylens));
	r->nkeylens = en->nkeylens;
	memcpy(r->authsizes, en->authsizes, sizeof(r->authsizes));
	r->nauthsizes = en->nauthsizes;
	memcpy(r->c, en->c, sizeof(r->c));
	r->nprocs = en->npe;
}

void inventory_row_proc(const struct inventory *inv, size_t i, size_t j, unsigned int *pid,
			const struct proc **p, const unsigned long long **c)
{
	const struct pentry *pe = &inv->ents[i].pe[j];

	*pid = pe->tgid;
	*p = pe->p;
	*c = pe->c;
}

int aggregate(struct inventory *inv, struct afalg_trace_bpf *o, const struct event_log *log)
{
	read_stats(inv, o);
	/* classes first: the counters' rows are named by them */
	if (each_elem(bpf_map__fd(o->maps.classes), sizeof(struct at_class), sizeof(__u32),
		      inv, log, add_class_elem) ||
	    each_elem(bpf_map__fd(o->maps.counters), sizeof(struct at_ckey),
		      sizeof(struct at_cval), inv, log, add_counter_elem) ||
	    each_elem(bpf_map__fd(o->maps.overflow), sizeof(struct at_okey),
		      sizeof(struct at_cval), inv, log, add_overflow_elem))
		goto oom;
	return 0;
oom:
	msg("out of memory aggregating the inventory: it is incomplete");
	return -1;
}

static const char *row_denied_by(const struct tracer *t, const struct entry *en);
static void split_enoent(const unsigned long long *c, const char *type, const char *alg,
			 unsigned int caps, unsigned long long *denied,
			 unsigned long long *not_found);

/* denied of a row: socket() refusals, or the binds the restriction refused */
static unsigned long long row_denied(const struct entry *en)
{
	unsigned long long denied = en->c[C_DENIED], not_found;

	if (en->unbound)
		return denied;
	if (en->split_unknown)
		return 0;
	split_enoent(en->c, en->type, en->alg, en->caps, &denied, &not_found);
	return denied;
}

const struct inventory_group *inventory_groups(struct inventory *inv, size_t *n)
{
	struct inventory_group *g = NULL;
	size_t ng = 0, cap = 0;

	sort_rows(inv);
	for (size_t i = 0; i < inv->nents; i++) {
		const struct entry *en = &inv->ents[i];

		if (!ng || strcmp(g[ng - 1].exe, en->exe) || !str_eq(g[ng - 1].type, en->type) ||
		    !str_eq(g[ng - 1].alg, en->alg)) {
			struct inventory_group *ngp = grow_array(g, &cap, ng, sizeof(*g));

			if (!ngp) {
				msg("out of memory: the metrics stop at row %zu", i);
				break;
			}
			g = ngp;
			memset(&g[ng], 0, sizeof(g[ng]));
			g[ng].exe = en->exe;
			g[ng].type = en->type;
			g[ng].alg = en->alg;
			ng++;
		}
		for (int c = 0; c < C_NR; c++)
			g[ng - 1].c[c] += en->c[c];
		g[ng - 1].denied += row_denied(en);
	}
	free(inv->groups);
	inv->groups = g;
	*n = ng;
	return g;
}

void inventory_journal(struct inventory *inv, const struct tracer *t, struct journal *j)
{
	sort_rows(inv);
	for (size_t i = 0; i < inv->nents; i++) {
		const struct entry *en = &inv->ents[i];
		struct journal_row r = {
			.exe = en->exe, .cgroup = en->cgroup, .type = en->type, .alg = en->alg,
			.uid = en->uid, .caps = en->caps, .caps_known = en->caps_known,
			.privileged = en->caps & AT_CAP_PRIVILEGED, .overflow = en->overflow,
			.keylens = en->keylens, .nkeylens = en->nkeylens,
			.attempts = en->c[C_SOCKETS] + en->c[C_SOCKET_FAIL] + en->c[C_DENIED],
			.tfm_sockets = en->c[C_BINDS], .denied = row_denied(en),
			.denied_by = row_denied_by(t, en),
		};

		journal_row(j, &r);
	}
}

void inventory_free(struct inventory *inv)
{
	free(inv->groups);
	for (size_t i = 0; i < inv->nents; i++)
		free(inv->ents[i].pe);
	free(inv->ents);
	free(inv->clss);
	memset(inv, 0, sizeof(*inv));
}

/*
 * The ENOENT binds of a row, split into those crypto.af_alg_restrict
 * refused (*denied) and those of a name the kernel does not have
 * (*not_found): the series' tracepoint verdict when there was one, else
 * the level at the time, the allowlists and the caller's privilege.
 */
static void split_enoent(const unsigned long long *c, const char *type, const char *alg,
			 unsigned int caps, unsigned long long *denied,
			 unsigned long long *not_found)
{
	bool priv = caps & AT_CAP_PRIVILEGED;

	*denied = *not_found = 0;
	for (int r = C_BIND_DENIED; r <= C_BIND_ENOENT_LX; r++) {
		if (restrict_enoent_denied(r, type, alg, priv))
			*denied += c[r];
		else
			*not_found += c[r];
	}
}

static void json_counts(FILE *f, const unsigned long long *c, const struct entry *en,
			const char *nl)
{
	unsigned long long denied = c[C_DENIED], not_found = 0;

	/* a row of sockets bound before the start ("?") has no bind counts */
	if (!en->unbound)
		split_enoent(c, en->type, en->alg, en->caps, &denied, &not_found);
	fprintf(f, "\"sockets_created\":%llu,\"attempts\":%llu,",
		c[C_SOCKETS], c[C_SOCKETS] + c[C_SOCKET_FAIL] + c[C_DENIED]);
	if (en->split_unknown)
		fputs("\"denied\":null,\"not_found\":null,", f);
	else
		fprintf(f, "\"denied\":%llu,\"not_found\":%llu,", denied, not_found);
	fprintf(f, "%s\"tfm_sockets\":%llu,\"op_sockets\":%llu,"
		"%s\"ops_sent\":%llu,\"bytes_sent\":%llu,\"ops_received\":%llu,\"bytes_received\":%llu,"
		"%s\"failures\":{\"socket\":%llu,\"bind\":%llu,\"setsockopt\":%llu,\"accept\":%llu,"
		"\"send\":%llu,\"recv\":%llu},\"setsockopts\":%llu",
		nl, c[C_BINDS], c[C_OPSOCKS], nl,
		c[C_SEND_OPS], c[C_SEND_BYTES], c[C_RECV_OPS], c[C_RECV_BYTES], nl,
		c[C_SOCKET_FAIL], c[C_BIND_FAIL], c[C_SETOPT_FAIL], c[C_ACCEPT_FAIL],
		c[C_SEND_FAIL], c[C_RECV_FAIL], c[C_SETOPTS]);
}

/* "denied_by" of a row: "restrict" for bind refusals, as the socket row's. */
static const char *row_denied_by(const struct tracer *t, const struct entry *en)
{
	unsigned long long denied = en->c[C_DENIED], not_found;

	if (en->unbound)
		return denied ? denied_by(t) : NULL;
	if (en->split_unknown)
		return NULL;
	split_enoent(en->c, en->type, en->alg, en->caps, &denied, &not_found);
	return denied ? "restrict" : NULL;
}

void json_privilege(FILE *f, unsigned int caps)
{
	json_privilege_of(f, caps, true);
}

void json_privilege_of(FILE *f, unsigned int caps, bool known)
{
	if (!known) {
		fputs(",\"privileged\":null,\"caps\":null", f);
		return;
	}
	fprintf(f, ",\"privileged\":%s,\"caps\":[%s%s%s]",
		caps & AT_CAP_PRIVILEGED ? "true" : "false",
		caps & AT_CAP_NET_ADMIN ? "\"CAP_NET_ADMIN\"" : "",
		(caps & AT_CAP_NET_ADMIN) && (caps & AT_CAP_SYS_ADMIN) ? "," : "",
		caps & AT_CAP_SYS_ADMIN ? "\"CAP_SYS_ADMIN\"" : "");
}

static int cmp_pe(const void *a, const void *b)
{
	const struct pentry *x = a, *y = b;

	return x->tgid < y->tgid ? -1 : x->tgid > y->tgid;
}

static int cmp_ent(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int r = strcmp(x->exe, y->exe);

	if (r)
		return r;
	if (x->unbound != y->unbound)
		return x->unbound ? -1 : 1;
	r = strcmp(x->type ? x->type : "", y->type ? y->type : "");
	if (!r)
		r = strcmp(x->alg ? x->alg : "", y->alg ? y->alg : "");
	return r ? r : (int)x->caps - (int)y->caps;
}

static void json_int_or_null(FILE *f, bool have, long long v)
{
	if (have)
		fprintf(f, "%lld", v);
	else
		fputs("null", f);
}

/* Rows, their processes (by pid) and their key lengths in output order. */
static void sort_rows(struct inventory *inv)
{
	for (size_t i = 0; i < inv->nents; i++) {
		struct entry *en = &inv->ents[i];

		qsort(en->keylens, en->nkeylens, sizeof(int), cmp_int);
		qsort(en->authsizes, en->nauthsizes, sizeof(int), cmp_int);
		qsort(en->pe, en->npe, sizeof(*en->pe), cmp_pe);
	}
	qsort(inv->ents, inv->nents, sizeof(*inv->ents), cmp_ent);
}


/* "host" to "filters": where, when and with what settings. */
static void json_run(FILE *f, const char *nl, const struct tracer *t,
		     const struct inventory_opts *opt, const struct run_span *span)
{
	const struct timespec *t0 = &span->t0, *t1 = &span->t1;
	int knob_start = t->knob_start, knob_end = span->knob_end;
	char host[256] = "", tb0[64], tb1[64];
	struct utsname u;

	gethostname(host, sizeof(host) - 1);
	uname(&u);
	iso_time(tb0, sizeof(tb0), t0);
	iso_time(tb1, sizeof(tb1), t1);
	fprintf(f, "%s\"host\":{\"hostname\":", nl);
	json_str(f, host);
	fputs(",\"kernel\":", f);
	json_str(f, u.release);
	fputs(",\"kernel_build\":", f);
	json_str(f, u.version);
	fputs(",\"machine\":", f);
	json_str(f, u.machine);
	fputs("},", f);
	fprintf(f, "%s\"af_alg\":{\"available\":\"%s\",\"knob\":%s,\"mode_start\":",
		nl, t->afalg_avail, knob_start >= 0 || knob_end >= 0 ? "true" : "false");
	json_int_or_null(f, knob_start >= 0, knob_start);
	fputs(",\"mode_end\":", f);
	json_int_or_null(f, knob_end >= 0, knob_end);
	fputs("},", f);
	fprintf(f, "%s\"start\":\"%s\",\"end\":\"%s\",\"duration_s\":%.3f,\"runs\":%u,", nl,
		tb0, tb1, (t1->tv_sec - t0->tv_sec) + (t1->tv_nsec - t0->tv_nsec) / 1e9,
		span->runs ? span->runs : 1);
	fprintf(f, "%s\"filters\":{\"pid\":", nl);
	json_int_or_null(f, opt->pid, opt->pid);
	fputs(",\"cgroup\":", f);
	json_str(f, opt->cgroup);
	fputs("},", f);
}

/* "hooks" and "kernel_tracepoints": what was traced, how. */
static void json_hooks(FILE *f, const char *nl, const struct tracer *t)
{
	const struct hook_rec *hooks = t->hooks;
	int nhooks = t->nhooks;

	fprintf(f, "%s\"hooks\":{\"active\":[", nl);
	for (int i = 0, n = 0; i < nhooks; i++) {
		if (!hooks[i].ok)
			continue;
		fputs(n++ ? "," : "", f);
		json_str(f, hooks[i].name);
	}
	fputs("],\"disabled\":[", f);
	for (int i = 0, n = 0; i < nhooks; i++) {
		if (hooks[i].ok)
			continue;
		fprintf(f, "%s{\"hook\":", n++ ? "," : "");
		json_str(f, hooks[i].name);
		fputs(",\"reason\":", f);
		json_str(f, hooks[i].why);
		fputs("}", f);
	}
	fputs("],\"modes\":{", f);
	for (int g = 0; g < G_NR; g++)
		fprintf(f, "%s\"%s\":\"%s\"", g ? "," : "", group_name[g], variant_name[t->chosen[g]]);
	fputs("}},", f);
	fprintf(f, "%s\"kernel_tracepoints\":[", nl);
	for (int i = 0; i < t->nseries; i++) {
		const struct series_tp *s = &t->series[i];
		char tn[520];

		snprintf(tn, sizeof(tn), "%s:%s", s->cat, s->name);
		fprintf(f, "%s{\"name\":", i ? "," : "");
		json_str(f, tn);
		fprintf(f, ",\"hits\":%llu,\"denied\":%llu}", s->hits, s->denied);
	}
	fputs("],", f);
}

/* "events" to "dropped": the ring buffer's and the maps' losses. */
static void json_stats(FILE *f, const char *nl, const struct inventory *inv,
		       const struct event_log *log)
{
	const unsigned long long *st = inv->stats;

	fprintf(f, "%s\"events\":%llu,\"lost_events\":%llu,\"lost_identities\":%llu,"
		"\"dropped\":{\"counters\":%llu,\"classes\":%llu,\"tfms\":%llu,\"inflight\":%llu},",
		nl, log->nevents, st[S_LOST_EVENTS], st[S_LOST_PROCS] + log->procs_dropped,
		st[S_COUNTER_FULL], st[S_CLASS_FULL], st[S_TFM_FULL], st[S_INFLIGHT_FULL]);
	/* a run read from records (the bpftrace edition) has no cap */
	fprintf(f, "%s\"overflow\":{\"max_entries\":", nl);
	json_int_or_null(f, inv->max_entries, inv->max_entries);
	fprintf(f, ",\"folded_updates\":%llu,\"identities_not_kept\":%llu},",
		st[S_COUNTER_FOLDED], log->procs_over_cap);
}

/* One inventory row and its processes. */
static void json_entry(FILE *f, const struct tracer *t, const struct entry *en)
{
	fputs("{\"exe\":", f);
	json_str(f, en->exe);
	if (en->overflow)
		fputs(",\"uid\":null,\"cgroup\":", f);
	else
		fprintf(f, ",\"uid\":%u,\"cgroup\":", en->uid);
	json_str(f, en->cgroup);
	fputs(",\"type\":", f);
	json_str(f, en->type);
	fputs(",\"alg\":", f);
	json_str(f, en->alg);
	fputs(",\"key_lengths\":[", f);
	for (int j = 0; j < en->nkeylens; j++) {
		if (en->keylens[j] == AT_KEY_SERIAL)
			fprintf(f, "%s\"keyring\"", j ? "," : "");
		else
			fprintf(f, "%s%d", j ? "," : "", en->keylens[j]);
	}
	fputs("],\"authsizes\":[", f);
	for (int j = 0; j < en->nauthsizes; j++)
		fprintf(f, "%s%d", j ? "," : "", en->authsizes[j]);
	fputs("],", f);
	json_counts(f, en->c, en, "");
	fputs(",\"denied_by\":", f);
	json_str(f, row_denied_by(t, en));
	json_privilege_of(f, en->caps, en->caps_known);
	/* on bind rows: true when /proc/crypto lists the name now; null: unknown */
	if (!en->unbound)
		fprintf(f, ",\"kernel_has\":%s",
			proc_crypto_has(en->type, en->alg) ? "true" : "null");
	fprintf(f, ",\"bound_before_start\":%s,\"overflow\":%s", en->unknown ? "true" : "false",
		en->overflow ? "true" : "false");
	fputs(",\"processes\":[", f);
	for (size_t j = 0; j < en->npe; j++) {
		const struct pentry *pe = &en->pe[j];

		fprintf(f, "%s{\"pid\":%u,", j ? "," : "", pe->tgid);
		if (pe->p) {
			fprintf(f, "\"ppid\":%u,\"comm\":", pe->p->ppid);
			json_str(f, pe->p->comm);
			fprintf(f, ",\"pidns\":%u,\"mntns\":%u,", pe->p->pidns, pe->p->mntns);
		} else {
			fputs("\"ppid\":null,\"comm\":null,\"pidns\":null,\"mntns\":null,", f);
		}
		json_counts(f, pe->c, en, "");
		fputs("}", f);
	}
	fputs("]}", f);
}

void write_summary(FILE *f, struct inventory *inv, const struct tracer *t,
		   const struct event_log *log, const struct inventory_opts *opt,
		   const struct run_span *span)
{
	struct entry *ents = inv->ents;
	size_t nents = inv->nents;
	const char *nl = opt->pretty ? "\n  " : "", *nl2 = opt->pretty ? "\n    " : "";

	sort_rows(inv);
	fprintf(f, "{%s\"schema\":\"%s\",\"schema_version\":%d,", nl, SCHEMA_NAME, SCHEMA_VERSION);
	fprintf(f, "%s\"tracer\":{\"name\":\"afalg-trace\",\"version\":", nl);
	json_str(f, span->version ? span->version : AFALG_TRACE_VERSION);
	fputs(",\"backend\":", f);
	json_str(f, span->backend ? span->backend : "libbpf");
	fputs("},", f);
	json_run(f, nl, t, opt, span);
	json_hooks(f, nl, t);
	json_stats(f, nl, inv, log);
	fprintf(f, "%s\"entries\":[", nl);
	for (size_t i = 0; i < nents; i++) {
		fprintf(f, "%s%s", i ? "," : "", nl2);
		json_entry(f, t, &ents[i]);
	}
	fprintf(f, "%s]%s}\n", opt->pretty ? "\n  " : "", opt->pretty ? "\n" : "");
}

static void human_bytes(char *b, size_t n, unsigned long long v)
{
	if (v >= 10ULL << 30)
		snprintf(b, n, "%lluG", v >> 30);
	else if (v >= 10ULL << 20)
		snprintf(b, n, "%lluM", v >> 20);
	else if (v >= 10ULL << 10)
		snprintf(b, n, "%lluK", v >> 10);
	else
		snprintf(b, n, "%llu", v);
}

static int width(const char *s, int w)
{
	int n = s ? (int)strlen(s) : 1;

	return n > w ? n : w;
}

void write_table(FILE *f, struct inventory *inv)
{
	struct entry *ents = inv->ents;
	size_t nents = inv->nents;
	int we = 3, wc = 6, wa = 3;

	sort_rows(inv);
	for (size_t i = 0; i < nents; i++) {
		we = width(ents[i].exe, we);
		wc = width(ents[i].cgroup, wc);
		wa = width(ents[i].alg, wa);
	}
	we = we > 64 ? 64 : we;
	wc = wc > 40 ? 40 : wc;
	wa = wa > 40 ? 40 : wa;
	fprintf(f, "%-*s %5s %-*s %-8s %-*s %-8s %5s %5s %8s %8s %8s %8s %5s %6s %s\n",
		we, "EXE", "UID", wc, "CGROUP", "TYPE", wa, "ALG", "KEYLEN", "TFMS", "OPSK",
		"SENDS", "RECVS", "BYTESOUT", "BYTESIN", "FAIL", "DENIED", "PIDS");
	for (size_t i = 0; i < nents; i++) {
		struct entry *en = &ents[i];
		char kl[32] = "-", bo[16], bi[16], pids[64] = "";
		unsigned long long fail = en->c[C_SOCKET_FAIL] + en->c[C_BIND_FAIL] +
			en->c[C_SETOPT_FAIL] + en->c[C_ACCEPT_FAIL] + en->c[C_SEND_FAIL] +
			en->c[C_RECV_FAIL];
		unsigned long long denied = en->c[C_DENIED], not_found = 0;
		size_t pl = 0;

		if (!en->unbound)
			split_enoent(en->c, en->type, en->alg, en->caps, &denied, &not_found);
		if (en->nkeylens) {
			size_t l = 0;

			kl[0] = 0;
			for (int j = 0; j < en->nkeylens && l < sizeof(kl) - 8; j++)
				l += snprintf(kl + l, sizeof(kl) - l, "%s%d", j ? "," : "",
					      en->keylens[j]);
		} else if (en->unknown) {
			snprintf(kl, sizeof(kl), "?");
		}
		human_bytes(bo, sizeof(bo), en->c[C_SEND_BYTES]);
		human_bytes(bi, sizeof(bi), en->c[C_RECV_BYTES]);
		for (size_t j = 0; j < en->npe && pl < sizeof(pids) - 12; j++)
			pl += snprintf(pids + pl, sizeof(pids) - pl, "%s%u", j ? "," : "",
				       en->pe[j].tgid);
		if (pl >= sizeof(pids) - 12)
			snprintf(pids + pl, sizeof(pids) - pl, ",...");
		fprintf(f, "%-*.*s %5u %-*.*s %-8.8s %-*.*s %-8s %5llu %5llu %8llu %8llu %8s %8s %5llu %6llu %s\n",
			we, we, en->exe, en->uid, wc, wc, en->cgroup,
			en->unbound ? "(socket)" : en->type, wa, wa, en->unbound ? "-" : en->alg, kl,
			en->c[C_BINDS], en->c[C_OPSOCKS], en->c[C_SEND_OPS], en->c[C_RECV_OPS],
			bo, bi, fail, denied, pids);
	}
	if (!nents)
		fprintf(f, "(no AF_ALG use seen)\n");
}
