// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace loader: the ring buffer's records.  Identity records become
 * the process table (exe and cgroup paths joined from their components);
 * events are counted and, with --events, written as NDJSON
 * (tracer/SCHEMA.md, "Events").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "inventory.h"
#include "restrict.h"
#include "trace-helpers.h"

void json_str(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void iso_time(char *buf, size_t len, const struct timespec *ts)
{
	struct tm tm;

	gmtime_r(&ts->tv_sec, &tm);
	snprintf(buf, len, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, (int)(ts->tv_nsec / 1000000) % 1000);
}

static const char *errno_name(long err)
{
	static char buf[32];

	switch (err) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EBADF: return "EBADF";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EINVAL: return "EINVAL";
	case ENOSYS: return "ENOSYS";
	case EMSGSIZE: return "EMSGSIZE";
	case ENOPROTOOPT: return "ENOPROTOOPT";
	case EPROTONOSUPPORT: return "EPROTONOSUPPORT";
	case ESOCKTNOSUPPORT: return "ESOCKTNOSUPPORT";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EAFNOSUPPORT: return "EAFNOSUPPORT";
	case ECONNABORTED: return "ECONNABORTED";
	case ENOKEY: return "ENOKEY";
	case EBADMSG: return "EBADMSG";
	case EKEYREVOKED: return "EKEYREVOKED";
	case ENOTSOCK: return "ENOTSOCK";
	case EINTR: return "EINTR";
	}
	snprintf(buf, sizeof(buf), "E%ld", err);
	return buf;
}

/* ---- identities --------------------------------------------------------- */

static bool who_eq(const struct at_who *a, const struct at_who *b)
{
	return a->tgid == b->tgid && a->uid == b->uid && a->cgid == b->cgid &&
	       a->exe_ino == b->exe_ino && a->exe_dev == b->exe_dev && a->caps == b->caps;
}

/* FNV-1a over the identity's fields: the index's hash */
static size_t who_hash(const struct at_who *w)
{
	const unsigned long long v[] = { w->tgid, w->uid, w->cgid, w->exe_ino, w->exe_dev,
					 w->caps };
	unsigned long long h = 1469598103934665603ULL;

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		for (int b = 0; b < 64; b += 8) {
			h ^= (v[i] >> b) & 0xff;
			h *= 1099511628211ULL;
		}
	return h;
}

/* The slot of w in the index: its entry, or the empty slot it would take. */
static size_t index_slot(const struct event_log *log, const struct at_who *w)
{
	size_t mask = log->index_size - 1, i = who_hash(w) & mask;

	while (log->index[i] && !who_eq(&log->procs[log->index[i] - 1].who, w))
		i = (i + 1) & mask;
	return i;
}

static struct proc *find_proc_mut(const struct event_log *log, const struct at_who *w)
{
	size_t i;

	if (!log->index_size)
		return NULL;
	i = index_slot(log, w);
	return log->index[i] ? &log->procs[log->index[i] - 1] : NULL;
}

const struct proc *find_proc(const struct event_log *log, const struct at_who *w)
{
	return find_proc_mut(log, w);
}

int events_init(struct event_log *log, size_t max_procs)
{
	size_t n = 16;

	while (n < 2 * max_procs)
		n *= 2;
	log->index = calloc(n, sizeof(*log->index));
	if (!log->index) {
		msg("out of memory for %zu identities", max_procs);
		return -1;
	}
	log->index_size = n;
	log->max_procs = max_procs;
	return 0;
}

/* Join n components (leaf first) into "/a/b/leaf"; "..." marks a cut. */
static void path_of(char *dst, size_t dlen, const char *comps, unsigned int n,
		    unsigned int depth, unsigned int trunc, bool is_cgroup)
{
	size_t l = 0;

	dst[0] = 0;
	if (n > depth)
		n = depth;
	if (trunc)
		l += snprintf(dst + l, dlen - l, "...");
	for (unsigned int i = n; i-- > 0 && l < dlen;)
		l += snprintf(dst + l, dlen - l, "/%.*s", AT_COMP_LEN,
			      comps + (size_t)i * AT_COMP_LEN);
	if (!n && l < dlen)
		snprintf(dst + l, dlen - l, "%s", is_cgroup ? "/" : "");
}

/*
 * Keep an identity (again: the kernel forgot it had sent it).  Beyond
 * log->max_procs new ones are counted in procs_over_cap and not kept, out of
 * memory in procs_dropped; their rows show exe and cgroup "?".
 */
