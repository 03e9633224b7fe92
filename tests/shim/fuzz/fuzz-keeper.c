// SPDX-License-Identifier: GPL-2.0
/*
 * A hostile peer against the keeper protocol (docs/security.md, "The
 * keeper"), without libFuzzer:
 *
 *   fuzz-keeper KEEPER [-t SECONDS] [-s SEED]
 *
 * For an eighth of the budget, random and mutated records go through
 * afk_parse(), whose every accepted result must lie inside the record;
 * for another eighth, mutated sock_diag replies through
 * afk_diag_parse(), which must read nothing outside the reply and list
 * no more inodes than it has room for.
 * For the rest, a real keeper (KEEPER, started as the shim starts it,
 * holding hmac(sha256) with RFC 4231's key "Jefe") gets, on connections
 * taken from its stand-in: random bytes, valid records, their bit flips,
 * truncations, oversized and lying lengths, out-of-order operations,
 * connections abandoned halfway and replies never read, some from a
 * child of uid 65534 (when run as root), and connections made to its
 * name by someone who does not hold the stand-in; AFK_ACCEPT among them,
 * so that the keeper forks clone keepers whose replies (a stand-in) are
 * read, dropped or never read; records that carry a descriptor along
 * (SCM_RIGHTS), which the keeper must close.  Every 500 rounds a holder
 * greets on every connection it can take: of uid 65534 (when run as
 * root) it must be refused (-EMFILE) after at most 32, and a fresh
 * connection of ours must still be served meanwhile; of our own uid
 * (the keeper's), after at most 119; and a holder (of uid 65534 when
 * run as root) takes every connection it can for 300 ms and never
 * greets: a fresh connection of ours must be served meanwhile, and at
 * most 8 of its connections may be left open by the keeper.  Every 50
 * rounds a fresh
 * connection must still get RFC 4231 test case 2's HMAC within 2 s
 * (after ending whatever update the garbage left open, as any holder of
 * a shared socket may have to), and so must a clone made by AFK_ACCEPT
 * in the middle of that message, through its own stand-in.  At
 * the end the stand-in is closed and the keeper must exit with status 0
 * within 5 s (under ASan+UBSan: no error, no leak), and so must every
 * clone keeper left to us.
 *
 * Exit 0 on success; 1 with a message on a wrong answer, a hang, a crash
 * or a leak of the keeper.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>

#include "keeper-diag.h"
#include "keeper-proto.h"

#define HDR sizeof(struct afk_hdr)

static uint64_t rs;
static const char *keeper_path;
static unsigned long records, conns, clones_reaped, hoards, silent_taken;

static uint64_t rnd(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return rs;
}

static void fail(const char *what)
{
	fprintf(stderr, "fuzz-keeper: FAIL: %s (seed 0x%llx)\n", what,
		(unsigned long long)rs);
	exit(1);
}

/* ------------------------------------------------------------------ */
/* the parser                                                          */

/* AFK_INIT of hmac(sha256) keyed "Jefe" (RFC 4231 test case 2) into @b */
static size_t init_jefe(uint8_t *b)
{
	struct afk_init in;

	memset(&in, 0, sizeof(in));
	in.type = 0;
	in.has_key = 1;
	in.namelen = 12;
	in.keylen = 4;
	memcpy(b + HDR, &in, sizeof(in));
	memcpy(b + HDR + sizeof(in), "hmac(sha256)Jefe", 16);
	afk_hdr_fill((struct afk_hdr *)b, AFK_INIT, 0, 0, 0,
		     (uint32_t)(sizeof(in) + 16));
	return HDR + sizeof(in) + 16;
}

static size_t valid_record(uint8_t *b, int which)
{
	struct afk_hdr *h = (struct afk_hdr *)b;
	size_t n = 0;

	switch (which % 6) {
	case 0:
		afk_hdr_fill(h, AFK_HELLO, 0, 0, 0, 0);
		break;
	case 5:
		afk_hdr_fill(h, AFK_ACCEPT, 0, 0, 0, 0);
		break;
	case 1:
		n = rnd() % 64;
		memset(b + HDR, 'a', n);
		afk_hdr_fill(h, AFK_SEND, 0x8000, (uint32_t)(n / 2), 0,
			     (uint32_t)n);
		break;
	case 2:
		afk_hdr_fill(h, AFK_RECV, 0x40, 32, 0, 0);
		break;
	case 3:
		n = rnd() % 48;
		afk_hdr_fill(h, AFK_REPLY, 0, 0, (int32_t)n, (uint32_t)n);
		break;
	default:
		return init_jefe(b);
	}
	return HDR + n;
}

