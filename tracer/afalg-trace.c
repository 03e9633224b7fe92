// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace: inventory of AF_ALG (family 38) users.
 *
 * Loads afalg-trace.bpf.c (libbpf CO-RE, bpftool skeleton), chooses for each
 * operation the best hook the running kernel offers (fexit > kprobe >
 * syscall tracepoint), and on exit (--duration, SIGINT, SIGTERM) prints an
 * inventory in the JSON schema of tracer/SCHEMA.md, or a table.
 */
#include <argp.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "afalg-trace.h"
#include "afalg-trace.skel.h"

#ifndef AFALG_TRACE_VERSION
#define AFALG_TRACE_VERSION "0.0.0"
#endif

#define SCHEMA_NAME	"afalg-trace-inventory"
#define SCHEMA_VERSION	1

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
	OPT_READY, OPT_PRETTY, OPT_NO_SYSCALL_FALLBACK,
};

static const struct argp_option opts[] = {
	{ "events", 'e', "FILE", OPTION_ARG_OPTIONAL, "Write NDJSON events (to FILE, default stdout)" },
	{ "ops", OPT_OPS, NULL, 0, "Also emit one event per send/recv operation" },
	{ "output", 'o', "FILE", 0, "Write the JSON inventory to FILE (default stdout)" },
	{ "table", 't', NULL, 0, "Print a human-readable table (JSON only with -o)" },
	{ "pretty", OPT_PRETTY, NULL, 0, "Indent the JSON inventory" },
	{ "pid", 'p', "PID", 0, "Trace only this process" },
	{ "cgroup", 'c', "PATH", 0, "Trace only this cgroup v2 directory and below" },
	{ "duration", 'd', "SECONDS", 0, "Stop after SECONDS (default: until a signal)" },
	{ "ringbuf-mb", OPT_RINGBUF, "MB", 0, "Ring buffer size in MiB (power of 2, default 16)" },
	{ "btf", OPT_BTF, "FILE", 0, "Kernel BTF to relocate against (default /sys/kernel/btf/vmlinux)" },
	{ "no-fentry", OPT_NO_FENTRY, NULL, 0, "Do not use fentry/fexit hooks" },
	{ "no-kprobe", OPT_NO_KPROBE, NULL, 0, "Do not use kprobe hooks" },
	{ "ready", OPT_READY, "FILE", 0, "Create FILE once every hook is attached" },
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
	const char *btf;
	bool no_fentry;
	bool no_kprobe;
	bool asked_no_fentry;	/* given on the command line, not a fallback */
	bool asked_no_kprobe;
	const char *ready;
	bool verbose;
} env = { .ringbuf_mb = 16 };

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

static void msg(const char *fmt, ...)
{
	va_list ap;

	fputs("afalg-trace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG && !env.verbose)
		return 0;
	if (!env.verbose)
		return 0;	/* our own one-line messages say what matters */
	return vfprintf(stderr, fmt, ap);
}

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

static volatile sig_atomic_t exiting;

static void on_signal(int sig)
{
	exiting = sig;
}

/* ---- JSON output -------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
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

static void iso_time(char *buf, size_t len, const struct timespec *ts)
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

/* ---- what the kernel offers --------------------------------------------- */

static const char *tracefs;	/* ".../tracing" with an events/ directory */

static bool path_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0;
}

static void find_tracefs(void)
{
	static const char *cands[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };

	for (unsigned int i = 0; i < 2; i++) {
		char p[PATH_MAX];

		snprintf(p, sizeof(p), "%s/events", cands[i]);
		if (path_exists(p)) {
			tracefs = cands[i];
			return;
		}
	}
	/* root may mount it; libbpf then finds the tracepoint ids there */
	if (mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0 &&
	    path_exists("/sys/kernel/tracing/events")) {
		tracefs = "/sys/kernel/tracing";
		return;
	}
	msg("tracefs is not mounted and cannot be mounted: every tracepoint hook is disabled");
}

static bool tp_exists(const char *cat, const char *name)
{
	char p[PATH_MAX];

	if (!tracefs)
		return false;
	snprintf(p, sizeof(p), "%s/events/%s/%s/id", tracefs, cat, name);
	return path_exists(p);
}

static struct btf *vmlinux_btf, *afalg_btf;

static void load_btfs(void)
{
	vmlinux_btf = env.btf ? btf__parse(env.btf, NULL) : btf__load_vmlinux_btf();
	if (!vmlinux_btf)
		return;
	if (path_exists("/sys/kernel/btf/af_alg"))
		afalg_btf = btf__parse_split("/sys/kernel/btf/af_alg", vmlinux_btf);
}

