/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace: records shared by the BPF program (afalg-trace.bpf.c) and its
 * loader (afalg-trace.c).  Only fixed-size types: this header is included
 * both after vmlinux.h and after the libc headers.
 */
#ifndef AFALG_TRACE_H
#define AFALG_TRACE_H

#define AT_AF_ALG		38
#define AT_SOL_ALG		279
#define AT_EAFNOSUPPORT		97
#define AT_ENOENT		2

#define AT_TYPE_LEN		16	/* salg_type is 14 bytes */
#define AT_NAME_LEN		112	/* sockaddr_alg_new allows 103 + NUL */
#define AT_COMM_LEN		16
#define AT_COMP_LEN		128	/* one path component (longer: truncated) */
#define AT_EXE_DEPTH		24	/* exe path components kept */
#define AT_CG_DEPTH		16	/* cgroup path components kept */

/* Key length / authsize values that are not lengths. */
#define AT_KEY_NONE		(-1)	/* never set (or lost by a failed setkey) */
#define AT_KEY_SERIAL		(-2)	/* ALG_SET_KEY_BY_KEY_SERIAL: a keyring key */
#define AT_KEY_UNKNOWN		(-3)	/* socket bound before the tracer started */
#define AT_AUTHSIZE_DEFAULT	(-1)

/* Class ids below AT_CLASS_FIRST are reserved. */
#define AT_CLASS_UNBOUND	0	/* socket() calls: no algorithm yet */
#define AT_CLASS_UNKNOWN	1	/* socket bound before the tracer started */
#define AT_CLASS_FIRST		2

/*
 * An algorithm "class": what a tfm socket is bound to and configured with.
 * Interned in the "classes" map so that the counters stay bounded by the
 * number of distinct (process, class) pairs, not by the number of sockets.
 */
struct at_class {
	char type[AT_TYPE_LEN];
	char name[AT_NAME_LEN];
	int keylen;
	int authsize;
};

/* The identity part of a counter key: who did it. */
struct at_who {
	unsigned int tgid;
	unsigned int uid;
	unsigned long long cgid;
	unsigned long long exe_ino;
	unsigned int exe_dev;
	unsigned int caps;		/* AT_CAP_* held at the call */
};

/*
 * The capabilities crypto.af_alg_restrict's privilege test looks at, held
 * in the effective set of a task whose user namespace is the initial one
 * (ns_capable(&init_user_ns, ...) fails in any other namespace).  Part of
 * the identity: a process that gains or drops them gets a second record.
 */
#define AT_CAP_NET_ADMIN	1u
#define AT_CAP_SYS_ADMIN	2u
#define AT_CAP_PRIVILEGED	(AT_CAP_NET_ADMIN | AT_CAP_SYS_ADMIN)

struct at_ckey {
	struct at_who who;
	unsigned int class_id;
	unsigned int pad;
};

/*
 * The overflow map's key: where the counts of callers that found the
 * counters map full go, per algorithm class and privilege (the ENOENT split
 * needs it); the identity is given up.
 */
struct at_okey {
	unsigned int class_id;
	unsigned int caps;
};

/* Exact counters, updated with atomic adds. */
enum at_counter {
	C_SOCKETS,		/* socket() on family 38 that succeeded */
	C_SOCKET_FAIL,		/* ... that failed with anything but EAFNOSUPPORT */
	C_DENIED,		/* ... that failed with EAFNOSUPPORT (knob or no AF_ALG) */
	C_BINDS,		/* tfm sockets bound to this class */
	C_BIND_FAIL,		/* every failed bind, ENOENT included */
	/*
	 * Of C_BIND_FAIL, the ENOENT ones.  With the series' af_alg_bind
	 * tracepoint the kernel's verdict splits them (refused by the
	 * restriction or not); without it, the restriction level when the
	 * bind returned (as the loader last read it) does, and the loader
	 * applies the allowlists.
	 */
	C_BIND_DENIED,		/* tracepoint: refused by the restriction */
	C_BIND_NOTFOUND,	/* tracepoint: not refused by it */
	C_BIND_ENOENT_L0,	/* no verdict; level 0 at the time */
	C_BIND_ENOENT_L1,	/* no verdict; level 1 */
	C_BIND_ENOENT_L2,	/* no verdict; level 2 (a socket created before) */
	C_BIND_ENOENT_LX,	/* no verdict and no knob: not the restriction */
	C_SETOPTS,		/* successful SOL_ALG setsockopt (key, authsize, ...) */
	C_SETOPT_FAIL,
	C_OPSOCKS,		/* op sockets: successful accept/accept4 */
	C_ACCEPT_FAIL,
	C_SEND_OPS,		/* sendmsg-level operations with ret >= 0 */
	C_SEND_BYTES,
	C_SEND_FAIL,
	C_RECV_OPS,
	C_RECV_BYTES,
	C_RECV_FAIL,
	C_NR
};

