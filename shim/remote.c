// SPDX-License-Identifier: GPL-2.0
/*
 * Sockets a keeper holds (docs/security.md, "The keeper").
 *
 * An op socket that is about to cross a process boundary (its descriptor
 * passed with SCM_RIGHTS) moves into a keeper process started for it
 * (keeper.c): the state goes over a socketpair only the creator holds,
 * and every descriptor number of the socket becomes the stand-in, a
 * listening AF_UNIX socket only its keeper can connect to.  A listening
 * SOCK_SEQPACKET socket answers send/recv/read/write with ENOTCONN, so a
 * process that has not met the stand-in yet gets an error from the kernel
 * where the kernel's AF_ALG socket would have answered: only then does
 * the shim look at the descriptor, and only at what the kernel says of
 * it (SO_ACCEPTCONN, SO_DOMAIN, SO_TYPE, the name's prefix, SO_PEERCRED).
 * It then accepts the connection the keeper keeps pending on it (which
 * only a holder of the stand-in can do), checks with SO_PEERCRED that
 * the keeper made it, and from then on the descriptor is ours: every
 * operation is one request and one reply on that connection.  The
 * connection is this process's own: a forked child makes its own.
 *
 * Nothing read from the keeper is a pointer: replies are checked by
 * afk_parse() and their lengths against what was asked.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <sys/wait.h>

#include "keeper-proto.h"
#include "real.h"
#include "remote.h"

#ifndef AFS_KEEPER_PATH
#error "AFS_KEEPER_PATH: the keeper's path, fixed at build time (meson)"
#endif

#define AFS_KEEPER_MS	5000	/* the keeper's answer at start, or a reply */
/*
 * A stand-in's pending connection: the keeper makes the next one within
 * milliseconds of the last being taken.  A descriptor that only looks
 * like a stand-in (a peer can make one) costs the program's call at most
 * this long before it fails as it would have without the shim.
 */
#define AFS_PENDING_MS	1000

/* the buffer every request and reply of a remote socket goes through */
struct afs_remote_buf {
	uint8_t rec[AFK_MAX_RECORD];
};

/* ------------------------------------------------------------------ */
/* records                                                             */

/*
 * The reply on @chan into @buf (@fdp: and the one descriptor it may
 * carry, close-on-exec when @cloexec, else -1): its length, or -errno.
 * Descriptors a reply carries where none is asked for are closed by the
 * kernel (no room for them); more than one, or anything but SCM_RIGHTS,
 * is a reply out of shape.
 */
static ssize_t recv_reply(int chan, uint8_t *buf, int *fdp, bool cloexec)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec v = { buf, AFK_MAX_RECORD };
	struct msghdr mh;
	struct cmsghdr *c;
	ssize_t r;

	if (!fdp)
		return AFS_REAL(recv)(chan, buf, AFK_MAX_RECORD,
				      MSG_TRUNC | MSG_DONTWAIT);
	*fdp = -1;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &v;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof(u.buf);
	r = AFS_REAL(recvmsg)(chan, &mh, MSG_TRUNC | MSG_DONTWAIT |
			      (cloexec ? MSG_CMSG_CLOEXEC : 0));
	if (r < 0)
		return r;
	c = CMSG_FIRSTHDR(&mh);
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
	    c->cmsg_len == CMSG_LEN(sizeof(int)))
		memcpy(fdp, CMSG_DATA(c), sizeof(int));
	if ((c && *fdp < 0) || (mh.msg_flags & MSG_CTRUNC) ||
	    (c && CMSG_NXTHDR(&mh, c))) {
		if (*fdp >= 0)
			AFS_REAL(close)(*fdp);
		*fdp = -1;
		errno = EPROTO;
		return -1;
	}
	return r;
}

/*
 * One request on @chan (header, then @n iovecs) and its reply into @buf:
 * the checked reply in @m, or -errno; @fdp as in recv_reply().  No signal
 * stops the exchange halfway: a request sent is a reply awaited, for @ms
 * at most (a keeper answers at once; something else posing as one does
 * not hold the program longer).  After an error the connection is not
 * used again.
 */
