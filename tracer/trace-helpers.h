/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace loader: what the running kernel offers (privileges, BTF,
 * tracefs, kallsyms, kprobes, AF_ALG, the series' knob and tracepoints) and
 * the hooks chosen and attached from it.  See trace-helpers.c.
 */
#ifndef AFALG_TRACE_HELPERS_H
#define AFALG_TRACE_HELPERS_H

#include <stdbool.h>
#include <stdio.h>

#include "afalg-trace.h"

struct afalg_trace_bpf;
struct bpf_link;
struct bpf_program;
struct btf;

void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- hooks --------------------------------------------------------------- */

enum variant { V_NONE, V_FENTRY, V_KPROBE, V_SYSCALL, V_NR };
extern const char *const variant_name[V_NR];

/* operations, each hooked by one variant */
enum group { G_SOCKET, G_SOCKETPAIR, G_IOURING, G_BIND, G_SETOPT, G_ACCEPT,
	     G_RELEASE, G_OPS, G_NR };
extern const char *const group_name[G_NR];

/* every hook tried: attached (ok) or disabled, and why */
#define MAX_HOOKS 48
struct hook_rec {
	char name[128];
	bool ok;
	char why[160];
};

/* the series' own tracepoints */
struct series_tp {
	char cat[256], name[256];
	struct at_series_cfg cfg;	/* where its fields are (format file) */
	unsigned long long hits;
	unsigned long long denied;	/* events with the denied field set */
};

/*
 * Everything the loader learns about the kernel and what it attached: one
 * object, filled by probe_kernel() and the hook functions and read by the
 * writers (inventory.c, events.c); nothing here is a global.
 */
struct tracer {
	/* AF_ALG availability: "builtin", "module", "module-not-loaded",
	 * "absent", "unknown" */
	const char *afalg_avail;
	/* crypto.af_alg_restrict at start, -1 without the knob */
	int knob_start;
	const char *tracefs;		/* ".../tracing" with events/, or NULL */
	struct btf *vmlinux_btf, *afalg_btf;
	bool series_ignored;		/* --no-kernel-tracepoints */

	enum variant chosen[G_NR];
	struct hook_rec hooks[MAX_HOOKS];
	int nhooks;
	struct bpf_link *links[MAX_HOOKS];
	int nlinks;

	struct series_tp series[AT_SERIES_SLOTS];
	int nseries;
};

/* ---- the kernel ---------------------------------------------------------- */

/* Privileges, BTF (btf_path: --btf or NULL), tracefs, AF_ALG, the series'
 * tracepoints (unless !use_series: --no-kernel-tracepoints) and the knob
 * into t; 0, or -1 after saying why nothing can be traced. */
int probe_kernel(struct tracer *t, const char *btf_path, bool use_series);
void free_btfs(struct tracer *t);

/*
 * The knob, crypto.af_alg_restrict (mainline's, backported by the series):
 * its value now (-1 without the knob) and why a socket(AF_ALG) returning
 * EAFNOSUPPORT was refused ("restrict", "no_af_alg" or "unknown").
 * Everything that knows the knob's name or values is in the "knob" section
 * of trace-helpers.c.
 */
int read_knob(void);
const char *denied_by(const struct tracer *t);

/* Choose a variant per operation (fentry > kprobe > syscall tracepoints). */
void choose_hooks(struct tracer *t, bool fentry_ok, bool no_fentry, bool no_kprobe);
/* Load only the programs of the chosen variants and found series tracepoints. */
void hooks_autoload(const struct tracer *t, struct afalg_trace_bpf *o);
/* Attach them, noting (and saying) what failed; asked_*: given as options. */
void attach_hooks(struct tracer *t, struct afalg_trace_bpf *o, bool asked_no_fentry,
		  bool asked_no_kprobe);
void detach_hooks(struct tracer *t);

/* Tell the BPF program where each series tracepoint's fields are. */
void configure_series(const struct tracer *t, struct afalg_trace_bpf *o);

#endif /* AFALG_TRACE_HELPERS_H */
