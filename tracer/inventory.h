/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace loader, what it writes (tracer/SCHEMA.md): the identity
 * records and the NDJSON event stream (events.c), the inventory aggregated
 * from the kernel maps and its JSON and table writers (inventory.c).
 */
#ifndef AFALG_TRACE_INVENTORY_H
#define AFALG_TRACE_INVENTORY_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "afalg-trace.h"

struct afalg_trace_bpf;
struct tracer;

/* arr with room for n + 1 elements of sz bytes (capacity *cap, doubled when
 * full), or NULL with arr untouched: the caller keeps what it had. */
void *grow_array(void *arr, size_t *cap, size_t n, size_t sz);

/* v into the set arr of *n ints, unless full (16: what a row keeps). */
void int_set_add(int *arr, int *n, int v);

/* ---- events.c -------------------------------------------------------------- */

/* A process identity (tgid, uid, cgroup, exe) as the kernel sent it. */
struct proc {
	struct at_who who;
	unsigned int ppid, pidns, mntns;
	char comm[AT_COMM_LEN + 1];
	char *exe, *cgroup;		/* owned: freed with the log */
};

/*
 * What the ring buffer delivered: the identities, the event count and, with
 * --events, where the NDJSON goes.  The ring buffer callback's context.
 */
struct event_log {
	struct tracer *t;		/* series tracepoint hits are counted there */
	struct proc *procs;
	size_t nprocs, cap_procs;
	size_t max_procs;		/* identities kept at most (events_init) */
	size_t *index, index_size;	/* open addressing: procs index + 1, 0 empty */
	unsigned long long procs_dropped;	/* identities not kept: out of memory */
	unsigned long long procs_over_cap;	/* ... beyond max_procs */
	unsigned long long nevents;	/* events received (identity records excluded) */
	FILE *out;			/* NDJSON events, or NULL */
	struct timespec mono0, real0;	/* the clocks event times are converted with */
};

const struct proc *find_proc(const struct event_log *log, const struct at_who *w);

void json_str(FILE *f, const char *s);
/* ,"privileged":...,"caps":[...]: what the restriction's privilege test saw */
void json_privilege(FILE *f, unsigned int caps);
/* the same, or both null when the caller's capabilities are not known */
void json_privilege_of(FILE *f, unsigned int caps, bool known);
void iso_time(char *buf, size_t len, const struct timespec *ts);

/* Room for max_procs identities (the index is sized once); -1 after saying why. */
int events_init(struct event_log *log, size_t max_procs);
/* NDJSON events to path ("-" or NULL: stdout); -1 after saying why not. */
int events_open(struct event_log *log, const char *path);
void events_close(struct event_log *log);
void events_free(struct event_log *log);
/* Take the clocks event times are converted with; returns the start (realtime). */
struct timespec events_start(struct event_log *log, struct timespec *mono);
/* ring_buffer__new() callback; ctx: the struct event_log */
int on_event(void *ctx, void *data, size_t len);

/* ---- inventory.c ----------------------------------------------------------- */

struct inventory_opts {
	bool pretty;		/* --pretty */
	unsigned int pid;	/* --pid, 0: none */
	const char *cgroup;	/* --cgroup, NULL: none */
};

struct cls_rec;
struct entry;

/* The rows summed per (exe, type, alg): what the metrics are labelled by. */
struct inventory_group {
	const char *exe, *type, *alg;	/* type, alg NULL: socket() */
	unsigned long long c[C_NR];
	unsigned long long denied;	/* socket() and bind refusals by the restriction */
};

/* The inventory rows, aggregated from the kernel maps at the end. */
struct inventory {
	struct cls_rec *clss;
	size_t nclss, cap_clss;
	struct entry *ents;
	size_t nents, cap_ents;
	unsigned long long stats[S_NR];	/* the per-CPU "stats" map, summed */
	/* the ENOENT binds were not filed by why (a saved run of an older
	 * bpftrace script): denied and not_found of bind rows are null */
	bool unclassified;
	size_t max_entries;		/* the counters map's size (--max-entries) */
	struct inventory_group *groups;	/* inventory_groups()'s last answer */
};

