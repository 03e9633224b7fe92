// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-keeper: holds one emulated AF_ALG op socket that crossed a process
 * boundary (SCM_RIGHTS, execve), and serves it to every process that holds
 * its stand-in (docs/security.md, "The keeper").
 *
 * Started by the shim with vfork() and execve() from the path fixed at build
 * time, with an empty environment and descriptor 3 the creator's end of a
 * socketpair; statically linked where the toolchain allows, so
 * /etc/ld.so.preload does not apply.  It forks once so that it is not the
 * creator's child, then:
 *
 *   1. reads AFK_INIT from the creator and rebuilds the socket with the
 *      shim's own code (afs_bind(), ALG_SET_KEY, accept), wiping the key;
 *   2. makes the stand-in: a SOCK_SEQPACKET listening socket bound to a
 *      path that is unlinked at once (the keeper connects through an
 *      O_PATH descriptor of it, /proc/self/fd/N, which no one else can
 *      follow), or where that cannot be done, to a fresh abstract name;
 *      handed to the creator with SCM_RIGHTS, and not kept: the stand-in
 *      lives exactly as long as some process holds it;
 *   3. keeps one connection pending in the stand-in's backlog: a holder
 *      takes it with accept(), which only a holder of the stand-in can do,
 *      and checks with SO_PEERCRED that the keeper made it; the kernel
 *      tells the keeper which of its connections a holder took
 *      (NETLINK_SOCK_DIAG, keeper-diag.c), so that another is made at
 *      once and those taken and kept silent are bounded; the kernel
 *      tells the keeper the uid of the holder's AFK_HELLO
 *      (SCM_CREDENTIALS), and one uid gets a bounded share of the
 *      connections, the keeper's own uid a share no other uid can take;
 *   4. answers requests on accepted connections, one record each way,
 *      never waiting on a holder (replies are MSG_DONTWAIT; a holder that
 *      does not read its replies loses its connection);
 *   5. exits, wiping the state, when the stand-in is gone and no
 *      connection is left.
 *
 * accept() on a hash socket (AFK_ACCEPT) clones it as the kernel's
 * hash_accept() does, and the clone gets a keeper of its own: this one
 * forks, and the child keeps only the clone and the requester's
 * connection, makes the clone's stand-in, hands it over in the reply and
 * serves it from step 3 on.  A family of keepers (one creator's socket
 * and its clones) counts its live members in memory only they map, and
 * refuses a clone past AFK_MAX_CLONES (EMFILE): a holder cannot make the
 * creator's uid run processes without bound.
 *
 * Every record is checked by afk_parse() before use.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "keeper-diag.h"
#include "keeper-proto.h"
#include "real.h"
#include "share.h"

/* ------------------------------------------------------------------ */
/* what startup.c gives the shim: here the libc functions themselves   */

#define AFK_REAL_INIT(f) .f = f,
struct afs_real afs_real = { AFS_REAL_FUNCS(AFK_REAL_INIT) };
#undef AFK_REAL_INIT
bool afs_configured = true;

void *afs_real_resolve(void **slot, const char *name)
{
	(void)name;
	return *slot;
}

void afs_resolve_real(void) {}
void afs_startup_sockets(void) {}
bool afs_vfork_child(void) { return false; }
enum afs_mode afs_mode(void) { return AFS_MODE_ALWAYS; }
const char *afs_log_dest(void) { return NULL; }
unsigned int afs_optmem_max(void) { return 131072; }

/* ------------------------------------------------------------------ */

#define AFK_CREATOR_FD	3
#define AFK_INIT_MS	5000

/*
 * Connections (docs/security.md, "Who connects, and how many"): at most
 * AFK_MAX_PENDING pending, AFK_MAX_GREETED greeted (one entry left for
 * the pending one replenish() makes while it drops the oldest), of which
 * one uid holds at most AFK_UID_CONNS and all uids but the keeper's own
 * together AFK_OTHERS_CONNS: the keeper's uid keeps AFK_UID_CONNS.
 */
#define AFK_MAX_CONNS	128
#define AFK_MAX_PENDING	8
#define AFK_MAX_GREETED	(AFK_MAX_CONNS - AFK_MAX_PENDING - 1)
#define AFK_UID_CONNS	32
#define AFK_OTHERS_CONNS (AFK_MAX_GREETED - AFK_UID_CONNS)

