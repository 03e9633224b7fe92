/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace --from-records: a run another backend traced (afalg-trace-bt),
 * read from the records of tracer/SCHEMA.md ("Records") into the objects
 * the inventory writer takes.  See records.c.
 */
#ifndef AFALG_TRACE_RECORDS_H
#define AFALG_TRACE_RECORDS_H

#include "inventory.h"

struct records_run {
	/* filled: */
	struct tracer *t;
	struct event_log *log;
	struct inventory *inv;
	struct run_span span;
	struct inventory_opts opt;	/* pid and cgroup; pretty is the caller's */
	/* owned strings the above point to */
	char *backend, *version, *cgroup;
};

/* Read path ("-": stdin); 0, or -1 after saying which line is bad and why. */
int records_read(const char *path, struct records_run *run);
void records_free(struct records_run *run);

/*
 * --state FILE: the inventory carried across restarts, in records of
 * version 2 (tracer/SCHEMA.md, "State"): rows with their processes, the
 * statistics, since when, how many runs, ended by a checksum.
 */
struct state {
	struct carried_row *rows;
	size_t nrows, cap_rows;
	struct carried_proc *procs;
	size_t nprocs, cap_procs;
	char **strs;			/* owned strings the rows point to */
	size_t nstrs, cap_strs;
	unsigned long long stats[S_NR];
	unsigned long long nevents, procs_dropped, procs_over_cap;
	struct timespec start;		/* the first run's */
	unsigned int runs;		/* runs carried; 0: none */
	unsigned int pid;		/* the filters the counts were made under */
	char *cgroup;
	size_t folded;			/* processes folded into overflow rows at load */
};

/*
 * Read the state file path, of a tracer with --max-entries max_entries.
 * 1: there is none; 0: read into st (processes beyond max_entries folded
 * into overflow rows); -1: its content is bad, why (one line) in
 * why[whylen], st empty; -2: it cannot be read (said).
 */
int state_read(const char *path, struct state *st, size_t max_entries, char *why,
	       size_t whylen);
void state_free(struct state *st);

/* Write inv (the merged inventory), log's and inv's statistics, span's
 * start and runs, and the filters to path, atomically; -1 after saying why. */
int state_write(const char *path, struct inventory *inv, const struct event_log *log,
		const struct run_span *span, unsigned int pid, const char *cgroup);

#endif /* AFALG_TRACE_RECORDS_H */