static void add_proc(struct event_log *log, const struct at_proc *r)
{
	char exe[AT_EXE_DEPTH * AT_COMP_LEN + 8], cg[AT_CG_DEPTH * AT_COMP_LEN + 8];
	size_t slot = index_slot(log, &r->who);
	char *pexe, *pcg;
	struct proc *p;

	path_of(exe, sizeof(exe), &r->exe[0][0], r->exe_n, AT_EXE_DEPTH, r->exe_trunc, false);
	path_of(cg, sizeof(cg), &r->cgroup[0][0], r->cg_n, AT_CG_DEPTH, r->cg_trunc, true);
	if (!log->index[slot] && log->nprocs >= log->max_procs) {
		log->procs_over_cap++;
		return;
	}
	pexe = strdup(exe);
	pcg = strdup(cg);
	p = log->index[slot] ? &log->procs[log->index[slot] - 1] :
	    grow_array(log->procs, &log->cap_procs, log->nprocs, sizeof(*p));
	if (!pexe || !pcg || !p) {
		free(pexe);
		free(pcg);
		if (!log->procs_dropped++)
			msg("out of memory: identities not kept are counted in lost_identities");
		return;
	}
	if (log->index[slot]) {
		free(p->exe);
		free(p->cgroup);
	} else {
		log->procs = p;
		p = &log->procs[log->nprocs++];
		log->index[slot] = log->nprocs;
	}
	memset(p, 0, sizeof(*p));
	p->who = r->who;
	p->ppid = r->ppid;
	p->pidns = r->pidns;
	p->mntns = r->mntns;
	memcpy(p->comm, r->comm, AT_COMM_LEN);
	p->exe = pexe;
	p->cgroup = pcg;
}

/* ---- events ------------------------------------------------------------- */

static const char *source_name(unsigned int s)
{
	switch (s) {
	case SRC_SYSCALL: return "syscall";
	case SRC_FENTRY: return "fentry";
	case SRC_KPROBE: return "kprobe";
	case SRC_IOURING: return "io_uring";
	case SRC_SOCKETPAIR: return "socketpair";
	case SRC_SOCKTP: return "sock_tracepoint";
	case SRC_SERIES: return "series_tracepoint";
	}
	return "?";
}

static const char *optname_name(int o)
{
	switch (o) {
	case 1: return "ALG_SET_KEY";
	case 2: return "ALG_SET_IV";
	case 3: return "ALG_SET_OP";
	case 4: return "ALG_SET_AEAD_ASSOCLEN";
	case 5: return "ALG_SET_AEAD_AUTHSIZE";
	case 6: return "ALG_SET_DRBG_ENTROPY";
	case 7: return "ALG_SET_KEY_BY_KEY_SERIAL";
	}
	return NULL;
}

/*
 * A bind's verdict as the inventory counts it: "allowed", "denied" (by
 * crypto.af_alg_restrict, denied_by "restrict"), "not_found" (ENOENT: the
 * kernel does not have the name) or "failed" (another error); for ENOENT,
 * verdict_source says whether the series' tracepoint decided ("kernel") or
 * the level the tracer read with its allowlists ("tracer").
 */
static void bind_verdict(FILE *f, const struct at_event *e)
{
	bool denied;

	if (e->ret == 0) {
		fputs(",\"verdict\":\"allowed\"", f);
		return;
	}
	if (e->ret != -ENOENT) {
		fputs(",\"verdict\":\"failed\"", f);
		return;
	}
	denied = restrict_enoent_denied(e->enoent_reason, e->cls.type, e->cls.name,
					e->who.caps & AT_CAP_PRIVILEGED);
	fprintf(f, ",\"verdict\":\"%s\"%s,\"verdict_source\":\"%s\"",
		denied ? "denied" : "not_found", denied ? ",\"denied_by\":\"restrict\"" : "",
		e->enoent_reason == C_BIND_DENIED || e->enoent_reason == C_BIND_NOTFOUND ?
		"kernel" : "tracer");
}