static int exchange_fd(int chan, struct afk_hdr *h, struct iovec *v, int n,
		       uint8_t *buf, struct afk_msg *m, int ms, int *fdp,
		       bool cloexec)
{
	struct iovec iov[3];
	struct msghdr mh;
	ssize_t r;
	int i;

	iov[0].iov_base = h;
	iov[0].iov_len = sizeof(*h);
	for (i = 0; i < n; i++)
		iov[i + 1] = v[i];
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = (size_t)n + 1;
	do
		r = AFS_REAL(sendmsg)(chan, &mh, MSG_NOSIGNAL);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return -EPIPE;
	do {
		struct pollfd p = { chan, POLLIN, 0 };

		r = AFS_REAL(poll)(&p, 1, ms);
		if (r == 0)
			return -ETIMEDOUT;
		if (r > 0)
			r = recv_reply(chan, buf, fdp, cloexec);
	} while (r < 0 && (errno == EINTR || errno == EAGAIN));
	if (r <= 0)
		return -EPIPE;
	if (afk_parse(buf, (size_t)r, 0, m) || m->op != AFK_REPLY) {
		if (fdp && *fdp >= 0)
			AFS_REAL(close)(*fdp);
		return -EPROTO;
	}
	return 0;
}

static int exchange(int chan, struct afk_hdr *h, struct iovec *v, int n,
		    uint8_t *buf, struct afk_msg *m, int ms)
{
	return exchange_fd(chan, h, v, n, buf, m, ms, NULL, false);
}

/* ------------------------------------------------------------------ */
/* moving a socket into a new keeper                                    */

/*
 * Start the keeper with descriptor @fd as its 3: the pid of its first
 * process (reaped here), or -1.  A fixed path, no PATH search, no
 * environment, every signal disposition the default, /dev/null on 0-2
 * and nothing else of the program open.  Nothing is allocated and no
 * lock is taken (the exec functions may run in a signal handler, R5):
 * vfork() and system calls only, with every signal blocked from before
 * the vfork() until the keeper runs, so no handler of the program runs
 * in the child, which shares the program's memory.  The keeper blocks
 * every signal itself at once.
 */
static pid_t spawn_keeper(int fd)
{
	char *const argv[] = { (char *)"afalg-keeper", NULL };
	char *const envp[] = { NULL };
	struct sigaction dfl;
	sigset_t all, old;
	pid_t pid;
	int st, sig, chan, null;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid = vfork();
	if (pid == 0) {
		/* the child's dispositions are its own (no CLONE_SIGHAND) */
		for (sig = 1; sig < NSIG; sig++)
			sigaction(sig, &dfl, NULL);
		chan = fd >= 4 ? fd : AFS_REAL(fcntl)(fd, F_DUPFD, 4);
		null = open("/dev/null", O_RDWR);
		if (chan < 0 || null < 0 || AFS_REAL(dup2)(null, 0) < 0 ||
		    AFS_REAL(dup2)(null, 1) < 0 || AFS_REAL(dup2)(null, 2) < 0 ||
		    AFS_REAL(dup2)(chan, 3) < 0 ||
		    AFS_REAL(close_range)(4, ~0U, 0) < 0)
			_exit(127);
		AFS_REAL(execve)(AFS_KEEPER_PATH, argv, envp);
		_exit(127);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (pid < 0)
		return -1;
	/*
	 * The first process forks the keeper and exits at once, with 0; a
	 * program that ignores SIGCHLD (or reaps every child elsewhere)
	 * leaves no status to read (ECHILD), and the keeper's answer tells.
	 */
	while (waitpid(pid, &st, 0) < 0) {
		if (errno == ECHILD)
			return pid;
		if (errno != EINTR)
			return -1;
	}
	return WIFEXITED(st) && !WEXITSTATUS(st) ? pid : -1;
}

/* AFK_INIT for op socket @s into @buf: its length, or -errno */
static int init_record(struct afs_sock *s, uint8_t *buf)
{
	const struct afs_tfm *t = s->parent->tfm;
	struct afk_init in;
	size_t off = sizeof(struct afk_hdr) + sizeof(in);

	memset(&in, 0, sizeof(in));
	in.type = (uint32_t)s->type;
	in.authsize = t->authsize;
	in.has_key = t->keyed && !t->need_key && t->rawkey;
	in.namelen = (uint32_t)strlen(t->alg->driver);
	in.keylen = in.has_key ? t->rawkeylen : 0;
	if (in.namelen >= AFK_MAX_NAME || in.keylen > AFK_MAX_KEY ||
	    (t->keyed && !t->need_key && !t->rawkey))
		return -EOPNOTSUPP;
	memcpy(buf + off, t->alg->driver, in.namelen);
	off += in.namelen;
	if (in.keylen)
		memcpy(buf + off, t->rawkey, in.keylen);
	off += in.keylen;
	if (s->ops->export)
		in.ivlen = (uint32_t)s->ops->export(s, buf + off, AFK_MAX_IV);
	off += in.ivlen;
	memcpy(buf + sizeof(struct afk_hdr), &in, sizeof(in));
	afk_hdr_fill((struct afk_hdr *)buf, AFK_INIT, 0, 0, 0,
		     (uint32_t)(off - sizeof(struct afk_hdr)));
	return (int)off;
}

/* the stand-in the keeper answers with, or -errno */
static int keeper_answer(int chan)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct afk_hdr h;
	struct afk_msg m;
	struct iovec v = { &h, sizeof(h) };
	struct msghdr mh;
	struct cmsghdr *c;
	struct pollfd p = { chan, POLLIN, 0 };
	int fd = -1, err = -EPROTO;
	ssize_t r;

	if (AFS_REAL(poll)(&p, 1, AFS_KEEPER_MS) != 1)
		return -ETIMEDOUT;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &v;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof(u.buf);
	r = AFS_REAL(recvmsg)(chan, &mh, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
	if (r < 0)
		return -errno;
	c = CMSG_FIRSTHDR(&mh);
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
	    c->cmsg_len == CMSG_LEN(sizeof(int)))
		memcpy(&fd, CMSG_DATA(c), sizeof(int));
	if (r == sizeof(h) && !(mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) &&
	    !afk_parse((uint8_t *)&h, sizeof(h), 0, &m) && m.op == AFK_REPLY)
		err = m.res < 0 ? m.res : 0;
	if (!err && fd < 0)
		err = -EPROTO;
	if (err && fd >= 0)
		AFS_REAL(close)(fd);
	return err ? err : fd;
}

