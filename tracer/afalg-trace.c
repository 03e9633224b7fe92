// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace: inventory of AF_ALG (family 38) users.
 *
 * Loads afalg-trace.bpf.c (libbpf CO-RE, bpftool skeleton), chooses for each
 * operation the best hook the running kernel offers (fexit > kprobe >
 * syscall tracepoint), and on exit (--duration, SIGINT, SIGTERM) prints an
 * inventory in the JSON schema of tracer/SCHEMA.md, or a table.
 *
 * This file: the options, loading with fallbacks, and the event loop.
 * trace-helpers.c probes the kernel and chooses and attaches the hooks;
 * events.c reads the ring buffer; inventory.c aggregates and writes.
 */
#include <argp.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "afalg-trace.skel.h"
#include "inventory.h"
#include "journal.h"
#include "metrics.h"
#include "records.h"
#include "restrict.h"
#include "trace-helpers.h"

#ifndef AFALG_TRACE_VERSION
#define AFALG_TRACE_VERSION "0.0.0"
#endif

const char *argp_program_version = "afalg-trace " AFALG_TRACE_VERSION;
static const char doc[] =
"Inventory every AF_ALG user on this system.\n\n"
"Prints a JSON inventory (schema: tracer/SCHEMA.md) when it stops: after\n"
"--duration, or on SIGINT/SIGTERM.\n\n"
"Examples:\n"
"  afalg-trace -d 60 -o inventory.json   # one minute, inventory to a file\n"
"  afalg-trace --events --table          # live NDJSON events, table at the end\n"
"  afalg-trace -p 1234                   # only process 1234\n"
"  afalg-trace -c /sys/fs/cgroup/app     # only that cgroup (and below)";

enum {
	OPT_OPS = 1000, OPT_RINGBUF, OPT_BTF, OPT_NO_FENTRY, OPT_NO_KPROBE,
	OPT_READY, OPT_PRETTY, OPT_NO_SYSCALL_FALLBACK, OPT_NO_KTP, OPT_ALLOWLISTS,
	OPT_FROM_RECORDS, OPT_MAX_ENTRIES, OPT_PROMETHEUS, OPT_INTERVAL, OPT_JOURNAL,
	OPT_JOURNAL_SOCKET, OPT_STATE,
};

