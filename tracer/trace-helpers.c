// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace loader, what the kernel offers (as bcc libbpf-tools'
 * trace_helpers.c): privileges, BTF, tracefs, kallsyms, kprobes, AF_ALG and
 * the series' knob; for each operation the hook variant to use; the series'
 * own tracepoints found in tracefs and their fields read from the format
 * files; attaching the chosen programs.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "afalg-trace.skel.h"
#include "trace-helpers.h"

void msg(const char *fmt, ...)
{
	va_list ap;

	fputs("afalg-trace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ---- what the kernel offers --------------------------------------------- */

/* Loading BPF needs CAP_BPF (or CAP_SYS_ADMIN) and CAP_PERFMON for tracing. */
static bool bpf_privileged(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	unsigned long long eff = 0;
	char line[256];

	if (!f)
		return true;	/* cannot tell: let the kernel decide */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1)
			break;
	fclose(f);
	return (eff & (1ULL << 21)) ||			/* CAP_SYS_ADMIN */
	       ((eff & (1ULL << 39)) && (eff & (1ULL << 38)));	/* CAP_BPF + CAP_PERFMON */
}

static bool path_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0;
}

static void find_tracefs(struct tracer *t)
{
	static const char *cands[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };

	for (unsigned int i = 0; i < 2; i++) {
		char p[PATH_MAX];

		snprintf(p, sizeof(p), "%s/events", cands[i]);
		if (path_exists(p)) {
			t->tracefs = cands[i];
			return;
		}
	}
	/* root may mount it; libbpf then finds the tracepoint ids there */
	if (mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0 &&
	    path_exists("/sys/kernel/tracing/events")) {
		t->tracefs = "/sys/kernel/tracing";
		return;
	}
	msg("tracefs is not mounted and cannot be mounted: every tracepoint hook is disabled");
}

static bool tp_exists(const struct tracer *t, const char *cat, const char *name)
{
	char p[PATH_MAX];

	if (!t->tracefs)
		return false;
	snprintf(p, sizeof(p), "%s/events/%s/%s/id", t->tracefs, cat, name);
	return path_exists(p);
}

static void load_btfs(struct tracer *t, const char *btf_path)
{
	t->vmlinux_btf = btf_path ? btf__parse(btf_path, NULL) : btf__load_vmlinux_btf();
	if (!t->vmlinux_btf)
		return;
	if (path_exists("/sys/kernel/btf/af_alg"))
		t->afalg_btf = btf__parse_split("/sys/kernel/btf/af_alg", t->vmlinux_btf);
}

static bool btf_has_func(const struct tracer *t, const char *name)
{
	if (t->vmlinux_btf && btf__find_by_name_kind(t->vmlinux_btf, name, BTF_KIND_FUNC) > 0)
		return true;
	return t->afalg_btf && btf__find_by_name_kind(t->afalg_btf, name, BTF_KIND_FUNC) > 0;
}

/* The kallsyms name of a function (it may carry a .isra/.constprop suffix). */
static bool ksym_name(const char *name, char *out, size_t outlen)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512], sym[256], type;
	unsigned long long addr;
	size_t n = strlen(name);
	bool found = false;

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) != 3)
			continue;
		if (type != 't' && type != 'T')
			continue;
		if (!strcmp(sym, name)) {
			snprintf(out, outlen, "%s", sym);
			found = true;
			break;
		}
		if (!found && !strncmp(sym, name, n) && sym[n] == '.') {
			snprintf(out, outlen, "%s", sym);
			found = true;	/* keep looking for an exact match */
		}
	}
	fclose(f);
	return found;
}

/* AF_ALG availability. */
static const char *afalg_state(const struct tracer *t)
{
	struct utsname u;
	char p[PATH_MAX];

	if (btf_has_func(t, "af_alg_accept") && !t->afalg_btf)
		return "builtin";
	if (path_exists("/sys/module/af_alg"))
		return path_exists("/sys/module/af_alg/initstate") ? "module" : "builtin";
	if (uname(&u) == 0) {
		snprintf(p, sizeof(p), "/lib/modules/%s/kernel/crypto/af_alg.ko", u.release);
		if (path_exists(p))
			return "module-not-loaded";
		snprintf(p, sizeof(p), "/lib/modules/%s/kernel/crypto/af_alg.ko.xz", u.release);
		if (path_exists(p))
			return "module-not-loaded";
	}
	if (t->vmlinux_btf)
		return "absent";
	return "unknown";
}