struct at_cval {
	unsigned long long c[C_NR];
};

/* Global statistics (per-CPU array, summed by the loader). */
enum at_stat {
	S_LOST_EVENTS,		/* ring buffer full: event not delivered */
	S_LOST_PROCS,		/* ... of which process-identity records */
	S_COUNTER_FULL,		/* counter and overflow maps full: counts were not recorded */
	S_COUNTER_FOLDED,	/* counter map full: counts added to the overflow map */
	S_CLASS_FULL,		/* class map full: class recorded as unknown */
	S_TFM_FULL,		/* tfm map full: socket's class not remembered */
	S_INFLIGHT_FULL,	/* syscall entry state not stored */
	S_NR
};

enum at_event_kind {
	EV_PROC = 1,		/* identity record for a (tgid, uid, cgroup, exe) */
	EV_SOCKET,		/* socket()/socketpair()/io_uring socket */
	EV_BIND,
	EV_SETSOCKOPT,
	EV_ACCEPT,
	EV_SEND,		/* only with --ops */
	EV_RECV,		/* only with --ops */
	EV_SERIES,		/* the kernel series' own af_alg tracepoint */
};

/* Where a socket-lifecycle event was seen. */
enum at_source {
	SRC_SYSCALL = 1,	/* syscall tracepoints */
	SRC_FENTRY,		/* fentry/fexit on the af_alg function */
	SRC_KPROBE,		/* kprobe/kretprobe on the af_alg function */
	SRC_IOURING,		/* io_uring (__sys_socket_file) */
	SRC_SOCKETPAIR,		/* socketpair(2) */
	SRC_SOCKTP,		/* sock:sock_{send,recv}_length */
	SRC_SERIES,		/* the series' tracepoint */
};

struct at_event {
	unsigned int kind;
	unsigned int source;
	unsigned long long ts_ns;	/* CLOCK_MONOTONIC (bpf_ktime_get_ns) */
	struct at_who who;
	unsigned int pid;		/* thread id */
	unsigned int class_id;
	long long ret;			/* syscall/function result */
	unsigned long long tfm_id;	/* tracer's id of the tfm socket (0: none) */
	int sock_type;			/* socket(): type argument */
	int protocol;			/* socket(): protocol argument */
	int optname;			/* setsockopt: ALG_SET_* */
	int optlen;			/* setsockopt: key length / authsize, never key bytes */
	int flags;			/* accept4, send, recv: the call's flags */
	int enoent_reason;		/* bind: the ENOENT counter (C_BIND_*) or 0 */
	int series_slot;		/* EV_SERIES: which series tracepoint */
	int series_mode;		/* EV_SERIES: its mode (knob) field */
	int series_denied;		/* EV_SERIES: its denied field */
	int pad;
	struct at_class cls;		/* bind/setsockopt/accept: the class */
};

/*
 * Identity record, emitted once per (tgid, uid, cgroup, exe) seen.  Paths
 * come as components, leaf first (exe[0] is the file name), the way the
 * kernel walks them; the loader joins them.
 */
struct at_proc {
	unsigned int kind;		/* EV_PROC */
	unsigned int ppid;
	unsigned long long ts_ns;
	struct at_who who;
	unsigned int pidns;
	unsigned int mntns;
	unsigned int exe_n;		/* components in exe[] */
	unsigned int cg_n;
	unsigned int exe_trunc;		/* deeper than AT_EXE_DEPTH, or a long name */
	unsigned int cg_trunc;
	char comm[AT_COMM_LEN];
	char exe[AT_EXE_DEPTH][AT_COMP_LEN];
	char cgroup[AT_CG_DEPTH][AT_COMP_LEN];
};

/* A series tracepoint slot: where its fields are (from its format file). */
#define AT_SERIES_SLOTS		4
struct at_series_cfg {
	int alg_off;		/* -1: none */
	int alg_size;		/* 0: __data_loc */
	int type_off;
	int type_size;
	int mode_off;		/* int-like field: knob mode / decision */
	int mode_size;
	int ret_off;		/* int-like field: error / result */
	int ret_size;
	int denied_off;		/* bool/int field: refused by the knob */
	int denied_size;
	int is_bind;		/* carries type and alg: the bind's verdict */
	int pad;
};

#endif /* AFALG_TRACE_H */
