/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace, kernel side: the maps, the loader's settings and the small
 * helpers every hook family uses (statistics, per-CPU scratch, entry-to-exit
 * state, exact counters, class interning, event records).  Included once,
 * by afalg-trace.bpf.c.
 */
#ifndef AFALG_TRACE_BPF_H
#define AFALG_TRACE_BPF_H

#define AT_MSG_PEEK	2
#define AT_MAX_ERRNO	4095

/* libbpf 1.1's bpf_tracing.h stops at PARM5 */
#if defined(__TARGET_ARCH_x86)
#define AT_PARM6(x)	BPF_CORE_READ((struct pt_regs *)(x), r9)
#elif defined(__TARGET_ARCH_arm64)
#define AT_PARM6(x)	BPF_CORE_READ((struct user_pt_regs *)(x), regs[5])
#else
#error "afalg-trace: add the sixth kprobe argument register for this arch"
#endif

/* Set by the loader before load. */
const volatile __u32 targ_tgid = 0;
const volatile bool filter_cgroup = false;
const volatile bool emit_ops = false;

/*
 * crypto.af_alg_restrict as the loader last read it (-1: no knob); it
 * classifies ENOENT binds when the series' af_alg_bind tracepoint gives
 * no verdict.
 */
int knob_level = -1;

__u32 next_class = AT_CLASS_FIRST;
__u64 next_tfm = 1;

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 24);	/* resized by the loader */
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, S_NR);
	__type(key, __u32);
	__type(value, __u64);
} stats SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_CGROUP_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} cgroup_filter SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, struct at_class);
	__type(value, __u32);
} classes SEC(".maps");

/* What the tracer knows about a tfm (parent) socket. */
struct tfm_info {
	__u64 id;
	__u32 class_id;
	__u32 pad;
	struct at_class cls;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16384);
	__type(key, __u64);		/* struct sock * */
	__type(value, struct tfm_info);
} tfms SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16384);	/* --max-entries */
	__type(key, struct at_ckey);
	__type(value, struct at_cval);
} counters SEC(".maps");

/* One all-zero counter value, what new counters start from. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct at_cval);
} zeroes SEC(".maps");

/* Counts of callers that found "counters" full: one entry per class (at
 * most the classes map's, plus the two reserved ids) and privilege. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4 * (8192 + AT_CLASS_FIRST));
	__type(key, struct at_okey);
	__type(value, struct at_cval);
} overflow SEC(".maps");

/* Identities already sent to userspace. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct at_who);
	__type(value, __u8);
} seen SEC(".maps");

/* State carried from a syscall's (or function's) entry to its exit. */
enum { IF_SOCKET = 1, IF_SOCKETPAIR, IF_BIND, IF_SETOPT, IF_ACCEPT, IF_IOURING,
       IF_VERDICT /* af_alg_bind tracepoint to the bind's exit: a = denied */ };

struct inflight {
	__u64 sk;
	__s32 a;		/* socket: type; setsockopt: optname */
	__s32 b;		/* socket: protocol; setsockopt: optlen */
	struct at_class cls;	/* bind: the requested algorithm */
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u64);	/* kind << 32 | tid */
	__type(value, struct inflight);
} inflight SEC(".maps");

/* Per-CPU scratch space: the BPF stack is only 512 bytes. */
struct scratch {
	struct at_class cls;
	struct inflight inf;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch_map SEC(".maps");

/* Where the series tracepoint fields are, per attachment slot. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, AT_SERIES_SLOTS);
	__type(key, __u32);
	__type(value, struct at_series_cfg);
} series_cfg SEC(".maps");


/* Syscall tracepoint records (syscalls:sys_enter_NAME / sys_exit_NAME). */
struct sys_enter_rec {
	__u64 common;
	__s64 nr;
	__u64 args[6];
};

struct sys_exit_rec {
	__u64 common;
	__s64 nr;
	__s64 ret;
};

static __always_inline void stat_inc(__u32 idx)
{
	__u64 *v = bpf_map_lookup_elem(&stats, &idx);

	if (v)
		(*v)++;
}

static __always_inline struct scratch *get_scratch(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&scratch_map, &zero);
}

