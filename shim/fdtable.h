/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The socket objects (struct afs_sock: the kernel's struct file and
 * struct socket in one) and the table of the descriptors that are ours
 * (fdtable.c).  An object's lifetime (afs_sock_alloc(), afs_get(),
 * afs_put()) is the socket core's (sock.h).
 */
#ifndef AFALG_SHIM_FDTABLE_H
#define AFALG_SHIM_FDTABLE_H

#include "alg.h"
#include "sync.h"

enum afs_kind {
	AFS_KIND_TFM,		/* socket(AF_ALG): bind/setsockopt/accept */
	AFS_KIND_OP,		/* accept()ed op socket */
	AFS_KIND_NETLINK,	/* socket(AF_NETLINK, ..., NETLINK_CRYPTO) */
	AFS_KIND_REMOTE,	/* an op socket a keeper holds (remote.c) */
};

struct afs_sock;

/* The tfm: algorithm instance + key, shared by a parent and its children. */
struct afs_tfm {
	const struct afs_alg *alg;
	bool need_key;			/* CRYPTO_TFM_NEED_KEY */
	unsigned int authsize;		/* aead */
	unsigned int keylen;		/* last key set, for the log */
	bool keyed, key_by_serial;	/* a key was set; from a keyring */
	bool in_shared;			/* lives in a shared region (share.c) */
	int refcnt;			/* live children (ask->refcnt) */
	int nokey_refcnt;		/* of which nokey */
	pthread_mutex_t rng_lock;	/* rng: children share one DRBG */
	void *ctx;			/* alg->tfm_size bytes */
	/* the last key set, for a keeper (remote.c); never in a region */
	uint8_t *rawkey;
	unsigned int rawkeylen;
};

struct afs_shared;

struct afs_type_ops {
	const char *name;
	/*
	 * The type's part of accept() on a tfm socket (the kernel's
	 * af_alg_type.accept_parent): set up the new op socket's state
	 * (child->st).  Optional.
	 */
	int (*init_child)(struct afs_sock *child);
	/* free what init_child set up (the kernel's sk_destruct) */
	void (*free_child)(struct afs_sock *child);
	/*
	 * Move the op socket's state (child->st) into @mem, @size bytes of
	 * a shared region that never grows (share.c); size() says how many.
	 * NULL: the type has no per-socket state to move.
	 */
	size_t (*share_size)(struct afs_sock *s);
	void (*share_move)(struct afs_sock *s, void *mem, size_t size);
	/* NULL: sendmsg is EOPNOTSUPP */
	ssize_t (*sendmsg)(struct afs_sock *s, const struct msghdr *msg,
			   size_t size, int flags);
	ssize_t (*recvmsg)(struct afs_sock *s, struct msghdr *msg,
			   size_t size, int flags);
	/* poll mask; NULL when the type has no .poll (reports nothing) */
	int (*poll)(struct afs_sock *s);
	/* accept() on an op socket (proto_ops.accept): only hash (clone) */
	int (*accept_op)(struct afs_sock *s, struct afs_sock **child);
	/*
	 * Moving into a keeper (remote.c): whether the state can move now
	 * (NULL: never), and the state that moves with it (the IV):
	 * export() writes at most @cap bytes and returns how many,
	 * import() takes exactly what export() wrote or fails.
	 */
	bool (*movable)(struct afs_sock *s);
	size_t (*export)(struct afs_sock *s, uint8_t *buf, size_t cap);
	int (*import)(struct afs_sock *s, const uint8_t *buf, size_t len);
};

/*
 * A socket that is not AF_ALG's own (NETLINK_CRYPTO, netlink.c; an op
 * socket a keeper holds, remote.c): what the socket core does with it,
 * handed over by its creator as the kernel's proto_ops.
 */