static const char *const type_names[] = { "hash", "skcipher", "aead", "rng" };

struct conn {
	int fd;
	uint32_t ino;		/* of the keeper's end, as sock_diag lists it */
	bool accepted;		/* a holder sent AFK_HELLO on it */
	bool taken;		/* out of the accept queue, not greeted yet */
	uint64_t taken_seq;	/* when it was found taken: the takes' order */
	uid_t uid;		/* and the kernel said it had this uid */
	int64_t made;		/* CLOCK_MONOTONIC ms */
};

/*
 * Without sock_diag (keeper-diag.h) the keeper cannot see a pending
 * connection taken by a holder that keeps it silent: one nobody greeted
 * within AFK_PENDING_MS may be such, so another is made, up to
 * AFK_MAX_PENDING (the oldest goes first).
 */
#define AFK_PENDING_MS	1000

/*
 * With sock_diag the keeper looks at the stand-in's accept queue: when
 * nothing of its own waits there, it makes a connection at once and looks
 * again AFK_LOOK_MIN_MS later; while one waits, the interval doubles up
 * to AFK_LOOK_MAX_MS.  A holder spinning on accept() thus gets at most
 * one new connection per AFK_LOOK_MIN_MS, and costs the keeper one look,
 * one connect() and one close() per connection, whatever its own rate
 * (docs/security.md, "Who connects, and how many").  Connections taken
 * and never greeted: at most AFK_MAX_SILENT, the one taken first dropped
 * for a new one, so with the one waiting at most AFK_MAX_PENDING.
 */
#define AFK_LOOK_MIN_MS	5
#define AFK_LOOK_MAX_MS	100
#define AFK_MAX_SILENT	(AFK_MAX_PENDING - 1)

static struct conn conns[AFK_MAX_CONNS];
static unsigned int nconns;
static uid_t own_uid;
/* the stand-in's name, and where the keeper connects: the same, or the link */
static struct sockaddr_un name, target;
static socklen_t namelen, targetlen;
static int standin_inode = -1;	/* O_PATH of a path-bound stand-in */
static bool standin_gone;
static struct afk_diag diag = { .nl = -1 };	/* its accept queue */
static int64_t next_look;	/* CLOCK_MONOTONIC µs */
static int look_every = AFK_LOOK_MAX_MS;
static uint64_t takes;		/* connections found taken, ever */
static struct afs_sock *tfm, *op;

/* live keepers of this family, in a page only they map (MAP_SHARED) */
#define AFK_MAX_CLONES	64
static unsigned int *family_live;
static uint8_t rec[AFK_MAX_RECORD] __attribute__((aligned(16)));
static uint8_t out[sizeof(struct afk_hdr) + AFK_MAX_DATA]
	__attribute__((aligned(16)));

/* rebuild the socket from AFK_INIT with the shim's own functions */
static int rebuild(const struct afk_msg *m)
{
	unsigned char sa[24 + AFK_MAX_NAME];
	int err;

	memset(sa, 0, sizeof(sa));
	sa[0] = AF_ALG;
	strcpy((char *)sa + 2, type_names[m->init.type]);
	memcpy(sa + 24, m->name, m->init.namelen);
	tfm = afs_sock_alloc(AFS_KIND_TFM);
	if (!tfm)
		return -ENOMEM;
	tfm->fd_type = SOCK_SEQPACKET;
	err = afs_bind(tfm, sa, 24 + m->init.namelen + 1);
	if (!err && m->init.has_key)
		err = afs_setsockopt(tfm, SOL_ALG, ALG_SET_KEY, m->key,
				     m->init.keylen);
	if (!err && m->init.type == AFS_AEAD)
		err = afs_setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL,
				     m->init.authsize);
	if (!err)
		err = afs_new_child(tfm, &op);
	if (!err && op->ops->import)
		err = op->ops->import(op, m->iv, m->init.ivlen);
	return err;
}

static int64_t now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static int64_t now_ms(void)
{
	return now_us() / 1000;
}

static int conn_add(int fd)
{
	struct stat st;

	if (nconns == AFK_MAX_CONNS) {
		close(fd);
		return -EMFILE;
	}
	conns[nconns].fd = fd;
	/* 0: unknown, and never taken for a listed inode (mark_taken()) */
	conns[nconns].ino = fstat(fd, &st) ? 0 : (uint32_t)st.st_ino;
	conns[nconns].accepted = false;
	conns[nconns].taken = false;
	conns[nconns].uid = (uid_t)-1;
	conns[nconns].made = now_ms();
	nconns++;
	return 0;
}

