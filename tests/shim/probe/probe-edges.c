// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe edges: the defects of issue 18, each as the kernel answers it
 * (docs/afalg-behaviour.md, fs/read_write.c, lib/iov_iter.c, fs/splice.c):
 *
 *   stdio      fdopen()/fprintf()/fclose() and dprintf() on an op socket
 *              reach the socket, and the number fclose() frees is not ours
 *              any more when open() hands it out again
 *   iovec      a length negative as ssize_t is EINVAL, however the sum wraps
 *   rwcount    one send carries at most MAX_RW_COUNT bytes
 *   splice     pipe -> socket consumes only what the socket accepted;
 *              socket -> full pipe reads nothing; SPLICE_F_NONBLOCK never
 *              waits for room
 *   nowait     preadv2(RWF_NOWAIT) is a non-blocking read
 *   waits      poll/select report readiness gained while they wait
 *
 * Expected digests come from OpenSSL; every blocking call is guarded by
 * alarm() so that a hang is a FAIL, not a stuck test.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <linux/netlink.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/aio_abi.h>
#include <sys/uio.h>

#include "probe.h"

#define MAX_RW_COUNT 2147479552L

static void on_alarm(int sig)
{
	(void)sig;
}

/* arm a SIGALRM (without SA_RESTART) that interrupts a hung call */
static void guard(unsigned int secs)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	alarm(secs);
}

static int hash_op(const char *name)
{
	int t = afalg_tfm("hash", name, SOCK_CLOEXEC), op;

	if (t < 0)
		return -1;
	op = afalg_accept(t, SOCK_CLOEXEC);
	close(t);
	return op;
}

static bool digest_is(int op, const char *md, const void *msg, size_t n)
{
	uint8_t got[64], want[64];
	unsigned int wl;

	ossl_digest(md, msg, n, want, &wl);
	return read(op, got, wl) == (ssize_t)wl && !memcmp(got, want, wl);
}

static void edges_stdio(void)
{
	char path[] = "/tmp/shim-probe-stdio-XXXXXX";
	struct stat st;
	FILE *f;
	int op, fd, low[8], nlow = 0;

	op = hash_op("sha256");
	if (op < 0) {
		fail("stdio: sha256 op socket: %s", strerror(errno));
		return;
	}
	check(dprintf(op, "%s", "abc") == 3, "stdio: dprintf() on an op socket");
	check(digest_is(op, "sha256", "abc", 3),
	      "stdio: dprintf() data reached the hash");

	f = fdopen(op, "w");
	if (!check(f != NULL, "stdio: fdopen() of an op socket"))
		return;
	check(fputs("abc", f) >= 0 && fflush(f) == 0,
	      "stdio: fputs()+fflush() on an op socket");
	check(digest_is(op, "sha256", "abc", 3),
	      "stdio: fputs() data reached the hash");
	check(fclose(f) == 0, "stdio: fclose() of the op socket's stream");

	/* open the file until it gets the number fclose() freed */
	fd = mkstemp(path);
	if (!check(fd >= 0, "stdio: mkstemp"))
		return;
	while (fd >= 0 && fd < op && nlow < 8) {
		low[nlow++] = fd;
		fd = open(path, O_RDWR | O_CLOEXEC);
	}
	unlink(path);
	while (nlow)
		close(low[--nlow]);
	if (fd != op) {
		skip("stdio: the closed number was not reused (%d, %d)", fd, op);
	} else {
		bool ok = write(fd, "hello", 5) == 5 && fstat(fd, &st) == 0 &&
			  st.st_size == 5;

		check(ok, "stdio: a file that reuses the number fclose() "
		      "freed gets its bytes");
	}
	close(fd);
}