/* the descriptor's O_NONBLOCK onto stand-in @standin: one file status */
static void copy_nonblock(int fd, int standin)
{
	int fl = AFS_REAL(fcntl)(fd, F_GETFL);

	if (fl >= 0 && (fl & O_NONBLOCK))
		AFS_REAL(fcntl)(standin, F_SETFL, O_NONBLOCK);
}

/*
 * The state of @s still what AFK_INIT @sent (@len bytes) carried, and @s
 * still idle: another thread may have used the socket while the keeper
 * started.  Caller holds the table lock and the locks of @s and its
 * parent; @buf is scratch of AFS_INIT_MAX bytes.
 */
static bool unchanged(struct afs_sock *s, const uint8_t *sent, int len,
		      uint8_t *buf)
{
	bool same;
	int n;

	n = s->ops->movable(s) ? init_record(s, buf) : -EBUSY;
	same = n == len && !memcmp(buf, sent, (size_t)len);
	afs_wipe(buf, n > 0 ? (size_t)n : 0);
	return same;
}

/*
 * Every number naming @s becomes stand-in @standin, flags kept, when the
 * keeper got the state @s still has (@sent, @len bytes; unchanged()):
 * true; else nothing changes and the keeper, whose stand-in nobody
 * holds, exits.  The socket's locks are held from the check to the last
 * number (the lock order is the table, then the socket, as fork's), so
 * no operation of another thread falls in between; one that took the
 * socket before and runs after acts on this process's old copy, as a
 * kernel call in progress on a number dup2() replaces acts on the old
 * file.
 */
static bool replace_numbers(struct afs_sock *s, int standin,
			    const uint8_t *sent, int len, uint8_t *scratch)
{
	int fd, m, fl, n = 0;
	bool first = true, same;

	afs_table_lock();
	afs_lock(s);
	afs_lock(s->parent);
	same = unchanged(s, sent, len, scratch);
	m = same ? afs_max_fd() : -1;
	for (fd = 0; fd <= m; fd++) {
		if (afs_peek_locked(fd) != s)
			continue;
		if (first)
			copy_nonblock(fd, standin);
		first = false;
		fl = AFS_REAL(fcntl)(fd, F_GETFD);
		if (AFS_REAL(dup3)(standin, fd, fl > 0 && (fl & FD_CLOEXEC) ?
				   O_CLOEXEC : 0) < 0)
			continue;	/* stays the placeholder (D3) */
		afs_set_locked(fd, NULL);
		n++;
	}
	afs_unlock(s->parent);
	afs_unlock(s);
	afs_table_unlock();
	while (n--)
		afs_put(s);
	return same;
}

/* the largest AFK_INIT: on the stack, as a vfork() child must not malloc */
#define AFS_INIT_MAX	(sizeof(struct afk_hdr) + sizeof(struct afk_init) + \
			 AFK_MAX_NAME + AFK_MAX_KEY + AFK_MAX_IV)

/*
 * Move op socket @fd into a new keeper.  @table: every number of the
 * socket in this process becomes the stand-in and the table forgets it
 * (0, or -errno and nothing changed).  Else nothing of this process
 * changes and the stand-in is returned for the caller to place where the
 * new program will find it (an exec, or a vfork() child about to exec,
 * whose descriptor table is not the one the shim's table describes):
 * should the exec fail, the process still has its own socket; that path
 * allocates and frees nothing (the exec functions may run in a signal
 * handler).
 */
