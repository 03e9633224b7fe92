// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-trace: kernel side.  Inventories AF_ALG (family 38) users.
 *
 * Every socket-lifecycle hook comes in up to three variants and the loader
 * keeps exactly one per operation (see trace-helpers.c, choose_hooks()):
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
#include "afalg-trace.bpf.h"
#include "who.bpf.h"
#include "sock.bpf.h"

char LICENSE[] SEC("license") = "GPL";

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
	if (ctx->args[0] == AT_AF_ALG && !skip_task())
		inflight_stash(kind, inflight_new(NULL, ctx->args[1], ctx->args[2]));
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_socket")
int sys_enter_socket(struct sys_enter_rec *ctx)
{
	return enter_socket(ctx, IF_SOCKET);
}

static __always_inline int exit_socket(struct sys_exit_rec *ctx, __u32 kind, __u32 source)
{
	struct inflight *inf = inflight_take(kind);
	int type, protocol;

	if (!inf)
		return 0;
	type = inf->a;
	protocol = inf->b;
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
	if (family == AT_AF_ALG)
		inflight_stash(IF_IOURING, inflight_new(NULL, type, protocol));
	return 0;
}

SEC("kretprobe/__sys_socket_file")
int BPF_KRETPROBE(kretprobe_sys_socket_file, struct file *ret)
{
	struct inflight *inf = inflight_take(IF_IOURING);
	int type, protocol;

	if (!inf)
		return 0;
	type = inf->a;
	protocol = inf->b;
	on_sys_socket_file(AT_AF_ALG, type, protocol, ret);
	return 0;
}

/* ---- bind ------------------------------------------------------------- */

/*
 * Why a bind failed with ENOENT: the verdict of the series' af_alg_bind
 * tracepoint (which fires inside alg_bind(), before its exit hooks) when
 * there is one, else the restriction level at the time; the loader then
 * applies the allowlists to the name and the caller's privilege.
 */
static __always_inline int enoent_reason(void)
{
	struct inflight *v = inflight_take(IF_VERDICT);
	int level = knob_level;

	if (v)
		return v->a ? C_BIND_DENIED : C_BIND_NOTFOUND;
	if (level == 0)
		return C_BIND_ENOENT_L0;
	if (level == 1)
		return C_BIND_ENOENT_L1;
	if (level >= 2)
		return C_BIND_ENOENT_L2;
	return C_BIND_ENOENT_LX;
}

static __always_inline void on_bind(__u32 source, struct sock *sk,
				    struct at_class *req, long ret)
{
	struct at_event *e;
	struct at_who w;
	int reason = 0;
	__u32 id;

	fill_who(&w);
	ensure_proc(&w);
	req->keylen = AT_KEY_NONE;
	req->authsize = AT_AUTHSIZE_DEFAULT;
	id = intern_class(req);
	if (ret == 0) {
		inflight_take(IF_VERDICT);
		tfm_remember(sk, req, id, BPF_ANY);
		count(&w, id, C_BINDS, 1);
	} else {
		count(&w, id, C_BIND_FAIL, 1);
		if (ret == -AT_ENOENT) {
			reason = enoent_reason();
			count(&w, id, reason, 1);
		} else {
			inflight_take(IF_VERDICT);
		}
	}
	e = new_event(EV_BIND, source, &w, ret);
	if (!e)
		return;
	e->class_id = id;
	e->enoent_reason = reason;	/* the loader turns it into the verdict */
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
	struct sock *sk = traced_sock(sock);
	struct scratch *s = get_scratch();

	if (!sk || !s)
		return 0;
	read_sockaddr(&s->cls, uaddr, addr_len, false);
	on_bind(SRC_FENTRY, sk, &s->cls, ret);
	return 0;
}

static __always_inline void stash_bind(struct sock *sk, const void *addr,
				       long addrlen, bool user)
{
	struct inflight *inf = inflight_new(sk, 0, 0);

	if (!inf)
		return;
	read_sockaddr(&inf->cls, addr, addrlen, user);
	inflight_stash(IF_BIND, inf);
}

static __always_inline void finish_bind(__u32 source, long ret)
{
	struct inflight *inf = inflight_take(IF_BIND);
	struct scratch *s = get_scratch();
	struct sock *sk;

	if (!inf || !s)
		return;
	/* on_bind() fills s->inf as the tfm record: the request goes to s->cls */
	sk = (void *)inf->sk;
	__builtin_memcpy(&s->cls, &inf->cls, sizeof(s->cls));
	on_bind(source, sk, &s->cls, ret);
}

