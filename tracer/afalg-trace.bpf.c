// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace: kernel side.  Inventories AF_ALG (family 38) users.
 *
 * Every socket-lifecycle hook comes in up to three variants and the loader
 * keeps exactly one per operation (see afalg-trace.c, choose_hooks()):
 *
 *   socket       syscall tracepoints (always; they also see EAFNOSUPPORT on a
 *                kernel without AF_ALG or with the knob denying), plus
 *                socketpair, plus io_uring via __sys_socket_file (fexit or
 *                kprobe)
 *   bind         fexit alg_bind        | kprobe alg_bind        | syscalls
 *   setsockopt   fexit alg_setsockopt  | kprobe alg_setsockopt  | syscalls
 *   accept       fexit af_alg_accept   | kprobe af_alg_accept   | syscalls
 *   release      fentry af_alg_release | kprobe af_alg_release  | (none)
 *   ops/bytes    sock:sock_send_length / sock:sock_recv_length, family 38
 *   series       the kernel series' af_alg tracepoints, fields located at
 *                run time from their format files
 *
 * The af_alg function hooks also see operations that do not come from the
 * classic syscalls (io_uring bind/accept/setsockopt).
 *
 * Counting is exact: every count is an atomic add into a hash map keyed by
 * (tgid, uid, cgroup, exe, algorithm class); the ring buffer only carries
 * identity records and (optionally) per-event records, and every failed
 * reservation or map insertion is counted in "stats".
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "afalg-trace.h"

char LICENSE[] SEC("license") = "GPL";

#define AT_S_IFMT	00170000
#define AT_S_IFSOCK	0140000
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
	__uint(max_entries, 65536);
	__type(key, struct at_ckey);
	__type(value, struct at_cval);
} counters SEC(".maps");

/* Identities already sent to userspace. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct at_who);
	__type(value, __u8);
} seen SEC(".maps");

/* State carried from a syscall's (or function's) entry to its exit. */
enum { IF_SOCKET = 1, IF_SOCKETPAIR, IF_BIND, IF_SETOPT, IF_ACCEPT, IF_IOURING };

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

/* Kernel types that may be missing from the BTF (AF_ALG absent or a module). */
struct af_alg_type___at {
	char name[14];
} __attribute__((preserve_access_index));

struct alg_sock___at {
	struct sock sk;
	struct sock *parent;
	const struct af_alg_type___at *type;
	void *private;
} __attribute__((preserve_access_index));

/* What ask->private points to, per type (crypto/algif_*.c bind()). */
struct crypto_ahash___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct crypto_skcipher___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct crypto_aead___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct crypto_rng___at {
	struct crypto_tfm base;
} __attribute__((preserve_access_index));

struct rng_parent_ctx___at {
	struct crypto_rng___at *drng;
} __attribute__((preserve_access_index));

/* kernfs_node's parent was renamed __parent in 6.15. */
struct kernfs_node___old {
	struct kernfs_node *parent;
} __attribute__((preserve_access_index));

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

static __always_inline void fill_who(struct at_who *w)
{
	struct task_struct *t = (void *)bpf_get_current_task();
	struct file *exe = BPF_CORE_READ(t, mm, exe_file);

	w->tgid = bpf_get_current_pid_tgid() >> 32;
	w->uid = (__u32)bpf_get_current_uid_gid();
	w->cgid = bpf_get_current_cgroup_id();
	w->exe_ino = exe ? BPF_CORE_READ(exe, f_inode, i_ino) : 0;
	w->exe_dev = exe ? BPF_CORE_READ(exe, f_inode, i_sb, s_dev) : 0;
	w->pad = 0;
}

/*
 * Path walks run under bpf_loop(), one component per call, each into its own
 * fixed slot: no offset depends on the data, so the verifier sees one
 * iteration however long the names are.
 */
struct path_scratch {
	char comp[AT_EXE_DEPTH][AT_COMP_LEN];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct path_scratch);
} path_map SEC(".maps");

struct walk_ctx {
	__u64 node;		/* struct dentry * or struct kernfs_node * */
	__u64 mnt;		/* struct mount * (dentry walk) */
	__u64 root;		/* the task's root dentry: d_path() stops there */
	__u64 root_mnt;		/* ... and its vfsmount */
	__u32 n;		/* components written */
	__u32 trunc;
	__u32 depth;		/* slots available */
	__u32 pad;
};

/* Store name as component i; a full slot means the name was cut. */
static __always_inline long put_comp(__u32 i, struct walk_ctx *c, const void *name)
{
	struct path_scratch *ps;
	__u32 zero = 0;
	long n;

	if (i >= c->depth || i >= AT_EXE_DEPTH) {
		c->trunc = 1;
		return 1;
	}
	ps = bpf_map_lookup_elem(&path_map, &zero);
	if (!ps)
		return 1;
	n = bpf_probe_read_kernel_str(ps->comp[i], AT_COMP_LEN, name);
	if (n >= AT_COMP_LEN)
		c->trunc = 1;
	c->n = i + 1;
	return 0;
}