static void edges_iovec(void)
{
	static uint8_t buf[64];
	struct iovec v[3];
	struct msghdr m;
	ssize_t r;
	int op, nl;

	op = hash_op("sha256");
	if (op < 0) {
		fail("iovec: sha256 op socket: %s", strerror(errno));
		return;
	}
	memset(&m, 0, sizeof(m));
	m.msg_iov = v;
	m.msg_iovlen = 2;
	v[0] = (struct iovec){ buf, 16 };
	v[1] = (struct iovec){ buf, (size_t)-8 };	/* sum wraps to 8 */
	errno = 0;
	r = sendmsg(op, &m, 0);
	check(r == -1 && errno == EINVAL,
	      "iovec: hash sendmsg with lengths summing past 2^64 is EINVAL "
	      "(%zd)", r);
	v[0] = (struct iovec){ buf, (size_t)1 << 63 };
	r = writev(op, v, 1);
	check(r == -1 && errno == EINVAL,
	      "iovec: hash writev of 2^63 bytes is EINVAL (%zd)", r);
	v[0] = (struct iovec){ buf, 16 };
	r = readv(op, v, 2);
	check(r == -1 && errno == EINVAL,
	      "iovec: hash readv with a negative length is EINVAL (%zd)", r);
	check(digest_is(op, "sha256", "", 0),
	      "iovec: the refused sends left the hash untouched");
	close(op);

	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	if (nl < 0) {
		fail("iovec: NETLINK_CRYPTO socket: %s", strerror(errno));
		return;
	}
	r = sendmsg(nl, &m, 0);
	check(r == -1 && errno == EINVAL,
	      "iovec: NETLINK_CRYPTO sendmsg with a wrapping iovec is EINVAL "
	      "(%zd)", r);
	close(nl);
}

static void edges_rwcount(void)
{
	size_t big = (size_t)3 << 30;
	struct iovec v[2];
	uint8_t *p;
	ssize_t r;
	int op;

	p = mmap(NULL, big, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		 MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		skip("rwcount: 3 GiB mapping: %s", strerror(errno));
		return;
	}
	op = hash_op("crc32c");
	if (op < 0) {
		fail("rwcount: crc32c op socket: %s", strerror(errno));
		munmap(p, big);
		return;
	}
	v[0] = (struct iovec){ p, (size_t)2 << 30 };
	v[1] = (struct iovec){ p, (size_t)1 << 30 };
	r = writev(op, v, 2);
	check(r == MAX_RW_COUNT,
	      "rwcount: a 3 GiB hash writev takes MAX_RW_COUNT bytes (%zd)", r);
	check(send(op, p, 0, 0) == 0, "rwcount: finish the hash");
	close(op);
	munmap(p, big);
}

static int pipe_bytes(int fd)
{
	int n = -1;

	return ioctl(fd, FIONREAD, &n) == 0 ? n : -1;
}

/* fill a pipe until it is full; leaves it in the mode it was in */
static void fill_pipe(int w)
{
	static uint8_t junk[4096];
	int fl = fcntl(w, F_GETFL);

	fcntl(w, F_SETFL, fl | O_NONBLOCK);
	while (write(w, junk, sizeof(junk)) > 0)
		;
	fcntl(w, F_SETFL, fl);
}

static void drain_pipe(int r)
{
	static uint8_t junk[4096];
	int fl = fcntl(r, F_GETFL);

	fcntl(r, F_SETFL, fl | O_NONBLOCK);
	while (read(r, junk, sizeof(junk)) > 0)
		;
	fcntl(r, F_SETFL, fl);
}

