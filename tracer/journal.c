// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace --journal: one structured journald record per new inventory
 * row (caller and algorithm), sent over the journal's native protocol
 * (a datagram of KEY=value fields to /run/systemd/journal/socket, as
 * systemd.journal-fields(7) and the protocol's documentation describe);
 * written here, no libsystemd.  Values that come from the traced system
 * (exe, cgroup, algorithm) are sent in the protocol's binary form (name,
 * newline, 64-bit little-endian length, bytes), which carries any byte.
 * The fields are in tracer/SCHEMA.md, "Journal".  The rows already sent
 * are remembered by key, as many as there are rows (bounded by
 * --max-entries).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "afalg-trace.h"
#include "inventory.h"
#include "journal.h"
#include "trace-helpers.h"

#define JOURNAL_SOCKET	"/run/systemd/journal/socket"
/* MESSAGE_ID of the records (journalctl MESSAGE_ID=...); made once for them */
#define AFALG_MESSAGE_ID "5f2c1a7e0b9d4c3e8a61f04d27b9c815"

/* a datagram being built */
struct dgram {
	char *buf;
	size_t len, cap;
	bool oom;
};

static void put(struct dgram *d, const void *p, size_t n)
{
	if (d->oom)
		return;
	if (d->len + n > d->cap) {
		size_t cap = (d->len + n) * 2;
		char *nb = realloc(d->buf, cap);

		if (!nb) {
			d->oom = true;
			return;
		}
		d->buf = nb;
		d->cap = cap;
	}
	memcpy(d->buf + d->len, p, n);
	d->len += n;
}