static void conn_drop(unsigned int i)
{
	close(conns[i].fd);
	conns[i] = conns[--nconns];
}

/*
 * A socket for a pending connection: the kernel attaches the sender's
 * credentials to every record a holder sends on it (SO_PASSCRED, set
 * before connect(), as a holder may greet the moment it accepts).
 */
static int pending_socket(void)
{
	int fd, one = 1;

	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd >= 0 &&
	    setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* one more connection pending in the stand-in's backlog */
static void make_pending(void)
{
	int fd = pending_socket();

	if (fd < 0)
		return;
	if (connect(fd, (struct sockaddr *)&target, targetlen) < 0) {
		/* a full backlog (someone else connects) is tried again */
		if (errno != EAGAIN)
			standin_gone = true;
		close(fd);
		return;
	}
	conn_add(fd);
}

/* connection @i: live, not greeted (pending, or taken and silent) */
static bool ungreeted(unsigned int i)
{
	return conns[i].fd >= 0 && !conns[i].accepted;
}

/* without sock_diag: a new connection when none younger than 1 s waits */
static void replenish_blind(void)
{
	unsigned int i, pending = 0, oldest = 0;
	int64_t now = now_ms();

	for (i = 0; i < nconns; i++) {
		if (!ungreeted(i))
			continue;
		if (now - conns[i].made < AFK_PENDING_MS)
			return;		/* a fresh one waits */
		if (!pending++ || conns[i].made < conns[oldest].made)
			oldest = i;
	}
	if (pending >= AFK_MAX_PENDING)
		conns[oldest].fd = -conns[oldest].fd - 1;
	make_pending();
}

/*
 * Mark the connections not among the accept queue's @n inodes @inos as
 * taken, in the order found; return how many of ours still wait there.
 */
static unsigned int mark_taken(const uint32_t *inos, unsigned int n)
{
	unsigned int i, k, waiting = 0;

	for (i = 0; i < nconns; i++) {
		if (!ungreeted(i) || conns[i].taken)
			continue;
		for (k = 0; k < n && inos[k] != conns[i].ino; k++)
			;
		/* an embryo whose peer is gone is listed as 0 (no inode) */
		if (k < n && conns[i].ino) {
			waiting++;
		} else {
			conns[i].taken = true;
			conns[i].taken_seq = ++takes;
		}
	}
	return waiting;
}

/* at most AFK_MAX_SILENT taken and silent: the first taken go */
static void drop_silent(void)
{
	unsigned int i, silent, first;

	do {
		silent = first = 0;
		for (i = 0; i < nconns; i++) {
			if (!ungreeted(i) || !conns[i].taken)
				continue;
			if (!silent++ ||
			    conns[i].taken_seq < conns[first].taken_seq)
				first = i;
		}
		if (silent > AFK_MAX_SILENT)
			conns[first].fd = -conns[first].fd - 1;
	} while (silent > AFK_MAX_SILENT);
}

/*
 * With sock_diag: when due (or @now_please), look at the accept queue
 * and make a connection if none of ours waits.  False if the kernel did
 * not answer: the caller does without this once.
 */
static bool replenish_seen(bool now_please)
{
	uint32_t inos[AFK_DIAG_MAX_QUEUE];
	int64_t now = now_us();
	unsigned int waiting;
	int n;

	if (!now_please && now < next_look)
		return true;
	next_look = now + look_every * 1000;
	n = afk_diag_queue(&diag, inos, AFK_DIAG_MAX_QUEUE);
	if (n < 0)
		return false;
	waiting = mark_taken(inos, (unsigned int)n);
	drop_silent();
	if (waiting) {
		if (look_every < AFK_LOOK_MAX_MS)
			look_every *= 2;
		return true;
	}
	make_pending();
	look_every = AFK_LOOK_MIN_MS;
	next_look = now + look_every * 1000;
	return true;
}

/*
 * One connection waiting in the stand-in's backlog for the next holder;
 * @now_please: a holder just took one (the look is not put off).
 */
static void replenish(bool now_please)
{
	if (standin_gone)
		return;
	if (diag.nl < 0 || !replenish_seen(now_please))
		replenish_blind();
}

/* how long the serve loop may sleep before replenish() must look */
static int look_in(void)
{
	int64_t left;

	/* without sock_diag: a full backlog is retried every 100 ms */
	if (diag.nl < 0 || standin_gone)
		return AFK_LOOK_MAX_MS;
	left = next_look - now_us();
	if (left <= 0)
		return 0;
	/* rounded up: a look is never due before the time it was put off to */
	left = (left + 999) / 1000;
	return left > AFK_LOOK_MAX_MS ? AFK_LOOK_MAX_MS : (int)left;
}

/* the stand-in made: ask the kernel about it, where it can be asked */
static void watch_standin(int standin)
{
	afk_diag_open(&diag, standin);
	look_every = AFK_LOOK_MAX_MS;
	replenish(true);
}

static int make_standin(void);
static void serve_loop(void);
static void send_standin(int chan, int err, int standin);

static void reply(unsigned int i, int32_t res, uint32_t msg_flags,
		  uint32_t len)
{
	afk_hdr_fill((struct afk_hdr *)out, AFK_REPLY, 0, msg_flags, res, len);
	if (send(conns[i].fd, out, sizeof(struct afk_hdr) + len,
		 MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
		conns[i].fd = -conns[i].fd - 1;	/* dropped by the loop */
}

/*
 * In the child of serve_accept(): keep only the clone and requester @i's
 * connection, answer it with the clone's stand-in, serve the clone.
 */
static void become_clone_keeper(unsigned int i, struct afs_sock *clone)
{
	int chan = conns[i].fd < 0 ? -conns[i].fd - 1 : conns[i].fd;
	unsigned int j;
	int standin, err = 0;

	for (j = 0; j < nconns; j++) {
		int fd = conns[j].fd < 0 ? -conns[j].fd - 1 : conns[j].fd;

		if (j != i)
			close(fd);
	}
	nconns = 0;
	standin_gone = false;
	if (standin_inode >= 0)
		close(standin_inode);	/* the parent's stand-in's */
	standin_inode = -1;
	afk_diag_close(&diag);		/* the parent's socket, for its replies */
	afs_put(op);
	op = clone;
	standin = make_standin();
	if (standin < 0)
		err = -EMFILE;
	else
		watch_standin(standin);
	send_standin(chan, err, standin);
	close(chan);
	if (standin >= 0) {
		close(standin);
		serve_loop();
	}
	afs_put(op);
	afs_put(tfm);
	afs_wipe(out, sizeof(out));
	__atomic_sub_fetch(family_live, 1, __ATOMIC_RELAXED);
	exit(err ? 1 : 0);
}

/*
 * AFK_ACCEPT from connection @i: hash_accept() on the socket, the clone
 * served by a child keeper, which answers @i.  Only hash sockets accept
 * (the kernel's skcipher and aead op sockets have sock_no_accept).
 */
static void serve_accept(unsigned int i)
{
	struct afs_sock *clone = NULL;
	int err;
	pid_t pid;

	if (op->type != AFS_HASH || !op->ops->accept_op) {
		reply(i, -EOPNOTSUPP, 0, 0);
		return;
	}
	/* hash_accept_nokey(): a socket whose tfm still needs a key */
	err = op->nokey ? afs_check_key(op) : 0;
	if (err) {
		reply(i, err, 0, 0);
		return;
	}
	if (__atomic_add_fetch(family_live, 1, __ATOMIC_RELAXED) >
	    AFK_MAX_CLONES) {
		__atomic_sub_fetch(family_live, 1, __ATOMIC_RELAXED);
		reply(i, -EMFILE, 0, 0);
		return;
	}
	err = op->ops->accept_op(op, &clone);
	if (err) {
		__atomic_sub_fetch(family_live, 1, __ATOMIC_RELAXED);
		reply(i, err, 0, 0);
		return;
	}
	pid = fork();
	if (pid == 0)
		become_clone_keeper(i, clone);
	afs_put(clone);		/* the child's now, or nobody's */
	if (pid < 0) {
		__atomic_sub_fetch(family_live, 1, __ATOMIC_RELAXED);
		reply(i, -EAGAIN, 0, 0);
	}
}

/* clone keepers that exited: reaped, so that none stays a zombie */
static void reap_clones(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

/*
 * May a holder of @uid greet on one more connection?  Counted over the
 * greeted ones: a share per uid, and one for the keeper's own uid that
 * the others together cannot take.
 */
static bool share_left(uid_t uid)
{
	unsigned int i, all = 0, same = 0, others = 0;

	for (i = 0; i < nconns; i++) {
		if (!conns[i].accepted || conns[i].fd < 0)
			continue;
		all++;
		same += conns[i].uid == uid;
		others += conns[i].uid != own_uid;
	}
	if (all >= AFK_MAX_GREETED)
		return false;
	if (uid == own_uid)
		return true;
	return same < AFK_UID_CONNS && others < AFK_OTHERS_CONNS;
}

/* one request from connection @i, sent by a process of @uid */
static void serve(unsigned int i, const struct afk_msg *m, uid_t uid)
{
	uint8_t ctl[AFK_MAX_CTL] __attribute__((aligned(8)));
	struct iovec v;
	struct msghdr mh;
	ssize_t r;

	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &v;
	mh.msg_iovlen = 1;
	switch (m->op) {
	case AFK_HELLO:
		if (conns[i].accepted || uid == (uid_t)-1)
			break;
		if (!share_left(uid)) {
			/* refused: the connection ends, the holder gives up */
			reply(i, -EMFILE, 0, 0);
			if (conns[i].fd >= 0)
				conns[i].fd = -conns[i].fd - 1;
			return;
		}
		conns[i].accepted = true;
		conns[i].uid = uid;
		replenish(true);
		reply(i, (int32_t)op->type, 0, 0);
		return;
	case AFK_SEND:
		if (!conns[i].accepted)
			break;
		/* the control bytes, aligned as the kernel's copy is */
		memcpy(ctl, m->ctl, m->ctllen);
		mh.msg_control = m->ctllen ? ctl : NULL;
		mh.msg_controllen = m->ctllen;
		v.iov_base = (void *)m->data;
		v.iov_len = m->datalen;
		r = afs_sendmsg(op, -1, &mh, (int)(m->flags | MSG_DONTWAIT));
		reply(i, (int32_t)r, 0, 0);
		return;
	case AFK_RECV:
		if (!conns[i].accepted)
			break;
		v.iov_base = out + sizeof(struct afk_hdr);
		v.iov_len = m->arg;
		r = afs_recvmsg(op, -1, &mh, (int)(m->flags | MSG_DONTWAIT));
		reply(i, (int32_t)r, (uint32_t)mh.msg_flags,
		      r > 0 ? (uint32_t)r : 0);
		return;
	case AFK_POLL:
		if (!conns[i].accepted)
			break;
		reply(i, afs_poll_mask(op), 0, 0);
		return;
	case AFK_ACCEPT:
		if (!conns[i].accepted)
			break;
		serve_accept(i);
		return;
	default:
		break;
	}
	/* out of order: the connection ends */
	conns[i].fd = -conns[i].fd - 1;
}

/*
 * One record from connection @fd into rec, as recv(MSG_TRUNC) gives it,
 * and in *@uid the sender's uid the kernel attached (SO_PASSCRED), or
 * (uid_t)-1.  The control buffer has room for the credentials only:
 * descriptors a holder sends along are closed by the kernel (MSG_CTRUNC),
 * and any that got in are closed here.
 */
static ssize_t recv_record(int fd, uid_t *uid)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct ucred))];
		struct cmsghdr align;
	} u;
	struct iovec v = { rec, sizeof(rec) };
	struct msghdr mh;
	struct cmsghdr *c;
	struct ucred cred;
	ssize_t r;

	*uid = (uid_t)-1;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &v;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof(u.buf);
	r = recvmsg(fd, &mh, MSG_DONTWAIT | MSG_TRUNC | MSG_CMSG_CLOEXEC);
	if (r < 0)
		return r;
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		if (c->cmsg_level != SOL_SOCKET)
			continue;
		if (c->cmsg_type == SCM_CREDENTIALS &&
		    c->cmsg_len == CMSG_LEN(sizeof(cred))) {
			memcpy(&cred, CMSG_DATA(c), sizeof(cred));
			*uid = cred.uid;
		} else if (c->cmsg_type == SCM_RIGHTS &&
			   c->cmsg_len >= CMSG_LEN(0)) {
			size_t k, n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			int d;

			for (k = 0; k < n; k++) {
				memcpy(&d, CMSG_DATA(c) + k * sizeof(int),
				       sizeof(int));
				close(d);
			}
		}
	}
	return r;
}