/* d_path() by hand: one dentry (or mount crossing) per call. */
static long dentry_step(__u32 i, struct walk_ctx *c)
{
	struct dentry *d = (void *)c->node, *parent, *mroot;
	struct mount *mnt = (void *)c->mnt, *mp;

	if (!d)
		return 1;
	if ((__u64)d == c->root &&
	    (__u64)__builtin_preserve_access_index(&mnt->mnt) == c->root_mnt) {
		c->node = 0;	/* the task's root (a chroot, a container) */
		return 1;
	}
	parent = BPF_CORE_READ(d, d_parent);
	mroot = BPF_CORE_READ(mnt, mnt.mnt_root);
	if (d == mroot || d == parent) {
		mp = BPF_CORE_READ(mnt, mnt_parent);
		if (mp == mnt || !mp) {
			c->node = 0;	/* reached the global root: done */
			return 1;
		}
		c->node = (__u64)BPF_CORE_READ(mnt, mnt_mountpoint);
		c->mnt = (__u64)mp;
		return 0;
	}
	if (put_comp(c->n, c, BPF_CORE_READ(d, d_name.name)))
		return 1;
	c->node = (__u64)parent;
	return 0;
}

static __always_inline struct kernfs_node *kn_parent(struct kernfs_node *kn)
{
	struct kernfs_node___old *old = (void *)kn;

	if (bpf_core_field_exists(old->parent))
		return BPF_CORE_READ(old, parent);
	return BPF_CORE_READ(kn, __parent);
}

/* The cgroup v2 path, relative to the cgroup root: one kernfs node per call. */
static long kernfs_step(__u32 i, struct walk_ctx *c)
{
	struct kernfs_node *kn = (void *)c->node, *parent;

	if (!kn)
		return 1;
	parent = kn_parent(kn);
	if (!parent) {
		c->node = 0;	/* the root's own name is not part of paths */
		return 1;
	}
	if (put_comp(c->n, c, BPF_CORE_READ(kn, name)))
		return 1;
	c->node = (__u64)parent;
	return 0;
}

/* Run a walk and copy its components to dst (depth slots). */
static __always_inline __u32 walk(void *dst, __u32 depth, __u32 *trunc, void *step,
				  __u64 node, __u64 mnt, __u64 root, __u64 root_mnt)
{
	struct walk_ctx c = {
		.node = node, .mnt = mnt, .root = root, .root_mnt = root_mnt,
		.depth = depth,
	};
	struct path_scratch *ps;
	__u32 zero = 0;

	*trunc = 0;
	if (!node)
		return 0;
	bpf_loop(depth + 8, step, &c, 0);	/* + mount crossings */
	if (c.node)
		c.trunc = 1;	/* deeper than we keep */
	*trunc = c.trunc;
	ps = bpf_map_lookup_elem(&path_map, &zero);
	if (!ps)
		return 0;
	if (depth == AT_EXE_DEPTH)
		bpf_probe_read_kernel(dst, AT_EXE_DEPTH * AT_COMP_LEN, ps->comp);
	else
		bpf_probe_read_kernel(dst, AT_CG_DEPTH * AT_COMP_LEN, ps->comp);
	return c.n;
}

/* Send the identity record for w once (again after the LRU forgets it). */
static __noinline void ensure_proc(struct at_who *w)
{
	struct task_struct *t;
	struct at_proc *p;
	struct file *exe;
	struct pid *tp;
	__u32 lvl;
	__u8 one = 1;

	if (bpf_map_lookup_elem(&seen, w))
		return;
	p = bpf_ringbuf_reserve(&events, sizeof(*p), 0);
	if (!p) {
		stat_inc(S_LOST_EVENTS);
		stat_inc(S_LOST_PROCS);
		return;
	}
	t = (void *)bpf_get_current_task();
	p->kind = EV_PROC;
	p->ts_ns = bpf_ktime_get_ns();
	p->who = *w;
	p->ppid = BPF_CORE_READ(t, real_parent, tgid);
	tp = BPF_CORE_READ(t, thread_pid);
	lvl = BPF_CORE_READ(tp, level);
	p->pidns = BPF_CORE_READ(tp, numbers[lvl & 31].ns, ns.inum);
	p->mntns = BPF_CORE_READ(t, nsproxy, mnt_ns, ns.inum);
	bpf_get_current_comm(p->comm, sizeof(p->comm));
	exe = BPF_CORE_READ(t, mm, exe_file);
	p->exe_n = 0;
	p->exe_trunc = 0;
	if (exe) {
		struct vfsmount *vm = BPF_CORE_READ(exe, f_path.mnt);

		/* like /proc/PID/exe and the kernel's own log: relative to
		 * the task's root directory */
		p->exe_n = walk(p->exe, AT_EXE_DEPTH, &p->exe_trunc, dentry_step,
				(__u64)BPF_CORE_READ(exe, f_path.dentry),
				(__u64)container_of(vm, struct mount, mnt),
				(__u64)BPF_CORE_READ(t, fs, root.dentry),
				(__u64)BPF_CORE_READ(t, fs, root.mnt));
	}
	p->cg_n = walk(p->cgroup, AT_CG_DEPTH, &p->cg_trunc, kernfs_step,
		       (__u64)BPF_CORE_READ(t, cgroups, dfl_cgrp, kn), 0, 0, 0);
	bpf_ringbuf_submit(p, 0);
	bpf_map_update_elem(&seen, w, &one, BPF_ANY);
}