static const struct argp_option opts[] = {
	{ "events", 'e', "FILE", OPTION_ARG_OPTIONAL, "Write NDJSON events (to FILE, default stdout)" },
	{ "ops", OPT_OPS, NULL, 0, "Also emit one event per send/recv operation" },
	{ "output", 'o', "FILE", 0, "Write the JSON inventory to FILE (default stdout)" },
	{ "table", 't', NULL, 0, "Print a human-readable table (JSON only with -o)" },
	{ "prometheus", OPT_PROMETHEUS, "FILE", 0,
	  "Also write the inventory as a Prometheus textfile (replaced atomically)" },
	{ "pretty", OPT_PRETTY, NULL, 0, "Indent the JSON inventory" },
	{ "pid", 'p', "PID", 0, "Trace only this process" },
	{ "cgroup", 'c', "PATH", 0, "Trace only this cgroup v2 directory and below" },
	{ "duration", 'd', "SECONDS", 0, "Stop after SECONDS (default: until a signal)" },
	{ "journal", OPT_JOURNAL, NULL, 0,
	  "Send a structured journald record for each new caller and algorithm (with "
	  "--interval: as they appear)" },
	{ "journal-socket", OPT_JOURNAL_SOCKET, "PATH", OPTION_HIDDEN,
	  "The journal's socket (tests)" },
	{ "interval", OPT_INTERVAL, "SECONDS", 0,
	  "Also write the inventory (-o) and the textfile (--prometheus) every SECONDS while "
	  "tracing, each replaced atomically (a service's outputs)" },
	{ "state", OPT_STATE, "FILE", 0,
	  "Carry the counts across restarts: read FILE at start (if there is one) and add "
	  "its counts to this run's; write the merged counts to it with every inventory, "
	  "atomically (a service's memory)" },
	{ "max-entries", OPT_MAX_ENTRIES, "N", 0,
	  "Keep at most N distinct (process, algorithm) counters (default 16384) and 2N "
	  "identities; beyond, counts go to one \"(overflow)\" row per algorithm" },
	{ "ringbuf-mb", OPT_RINGBUF, "MB", 0, "Ring buffer size in MiB (power of 2, default 16)" },
	{ "btf", OPT_BTF, "FILE", 0, "Kernel BTF to relocate against (default /sys/kernel/btf/vmlinux)" },
	{ "no-fentry", OPT_NO_FENTRY, NULL, 0, "Do not use fentry/fexit hooks" },
	{ "no-kprobe", OPT_NO_KPROBE, NULL, 0, "Do not use kprobe hooks" },
	{ "no-kernel-tracepoints", OPT_NO_KTP, NULL, 0,
	  "Ignore the kernel series' af_alg tracepoints: classify refused binds as on a kernel "
	  "without them (level, allowlists, privilege)" },
	{ "allowlists", OPT_ALLOWLISTS, NULL, 0,
	  "Print the crypto.af_alg_restrict allowlists this tracer applies (JSON) and exit" },
	{ "ready", OPT_READY, "FILE", 0, "Create FILE once every hook is attached" },
	{ "from-records", OPT_FROM_RECORDS, "FILE", 0,
	  "Trace nothing: write the inventory of the run in FILE (\"-\": stdin), afalg-trace "
	  "records (tracer/SCHEMA.md) as afalg-trace-bt writes them" },
	{ "verbose", 'v', NULL, 0, "Print libbpf debug messages" },
	{},
};

static struct env {
	const char *events_path;
	bool events;
	bool ops;
	const char *output;
	bool table;
	bool pretty;
	unsigned int pid;
	const char *cgroup;
	double duration;
	unsigned int ringbuf_mb;
	unsigned int max_entries;
	const char *btf;
	bool no_fentry;
	bool no_kprobe;
	bool asked_no_fentry;	/* given on the command line, not a fallback */
	bool asked_no_kprobe;
	bool no_kernel_tp;
	bool allowlists;
	const char *from_records;
	const char *prometheus;
	double interval;
	bool journal;
	const char *journal_socket;
	const char *state;
	const char *ready;
	bool verbose;
} env = { .ringbuf_mb = 16, .max_entries = 16384 };

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	char *end;

	switch (key) {
	case 'e':
		env.events = true;
		env.events_path = arg;
		break;
	case OPT_OPS:
		env.ops = true;
		break;
	case 'o':
		env.output = arg;
		break;
	case 't':
		env.table = true;
		break;
	case OPT_PRETTY:
		env.pretty = true;
		break;
	case 'p':
		errno = 0;
		env.pid = strtoul(arg, &end, 10);
		if (errno || *end || !env.pid)
			argp_error(state, "invalid PID: %s", arg);
		break;
	case 'c':
		env.cgroup = arg;
		break;
	case 'd':
		errno = 0;
		env.duration = strtod(arg, &end);
		if (errno || *end || env.duration <= 0)
			argp_error(state, "invalid duration: %s", arg);
		break;
	case OPT_RINGBUF:
		env.ringbuf_mb = strtoul(arg, &end, 10);
		if (*end || !env.ringbuf_mb || (env.ringbuf_mb & (env.ringbuf_mb - 1)) ||
		    env.ringbuf_mb > 1024)
			argp_error(state, "ring buffer size must be a power of 2 MiB <= 1024");
		break;
	case OPT_BTF:
		env.btf = arg;
		break;
	case OPT_NO_FENTRY:
		env.no_fentry = env.asked_no_fentry = true;
		break;
	case OPT_NO_KPROBE:
		env.no_kprobe = env.asked_no_kprobe = true;
		break;
	case OPT_READY:
		env.ready = arg;
		break;
	case OPT_NO_KTP:
		env.no_kernel_tp = true;
		break;
	case OPT_ALLOWLISTS:
		env.allowlists = true;
		break;
	case OPT_MAX_ENTRIES:
		errno = 0;
		env.max_entries = strtoul(arg, &end, 10);
		if (errno || *end || env.max_entries < 16 || env.max_entries > (1u << 22))
			argp_error(state, "--max-entries must be a number from 16 to %u", 1u << 22);
		break;
	case OPT_JOURNAL:
		env.journal = true;
		break;
	case OPT_JOURNAL_SOCKET:
		env.journal = true;
		env.journal_socket = arg;
		break;
	case OPT_INTERVAL:
		errno = 0;
		env.interval = strtod(arg, &end);
		if (errno || *end || env.interval < 1 || env.interval > 86400)
			argp_error(state, "--interval must be from 1 to 86400 seconds");
		break;
	case OPT_PROMETHEUS:
		env.prometheus = arg;
		break;
	case OPT_STATE:
		env.state = arg;
		break;
	case OPT_FROM_RECORDS:
		env.from_records = arg;
		break;
	case 'v':
		env.verbose = true;
		break;
	case ARGP_KEY_ARG:
		argp_usage(state);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static struct journal journal = { .fd = -1 };
/* --state: what earlier runs counted (runs 0: nothing carried) */
static struct state carried;

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG && !env.verbose)
		return 0;
	if (!env.verbose)
		return 0;	/* our own one-line messages say what matters */
	return vfprintf(stderr, fmt, ap);
}