static int move(int fd, bool table)
{
	struct afs_sock *s = afs_get(fd);
	uint8_t buf[AFS_INIT_MAX], scratch[AFS_INIT_MAX];
	int sp[2], len, err = -EOPNOTSUPP;

	if (!s)
		return -EBADF;
	if (s->kind != AFS_KIND_OP || s->sh || s->type == AFS_RNG ||
	    !s->ops->movable || !s->parent->tfm || s->parent->tfm->in_shared)
		goto out;
	afs_lock(s);
	afs_lock(s->parent);
	err = s->ops->movable(s) ? init_record(s, buf) : -EBUSY;
	afs_unlock(s->parent);
	afs_unlock(s);
	if (err < 0)
		goto wipe;
	len = err;
	err = -errno;
	if (AFS_REAL(socketpair)(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp))
		goto wipe;
	err = -ENOENT;
	if (spawn_keeper(sp[1]) > 0) {
		err = -EPIPE;
		if (AFS_REAL(send)(sp[0], buf, (size_t)len, MSG_NOSIGNAL) == len)
			err = keeper_answer(sp[0]);
	}
	AFS_REAL(close)(sp[0]);
	AFS_REAL(close)(sp[1]);
	if (err >= 0 && table) {
		bool replaced = replace_numbers(s, err, buf, len, scratch);

		AFS_REAL(close)(err);
		err = replaced ? 0 : -EBUSY;
	}
wipe:
	afs_wipe(buf, sizeof(buf));
out:
	afs_put(s);
	return err;
}

int afs_remote_move(int fd)
{
	return move(fd, true);
}

/* @fd is one of the @n numbers at @fds */
static bool listed(int fd, const int *fds, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (fds[i] == fd)
			return true;
	return false;
}

/*
 * The op socket of ours at @fd when a new program gets it, else NULL:
 * not close-on-exec, or @handed (a posix_spawn() file action dup2()s it
 * into the child); *@cloexec says which.  No system call until a socket
 * of ours is found; a look without the lock (move() takes its own
 * reference).
 */
static struct afs_sock *inherited_op(int fd, bool handed, bool *cloexec)
{
	struct afs_sock *s = afs_peek_locked(fd);
	int fl;

	if (!s || s->kind != AFS_KIND_OP)
		return NULL;
	fl = AFS_REAL(fcntl)(fd, F_GETFD);
	if (fl < 0)
		return NULL;
	*cloexec = fl & FD_CLOEXEC;
	return *cloexec && !handed ? NULL : s;
}

/* how many sockets one exec moves with their every number */
#define AFS_EXEC_SOCKETS	16

/*
 * execve() and its family are about to replace the program: each op
 * socket of ours the new program inherits (not close-on-exec, or one of
 * the @nhanded numbers at @handed, which a file action hands to it)
 * moves into a keeper, and every such number becomes its stand-in, its
 * close-on-exec flag kept, where the new program finds it.  The shim's
 * table is left alone: should the exec fail, the process keeps its
 * sockets, and their keepers go when it closes the numbers.  Nothing is
 * allocated; nothing is done when a signal handler interrupted this
 * thread inside a lock of the shim (docs/security.md R5): those sockets
 * reach the new program as placeholders (D2).
 */
static void exec_moves(const int *handed, int nhanded)
{
	struct {
		struct afs_sock *s;
		int standin;
	} moved[AFS_EXEC_SOCKETS];
	int fd, m = afs_max_fd(), n = 0, i, standin;
	struct afs_sock *s;
	bool cloexec;

	if (afs_locks_held_here())
		return;
	for (fd = 0; fd <= m; fd++) {
		s = inherited_op(fd, listed(fd, handed, nhanded), &cloexec);
		if (!s)
			continue;
		/* another number of a socket moved already: the same stand-in */
		for (i = 0; i < n && moved[i].s != s; i++)
			;
		standin = i < n ? moved[i].standin : move(fd, false);
		if (standin < 0)
			continue;
		copy_nonblock(fd, standin);
		AFS_REAL(dup3)(standin, fd, cloexec ? O_CLOEXEC : 0);
		if (i < n)
			continue;
		if (n < AFS_EXEC_SOCKETS) {
			moved[n].s = s;
			moved[n++].standin = standin;
		} else {
			AFS_REAL(close)(standin);	/* more numbers: more keepers */
		}
	}
	for (i = 0; i < n; i++)
		AFS_REAL(close)(moved[i].standin);
}

void afs_remote_exec(void)
{
	exec_moves(NULL, 0);
}

