/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the interposed libc functions (entry-socket.c, entry-fd.c) share.
 *
 * Each one asks the fd table whether the descriptor is ours (two atomic
 * loads, no lock) and otherwise calls the real function without touching
 * errno.  For our descriptors it calls the socket layer, which returns
 * >= 0 or -errno, and converts that to the libc convention; errno is left
 * alone on success.
 *
 * Our sockets are real descriptors (AF_UNIX placeholders), so fd numbers
 * never collide, and fstat, fcntl(F_SETFL), SO_SNDBUF, close-on-exec, fork
 * and descriptor passing all operate on something real.
 */
#ifndef AFALG_SHIM_ENTRY_H
#define AFALG_SHIM_ENTRY_H

#include <errno.h>
#include <string.h>

#include "real.h"
#include "remote.h"

/* exported: listed in libafalg-shim.map */
#define EXPORT __attribute__((visibility("default")))

/*
 * The configuration is read before anything of ours runs (a constructor
 * of another library may call us before our own constructor has run);
 * the real functions resolve themselves (AFS_REAL()).
 */
#define INIT() do { if (__builtin_expect(!afs_configured, 0)) afs_resolve_real(); } while (0)

/* -errno/value -> libc convention, errno untouched on success */
static inline long afs_ret(long r)
{
	if (r < 0) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

/* The msghdr of one buffer, as send()/recv() build it for ->sendmsg(). */
static inline void afs_msg_one(struct msghdr *m, struct iovec *v,
			       const void *buf, size_t len)
{
	v->iov_base = (void *)buf;
	v->iov_len = len;
	memset(m, 0, sizeof(*m));
	m->msg_iov = v;
	m->msg_iovlen = 1;
}

/*
 * A call on descriptor @fd, not ours, returned @r: when that is ENOTCONN,
 * @fd may be a keeper's stand-in this process meets for the first time,
 * and then @s is its socket (remote.c).  Any other result costs one
 * comparison.
 */
#define AFS_STANDIN(r, fd, s)						\
	(__builtin_expect((r) < 0, 0) && errno == ENOTCONN &&		\
	 ((s) = afs_remote_adopt(fd)) != NULL)

/* fork.c: after fork(), in the child, the state of every layer made right */
AFS_HIDDEN void afs_atfork_child(void);

/* glibc's _FORTIFY_SOURCE failure: the *_chk variants call it */
extern void __chk_fail(void) __attribute__((noreturn));

#endif /* AFALG_SHIM_ENTRY_H */