static void mutate(uint8_t *b, size_t *n, size_t cap)
{
	unsigned int k = rnd() % 6, i;

	switch (k) {
	case 0:		/* bit flips */
		for (i = 0; i < 1 + rnd() % 4 && *n; i++)
			b[rnd() % *n] ^= (uint8_t)(1u << (rnd() % 8));
		break;
	case 1:		/* truncate */
		*n = *n ? rnd() % *n : 0;
		break;
	case 2:		/* extend with garbage */
		i = (unsigned int)(rnd() % 256);
		if (*n + i <= cap) {
			for (; i; i--)
				b[(*n)++] = (uint8_t)rnd();
		}
		break;
	case 3:		/* a lying length or argument */
		if (*n >= HDR) {
			uint32_t v = (uint32_t)rnd();

			memcpy(b + (rnd() & 1 ? 12 : 20), &v, 4);
		}
		break;
	case 4:		/* another operation or version */
		if (*n >= HDR) {
			b[6] = (uint8_t)rnd();
			if (rnd() & 1)
				b[4] = (uint8_t)rnd();
		}
		break;
	default:	/* all random */
		*n = rnd() % cap;
		for (i = 0; i < *n; i++)
			b[i] = (uint8_t)rnd();
	}
}

static void fuzz_parser(time_t end)
{
	static uint8_t b[AFK_MAX_RECORD + 512];
	struct afk_msg m;
	unsigned long runs = 0;
	size_t n;

	while (time(NULL) < end) {
		n = valid_record(b, (int)(rnd() % 6));
		mutate(b, &n, rnd() % 8 ? 512 : sizeof(b));
		if (afk_parse(b, n, (int)(rnd() & 1), &m) == 0) {
			/* what was accepted lies inside the record */
			if ((m.ctllen && (m.ctl < b || m.ctl + m.ctllen > b + n)) ||
			    (m.datalen && (m.data < b ||
					   m.data + m.datalen > b + n)))
				fail("afk_parse accepted a range outside the record");
			if (m.op == AFK_INIT &&
			    m.iv + m.init.ivlen != b + n)
				fail("afk_parse accepted an AFK_INIT that does not add up");
		}
		runs++;
	}
	printf("parser: %lu records\n", runs);
}

/*
 * A reply of unix_diag to a request about the stand-in @d (made up):
 * one message with UNIX_DIAG_ICONS listing *@k random inodes.
 */
static size_t valid_diag(uint8_t *b, struct afk_diag *d, unsigned int *k)
{
	struct nlmsghdr h = { 0 };
	struct unix_diag_msg m = { 0 };
	struct nlattr a = { 0 };
	size_t off = 0;
	unsigned int i;
	uint32_t ino;

	d->nl = -1;
	d->ino = (uint32_t)rnd();
	d->cookie[0] = (uint32_t)rnd();
	d->cookie[1] = (uint32_t)rnd();
	d->seq = (uint32_t)rnd();
	*k = (unsigned int)(rnd() % 12);
	m.udiag_family = AF_UNIX;
	m.udiag_type = SOCK_SEQPACKET;
	m.udiag_state = 10;	/* TCP_LISTEN */
	m.udiag_ino = d->ino;
	m.udiag_cookie[0] = d->cookie[0];
	m.udiag_cookie[1] = d->cookie[1];
	a.nla_type = UNIX_DIAG_ICONS;
	a.nla_len = (uint16_t)(NLA_HDRLEN + 4 * *k);
	h.nlmsg_len = (uint32_t)(NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(m)) +
				 NLA_ALIGN(a.nla_len));
	h.nlmsg_type = SOCK_DIAG_BY_FAMILY;
	h.nlmsg_seq = d->seq;
	memcpy(b + off, &h, sizeof(h));
	off += NLMSG_HDRLEN;
	memcpy(b + off, &m, sizeof(m));
	off += NLMSG_ALIGN(sizeof(m));
	memcpy(b + off, &a, sizeof(a));
	off += NLA_HDRLEN;
	for (i = 0; i < *k; i++) {
		ino = (uint32_t)rnd();
		memcpy(b + off, &ino, 4);
		off += 4;
	}
	return off;
}

