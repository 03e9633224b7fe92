// SPDX-License-Identifier: GPL-2.0
/*
 * fork(): the handlers startup.c registers with pthread_atfork() when the
 * first socket of ours enters the descriptor table.  They sit on top of
 * every layer, as they work on all of them: the table (fdtable.c), the
 * objects (sock.c), the regions (share.c).
 *
 * fork() copies the descriptor table: its idle op sockets move into
 * keepers first (remote.c, afs_remote_fork()), and the sockets that stay
 * become shared through regions (share.c).
 * A fork() from a signal handler that interrupted this thread inside one
 * of the shim's locked sections (a dup() or close() of our socket, a
 * send) cannot wait for that lock: the interrupted code holds it until the
 * handler returns.  Then nothing is shared and the child continues with
 * copies (D1), as when a region cannot be made; nothing is logged, as the
 * log is not async-signal-safe.
 */
#include "entry.h"

static __thread bool prepare_locked
	__attribute__((tls_model("initial-exec")));

void afs_fork_prepare(void)
{
	prepare_locked = !afs_locks_held_here();
	if (prepare_locked) {
		afs_remote_fork();
		afs_table_lock();
		afs_share_all_locked();
	}
	/* the child starts with this thread's registers (wipe.c) */
	afs_wipe_vregs();
}

void afs_fork_parent(void)
{
	if (prepare_locked)
		afs_table_unlock();
}

/*
 * After fork() only the calling thread exists in the child: the locks
 * other threads held are made anew (the table's, the objects'), and one
 * more process holds every shared region.
 */
void afs_atfork_child(void)
{
	afs_table_atfork_child();
	afs_sock_atfork_child();
	afs_share_atfork_child();
}

void afs_fork_child(void)
{
	/* the child's table lock is made anew, not unlocked */
	if (prepare_locked)
		afs_table_unlock();
	afs_atfork_child();
	afs_startup_forked();
}