static void edges_splice_in(void)
{
	static uint8_t buf[65536];
	uint8_t key[16] = { 1 };
	int p[2], t, op, n;
	ssize_t r;

	/* a failed send consumes nothing: hmac without a key is ENOKEY */
	t = afalg_tfm("hash", "hmac(sha256)", SOCK_CLOEXEC);
	op = t >= 0 ? afalg_accept(t, SOCK_CLOEXEC) : -1;
	if (op < 0 || pipe(p)) {
		fail("splice: hmac op socket or pipe: %s", strerror(errno));
		return;
	}
	check(write(p[1], buf, 1000) == 1000, "splice: fill the pipe");
	guard(10);
	r = splice(p[0], NULL, op, NULL, 1000, 0);
	alarm(0);
	n = pipe_bytes(p[0]);
	check(r == -1 && errno == ENOKEY && n == 1000,
	      "splice: a failed splice(pipe -> op) leaves the pipe's data "
	      "(%zd, %d bytes left)", r, n);
	close(op);
	close(t);
	drain_pipe(p[0]);

	/* a full TX queue: EAGAIN, nothing consumed */
	t = afalg_tfm("skcipher", "ecb(aes)", SOCK_CLOEXEC);
	if (t < 0 || afalg_setkey(t, key, sizeof(key)) || (op = afalg_accept(t, SOCK_CLOEXEC)) < 0) {
		fail("splice: ecb(aes) op socket: %s", strerror(errno));
		return;
	}
	fcntl(op, F_SETFL, fcntl(op, F_GETFL) | O_NONBLOCK);
	r = afalg_send(op, ALG_OP_ENCRYPT, NULL, -1, -1, buf, 4096, MSG_MORE);
	while (r > 0)
		r = send(op, buf, sizeof(buf), MSG_MORE);
	check(r == -1 && errno == EAGAIN, "splice: TX queue filled to EAGAIN");
	check(write(p[1], buf, 4096) == 4096, "splice: 4096 bytes in the pipe");
	guard(10);
	r = splice(p[0], NULL, op, NULL, 4096, SPLICE_F_MORE);
	alarm(0);
	n = pipe_bytes(p[0]);
	check(r == -1 && errno == EAGAIN && n == 4096,
	      "splice: splice into a full non-blocking op socket is EAGAIN "
	      "and consumes nothing (%zd, %d bytes left)", r, n);
	close(op);
	close(t);
	close(p[0]);
	close(p[1]);
}

static void edges_splice_out(void)
{
	int p[2], op;
	ssize_t r;

	op = hash_op("sha256");
	if (op < 0 || pipe2(p, O_NONBLOCK)) {
		fail("splice: sha256 op socket or pipe: %s", strerror(errno));
		return;
	}
	check(send(op, "abc", 3, 0) == 3, "splice: hash of abc");
	fill_pipe(p[1]);
	guard(10);
	r = splice(op, NULL, p[1], NULL, 32, 0);
	alarm(0);
	check(r == -1 && errno == EAGAIN,
	      "splice: op -> full non-blocking pipe is EAGAIN (%zd)", r);
	check(digest_is(op, "sha256", "abc", 3),
	      "splice: the digest is still there after EAGAIN");

	/* a blocking pipe, SPLICE_F_NONBLOCK */
	check(send(op, "abc", 3, 0) == 3, "splice: hash of abc again");
	fcntl(p[1], F_SETFL, fcntl(p[1], F_GETFL) & ~O_NONBLOCK);
	guard(5);
	r = splice(op, NULL, p[1], NULL, 32, SPLICE_F_NONBLOCK);
	alarm(0);
	check(r == -1 && errno == EAGAIN,
	      "splice: SPLICE_F_NONBLOCK into a full blocking pipe is EAGAIN "
	      "without waiting (%zd, %s)", r, strerror(errno));
	check(digest_is(op, "sha256", "abc", 3),
	      "splice: the digest is still there after SPLICE_F_NONBLOCK");

	drain_pipe(p[0]);
	check(send(op, "abc", 3, 0) == 3, "splice: hash of abc a third time");
	r = splice(op, NULL, p[1], NULL, 32, SPLICE_F_NONBLOCK);
	check(r == 32, "splice: op -> pipe with room moves the digest (%zd)", r);
	check(digest_is(p[0], "sha256", "abc", 3),
	      "splice: the pipe holds the digest");
	close(op);
	close(p[0]);
	close(p[1]);
}

static void edges_nowait(void)
{
	uint8_t key[16] = { 2 }, out[16];
	struct iovec v = { out, sizeof(out) };
	int t, op;
	ssize_t r;

	t = afalg_tfm("skcipher", "ecb(aes)", SOCK_CLOEXEC);
	if (t < 0 || afalg_setkey(t, key, sizeof(key)) || (op = afalg_accept(t, SOCK_CLOEXEC)) < 0) {
		fail("nowait: ecb(aes) op socket: %s", strerror(errno));
		return;
	}
	/* an open request with no data: a blocking read would wait */
	check(afalg_send(op, ALG_OP_ENCRYPT, NULL, -1, -1, NULL, 0, MSG_MORE) == 0,
	      "nowait: open a request");
	guard(5);
	r = preadv2(op, &v, 1, -1, RWF_NOWAIT);
	alarm(0);
	check(r == -1 && errno == EAGAIN,
	      "nowait: preadv2(RWF_NOWAIT) on an empty blocking op socket is "
	      "EAGAIN (%zd, %s)", r, strerror(errno));
	r = preadv2(op, &v, 1, -1, 0x10000);
	check(r == -1 && errno == EOPNOTSUPP,
	      "nowait: preadv2 with an unknown RWF flag is EOPNOTSUPP (%zd)", r);
	close(op);
	close(t);
}

