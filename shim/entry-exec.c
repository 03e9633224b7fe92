// SPDX-License-Identifier: GPL-2.0
/*
 * The exec family: the op sockets the new program inherits move into
 * keepers first (remote.c, afs_remote_exec()), so that the new program
 * finds the same socket (DIVERGENCES.md D2).  A program that has no
 * socket of ours pays one look at an empty table.  execl*() build their
 * argument vector and reach execve() inside libc, past the shim: only
 * the functions below are covered.
 */
#include "entry.h"

EXPORT int execve(const char *path, char *const argv[], char *const envp[])
{
	afs_remote_exec();
	return AFS_REAL(execve)(path, argv, envp);
}

EXPORT int execv(const char *path, char *const argv[])
{
	afs_remote_exec();
	return AFS_REAL(execv)(path, argv);
}

EXPORT int execvp(const char *file, char *const argv[])
{
	afs_remote_exec();
	return AFS_REAL(execvp)(file, argv);
}

EXPORT int execvpe(const char *file, char *const argv[], char *const envp[])
{
	afs_remote_exec();
	return AFS_REAL(execvpe)(file, argv, envp);
}

EXPORT int fexecve(int fd, char *const argv[], char *const envp[])
{
	afs_remote_exec();
	return AFS_REAL(fexecve)(fd, argv, envp);
}

EXPORT int execveat(int dirfd, const char *path, char *const argv[],
		    char *const envp[], int flags)
{
	afs_remote_exec();
	return AFS_REAL(execveat)(dirfd, path, argv, envp, flags);
}
