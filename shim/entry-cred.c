// SPDX-License-Identifier: GPL-2.0
/*
 * The credential calls: set*id() and setgroups().
 *
 * A socket that fork() shared lives in a region every holder can write,
 * and every holder follows the pointers in it (share.c).  That is sound
 * only while the holders are one trust domain: the same program with the
 * same credentials, as parent and child are at fork().  A process that
 * changes its credentials afterwards (a daemon's worker dropping root)
 * leaves that domain, so it lets go of every shared socket first, as
 * close() would, keeping the descriptor numbers: they are the inert
 * placeholders from then on (D1, docs/security.md).  Its fork relatives
 * keep the socket.  A process that shares nothing pays one load.
 */
#include <grp.h>
#include <unistd.h>

#include "entry.h"

/*
 * The call succeeded and this process holds sockets of its fork
 * relatives.  From a signal handler (setuid() and setgid() are
 * async-signal-safe) that interrupted this thread inside a lock of the
 * shim, letting go, which takes the table lock, would wait for the
 * interrupted code forever: it is done when that code releases its last
 * lock, right after the handler returns (R5).
 */
static int after_cred_change(int r)
{
	int saved = errno;

	if (r == 0 && afs_share_any()) {
		if (afs_locks_held_here())
			afs_when_unlocked(afs_share_detach_all);
		else
			afs_share_detach_all();
	}
	errno = saved;
	return r;
}

EXPORT int setuid(uid_t uid)
{
	INIT();
	return after_cred_change(AFS_REAL(setuid)(uid));
}

EXPORT int setgid(gid_t gid)
{
	INIT();
	return after_cred_change(AFS_REAL(setgid)(gid));
}

EXPORT int seteuid(uid_t uid)
{
	INIT();
	return after_cred_change(AFS_REAL(seteuid)(uid));
}

EXPORT int setegid(gid_t gid)
{
	INIT();
	return after_cred_change(AFS_REAL(setegid)(gid));
}

EXPORT int setreuid(uid_t ruid, uid_t euid)
{
	INIT();
	return after_cred_change(AFS_REAL(setreuid)(ruid, euid));
}

EXPORT int setregid(gid_t rgid, gid_t egid)
{
	INIT();
	return after_cred_change(AFS_REAL(setregid)(rgid, egid));
}

EXPORT int setresuid(uid_t ruid, uid_t euid, uid_t suid)
{
	INIT();
	return after_cred_change(AFS_REAL(setresuid)(ruid, euid, suid));
}

EXPORT int setresgid(gid_t rgid, gid_t egid, gid_t sgid)
{
	INIT();
	return after_cred_change(AFS_REAL(setresgid)(rgid, egid, sgid));
}

EXPORT int setgroups(size_t size, const gid_t *list)
{
	INIT();
	return after_cred_change(AFS_REAL(setgroups)(size, list));
}