static __always_inline bool skip_task(void)
{
	if (targ_tgid && (bpf_get_current_pid_tgid() >> 32) != targ_tgid)
		return true;
	if (filter_cgroup && bpf_current_task_under_cgroup(&cgroup_filter, 0) != 1)
		return true;
	return false;
}

/*
 * Entry-to-exit state of the kprobe and syscall variants: the entry hook
 * fills a zeroed record (per-CPU scratch) and stashes it under (kind, tid);
 * the exit hook takes it back (into the scratch) and forgets it.
 */
static __always_inline struct inflight *inflight_new(struct sock *sk, __s32 a, __s32 b)
{
	struct scratch *s = get_scratch();

	if (!s)
		return NULL;
	__builtin_memset(&s->inf, 0, sizeof(s->inf));
	s->inf.sk = (__u64)sk;
	s->inf.a = a;
	s->inf.b = b;
	return &s->inf;
}

static __always_inline __u64 inflight_key(__u32 kind)
{
	return ((__u64)kind << 32) | (__u32)bpf_get_current_pid_tgid();
}

static __always_inline void inflight_stash(__u32 kind, struct inflight *inf)
{
	__u64 key = inflight_key(kind);

	if (inf && bpf_map_update_elem(&inflight, &key, inf, BPF_ANY))
		stat_inc(S_INFLIGHT_FULL);
}

static __always_inline struct inflight *inflight_take(__u32 kind)
{
	__u64 key = inflight_key(kind);
	struct inflight *inf = bpf_map_lookup_elem(&inflight, &key);
	struct scratch *s;

	if (!inf)
		return NULL;
	s = get_scratch();
	if (s)
		__builtin_memcpy(&s->inf, inf, sizeof(s->inf));
	bpf_map_delete_elem(&inflight, &key);
	return s ? &s->inf : NULL;
}

/* The overflow counters of (class, caps), made if new; NULL if full too. */
static __always_inline struct at_cval *overflow_slot(__u32 class_id, __u32 caps,
						     struct at_cval *zero)
{
	struct at_okey ok = { .class_id = class_id, .caps = caps };
	struct at_cval *v;

	v = bpf_map_lookup_elem(&overflow, &ok);
	if (!v) {
		bpf_map_update_elem(&overflow, &ok, zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(&overflow, &ok);
	}
	stat_inc(v ? S_COUNTER_FOLDED : S_COUNTER_FULL);
	return v;
}

static __always_inline void count(struct at_who *w, __u32 class_id, int idx, __u64 val)
{
	struct at_ckey k = {};
	struct at_cval *v;

	k.who = *w;
	k.class_id = class_id;
	v = bpf_map_lookup_elem(&counters, &k);
	if (!v) {
		/* new counters start from the zeroes map's value: no 168
		 * bytes of stack for them */
		__u32 z = 0;
		struct at_cval *zero = bpf_map_lookup_elem(&zeroes, &z);

		if (!zero)
			return;
		bpf_map_update_elem(&counters, &k, zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(&counters, &k);
		if (!v) {
			v = overflow_slot(class_id, w->caps, zero);
			if (!v)
				return;
		}
	}
	if (idx >= 0 && idx < C_NR)
		__sync_fetch_and_add(&v->c[idx], val);
}

static __always_inline __u32 intern_class(struct at_class *c)
{
	__u32 *id = bpf_map_lookup_elem(&classes, c);
	__u32 nid;

	if (id)
		return *id;
	nid = __sync_fetch_and_add(&next_class, 1);
	if (bpf_map_update_elem(&classes, c, &nid, BPF_NOEXIST)) {
		id = bpf_map_lookup_elem(&classes, c);
		if (id)
			return *id;
		stat_inc(S_CLASS_FULL);
		return AT_CLASS_UNKNOWN;
	}
	return nid;
}

static __always_inline struct at_event *new_event(__u32 kind, __u32 source,
						  struct at_who *w, long ret)
{
	struct at_event *e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);

	if (!e) {
		stat_inc(S_LOST_EVENTS);
		return NULL;
	}
	__builtin_memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->source = source;
	e->ts_ns = bpf_ktime_get_ns();
	e->who = *w;
	e->pid = (__u32)bpf_get_current_pid_tgid();
	e->ret = ret;
	return e;
}

#endif /* AFALG_TRACE_BPF_H */