/* KEY=value\n, for values this program makes (no newline in them) */
static void field(struct dgram *d, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void field(struct dgram *d, const char *key, const char *fmt, ...)
{
	char v[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(v, sizeof(v), fmt, ap);
	va_end(ap);
	put(d, key, strlen(key));
	put(d, "=", 1);
	put(d, v, strlen(v));
	put(d, "\n", 1);
}

/* KEY\n<le64 length><bytes>\n: any bytes, the traced system's */
static void binary_field(struct dgram *d, const char *key, const char *v)
{
	uint64_t n = v ? strlen(v) : 0;
	unsigned char le[8];

	for (int i = 0; i < 8; i++)
		le[i] = n >> (8 * i);
	put(d, key, strlen(key));
	put(d, "\n", 1);
	put(d, le, 8);
	put(d, v ? v : "", n);
	put(d, "\n", 1);
}

int journal_open(struct journal *j, const char *path)
{
	struct sockaddr_un *sa = &j->addr;

	memset(j, 0, sizeof(*j));
	j->fd = -1;
	path = path ? path : JOURNAL_SOCKET;
	if (strlen(path) >= sizeof(sa->sun_path)) {
		msg("journal socket path too long: %s", path);
		return -1;
	}
	sa->sun_family = AF_UNIX;
	strcpy(sa->sun_path, path);
	j->fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (j->fd < 0) {
		msg("cannot open a socket for the journal: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* FNV-1a of the row's key (its fields joined with NULs) */
static uint64_t key_hash(const char *k, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)k[i];
		h *= 1099511628211ULL;
	}
	return h;
}

struct seen_key {
	char *k;
	size_t n;
};

/* 1 if the key was new (and is now remembered), 0 if seen, -1: no memory */
static int remember(struct journal *j, const char *k, size_t n)
{
	size_t i;

	if (j->nseen * 2 >= j->cap_seen) {
		size_t cap = j->cap_seen ? j->cap_seen * 2 : 64;
		struct seen_key *ns = calloc(cap, sizeof(*ns));

		if (!ns)
			return -1;
		for (size_t o = 0; o < j->cap_seen; o++) {
			if (!j->seen[o].k)
				continue;
			i = key_hash(j->seen[o].k, j->seen[o].n) & (cap - 1);
			while (ns[i].k)
				i = (i + 1) & (cap - 1);
			ns[i] = j->seen[o];
		}
		free(j->seen);
		j->seen = ns;
		j->cap_seen = cap;
	}
	i = key_hash(k, n) & (j->cap_seen - 1);
	while (j->seen[i].k) {
		if (j->seen[i].n == n && !memcmp(j->seen[i].k, k, n))
			return 0;
		i = (i + 1) & (j->cap_seen - 1);
	}
	j->seen[i].k = malloc(n);
	if (!j->seen[i].k)
		return -1;
	memcpy(j->seen[i].k, k, n);
	j->seen[i].n = n;
	j->nseen++;
	return 1;
}

static void send_row(struct journal *j, const struct journal_row *r)
{
	struct dgram d = {};
	char kl[128] = "";
	size_t l = 0;

	char m[512];

	for (int i = 0; i < r->nkeylens && l < sizeof(kl) - 12; i++) {
		if (r->keylens[i] == AT_KEY_SERIAL)
			l += snprintf(kl + l, sizeof(kl) - l, "%skeyring", i ? "," : "");
		else
			l += snprintf(kl + l, sizeof(kl) - l, "%s%d", i ? "," : "", r->keylens[i]);
	}
	/* the type and name are the traced system's: binary, like the others */
	if (r->type)
		snprintf(m, sizeof(m), "afalg-trace: new AF_ALG user of %.20s %.120s: %.300s",
			 r->type, r->alg, r->exe);
	else
		snprintf(m, sizeof(m), "afalg-trace: new AF_ALG user: %.400s", r->exe);
	binary_field(&d, "MESSAGE", m);
	field(&d, "MESSAGE_ID", "%s", AFALG_MESSAGE_ID);
	field(&d, "PRIORITY", "%d", r->denied ? 4 : 6);	/* warning: it is being refused */
	field(&d, "SYSLOG_IDENTIFIER", "afalg-trace");
	binary_field(&d, "AFALG_EXE", r->exe);
	if (r->overflow)
		field(&d, "AFALG_OVERFLOW", "1");
	else
		field(&d, "AFALG_UID", "%u", r->uid);
	binary_field(&d, "AFALG_CGROUP", r->cgroup);
	if (r->type) {
		binary_field(&d, "AFALG_TYPE", r->type);
		binary_field(&d, "AFALG_ALG", r->alg);
		field(&d, "AFALG_KEY_LENGTHS", "%s", kl);
		field(&d, "AFALG_TFM_SOCKETS", "%llu", r->tfm_sockets);
	} else {
		field(&d, "AFALG_ATTEMPTS", "%llu", r->attempts);
	}
	field(&d, "AFALG_DENIED", "%llu", r->denied);
	if (r->denied_by)
		field(&d, "AFALG_DENIED_BY", "%s", r->denied_by);
	if (r->caps_known)
		field(&d, "AFALG_PRIVILEGED", "%d", r->privileged);
	if (d.oom) {
		j->failed++;
	} else if (sendto(j->fd, d.buf, d.len, MSG_NOSIGNAL, (struct sockaddr *)&j->addr,
			  sizeof(j->addr)) < 0) {
		if (!j->failed++)
			msg("cannot send to the journal (%s): %s; records not sent are counted",
			    j->addr.sun_path, strerror(errno));
	} else {
		j->sent++;
	}
	free(d.buf);
}

/* Send r, or only remember its key (send false); see journal_row(). */
static void row_key(struct journal *j, const struct journal_row *r, bool send)
{
	char key[8192];
	int n;

	if (j->fd < 0)
		return;
	n = snprintf(key, sizeof(key), "%s%c%u%c%s%c%s%c%s%c%u%c%d", r->exe, 0, r->uid, 0,
		     r->cgroup ? r->cgroup : "", 0, r->type ? r->type : "\x01", 0,
		     r->alg ? r->alg : "", 0, r->caps, 0, r->overflow);
	if (n < 0 || (size_t)n >= sizeof(key)) {
		j->failed++;
		return;
	}
	switch (remember(j, key, n)) {
	case 1:
		if (send)
			send_row(j, r);
		break;
	case -1:
		j->failed++;
		break;
	}
}

void journal_row(struct journal *j, const struct journal_row *r)
{
	row_key(j, r, true);
}

void journal_mark_sent(struct journal *j, const struct journal_row *r)
{
	row_key(j, r, false);
}

void journal_close(struct journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	for (size_t i = 0; i < j->cap_seen; i++)
		free(j->seen[i].k);
	free(j->seen);
	j->seen = NULL;
	j->fd = -1;
}