struct afs_kind_ops {
	int (*bind)(struct afs_sock *s, const void *addr, unsigned int len);
	int (*setsockopt)(struct afs_sock *s, int level, int name,
			  const void *val, unsigned int len);
	ssize_t (*msg)(struct afs_sock *s, int fd, struct msghdr *msg,
		       int flags, bool send);
	int (*poll)(struct afs_sock *s);
	/* @addr: the caller asked for the peer's name; flags checked */
	int (*accept)(struct afs_sock *s, int fd, bool addr, int flags);
	void (*release)(struct afs_sock *s);
	/* after fork(), in the child (fork.c) */
	void (*atfork_child)(struct afs_sock *s);
};

/*
 * A socket in a shared region (share.c): letting go of it.  release():
 * true when no other live process holds it (then the caller releases its
 * state as the kernel's last close does); unmap(): this process's view.
 */
struct afs_share_ops {
	bool (*release)(struct afs_sock *s);
	void (*unmap)(struct afs_sock *s);
};

struct afs_hash_state;
struct afs_txq;
struct afs_rng_state;
struct afs_nl_state;
struct afs_remote_buf;

struct afs_sock {
	atomic_int ref;			/* fd table entries + transient users */
	enum afs_kind kind;
	enum afs_type type;
	int fd_type;			/* SOCK_SEQPACKET, SOCK_RAW, ... */
	/*
	 * lock_sock() and the wait queue, private, or the shared region's
	 * once shared (share.c).  Take it with afs_lock(), which follows a
	 * switch.
	 */
	struct afs_sklock lk;
	struct afs_shared *sh;		/* the shared region, or NULL */
	/* set by share.c with @sh: the region's operations, its nokey flag */
	const struct afs_share_ops *share_ops;
	bool *sh_nokey;
	/*
	 * share.c: a copy fork() made in this process without sharing it
	 * (fork() from a signal handler inside a shim lock, no memory for
	 * a region): the parent's state, let go of at a credential change
	 */
	bool fork_copy;
	struct afs_sock *free_next;

	/* AFS_KIND_TFM */
	struct afs_tfm *tfm;		/* NULL until bound */
	struct afs_tfm *tfm_moved;	/* the private tfm before sharing */
	atomic_bool logged;		/* usage log written for this tfm */
	const char *reason;		/* why fallback mode serves it, or NULL */

	/* AFS_KIND_OP */
	struct afs_sock *parent;
	bool nokey;			/* child accepted while NEED_KEY */
	const struct afs_type_ops *ops;
	/* AFS_KIND_NETLINK, AFS_KIND_REMOTE: set by the creator */
	const struct afs_kind_ops *kops;
	int sndbuf, rcvbuf;		/* SO_SNDBUF/SO_RCVBUF as the kernel sees them */
	union {
		struct afs_hash_state *hash;
		struct afs_txq *txq;
		struct afs_rng_state *rng;
		struct afs_nl_state *nl;
		struct afs_remote_buf *remote;
	} st;

	/* AFS_KIND_REMOTE: this process's connection to the keeper */
	int chan;			/* -1 after fork(): made again */
	pid_t keeper;			/* its pid, checked at every connect */
};

/* fdtable.c */
AFS_HIDDEN bool afs_is_ours(int fd);
/* the entry of @fd, no reference taken (NULL: not ours) */
AFS_HIDDEN struct afs_sock *afs_peek(int fd);
AFS_HIDDEN int afs_install(int fd, struct afs_sock *s);	/* takes a ref */
AFS_HIDDEN struct afs_sock *afs_remove(int fd);	/* returns the table's ref */
AFS_HIDDEN void afs_table_lock(void);
AFS_HIDDEN void afs_table_unlock(void);
AFS_HIDDEN struct afs_sock *afs_peek_locked(int fd);
AFS_HIDDEN void afs_set_locked(int fd, struct afs_sock *s);
/* after fork(), in the child: the table's own locks made anew */
AFS_HIDDEN void afs_table_atfork_child(void);
AFS_HIDDEN int afs_max_fd(void);

#endif /* AFALG_SHIM_FDTABLE_H */
