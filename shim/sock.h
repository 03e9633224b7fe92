/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The socket core: a socket object's lifetime, the tfm socket and the
 * rules every op socket shares (sock.c), the message path of every socket
 * (sock-msg.c), the usage log (log.c) and, in fallback mode, taking over
 * a socket the kernel refused (takeover.c).  The types above it (types.h)
 * are reached through their struct afs_type_ops, NETLINK_CRYPTO and a
 * keeper's sockets through their struct afs_kind_ops, a shared region
 * through its struct afs_share_ops.
 */
#ifndef AFALG_SHIM_SOCK_H
#define AFALG_SHIM_SOCK_H

#include "fdtable.h"

/* sock.c: the objects */
AFS_HIDDEN struct afs_sock *afs_get(int fd);	/* +1 ref, or NULL */
AFS_HIDDEN void afs_put(struct afs_sock *s);
AFS_HIDDEN struct afs_sock *afs_sock_alloc(enum afs_kind kind);
/* after fork(), in the child: the locks other threads held, made anew */
AFS_HIDDEN void afs_sock_atfork_child(void);

/* lock_sock(), release_sock() and the socket's sleeps (sync.h) */
static inline void afs_lock(struct afs_sock *s)
{
	afs_sklock_lock(&s->lk);
}

static inline void afs_unlock(struct afs_sock *s)
{
	afs_sklock_unlock(&s->lk);
}

static inline int afs_wait(struct afs_sock *s)
{
	return afs_sklock_wait(&s->lk);
}

static inline void afs_wake(struct afs_sock *s)
{
	afs_sklock_wake(&s->lk);
}

/*
 * Whether op socket @s is still a nokey child: one flag for every process
 * once shared (s->nokey is then this process's hint, true until the
 * locked check reads the shared flag).  Caller holds the lock.
 */
static inline bool *afs_nokey_slot(struct afs_sock *s)
{
	return s->sh ? s->sh_nokey : &s->nokey;
}

/* sock.c */
AFS_HIDDEN int afs_sock_create(int type, int protocol);
AFS_HIDDEN int afs_sock_open(enum afs_kind kind,
			     const struct afs_kind_ops *kops, int sotype,
			     int flags, int fd_type,
			     int (*setup)(struct afs_sock *s));
AFS_HIDDEN int afs_bind(struct afs_sock *s, const void *addr, unsigned int len);
AFS_HIDDEN int afs_setsockopt(struct afs_sock *s, int level, int name,
			      const void *val, unsigned int len);
AFS_HIDDEN int afs_getsockopt(struct afs_sock *s, int fd, int level, int name,
			      void *val, unsigned int *len);
AFS_HIDDEN int afs_accept(struct afs_sock *s, int sfd, void *addr, unsigned int *alen,
			  int flags);
AFS_HIDDEN void afs_sock_release(struct afs_sock *s);
AFS_HIDDEN void afs_sock_bufs_update(struct afs_sock *s, int fd);
AFS_HIDDEN int afs_check_key(struct afs_sock *s);
AFS_HIDDEN int afs_new_child(struct afs_sock *parent, struct afs_sock **out);

/* sock-msg.c */
AFS_HIDDEN ssize_t afs_sendmsg(struct afs_sock *s, int fd,
			       const struct msghdr *msg, int flags);
AFS_HIDDEN ssize_t afs_recvmsg(struct afs_sock *s, int fd, struct msghdr *msg,
			       int flags);
AFS_HIDDEN int afs_poll_mask(struct afs_sock *s);
AFS_HIDDEN bool afs_nonblock(int fd);

/* sock-msg.c, for the per-type machines: af_alg_cmsg_send(), iovecs. */
struct afs_control {
	const uint8_t *iv;
	unsigned int ivlen;
	bool has_iv;
	uint32_t op;
	uint32_t assoclen;
	bool init;
};
AFS_HIDDEN int afs_cmsg_parse(const struct msghdr *msg, struct afs_control *c);
AFS_HIDDEN size_t afs_iov_total(const struct iovec *iov, size_t n);
AFS_HIDDEN size_t afs_copy_to_iov(const struct iovec *iov, size_t n,
				  size_t skip, const uint8_t *src, size_t len);

/*
 * The op-socket types (types.h): the socket core reaches them only
 * through these operations.
 */
extern AFS_HIDDEN const struct afs_type_ops afs_hash_type;
extern AFS_HIDDEN const struct afs_type_ops afs_skcipher_type;
extern AFS_HIDDEN const struct afs_type_ops afs_aead_type;
extern AFS_HIDDEN const struct afs_type_ops afs_rng_type;

/* takeover.c: fallback mode serving a socket the kernel refused */
#define AFS_REASON_SOCKET "socket-eafnosupport"
#define AFS_REASON_BIND "bind-enoent"
AFS_HIDDEN int afs_takeover_bind(int fd, const void *addr, unsigned int len,
				 ino_t ino);

/* log.c: AFALG_SHIM_LOG usage log, once per tfm */
AFS_HIDDEN void afs_log_tfm(const struct afs_sock *tfm);
/* first use of an op socket's tfm: write its log record once */
AFS_HIDDEN void afs_note_use(struct afs_sock *op);
/* a divergence (DIVERGENCES.md) seen where it happens, logged once */
AFS_HIDDEN void afs_log_divergence(const char *id, const char *what);

#endif /* AFALG_SHIM_SOCK_H */