static void serve_loop(void)
{
	struct pollfd p[AFK_MAX_CONNS];
	struct afk_msg m;
	unsigned int i, n;
	uid_t uid;
	ssize_t r;

	for (;;) {
		for (i = 0; i < nconns;) {
			if (conns[i].fd < 0) {
				conns[i].fd = -conns[i].fd - 1;
				conn_drop(i);
			} else {
				i++;
			}
		}
		replenish(false);
		reap_clones();
		if (!nconns && standin_gone)
			return;
		for (i = 0; i < nconns; i++) {
			p[i].fd = conns[i].fd;
			p[i].events = POLLIN;
		}
		n = nconns;
		if (poll(p, n, look_in()) < 0 && errno != EINTR)
			return;
		for (i = 0; i < n; i++) {
			/* dropped meanwhile (replenish(), a failed reply) */
			if (!p[i].revents || conns[i].fd < 0)
				continue;
			r = recv_record(conns[i].fd, &uid);
			if (r < 0 && errno == EAGAIN)
				continue;
			if (r <= 0 || afk_parse(rec, (size_t)r, 0, &m)) {
				/*
				 * closed, or not a record of ours; a pending
				 * one closes with the stand-in, which the next
				 * replenish() finds out
				 */
				conns[i].fd = -conns[i].fd - 1;
				continue;
			}
			serve(i, &m, uid);
		}
	}
}