/*
 * posix_spawn(), system(), popen() are about to start a program that
 * inherits this one's descriptors (and the @nhanded numbers at @handed,
 * close-on-exec or not, which file actions dup2() into it), and this
 * program goes on: each such op socket becomes keeper-held in this
 * process too, one socket for both (afs_remote_move()).  In a vfork()
 * child (whose table is not this one's) as an exec.
 */
void afs_remote_spawn(const int *handed, int nhanded)
{
	int fd, m = afs_max_fd();
	bool cloexec;

	if (afs_locks_held_here())
		return;
	if (m >= 0 && afs_vfork_child()) {
		exec_moves(handed, nhanded);
		return;
	}
	for (fd = 0; fd <= m; fd++)
		if (inherited_op(fd, listed(fd, handed, nhanded), &cloexec))
			move(fd, true);
}

/* @fd is an op socket of ours accepted before its tfm had the key */
static bool nokey_op(int fd)
{
	struct afs_sock *s = afs_get(fd);
	bool nokey = s && s->kind == AFS_KIND_OP && s->nokey;

	if (s)
		afs_put(s);
	return nokey;
}

/*
 * fork() is about to copy the descriptor table (fork.c, before it takes
 * the table lock): each idle op socket moves into a keeper first, so that
 * the parent and the child hold the one keeper-held socket as they would
 * hold the kernel's.  The child's memory then never has the key, and a
 * holder stopped inside an operation holds no lock another holder waits
 * on (docs/security.md, "fork").  The parent connects at once, so that
 * its table keeps the socket (poll() included) as before the fork; the
 * child connects at its first call.  A socket that cannot move (a tfm
 * socket, an update open, data queued, a socket already in a region, or
 * no keeper) is shared through a region as before (share.c); so is an
 * op socket accepted before its tfm had the key (the nokey socket of
 * hash_accept_nokey()), which a key set later on the tfm socket in
 * either process must reach, and a keeper holds a tfm of its own.  Only the
 * numbers the table holds are looked at: no system call for anything
 * else.
 */
void afs_remote_fork(void)
{
	int fd, m = afs_max_fd();
	struct afs_sock *s;

	if (afs_vfork_child())
		return;
	for (fd = 0; fd <= m; fd++) {
		if (!afs_peek(fd) || nokey_op(fd) || move(fd, true))
			continue;
		s = afs_remote_adopt(fd);
		if (s)
			afs_put(s);
	}
}

/* ------------------------------------------------------------------ */
/* a holder: recognising the stand-in, the connection to the keeper    */

static int sockopt_int(int fd, int name, int *v)
{
	socklen_t l = sizeof(*v);

	return AFS_REAL(getsockopt)(fd, SOL_SOCKET, name, v, &l) || l != sizeof(*v);
}

/* @len is the length of a stand-in's name, of either form */
bool afs_remote_name_len(unsigned int len)
{
	const size_t off = offsetof(struct sockaddr_un, sun_path);

	return len == off + AFK_NAME_LEN || len == off + AFK_PATH_LEN;
}

/*
 * A stand-in's name: the path a keeper bound it to and removed, or the
 * abstract name of a keeper without one (or from before the path).  @a
 * is a whole struct sockaddr_un of the shim's own, @len as the kernel
 * reported it.
 */
static bool remote_name(const struct sockaddr_un *a, unsigned int len)
{
	const size_t off = offsetof(struct sockaddr_un, sun_path);
	const size_t dir = sizeof(AFK_PATH_DIR) - 1;

	if (!afs_remote_name_len(len) || a->sun_family != AF_UNIX)
		return false;
	if (len == off + AFK_NAME_LEN)
		return !a->sun_path[0] &&
		       !memcmp(a->sun_path + 1, AFK_NAME_PREFIX,
			       sizeof(AFK_NAME_PREFIX) - 1);
	return len == off + AFK_PATH_LEN &&
	       !memcmp(a->sun_path, AFK_PATH_DIR, dir) &&
	       !memchr(a->sun_path + dir, 0, 6) &&
	       !memchr(a->sun_path + dir, '/', 6) &&
	       !memcmp(a->sun_path + dir + 6, "/" AFK_PATH_LEAF,
		       sizeof(AFK_PATH_LEAF) + 1);
}

/*
 * The keeper's pid when the kernel says @fd is a stand-in, else 0.  The
 * name is asked into a buffer of the shim's own: a program's may be
 * shorter than the name (the kernel truncates, and reports the whole
 * length).
 */