static volatile sig_atomic_t exiting;

static void on_signal(int sig)
{
	exiting = sig;
}

/* ---- load, attach, run -------------------------------------------------- */

static struct afalg_trace_bpf *open_and_load(struct tracer *t, bool fentry_ok, int *errp)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .btf_custom_path = env.btf);
	struct afalg_trace_bpf *o;
	int err;

	choose_hooks(t, fentry_ok, env.no_fentry, env.no_kprobe);
	o = afalg_trace_bpf__open_opts(&oo);
	if (!o) {
		*errp = -errno;
		return NULL;
	}
	o->rodata->targ_tgid = env.pid;
	o->rodata->filter_cgroup = env.cgroup != NULL;
	o->rodata->emit_ops = env.ops;
	bpf_map__set_max_entries(o->maps.events, env.ringbuf_mb << 20);
	bpf_map__set_max_entries(o->maps.counters, env.max_entries);
	hooks_autoload(t, o);
	err = afalg_trace_bpf__load(o);
	if (err) {
		*errp = err;
		afalg_trace_bpf__destroy(o);
		return NULL;
	}
	return o;
}

/* Seccomp mode of this process (/proc/self/status): 2 is a filter. */
static int seccomp_mode(void)
{
	int mode = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		sscanf(line, "Seccomp: %d", &mode);
	if (f)
		fclose(f);
	return mode;
}

/* fentry/fexit, else kprobes, else syscall tracepoints only. */
static struct afalg_trace_bpf *load(struct tracer *t)
{
	struct afalg_trace_bpf *obj;
	int err;