#ifndef GRND_INSECURE
#define GRND_INSECURE 4
#endif

/*
 * 16 bytes for the stand-in's name: unique, not secret (every abstract
 * name is listed in /proc/net/unix; what protects a stand-in is that
 * only its holders can accept() from it).  GRND_INSECURE never waits for
 * the entropy pool (a guest just booted); the time and pid stand in
 * where it is unknown.
 */
static void name_bytes(uint8_t *rnd, size_t n)
{
	struct timespec t;
	uint64_t v;
	size_t i;

	if (getrandom(rnd, n, GRND_INSECURE) == (ssize_t)n ||
	    getrandom(rnd, n, GRND_NONBLOCK) == (ssize_t)n)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t);
	v = (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
	v ^= (uint64_t)getpid() << 40;
	for (i = 0; i < n; i++) {
		v = v * 6364136223846793005u + 1442695040888963407u;
		rnd[i] = (uint8_t)(v >> 56);
	}
}

/* one try at a stand-in on a fresh name: its descriptor, or -1 (errno) */
static int try_standin(void)
{
	static const char hex[] = "0123456789abcdef";
	uint8_t rnd[16];
	int fd, e;
	size_t i;

	name_bytes(rnd, sizeof(rnd));
	memset(&name, 0, sizeof(name));
	name.sun_family = AF_UNIX;
	memcpy(name.sun_path + 1, AFK_NAME_PREFIX, sizeof(AFK_NAME_PREFIX) - 1);
	for (i = 0; i < sizeof(rnd); i++) {
		name.sun_path[sizeof(AFK_NAME_PREFIX) + 2 * i] = hex[rnd[i] >> 4];
		name.sun_path[sizeof(AFK_NAME_PREFIX) + 2 * i + 1] =
			hex[rnd[i] & 15];
	}
	namelen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
			      AFK_NAME_LEN);
	target = name;
	targetlen = namelen;
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&name, namelen) < 0 ||
	    listen(fd, 8) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/*
 * The stand-in bound to a path only this process can reach: a fresh
 * 0700 directory (mkdtemp()), the socket bound in it, an O_PATH
 * descriptor of the socket's inode kept, the path and the directory
 * removed at once; the keeper connects through /proc/self/fd/N, which
 * no other process can follow (not dumpable).  The first connection is
 * made here, as the test that the link works: the stand-in's
 * descriptor, or -1 with nothing left behind (no /tmp to write, no
 * /proc).
 */