SEC("kprobe/alg_bind")
int BPF_KPROBE(kprobe_alg_bind, struct socket *sock, struct sockaddr *uaddr, int addr_len)
{
	struct sock *sk = traced_sock(sock);

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
	struct sock *sk = traced_fd(ctx->args[0]);

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
	struct sock *sk = traced_sock((void *)ctx[0]);

	if (sk)
		on_setopt(SRC_FENTRY, sk, (int)ctx[1], (int)ctx[2], (int)ctx[5], (int)ctx[6]);
	return 0;
}

static __always_inline void finish_setopt(__u32 source, long ret)
{
	struct inflight *inf = inflight_take(IF_SETOPT);
	int optname, optlen;
	struct sock *sk;

	if (!inf)
		return;
	sk = (void *)inf->sk;
	optname = inf->a;
	optlen = inf->b;
	on_setopt(source, sk, AT_SOL_ALG, optname, optlen, ret);
}

SEC("kprobe/alg_setsockopt")
int BPF_KPROBE(kprobe_alg_setsockopt, struct socket *sock, int level, int optname)
{
	struct sock *sk = level == AT_SOL_ALG ? traced_sock(sock) : NULL;

	/* optval is a 16-byte sockptr_t in two registers: optlen is the 6th */
	if (sk)
		inflight_stash(IF_SETOPT, inflight_new(sk, optname, (int)AT_PARM6(ctx)));
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
	struct sock *sk = ctx->args[1] == AT_SOL_ALG ? traced_fd(ctx->args[0]) : NULL;

	if (sk)
		inflight_stash(IF_SETOPT, inflight_new(sk, ctx->args[2], ctx->args[4]));
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

SEC("kprobe/af_alg_accept")
int BPF_KPROBE(kprobe_af_alg_accept, struct sock *sk)
{
	if (!skip_task())
		inflight_stash(IF_ACCEPT, inflight_new(sk, 0, 0));
	return 0;
}

SEC("kretprobe/af_alg_accept")
int BPF_KRETPROBE(kretprobe_af_alg_accept, int ret)
{
	struct inflight *inf = inflight_take(IF_ACCEPT);
	struct sock *sk;

	if (!inf)
		return 0;
	sk = (void *)inf->sk;
	on_accept(SRC_KPROBE, sk, ret, 0);
	return 0;
}

static __always_inline int enter_accept(struct sys_enter_rec *ctx, int flags)
{
	struct sock *sk = traced_fd(ctx->args[0]);

	if (sk)
		inflight_stash(IF_ACCEPT, inflight_new(sk, flags, 0));
	return 0;
}

static __always_inline int exit_accept(struct sys_exit_rec *ctx)
{
	struct inflight *inf = inflight_take(IF_ACCEPT);
	struct sock *sk, *nsk, *tfm;
	int flags;

	if (!inf)
		return 0;
	sk = (void *)inf->sk;
	flags = inf->a;
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

/*
 * The socket's family: a field of the tracepoint since 6.3; the 6.1 stable
 * backport of these tracepoints (Debian 12's kernel) records the socket
 * only, so read it from there.
 */
static __always_inline int msg_family(struct trace_event_raw_sock_msg_length *ctx)
{
	if (bpf_core_field_exists(ctx->family))
		return BPF_CORE_READ(ctx, family);
	return BPF_CORE_READ((struct sock *)ctx->sk, __sk_common.skc_family);
}

SEC("tracepoint/sock/sock_send_length")
int tp_sock_send_length(struct trace_event_raw_sock_msg_length *ctx)
{
	if (msg_family(ctx) != AT_AF_ALG)
		return 0;
	return on_msg(ctx->sk, ctx->ret, ctx->flags, false);
}

SEC("tracepoint/sock/sock_recv_length")
int tp_sock_recv_length(struct trace_event_raw_sock_msg_length *ctx)
{
	if (msg_family(ctx) != AT_AF_ALG)
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

/* The bind tracepoint's verdict, for the bind's exit hook (enoent_reason()). */
static __always_inline void stash_verdict(unsigned long base, struct at_series_cfg *cfg)
{
	long denied = read_int_field(base, cfg->denied_off, cfg->denied_size);

	inflight_stash(IF_VERDICT, inflight_new(NULL, denied != 0, 0));
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
	if (cfg->is_bind && cfg->denied_off >= 0)
		stash_verdict(base, cfg);
	fill_who(&w);
	ensure_proc(&w);
	e = new_event(EV_SERIES, SRC_SERIES, &w, 0);
	if (!e)
		return 0;
	e->ret = read_int_field(base, cfg->ret_off, cfg->ret_size);
	e->series_mode = read_int_field(base, cfg->mode_off, cfg->mode_size);
	e->series_denied = read_int_field(base, cfg->denied_off, cfg->denied_size);
	e->series_slot = slot;
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
