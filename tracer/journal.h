/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace --journal: a structured journald record per new inventory row
 * (journal.c; fields in tracer/SCHEMA.md, "Journal").
 */
#ifndef AFALG_TRACE_JOURNAL_H
#define AFALG_TRACE_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/un.h>

struct seen_key;

struct journal {
	int fd;				/* -1: closed */
	struct sockaddr_un addr;
	struct seen_key *seen;		/* the rows sent, by key (open addressing) */
	size_t nseen, cap_seen;
	unsigned long long sent, failed;
};

/* What a record says about one inventory row. */
struct journal_row {
	const char *exe, *cgroup, *type, *alg;	/* type, alg NULL: socket() row */
	unsigned int uid, caps;
	bool caps_known, privileged, overflow;
	const int *keylens;
	int nkeylens;
	unsigned long long attempts, tfm_sockets, denied;
	const char *denied_by;
};

/* To path (NULL: /run/systemd/journal/socket); -1 after saying why. */
int journal_open(struct journal *j, const char *path);
/* Send r unless a row of its key was sent already. */
void journal_row(struct journal *j, const struct journal_row *r);
/* Remember r's key as sent without sending it: a row an earlier run of
 * the tracer sent (--state). */
void journal_mark_sent(struct journal *j, const struct journal_row *r);
void journal_close(struct journal *j);

#endif /* AFALG_TRACE_JOURNAL_H */