/* ---- the knob ----------------------------------------------------------- */

/*
 * The knob is mainline's crypto.af_alg_restrict, which the kernel series
 * backports: 0 unrestricted, 1 per-type allowlists (bind() of another name
 * fails with ENOENT), 2 socket(AF_ALG) refused with EAFNOSUPPORT.  Its
 * path, its values and the name of the field that carries it in the series'
 * tracepoints ("mode": the level in force) are known here only.
 */
#define KNOB_PATH		"/proc/sys/crypto/af_alg_restrict"
#define KNOB_DENIES(v)		((v) >= 2)
static const char *const knob_field_names[] = { "mode", "restrict", NULL };

int read_knob(void)
{
	FILE *f = fopen(KNOB_PATH, "r");
	int v = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/* Why a socket(AF_ALG) returning EAFNOSUPPORT was refused. */
const char *denied_by(const struct tracer *t)
{
	for (int i = 0; i < t->nseries; i++)
		if (t->series[i].denied)
			return "restrict";	/* the series' tracepoint said so */
	if (KNOB_DENIES(t->knob_start) || KNOB_DENIES(read_knob()))
		return "restrict";
	if (t->knob_start < 0 && strcmp(t->afalg_avail, "builtin") &&
	    strcmp(t->afalg_avail, "module"))
		return "no_af_alg";
	return "unknown";
}

/* ---- hooks -------------------------------------------------------------- */

const char *const variant_name[V_NR] = {
	[V_NONE] = "none", [V_FENTRY] = "fentry", [V_KPROBE] = "kprobe",
	[V_SYSCALL] = "syscall",
};

const char *const group_name[G_NR] = {
	[G_SOCKET] = "socket", [G_SOCKETPAIR] = "socketpair",
	[G_IOURING] = "io_uring-socket", [G_BIND] = "bind", [G_SETOPT] = "setsockopt",
	[G_ACCEPT] = "accept", [G_RELEASE] = "release", [G_OPS] = "ops",
};

/* the af_alg function each group hooks in fentry/kprobe mode */
static const char *const group_func[G_NR] = {
	[G_IOURING] = "__sys_socket_file", [G_BIND] = "alg_bind",
	[G_SETOPT] = "alg_setsockopt", [G_ACCEPT] = "af_alg_accept",
	[G_RELEASE] = "af_alg_release",
};

__attribute__((format(printf, 4, 5)))
static void hook_note(struct tracer *t, bool ok, const char *why, const char *fmt, ...)
{
	struct hook_rec *h;
	va_list ap;

	if (t->nhooks >= MAX_HOOKS)
		return;
	h = &t->hooks[t->nhooks];
	va_start(ap, fmt);
	vsnprintf(h->name, sizeof(h->name), fmt, ap);
	va_end(ap);
	h->ok = ok;
	snprintf(h->why, sizeof(h->why), "%s", why ? why : "");
	t->nhooks++;
}

/* libbpf attaches kprobes through the perf "kprobe" PMU (CONFIG_KPROBES). */
static bool kprobes_ok(void)
{
	return path_exists("/sys/bus/event_source/devices/kprobe/type");
}

void choose_hooks(struct tracer *t, bool fentry_ok, bool no_fentry, bool no_kprobe)
{
	for (int g = 0; g < G_NR; g++) {
		const char *fn = group_func[g];
		char ks[256];

		switch (g) {
		case G_OPS:
			/* 6.1 has no sock_{send,recv}_length: say so, load
			 * nothing (t->tracefs missing is said on its own) */
			t->chosen[g] = !t->tracefs || (tp_exists(t, "sock", "sock_send_length") &&
						 tp_exists(t, "sock", "sock_recv_length")) ?
				V_SYSCALL : V_NONE;
			continue;
		case G_SOCKET:
		case G_SOCKETPAIR:
			t->chosen[g] = V_SYSCALL;	/* tracepoints */
			continue;
		}
		if (fentry_ok && !no_fentry && btf_has_func(t, fn))
			t->chosen[g] = V_FENTRY;
		else if (!no_kprobe && kprobes_ok() && ksym_name(fn, ks, sizeof(ks)))
			t->chosen[g] = V_KPROBE;
		else if (g == G_IOURING || g == G_RELEASE)
			t->chosen[g] = V_NONE;
		else
			t->chosen[g] = V_SYSCALL;
	}
}

struct progset {
	enum group g;
	enum variant v;
	struct bpf_program *p[4];
};

static int progsets(struct afalg_trace_bpf *o, struct progset *ps)
{
	struct bpf_program *none = NULL;
	int n = 0;
#define PS(G, V, A, B, C, D) ps[n++] = (struct progset){ G, V, { A, B, C, D } }
	PS(G_SOCKET, V_SYSCALL, o->progs.sys_enter_socket, o->progs.sys_exit_socket, none, none);
	PS(G_SOCKETPAIR, V_SYSCALL, o->progs.sys_enter_socketpair, o->progs.sys_exit_socketpair, none, none);
	PS(G_IOURING, V_FENTRY, o->progs.fexit_sys_socket_file, none, none, none);
	PS(G_IOURING, V_KPROBE, o->progs.kprobe_sys_socket_file, o->progs.kretprobe_sys_socket_file, none, none);
	PS(G_BIND, V_FENTRY, o->progs.fexit_alg_bind, none, none, none);
	PS(G_BIND, V_KPROBE, o->progs.kprobe_alg_bind, o->progs.kretprobe_alg_bind, none, none);
	PS(G_BIND, V_SYSCALL, o->progs.sys_enter_bind, o->progs.sys_exit_bind, none, none);
	PS(G_SETOPT, V_FENTRY, o->progs.fexit_alg_setsockopt, none, none, none);
	PS(G_SETOPT, V_KPROBE, o->progs.kprobe_alg_setsockopt, o->progs.kretprobe_alg_setsockopt, none, none);
	PS(G_SETOPT, V_SYSCALL, o->progs.sys_enter_setsockopt, o->progs.sys_exit_setsockopt, none, none);
	PS(G_ACCEPT, V_FENTRY, o->progs.fexit_af_alg_accept, none, none, none);
	PS(G_ACCEPT, V_KPROBE, o->progs.kprobe_af_alg_accept, o->progs.kretprobe_af_alg_accept, none, none);
	PS(G_ACCEPT, V_SYSCALL, o->progs.sys_enter_accept, o->progs.sys_exit_accept,
	   o->progs.sys_enter_accept4, o->progs.sys_exit_accept4);
	PS(G_RELEASE, V_FENTRY, o->progs.fentry_af_alg_release, none, none, none);
	PS(G_RELEASE, V_KPROBE, o->progs.kprobe_af_alg_release, none, none, none);
	PS(G_OPS, V_SYSCALL, o->progs.tp_sock_send_length, o->progs.tp_sock_recv_length, none, none);
#undef PS
	return n;
}

static bool name_in(const char *n, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(n, *list))
			return true;
	return false;
}