struct later {
	int fd;
	unsigned int usec;
};

static void *send_later(void *arg)
{
	struct later *l = arg;
	static const uint8_t blk[16];

	usleep(l->usec);
	(void)!send(l->fd, blk, sizeof(blk), MSG_MORE);
	return NULL;
}

/* a skcipher op socket with an open, empty request: not readable */
static int unreadable_op(int *tfm)
{
	uint8_t key[16] = { 3 };
	int op;

	*tfm = afalg_tfm("skcipher", "ecb(aes)", SOCK_CLOEXEC);
	if (*tfm < 0 || afalg_setkey(*tfm, key, sizeof(key)))
		return -1;
	op = afalg_accept(*tfm, SOCK_CLOEXEC);
	if (op >= 0 &&
	    afalg_send(op, ALG_OP_ENCRYPT, NULL, -1, -1, NULL, 0, MSG_MORE))
		return -1;
	return op;
}

static void edges_waits(void)
{
	struct later l;
	pthread_t th;
	struct pollfd pfd;
	fd_set rs;
	struct timeval tv;
	int t, op, r;

	op = unreadable_op(&t);
	if (op < 0) {
		fail("waits: ecb(aes) op socket: %s", strerror(errno));
		return;
	}
	pfd = (struct pollfd){ .fd = op, .events = POLLIN };
	check(poll(&pfd, 1, 0) == 0, "waits: an open empty request is not readable");

	/* readable while waiting with a timeout: reported when it returns */
	l = (struct later){ op, 50000 };
	pthread_create(&th, NULL, send_later, &l);
	r = poll(&pfd, 1, 400);
	pthread_join(th, NULL);
	check(r == 1 && (pfd.revents & POLLIN),
	      "waits: poll reports POLLIN gained while waiting (%d, %#x)", r,
	      pfd.revents);
	close(op);
	close(t);

	/* no timeout: the call must return */
	op = unreadable_op(&t);
	pfd = (struct pollfd){ .fd = op, .events = POLLIN };
	l = (struct later){ op, 50000 };
	pthread_create(&th, NULL, send_later, &l);
	guard(5);
	r = poll(&pfd, 1, -1);
	alarm(0);
	pthread_join(th, NULL);
	check(r == 1 && (pfd.revents & POLLIN),
	      "waits: poll without a timeout wakes when the socket becomes "
	      "readable (%d, %s)", r, r < 0 ? strerror(errno) : "");
	close(op);
	close(t);

	op = unreadable_op(&t);
	l = (struct later){ op, 50000 };
	pthread_create(&th, NULL, send_later, &l);
	FD_ZERO(&rs);
	FD_SET(op, &rs);
	tv = (struct timeval){ 0, 400000 };
	guard(5);
	r = select(op + 1, &rs, NULL, NULL, &tv);
	alarm(0);
	pthread_join(th, NULL);
	check(r == 1 && FD_ISSET(op, &rs),
	      "waits: select reports readability gained while waiting (%d)", r);
	close(op);
	close(t);
}

