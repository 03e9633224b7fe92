// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe: the shim must be invisible to everything that is not AF_ALG.
 *
 * "hygiene" prints a transcript of ordinary descriptor, socket, netlink,
 * AIO, signal and errno operations; test_probe.py runs it with and without
 * the shim and requires the two transcripts to be identical.
 *
 * "fds" checks, under the shim, that AF_ALG descriptors are real
 * descriptors (numbers never collide, dup/dup2/close_range/fork behave) and
 * that successful AF_ALG calls leave errno, signal dispositions and the
 * signal mask alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include "probe.h"

#define T(fmt, ...) printf("T " fmt "\n", ##__VA_ARGS__)

/* "r=<value> errno=<name>": the errno only matters on failure */
static void res(const char *what, long r)
{
	int e = errno;

	if (r < 0)
		T("%s -> -1 %s", what, strerrorname_np(e) ? strerrorname_np(e) : "?");
	else
		T("%s -> %ld", what, r);
	errno = e;
}

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static void sig_transcript(const char *when)
{
	struct sigaction sa;
	sigset_t m;
	char line[200];
	int s, o = 0;

	for (s = 1; s < 65; s++) {
		if (s == SIGKILL || s == SIGSTOP || (s > 31 && s < SIGRTMIN))
			continue;
		if (sigaction(s, NULL, &sa) < 0)
			continue;
		if (sa.sa_handler != SIG_DFL)
			o += snprintf(line + o, sizeof(line) - o, "%d%s ", s,
				      sa.sa_handler == SIG_IGN ? "i" : "h");
	}
	line[o] = 0;
	T("%s: non-default dispositions: %s", when, line);
	sigprocmask(SIG_BLOCK, NULL, &m);
	o = 0;
	for (s = 1; s < 65; s++)
		if (sigismember(&m, s) == 1)
			o += snprintf(line + o, sizeof(line) - o, "%d ", s);
	line[o] = 0;
	T("%s: blocked: %s", when, line);
}

/*
 * What the hygiene transcript opens: the steps below share it, in order,
 * so that every descriptor number is the one it always was.
 */
struct hygiene {
	char buf[256], path[sizeof("/tmp/shim-probe-hyg-XXXXXX")];
	int p[2], sv[2], fd, ls, cs, as, nl, f, efd;
	struct sockaddr_in sin;
};

/* plain descriptors */
static void hygiene_plain(struct hygiene *h)
{
	int fd2;

	h->fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	T("open /dev/null -> %d", h->fd);
	res("pipe2", pipe2(h->p, O_CLOEXEC));
	T("pipe fds %d %d", h->p[0], h->p[1]);
	errno = 4242;
	res("write pipe", write(h->p[1], "hello", 5));
	T("errno after a successful write: %d", errno);
	res("read pipe", read(h->p[0], h->buf, sizeof(h->buf)));
	errno = 0;
	res("close(-1)", close(-1));
	res("close(999)", close(999));
	res("read(999)", read(999, h->buf, 1));
	res("write(999)", write(999, h->buf, 1));
	res("dup(fd)", fd2 = dup(h->fd));
	res("dup2(fd, 20)", dup2(h->fd, 20));
	res("dup3(fd, 21, O_CLOEXEC)", dup3(h->fd, 21, O_CLOEXEC));
	res("dup3(fd, fd, 0)", dup3(h->fd, h->fd, 0));
	res("fcntl F_DUPFD 30", fcntl(h->fd, F_DUPFD, 30));
	res("fcntl F_DUPFD_CLOEXEC 40", fcntl(h->fd, F_DUPFD_CLOEXEC, 40));
	res("fcntl F_GETFD 21", fcntl(21, F_GETFD));
	res("close_range(20, 40, 0)", syscall(SYS_close_range, 20, 40, 0));
	res("fcntl F_GETFD 30 after close_range", fcntl(30, F_GETFD));
	res("close fd2", close(fd2));
}