	obj = open_and_load(t, true, &err);
	if (!obj && (err == -EPERM || err == -EACCES) && seccomp_mode() == 2) {
		/*
		 * probe_kernel() found the capabilities, yet bpf() is refused
		 * and a seccomp filter is in place (a sandbox, or the test
		 * suite's bpf-deny): no fallback would load; one line, not three
		 */
		msg("bpf() refused with %s under this process's seccomp filter: nothing traced",
		    err == -EPERM ? "EPERM" : "EACCES");
		return NULL;
	}
	if (!obj && !env.no_fentry) {
		/* fentry/fexit may be refused (no trampolines, lockdown, ...) */
		msg("fentry/fexit programs did not load (%s): trying kprobes", strerror(-err));
		env.no_fentry = true;
		obj = open_and_load(t, false, &err);
	}
	if (!obj && !env.no_kprobe) {
		msg("kprobe programs did not load (%s): using syscall tracepoints only", strerror(-err));
		env.no_kprobe = true;
		obj = open_and_load(t, false, &err);
	}
	if (!obj) {
		if (err == -EPERM || err == -EACCES)
			msg("no privileges to load BPF programs (run as root, or with CAP_BPF, "
			    "CAP_PERFMON and CAP_SYS_RESOURCE): nothing traced");
		else
			msg("cannot load the BPF programs: %s (run with -v for the verifier log): nothing traced",
			    strerror(-err));
	}
	return obj;
}

/* The --cgroup filter and the series' field offsets, into the loaded maps. */
static int configure(const struct tracer *t, struct afalg_trace_bpf *obj, int cg_fd)
{
	if (cg_fd >= 0) {
		unsigned int zero = 0;

		if (bpf_map_update_elem(bpf_map__fd(obj->maps.cgroup_filter), &zero, &cg_fd, BPF_ANY)) {
			msg("cannot use cgroup %s as a filter: %s", env.cgroup, strerror(errno));
			return -1;
		}
	}
	configure_series(t, obj);
	obj->data->knob_level = read_knob();
	return 0;
}

/* Poll until --duration or a signal; t0, t1: when tracing started and stopped. */
static void write_trace(const struct tracer *t, const struct event_log *log,
			struct afalg_trace_bpf *obj, struct run_span *span, bool final);

static double since(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) + (b->tv_nsec - a->tv_nsec) / 1e9;
}

static void trace(struct tracer *t, struct event_log *log, struct ring_buffer *rb,
		  struct afalg_trace_bpf *obj, struct timespec *t0, struct timespec *t1)
{
	struct afalg_trace_bpf__data *obj_data = obj->data;
	struct timespec mono0, now, last;
	int err;

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	*t0 = events_start(log, &mono0);
	last = mono0;
	if (env.ready) {
		int fd = open(env.ready, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0)
			close(fd);
	}
	msg("tracing AF_ALG (%d hooks)%s", t->nlinks, env.duration ? "" : ": stop with Ctrl-C");