static __always_inline void count(struct at_who *w, __u32 class_id, int idx, __u64 val)
{
	struct at_ckey k = {};
	struct at_cval *v;

	k.who = *w;
	k.class_id = class_id;
	v = bpf_map_lookup_elem(&counters, &k);
	if (!v) {
		struct at_cval zero = {};

		bpf_map_update_elem(&counters, &k, &zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(&counters, &k);
		if (!v) {
			stat_inc(S_COUNTER_FULL);
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

static __always_inline struct sock *alg_parent(struct sock *sk)
{
	struct alg_sock___at *ask = (void *)sk;
	struct sock *p = NULL;

	if (bpf_core_type_exists(struct alg_sock___at))
		return BPF_CORE_READ(ask, parent);
	/* struct sock is the first member of struct alg_sock, parent follows */
	bpf_probe_read_kernel(&p, sizeof(p), (void *)sk + bpf_core_type_size(struct sock));
	return p;
}

/*
 * A tfm socket bound before the tracer started: read its type and algorithm
 * from the kernel (ask->type->name, the crypto_tfm's cra_name).  The key
 * length is not kept by the kernel, so it is recorded as unknown.
 */
static __noinline bool resolve_tfm(struct sock *tfm, struct at_class *c)
{
	struct alg_sock___at *ask = (void *)tfm;
	const struct af_alg_type___at *type;
	struct crypto_tfm *ct = NULL;
	struct crypto_alg *alg;
	void *priv;

	if (!bpf_core_type_exists(struct alg_sock___at) ||
	    !bpf_core_type_exists(struct af_alg_type___at))
		return false;
	type = BPF_CORE_READ(ask, type);
	priv = BPF_CORE_READ(ask, private);
	if (!type || !priv)
		return false;
	__builtin_memset(c, 0, sizeof(*c));
	bpf_probe_read_kernel_str(c->type, 14, __builtin_preserve_access_index(&type->name));
	switch (c->type[0]) {
	case 'h':	/* hash: struct crypto_ahash */
		if (bpf_core_type_exists(struct crypto_ahash___at))
			ct = __builtin_preserve_access_index(
				&((struct crypto_ahash___at *)priv)->base);
		break;
	case 's':	/* skcipher: struct crypto_skcipher */
		if (bpf_core_type_exists(struct crypto_skcipher___at))
			ct = __builtin_preserve_access_index(
				&((struct crypto_skcipher___at *)priv)->base);
		break;
	case 'a':	/* aead: struct crypto_aead */
		if (bpf_core_type_exists(struct crypto_aead___at))
			ct = __builtin_preserve_access_index(
				&((struct crypto_aead___at *)priv)->base);
		break;
	case 'r':	/* rng: struct rng_parent_ctx { drng, entropy } */
		if (bpf_core_type_exists(struct rng_parent_ctx___at) &&
		    bpf_core_type_exists(struct crypto_rng___at)) {
			struct crypto_rng___at *r = BPF_CORE_READ(
				(struct rng_parent_ctx___at *)priv, drng);

			if (r)
				ct = __builtin_preserve_access_index(&r->base);
		}
		break;
	}
	if (!ct)
		return false;
	alg = BPF_CORE_READ(ct, __crt_alg);
	if (!alg)
		return false;
	bpf_probe_read_kernel_str(c->name, sizeof(c->name),
				  __builtin_preserve_access_index(&alg->cra_name));
	c->keylen = AT_KEY_UNKNOWN;
	c->authsize = AT_AUTHSIZE_DEFAULT;
	return c->name[0] != 0;
}

static __always_inline struct sock *sock_sk(struct socket *sock)
{
	struct sock *sk = BPF_CORE_READ(sock, sk);

	if (!sk || BPF_CORE_READ(sk, __sk_common.skc_family) != AT_AF_ALG)
		return NULL;
	return sk;
}

/* The AF_ALG struct sock behind file descriptor fd of the current task. */
static __always_inline struct sock *fd_to_sk(long fd)
{
	struct task_struct *t = (void *)bpf_get_current_task();
	struct fdtable *fdt = BPF_CORE_READ(t, files, fdt);
	struct file **fds;
	struct file *f = NULL;

	if (fd < 0 || fd >= BPF_CORE_READ(fdt, max_fds))
		return NULL;
	fds = BPF_CORE_READ(fdt, fd);
	bpf_probe_read_kernel(&f, sizeof(f), &fds[fd & 0xfffffff]);
	if (!f)
		return NULL;
	if ((BPF_CORE_READ(f, f_inode, i_mode) & AT_S_IFMT) != AT_S_IFSOCK)
		return NULL;
	return sock_sk(BPF_CORE_READ(f, private_data));
}

/* The tfm_info of a tfm socket; learns sockets bound before we started. */
static __always_inline struct tfm_info *tfm_lookup(struct sock *tfm)
{
	__u64 key = (__u64)tfm;
	struct tfm_info *ti = bpf_map_lookup_elem(&tfms, &key);
	struct scratch *s;

	if (ti || !tfm)
		return ti;
	s = get_scratch();
	if (!s || !resolve_tfm(tfm, &s->cls))
		return NULL;
	ti = (void *)&s->inf;
	ti->class_id = intern_class(&s->cls);
	ti->id = __sync_fetch_and_add(&next_tfm, 1);
	ti->pad = 0;
	__builtin_memcpy(&ti->cls, &s->cls, sizeof(ti->cls));
	if (bpf_map_update_elem(&tfms, &key, ti, BPF_NOEXIST) &&
	    !bpf_map_lookup_elem(&tfms, &key))
		stat_inc(S_TFM_FULL);
	return bpf_map_lookup_elem(&tfms, &key);
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

/* ---- socket creation ---------------------------------------------------- */

static __always_inline void on_socket(__u32 source, int type, int protocol,
				      long ret, struct sock *sk)
{
	struct at_who w;
	struct at_event *e;

	fill_who(&w);
	ensure_proc(&w);
	if (ret >= 0) {
		count(&w, AT_CLASS_UNBOUND, C_SOCKETS, 1);
		if (sk) {
			__u64 key = (__u64)sk;

			/* a new socket at this address: forget the old one */
			bpf_map_delete_elem(&tfms, &key);
		}
	} else if (ret == -AT_EAFNOSUPPORT) {
		count(&w, AT_CLASS_UNBOUND, C_DENIED, 1);
	} else {
		count(&w, AT_CLASS_UNBOUND, C_SOCKET_FAIL, 1);
	}
	e = new_event(EV_SOCKET, source, &w, ret);
	if (!e)
		return;
	e->sock_type = type;
	e->protocol = protocol;
	bpf_ringbuf_submit(e, 0);
}

static __always_inline int enter_socket(struct sys_enter_rec *ctx, __u32 kind)
{
	__u64 key = ((__u64)kind << 32) | (__u32)bpf_get_current_pid_tgid();
	struct scratch *s;

	if (ctx->args[0] != AT_AF_ALG || skip_task())
		return 0;
	s = get_scratch();
	if (!s)
		return 0;
	__builtin_memset(&s->inf, 0, sizeof(s->inf));
	s->inf.a = ctx->args[1];
	s->inf.b = ctx->args[2];
	if (bpf_map_update_elem(&inflight, &key, &s->inf, BPF_ANY))
		stat_inc(S_INFLIGHT_FULL);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_socket")
int sys_enter_socket(struct sys_enter_rec *ctx)
{
	return enter_socket(ctx, IF_SOCKET);
}

static __always_inline int exit_socket(struct sys_exit_rec *ctx, __u32 kind, __u32 source)
{
	__u64 key = ((__u64)kind << 32) | (__u32)bpf_get_current_pid_tgid();
	struct inflight *inf = bpf_map_lookup_elem(&inflight, &key);
	int type, protocol;

	if (!inf)
		return 0;
	type = inf->a;
	protocol = inf->b;
	bpf_map_delete_elem(&inflight, &key);
	/* socketpair(AF_ALG) never succeeds (sock_no_socketpair) */
	on_socket(source, type, protocol, ctx->ret,
		  ctx->ret >= 0 && kind == IF_SOCKET ? fd_to_sk(ctx->ret) : NULL);
	return 0;
}

SEC("tracepoint/syscalls/sys_exit_socket")
int sys_exit_socket(struct sys_exit_rec *ctx)
{
	return exit_socket(ctx, IF_SOCKET, SRC_SYSCALL);
}

SEC("tracepoint/syscalls/sys_enter_socketpair")
int sys_enter_socketpair(struct sys_enter_rec *ctx)
{
	return enter_socket(ctx, IF_SOCKETPAIR);
}

SEC("tracepoint/syscalls/sys_exit_socketpair")
int sys_exit_socketpair(struct sys_exit_rec *ctx)
{
	return exit_socket(ctx, IF_SOCKETPAIR, SRC_SOCKETPAIR);
}

/* io_uring IORING_OP_SOCKET is the only caller of __sys_socket_file(). */
static __always_inline void on_sys_socket_file(int family, int type, int protocol,
					       struct file *f)
{
	long ret = 0;
	struct sock *sk = NULL;

	if (family != AT_AF_ALG || skip_task())
		return;
	if ((unsigned long)f >= (unsigned long)-AT_MAX_ERRNO)
		ret = (long)f;
	else
		sk = sock_sk(BPF_CORE_READ(f, private_data));
	on_socket(SRC_IOURING, type, protocol, ret, sk);
}

SEC("fexit/__sys_socket_file")
int BPF_PROG(fexit_sys_socket_file, int family, int type, int protocol, struct file *ret)
{
	on_sys_socket_file(family, type, protocol, ret);
	return 0;
}

SEC("kprobe/__sys_socket_file")
int BPF_KPROBE(kprobe_sys_socket_file, int family, int type, int protocol)
{
	__u64 key = ((__u64)IF_IOURING << 32) | (__u32)bpf_get_current_pid_tgid();
	struct scratch *s;

	if (family != AT_AF_ALG)
		return 0;
	s = get_scratch();
	if (!s)
		return 0;
	__builtin_memset(&s->inf, 0, sizeof(s->inf));
	s->inf.a = type;
	s->inf.b = protocol;
	if (bpf_map_update_elem(&inflight, &key, &s->inf, BPF_ANY))
		stat_inc(S_INFLIGHT_FULL);
	return 0;
}

SEC("kretprobe/__sys_socket_file")
int BPF_KRETPROBE(kretprobe_sys_socket_file, struct file *ret)
{
	__u64 key = ((__u64)IF_IOURING << 32) | (__u32)bpf_get_current_pid_tgid();
	struct inflight *inf = bpf_map_lookup_elem(&inflight, &key);
	int type, protocol;

	if (!inf)
		return 0;
	type = inf->a;
	protocol = inf->b;
	bpf_map_delete_elem(&inflight, &key);
	on_sys_socket_file(AT_AF_ALG, type, protocol, ret);
	return 0;
}

/* ---- bind ------------------------------------------------------------- */

static __always_inline void on_bind(__u32 source, struct sock *sk,
				    struct at_class *req, long ret)
{
	struct at_event *e;
	struct at_who w;
	__u32 id;

	fill_who(&w);
	ensure_proc(&w);
	req->keylen = AT_KEY_NONE;
	req->authsize = AT_AUTHSIZE_DEFAULT;
	id = intern_class(req);
	if (ret == 0) {
		struct tfm_info *ti;
		__u64 key = (__u64)sk;
		struct scratch *s = get_scratch();

		/* reuse the inflight scratch slot as a tfm_info buffer */
		if (s) {
			ti = (void *)&s->inf;
			ti->id = __sync_fetch_and_add(&next_tfm, 1);
			ti->class_id = id;
			ti->pad = 0;
			/* the caller's req may live in s->cls: copy fields */
			__builtin_memcpy(&ti->cls, req, sizeof(ti->cls));
			if (bpf_map_update_elem(&tfms, &key, ti, BPF_ANY))
				stat_inc(S_TFM_FULL);
		}
		count(&w, id, C_BINDS, 1);
	} else {
		count(&w, id, C_BIND_FAIL, 1);
	}
	e = new_event(EV_BIND, source, &w, ret);
	if (!e)
		return;
	e->class_id = id;
	{
		__u64 key = (__u64)sk;
		struct tfm_info *ti = bpf_map_lookup_elem(&tfms, &key);

		if (ti && ret == 0)
			e->tfm_id = ti->id;
	}
	__builtin_memcpy(&e->cls, req, sizeof(e->cls));
	bpf_ringbuf_submit(e, 0);
}

/* Copy a sockaddr_alg(_new) the way alg_bind() terminates it. */
static __always_inline void read_sockaddr(struct at_class *c, const void *addr,
					  long addrlen, bool user)
{
	long n = addrlen - 24;

	__builtin_memset(c, 0, sizeof(*c));
	if (addrlen < 2 + 14)
		return;
	if (user)
		bpf_probe_read_user(c->type, 14, addr + 2);
	else
		bpf_probe_read_kernel(c->type, 14, addr + 2);
	c->type[13] = 0;
	if (n <= 0)
		return;
	if (n > AT_NAME_LEN)
		n = AT_NAME_LEN;
	if (user)
		bpf_probe_read_user_str(c->name, n, addr + 24);
	else
		bpf_probe_read_kernel_str(c->name, n, addr + 24);
}

SEC("fexit/alg_bind")
int BPF_PROG(fexit_alg_bind, struct socket *sock, struct sockaddr *uaddr,
	     int addr_len, int ret)
{
	struct scratch *s;
	struct sock *sk;

	if (skip_task())
		return 0;
	sk = sock_sk(sock);
	s = get_scratch();
	if (!sk || !s)
		return 0;
	read_sockaddr(&s->cls, uaddr, addr_len, false);
	on_bind(SRC_FENTRY, sk, &s->cls, ret);
	return 0;
}

static __always_inline void stash_bind(struct sock *sk, const void *addr,
				       long addrlen, bool user)
{
	__u64 key = ((__u64)IF_BIND << 32) | (__u32)bpf_get_current_pid_tgid();
	struct scratch *s = get_scratch();

	if (!s)
		return;
	__builtin_memset(&s->inf, 0, sizeof(s->inf));
	s->inf.sk = (__u64)sk;
	read_sockaddr(&s->inf.cls, addr, addrlen, user);
	if (bpf_map_update_elem(&inflight, &key, &s->inf, BPF_ANY))
		stat_inc(S_INFLIGHT_FULL);
}

static __always_inline void finish_bind(__u32 source, long ret)
{
	__u64 key = ((__u64)IF_BIND << 32) | (__u32)bpf_get_current_pid_tgid();
	struct inflight *inf = bpf_map_lookup_elem(&inflight, &key);
	struct scratch *s = get_scratch();
	struct sock *sk;

	if (!inf || !s)
		return;
	sk = (void *)inf->sk;
	__builtin_memcpy(&s->cls, &inf->cls, sizeof(s->cls));
	bpf_map_delete_elem(&inflight, &key);
	on_bind(source, sk, &s->cls, ret);
}

SEC("kprobe/alg_bind")
int BPF_KPROBE(kprobe_alg_bind, struct socket *sock, struct sockaddr *uaddr, int addr_len)
{
	struct sock *sk;

	if (skip_task())
		return 0;
	sk = sock_sk(sock);
	if (sk)
		stash_bind(sk, uaddr, addr_len, false);
	return 0;
}

SEC("kretprobe/alg_bind")
int BPF_KRETPROBE(kretprobe_alg_bind, int ret)
{
	finish_bind(SRC_KPROBE, ret);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_bind")
int sys_enter_bind(struct sys_enter_rec *ctx)
{
	struct sock *sk;

	if (skip_task())
		return 0;
	sk = fd_to_sk(ctx->args[0]);
	if (sk)
		stash_bind(sk, (void *)ctx->args[1], (int)ctx->args[2], true);
	return 0;
}

SEC("tracepoint/syscalls/sys_exit_bind")
int sys_exit_bind(struct sys_exit_rec *ctx)
{
	finish_bind(SRC_SYSCALL, ctx->ret);
	return 0;
}

/* ---- setsockopt -------------------------------------------------------- */

static __always_inline void on_setopt(__u32 source, struct sock *sk, int level,
				      int optname, int optlen, long ret)
{
	struct tfm_info *ti;
	struct at_event *e;
	struct at_who w;
	__u32 id = AT_CLASS_UNKNOWN;
	struct scratch *s;

	if (level != AT_SOL_ALG)
		return;
	s = get_scratch();
	if (!s)
		return;
	fill_who(&w);
	ensure_proc(&w);
	ti = tfm_lookup(sk);
	if (ti) {
		id = ti->class_id;
		__builtin_memcpy(&s->cls, &ti->cls, sizeof(s->cls));
	} else {
		__builtin_memset(&s->cls, 0, sizeof(s->cls));
	}
	if (ret == 0 && ti) {
		switch (optname) {
		case 1:	/* ALG_SET_KEY: record the length, never the bytes */
			s->cls.keylen = optlen;
			break;
		case 5:	/* ALG_SET_AEAD_AUTHSIZE: the value is optlen */
			s->cls.authsize = optlen;
			break;
		case 7:	/* ALG_SET_KEY_BY_KEY_SERIAL */
			s->cls.keylen = AT_KEY_SERIAL;
			break;
		}
		id = intern_class(&s->cls);
		ti->class_id = id;
		__builtin_memcpy(&ti->cls, &s->cls, sizeof(ti->cls));
	}
	count(&w, id, ret == 0 ? C_SETOPTS : C_SETOPT_FAIL, 1);
	e = new_event(EV_SETSOCKOPT, source, &w, ret);
	if (!e)
		return;
	e->class_id = id;
	e->tfm_id = ti ? ti->id : 0;
	e->optname = optname;
	e->optlen = optlen;
	__builtin_memcpy(&e->cls, &s->cls, sizeof(e->cls));
	bpf_ringbuf_submit(e, 0);
}

/* alg_setsockopt(sock, level, optname, sockptr_t optval, optlen): the
 * 16-byte sockptr_t takes two argument slots. */
SEC("fexit/alg_setsockopt")
int fexit_alg_setsockopt(__u64 *ctx)
{
	struct socket *sock = (void *)ctx[0];
	struct sock *sk;

	if (skip_task())
		return 0;
	sk = sock_sk(sock);
	if (sk)
		on_setopt(SRC_FENTRY, sk, (int)ctx[1], (int)ctx[2], (int)ctx[5], (int)ctx[6]);
	return 0;
}

static __always_inline void stash_setopt(struct sock *sk, int level, int optname, int optlen)
{
	__u64 key = ((__u64)IF_SETOPT << 32) | (__u32)bpf_get_current_pid_tgid();
	struct scratch *s;

	if (level != AT_SOL_ALG)
		return;
	s = get_scratch();
	if (!s)
		return;
	__builtin_memset(&s->inf, 0, sizeof(s->inf));
	s->inf.sk = (__u64)sk;
	s->inf.a = optname;
	s->inf.b = optlen;
	if (bpf_map_update_elem(&inflight, &key, &s->inf, BPF_ANY))
		stat_inc(S_INFLIGHT_FULL);
}

static __always_inline void finish_setopt(__u32 source, long ret)
{
	__u64 key = ((__u64)IF_SETOPT << 32) | (__u32)bpf_get_current_pid_tgid();
	struct inflight *inf = bpf_map_lookup_elem(&inflight, &key);
	int optname, optlen;
	struct sock *sk;

	if (!inf)
		return;
	sk = (void *)inf->sk;
	optname = inf->a;
	optlen = inf->b;
	bpf_map_delete_elem(&inflight, &key);
	on_setopt(source, sk, AT_SOL_ALG, optname, optlen, ret);
}

SEC("kprobe/alg_setsockopt")
int BPF_KPROBE(kprobe_alg_setsockopt, struct socket *sock, int level, int optname)
{
	struct sock *sk;

	if (skip_task())
		return 0;
	sk = sock_sk(sock);
	/* optval is a 16-byte sockptr_t in two registers: optlen is the 6th */
	if (sk)
		stash_setopt(sk, level, optname, (int)AT_PARM6(ctx));
	return 0;
}

SEC("kretprobe/alg_setsockopt")
int BPF_KRETPROBE(kretprobe_alg_setsockopt, int ret)
{
	finish_setopt(SRC_KPROBE, ret);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_setsockopt")
int sys_enter_setsockopt(struct sys_enter_rec *ctx)
{
	struct sock *sk;

	if (ctx->args[1] != AT_SOL_ALG || skip_task())
		return 0;
	sk = fd_to_sk(ctx->args[0]);
	if (sk)
		stash_setopt(sk, AT_SOL_ALG, ctx->args[2], ctx->args[4]);
	return 0;
}

SEC("tracepoint/syscalls/sys_exit_setsockopt")
int sys_exit_setsockopt(struct sys_exit_rec *ctx)
{
	finish_setopt(SRC_SYSCALL, ctx->ret);
	return 0;
}

/* ---- accept ------------------------------------------------------------ */

/* tfm: the tfm socket; nsk: the new op socket (NULL on failure). */
static __always_inline void on_accept(__u32 source, struct sock *tfm, long ret, int flags)
{
	struct tfm_info *ti = tfm_lookup(tfm);
	__u32 id = ti ? ti->class_id : AT_CLASS_UNKNOWN;
	struct at_event *e;
	struct at_who w;

	fill_who(&w);
	ensure_proc(&w);
	count(&w, id, ret >= 0 ? C_OPSOCKS : C_ACCEPT_FAIL, 1);
	e = new_event(EV_ACCEPT, source, &w, ret);
	if (!e)
		return;
	e->class_id = id;
	e->tfm_id = ti ? ti->id : 0;
	e->flags = flags;
	if (ti)
		__builtin_memcpy(&e->cls, &ti->cls, sizeof(e->cls));
	bpf_ringbuf_submit(e, 0);
}

/* af_alg_accept(sk, newsock, arg) is called with the tfm socket, also for
 * the hash op-socket clone (hash_accept passes ask->parent). */
SEC("fexit/af_alg_accept")
int BPF_PROG(fexit_af_alg_accept, struct sock *sk, struct socket *newsock,
	     void *arg, int ret)
{
	if (skip_task())
		return 0;
	on_accept(SRC_FENTRY, sk, ret, 0);
	return 0;
}

static __always_inline void stash_accept(struct sock *sk, int flags)
{
	__u64 key = ((__u64)IF_ACCEPT << 32) | (__u32)bpf_get_current_pid_tgid();
	struct scratch *s = get_scratch();

	if (!s)
		return;
	__builtin_memset(&s->inf, 0, sizeof(s->inf));
	s->inf.sk = (__u64)sk;
	s->inf.a = flags;
	if (bpf_map_update_elem(&inflight, &key, &s->inf, BPF_ANY))
		stat_inc(S_INFLIGHT_FULL);
}

SEC("kprobe/af_alg_accept")
int BPF_KPROBE(kprobe_af_alg_accept, struct sock *sk)
{
	if (!skip_task())
		stash_accept(sk, 0);
	return 0;
}

SEC("kretprobe/af_alg_accept")
int BPF_KRETPROBE(kretprobe_af_alg_accept, int ret)
{
	__u64 key = ((__u64)IF_ACCEPT << 32) | (__u32)bpf_get_current_pid_tgid();
	struct inflight *inf = bpf_map_lookup_elem(&inflight, &key);
	struct sock *sk;

	if (!inf)
		return 0;
	sk = (void *)inf->sk;
	bpf_map_delete_elem(&inflight, &key);
	on_accept(SRC_KPROBE, sk, ret, 0);
	return 0;
}

static __always_inline int enter_accept(struct sys_enter_rec *ctx, int flags)
{
	struct sock *sk;

	if (skip_task())
		return 0;
	sk = fd_to_sk(ctx->args[0]);
	if (sk)
		stash_accept(sk, flags);
	return 0;
}

static __always_inline int exit_accept(struct sys_exit_rec *ctx)
{
	__u64 key = ((__u64)IF_ACCEPT << 32) | (__u32)bpf_get_current_pid_tgid();
	struct inflight *inf = bpf_map_lookup_elem(&inflight, &key);
	struct sock *sk, *nsk, *tfm;
	int flags;

	if (!inf)
		return 0;
	sk = (void *)inf->sk;
	flags = inf->a;
	bpf_map_delete_elem(&inflight, &key);
	/* accept on a hash op socket clones it: the tfm is its parent */
	tfm = alg_parent(sk);
	if (!tfm)
		tfm = sk;
	if (ctx->ret >= 0) {
		nsk = fd_to_sk(ctx->ret);
		if (nsk && alg_parent(nsk))
			tfm = alg_parent(nsk);
	}
	on_accept(SRC_SYSCALL, tfm, ctx->ret, flags);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_accept")
int sys_enter_accept(struct sys_enter_rec *ctx)
{
	return enter_accept(ctx, 0);
}

SEC("tracepoint/syscalls/sys_exit_accept")
int sys_exit_accept(struct sys_exit_rec *ctx)
{
	return exit_accept(ctx);
}

SEC("tracepoint/syscalls/sys_enter_accept4")
int sys_enter_accept4(struct sys_enter_rec *ctx)
{
	return enter_accept(ctx, ctx->args[3]);
}

SEC("tracepoint/syscalls/sys_exit_accept4")
int sys_exit_accept4(struct sys_exit_rec *ctx)
{
	return exit_accept(ctx);
}

/* ---- release: forget tfm sockets when they go away -------------------- */

static __always_inline void on_release(struct socket *sock)
{
	struct sock *sk = BPF_CORE_READ(sock, sk);
	__u64 key = (__u64)sk;

	if (sk)
		bpf_map_delete_elem(&tfms, &key);
}

SEC("fentry/af_alg_release")
int BPF_PROG(fentry_af_alg_release, struct socket *sock)
{
	on_release(sock);
	return 0;
}

SEC("kprobe/af_alg_release")
int BPF_KPROBE(kprobe_af_alg_release, struct socket *sock)
{
	on_release(sock);
	return 0;
}

/* ---- operations and bytes ---------------------------------------------- */

static __always_inline int on_msg(void *skp, int ret, int flags, bool recv)
{
	struct sock *sk = skp, *tfm;
	struct tfm_info *ti;
	struct at_event *e;
	struct at_who w;
	__u32 id;

	if (skip_task())
		return 0;
	tfm = alg_parent(sk);
	if (!tfm)
		tfm = sk;	/* sendmsg on the tfm socket itself: EOPNOTSUPP */
	ti = tfm_lookup(tfm);
	id = ti ? ti->class_id : AT_CLASS_UNKNOWN;
	fill_who(&w);
	ensure_proc(&w);
	if (ret < 0) {
		count(&w, id, recv ? C_RECV_FAIL : C_SEND_FAIL, 1);
	} else {
		count(&w, id, recv ? C_RECV_OPS : C_SEND_OPS, 1);
		if (!(recv && (flags & AT_MSG_PEEK)))
			count(&w, id, recv ? C_RECV_BYTES : C_SEND_BYTES, ret);
	}
	if (!emit_ops)
		return 0;
	e = new_event(recv ? EV_RECV : EV_SEND, SRC_SOCKTP, &w, ret);
	if (!e)
		return 0;
	e->class_id = id;
	e->tfm_id = ti ? ti->id : 0;
	e->flags = flags;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

SEC("tracepoint/sock/sock_send_length")
int tp_sock_send_length(struct trace_event_raw_sock_msg_length *ctx)
{
	if (ctx->family != AT_AF_ALG)
		return 0;
	return on_msg(ctx->sk, ctx->ret, ctx->flags, false);
}

SEC("tracepoint/sock/sock_recv_length")
int tp_sock_recv_length(struct trace_event_raw_sock_msg_length *ctx)
{
	if (ctx->family != AT_AF_ALG)
		return 0;
	return on_msg(ctx->sk, ctx->ret, ctx->flags, true);
}

/* ---- the series' own tracepoints --------------------------------------- */

static __always_inline long read_int_field(unsigned long base, int off, int size)
{
	long v = 0;

	if (off < 0)
		return 0;
	switch (size) {
	case 1: { __s8 x = 0; bpf_probe_read_kernel(&x, 1, (void *)(base + off)); v = x; break; }
	case 2: { __s16 x = 0; bpf_probe_read_kernel(&x, 2, (void *)(base + off)); v = x; break; }
	case 4: { __s32 x = 0; bpf_probe_read_kernel(&x, 4, (void *)(base + off)); v = x; break; }
	case 8: { __s64 x = 0; bpf_probe_read_kernel(&x, 8, (void *)(base + off)); v = x; break; }
	}
	return v;
}

static __always_inline void read_str_field(char *dst, int cap, unsigned long base,
					   int off, int size)
{
	if (off < 0)
		return;
	if (size == 0) {
		/* __data_loc: u32 with offset in the low 16 bits */
		__u32 loc = 0;

		bpf_probe_read_kernel(&loc, 4, (void *)(base + off));
		bpf_probe_read_kernel_str(dst, cap, (void *)(base + (loc & 0xffff)));
	} else {
		bpf_probe_read_kernel_str(dst, cap, (void *)(base + off));
	}
}

static __always_inline int on_series(void *ctx, __u32 slot)
{
	struct at_series_cfg *cfg = bpf_map_lookup_elem(&series_cfg, &slot);
	unsigned long base = 0;
	struct at_event *e;
	struct at_who w;

	if (!cfg || skip_task())
		return 0;
	/* turn the context pointer into a plain number for variable offsets */
	bpf_probe_read_kernel(&base, sizeof(base), &ctx);
	fill_who(&w);
	ensure_proc(&w);
	e = new_event(EV_SERIES, SRC_SERIES, &w, 0);
	if (!e)
		return 0;
	e->ret = read_int_field(base, cfg->ret_off, cfg->ret_size);
	e->flags = read_int_field(base, cfg->mode_off, cfg->mode_size);
	e->optlen = read_int_field(base, cfg->denied_off, cfg->denied_size);
	e->optname = slot;
	read_str_field(e->cls.type, AT_TYPE_LEN, base, cfg->type_off, cfg->type_size);
	read_str_field(e->cls.name, AT_NAME_LEN, base, cfg->alg_off, cfg->alg_size);
	bpf_ringbuf_submit(e, 0);
	return 0;
}

SEC("tracepoint")
int tp_series0(void *ctx) { return on_series(ctx, 0); }
SEC("tracepoint")
int tp_series1(void *ctx) { return on_series(ctx, 1); }
SEC("tracepoint")
int tp_series2(void *ctx) { return on_series(ctx, 2); }
SEC("tracepoint")
int tp_series3(void *ctx) { return on_series(ctx, 3); }
