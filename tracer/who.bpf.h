/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace, kernel side: who made a call.  The identity key (tgid, uid,
 * cgroup, exe inode) of the current task, and the identity record sent once
 * per key: comm, parent, namespaces, and the exe and cgroup paths walked
 * from the kernel's dentries and kernfs nodes.
 */
#ifndef AFALG_TRACE_WHO_BPF_H
#define AFALG_TRACE_WHO_BPF_H

/* kernfs_node's parent was renamed __parent in 6.15. */
struct kernfs_node___old {
	struct kernfs_node *parent;
} __attribute__((preserve_access_index));


/*
 * AT_CAP_* as crypto.af_alg_restrict's privilege test sees them: the
 * subjective credentials (current_cred(), task->cred), capabilities in the
 * effective set, counted only in the initial user namespace (level 0; in a
 * child namespace ns_capable(&init_user_ns, ...) is false whatever the set
 * holds).  kernel_cap_t is a u64 since 6.3 and two u32 before: the same
 * 8 bytes either way.
 */
static __always_inline __u32 task_caps(struct task_struct *t)
{
	const struct cred *cr = BPF_CORE_READ(t, cred);
	__u64 eff = 0;
	__u32 caps = 0;

	if (!cr || BPF_CORE_READ(cr, user_ns, level) != 0)
		return 0;
	bpf_probe_read_kernel(&eff, sizeof(eff),
			      __builtin_preserve_access_index(&cr->cap_effective));
	if (eff & (1ULL << 12))		/* CAP_NET_ADMIN */
		caps |= AT_CAP_NET_ADMIN;
	if (eff & (1ULL << 21))		/* CAP_SYS_ADMIN */
		caps |= AT_CAP_SYS_ADMIN;
	return caps;
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
	w->caps = task_caps(t);
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

#endif /* AFALG_TRACE_WHO_BPF_H */