	while (!exiting) {
		/* the level at the time of each bind, give or take a poll */
		obj_data->knob_level = read_knob();
		err = ring_buffer__poll(rb, 100);
		if (err < 0 && err != -EINTR) {
			msg("ring buffer poll failed: %s", strerror(-err));
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (env.duration && since(&mono0, &now) >= env.duration)
			break;
		if (env.interval && since(&last, &now) >= env.interval) {
			struct run_span span = { .t0 = *t0 };

			clock_gettime(CLOCK_REALTIME, &span.t1);
			write_trace(t, log, obj, &span, false);
			last = now;
		}
	}
	/* detach first, then drain: nothing can arrive after the last read */
	detach_hooks(t);
	ring_buffer__consume(rb);
	clock_gettime(CLOCK_REALTIME, t1);
}

struct summary_ctx {
	struct inventory *inv;
	const struct tracer *t;
	const struct event_log *log;
	const struct inventory_opts *opt;
	const struct run_span *span;
};

static void summary_to(FILE *f, void *ctx)
{
	struct summary_ctx *c = ctx;

	write_summary(f, c->inv, c->t, c->log, c->opt, c->span);
}

/* While tracing (--interval): -o and --prometheus, each replaced atomically;
 * the journal's records of new rows. */
static int write_snapshot(struct inventory *inv, const struct tracer *t,
			  const struct event_log *log, const struct inventory_opts *opt,
			  const struct run_span *span)
{
	struct summary_ctx c = { inv, t, log, opt, span };
	int err = 0;

	/*
	 * The journal first, then the state: a crash between them sends a
	 * row's record again after the restart rather than never
	 */
	if (env.journal)
		inventory_journal(inv, t, &journal);
	if (env.state && state_write(env.state, inv, log, span, env.pid, env.cgroup))
		err = -1;
	if (env.output && write_atomic(env.output, summary_to, &c))
		err = -1;
	if (env.prometheus && write_prometheus(env.prometheus, inv, log))
		err = -1;
	return err;
}

/* The table (--table) and the JSON inventory (-o, or stdout without --table). */
static int write_outputs(struct inventory *inv, const struct tracer *t,
			 const struct event_log *log, const struct inventory_opts *opt,
			 const struct run_span *span)
{
	FILE *out = stdout;
	int err = 0;

	if (env.journal && !env.interval)
		inventory_journal(inv, t, &journal);
	if (env.state && !env.interval && state_write(env.state, inv, log, span, env.pid,
						      env.cgroup))
		err = -1;
	if (env.interval) {
		/* a service: the last snapshot the same way as the others */
		if (env.table)
			write_table(stdout, inv);
		return write_snapshot(inv, t, log, opt, span);
	}
	if (env.output) {
		out = fopen(env.output, "w");
		if (!out) {
			msg("cannot write %s: %s", env.output, strerror(errno));
			out = stdout;
		}
	}
	if (env.table)
		write_table(stdout, inv);
	if (!env.table || env.output)
		write_summary(out, inv, t, log, opt, span);
	if (env.prometheus && write_prometheus(env.prometheus, inv, log))
		err = -1;
	if (fflush(out) || ferror(out)) {
		msg("cannot write the inventory: %s", strerror(errno));
		err = -1;
	}
	if (out != stdout && fclose(out))
		err = -1;
	return err;
}

/* The inventory from the maps now; final: the last one (after detaching). */
static void write_trace(const struct tracer *t, const struct event_log *log,
			struct afalg_trace_bpf *obj, struct run_span *span, bool final)
{
	const struct inventory_opts opt = {
		.pretty = env.pretty, .pid = env.pid, .cgroup = env.cgroup,
	};
	struct inventory inv = { .max_entries = env.max_entries };
	struct event_log merged = *log;	/* this run's statistics plus the carried */
	struct run_span run = *span;