/*
 * Add the counts of one (process, uid, caps, class) key to its row (made
 * if new) and the row's process p (NULL: identity unknown).  The class must
 * have been added first (inventory_add_class); an unknown one makes a "?"
 * row.  -1: out of memory.
 */
int inventory_add(struct inventory *inv, const struct proc *p, const struct at_ckey *k,
		  bool caps_known, const unsigned long long *counts);
/* The counts of the overflow map's key ok, into its class's "(overflow)" row. */
int inventory_add_overflow(struct inventory *inv, const struct at_okey *ok,
			   const unsigned long long *counts);
int inventory_add_class(struct inventory *inv, unsigned int id, const struct at_class *c);

/* Read the classes, counters and stats maps into inv; -1 after saying why
 * (out of memory: what was read so far stays usable). */
int aggregate(struct inventory *inv, struct afalg_trace_bpf *o, const struct event_log *log);
void inventory_free(struct inventory *inv);
struct journal;
/* A journald record for each row not sent before (journal.c). */
void inventory_journal(struct inventory *inv, const struct tracer *t, struct journal *j);
/* The rows (sorted) summed per (exe, type, alg); valid until the next call
 * or inventory_free(). */
const struct inventory_group *inventory_groups(struct inventory *inv, size_t *n);

/*
 * --state: a row an earlier run of the tracer counted (read from the state
 * file, records.c), merged into every inventory of this run.  Its
 * processes are carried_proc records first_proc .. first_proc + nprocs - 1;
 * an overflow row has none and its counts in c.
 */
struct carried_row {
	const char *exe, *cgroup, *type, *alg;	/* type, alg NULL: socket() */
	unsigned int uid, caps;
	bool caps_known, overflow, bound_before_start;
	int keylens[16], nkeylens;
	int authsizes[16], nauthsizes;
	unsigned long long c[C_NR];		/* overflow rows only */
	size_t first_proc, nprocs;
};

struct carried_proc {
	struct proc p;		/* exe and cgroup NULL: the row's */
	bool known;		/* ppid, comm, pidns, mntns known (else p is not shown) */
	bool folded;		/* beyond --max-entries: counted in an overflow row instead */
	unsigned long long c[C_NR];
};

/*
 * Add a carried row and its processes (procs: the whole carried_proc
 * array) to inv: into the row of the same key, made if new.  A carried
 * process is a process entry of its own, even where a process of this run
 * has its pid (pids are reused), unless pid, ppid, comm and namespaces all
 * match (the same process, still running).  -1: out of memory.
 */
int inventory_add_carried(struct inventory *inv, const struct carried_row *r,
			  const struct carried_proc *procs);

/* Row i of inv (sorted) as a carried row, for the state file; the row's
 * processes through inventory_row_proc(). */
size_t inventory_nrows(struct inventory *inv);
void inventory_row(const struct inventory *inv, size_t i, struct carried_row *r);
/* Process j of row i: its pid, identity (NULL: not known) and counters. */
void inventory_row_proc(const struct inventory *inv, size_t i, size_t j, unsigned int *pid,
			const struct proc **p, const unsigned long long **c);

/* Who traced, when, and the level at its end. */
struct run_span {
	const char *backend;	/* NULL: "libbpf" */
	const char *version;	/* NULL: this program's */
	struct timespec t0, t1;
	int knob_end;
	unsigned int runs;	/* tracer runs the counts cover (--state); 0: one */
};

void write_summary(FILE *f, struct inventory *inv, const struct tracer *t,
		   const struct event_log *log, const struct inventory_opts *opt,
		   const struct run_span *span);
void write_table(FILE *f, struct inventory *inv);

#endif /* AFALG_TRACE_INVENTORY_H */