static pid_t standin_keeper(int fd)
{
	struct sockaddr_un a;
	struct ucred cred;
	socklen_t l = sizeof(a);
	int v;

	/* a program's own descriptors mostly stop at the first question */
	if (sockopt_int(fd, SO_ACCEPTCONN, &v) || v != 1)
		return 0;
	if (sockopt_int(fd, SO_DOMAIN, &v) || v != AF_UNIX ||
	    sockopt_int(fd, SO_TYPE, &v) || v != SOCK_SEQPACKET)
		return 0;
	memset(&a, 0, sizeof(a));
	if (AFS_REAL(getsockname)(fd, (struct sockaddr *)&a, &l) ||
	    !remote_name(&a, l))
		return 0;
	l = sizeof(cred);
	/* a listening socket's peer credentials are its listener's */
	if (AFS_REAL(getsockopt)(fd, SOL_SOCKET, SO_PEERCRED, &cred, &l) ||
	    l != sizeof(cred) || cred.pid <= 0)
		return 0;
	return cred.pid;
}

/*
 * This process's connection to the keeper of stand-in @fd: the pending
 * one the keeper made (SO_PEERCRED), greeted.  Caller holds the lock.
 */
static int remote_connect(struct afs_sock *s, int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	struct afs_remote_buf *b = s->st.remote;
	struct afk_hdr h;
	struct afk_msg m;
	struct ucred cred;
	socklen_t l;
	int c, tries, err;

	for (tries = 0; tries < 16; tries++) {
		if (AFS_REAL(poll)(&p, 1, AFS_PENDING_MS) != 1)
			return -ENOTCONN;
		c = AFS_REAL(accept4)(fd, NULL, NULL, SOCK_CLOEXEC);
		if (c < 0) {
			if (errno == EAGAIN || errno == EINTR ||
			    errno == ECONNABORTED)
				continue;
			return -ENOTCONN;
		}
		l = sizeof(cred);
		/* anyone may connect to the name: only the keeper counts */
		if (AFS_REAL(getsockopt)(c, SOL_SOCKET, SO_PEERCRED, &cred, &l) ||
		    l != sizeof(cred) || cred.pid != s->keeper) {
			AFS_REAL(close)(c);
			continue;
		}
		afk_hdr_fill(&h, AFK_HELLO, 0, 0, 0, 0);
		err = exchange(c, &h, NULL, 0, b->rec, &m, AFS_PENDING_MS);
		if (!err && m.res == -EMFILE && !m.datalen) {
			/* this uid's share of the keeper is full: no more tries */
			AFS_REAL(close)(c);
			return -ENOTCONN;
		}
		if (err || m.res < AFS_HASH || m.res > AFS_AEAD || m.datalen) {
			/* one the keeper gave up on: take the next */
			AFS_REAL(close)(c);
			continue;
		}
		s->type = (enum afs_type)m.res;
		s->chan = c;
		return 0;
	}
	return -ENOTCONN;
}

static const struct afs_kind_ops remote_kind_ops;

struct afs_sock *afs_remote_adopt(int fd)
{
	int saved = errno;
	struct afs_sock *s, *old;
	pid_t keeper = standin_keeper(fd);

	if (!keeper)
		goto no;
	/* a vfork() child's table would be its parent's */
	afs_startup_sockets();
	if (afs_vfork_child())
		goto no;
	s = afs_sock_alloc(AFS_KIND_REMOTE);
	if (!s)
		goto no;
	s->kops = &remote_kind_ops;
	s->fd_type = SOCK_SEQPACKET;
	s->chan = -1;
	s->keeper = keeper;
	s->sndbuf = s->rcvbuf = 212992;
	s->st.remote = malloc(sizeof(*s->st.remote));
	if (!s->st.remote || remote_connect(s, fd)) {
		afs_put(s);
		goto no;
	}
	afs_table_lock();
	old = afs_peek_locked(fd);
	if (old) {		/* another thread was first */
		atomic_fetch_add(&old->ref, 1);
		afs_table_unlock();
		afs_put(s);
		return old;
	}
	atomic_fetch_add(&s->ref, 1);
	afs_set_locked(fd, s);
	afs_table_unlock();
	return s;
no:
	errno = saved;
	return NULL;
}

static void remote_release(struct afs_sock *s)
{
	if (s->chan >= 0)
		AFS_REAL(close)(s->chan);
	s->chan = -1;
	free(s->st.remote);
	s->st.remote = NULL;
}

/* after fork(): the connection is the parent's; the child makes its own */
static void remote_atfork_child(struct afs_sock *s)
{
	if (s->chan >= 0)
		AFS_REAL(close)(s->chan);
	s->chan = -1;
}