	span->knob_end = read_knob();
	run.knob_end = span->knob_end;
	aggregate(&inv, obj, log);
	if (carried.runs) {
		for (size_t i = 0; i < carried.nrows; i++)
			if (inventory_add_carried(&inv, &carried.rows[i], carried.procs)) {
				msg("out of memory adding the carried counts: this inventory "
				    "lacks some");
				break;
			}
		for (int i = 0; i < S_NR; i++)
			inv.stats[i] += carried.stats[i];
		merged.nevents += carried.nevents;
		merged.procs_dropped += carried.procs_dropped;
		merged.procs_over_cap += carried.procs_over_cap;
		run.t0 = carried.start;
	}
	run.runs = carried.runs + 1;
	if (final)
		write_outputs(&inv, t, &merged, &opt, &run);
	else
		write_snapshot(&inv, t, &merged, &opt, &run);
	inventory_free(&inv);
}

/* --from-records: another backend's run, through the same writer. */
static int write_records(const char *path)
{
	struct tracer t = { .knob_start = -1 };
	struct event_log log = { .t = &t };
	struct inventory inv = {};
	struct records_run run = { .t = &t, .log = &log, .inv = &inv };
	int err = records_read(path, &run);

	run.opt.pretty = env.pretty;
	if (!err)
		err = write_outputs(&inv, &t, &log, &run.opt, &run.span);
	records_free(&run);
	inventory_free(&inv);
	events_free(&log);
	return err ? 1 : 0;
}

static bool str_same(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

/*
 * --state: the counts of earlier runs, into carried, and their rows marked
 * as sent to the journal.  A file whose content is bad (or made under other
 * filters) is not carried: one line says why, the tracer counts from zero
 * and the file is kept aside as FILE.bad (the next snapshot would replace
 * it).  A service that refused to start would trace nothing at all.  A file
 * that cannot be read (permissions, I/O) stops the tracer: replacing it
 * would lose what it holds.  -1: stop.
 */
static int load_state(const char *path)
{
	char why[320], aside[PATH_MAX];
	int r = state_read(path, &carried, env.max_entries, why, sizeof(why));

	if (r == -2)
		return -1;
	if (r == 1)
		return 0;
	if (r == 0 && (carried.pid != env.pid || !str_same(carried.cgroup, env.cgroup))) {
		snprintf(why, sizeof(why), "counted under other filters (--pid, --cgroup) than "
			 "this run's");
		state_free(&carried);
		r = -1;
	}
	if (r == -1) {
		snprintf(aside, sizeof(aside), "%s.bad", path);
		if (rename(path, aside))
			msg("state file %s: %s: not carried, counting from zero (it could not be "
			    "kept aside: %s)", path, why, strerror(errno));
		else
			msg("state file %s: %s: not carried, counting from zero (kept as %s)",
			    path, why, aside);
		return 0;
	}
	if (carried.folded)
		msg("state file %s: %zu carried processes beyond --max-entries %u: their counts "
		    "are in the \"(overflow)\" rows", path, carried.folded, env.max_entries);
	for (size_t i = 0; i < carried.nrows; i++) {
		const struct carried_row *cr = &carried.rows[i];
		struct journal_row jr = {
			.exe = cr->exe, .cgroup = cr->cgroup, .type = cr->type, .alg = cr->alg,
			.uid = cr->uid, .caps = cr->caps, .overflow = cr->overflow,
		};

		/* sent by the run that found the row */
		journal_mark_sent(&journal, &jr);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct tracer t = { .knob_start = -1 };
	struct event_log log = { .t = &t };
	struct afalg_trace_bpf *obj;
	struct ring_buffer *rb = NULL;
	struct run_span span = {};
	int err, cg_fd = -1;

	err = argp_parse(&argp, argc, argv, 0, NULL, NULL);
	if (err)
		return err;
	libbpf_set_print(libbpf_print);
	if (env.allowlists) {
		restrict_print_allowlists(stdout);
		return 0;
	}
	if (env.journal && journal_open(&journal, env.journal_socket))
		return 1;
	if (env.state && env.from_records) {
		msg("--state carries a tracing run's counts; --from-records traces nothing");
		return 1;
	}
	if (env.state && load_state(env.state))
		return 1;
	if (env.from_records) {
		err = write_records(env.from_records);
		journal_close(&journal);
		return err;
	}
	if (probe_kernel(&t, env.btf, !env.no_kernel_tp))
		return 1;
	if (env.cgroup) {
		cg_fd = open(env.cgroup, O_RDONLY | O_DIRECTORY);
		if (cg_fd < 0) {
			msg("cannot open cgroup %s: %s", env.cgroup, strerror(errno));
			return 1;
		}
	}
	obj = load(&t);
	if (!obj)
		return 1;
	err = 1;
	if (configure(&t, obj, cg_fd))
		goto out;
	attach_hooks(&t, obj, env.asked_no_fentry, env.asked_no_kprobe);
	if (events_init(&log, 2 * (size_t)env.max_entries) ||
	    (env.events && events_open(&log, env.events_path)))
		goto out;
	rb = ring_buffer__new(bpf_map__fd(obj->maps.events), on_event, &log, NULL);
	if (!rb) {
		msg("cannot create the ring buffer reader: %s", strerror(errno));
		goto out;
	}
	trace(&t, &log, rb, obj, &span.t0, &span.t1);
	write_trace(&t, &log, obj, &span, true);
	err = 0;
out:
	ring_buffer__free(rb);
	detach_hooks(&t);
	afalg_trace_bpf__destroy(obj);
	events_free(&log);
	free_btfs(&t);
	journal_close(&journal);
	state_free(&carried);
	return err;
}