static void fuzz_diag_parser(time_t end)
{
	static uint8_t b[1024];
	uint32_t inos[AFK_DIAG_MAX_QUEUE];
	struct afk_diag d;
	unsigned long runs = 0;
	unsigned int k, max;
	uint8_t *exact;
	size_t n;
	int r;

	while (time(NULL) < end) {
		n = valid_diag(b, &d, &k);
		max = (unsigned int)(rnd() % (AFK_DIAG_MAX_QUEUE + 1));
		if (rnd() % 4) {
			mutate(b, &n, sizeof(b));
			if (rnd() & 1 && n >= 36) {
				/* a lying message or attribute length */
				uint16_t v = (uint16_t)rnd();

				memcpy(b + (rnd() & 1 ? 0 : 32), &v, 2);
			}
			k = ~0u;
		}
		/* exactly @n bytes, so that ASan sees a read past them */
		exact = malloc(n ? n : 1);
		if (!exact)
			fail("malloc");
		memcpy(exact, b, n);
		r = afk_diag_parse(exact, n, &d, inos, max);
		free(exact);
		if (r > (int)max)
			fail("afk_diag_parse listed more inodes than it had room for");
		if (k != ~0u && r != (k <= max ? (int)k : -E2BIG))
			fail("afk_diag_parse misread a well-formed reply");
		runs++;
	}
	printf("diag parser: %lu replies\n", runs);
}

/* ------------------------------------------------------------------ */
/* a live keeper                                                       */

/* one record from @c into @r (@cap bytes): its length in *@n, and the
 * descriptor it carries (SCM_RIGHTS), or -1 */
static int recv_with_fd(int c, uint8_t *r, size_t cap, ssize_t *n)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec v = { r, cap };
	struct msghdr mh;
	struct cmsghdr *cm;
	int fd = -1;

	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &v;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof(u.buf);
	*n = recvmsg(c, &mh, MSG_CMSG_CLOEXEC);
	cm = *n >= 0 ? CMSG_FIRSTHDR(&mh) : NULL;
	if (cm && cm->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	return fd;
}

/* start the keeper as the shim does; its stand-in, or exit */
static int start_keeper(pid_t *keeper)
{
	uint8_t b[256];
	struct ucred cred;
	socklen_t l = sizeof(cred);
	int sp[2], st, fd;
	char *argv[] = { (char *)"afalg-keeper", NULL }, *envp[] = { NULL };
	ssize_t n;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp))
		fail("socketpair");
	pid = fork();
	if (pid == 0) {
		if (dup2(sp[1], 3) != 3)
			_exit(127);
		execve(keeper_path, argv, envp);
		_exit(127);
	}
	close(sp[1]);
	waitpid(pid, &st, 0);
	if (send(sp[0], b, init_jefe(b), 0) < 0)
		fail("the keeper did not start");
	fd = recv_with_fd(sp[0], b, sizeof(b), &n);
	if (n != HDR)
		fail("the keeper did not answer AFK_INIT");
	if (fd < 0)
		fail("the keeper sent no stand-in");
	close(sp[0]);
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &l))
		fail("SO_PEERCRED of the stand-in");
	*keeper = cred.pid;
	return fd;
}

/* a connection from stand-in @fd that keeper @keeper made, or fail */
static int take(int fd, pid_t keeper)
{
	struct pollfd p = { fd, POLLIN, 0 };
	struct ucred cred;
	socklen_t l;
	int c, i;

	for (i = 0; i < 64; i++) {
		if (poll(&p, 1, 2000) != 1)
			fail("no pending connection on the stand-in within 2 s (hang)");
		c = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
		if (c < 0)
			fail("accept on the stand-in");
		l = sizeof(cred);
		if (!getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &l) &&
		    cred.pid == keeper)
			return c;
		close(c);	/* someone else's, connected by name */
	}
	fail("only strangers' connections on the stand-in");
	return -1;
}

