/* SPDX-License-Identifier: GPL-2.0 */
/* The TX queue shared by skcipher and aead op sockets (txq.c). */
#ifndef AFALG_SHIM_TXQ_H
#define AFALG_SHIM_TXQ_H

#include "types.h"

struct afs_txq {
	uint8_t *buf;		/* queued data: buf[head .. head+used) */
	size_t head, used, cap;
	size_t merge;		/* fill of the last TX page (ctx->merge) */
	uint8_t *iv;		/* the socket IV, persistent */
	unsigned int ivsize;
	uint32_t assoclen;
	bool more, init, enc, write;
	bool fixed;		/* buf is in a shared region: cap never grows */
	pid_t writer;		/* process of the sendmsg that set @write */
};

/* one step of a type's recvmsg: bytes produced, 0 to stop, or -errno */
typedef ssize_t (*afs_txq_step_fn)(struct afs_sock *s, struct msghdr *msg,
				   size_t done, int flags);

AFS_HIDDEN int afs_txq_init_child(struct afs_sock *c);
AFS_HIDDEN void afs_txq_free_child(struct afs_sock *c);
AFS_HIDDEN size_t afs_txq_share_size(struct afs_sock *c);
AFS_HIDDEN void afs_txq_share_move(struct afs_sock *c, void *mem,
				   size_t size);
AFS_HIDDEN bool afs_txq_movable(struct afs_sock *c);
AFS_HIDDEN size_t afs_txq_export(struct afs_sock *c, uint8_t *buf, size_t cap);
AFS_HIDDEN int afs_txq_import(struct afs_sock *c, const uint8_t *buf,
			      size_t len);
AFS_HIDDEN ssize_t afs_txq_sendmsg(struct afs_sock *s,
				   const struct msghdr *msg, size_t size,
				   int flags);
AFS_HIDDEN ssize_t afs_txq_recvmsg(struct afs_sock *s, struct msghdr *msg,
				   size_t size, int flags,
				   afs_txq_step_fn step);
AFS_HIDDEN void afs_txq_pull(struct afs_txq *st, size_t n);
AFS_HIDDEN int afs_txq_wait(struct afs_sock *s, int flags, size_t min);
AFS_HIDDEN int afs_txq_poll(struct afs_sock *s);
AFS_HIDDEN size_t afs_rcvbuf_limit(const struct afs_sock *s);
AFS_HIDDEN uint8_t *afs_iov_direct(const struct msghdr *msg, size_t skip,
				   size_t len);

#endif