static bool btf_has_func(const char *name)
{
	if (vmlinux_btf && btf__find_by_name_kind(vmlinux_btf, name, BTF_KIND_FUNC) > 0)
		return true;
	return afalg_btf && btf__find_by_name_kind(afalg_btf, name, BTF_KIND_FUNC) > 0;
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

/* AF_ALG availability and the series' knob. */
static const char *afalg_state(void)
{
	struct utsname u;
	char p[PATH_MAX];

	if (btf_has_func("af_alg_accept") && !afalg_btf)
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
	if (vmlinux_btf)
		return "absent";
	return "unknown";
}

#define KNOB_PATH "/proc/sys/crypto/af_alg_mode"

static int read_knob(void)
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

/* ---- hooks -------------------------------------------------------------- */

enum variant { V_NONE, V_FENTRY, V_KPROBE, V_SYSCALL };
static const char *variant_name[] = { "none", "fentry", "kprobe", "syscall" };

enum group { G_SOCKET, G_SOCKETPAIR, G_IOURING, G_BIND, G_SETOPT, G_ACCEPT,
	     G_RELEASE, G_OPS, G_NR };

static const char *group_name[] = {
	"socket", "socketpair", "io_uring-socket", "bind", "setsockopt",
	"accept", "release", "ops",
};

/* the af_alg function each group hooks in fentry/kprobe mode */
static const char *group_func[] = {
	NULL, NULL, "__sys_socket_file", "alg_bind", "alg_setsockopt",
	"af_alg_accept", "af_alg_release", NULL,
};

static enum variant chosen[G_NR];

#define MAX_HOOKS 48
static struct hook_rec {
	char name[128];
	bool ok;
	char why[160];
} hooks[MAX_HOOKS];
static int nhooks;
static struct bpf_link *links[MAX_HOOKS];
static int nlinks;

static void hook_note(bool ok, const char *why, const char *fmt, ...)
{
	va_list ap;

	if (nhooks >= MAX_HOOKS)
		return;
	va_start(ap, fmt);
	vsnprintf(hooks[nhooks].name, sizeof(hooks[nhooks].name), fmt, ap);
	va_end(ap);
	hooks[nhooks].ok = ok;
	snprintf(hooks[nhooks].why, sizeof(hooks[nhooks].why), "%s", why ? why : "");
	nhooks++;
}

/* libbpf attaches kprobes through the perf "kprobe" PMU (CONFIG_KPROBES). */
static bool kprobes_ok(void)
{
	return path_exists("/sys/bus/event_source/devices/kprobe/type");
}

static void choose(bool fentry_ok)
{
	for (int g = 0; g < G_NR; g++) {
		const char *fn = group_func[g];
		char ks[256];

		switch (g) {
		case G_SOCKET:
		case G_SOCKETPAIR:
		case G_OPS:
			chosen[g] = V_SYSCALL;	/* tracepoints */
			continue;
		}
		if (fentry_ok && !env.no_fentry && btf_has_func(fn))
			chosen[g] = V_FENTRY;
		else if (!env.no_kprobe && kprobes_ok() && ksym_name(fn, ks, sizeof(ks)))
			chosen[g] = V_KPROBE;
		else if (g == G_IOURING || g == G_RELEASE)
			chosen[g] = V_NONE;
		else
			chosen[g] = V_SYSCALL;
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

/* The series' own tracepoints: any event named af_alg* or in an af_alg* system. */
static struct series_tp {
	char cat[256], name[256];
	struct at_series_cfg cfg;
	unsigned long long hits;
	unsigned long long denied;	/* events with the denied field set */
} series[AT_SERIES_SLOTS];
static int nseries;

static bool name_in(const char *n, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(n, *list))
			return true;
	return false;
}

static void parse_series_format(struct series_tp *s)
{
	static const char *const alg_names[] = { "alg", "algorithm", "alg_name", "salg_name", "name", NULL };
	static const char *const type_names[] = { "salg_type", "alg_type", "type", NULL };
	static const char *const mode_names[] = { "mode", "af_alg_mode", NULL };
	static const char *const denied_names[] = { "denied", "deny", NULL };
	static const char *const ret_names[] = { "ret", "err", "error", "result", "errno", NULL };
	char p[PATH_MAX], line[512];
	FILE *f;

	s->cfg = (struct at_series_cfg){ -1, 0, -1, 0, -1, 0, -1, 0, -1, 0 };
	snprintf(p, sizeof(p), "%s/events/%s/%s/format", tracefs, s->cat, s->name);
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
		br = strchr(decl, '[');
		if (br)
			*br = 0;
		fname = strrchr(decl, ' ');
		fname = fname ? fname + 1 : decl;
		if (is_str && s->cfg.alg_off < 0 && name_in(fname, alg_names)) {
			s->cfg.alg_off = off;
			s->cfg.alg_size = dataloc ? 0 : size;
		} else if (is_str && s->cfg.type_off < 0 && name_in(fname, type_names)) {
			s->cfg.type_off = off;
			s->cfg.type_size = dataloc ? 0 : size;
		} else if (!is_str && size <= 8 && s->cfg.mode_off < 0 && name_in(fname, mode_names)) {
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
}

static void find_series(void)
{
	char p[PATH_MAX];
	struct dirent *d, *e;
	DIR *top, *sub;

	if (!tracefs)
		return;
	snprintf(p, sizeof(p), "%s/events", tracefs);
	top = opendir(p);
	if (!top)
		return;
	while ((d = readdir(top)) && nseries < AT_SERIES_SLOTS) {
		bool sys_match = strstr(d->d_name, "af_alg") != NULL;

		if (d->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/events/%s", tracefs, d->d_name);
		sub = opendir(p);
		if (!sub)
			continue;
		while ((e = readdir(sub)) && nseries < AT_SERIES_SLOTS) {
			if (e->d_name[0] == '.' || !strcmp(e->d_name, "enable") ||
			    !strcmp(e->d_name, "filter"))
				continue;
			if (!sys_match && strncmp(e->d_name, "af_alg", 6))
				continue;
			if (!tp_exists(d->d_name, e->d_name))
				continue;
			snprintf(series[nseries].cat, sizeof(series[0].cat), "%s", d->d_name);
			snprintf(series[nseries].name, sizeof(series[0].name), "%s", e->d_name);
			parse_series_format(&series[nseries]);
			nseries++;
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

static int attach_one(struct bpf_program *p, enum variant v, const char *func)
{
	struct bpf_link *l = NULL;
	char cat[64], what[320], ks[256];
	const char *name;
	int err;

	if (v == V_SYSCALL) {
		name = tp_of(p, cat, sizeof(cat));
		snprintf(what, sizeof(what), "tracepoint:%s:%s", cat, name);
		if (!tp_exists(cat, name)) {
			hook_note(false, "tracepoint missing", "%s", what);
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
		hook_note(false, strerror(-err), "%s", what);
		return err;
	}
	links[nlinks++] = l;
	hook_note(true, NULL, "%s", what);
	return 0;
}

/* ---- userspace state ---------------------------------------------------- */

struct proc {
	struct at_who who;
	unsigned int ppid, pidns, mntns;
	char comm[AT_COMM_LEN + 1];
	char exe[AT_EXE_DEPTH * AT_COMP_LEN + 8];
	char cgroup[AT_CG_DEPTH * AT_COMP_LEN + 8];
};

static struct proc *procs;
static size_t nprocs, cap_procs;
static FILE *events_out;
static struct timespec mono0, real0;
static unsigned long long nevents;

static bool who_eq(const struct at_who *a, const struct at_who *b)
{
	return a->tgid == b->tgid && a->uid == b->uid && a->cgid == b->cgid &&
	       a->exe_ino == b->exe_ino && a->exe_dev == b->exe_dev;
}

static struct proc *find_proc(const struct at_who *w)
{
	for (size_t i = nprocs; i-- > 0;)
		if (who_eq(&procs[i].who, w))
			return &procs[i];
	return NULL;
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

static void add_proc(const struct at_proc *r)
{
	struct proc *p = find_proc(&r->who);

	if (!p) {
		if (nprocs == cap_procs) {
			cap_procs = cap_procs ? cap_procs * 2 : 64;
			procs = realloc(procs, cap_procs * sizeof(*procs));
			if (!procs) {
				msg("out of memory");
				exit(1);
			}
		}
		p = &procs[nprocs++];
	}
	memset(p, 0, sizeof(*p));
	p->who = r->who;
	p->ppid = r->ppid;
	p->pidns = r->pidns;
	p->mntns = r->mntns;
	memcpy(p->comm, r->comm, AT_COMM_LEN);
	path_of(p->exe, sizeof(p->exe), &r->exe[0][0], r->exe_n, AT_EXE_DEPTH,
		r->exe_trunc, false);
	path_of(p->cgroup, sizeof(p->cgroup), &r->cgroup[0][0], r->cg_n, AT_CG_DEPTH,
		r->cg_trunc, true);
}

static int knob_start = -1;
static const char *afalg_avail;

/* Why a socket(AF_ALG) returning EAFNOSUPPORT was refused. */
static const char *denied_by(void)
{
	for (int i = 0; i < nseries; i++)
		if (series[i].denied)
			return "knob";	/* the series' tracepoint said so */
	if (knob_start >= 2 || read_knob() >= 2)
		return "knob";
	if (knob_start < 0 && strcmp(afalg_avail, "builtin") && strcmp(afalg_avail, "module"))
		return "no_af_alg";
	return "unknown";
}

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

static void print_event(const struct at_event *e)
{
	static const char *kinds[] = { "?", "proc", "socket", "bind", "setsockopt",
				       "accept", "send", "recv", "kernel_tracepoint" };
	struct proc *p = find_proc(&e->who);
	struct timespec ts;
	char tbuf[64];
	FILE *f = events_out;
	long long ns;

	ns = (long long)e->ts_ns - ((long long)mono0.tv_sec * 1000000000LL + mono0.tv_nsec);
	ns += (long long)real0.tv_sec * 1000000000LL + real0.tv_nsec;
	ts.tv_sec = ns / 1000000000LL;
	ts.tv_nsec = ns % 1000000000LL;
	iso_time(tbuf, sizeof(tbuf), &ts);
	fprintf(f, "{\"event\":\"%s\",\"time\":\"%s\",\"source\":\"%s\",\"pid\":%u,\"tid\":%u",
		e->kind < sizeof(kinds) / sizeof(kinds[0]) ? kinds[e->kind] : "?", tbuf,
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
			json_str(f, denied_by());
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
		break;
	case EV_SEND:
	case EV_RECV:
		fprintf(f, ",\"tfm\":%llu,\"class\":%u,\"bytes\":%lld,\"flags\":%d",
			e->tfm_id, e->class_id, e->ret > 0 ? e->ret : 0, e->flags);
		break;
	case EV_SERIES:
		if (e->optname >= 0 && e->optname < nseries) {
			fputs(",\"tracepoint\":", f);
			char tn[520];

			snprintf(tn, sizeof(tn), "%s:%s", series[e->optname].cat,
				 series[e->optname].name);
			json_str(f, tn);
		}
		fputs(",\"type\":", f);
		json_str(f, e->cls.type);
		fputs(",\"alg\":", f);
		json_str(f, e->cls.name);
		fprintf(f, ",\"mode\":%d,\"denied\":%s", e->flags, e->optlen ? "true" : "false");
		break;
	}
	fputs("}\n", f);
}

static int on_event(void *ctx, void *data, size_t len)
{
	unsigned int kind = *(unsigned int *)data;

	if (kind == EV_PROC && len >= sizeof(struct at_proc)) {
		add_proc(data);
		return 0;
	}
	if (len < sizeof(struct at_event))
		return 0;
	nevents++;
	if (kind == EV_SERIES) {
		const struct at_event *e = data;

		if (e->optname >= 0 && e->optname < nseries) {
			series[e->optname].hits++;
			if (e->optlen)
				series[e->optname].denied++;
		}
	}
	if (events_out)
		print_event(data);
	return 0;
}

/* ---- the summary -------------------------------------------------------- */

struct cls_rec {
	unsigned int id;
	struct at_class c;
};

static struct cls_rec *clss;
static size_t nclss;

static const struct at_class *class_of(unsigned int id)
{
	for (size_t i = 0; i < nclss; i++)
		if (clss[i].id == id)
			return &clss[i].c;
	return NULL;
}

struct pentry {
	unsigned int tgid;
	const struct proc *p;
	unsigned long long c[C_NR];
};

struct entry {
	const char *exe, *cgroup, *type, *alg;
	unsigned int uid;
	bool unbound, unknown;
	unsigned long long c[C_NR];
	int keylens[16], nkeylens;
	int authsizes[16], nauthsizes;
	struct pentry *pe;
	size_t npe;
};

static struct entry *ents;
static size_t nents;

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

static void add_int(int *arr, int *n, int v)
{
	for (int i = 0; i < *n; i++)
		if (arr[i] == v)
			return;
	if (*n < 16)
		arr[(*n)++] = v;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static void aggregate(struct afalg_trace_bpf *o)
{
	int cfd = bpf_map__fd(o->maps.classes), kfd = bpf_map__fd(o->maps.counters);
	struct at_class ck, cn;
	struct at_ckey k, kn;
	bool first = true;

	/* classes */
	while (bpf_map_get_next_key(cfd, first ? NULL : &ck, &cn) == 0) {
		unsigned int id;

		first = false;
		ck = cn;
		if (bpf_map_lookup_elem(cfd, &ck, &id))
			continue;
		clss = realloc(clss, (nclss + 1) * sizeof(*clss));
		clss[nclss].id = id;
		clss[nclss].c = ck;
		nclss++;
	}
	first = true;
	while (bpf_map_get_next_key(kfd, first ? NULL : &k, &kn) == 0) {
		struct at_cval v;
		const struct at_class *c;
		const struct proc *p;
		const char *exe, *cg, *type = NULL, *alg = NULL;
		struct entry *en = NULL;
		struct pentry *pe = NULL;

		first = false;
		k = kn;
		if (bpf_map_lookup_elem(kfd, &k, &v))
			continue;
		p = find_proc(&k.who);
		exe = p ? p->exe : "?";
		cg = p ? p->cgroup : "?";
		c = class_of(k.class_id);
		if (k.class_id >= AT_CLASS_FIRST && c) {
			type = c->type;
			alg = c->name;
		} else if (k.class_id == AT_CLASS_UNKNOWN) {
			type = "?";
			alg = "?";
		}
		for (size_t i = 0; i < nents; i++)
			if (str_eq(ents[i].exe, exe) && ents[i].uid == k.who.uid &&
			    str_eq(ents[i].cgroup, cg) && str_eq(ents[i].type, type) &&
			    str_eq(ents[i].alg, alg)) {
				en = &ents[i];
				break;
			}
		if (!en) {
			ents = realloc(ents, (nents + 1) * sizeof(*ents));
			en = &ents[nents++];
			memset(en, 0, sizeof(*en));
			en->exe = exe;
			en->cgroup = cg;
			en->type = type;
			en->alg = alg;
			en->uid = k.who.uid;
			en->unbound = k.class_id == AT_CLASS_UNBOUND;
			en->unknown = k.class_id == AT_CLASS_UNKNOWN;
		}
		if (c && k.class_id >= AT_CLASS_FIRST) {
			if (c->keylen == AT_KEY_UNKNOWN)
				en->unknown = true;	/* resolved from the kernel */
			else if (c->keylen != AT_KEY_NONE)
				add_int(en->keylens, &en->nkeylens, c->keylen);
			if (c->authsize != AT_AUTHSIZE_DEFAULT)
				add_int(en->authsizes, &en->nauthsizes, c->authsize);
		}
		for (size_t i = 0; i < en->npe; i++)
			if (en->pe[i].tgid == k.who.tgid) {
				pe = &en->pe[i];
				break;
			}
		if (!pe) {
			en->pe = realloc(en->pe, (en->npe + 1) * sizeof(*en->pe));
			pe = &en->pe[en->npe++];
			memset(pe, 0, sizeof(*pe));
			pe->tgid = k.who.tgid;
			pe->p = p;
		}
		for (int i = 0; i < C_NR; i++) {
			en->c[i] += v.c[i];
			pe->c[i] += v.c[i];
		}
	}
	for (size_t i = 0; i < nents; i++) {
		qsort(ents[i].keylens, ents[i].nkeylens, sizeof(int), cmp_int);
		qsort(ents[i].authsizes, ents[i].nauthsizes, sizeof(int), cmp_int);
	}
}

static void json_counts(FILE *f, const unsigned long long *c, bool unbound, const char *nl)
{
	fprintf(f, "\"sockets_created\":%llu,\"attempts\":%llu,\"denied\":%llu,"
		"%s\"tfm_sockets\":%llu,\"op_sockets\":%llu,"
		"%s\"ops_sent\":%llu,\"bytes_sent\":%llu,\"ops_received\":%llu,\"bytes_received\":%llu,"
		"%s\"failures\":{\"socket\":%llu,\"bind\":%llu,\"setsockopt\":%llu,\"accept\":%llu,"
		"\"send\":%llu,\"recv\":%llu},\"setsockopts\":%llu",
		c[C_SOCKETS], c[C_SOCKETS] + c[C_SOCKET_FAIL] + c[C_DENIED], c[C_DENIED], nl,
		c[C_BINDS], c[C_OPSOCKS], nl,
		c[C_SEND_OPS], c[C_SEND_BYTES], c[C_RECV_OPS], c[C_RECV_BYTES], nl,
		c[C_SOCKET_FAIL], c[C_BIND_FAIL], c[C_SETOPT_FAIL], c[C_ACCEPT_FAIL],
		c[C_SEND_FAIL], c[C_RECV_FAIL], c[C_SETOPTS]);
	(void)unbound;
}

static int cmp_ent(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int r = strcmp(x->exe, y->exe);

	if (r)
		return r;
	if (x->unbound != y->unbound)
		return x->unbound ? -1 : 1;
	r = strcmp(x->type ? x->type : "", y->type ? y->type : "");
	return r ? r : strcmp(x->alg ? x->alg : "", y->alg ? y->alg : "");
}

static void write_summary(FILE *f, struct afalg_trace_bpf *o, const struct timespec *t0,
			  const struct timespec *t1, int knob_end)
{
	const char *nl = env.pretty ? "\n  " : "", *nl2 = env.pretty ? "\n    " : "";
	unsigned long long st[S_NR] = {};
	int ncpu = libbpf_num_possible_cpus();
	unsigned long long *pc = calloc(ncpu, sizeof(*pc));
	char host[256] = "", tb0[64], tb1[64];
	struct utsname u;

	for (unsigned int i = 0; i < S_NR && pc; i++) {
		if (bpf_map_lookup_elem(bpf_map__fd(o->maps.stats), &i, pc))
			continue;
		for (int c = 0; c < ncpu; c++)
			st[i] += pc[c];
	}
	free(pc);
	gethostname(host, sizeof(host) - 1);
	uname(&u);
	iso_time(tb0, sizeof(tb0), t0);
	iso_time(tb1, sizeof(tb1), t1);
	qsort(ents, nents, sizeof(*ents), cmp_ent);

	fprintf(f, "{%s\"schema\":\"%s\",\"schema_version\":%d,", nl, SCHEMA_NAME, SCHEMA_VERSION);
	fprintf(f, "%s\"tracer\":{\"name\":\"afalg-trace\",\"version\":\"%s\",\"backend\":\"libbpf\"},",
		nl, AFALG_TRACE_VERSION);
	fprintf(f, "%s\"host\":{\"hostname\":", nl);
	json_str(f, host);
	fputs(",\"kernel\":", f);
	json_str(f, u.release);
	fputs(",\"kernel_build\":", f);
	json_str(f, u.version);
	fputs(",\"machine\":", f);
	json_str(f, u.machine);
	fputs("},", f);
	fprintf(f, "%s\"af_alg\":{\"available\":\"%s\",\"knob\":%s,\"mode_start\":",
		nl, afalg_avail, knob_start >= 0 || knob_end >= 0 ? "true" : "false");
	if (knob_start >= 0)
		fprintf(f, "%d", knob_start);
	else
		fputs("null", f);
	fputs(",\"mode_end\":", f);
	if (knob_end >= 0)
		fprintf(f, "%d", knob_end);
	else
		fputs("null", f);
	fputs("},", f);
	fprintf(f, "%s\"start\":\"%s\",\"end\":\"%s\",\"duration_s\":%.3f,", nl, tb0, tb1,
		(t1->tv_sec - t0->tv_sec) + (t1->tv_nsec - t0->tv_nsec) / 1e9);
	fprintf(f, "%s\"filters\":{\"pid\":", nl);
	if (env.pid)
		fprintf(f, "%u", env.pid);
	else
		fputs("null", f);
	fputs(",\"cgroup\":", f);
	json_str(f, env.cgroup);
	fputs("},", f);
	fprintf(f, "%s\"hooks\":{\"active\":[", nl);
	for (int i = 0, n = 0; i < nhooks; i++) {
		if (!hooks[i].ok)
			continue;
		fputs(n++ ? "," : "", f);
		json_str(f, hooks[i].name);
	}
	fputs("],\"disabled\":[", f);
	for (int i = 0, n = 0; i < nhooks; i++) {
		if (hooks[i].ok)
			continue;
		fprintf(f, "%s{\"hook\":", n++ ? "," : "");
		json_str(f, hooks[i].name);
		fputs(",\"reason\":", f);
		json_str(f, hooks[i].why);
		fputs("}", f);
	}
	fputs("],\"modes\":{", f);
	for (int g = 0; g < G_NR; g++)
		fprintf(f, "%s\"%s\":\"%s\"", g ? "," : "", group_name[g], variant_name[chosen[g]]);
	fputs("}},", f);
	fprintf(f, "%s\"kernel_tracepoints\":[", nl);
	for (int i = 0; i < nseries; i++) {
		fprintf(f, "%s{\"name\":\"%s:%s\",\"hits\":%llu,\"denied\":%llu}", i ? "," : "",
			series[i].cat, series[i].name, series[i].hits, series[i].denied);
	}
	fputs("],", f);
	fprintf(f, "%s\"events\":%llu,\"lost_events\":%llu,\"lost_identities\":%llu,"
		"\"dropped\":{\"counters\":%llu,\"classes\":%llu,\"tfms\":%llu,\"inflight\":%llu},",
		nl, nevents, st[S_LOST_EVENTS], st[S_LOST_PROCS], st[S_COUNTER_FULL],
		st[S_CLASS_FULL], st[S_TFM_FULL], st[S_INFLIGHT_FULL]);
	fprintf(f, "%s\"entries\":[", nl);
	for (size_t i = 0; i < nents; i++) {
		struct entry *en = &ents[i];

		fprintf(f, "%s%s{\"exe\":", i ? "," : "", nl2);
		json_str(f, en->exe);
		fprintf(f, ",\"uid\":%u,\"cgroup\":", en->uid);
		json_str(f, en->cgroup);
		fputs(",\"type\":", f);
		json_str(f, en->type);
		fputs(",\"alg\":", f);
		json_str(f, en->alg);
		fputs(",\"key_lengths\":[", f);
		for (int j = 0; j < en->nkeylens; j++) {
			if (en->keylens[j] == AT_KEY_SERIAL)
				fprintf(f, "%s\"keyring\"", j ? "," : "");
			else
				fprintf(f, "%s%d", j ? "," : "", en->keylens[j]);
		}
		fputs("],\"authsizes\":[", f);
		for (int j = 0; j < en->nauthsizes; j++)
			fprintf(f, "%s%d", j ? "," : "", en->authsizes[j]);
		fputs("],", f);
		json_counts(f, en->c, en->unbound, "");
		fputs(",\"denied_by\":", f);
		json_str(f, en->c[C_DENIED] ? denied_by() : NULL);
		fprintf(f, ",\"bound_before_start\":%s", en->unknown ? "true" : "false");
		fputs(",\"processes\":[", f);
		for (size_t j = 0; j < en->npe; j++) {
			const struct pentry *pe = &en->pe[j];

			fprintf(f, "%s{\"pid\":%u,", j ? "," : "", pe->tgid);
			if (pe->p) {
				fprintf(f, "\"ppid\":%u,\"comm\":", pe->p->ppid);
				json_str(f, pe->p->comm);
				fprintf(f, ",\"pidns\":%u,\"mntns\":%u,", pe->p->pidns, pe->p->mntns);
			} else {
				fputs("\"ppid\":null,\"comm\":null,\"pidns\":null,\"mntns\":null,", f);
			}
			json_counts(f, pe->c, en->unbound, "");
			fputs("}", f);
		}
		fputs("]}", f);
	}
	fprintf(f, "%s]%s}\n", env.pretty ? "\n  " : "", env.pretty ? "\n" : "");
}

static void human_bytes(char *b, size_t n, unsigned long long v)
{
	if (v >= 10ULL << 30)
		snprintf(b, n, "%lluG", v >> 30);
	else if (v >= 10ULL << 20)
		snprintf(b, n, "%lluM", v >> 20);
	else if (v >= 10ULL << 10)
		snprintf(b, n, "%lluK", v >> 10);
	else
		snprintf(b, n, "%llu", v);
}

static int width(const char *s, int w)
{
	int n = s ? (int)strlen(s) : 1;

	return n > w ? n : w;
}

static void write_table(FILE *f)
{
	int we = 3, wc = 6, wa = 3;

	qsort(ents, nents, sizeof(*ents), cmp_ent);
	for (size_t i = 0; i < nents; i++) {
		we = width(ents[i].exe, we);
		wc = width(ents[i].cgroup, wc);
		wa = width(ents[i].alg, wa);
	}
	we = we > 64 ? 64 : we;
	wc = wc > 40 ? 40 : wc;
	wa = wa > 40 ? 40 : wa;
	fprintf(f, "%-*s %5s %-*s %-8s %-*s %-8s %5s %5s %8s %8s %8s %8s %5s %6s %s\n",
		we, "EXE", "UID", wc, "CGROUP", "TYPE", wa, "ALG", "KEYLEN", "TFMS", "OPSK",
		"SENDS", "RECVS", "BYTESOUT", "BYTESIN", "FAIL", "DENIED", "PIDS");
	for (size_t i = 0; i < nents; i++) {
		struct entry *en = &ents[i];
		char kl[32] = "-", bo[16], bi[16], pids[64] = "";
		unsigned long long fail = en->c[C_SOCKET_FAIL] + en->c[C_BIND_FAIL] +
			en->c[C_SETOPT_FAIL] + en->c[C_ACCEPT_FAIL] + en->c[C_SEND_FAIL] +
			en->c[C_RECV_FAIL];
		size_t pl = 0;

		if (en->nkeylens) {
			size_t l = 0;

			kl[0] = 0;
			for (int j = 0; j < en->nkeylens && l < sizeof(kl) - 8; j++)
				l += snprintf(kl + l, sizeof(kl) - l, "%s%d", j ? "," : "",
					      en->keylens[j]);
		} else if (en->unknown) {
			snprintf(kl, sizeof(kl), "?");
		}
		human_bytes(bo, sizeof(bo), en->c[C_SEND_BYTES]);
		human_bytes(bi, sizeof(bi), en->c[C_RECV_BYTES]);
		for (size_t j = 0; j < en->npe && pl < sizeof(pids) - 12; j++)
			pl += snprintf(pids + pl, sizeof(pids) - pl, "%s%u", j ? "," : "",
				       en->pe[j].tgid);
		if (pl >= sizeof(pids) - 12)
			snprintf(pids + pl, sizeof(pids) - pl, ",...");
		fprintf(f, "%-*.*s %5u %-*.*s %-8.8s %-*.*s %-8s %5llu %5llu %8llu %8llu %8s %8s %5llu %6llu %s\n",
			we, we, en->exe, en->uid, wc, wc, en->cgroup,
			en->unbound ? "(socket)" : en->type, wa, wa, en->unbound ? "-" : en->alg, kl,
			en->c[C_BINDS], en->c[C_OPSOCKS], en->c[C_SEND_OPS], en->c[C_RECV_OPS],
			bo, bi, fail, en->c[C_DENIED], pids);
	}
	if (!nents)
		fprintf(f, "(no AF_ALG use seen)\n");
}

/* ---- main --------------------------------------------------------------- */

static struct afalg_trace_bpf *open_and_load(bool fentry_ok, int *errp)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .btf_custom_path = env.btf);
	struct afalg_trace_bpf *o;
	struct progset ps[32];
	int n, err;

	choose(fentry_ok);
	o = afalg_trace_bpf__open_opts(&oo);
	if (!o) {
		*errp = -errno;
		return NULL;
	}
	o->rodata->targ_tgid = env.pid;
	o->rodata->filter_cgroup = env.cgroup != NULL;
	o->rodata->emit_ops = env.ops;
	bpf_map__set_max_entries(o->maps.events, env.ringbuf_mb << 20);
	n = progsets(o, ps);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 4; j++)
			if (ps[i].p[j])
				bpf_program__set_autoload(ps[i].p[j], chosen[ps[i].g] == ps[i].v);
	bpf_program__set_autoload(o->progs.tp_series0, nseries > 0);
	bpf_program__set_autoload(o->progs.tp_series1, nseries > 1);
	bpf_program__set_autoload(o->progs.tp_series2, nseries > 2);
	bpf_program__set_autoload(o->progs.tp_series3, nseries > 3);
	err = afalg_trace_bpf__load(o);
	if (err) {
		*errp = err;
		afalg_trace_bpf__destroy(o);
		return NULL;
	}
	return o;
}

int main(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc };
	struct afalg_trace_bpf *obj = NULL;
	struct ring_buffer *rb = NULL;
	struct timespec t0, t1, now;
	struct progset ps[32];
	FILE *out = stdout;
	int err, n, knob_end, cg_fd = -1;

	err = argp_parse(&argp, argc, argv, 0, NULL, NULL);
	if (err)
		return err;
	libbpf_set_print(libbpf_print);

	if (!bpf_privileged()) {
		msg("no privileges to load BPF programs (run as root, or with CAP_BPF and "
		    "CAP_PERFMON): nothing traced");
		return 1;
	}

	if (!env.btf && !path_exists("/sys/kernel/btf/vmlinux")) {
		msg("kernel has no BTF (/sys/kernel/btf/vmlinux missing, CONFIG_DEBUG_INFO_BTF=n): "
		    "CO-RE programs cannot be relocated, nothing traced (pass --btf FILE, or use afalg-trace.bt)");
		return 1;
	}
	load_btfs();
	if (!vmlinux_btf) {
		msg("cannot read the kernel BTF (%s): nothing traced", env.btf ? env.btf : "/sys/kernel/btf/vmlinux");
		return 1;
	}
	find_tracefs();
	find_series();
	afalg_avail = afalg_state();
	knob_start = read_knob();

	if (env.cgroup) {
		cg_fd = open(env.cgroup, O_RDONLY | O_DIRECTORY);
		if (cg_fd < 0) {
			msg("cannot open cgroup %s: %s", env.cgroup, strerror(errno));
			return 1;
		}
	}

	obj = open_and_load(true, &err);
	if (!obj && !env.no_fentry) {
		/* fentry/fexit may be refused (no trampolines, lockdown, ...) */
		msg("fentry/fexit programs did not load (%s): trying kprobes", strerror(-err));
		env.no_fentry = true;
		obj = open_and_load(false, &err);
	}
	if (!obj && !env.no_kprobe) {
		msg("kprobe programs did not load (%s): using syscall tracepoints only", strerror(-err));
		env.no_kprobe = true;
		obj = open_and_load(false, &err);
	}
	if (!obj) {
		if (err == -EPERM || err == -EACCES)
			msg("no privileges to load BPF programs (run as root, or with CAP_BPF, "
			    "CAP_PERFMON and CAP_SYS_RESOURCE): nothing traced");
		else
			msg("cannot load the BPF programs: %s (run with -v for the verifier log): nothing traced",
			    strerror(-err));
		return 1;
	}
	if (cg_fd >= 0) {
		unsigned int zero = 0;

		if (bpf_map_update_elem(bpf_map__fd(obj->maps.cgroup_filter), &zero, &cg_fd, BPF_ANY)) {
			msg("cannot use cgroup %s as a filter: %s", env.cgroup, strerror(errno));
			goto out;
		}
	}
	for (int i = 0; i < nseries; i++) {
		unsigned int slot = i;

		bpf_map_update_elem(bpf_map__fd(obj->maps.series_cfg), &slot, &series[i].cfg, BPF_ANY);
	}

	/* attach: a failed preferred variant is reported; syscall fallbacks stay */
	n = progsets(obj, ps);
	for (int i = 0; i < n; i++) {
		bool failed = false;

		if (chosen[ps[i].g] != ps[i].v)
			continue;
		for (int j = 0; j < 4; j++)
			if (ps[i].p[j] && attach_one(ps[i].p[j], ps[i].v, group_func[ps[i].g]))
				failed = true;
		if (failed) {
			switch (ps[i].g) {
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
				msg("%s hook %s:%s failed to attach: %s not recorded", group_name[ps[i].g],
				    variant_name[ps[i].v], group_func[ps[i].g] ? group_func[ps[i].g] : "",
				    group_name[ps[i].g]);
			}
		}
	}
	for (int g = 0; g < G_NR; g++)
		if (chosen[g] == V_NONE) {
			const char *why;

			if (env.asked_no_fentry && env.asked_no_kprobe)
				why = "disabled by --no-fentry and --no-kprobe";
			else if (env.asked_no_kprobe)
				why = "no fentry for this function, kprobes disabled by --no-kprobe";
			else if (!kprobes_ok())
				why = "no fentry and no kprobes (CONFIG_KPROBES=n) for this function";
			else
				why = "function not found in BTF or kallsyms";
			hook_note(false, why, "%s:%s", group_name[g], group_func[g]);
			if (g == G_IOURING)
				msg("no io_uring socket hook (__sys_socket_file: %s): io_uring AF_ALG socket creation is not recorded",
				    why);
		}
	{
		struct bpf_program *sp[AT_SERIES_SLOTS] = {
			obj->progs.tp_series0, obj->progs.tp_series1,
			obj->progs.tp_series2, obj->progs.tp_series3,
		};

		for (int i = 0; i < nseries; i++) {
			struct bpf_link *l = bpf_program__attach_tracepoint(sp[i], series[i].cat,
									    series[i].name);

			if (l) {
				links[nlinks++] = l;
				hook_note(true, NULL, "tracepoint:%s:%s", series[i].cat, series[i].name);
			} else {
				hook_note(false, strerror(errno), "tracepoint:%s:%s",
					  series[i].cat, series[i].name);
			}
		}
		if (!nseries)
			hook_note(false, "no af_alg tracepoint in this kernel (the series is not applied)",
				  "tracepoint:af_alg:*");
	}

	if (env.events) {
		if (env.events_path && strcmp(env.events_path, "-")) {
			events_out = fopen(env.events_path, "w");
			if (!events_out) {
				msg("cannot open %s: %s", env.events_path, strerror(errno));
				goto out;
			}
		} else {
			events_out = stdout;
		}
		setvbuf(events_out, NULL, _IOLBF, 0);
	}
	rb = ring_buffer__new(bpf_map__fd(obj->maps.events), on_event, NULL, NULL);
	if (!rb) {
		msg("cannot create the ring buffer reader: %s", strerror(errno));
		goto out;
	}

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	clock_gettime(CLOCK_MONOTONIC, &mono0);
	clock_gettime(CLOCK_REALTIME, &real0);
	t0 = real0;
	if (env.ready) {
		int fd = open(env.ready, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0)
			close(fd);
	}
	msg("tracing AF_ALG (%d hooks)%s", nlinks, env.duration ? "" : ": stop with Ctrl-C");

	while (!exiting) {
		err = ring_buffer__poll(rb, 100);
		if (err < 0 && err != -EINTR) {
			msg("ring buffer poll failed: %s", strerror(-err));
			break;
		}
		if (env.duration) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			if ((now.tv_sec - mono0.tv_sec) + (now.tv_nsec - mono0.tv_nsec) / 1e9 >= env.duration)
				break;
		}
	}
	/* detach first, then drain: nothing can arrive after the last read */
	for (int i = 0; i < nlinks; i++)
		bpf_link__destroy(links[i]);
	nlinks = 0;
	ring_buffer__consume(rb);
	clock_gettime(CLOCK_REALTIME, &t1);
	knob_end = read_knob();
	aggregate(obj);
	if (env.output) {
		out = fopen(env.output, "w");
		if (!out) {
			msg("cannot write %s: %s", env.output, strerror(errno));
			out = stdout;
		}
	}
	if (env.table)
		write_table(stdout);
	if (!env.table || env.output)
		write_summary(out, obj, &t0, &t1, knob_end);
	if (out != stdout)
		fclose(out);
	err = 0;
	goto done;
out:
	err = 1;
done:
	ring_buffer__free(rb);
	for (int i = 0; i < nlinks; i++)
		bpf_link__destroy(links[i]);
	afalg_trace_bpf__destroy(obj);
	if (events_out && events_out != stdout)
		fclose(events_out);
	btf__free(afalg_btf);
	btf__free(vmlinux_btf);
	return err ? 1 : 0;
}