/* request @b (@n bytes) and its reply, with a 2 s limit */
static ssize_t ask(int c, const uint8_t *b, size_t n, uint8_t *r)
{
	struct pollfd p = { c, POLLIN, 0 };

	if (send(c, b, n, MSG_NOSIGNAL) != (ssize_t)n)
		fail("request not sent");
	if (poll(&p, 1, 2000) != 1)
		fail("the keeper did not answer within 2 s (hang)");
	return recv(c, r, AFK_MAX_RECORD, MSG_TRUNC);
}

static const char data[] = "what do ya want for nothing?";
static const uint8_t want[32] = {
		0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e,
		0x6a, 0x04, 0x24, 0x26, 0x08, 0x95, 0x75, 0xc7,
		0x5a, 0x00, 0x3f, 0x08, 0x9d, 0x27, 0x39, 0x83,
	0x9d, 0xec, 0x58, 0xb9, 0x64, 0xec, 0x38, 0x43,
};

/* one request of @op on @c (@len payload bytes @p, argument @arg): res */
static int32_t call(int c, enum afk_op op, uint32_t flags, uint32_t arg,
		    const void *p, uint32_t len, struct afk_msg *m,
		    uint8_t *r)
{
	static uint8_t b[HDR + 64];
	ssize_t n;

	afk_hdr_fill((struct afk_hdr *)b, op, flags, arg, 0, len);
	if (len)
		memcpy(b + HDR, p, len);
	n = ask(c, b, HDR + len, r);
	if (n < 0 || afk_parse(r, (size_t)n, 0, m) || m->op != AFK_REPLY)
		fail("a reply out of shape");
	return m->res;
}

/* the rest of test case 2's message on @c, whose update holds its first
 * @done bytes: the HMAC must be test case 2's */
static void finish_jefe(int c, uint32_t done, const char *what)
{
	static uint8_t r[AFK_MAX_RECORD];
	struct afk_msg m;

	if (call(c, AFK_SEND, 0, 0, data + done, 28 - done, &m, r) !=
	    (int32_t)(28 - done))
		fail(what);
	if (call(c, AFK_RECV, 0, 32, NULL, 0, &m, r) != 32 ||
	    m.datalen != 32 || memcmp(m.data, want, 32))
		fail(what);
}

/*
 * AFK_ACCEPT on @c with 10 bytes of test case 2 in the update: the reply
 * carries the clone's stand-in; both the clone (through a connection of
 * its own keeper) and the original finish the message with its HMAC.
 */
static void check_accept(int c)
{
	static uint8_t r[AFK_MAX_RECORD];
	struct pollfd p = { c, POLLIN, 0 };
	struct afk_msg m;
	struct ucred cred;
	socklen_t l = sizeof(cred);
	uint8_t b[HDR];
	int standin, cc;
	ssize_t n;

	if (call(c, AFK_SEND, 0x8000, 0, data, 10, &m, r) != 10)
		fail("AFK_SEND of 10 bytes with MSG_MORE failed");
	afk_hdr_fill((struct afk_hdr *)b, AFK_ACCEPT, 0, 0, 0, 0);
	if (send(c, b, HDR, MSG_NOSIGNAL) != HDR)
		fail("AFK_ACCEPT not sent");
	if (poll(&p, 1, 2000) != 1)
		fail("no answer to AFK_ACCEPT within 2 s (hang)");
	standin = recv_with_fd(c, r, sizeof(r), &n);
	if (n < 0 || afk_parse(r, (size_t)n, 0, &m) || m.res != 0 ||
	    standin < 0)
		fail("AFK_ACCEPT: no clone's stand-in in the reply");
	if (getsockopt(standin, SOL_SOCKET, SO_PEERCRED, &cred, &l))
		fail("SO_PEERCRED of the clone's stand-in");
	cc = take(standin, cred.pid);
	if (call(cc, AFK_HELLO, 0, 0, NULL, 0, &m, r) != 0)
		fail("AFK_HELLO to the clone's keeper: not a hash socket");
	finish_jefe(cc, 10, "the clone's HMAC of RFC 4231 test case 2 is wrong");
	finish_jefe(c, 10, "the original's HMAC after AFK_ACCEPT is wrong");
	close(cc);
	close(standin);
}