/* one request, with the connection made again in a new process */
static int remote_call_fd(struct afs_sock *s, int fd, struct afk_hdr *h,
			  struct iovec *v, int n, struct afk_msg *m, int *fdp,
			  bool cloexec)
{
	struct afs_remote_buf *b = s->st.remote;
	int err;

	if (s->chan < 0 && fd >= 0) {
		err = remote_connect(s, fd);
		if (err)
			return err;
	}
	if (s->chan < 0)
		return -ENOTCONN;
	err = exchange_fd(s->chan, h, v, n, b->rec, m, AFS_KEEPER_MS, fdp,
			  cloexec);
	if (err) {
		/* out of step with the keeper: the next call connects anew */
		AFS_REAL(close)(s->chan);
		s->chan = -1;
	}
	return err;
}

static int remote_call(struct afs_sock *s, int fd, struct afk_hdr *h,
		       struct iovec *v, int n, struct afk_msg *m)
{
	return remote_call_fd(s, fd, h, v, n, m, NULL, false);
}

/*
 * accept() on keeper-held socket @s (descriptor @fd; @addr: the caller
 * asked for the peer's name), @flags those of accept4(), already checked
 * by afs_accept(): the keeper
 * clones a hash socket as hash_accept() does and answers with the
 * clone's stand-in, which becomes the new descriptor; or -errno.  The
 * kernel's skcipher and aead op sockets do not accept.
 */
static int remote_accept(struct afs_sock *s, int fd, bool addr, int flags)
{
	struct afs_sock *c;
	struct afk_hdr h;
	struct afk_msg m;
	int err, nfd = -1;

	if (s->type != AFS_HASH)
		return -EOPNOTSUPP;
	/* the clone's getname is sock_no_getname: the kernel drops it */
	if (addr)
		return -ECONNABORTED;
	afk_hdr_fill(&h, AFK_ACCEPT, 0, 0, 0, 0);
	afs_lock(s);
	err = remote_call_fd(s, fd, &h, NULL, 0, &m, &nfd,
			     flags & SOCK_CLOEXEC);
	afs_unlock(s);
	/* a keeper that predates AFK_ACCEPT ends the connection instead */
	if (err == -EPIPE)
		err = -EOPNOTSUPP;
	if (!err && m.res < 0)
		err = m.res;
	else if (!err && (m.res != 0 || m.datalen || nfd < 0))
		err = -EPROTO;
	if (err) {
		if (nfd >= 0)
			AFS_REAL(close)(nfd);
		return err;
	}
	if (flags & SOCK_NONBLOCK)
		AFS_REAL(fcntl)(nfd, F_SETFL, O_NONBLOCK);
	/*
	 * Adopted now, when the kernel says it is a stand-in, so that poll()
	 * sees the socket; when it is not, or the keeper does not answer,
	 * the descriptor is returned all the same and behaves as a stand-in
	 * met for the first time.
	 */
	c = afs_remote_adopt(nfd);
	if (c)
		afs_put(c);
	return nfd;
}

/* the bytes of @msg from @skip on, at most @cap, gathered into @dst */
static size_t gather(const struct msghdr *msg, size_t skip, uint8_t *dst,
		     size_t cap)
{
	size_t i, c, done = 0;

	for (i = 0; i < msg->msg_iovlen && done < cap; i++) {
		const struct iovec *v = &msg->msg_iov[i];

		if (skip >= v->iov_len) {
			skip -= v->iov_len;
			continue;
		}
		c = v->iov_len - skip;
		if (c > cap - done)
			c = cap - done;
		memcpy(dst + done, (const uint8_t *)v->iov_base + skip, c);
		done += c;
		skip = 0;
	}
	return done;
}

/* one record's worth of a send or a receive; -EAGAIN when it would wait */
static ssize_t remote_once(struct afs_sock *s, int fd, struct msghdr *msg,
			   size_t done, size_t total, int flags, bool send)
{
	uint8_t data[4096], *big = NULL, *p = data;
	struct afk_hdr h;
	struct afk_msg m;
	struct iovec v[2];
	size_t ctl = done ? 0 : msg->msg_controllen, n;
	uint32_t f = (uint32_t)flags & AFK_FLAGS_OK;
	ssize_t r;

	n = total - done;
	if (n > AFK_MAX_DATA)
		n = AFK_MAX_DATA;
	if (!send) {
		afk_hdr_fill(&h, AFK_RECV, f, (uint32_t)n, 0, 0);
		r = remote_call(s, fd, &h, NULL, 0, &m);
		if (r)
			return r;
		if (m.res < 0)
			return m.res;
		if (m.datalen > n || (uint32_t)m.res != m.datalen)
			return -EPROTO;
		afs_copy_to_iov(msg->msg_iov, msg->msg_iovlen, 0, m.data,
				m.datalen);
		msg->msg_flags |= (int)(m.arg & (MSG_TRUNC | MSG_EOR));
		return m.res;
	}
	if (n > sizeof(data)) {
		big = malloc(n);
		if (!big)
			return -ENOMEM;
		p = big;
	}
	gather(msg, done, p, n);
	/* a send that takes more than one record continues the message */
	if (done + n < total)
		f |= MSG_MORE;
	v[0].iov_base = msg->msg_control;
	v[0].iov_len = ctl;
	v[1].iov_base = p;
	v[1].iov_len = n;
	afk_hdr_fill(&h, AFK_SEND, f, (uint32_t)ctl, 0, (uint32_t)(ctl + n));
	r = remote_call(s, fd, &h, v, 2, &m);
	if (big)
		afs_free_secret(big, n);
	else
		afs_wipe(data, n);
	if (r)
		return r;
	if (m.datalen || m.res > (int32_t)n)
		return -EPROTO;
	return m.res;
}

