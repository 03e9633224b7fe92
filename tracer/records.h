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

#endif /* AFALG_TRACE_RECORDS_H */
