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
 * kernel's (docs/security.md, "exec").  glibc's system() and popen()
 * start their shell through its internal posix_spawn(), past the shim:
 * ours make the same move first and call the real function.  A socket
 * made close-on-exec that a file action dup2()s into the child moves
 * too: posix_spawn_file_actions_adddup2() remembers which actions
 * objects name one (glibc's list of actions is private).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

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

/* ------------------------------------------------------------------ */
/* posix_spawn() and its file actions, system(), popen()               */

/*
 * The real functions below are not async-signal-safe: resolved at their
 * first use, so start-up pays nothing for them (real.h).
 */
static struct {
	__typeof__(system) *system;
	__typeof__(popen) *popen;
	__typeof__(posix_spawn_file_actions_init) *posix_spawn_file_actions_init;
	__typeof__(posix_spawn_file_actions_destroy)
		*posix_spawn_file_actions_destroy;
	__typeof__(posix_spawn_file_actions_adddup2)
		*posix_spawn_file_actions_adddup2;
} lazy;

/*
 * The dup2() file actions whose source is an op socket of ours: which
 * actions object (its address, never followed) and which number.  A
 * fixed table, lock-free so that a fork() in another thread cannot leave
 * it locked in the child: a slot is claimed from NULL with a
 * compare-and-swap (HANDED_CLAIMED), filled, then published; a slot a
 * fork() caught while claimed stays so in the child, one slot less.
 * posix_spawn_file_actions_init() and _destroy() forget an object's
 * slots, so an address used again for another object names nothing.
 */
#define HANDED_MAX	32
#define HANDED_CLAIMED	((const void *)1)

static struct {
	const void *actions;	/* atomic: NULL, HANDED_CLAIMED, an object */
	int fd;
} handed[HANDED_MAX];

/* remember that @actions dup2()s @fd into the child: false when full */
static bool handed_add(const void *actions, int fd)
{
	const void *cur;
	int i;

	for (i = 0; i < HANDED_MAX; i++) {
		cur = __atomic_load_n(&handed[i].actions, __ATOMIC_ACQUIRE);
		if (cur == actions && handed[i].fd == fd)
			return true;
	}
	for (i = 0; i < HANDED_MAX; i++) {
		cur = NULL;
		if (!__atomic_compare_exchange_n(&handed[i].actions, &cur,
						 HANDED_CLAIMED, false,
						 __ATOMIC_ACQUIRE,
						 __ATOMIC_RELAXED))
			continue;
		handed[i].fd = fd;
		__atomic_store_n(&handed[i].actions, actions, __ATOMIC_RELEASE);
		return true;
	}
	return false;
}

static void handed_forget(const void *actions)
{
	const void *cur;
	int i;

	/* a look first: most programs have no slot, and pay 32 loads */
	for (i = 0; i < HANDED_MAX; i++) {
		cur = actions;
		if (__atomic_load_n(&handed[i].actions, __ATOMIC_RELAXED) ==
		    actions)
			__atomic_compare_exchange_n(&handed[i].actions, &cur,
						    NULL, false,
						    __ATOMIC_RELEASE,
						    __ATOMIC_RELAXED);
	}
}

/* the numbers @actions dup2()s into the child, into @fds: how many */
static int handed_fds(const void *actions, int *fds)
{
	int i, n = 0;

	if (!actions)
		return 0;
	for (i = 0; i < HANDED_MAX; i++)
		if (__atomic_load_n(&handed[i].actions, __ATOMIC_ACQUIRE) ==
		    actions)
			fds[n++] = handed[i].fd;
	return n;
}

EXPORT int posix_spawn_file_actions_init(posix_spawn_file_actions_t *fa)
{
	handed_forget(fa);
	return AFS_REAL_IN(lazy, posix_spawn_file_actions_init)(fa);
}

EXPORT int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *fa)
{
	handed_forget(fa);
	return AFS_REAL_IN(lazy, posix_spawn_file_actions_destroy)(fa);
}

/* the op socket of ours at @fd, whatever its state, is one (no reference) */
static bool ours_op(int fd)
{
	struct afs_sock *s = afs_get(fd);
	bool op = s && s->kind == AFS_KIND_OP;

	if (s)
		afs_put(s);
	return op;
}

EXPORT int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *fa,
					    int fd, int newfd)
{
	int r = AFS_REAL_IN(lazy, posix_spawn_file_actions_adddup2)(fa, fd,
								     newfd);
	int saved = errno;

	/* no room to remember it: the socket moves now, as it would then */
	if (r == 0 && ours_op(fd) && !handed_add(fa, fd))
		afs_remote_move(fd);
	errno = saved;
	return r;
}

/* a program is about to be started that inherits ours: errno kept */
static void spawn_prepare(const posix_spawn_file_actions_t *actions)
{
	int fds[HANDED_MAX], saved = errno, n;

	n = handed_fds(actions, fds);
	afs_remote_spawn(n ? fds : NULL, n);
	errno = saved;
}

EXPORT int posix_spawn(pid_t *pid, const char *path,
			const posix_spawn_file_actions_t *actions,
			const posix_spawnattr_t *attr, char *const argv[],
			char *const envp[])
{
	spawn_prepare(actions);
	return AFS_REAL(posix_spawn)(pid, path, actions, attr, argv, envp);
}

EXPORT int posix_spawnp(pid_t *pid, const char *file,
			const posix_spawn_file_actions_t *actions,
			const posix_spawnattr_t *attr, char *const argv[],
			char *const envp[])
{
	spawn_prepare(actions);
	return AFS_REAL(posix_spawnp)(pid, file, actions, attr, argv, envp);
}

/*
 * system(NULL) only asks whether a shell exists: nothing of the program
 * is meant for it, so nothing moves.  Return value, errno, and the
 * signal handling around the wait are libc's.
 */
EXPORT int system(const char *command)
{
	if (command)
		spawn_prepare(NULL);
	return AFS_REAL_IN(lazy, system)(command);
}

EXPORT FILE *popen(const char *command, const char *mode)
{
	if (command && mode)
		spawn_prepare(NULL);
	return AFS_REAL_IN(lazy, popen)(command, mode);
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
