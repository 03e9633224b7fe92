/* SPDX-License-Identifier: GPL-2.0 */
/*
 * share.c: one socket across processes.  A socket is private to its
 * process until fork() copies the descriptor table; then its state moves
 * into a MAP_SHARED region with a robust process-shared lock, and sleepers
 * wait on a futex word in it (the lock and the word: sync.h).  The socket
 * core lets go of a shared socket through the region's struct
 * afs_share_ops.
 */
#ifndef AFALG_SHIM_SHARE_H
#define AFALG_SHIM_SHARE_H

#include "types.h"

/* set*id(), setgroups(): this process lets go of the sockets fork() shared */
AFS_HIDDEN void afs_share_detach_all(void);
AFS_HIDDEN bool afs_share_any(void);
/* fork()'s prepare handler, table locked: every socket of it is shared */
AFS_HIDDEN void afs_share_all_locked(void);
/* and in the child: one more process holds every region */
AFS_HIDDEN void afs_share_atfork_child(void);

#endif /* AFALG_SHIM_SHARE_H */