/* sockets of other families */
static void hygiene_inet(struct hygiene *h)
{
	socklen_t sl;

	res("socket(12345)", socket(12345, SOCK_STREAM, 0));
	res("socket(AF_INET, 99)", socket(AF_INET, 99, 0));
	h->ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	T("tcp listen socket %d", h->ls);
	memset(&h->sin, 0, sizeof(h->sin));
	h->sin.sin_family = AF_INET;
	h->sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	res("bind 127.0.0.1:0", bind(h->ls, (struct sockaddr *)&h->sin, sizeof(h->sin)));
	sl = sizeof(h->sin);
	res("getsockname", getsockname(h->ls, (struct sockaddr *)&h->sin, &sl));
	T("family %d len %u", h->sin.sin_family, sl);
	res("listen", listen(h->ls, 4));
	h->cs = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	res("connect", connect(h->cs, (struct sockaddr *)&h->sin, sizeof(h->sin)));
	h->as = accept4(h->ls, NULL, NULL, SOCK_CLOEXEC);
	T("accepted %d", h->as);
	res("send", send(h->cs, "tcpdata", 7, 0));
	res("recv", recv(h->as, h->buf, sizeof(h->buf), MSG_WAITALL & 0));
	res("setsockopt SO_REUSEADDR", setsockopt(h->ls, SOL_SOCKET, SO_REUSEADDR,
						   &(int){ 1 }, sizeof(int)));
	{
		int v = 0;

		sl = sizeof(v);
		res("getsockopt SO_TYPE", getsockopt(h->cs, SOL_SOCKET, SO_TYPE, &v, &sl));
		T("SO_TYPE %d", v);
	}
	res("accept on a connected socket", accept(h->cs, NULL, NULL));
	res("sendmsg on a pipe", sendmsg(h->p[1], &(struct msghdr){ 0 }, 0));
	res("bind on a pipe", bind(h->p[0], (struct sockaddr *)&h->sin, sizeof(h->sin)));
	res("setsockopt on a file", setsockopt(h->fd, SOL_SOCKET, SO_RCVBUF,
					       &(int){ 4096 }, sizeof(int)));
	res("getsockname on a file", getsockname(h->fd, (struct sockaddr *)&h->sin, &sl));
	res("ioctl FIONREAD pipe", ioctl(h->p[0], FIONREAD, &(int){ 0 }));
}

/* SCM_RIGHTS over a socketpair, and the mmsg calls */
static void hygiene_unix(struct hygiene *h)
{
	res("socketpair", socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, h->sv));
	{
		union {
			char b[CMSG_SPACE(sizeof(int))];
			struct cmsghdr a;
		} u;
		struct msghdr m = { 0 };
		struct iovec v = { "x", 1 };
		struct cmsghdr *c;

		m.msg_iov = &v;
		m.msg_iovlen = 1;
		m.msg_control = u.b;
		m.msg_controllen = sizeof(u.b);
		c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &h->fd, sizeof(int));
		res("sendmsg SCM_RIGHTS", sendmsg(h->sv[0], &m, 0));
		v.iov_base = h->buf;
		m.msg_controllen = sizeof(u.b);
		res("recvmsg SCM_RIGHTS", recvmsg(h->sv[1], &m, MSG_CMSG_CLOEXEC));
		T("controllen %zu flags %d", (size_t)m.msg_controllen, m.msg_flags);
		c = CMSG_FIRSTHDR(&m);
		if (c) {
			int got;

			memcpy(&got, CMSG_DATA(c), sizeof(int));
			T("received fd %d", got);
			close(got);
		}
	}
	{
		struct mmsghdr mm[2];
		struct iovec v[2] = { { "a", 1 }, { "bb", 2 } };

		memset(mm, 0, sizeof(mm));
		mm[0].msg_hdr.msg_iov = &v[0];
		mm[0].msg_hdr.msg_iovlen = 1;
		mm[1].msg_hdr.msg_iov = &v[1];
		mm[1].msg_hdr.msg_iovlen = 1;
		res("sendmmsg", sendmmsg(h->sv[0], mm, 2, 0));
		v[0].iov_base = h->buf;
		v[0].iov_len = 10;
		v[1].iov_base = h->buf + 10;
		v[1].iov_len = 10;
		res("recvmmsg", recvmmsg(h->sv[1], mm, 2, MSG_DONTWAIT, NULL));
		T("lens %u %u", mm[0].msg_len, mm[1].msg_len);
	}
}

/* a non-crypto netlink socket passes through */
static void hygiene_netlink(struct hygiene *h)
{
	socklen_t sl;

	h->nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	T("netlink route socket %d", h->nl);
	{
		struct sockaddr_nl sa_nl = { .nl_family = AF_NETLINK };

		res("bind netlink route", bind(h->nl, (struct sockaddr *)&sa_nl, sizeof(sa_nl)));
		sl = sizeof(sa_nl);
		res("getsockname netlink", getsockname(h->nl, (struct sockaddr *)&sa_nl, &sl));
		T("nl_family %d len %u", sa_nl.nl_family, sl);
	}
}

