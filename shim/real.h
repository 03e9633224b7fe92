/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The real libc functions: what the shim calls for descriptors that are
 * not ours, and for the AF_UNIX placeholders behind ours.  The constructor
 * resolves every one as dlsym(RTLD_NEXT) would (startup.c, nextsym.c);
 * AFS_REAL() also resolves one itself when it is called before that (another library's
 * constructor calling us first).  Not later: most of these are
 * async-signal-safe, and dlsym() takes the dynamic loader's lock, so a
 * first use inside a signal handler could wait for a thread that waits
 * for the interrupted code (docs/security.md R5).  Through dlsym() that
 * kept about 53,000 instructions (63 calls) in every program's start-up
 * (callgrind, /bin/true; docs/perf.md); nextsym.c does the same lookups
 * without it.
 */
#ifndef AFALG_SHIM_REAL_H
#define AFALG_SHIM_REAL_H

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/uio.h>

#include "base.h"

/* Every libc function the shim interposes or calls past itself. */
#define AFS_REAL_FUNCS(X)						\
	X(socket) X(socketpair) X(bind) X(connect) X(listen) X(accept)	\
	X(accept4) X(getsockname) X(getpeername) X(shutdown)		\
	X(getsockopt) X(setsockopt)					\
	X(send) X(sendto) X(sendmsg) X(sendmmsg) X(write) X(writev)	\
	X(pwritev2) X(recv) X(recvfrom) X(recvmsg) X(recvmmsg) X(read)	\
	X(readv) X(preadv2) X(pread)					\
	X(close) X(close_range) X(closefrom) X(dup) X(dup2) X(dup3)	\
	X(fcntl) X(ioctl) X(poll) X(ppoll) X(select) X(pselect)		\
	X(sendfile) X(splice) X(syscall) X(fdopen) X(fclose) X(vdprintf)	\
	X(epoll_ctl) X(setuid) X(setgid) X(seteuid) X(setegid)	\
	X(execve) X(execv) X(execvp) X(execvpe) X(fexecve) X(execveat)	\
	X(posix_spawn) X(posix_spawnp)					\
	X(setreuid) X(setregid) X(setresuid) X(setresgid) X(setgroups)

/* the resolved functions, NULL until their first use */
struct afs_real {
#define AFS_REAL_FIELD(f) __typeof__(f) *f;
	AFS_REAL_FUNCS(AFS_REAL_FIELD)
#undef AFS_REAL_FIELD
};
extern AFS_HIDDEN struct afs_real afs_real;

/*
 * dlsym(RTLD_NEXT, name) for @n names ("a\0b\0...") into @slots, where it
 * can answer exactly and cheaply (nextsym.c); the rest stay NULL.
 */
AFS_HIDDEN void afs_next_resolve(const char *names, void **slots,
				 unsigned int n);

/* dlsym(RTLD_NEXT, @name) into *@slot (NULL when libc lacks it); keeps errno */
AFS_HIDDEN void *afs_real_resolve(void **slot, const char *name);

/*
 * AFS_REAL(read) is the real read(), with read()'s own type, and so on.
 * AFS_REAL_IN(tab, f): the same from struct @tab of one file, for the
 * functions no signal handler may call (system(), popen(), ...), which
 * are resolved at their first use and cost start-up nothing.
 */
#define AFS_REAL_IN(tab, f) ((__typeof__((tab).f))({			\
	void *p_ = __atomic_load_n((void **)&(tab).f, __ATOMIC_RELAXED); \
	__builtin_expect(p_ != NULL, 1) ? p_ :				\
		afs_real_resolve((void **)&(tab).f, #f);		\
}))
#define AFS_REAL(f) AFS_REAL_IN(afs_real, f)

/* Read the configuration, once; keeps errno. */
AFS_HIDDEN void afs_resolve_real(void);
extern AFS_HIDDEN bool afs_configured;

/*
 * The first socket of ours is about to enter the descriptor table: from
 * now on fork() must see it (the atfork handlers), and a vfork() child
 * must be told apart from this process.
 */
AFS_HIDDEN void afs_startup_sockets(void);

/*
 * True in a child made by vfork(): it shares our memory but has its own
 * descriptor table, which the shim's table does not describe.
 */
AFS_HIDDEN bool afs_vfork_child(void);

/*
 * fork.c's handlers, which afs_startup_sockets() registers with
 * pthread_atfork() (a reference to the top layer, not a call); the child's
 * tells afs_startup_forked() that this is the process the table describes.
 */
AFS_HIDDEN void afs_fork_prepare(void);
AFS_HIDDEN void afs_fork_parent(void);
AFS_HIDDEN void afs_fork_child(void);
AFS_HIDDEN void afs_startup_forked(void);

#endif /* AFALG_SHIM_REAL_H */