static int try_path_standin(void)
{
	char dir[] = AFK_PATH_DIR "XXXXXX";
	struct ucred cred;
	socklen_t l;
	int fd = -1, c = -1;
	bool bound = false;

	if (!mkdtemp(dir))
		return -1;
	memset(&name, 0, sizeof(name));
	name.sun_family = AF_UNIX;
	snprintf(name.sun_path, sizeof(name.sun_path), "%s/%s", dir,
		 AFK_PATH_LEAF);
	namelen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
			      strlen(name.sun_path) + 1);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		goto fail;
	if (bind(fd, (struct sockaddr *)&name, namelen) < 0)
		goto fail;
	bound = true;
	if (listen(fd, 8) < 0)
		goto fail;
	standin_inode = open(name.sun_path, O_PATH | O_CLOEXEC | O_NOFOLLOW);
	if (standin_inode < 0)
		goto fail;
	unlink(name.sun_path);
	rmdir(dir);
	bound = false;
	memset(&target, 0, sizeof(target));
	target.sun_family = AF_UNIX;
	snprintf(target.sun_path, sizeof(target.sun_path), "/proc/self/fd/%d",
		 standin_inode);
	targetlen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
				strlen(target.sun_path) + 1);
	c = pending_socket();
	if (c < 0 || connect(c, (struct sockaddr *)&target, targetlen) < 0)
		goto fail;
	/*
	 * the listener is this process: nobody (of our uid: nobody else
	 * enters the directory) put another socket at the path before open()
	 */
	l = sizeof(cred);
	if (getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &l) ||
	    l != sizeof(cred) || cred.pid != getpid())
		goto fail;
	if (conn_add(c) < 0) {
		c = -1;		/* conn_add() closed it */
		goto fail;
	}
	return fd;