/* RFC 4231 test case 2, from a fresh connection */
static void check_alive(int fd, pid_t keeper)
{
	static uint8_t b[HDR + 64], r[AFK_MAX_RECORD];
	struct afk_msg m;
	int c = take(fd, keeper);
	ssize_t n;

	afk_hdr_fill((struct afk_hdr *)b, AFK_HELLO, 0, 0, 0, 0);
	n = ask(c, b, HDR, r);
	if (n < 0 || afk_parse(r, (size_t)n, 0, &m) || m.op != AFK_REPLY ||
	    m.res != 0)
		fail("AFK_HELLO: no hash socket in the reply");
	/*
	 * The garbage included valid MSG_MORE sends, which a holder may do
	 * to a shared socket as to the kernel's: end any open update and
	 * drop its digest (an empty send, a receive) before asking.
	 */
	afk_hdr_fill((struct afk_hdr *)b, AFK_SEND, 0, 0, 0, 0);
	n = ask(c, b, HDR, r);
	if (n < 0 || afk_parse(r, (size_t)n, 0, &m) || m.res != 0)
		fail("an empty AFK_SEND failed");
	afk_hdr_fill((struct afk_hdr *)b, AFK_RECV, 0, 32, 0, 0);
	n = ask(c, b, HDR, r);
	if (n < 0 || afk_parse(r, (size_t)n, 0, &m) || m.res != 32)
		fail("AFK_RECV after an empty send failed");
	afk_hdr_fill((struct afk_hdr *)b, AFK_SEND, 0, 0, 0, 28);
	memcpy(b + HDR, data, 28);
	n = ask(c, b, HDR + 28, r);
	if (n < 0 || afk_parse(r, (size_t)n, 0, &m) || m.res != 28)
		fail("AFK_SEND of 28 bytes did not take 28");
	afk_hdr_fill((struct afk_hdr *)b, AFK_RECV, 0, 32, 0, 0);
	n = ask(c, b, HDR, r);
	if (n < 0 || afk_parse(r, (size_t)n, 0, &m) || m.res != 32 ||
	    m.datalen != 32 || memcmp(m.data, want, 32))
		fail("the HMAC of RFC 4231 test case 2 is wrong");
	check_accept(c);
	close(c);
}

/* record @b (@n bytes) on @c with descriptor @fd along (SCM_RIGHTS) */
static ssize_t send_with_fd(int c, const uint8_t *b, size_t n, int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec v = { (void *)b, n };
	struct msghdr mh;
	struct cmsghdr *cm;

	memset(&u, 0, sizeof(u));
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &v;
	mh.msg_iovlen = 1;
	mh.msg_control = u.buf;
	mh.msg_controllen = sizeof(u.buf);
	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	return sendmsg(c, &mh, MSG_NOSIGNAL | MSG_DONTWAIT);
}