/* poll, select, splice, sendfile on ordinary descriptors */
static void hygiene_waits(struct hygiene *h)
{
	struct pollfd pv[2];

	write(h->p[1], "z", 1);
	pv[0] = (struct pollfd){ .fd = h->p[0], .events = POLLIN };
	pv[1] = (struct pollfd){ .fd = h->sv[0], .events = POLLOUT };
	res("poll", poll(pv, 2, 0));
	T("revents %x %x", pv[0].revents, pv[1].revents);
	{
		fd_set rs;
		struct timeval tv = { 0, 0 };

		FD_ZERO(&rs);
		FD_SET(h->p[0], &rs);
		res("select", select(h->p[0] + 1, &rs, NULL, NULL, &tv));
		T("isset %d", FD_ISSET(h->p[0], &rs) ? 1 : 0);
	}
	read(h->p[0], h->buf, 1);
	h->f = mkstemp(h->path);
	unlink(h->path);
	write(h->f, "0123456789abcdef", 16);
	lseek(h->f, 0, SEEK_SET);
	res("sendfile file -> socketpair", sendfile(h->sv[0], h->f, NULL, 16));
	res("recv", recv(h->sv[1], h->buf, sizeof(h->buf), 0));
	lseek(h->f, 0, SEEK_SET);
	res("splice file -> pipe", splice(h->f, NULL, h->p[1], NULL, 8, 0));
	res("splice pipe -> socketpair", splice(h->p[0], NULL, h->sv[0], NULL, 8, 0));
	res("read back", recv(h->sv[1], h->buf, sizeof(h->buf), 0));
	h->buf[8] = 0;
	T("data %s", h->buf);
}

/* AIO on a file through syscall() */
static void hygiene_aio(struct hygiene *h)
{
	aio_context_t ctx = 0;

	res("io_setup", sys_io_setup(4, &ctx));
	h->efd = eventfd(0, EFD_CLOEXEC);
	{
		struct iocb cb, *cbs[1] = { &cb };
		struct io_event ev;
		struct timespec ts = { 1, 0 };
		uint64_t n = 0;

		aio_prep(&cb, h->f, IOCB_CMD_PREAD, h->buf, 10, h->efd, 77);
		cb.aio_offset = 3;
		res("io_submit file", sys_io_submit(ctx, 1, cbs));
		res("eventfd read", read(h->efd, &n, 8));
		res("io_getevents", sys_io_getevents(ctx, 1, 1, &ev, &ts));
		h->buf[10] = 0;
		T("event data %llu res %lld buf %s count %llu",
		  (unsigned long long)ev.data, (long long)ev.res, h->buf,
		  (unsigned long long)n);
		cb.aio_lio_opcode = 99;
		res("io_submit bad opcode", sys_io_submit(ctx, 1, cbs));
		res("io_getevents bad ctx", sys_io_getevents(12345, 1, 1, &ev, &ts));
		res("io_destroy", sys_io_destroy(ctx));
	}
	res("syscall(SYS_close, -1)", syscall(SYS_close, -1));
	T("syscall(SYS_getpid) matches getpid: %d",
	  syscall(SYS_getpid) == getpid());
}

/* signals: EINTR on an ordinary blocking read is untouched;
 * fork + wait */
static void hygiene_signals(struct hygiene *h)
{
	struct itimerval it;
	struct sigaction sa;
	long r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);	/* no SA_RESTART */
	memset(&it, 0, sizeof(it));
	it.it_value.tv_usec = 50000;
	setitimer(ITIMER_REAL, &it, NULL);
	errno = 0;
	r = read(h->p[0], h->buf, 1);
	res("read interrupted by SIGALRM", r);
	T("alarms %d", (int)alarms);
	signal(SIGALRM, SIG_DFL);

	/* fork + wait */
	{
		pid_t pid = fork();
		int st = 0;

		if (pid == 0)
			_exit(write(h->p[1], "c", 1) == 1 ? 7 : 1);
		waitpid(pid, &st, 0);
		T("child exit %d", WEXITSTATUS(st));
		res("read from child", read(h->p[0], h->buf, 1));
	}
}

