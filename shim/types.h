/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The socket types: one op-socket state machine per AF_ALG type (hash.c,
 * skcipher.c, aead.c, rng.c, after the kernel's algif_*.c; the TX queue
 * skcipher and aead share, txq.c and txq.h) and NETLINK_CRYPTO
 * (netlink.c).  Each is handed to the socket core as operations: a
 * struct afs_type_ops (sock.h), struct afs_kind_ops for netlink.
 */
#ifndef AFALG_SHIM_TYPES_H
#define AFALG_SHIM_TYPES_H

#include "sock.h"

/* netlink.c */
AFS_HIDDEN int afs_nl_create(int type, int flags);
AFS_HIDDEN int afs_nl_getsockname(struct afs_sock *s, void *addr,
				  unsigned int *len);
/* exposed for the fuzz harness: process one request buffer */
AFS_HIDDEN int afs_nl_process(struct afs_sock *s, const uint8_t *buf,
			      size_t len);

#endif /* AFALG_SHIM_TYPES_H */