/*
 * Sleep @ms while a blocking call waits for the keeper (which never waits
 * itself): 0, or -EINTR.  A read() of a timerfd, because a signal ends it
 * with EINTR when the handler lacks SA_RESTART and the kernel restarts it
 * when the handler has it, as it treats the kernel socket's
 * sk_wait_event(); poll() and nanosleep() end with EINTR either way.  The
 * timer is made at the first sleep of the call, *@tfd, which the caller
 * closes before it returns; without one, a plain sleep.
 */
static int remote_sleep(int *tfd, int ms)
{
	struct itimerspec it;
	struct pollfd none = { -1, 0, 0 };
	uint64_t n;

	if (ms <= 0)
		ms = 1;		/* a zero it_value would disarm the timer */
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = ms / 1000;
	it.it_value.tv_nsec = (long)(ms % 1000) * 1000000;
	if (*tfd < 0)
		*tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	if (*tfd < 0 || timerfd_settime(*tfd, 0, &it, NULL))
		return AFS_REAL(poll)(&none, 1, ms) < 0 && errno == EINTR ?
		       -EINTR : 0;
	return AFS_REAL(read)(*tfd, &n, sizeof(n)) < 0 && errno == EINTR ?
	       -EINTR : 0;
}

static ssize_t remote_msg_waiting(struct afs_sock *s, int fd,
				  struct msghdr *msg, int flags, bool send,
				  int *tfd)
{
	size_t total = afs_iov_total(msg->msg_iov, msg->msg_iovlen), done = 0;
	/* hash sockets never wait; skcipher and aead honour O_NONBLOCK */
	bool nonblock = s->type != AFS_HASH;
	int slice = 1;
	ssize_t r;

	if (send && msg->msg_controllen > AFK_MAX_CTL)
		return -ENOBUFS;
	if (send && msg->msg_controllen && !msg->msg_control)
		return -EFAULT;
	if (!(flags & MSG_DONTWAIT) && nonblock && afs_nonblock(fd))
		flags |= MSG_DONTWAIT;
	for (;;) {
		afs_lock(s);
		r = remote_once(s, fd, msg, done, total, flags, send);
		afs_unlock(s);
		if (r == -EAGAIN && !(flags & MSG_DONTWAIT) && !done) {
			/* the keeper never waits: the waiting is done here */
			if (remote_sleep(tfd, afs_next_slice(-1, &slice)))
				return -EINTR;
			continue;
		}
		if (r < 0)
			return done ? (ssize_t)done : r;
		done += (size_t)r;
		if (!send || done >= total || (size_t)r < AFK_MAX_DATA)
			return (ssize_t)done;
	}
}

static ssize_t remote_msg(struct afs_sock *s, int fd, struct msghdr *msg,
			  int flags, bool send)
{
	int tfd = -1, saved;
	ssize_t r = remote_msg_waiting(s, fd, msg, flags, send, &tfd);

	if (tfd >= 0) {
		saved = errno;
		AFS_REAL(close)(tfd);
		errno = saved;
	}
	return r;
}

static int remote_poll(struct afs_sock *s)
{
	struct afk_hdr h;
	struct afk_msg m;
	int r;

	afk_hdr_fill(&h, AFK_POLL, 0, 0, 0, 0);
	afs_lock(s);
	r = remote_call(s, -1, &h, NULL, 0, &m);
	afs_unlock(s);
	return r || m.res < 0 ? 0 : m.res;
}

static const struct afs_kind_ops remote_kind_ops = {
	.msg = remote_msg,
	.poll = remote_poll,
	.accept = remote_accept,
	.release = remote_release,
	.atfork_child = remote_atfork_child,
};