fail:
	if (c >= 0)
		close(c);
	if (standin_inode >= 0)
		close(standin_inode);
	standin_inode = -1;
	if (bound)
		unlink(name.sun_path);
	rmdir(dir);
	if (fd >= 0)
		close(fd);
	return -1;
}

/*
 * The stand-in: bound to a path nobody else can reach, else listening on
 * a fresh abstract name (a clash: another)
 */
static int make_standin(void)
{
	int fd, tries;

	fd = try_path_standin();
	if (fd >= 0)
		return fd;
	for (tries = 0; tries < 8; tries++) {
		fd = try_standin();
		if (fd >= 0 || errno != EADDRINUSE)
			return fd;
	}
	return -1;
}

/* hand the stand-in (or an error) to the creator, or an accept()'s caller */
static void send_standin(int chan, int err, int standin)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct afk_hdr h;
	struct iovec v = { &h, sizeof(h) };
	struct msghdr mh;
	struct cmsghdr *c;

	afk_hdr_fill(&h, AFK_REPLY, 0, 0, err, 0);
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &v;
	mh.msg_iovlen = 1;
	if (standin >= 0) {
		memset(&u, 0, sizeof(u));
		mh.msg_control = u.buf;
		mh.msg_controllen = sizeof(u.buf);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &standin, sizeof(int));
	}
	sendmsg(chan, &mh, MSG_NOSIGNAL | MSG_DONTWAIT);
}

int main(void)
{
	struct pollfd p = { AFK_CREATOR_FD, POLLIN, 0 };
	struct afk_msg m;
	sigset_t all;
	ssize_t r;
	int err, standin;

	/* nothing of this process is for anyone else's eyes or ptrace */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	signal(SIGPIPE, SIG_IGN);
	/* the stand-in's path and directory: the keeper's uid alone */
	umask(077);
	own_uid = geteuid();
	/* not the creator's child: it reaps the first process at once */
	switch (fork()) {
	case -1:
		return 1;
	case 0:
		break;
	default:
		_exit(0);
	}
	setsid();
	family_live = mmap(NULL, sizeof(*family_live), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (family_live == MAP_FAILED)
		return 1;
	*family_live = 1;
	if (poll(&p, 1, AFK_INIT_MS) != 1)
		return 1;
	r = recv(AFK_CREATOR_FD, rec, sizeof(rec), MSG_TRUNC);
	if (r <= 0 || afk_parse(rec, (size_t)r, 1, &m)) {
		send_standin(AFK_CREATOR_FD, -EPROTO, -1);
		return 1;
	}
	err = rebuild(&m);
	afs_wipe(rec, sizeof(rec));
	standin = err ? -1 : make_standin();
	if (!err && standin < 0)
		err = -EMFILE;
	if (!err)
		watch_standin(standin);
	send_standin(AFK_CREATOR_FD, err, standin);
	close(AFK_CREATOR_FD);
	if (standin >= 0)
		close(standin);
	if (!err)
		serve_loop();
	/* the last holder is gone: wipe the key and state */
	afk_diag_close(&diag);
	if (op)
		afs_put(op);
	if (tfm)
		afs_put(tfm);
	afs_wipe(out, sizeof(out));
	return err ? 1 : 0;
}