/* one hostile connection: a burst of records, replies read or not */
static void hostile(int fd, pid_t keeper)
{
	static uint8_t b[AFK_MAX_RECORD + 4096], r[AFK_MAX_RECORD];
	int c = take(fd, keeper), i, burst = 1 + (int)(rnd() % 20);
	ssize_t sent;
	size_t n;

	conns++;
	for (i = 0; i < burst; i++) {
		if (i == 0 && rnd() % 3 == 0)
			n = valid_record(b, 0);		/* a proper start */
		else
			n = valid_record(b, (int)(rnd() % 6));
		if (rnd() % 4)
			mutate(b, &n, rnd() % 16 ? 1024 : sizeof(b));
		/* a descriptor along: the keeper must close it */
		if (rnd() % 8 == 0)
			sent = send_with_fd(c, b, n, c);
		else
			sent = send(c, b, n, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (sent < 0)
			break;
		records++;
		if (rnd() % 2)
			while (recv(c, r, sizeof(r), MSG_DONTWAIT) > 0)
				;
	}
	close(c);
}

/* someone who does not hold the stand-in connects to its name */
static void stranger(int fd)
{
	struct sockaddr_un a;
	socklen_t l = sizeof(a);
	int c;

	if (getsockname(fd, (struct sockaddr *)&a, &l))
		return;
	c = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (c < 0)
		return;
	if (connect(c, (struct sockaddr *)&a, l) == 0)
		send(c, "hello", 5, MSG_NOSIGNAL | MSG_DONTWAIT);
	close(c);
}

/*
 * A holder that greets on every connection it can take, into @held (room
 * for @cap): how many the keeper accepted before it refused one with
 * -EMFILE, or fail.  The connections stay open for the caller to close.
 */
static int hoard(int fd, pid_t keeper, int *held, int cap)
{
	static uint8_t b[HDR], r[AFK_MAX_RECORD];
	struct afk_msg m;
	int n = 0, c;
	ssize_t got;

	while (n < cap) {
		c = take(fd, keeper);
		afk_hdr_fill((struct afk_hdr *)b, AFK_HELLO, 0, 0, 0, 0);
		got = ask(c, b, HDR, r);
		if (got < 0 || afk_parse(r, (size_t)got, 0, &m) ||
		    m.op != AFK_REPLY)
			fail("a reply to AFK_HELLO out of shape");
		if (m.res == -EMFILE) {
			close(c);
			return n;
		}
		if (m.res != 0)
			fail("AFK_HELLO: neither a hash socket nor EMFILE");
		held[n++] = c;
	}
	fail("a holder greeted on more connections than the keeper has");
	return -1;
}

/* greet on all we can as our own uid (the keeper's), then let them go */
static void hoard_own(int fd, pid_t keeper)
{
	int held[128], n = hoard(fd, keeper, held, 128);

	if (n < 1 || n > 119)
		fail("the keeper's own uid greeted on more than 119 connections");
	while (n--)
		close(held[n]);
}

/*
 * A child of uid 65534 greets on all it can: at most 32; meanwhile a
 * fresh connection of ours (the keeper's uid) is served.
 */
static void hoard_other(int fd, pid_t keeper)
{
	int go[2], done[2], st, held[128], n;
	char x = 0;
	pid_t child;

	if (pipe(go) || pipe(done))
		fail("pipe");
	child = fork();
	if (child == 0) {
		close(go[0]);
		close(done[1]);
		if (setgid(65534) || setuid(65534))
			_exit(2);
		n = hoard(fd, keeper, held, 128);
		x = (char)n;
		if (write(go[1], &x, 1) != 1 || read(done[0], &x, 1) < 0)
			_exit(3);
		_exit(0);
	}
	close(go[1]);
	close(done[0]);
	if (read(go[0], &x, 1) != 1)
		fail("the uid-65534 hoarder failed");
	if (x < 1 || x > 32)
		fail("a uid-65534 holder greeted on more than 32 connections");
	check_alive(fd, keeper);
	close(done[1]);
	close(go[0]);
	waitpid(child, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		fail("the uid-65534 hoarder failed");
	hoards++;
}

/*
 * In a child (of uid 65534 when root): take every connection that comes
 * for 300 ms, greet none, then after 200 ms report in one byte how many
 * the keeper left open (no end of file on them).
 */
static void silent_child(int fd, int report)
{
	static int held[4096];
	struct pollfd p = { fd, POLLIN, 0 };
	struct timespec t0, t;
	int n = 0, left = 0, i;
	uint8_t x;

	if (geteuid() == 0 && (setgid(65534) || setuid(65534)))
		_exit(2);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		/* a blocking stand-in shared with the parent: poll first */
		if (n < 4096 && poll(&p, 1, 0) == 1) {
			held[n] = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
			n += held[n] >= 0;
		}
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 +
		 (t.tv_nsec - t0.tv_nsec) / 1000000 < 300);
	usleep(200000);
	for (i = 0; i < n; i++) {
		struct pollfd q = { held[i], POLLIN, 0 };

		left += poll(&q, 1, 0) == 0;
	}
	x = (uint8_t)(left > 255 ? 255 : left);
	if (write(report, &x, 1) != 1 || write(report, &n, sizeof(n)) !=
	    sizeof(n))
		_exit(3);
	_exit(0);
}

/* a silent hoarder meanwhile: we are served, it keeps at most 8 */
static void hoard_silent(int fd, pid_t keeper)
{
	int rep[2], st, n = 0;
	uint8_t left = 0;
	pid_t child;

	if (pipe(rep))
		fail("pipe");
	child = fork();
	if (child == 0) {
		close(rep[0]);
		silent_child(fd, rep[1]);
	}
	close(rep[1]);
	check_alive(fd, keeper);
	if (read(rep[0], &left, 1) != 1 ||
	    read(rep[0], &n, sizeof(n)) != sizeof(n))
		fail("the silent hoarder failed");
	close(rep[0]);
	waitpid(child, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		fail("the silent hoarder failed");
	if (left > 8)
		fail("the keeper left a silent hoarder more than 8 connections");
	silent_taken += (unsigned long)n;
}

static void fuzz_keeper(time_t end)
{
	pid_t keeper, child;
	int fd = start_keeper(&keeper), st, i;
	unsigned long rounds = 0;
	time_t until;

	check_alive(fd, keeper);
	while (time(NULL) < end) {
		if (rnd() % 16 == 0) {
			stranger(fd);
		} else if (rnd() % 32 == 0 && geteuid() == 0) {
			/* the same from another uid */
			child = fork();
			if (child == 0) {
				if (setgid(65534) || setuid(65534))
					_exit(2);
				for (i = 0; i < 5; i++)
					hostile(fd, keeper);
				_exit(0);
			}
			waitpid(child, &st, 0);
			if (!WIFEXITED(st) || WEXITSTATUS(st))
				fail("the uid-65534 peer failed");
		} else {
			hostile(fd, keeper);
		}
		if (++rounds % 500 == 0) {
			hoard_own(fd, keeper);
			if (geteuid() == 0)
				hoard_other(fd, keeper);
			hoard_silent(fd, keeper);
		}
		if (rounds % 50 == 0)
			check_alive(fd, keeper);
	}
	check_alive(fd, keeper);
	close(fd);
	/* the stand-in is gone: the keeper wipes and exits */
	until = time(NULL) + 5;
	for (;;) {
		pid_t w = waitpid(keeper, &st, WNOHANG);

		if (w == keeper)
			break;
		if (w < 0)
			fail("the keeper is not our child to wait for");
		if (time(NULL) > until)
			fail("the keeper did not exit within 5 s of the stand-in's close");
		usleep(10000);
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		fail("the keeper exited with an error, a sanitizer report or a signal");
	/* clone keepers it left to us (we are the subreaper) exit too */
	until = time(NULL) + 5;
	for (;;) {
		pid_t w = waitpid(-1, &st, WNOHANG);

		if (w < 0)
			break;		/* none left */
		if (w > 0 && (!WIFEXITED(st) || WEXITSTATUS(st)))
			fail("a clone keeper exited with an error, a sanitizer report or a signal");
		if (w > 0) {
			clones_reaped++;
			continue;
		}
		if (time(NULL) > until)
			fail("a clone keeper did not exit within 5 s of the keeper");
		usleep(10000);
	}
	printf("keeper: %lu rounds, %lu connections, %lu records, "
	       "%lu clone keepers reaped here, %lu uid-65534 hoards refused, "
	       "%lu connections taken silently\n",
	       rounds, conns, records, clones_reaped, hoards, silent_taken);
}

int main(int argc, char **argv)
{
	unsigned int secs = 20;
	time_t start;
	int a;

	rs = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ull | 1;
	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-t") && a + 1 < argc)
			secs = (unsigned int)atoi(argv[++a]);
		else if (!strcmp(argv[a], "-s") && a + 1 < argc)
			rs = strtoull(argv[++a], NULL, 0) | 1;
		else
			keeper_path = argv[a];
	}
	if (!keeper_path) {
		fprintf(stderr, "usage: fuzz-keeper KEEPER [-t SECONDS] [-s SEED]\n");
		return 2;
	}
	printf("seed 0x%llx\n", (unsigned long long)rs);
	fflush(stdout);
	signal(SIGPIPE, SIG_IGN);
	/* the keeper forks once: it is reparented to us, to be waited for */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	start = time(NULL);
	fuzz_parser(start + secs / 8);
	fuzz_diag_parser(start + secs / 4);
	fuzz_keeper(start + secs);
	printf("ok\n");
	return 0;
}
