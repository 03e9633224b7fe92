// SPDX-License-Identifier: GPL-2.0
/*
 * The exec family: the op sockets the new program inherits move into
 * keepers first (remote.c, afs_remote_exec()), so that the new program
 * finds the same socket (DIVERGENCES.md D2).  A program that has no
 * socket of ours pays one look at an empty table.
 *
 * The execl*() functions are here too: glibc's build their argument
 * vector and call execve() inside libc, past the shim.  Ours build it the
 * same way and call the real execve()/execvp(), after the same move.
 *
 * posix_spawn() and posix_spawnp() exec in a child the shim runs no code
 * in: the sockets move in the caller first, so that the caller and the
 * new program hold the one keeper-held socket, as they would hold the
 * kernel's (docs/security.md, "exec").
 */
#include <limits.h>
#include <stdarg.h>

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

EXPORT int posix_spawn(pid_t *pid, const char *path,
			const posix_spawn_file_actions_t *actions,
			const posix_spawnattr_t *attr, char *const argv[],
			char *const envp[])
{
	afs_remote_spawn();
	return AFS_REAL(posix_spawn)(pid, path, actions, attr, argv, envp);
}

EXPORT int posix_spawnp(pid_t *pid, const char *file,
			const posix_spawn_file_actions_t *actions,
			const posix_spawnattr_t *attr, char *const argv[],
			char *const envp[])
{
	afs_remote_spawn();
	return AFS_REAL(posix_spawnp)(pid, file, actions, attr, argv, envp);
}

/* ------------------------------------------------------------------ */
/* execl(), execle(), execlp()                                         */

/*
 * The most argument pointers an exec can take: the kernel refuses with
 * E2BIG when the argument and environment pointers alone reach 3/4 of
 * _STK_LIM (6 MiB; fs/exec.c, bprm_stack_limits()), whatever the stack
 * limit.  A longer list fails here with the kernel's answer before any
 * stack is used for it, and every list the kernel could take is built.
 */
#define AFS_EXEC_MAX_ARGS	((size_t)6 * 1024 * 1024 / sizeof(char *))

/*
 * The arguments after the first up to the terminating NULL: how many
 * there are with the first (the NULL not counted), or 0 when they are
 * more than AFS_EXEC_MAX_ARGS.
 */
static size_t count_args(va_list ap)
{
	size_t n = 1;

	while (va_arg(ap, const char *)) {
		if (++n > AFS_EXEC_MAX_ARGS)
			return 0;
	}
	return n;
}

enum exec_list_how {
	EXEC_ENVIRON,	/* execl(): execve() with environ */
	EXEC_ENVP,	/* execle(): the environment after the NULL */
	EXEC_PATH,	/* execlp(): execvp(), the PATH search */
};

/*
 * execl*() with @ap positioned after @arg0.  The vector is on the stack,
 * as glibc's execl() builds it: these functions are async-signal-safe and
 * may run in a vfork() child, so nothing is allocated.
 */
static int exec_list(enum exec_list_how how, const char *path,
		     const char *arg0, va_list ap)
{
	char *const *envp = environ;
	va_list counting;
	size_t n, i;

	va_copy(counting, ap);
	n = count_args(counting);
	va_end(counting);
	if (!n) {
		errno = E2BIG;
		return -1;
	}
	{
		char *argv[n + 1];

		argv[0] = (char *)arg0;
		for (i = 1; i <= n; i++)
			argv[i] = va_arg(ap, char *);	/* argv[n]: the NULL */
		if (how == EXEC_ENVP)
			envp = va_arg(ap, char *const *);
		afs_remote_exec();
		if (how == EXEC_PATH)
			return AFS_REAL(execvp)(path, argv);
		return AFS_REAL(execve)(path, argv, envp);
	}
}

/* execl(), execle(), execlp(): the list after @arg handed to exec_list() */
#define AFS_EXEC_LIST(name, how)					\
EXPORT int name(const char *path, const char *arg, ...)		\
{									\
	va_list ap;							\
	int r;								\
									\
	va_start(ap, arg);						\
	r = exec_list(how, path, arg, ap);				\
	va_end(ap);							\
	return r;							\
}

AFS_EXEC_LIST(execl, EXEC_ENVIRON)
AFS_EXEC_LIST(execle, EXEC_ENVP)
AFS_EXEC_LIST(execlp, EXEC_PATH)