static void parse_series_format(const struct tracer *t, struct series_tp *s)
{
	static const char *const alg_names[] = { "alg", "algorithm", "alg_name", "salg_name", "name", NULL };
	static const char *const type_names[] = { "salg_type", "alg_type", "type", NULL };
	static const char *const denied_names[] = { "denied", "deny", NULL };
	static const char *const ret_names[] = { "ret", "err", "error", "result", "errno", NULL };
	char p[PATH_MAX], line[512];
	FILE *f;

	s->cfg = (struct at_series_cfg){ -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, 0, 0 };
	snprintf(p, sizeof(p), "%s/events/%s/%s/format", t->tracefs, s->cat, s->name);
	f = fopen(p, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char decl[256], *fname, *br;
		int off, size;
		bool is_str, dataloc;
		char *q = strstr(line, "field:");

		if (!q || sscanf(q, "field:%255[^;];\toffset:%d;\tsize:%d;", decl, &off, &size) != 3)
			continue;
		if (!strncmp(decl, "unsigned short common_", 22) || strstr(decl, " common_"))
			continue;
		dataloc = !strncmp(decl, "__data_loc", 10);
		is_str = dataloc || (strstr(decl, "char") && strchr(decl, '['));
		/* "char comm[16]", "__data_loc char[] type": the name is the
		 * last word, without an array suffix */
		fname = strrchr(decl, ' ');
		fname = fname ? fname + 1 : decl;
		br = strchr(fname, '[');
		if (br)
			*br = 0;
		if (is_str && s->cfg.alg_off < 0 && name_in(fname, alg_names)) {
			s->cfg.alg_off = off;
			s->cfg.alg_size = dataloc ? 0 : size;
		} else if (is_str && s->cfg.type_off < 0 && name_in(fname, type_names)) {
			s->cfg.type_off = off;
			s->cfg.type_size = dataloc ? 0 : size;
		} else if (!is_str && size <= 8 && s->cfg.mode_off < 0 && name_in(fname, knob_field_names)) {
			s->cfg.mode_off = off;
			s->cfg.mode_size = size;
		} else if (!is_str && size <= 8 && s->cfg.ret_off < 0 && name_in(fname, ret_names)) {
			s->cfg.ret_off = off;
			s->cfg.ret_size = size;
		} else if (!is_str && size <= 8 && s->cfg.denied_off < 0 &&
			   name_in(fname, denied_names)) {
			s->cfg.denied_off = off;
			s->cfg.denied_size = size;
		}
	}
	fclose(f);
	/* af_alg_bind carries the type and algorithm; af_alg_create does not */
	s->cfg.is_bind = s->cfg.type_off >= 0 && s->cfg.alg_off >= 0;
}