int cmd_hygiene(void)
{
	struct hygiene hy = { .path = "/tmp/shim-probe-hyg-XXXXXX" }, *h = &hy;

	sig_transcript("start");
	hygiene_plain(h);
	hygiene_inet(h);
	hygiene_unix(h);
	hygiene_netlink(h);
	hygiene_waits(h);
	hygiene_aio(h);
	hygiene_signals(h);
	T("open descriptors before cleanup: %d", count_fds());
	close(h->f);
	close(h->efd);
	close(h->nl);
	close(h->sv[0]);
	close(h->sv[1]);
	close(h->as);
	close(h->cs);
	close(h->ls);
	close(h->p[0]);
	close(h->p[1]);
	close(h->fd);
	T("open descriptors at the end: %d", count_fds());
	sig_transcript("end");
	return 0;
}

/* ------------------------------------------------------------------ */
/* AF_ALG descriptors are real descriptors                             */

static void digest_of(int op, uint8_t *out)
{
	read(op, out, 32);
}

/* what the descriptor steps share: an hmac(sha256) tfm and one message */
struct fds_run {
	int t;
	uint8_t msg[100], want[64];	/* want: HMAC(key msg[0..19], msg) */
};

/*
 * errno is untouched by successful AF_ALG calls.  Return: an op socket
 * of @r->t with the whole message hashed and read.
 */
static int fds_errno_untouched(struct fds_run *r)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
				   .salg_name = "hmac(sha256)" };
	uint8_t d[32];
	unsigned int wl;
	int op, ok;

	errno = 4242;
	r->t = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	ok = r->t >= 0 && errno == 4242;
	ok &= bind(r->t, (struct sockaddr *)&sa, sizeof(sa)) == 0 && errno == 4242;
	ok &= afalg_setkey(r->t, r->msg, 20) == 0 && errno == 4242;
	op = afalg_accept(r->t, SOCK_CLOEXEC);
	ok &= op >= 0 && errno == 4242;
	ok &= send(op, r->msg, 50, MSG_MORE) == 50 && errno == 4242;
	ok &= write(op, r->msg + 50, 50) == 50 && errno == 4242;
	ok &= read(op, d, 32) == 32 && errno == 4242;
	ok &= poll(&(struct pollfd){ .fd = op, .events = POLLIN }, 1, 0) == 0 &&
	      errno == 4242;
	check(ok, "fds: successful AF_ALG calls leave errno alone");
	ossl_hmac("sha256", r->msg, 20, r->msg, 100, r->want, &wl);
	check(!memcmp(d, r->want, 32), "fds: and compute the right HMAC");
	return op;
}

/*
 * dup() and F_DUPFD share the state; rekeying is EBUSY while a copy
 * lives; dup2() of the file @f over the last copy releases it.  Closes
 * @op and its copies.
 */
static void fds_copies(struct fds_run *r, int op, int f)
{
	uint8_t d[32];
	int op2, cp, n;

	/* dup shares the state: an update opened on one finishes on the other */
	op2 = dup(op);
	send(op, r->msg, 30, MSG_MORE);
	send(op2, r->msg + 30, 70, 0);
	digest_of(op, d);
	check(!memcmp(d, r->want, 32), "fds: dup() shares one socket state");
	cp = fcntl(op, F_DUPFD_CLOEXEC, 100);
	check(cp >= 100, "fds: F_DUPFD_CLOEXEC on an op socket (%d)", cp);
	send(cp, r->msg, 100, 0);
	digest_of(op, d);
	check(!memcmp(d, r->want, 32), "fds: F_DUPFD copy shares the state");
	close(cp);

	/* rekeying is EBUSY while any copy of the op socket lives */
	close(op);
	errno = 0;
	check(afalg_setkey(r->t, r->msg, 20) < 0 && errno == EBUSY,
	      "fds: setkey with a dup of the op socket alive is EBUSY");
	/* dup2 of a file over the last copy releases the op socket */
	check(dup2(f, op2) == op2, "fds: dup2(file, op socket)");
	n = (int)read(op2, d, 8);
	check(n == 8 && !d[0] && !d[7], "fds: the number now reads /dev/zero");
	errno = 0;
	check(send(op2, r->msg, 1, 0) < 0 && errno == ENOTSOCK,
	      "fds: and is no socket any more");
	check(afalg_setkey(r->t, r->msg, 20) == 0,
	      "fds: setkey works again: the op socket was released");
	close(op2);
}