/* a dump read with an 8 KiB buffer, as ip(8)-style loops read it */
static void edges_netlink_dump(void)
{
	static uint8_t buf[8192];
	struct {
		struct nlmsghdr h;
		uint8_t body[1024];
	} req;
	struct nlmsghdr *h;
	int nl, msgs = 0, reports = 0;
	bool done = false;
	ssize_t r = 0;

	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	if (nl < 0) {
		fail("netlink: NETLINK_CRYPTO socket: %s", strerror(errno));
		return;
	}
	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = NLMSG_LENGTH(sizeof(req.body));
	req.h.nlmsg_type = 0x13;	/* CRYPTO_MSG_GETALG */
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	req.h.nlmsg_seq = 7;
	if (!check(send(nl, &req, req.h.nlmsg_len, 0) == req.h.nlmsg_len,
		   "netlink: send a GETALG dump request"))
		return;
	guard(10);
	while (!done && msgs < 1000) {
		r = recv(nl, buf, sizeof(buf), 0);
		if (r <= 0)
			break;
		msgs++;
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, (size_t)r);
		     h = NLMSG_NEXT(h, r)) {
			if (h->nlmsg_type == NLMSG_DONE)
				done = true;
			else if (h->nlmsg_type == 0x13)
				reports++;
		}
	}
	alarm(0);
	check(done && reports > 20,
	      "netlink: a dump read with 8 KiB buffers ends with NLMSG_DONE "
	      "(%d datagrams, %d reports, last %zd)", msgs, reports, r);
	close(nl);
}

struct reaper {
	aio_context_t ctx;
	long r;
	struct io_event ev;
};

static void *reap(void *arg)
{
	struct reaper *rp = arg;

	rp->r = syscall(SYS_io_getevents, rp->ctx, 1L, 1L, &rp->ev, NULL);
	return NULL;
}

/* io_getevents blocked in one thread, io_submit in another; a full ring */
static void edges_aio(void)
{
	aio_context_t ctx = 0;
	struct reaper rp;
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev[8];
	pthread_t th;
	struct timespec until;
	unsigned int nr, i;
	long r = 0;
	int op;

	op = hash_op("sha256");
	if (op < 0 || syscall(SYS_io_setup, 1, &ctx)) {
		fail("aio: op socket or io_setup: %s", strerror(errno));
		return;
	}
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = (uint32_t)op;
	cb.aio_lio_opcode = IOCB_CMD_PWRITE;
	cb.aio_buf = (uintptr_t)"abc";
	cb.aio_nbytes = 3;
	rp = (struct reaper){ .ctx = ctx, .r = -2 };
	pthread_create(&th, NULL, reap, &rp);
	usleep(50000);
	check(syscall(SYS_io_submit, ctx, 1L, cbs) == 1, "aio: io_submit");
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 5;
	if (pthread_timedjoin_np(th, NULL, &until)) {
		fail("aio: a reaper blocked in io_getevents is not woken by "
		     "io_submit in another thread");
		return;		/* the reaper is stuck: leave it */
	}
	check(rp.r == 1 && rp.ev.res == 3,
	      "aio: a reaper blocked in io_getevents gets an event submitted "
	      "by another thread (%ld, res %lld)", rp.r, (long long)rp.ev.res);

	/* the ring: nr slots, at most nr - 1 outstanding */
	nr = ((const unsigned int *)(uintptr_t)ctx)[1];
	for (i = 0; i <= nr; i++) {
		r = syscall(SYS_io_submit, ctx, 1L, cbs);
		if (r != 1)
			break;
	}
	check(r == -1 && errno == EAGAIN && i < nr,
	      "aio: unreaped completions fill the ring: EAGAIN after %u of %u",
	      i, nr);
	while (syscall(SYS_io_getevents, ctx, 0L, 8L, ev, NULL) > 0)
		;
	check(syscall(SYS_io_submit, ctx, 1L, cbs) == 1,
	      "aio: reaping makes room again");
	syscall(SYS_io_destroy, ctx);
	close(op);
}

/* PROBE_EDGES="iovec splice_in": only those sections (default: all) */
int cmd_edges(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} sec[] = {
		{ "stdio", edges_stdio },
		{ "nowait", edges_nowait },
		{ "iovec", edges_iovec },
		{ "rwcount", edges_rwcount },
		{ "splice_in", edges_splice_in },
		{ "splice_out", edges_splice_out },
		{ "waits", edges_waits },
		{ "netlink_dump", edges_netlink_dump },
		{ "aio", edges_aio },
	};
	const char *only = getenv("PROBE_EDGES");
	size_t i;

	for (i = 0; i < sizeof(sec) / sizeof(sec[0]); i++)
		if (!only || strstr(only, sec[i].name))
			sec[i].fn();
	return 0;
}
