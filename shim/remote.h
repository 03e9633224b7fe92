/* SPDX-License-Identifier: GPL-2.0 */
#ifndef AFALG_SHIM_REMOTE_H
#define AFALG_SHIM_REMOTE_H

#include "share.h"

/*
 * remote.c: sockets a keeper holds (docs/security.md, "The keeper").
 * afs_remote_move(): before descriptor @fd of ours crosses a process
 * boundary, its state moves into a new keeper and @fd (and every other
 * number naming the same socket) becomes the stand-in; 0, or -errno and
 * nothing changed.  afs_remote_adopt(): a call on @fd, not ours, failed
 * with ENOTCONN: if the kernel's metadata says it is a keeper's stand-in,
 * connect to the keeper and return the socket (+1 ref); NULL otherwise,
 * errno kept.
 */
AFS_HIDDEN int afs_remote_move(int fd);
/* execve() and its family: the inherited op sockets move into keepers */
AFS_HIDDEN void afs_remote_exec(void);
/*
 * posix_spawn(), system(), popen(): the same, and the caller shares them
 * through the keeper; also the @nhanded numbers at @handed, close-on-exec
 * or not, which posix_spawn() file actions dup2() into the child
 */
AFS_HIDDEN void afs_remote_spawn(const int *handed, int nhanded);
/*
 * fork(), before the table lock: the idle op sockets move into keepers,
 * and this process holds them through their keepers
 */
AFS_HIDDEN void afs_remote_fork(void);
AFS_HIDDEN struct afs_sock *afs_remote_adopt(int fd);
/*
 * @len, the length of a name the kernel reported for a socket (it may
 * exceed what the caller's buffer took), is a stand-in name's: the cheap
 * test before afs_remote_adopt() asks the name again
 */
AFS_HIDDEN bool afs_remote_name_len(unsigned int len);
AFS_HIDDEN void afs_remote_atfork_child(struct afs_sock *s);

#endif /* AFALG_SHIM_REMOTE_H */