static void print_event(const struct event_log *log, const struct at_event *e)
{
	static const char *const kinds[] = {
		[EV_PROC] = "proc", [EV_SOCKET] = "socket", [EV_BIND] = "bind",
		[EV_SETSOCKOPT] = "setsockopt", [EV_ACCEPT] = "accept", [EV_SEND] = "send",
		[EV_RECV] = "recv", [EV_SERIES] = "kernel_tracepoint",
	};
	const struct tracer *t = log->t;
	const struct proc *p = find_proc(log, &e->who);
	struct timespec ts;
	char tbuf[64];
	FILE *f = log->out;
	long long ns;

	ns = (long long)e->ts_ns -
	     ((long long)log->mono0.tv_sec * 1000000000LL + log->mono0.tv_nsec);
	ns += (long long)log->real0.tv_sec * 1000000000LL + log->real0.tv_nsec;
	ts.tv_sec = ns / 1000000000LL;
	ts.tv_nsec = ns % 1000000000LL;
	iso_time(tbuf, sizeof(tbuf), &ts);
	fprintf(f, "{\"event\":\"%s\",\"time\":\"%s\",\"source\":\"%s\",\"pid\":%u,\"tid\":%u",
		e->kind < sizeof(kinds) / sizeof(kinds[0]) && kinds[e->kind] ? kinds[e->kind] : "?",
		tbuf,
		source_name(e->source), e->who.tgid, e->pid);
	if (p) {
		fprintf(f, ",\"ppid\":%u,\"comm\":", p->ppid);
		json_str(f, p->comm);
		fputs(",\"exe\":", f);
		json_str(f, p->exe);
	} else {
		fputs(",\"ppid\":null,\"comm\":null,\"exe\":null", f);
	}
	fprintf(f, ",\"uid\":%u,\"cgroup\":", e->who.uid);
	json_str(f, p ? p->cgroup : NULL);
	if (p)
		fprintf(f, ",\"pidns\":%u,\"mntns\":%u", p->pidns, p->mntns);
	json_privilege(f, e->who.caps);
	fprintf(f, ",\"ret\":%lld", e->ret);
	if (e->kind != EV_SERIES && e->ret < 0) {
		fputs(",\"errno\":", f);
		json_str(f, errno_name(-e->ret));
	}
	switch (e->kind) {
	case EV_SOCKET:
		fprintf(f, ",\"sock_type\":%d,\"protocol\":%d", e->sock_type, e->protocol);
		if (e->ret == -EAFNOSUPPORT) {
			fputs(",\"denied_by\":", f);
			json_str(f, denied_by(t));
		}
		break;
	case EV_BIND:
	case EV_SETSOCKOPT:
	case EV_ACCEPT:
		fprintf(f, ",\"tfm\":%llu,\"type\":", e->tfm_id);
		json_str(f, e->cls.type[0] || e->tfm_id ? e->cls.type : NULL);
		fputs(",\"alg\":", f);
		json_str(f, e->cls.type[0] || e->tfm_id ? e->cls.name : NULL);
		if (e->kind == EV_SETSOCKOPT) {
			fputs(",\"optname\":", f);
			if (optname_name(e->optname))
				json_str(f, optname_name(e->optname));
			else
				fprintf(f, "%d", e->optname);
			if (e->optname == 1)
				fprintf(f, ",\"key_length\":%d", e->optlen);
			else if (e->optname == 5)
				fprintf(f, ",\"authsize\":%d", e->optlen);
			else
				fprintf(f, ",\"optlen\":%d", e->optlen);
		}
		if (e->kind == EV_ACCEPT)
			fprintf(f, ",\"flags\":%d", e->flags);
		if (e->kind == EV_BIND)
			bind_verdict(f, e);
		break;
	case EV_SEND:
	case EV_RECV:
		fprintf(f, ",\"tfm\":%llu,\"class\":%u,\"bytes\":%lld,\"flags\":%d",
			e->tfm_id, e->class_id, e->ret > 0 ? e->ret : 0, e->flags);
		break;
	case EV_SERIES:
		if (e->series_slot >= 0 && e->series_slot < t->nseries) {
			const struct series_tp *s = &t->series[e->series_slot];
			char tn[520];

			snprintf(tn, sizeof(tn), "%s:%s", s->cat, s->name);
			fputs(",\"tracepoint\":", f);
			json_str(f, tn);
		}
		fputs(",\"type\":", f);
		json_str(f, e->cls.type);
		fputs(",\"alg\":", f);
		json_str(f, e->cls.name);
		fprintf(f, ",\"mode\":%d,\"denied\":%s", e->series_mode,
			e->series_denied ? "true" : "false");
		break;
	}
	fputs("}\n", f);
}

int on_event(void *ctx, void *data, size_t len)
{
	struct event_log *log = ctx;
	unsigned int kind;

	if (len < sizeof(kind))
		return 0;
	memcpy(&kind, data, sizeof(kind));
	if (kind == EV_PROC && len >= sizeof(struct at_proc)) {
		add_proc(log, data);
		return 0;
	}
	if (len < sizeof(struct at_event))
		return 0;
	log->nevents++;
	if (kind == EV_SERIES) {
		const struct at_event *e = data;

		if (e->series_slot >= 0 && e->series_slot < log->t->nseries) {
			log->t->series[e->series_slot].hits++;
			if (e->series_denied)
				log->t->series[e->series_slot].denied++;
		}
	}
	if (log->out)
		print_event(log, data);
	return 0;
}

int events_open(struct event_log *log, const char *path)
{
	if (path && strcmp(path, "-")) {
		log->out = fopen(path, "w");
		if (!log->out) {
			msg("cannot open %s: %s", path, strerror(errno));
			return -1;
		}
	} else {
		log->out = stdout;
	}
	setvbuf(log->out, NULL, _IOLBF, 0);
	return 0;
}

void events_close(struct event_log *log)
{
	if (log->out && log->out != stdout)
		fclose(log->out);
	log->out = NULL;
}

void events_free(struct event_log *log)
{
	events_close(log);
	for (size_t i = 0; i < log->nprocs; i++) {
		free(log->procs[i].exe);
		free(log->procs[i].cgroup);
	}
	free(log->index);
	log->index = NULL;
	log->index_size = 0;
	free(log->procs);
	log->procs = NULL;
	log->nprocs = log->cap_procs = 0;
}

struct timespec events_start(struct event_log *log, struct timespec *mono)
{
	clock_gettime(CLOCK_MONOTONIC, &log->mono0);
	clock_gettime(CLOCK_REALTIME, &log->real0);
	*mono = log->mono0;
	return log->real0;
}