/* The series' own tracepoints: any event named af_alg* or in an af_alg* system. */
static void find_series(struct tracer *t)
{
	char p[PATH_MAX];
	struct dirent *d, *e;
	DIR *top, *sub;

	if (!t->tracefs)
		return;
	snprintf(p, sizeof(p), "%s/events", t->tracefs);
	top = opendir(p);
	if (!top)
		return;
	while ((d = readdir(top)) && t->nseries < AT_SERIES_SLOTS) {
		bool sys_match = strstr(d->d_name, "af_alg") != NULL;

		if (d->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/events/%s", t->tracefs, d->d_name);
		sub = opendir(p);
		if (!sub)
			continue;
		while ((e = readdir(sub)) && t->nseries < AT_SERIES_SLOTS) {
			if (e->d_name[0] == '.' || !strcmp(e->d_name, "enable") ||
			    !strcmp(e->d_name, "filter"))
				continue;
			if (!sys_match && strncmp(e->d_name, "af_alg", 6))
				continue;
			if (!tp_exists(t, d->d_name, e->d_name))
				continue;
			snprintf(t->series[t->nseries].cat, sizeof(t->series[0].cat), "%s", d->d_name);
			snprintf(t->series[t->nseries].name, sizeof(t->series[0].name), "%s", e->d_name);
			parse_series_format(t, &t->series[t->nseries]);
			t->nseries++;
		}
		closedir(sub);
	}
	closedir(top);
}

static const char *tp_of(struct bpf_program *p, char *cat, size_t clen)
{
	const char *sec = bpf_program__section_name(p);
	const char *s = strchr(sec, '/');
	const char *n;

	if (!s)
		return NULL;
	n = strchr(s + 1, '/');
	if (!n)
		return NULL;
	snprintf(cat, clen, "%.*s", (int)(n - s - 1), s + 1);
	return n + 1;
}

static int attach_one(struct tracer *t, struct bpf_program *p, enum variant v, const char *func)
{
	struct bpf_link *l = NULL;
	char cat[64], what[320], ks[256];
	const char *name;
	int err;

	if (v == V_SYSCALL) {
		name = tp_of(p, cat, sizeof(cat));
		snprintf(what, sizeof(what), "tracepoint:%s:%s", cat, name);
		if (!tp_exists(t, cat, name)) {
			hook_note(t, false, "tracepoint missing", "%s", what);
			return -ENOENT;
		}
		l = bpf_program__attach_tracepoint(p, cat, name);
	} else if (v == V_FENTRY) {
		snprintf(what, sizeof(what), "%s:%s",
			 strncmp(bpf_program__section_name(p), "fentry", 6) ? "fexit" : "fentry", func);
		l = bpf_program__attach_trace(p);
	} else {
		bool ret = !strncmp(bpf_program__section_name(p), "kretprobe", 9);

		if (!ksym_name(func, ks, sizeof(ks)))
			snprintf(ks, sizeof(ks), "%s", func);
		snprintf(what, sizeof(what), "%s:%s", ret ? "kretprobe" : "kprobe", ks);
		l = bpf_program__attach_kprobe(p, ret, ks);
	}
	if (!l) {
		err = -errno;
		hook_note(t, false, strerror(-err), "%s", what);
		return err;
	}
	t->links[t->nlinks++] = l;
	hook_note(t, true, NULL, "%s", what);
	return 0;
}

/* the programs the series' tracepoints attach to, one per slot */
static void series_progs(struct afalg_trace_bpf *o, struct bpf_program **sp)
{
	sp[0] = o->progs.tp_series0;
	sp[1] = o->progs.tp_series1;
	sp[2] = o->progs.tp_series2;
	sp[3] = o->progs.tp_series3;
}

void hooks_autoload(const struct tracer *t, struct afalg_trace_bpf *o)
{
	struct bpf_program *sp[AT_SERIES_SLOTS];
	struct progset ps[32];
	int n = progsets(o, ps);

	for (int i = 0; i < n; i++)
		for (int j = 0; j < 4; j++)
			if (ps[i].p[j])
				bpf_program__set_autoload(ps[i].p[j], t->chosen[ps[i].g] == ps[i].v);
	series_progs(o, sp);
	for (int i = 0; i < AT_SERIES_SLOTS; i++)
		bpf_program__set_autoload(sp[i], t->nseries > i);
}

void configure_series(const struct tracer *t, struct afalg_trace_bpf *o)
{
	for (int i = 0; i < t->nseries; i++) {
		unsigned int slot = i;

		bpf_map_update_elem(bpf_map__fd(o->maps.series_cfg), &slot, &t->series[i].cfg, BPF_ANY);
	}
}

/* What a failed attachment of group g's programs leaves unrecorded. */
static void say_attach_failed(enum group g, enum variant v)
{
	switch (g) {
	case G_SOCKET:
		msg("socket() tracepoints missing: socket attempts and EAFNOSUPPORT denials are not recorded");
		break;
	case G_SOCKETPAIR:
		msg("socketpair() tracepoints missing: socketpair(AF_ALG) attempts are not recorded");
		break;
	case G_OPS:
		msg("sock:sock_send_length/sock_recv_length missing: operations and bytes are not counted");
		break;
	default:
		msg("%s hook %s:%s failed to attach: %s not recorded", group_name[g],
		    variant_name[v], group_func[g] ? group_func[g] : "", group_name[g]);
	}
}

/* Why an operation has no hook at all (V_NONE). */
static const char *why_none(bool asked_no_fentry, bool asked_no_kprobe)
{
	if (asked_no_fentry && asked_no_kprobe)
		return "disabled by --no-fentry and --no-kprobe";
	if (asked_no_kprobe)
		return "no fentry for this function, kprobes disabled by --no-kprobe";
	if (!kprobes_ok())
		return "no fentry and no kprobes (CONFIG_KPROBES=n) for this function";
	return "function not found in BTF or kallsyms";
}

/* A failed preferred variant is reported; syscall fallbacks stay. */
void attach_hooks(struct tracer *t, struct afalg_trace_bpf *o, bool asked_no_fentry,
		  bool asked_no_kprobe)
{
	struct bpf_program *sp[AT_SERIES_SLOTS];
	struct progset ps[32];
	int n = progsets(o, ps);

	for (int i = 0; i < n; i++) {
		bool failed = false;

		if (t->chosen[ps[i].g] != ps[i].v)
			continue;
		for (int j = 0; j < 4; j++)
			if (ps[i].p[j] && attach_one(t, ps[i].p[j], ps[i].v, group_func[ps[i].g]))
				failed = true;
		if (failed)
			say_attach_failed(ps[i].g, ps[i].v);
	}
	for (int g = 0; g < G_NR; g++)
		if (t->chosen[g] == V_NONE) {
			const char *why = why_none(asked_no_fentry, asked_no_kprobe);

			if (g == G_OPS) {
				hook_note(t, false, "tracepoint missing", "tracepoint:sock:sock_send_length");
				msg("no sock:sock_send_length/sock_recv_length tracepoints in this kernel: "
				    "operations and bytes are not counted (ops_sent, bytes_sent, "
				    "ops_received, bytes_received stay 0)");
				continue;
			}
			hook_note(t, false, why, "%s:%s", group_name[g], group_func[g]);
			if (g == G_IOURING)
				msg("no io_uring socket hook (__sys_socket_file: %s): io_uring AF_ALG socket creation is not recorded",
				    why);
			else if (g == G_RELEASE)
				msg("no release hook (af_alg_release: %s%s): a closed tfm socket's "
				    "entry is dropped only when its address is reused", why,
				    strcmp(t->afalg_avail, "module-not-loaded") ? "" :
				    "; af_alg is a module not loaded at start");
		} else if (t->chosen[g] == V_SYSCALL && group_func[g] &&
			   !asked_no_fentry && !asked_no_kprobe) {
			/* the af_alg function could not be hooked (a refused
			 * fentry or kprobe load was said by the loader) */
			char ks[256];
			bool absent = !btf_has_func(t, group_func[g]) &&
				      !ksym_name(group_func[g], ks, sizeof(ks));

			msg("%s: %s %s: counted at the %s() system call tracepoints; "
			    "%ss issued through io_uring are not seen",
			    group_name[g], group_func[g],
			    !absent ? "not hooked" :
			    strcmp(t->afalg_avail, "module-not-loaded") ? "not in BTF or kallsyms" :
			    "not in BTF or kallsyms (af_alg is a module not loaded at start)",
			    group_name[g], group_name[g]);
		}
	if (t->knob_start < 0)
		msg("no crypto.af_alg_restrict sysctl in this kernel (no AF_ALG restriction): "
		    "mode_start/mode_end are null and no refusal is attributed to a restriction");
	series_progs(o, sp);
	for (int i = 0; i < t->nseries; i++) {
		struct bpf_link *l = bpf_program__attach_tracepoint(sp[i], t->series[i].cat,
								    t->series[i].name);

		if (l) {
			t->links[t->nlinks++] = l;
			hook_note(t, true, NULL, "tracepoint:%s:%s", t->series[i].cat, t->series[i].name);
		} else {
			hook_note(t, false, strerror(errno), "tracepoint:%s:%s",
				  t->series[i].cat, t->series[i].name);
		}
	}
	if (t->series_ignored)
		hook_note(t, false, "disabled by --no-kernel-tracepoints", "tracepoint:af_alg:*");
	else if (!t->nseries) {
		hook_note(t, false, "no af_alg tracepoint in this kernel (the series is not applied)",
			  "tracepoint:af_alg:*");
		msg("no af_alg:af_alg_create/af_alg_bind tracepoints in this kernel: "
		    "the kernel's own verdicts (mode, rule) are not recorded");
	}
}

void detach_hooks(struct tracer *t)
{
	for (int i = 0; i < t->nlinks; i++)
		bpf_link__destroy(t->links[i]);
	t->nlinks = 0;
}

/* ---- start-up ----------------------------------------------------------- */

int probe_kernel(struct tracer *t, const char *btf_path, bool use_series)
{
	if (!bpf_privileged()) {
		msg("no privileges to load BPF programs (run as root, or with CAP_BPF and "
		    "CAP_PERFMON): nothing traced");
		return -1;
	}
	if (!btf_path && !path_exists("/sys/kernel/btf/vmlinux")) {
		msg("kernel has no BTF (/sys/kernel/btf/vmlinux missing, CONFIG_DEBUG_INFO_BTF=n): "
		    "CO-RE programs cannot be relocated, nothing traced (pass --btf FILE, or use afalg-trace.bt)");
		return -1;
	}
	load_btfs(t, btf_path);
	if (!t->vmlinux_btf) {
		msg("cannot read the kernel BTF (%s): nothing traced",
		    btf_path ? btf_path : "/sys/kernel/btf/vmlinux");
		return -1;
	}
	find_tracefs(t);
	if (use_series)
		find_series(t);
	else
		t->series_ignored = true;
	t->afalg_avail = afalg_state(t);
	t->knob_start = read_knob();
	return 0;
}

void free_btfs(struct tracer *t)
{
	btf__free(t->afalg_btf);
	btf__free(t->vmlinux_btf);
}
