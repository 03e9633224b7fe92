// SPDX-License-Identifier: GPL-2.0
/*
 * Running a new program: the kernel's AF_ALG descriptors survive execve()
 * unless close-on-exec, and keep working in the new program.  Ours are
 * AF_UNIX placeholders whose state lives in this address space, so before
 * the program is replaced every socket becomes shared and its placeholder
 * carries its region (share.c, as fork() does); the new program's shim
 * adopts what it inherited at start (startup.c).
 *
 * glibc's exec*() and posix_spawn*() reach execve() inside libc, past any
 * interposition, so each is interposed here.  A child made by vfork()
 * shares our memory and must not edit our table (other threads of the
 * parent run on): its exec only passes on, and vfork() itself shares the
 * sockets in the parent first, as posix_spawn() does before its own
 * vfork-like child (Python's subprocess, for one, runs vfork() and
 * execve()).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>

#include "entry.h"

/*
 * In a vfork() child, which runs the new program with our descriptors, the
 * child only counts itself as a holder of the sockets the parent shared
 * before vfork(), so that the parent's close before the new program
 * adopts them does not release them.
 */
static void before_exec(void)
{
	INIT();
	if (afs_vfork_child())
		afs_share_hold_all(getpid());
	else
		afs_share_for_exec(true);
}

/*
 * Before a child that runs a new program (vfork(), posix_spawn()): its
 * descriptors are not ours to read (file actions, a child that clears
 * close-on-exec), so every socket is shared.
 */
static void before_spawn(void)
{
	INIT();
	if (!afs_vfork_child())
		afs_share_for_exec(false);
}

EXPORT int execve(const char *path, char *const argv[], char *const envp[])
{
	before_exec();
	return afs_real.execve(path, argv, envp);
}

EXPORT int execv(const char *path, char *const argv[])
{
	before_exec();
	return afs_real.execv(path, argv);
}

EXPORT int execvp(const char *file, char *const argv[])
{
	before_exec();
	return afs_real.execvp(file, argv);
}

EXPORT int execvpe(const char *file, char *const argv[], char *const envp[])
{
	before_exec();
	return afs_real.execvpe(file, argv, envp);
}

EXPORT int fexecve(int fd, char *const argv[], char *const envp[])
{
	before_exec();
	return afs_real.fexecve(fd, argv, envp);
}

/*
 * execl(), execle(), execlp(): their argument lists as an argv, then the
 * v variant above.  @envp: execle()'s environment, read after the NULL.
 */
static char **list_argv(const char *arg, va_list ap, char ***envp)
{
	va_list c;
	size_t n = 1, i;
	char **v;

	va_copy(c, ap);
	while (va_arg(c, char *))
		n++;
	va_end(c);
	v = malloc((n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	v[0] = (char *)arg;
	for (i = 1; i <= n; i++)
		v[i] = va_arg(ap, char *);
	if (envp)
		*envp = va_arg(ap, char **);
	return v;
}

typedef int exec_fn(const char *, char *const *, char *const *);

/*
 * execl(), execle(), execlp(): @fn (execv(), execve(), execvp() as
 * exec_fn) on the argument list @arg, @ap; @with_env: execle(), whose
 * environment follows the list's NULL.
 */
static int exec_list(exec_fn *fn, const char *p, const char *arg,
		     va_list ap, bool with_env)
{
	char **v, **envp = NULL;
	int r;

	v = list_argv(arg, ap, with_env ? &envp : NULL);
	if (!v) {
		errno = ENOMEM;
		return -1;
	}
	r = fn(p, v, envp);
	free(v);
	return r;
}

static int execv_(const char *path, char *const *v, char *const *envp)
{
	(void)envp;
	return execv(path, v);
}

static int execvp_(const char *file, char *const *v, char *const *envp)
{
	(void)envp;
	return execvp(file, v);
}

/* execl(), execlp(), execle(): the argument list to exec_list() */
#define EXEC_LIST(name, fn, with_env)					\
EXPORT int name(const char *p, const char *arg, ...)			\
{									\
	va_list ap;							\
	int r;								\
									\
	va_start(ap, arg);						\
	r = exec_list(fn, p, arg, ap, with_env);			\
	va_end(ap);							\
	return r;							\
}

EXEC_LIST(execl, execv_, false)
EXEC_LIST(execlp, execvp_, false)
EXEC_LIST(execle, execve, true)

/* after posix_spawn*() gave @r: the child holds the sockets (before_exec()) */
static int spawned(int r, pid_t child, pid_t *pid)
{
	if (!r) {
		afs_share_hold_all(child);
		if (pid)
			*pid = child;
	}
	return r;
}

/* posix_spawn(), posix_spawnp(): share first, then the child holds */
#define SPAWN(name)							\
EXPORT int name(pid_t *pid, const char *p,				\
		const posix_spawn_file_actions_t *fa,			\
		const posix_spawnattr_t *attr, char *const argv[],	\
		char *const envp[])					\
{									\
	pid_t child;							\
	int r;								\
									\
	before_spawn();							\
	r = afs_real.name(&child, p, fa, attr, argv, envp);		\
	return spawned(r, child, pid);					\
}

SPAWN(posix_spawn)
SPAWN(posix_spawnp)

/*
 * vfork(): the child returns from the real vfork() into our caller's
 * frame, so the wrapper may keep no frame of its own when it calls it.
 * It calls afs_before_vfork(), which shares the sockets and returns the
 * real vfork(), then jumps to it with the stack as it found it.
 */
AFS_HIDDEN void *afs_before_vfork(void);
void *afs_before_vfork(void)
{
	before_spawn();
	return (void *)afs_real.vfork;
}

#if defined(__x86_64__)
__asm__(".text\n"
	".globl vfork\n"
	".type vfork, @function\n"
	"vfork:\n"
	"	endbr64\n"
	"	sub $8, %rsp\n"	/* the call's 16-byte alignment */
	"	call afs_before_vfork\n"
	"	add $8, %rsp\n"
	"	jmp *%rax\n"
	".size vfork, .-vfork\n");
#elif defined(__aarch64__)
__asm__(".text\n"
	".globl vfork\n"
	".type vfork, %function\n"
	"vfork:\n"
	"	stp x29, x30, [sp, #-16]!\n"
	"	mov x29, sp\n"
	"	bl afs_before_vfork\n"
	"	mov x16, x0\n"
	"	ldp x29, x30, [sp], #16\n"
	"	br x16\n"
	".size vfork, .-vfork\n");
#else
#error "vfork() wrapper: no trampoline for this architecture"
#endif
