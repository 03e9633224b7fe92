// SPDX-License-Identifier: GPL-2.0
/*
 * Start-up: the real libc functions and the configuration.
 *
 * A constructor (or the first interposed call, whichever runs first)
 * resolves every real function as dlsym(RTLD_NEXT) would (real.h says
 * why not at first use) and reads the environment (AFALG_SHIM,
 * AFALG_SHIM_LOG).  The rest waits for its first use, as the shim is
 * preloaded into every program: the kernel limit the shim copies
 * (net.core.optmem_max), and the fork handlers that keep the descriptor
 * table right in a child (registered with the first socket of ours).
 */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "real.h"

AFS_STARTUP_DATA struct afs_real afs_real;
AFS_STARTUP_DATA bool afs_configured;

static AFS_STARTUP_DATA enum afs_mode mode = AFS_MODE_ALWAYS;
static AFS_STARTUP_DATA const char *log_dest;
static unsigned int optmem_max = 131072;
static AFS_STARTUP_DATA pthread_once_t init_once = PTHREAD_ONCE_INIT;

enum afs_mode afs_mode(void)
{
	return mode;
}

const char *afs_log_dest(void)
{
	return log_dest;
}

/*
 * The process the descriptor table describes.  A child made by vfork()
 * (Python's subprocess, posix_spawn()-like helpers) shares our memory but
 * has its own descriptor table, and closes or dups descriptors before
 * exec: those calls must reach the kernel without editing the parent's
 * table.  Such a child is recognised by a pid the atfork handler has not
 * seen (fork() runs it, vfork() does not).
 */
static pid_t table_pid;

void afs_startup_forked(void)
{
	table_pid = getpid();
}

bool afs_vfork_child(void)
{
	return getpid() != table_pid;
}

/* net.core.optmem_max, which caps the kernel's sock_kmalloc() */
static void read_optmem_max(void)
{
	char buf[32];
	ssize_t n;
	int fd;

	fd = open("/proc/sys/net/core/optmem_max", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = AFS_REAL(read)(fd, buf, sizeof(buf) - 1);
	if (n > 0) {
		buf[n] = 0;
		if (atoi(buf) > 0)
			optmem_max = (unsigned int)atoi(buf);
	}
	AFS_REAL(close)(fd);
}

/* read when a control message is first checked against it */
unsigned int afs_optmem_max(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, read_optmem_max);
	return optmem_max;
}

AFS_STARTUP_CODE void *afs_real_resolve(void **slot, const char *name)
{
	int saved = errno;
	void *p = dlsym(RTLD_NEXT, name);

	__atomic_store_n(slot, p, __ATOMIC_RELAXED);
	errno = saved;
	return p;
}

static void register_fork_handlers(void)
{
	table_pid = getpid();
	pthread_atfork(afs_fork_prepare, afs_fork_parent, afs_fork_child);
}

void afs_startup_sockets(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, register_fork_handlers);
}

/*
 * Every real function, as dlsym(RTLD_NEXT) would find it: nextsym.c for
 * those it can answer exactly, dlsym() for the rest.  The names are one
 * string, so that they need no relocation at start-up.
 */
static AFS_STARTUP_CODE void resolve_real_funcs(void)
{
#define AFS_REAL_NAME(f) #f "\0"
	static const char names[] = AFS_REAL_FUNCS(AFS_REAL_NAME);
#undef AFS_REAL_NAME
#define AFS_REAL_ONE(f) + 1
	enum { count = 0 AFS_REAL_FUNCS(AFS_REAL_ONE) };
#undef AFS_REAL_ONE
	void *slot[count] = { NULL };
	const char *name = names;
	unsigned int i;

	afs_next_resolve(names, slot, count);
	for (i = 0; i < count; i++, name += strlen(name) + 1)
		if (!slot[i])
			slot[i] = dlsym(RTLD_NEXT, name);
	/* AFS_REAL() may read a slot meanwhile (another constructor) */
	i = 0;
#define AFS_REAL_STORE(f) \
	__atomic_store_n((void **)&afs_real.f, slot[i++], __ATOMIC_RELAXED);
	AFS_REAL_FUNCS(AFS_REAL_STORE)
#undef AFS_REAL_STORE
}

/*
 * Only what every entry point needs: a program that never uses AF_ALG
 * makes no system call here (the kernel limit and the fork handlers wait
 * for their first use).
 */
static AFS_STARTUP_CODE void do_init(void)
{
	const char *m;

	resolve_real_funcs();

	/*
	 * secure_getenv(): in a set-id program (AT_SECURE) the caller's
	 * environment chooses neither the mode nor a log path.
	 */
	m = secure_getenv("AFALG_SHIM");
	if (m && !strcmp(m, "fallback"))
		mode = AFS_MODE_FALLBACK;
	m = secure_getenv("AFALG_SHIM_LOG");
	if (m && *m)
		log_dest = strdup(m);
	__atomic_store_n(&afs_configured, true, __ATOMIC_RELEASE);
}

AFS_STARTUP_CODE void afs_resolve_real(void)
{
	int saved = errno;

	pthread_once(&init_once, do_init);
	errno = saved;
}

__attribute__((constructor)) static void afs_ctor(void)
{
	afs_resolve_real();
}