/* a closed number goes back to the kernel; close_range() forgets ours */
static void fds_closing(struct fds_run *r)
{
	uint8_t d[4];
	int op, f;

	/* close(), then the number is reused by an ordinary file */
	op = afalg_accept(r->t, SOCK_CLOEXEC);
	close(op);
	f = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	check(f == op, "fds: a closed AF_ALG number is reused by open() (%d %d)", f, op);
	check(read(f, d, 4) == 4, "fds: and behaves as the file");
	close(f);

	/* close_range() forgets our sockets; CLOSE_RANGE_CLOEXEC does not */
	op = afalg_accept(r->t, SOCK_CLOEXEC);
	check(syscall(SYS_close_range, op, op, 4 /* CLOEXEC */) == 0 &&
	      fcntl(op, F_GETFD) == FD_CLOEXEC, "fds: close_range(CLOEXEC) keeps the socket");
	errno = 0;
	check(afalg_setkey(r->t, r->msg, 20) < 0 && errno == EBUSY, "fds: still a live child");
	check(close_range(op, op + 5, 0) == 0, "fds: close_range()");
	check(afalg_setkey(r->t, r->msg, 20) == 0, "fds: close_range released the op socket");
}

/* fork and vfork children and the sockets they inherit */
static void fds_children(struct fds_run *r)
{
	uint8_t d[32];
	int op, n, status;
	pid_t pid;

	/* fork: one socket in two processes, as in the kernel */
	op = afalg_accept(r->t, SOCK_CLOEXEC);
	send(op, r->msg, 40, MSG_MORE);
	pid = fork();
	if (pid == 0) {
		/* the child continues the parent's update, reads nothing */
		_exit(send(op, r->msg + 40, 50, MSG_MORE) == 50 ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "fds: a forked child continues the update it inherited");
	send(op, r->msg + 90, 10, 0);
	digest_of(op, d);
	check(!memcmp(d, r->want, 32),
	      "fds: the parent finishes it: the digest covers both");
	close(op);

	/*
	 * vfork(): the child shares our memory but not our descriptors; its
	 * close_range() and dup2() before _exit must not touch our table
	 * (Python's subprocess does exactly this).
	 */
	op = afalg_accept(r->t, SOCK_CLOEXEC);
	send(op, r->msg, 40, MSG_MORE);
	pid = vfork();
	if (pid == 0) {
		dup2(0, op);
		close_range(3, ~0U, 0);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	send(op, r->msg + 40, 60, 0);
	n = (int)read(op, d, 32);
	check(n == 32 && !memcmp(d, r->want, 32),
	      "fds: a vfork child's close_range/dup2 leave our sockets alone");
	close(op);
}

int cmd_fds(void)
{
	struct sigaction before[65], after[65];
	struct fds_run r;
	sigset_t mb, ma;
	struct stat st;
	int base, op, f, n, s, ok;

	fill_random(r.msg, sizeof(r.msg));
	base = count_fds();
	memset(before, 0, sizeof(before));
	memset(after, 0, sizeof(after));
	/* the kernel fills 8 bytes of the 128 of a sigset_t: zero the rest */
	sigemptyset(&mb);
	sigemptyset(&ma);
	for (s = 1; s < 65; s++)
		sigaction(s, NULL, &before[s]);
	sigprocmask(SIG_BLOCK, NULL, &mb);

	op = fds_errno_untouched(&r);
	/* real descriptors: fstat, F_GETFD, numbers never collide */
	check(fstat(op, &st) == 0 && S_ISSOCK(st.st_mode), "fds: fstat shows a socket");
	check(fcntl(op, F_GETFD) == FD_CLOEXEC, "fds: accept4(SOCK_CLOEXEC) sets FD_CLOEXEC");
	f = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	check(f != op && f != r.t && f > op, "fds: the next open() gets a fresh number (%d)", f);
	fds_copies(&r, op, f);
	fds_closing(&r);
	fds_children(&r);

	/* NETLINK_CRYPTO and AIO leave no descriptor behind */
	n = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	check(n >= 0, "fds: NETLINK_CRYPTO socket");
	close(n);
	close(r.t);
	close(f);
	check(count_fds() == base, "fds: descriptor count back to %d (%d)", base,
	      count_fds());

	for (s = 1; s < 65; s++)
		sigaction(s, NULL, &after[s]);
	sigprocmask(SIG_BLOCK, NULL, &ma);
	ok = 1;
	for (s = 1; s < 65; s++)
		if (before[s].sa_handler != after[s].sa_handler ||
		    before[s].sa_flags != after[s].sa_flags)
			ok = 0;
	check(ok, "fds: no signal disposition changed");
	check(!memcmp(&mb, &ma, sizeof(mb)), "fds: the signal mask is unchanged");
	return 0;
}
