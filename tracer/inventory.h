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

/* ---- events.c -------------------------------------------------------------- */

/* A process identity (tgid, uid, cgroup, exe) as the kernel sent it. */
struct proc {
	struct at_who who;
	unsigned int ppid, pidns, mntns;
	char comm[AT_COMM_LEN + 1];
	char exe[AT_EXE_DEPTH * AT_COMP_LEN + 8];
	char cgroup[AT_CG_DEPTH * AT_COMP_LEN + 8];
};

struct proc *find_proc(const struct at_who *w);

void json_str(FILE *f, const char *s);
/* ,"privileged":...,"caps":[...]: what the restriction's privilege test saw */
void json_privilege(FILE *f, unsigned int caps);
void iso_time(char *buf, size_t len, const struct timespec *ts);

/* events received from the kernel (identity records excluded) */
extern unsigned long long nevents;

/* NDJSON events to path ("-" or NULL: stdout); -1 after saying why not. */
int events_open(const char *path);
void events_close(void);
/* The clocks event times are converted with; returns the start (realtime). */
struct timespec events_start(struct timespec *mono);
/* ring_buffer__new() callback */
int on_event(void *ctx, void *data, size_t len);

/* ---- inventory.c ----------------------------------------------------------- */

struct inventory_opts {
	bool pretty;		/* --pretty */
	unsigned int pid;	/* --pid, 0: none */
	const char *cgroup;	/* --cgroup, NULL: none */
};

/* Read the classes and counters maps into inventory rows. */
void aggregate(struct afalg_trace_bpf *o);
void write_summary(FILE *f, struct afalg_trace_bpf *o, const struct inventory_opts *opt,
		   const struct timespec *t0, const struct timespec *t1, int knob_end);
void write_table(FILE *f);

#endif /* AFALG_TRACE_INVENTORY_H */
