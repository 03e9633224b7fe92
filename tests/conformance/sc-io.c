// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptors and I/O paths around the op sockets (afalg-behaviour.md
 * §1.7, §1.12, §1.13): sendfile (with and without an offset), splice from
 * a pipe, vmsplice, splice into a pipe, AIO through syscall() (io_getevents
 * and io_pgetevents), poll/select/epoll, fork, exec, SCM_RIGHTS.
 */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/sendfile.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "conformance.h"

static int hash_op(const char *name, int *fd)
{
	*fd = tfm("hash", name);
	if (*fd < 0)
		return -1;
	return acc(*fd);
}

static void dig(int op, const char *what)
{
	uint8_t d[128];

	T(read(op, d, sizeof(d)));
	out("%s read %s %s", what, rs(), hx(d, g_r > 0 ? (size_t)g_r : 0));
}

static int memfile(size_t n, const char *label)
{
	uint8_t *b = xmalloc(n);
	int f = (int)memfd_create("afalg-conf", MFD_CLOEXEC);

	gen(b, n, label);
	if (f >= 0 && write(f, b, n) != (ssize_t)n) {
		close(f);
		f = -1;
	}
	free(b);
	if (f >= 0)
		lseek(f, 0, SEEK_SET);
	return f;
}

/* sendfile(2): hardlink, iproute2, gnulib (afalg-behaviour.md §1.12) */
static void sc_sendfile(const void *arg)
{
	int fd, op, f;
	off_t off;

	(void)arg;
	op = hash_op("sha256", &fd);
	if (op < 0)
		return;
	f = memfile(300000, "file");
	T(sendfile(op, f, NULL, 300000));
	out("sendfile(NULL, 300000) %s pos=%ld", rs(),
	    (long)lseek(f, 0, SEEK_CUR));
	dig(op, "whole file");
	lseek(f, 0, SEEK_SET);
	T(sendfile(op, f, NULL, 4096));
	out("sendfile(NULL, 4096) %s pos=%ld", rs(),
	    (long)lseek(f, 0, SEEK_CUR));
	dig(op, "first block");
	T(sendfile(op, f, NULL, 4096));
	out("sendfile(NULL, 4096) %s pos=%ld", rs(),
	    (long)lseek(f, 0, SEEK_CUR));
	dig(op, "second block");
	off = 1000;
	T(sendfile(op, f, &off, 70000));
	out("sendfile(&1000, 70000) %s off=%ld pos=%ld", rs(), (long)off,
	    (long)lseek(f, 0, SEEK_CUR));
	dig(op, "offset range");
	out("-- count larger than the file: MORE stays set, read finalises");
	off = 299000;
	T(sendfile(op, f, &off, 5000));
	out("sendfile(&299000, 5000) %s off=%ld", rs(), (long)off);
	dig(op, "tail");
	off = 300000;
	T(sendfile(op, f, &off, 100));
	out("sendfile(at EOF) %s", rs());
	dig(op, "after EOF sendfile");
	out("-- count 0");
	T(send(op, "abc", 3, 0));
	T(sendfile(op, f, NULL, 0));
	out("sendfile(0) %s", rs());
	dig(op, "after sendfile(0)");
	out("-- sendfile after MSG_MORE data");
	T(send(op, "abc", 3, MSG_MORE));
	off = 0;
	T(sendfile(op, f, &off, 1000));
	out("sendfile(&0, 1000) %s", rs());
	dig(op, "abc+file[0:1000]");
	out("-- from a pipe and from a socket");
	{
		int p[2];

		if (pipe(p) == 0) {
			write(p[1], "abcdef", 6);
			T(sendfile(op, p[0], NULL, 6));
			out("sendfile(pipe, 6) %s", rs());
			dig(op, "pipe");
			close(p[0]);
			close(p[1]);
		}
	}
	close(f);
	close(op);
	close(fd);
}

/* sendfile into a cipher op socket */
static void sc_sendfile_sk(const void *arg)
{
	const struct calg *a = calg_find(arg);
	uint8_t key[64], iv[32];
	struct afalg_ctl c = AFALG_CTL_NONE;
	int fd, op, f;
	off_t off = 0;

	fd = tfm("skcipher", a->name);
	if (fd < 0)
		return;
	make_key(a, key, sizeof(key), "key");
	make_iv(a, iv, "iv");
	setkey(fd, key, a->keylen);
	op = acc(fd);
	f = memfile(8192, "file");
	c.op = ALG_OP_ENCRYPT;
	c.iv = iv;
	c.ivlen = (int)a->ivsize;
	sk_send(op, &c, NULL, 0, MSG_MORE);
	T(sendfile(op, f, &off, 8192));
	out("sendfile(8192) %s off=%ld", rs(), (long)off);
	sk_recv(op, 8192, MSG_DONTWAIT);
	sk_send(op, NULL, NULL, 0, 0);
	sk_recv(op, 8192, MSG_DONTWAIT);
	out("-- sendfile of a whole final request");
	sk_send(op, &c, NULL, 0, MSG_MORE);
	off = 0;
	T(sendfile(op, f, &off, 4096));
	out("sendfile(4096) %s", rs());
	sk_recv(op, 4096, MSG_DONTWAIT);
	close(f);
	close(op);
	close(fd);
}

/* splice(pipe -> op) with and without SPLICE_F_MORE; vmsplice */
static void sc_splice(const void *arg)
{
	uint8_t buf[70000];
	struct iovec v;
	int fd, op, p[2];

	(void)arg;
	gen(buf, sizeof(buf), "msg");
	op = hash_op("sha256", &fd);
	if (op < 0)
		return;
	if (pipe(p))
		return;
	write(p[1], buf, 1000);
	T(splice(p[0], NULL, op, NULL, 1000, SPLICE_F_MORE));
	out("splice(1000, MORE) %s", rs());
	write(p[1], buf + 1000, 1000);
	T(splice(p[0], NULL, op, NULL, 1000, 0));
	out("splice(1000) %s", rs());
	dig(op, "2000 bytes");
	write(p[1], buf, 10);
	T(splice(p[0], NULL, op, NULL, 100, 0));
	out("splice(100) with 10 in the pipe %s", rs());
	dig(op, "10 bytes");
	write(p[1], buf, 100);
	write(p[1], buf + 100, 100);
	T(splice(p[0], NULL, op, NULL, 150, 0));
	out("splice(150) of two 100-byte writes %s", rs());
	T(splice(p[0], NULL, op, NULL, 50, 0));
	out("splice(50) %s", rs());
	dig(op, "150 then 50");
	T(splice(p[0], NULL, op, NULL, 10, SPLICE_F_NONBLOCK));
	out("splice(empty pipe, NONBLOCK) %s", rs());
	out("-- libkcapi: F_SETPIPE_SZ, vmsplice, splice");
	T(fcntl(p[1], F_SETPIPE_SZ, 17 * 4096));
	out("F_SETPIPE_SZ %s", g_r >= 0 ? "ok" : rs());
	v.iov_base = buf;
	v.iov_len = 65536;
	T(vmsplice(p[1], &v, 1, SPLICE_F_GIFT));
	out("vmsplice(65536) %s", rs());
	T(splice(p[0], NULL, op, NULL, 65536, SPLICE_F_MORE));
	out("splice(65536, MORE) %s", rs());
	v.iov_base = buf + 65536;
	v.iov_len = 4464;
	T(vmsplice(p[1], &v, 1, SPLICE_F_GIFT));
	out("vmsplice(4464) %s", rs());
	T(splice(p[0], NULL, op, NULL, 4464, 0));
	out("splice(4464) %s", rs());
	dig(op, "70000 bytes");
	out("-- splice(op -> pipe) reads the digest");
	send(op, "abc", 3, 0);
	T(splice(op, NULL, p[1], NULL, 64, 0));
	out("splice(op -> pipe, 64) %s", rs());
	{
		uint8_t d[64];

		T(read(p[0], d, sizeof(d)));
		out("pipe read %s %s", rs(), hx(d, g_r > 0 ? (size_t)g_r : 0));
	}
	{
		loff_t o = 0;

		write(p[1], "abc", 3);
		T(splice(p[0], NULL, op, &o, 3, 0));
		out("splice(off_out != NULL) %s", rs());
		T(read(p[0], buf, 3));
	}
	close(p[0]);
	close(p[1]);
	close(op);
	close(fd);
}

/* AIO through syscall() as libkcapi and OpenSSL's afalg engine do it */
static void aio_read_step(aio_context_t ctx, int op, int efd, void *buf,
			  size_t n, const char *what)
{
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev;
	struct timespec ts = { 5, 0 };
	uint64_t cnt = 0;

	aio_prep(&cb, op, IOCB_CMD_PREAD, buf, n, efd, 0x1234);
	memset(buf, 0, n);
	T(sys_io_submit(ctx, 1, cbs));
	out("%s io_submit(PREAD %zu) %s", what, n, rs());
	if (g_r != 1)
		return;
	if (efd >= 0) {
		T(read(efd, &cnt, 8));
		out("%s eventfd read %s count=%llu", what, rs(),
		    (unsigned long long)cnt);
	}
	memset(&ev, 0, sizeof(ev));
	T(sys_io_getevents(ctx, 1, 1, &ev, &ts));
	out("%s io_getevents %s data=%#llx res=%lld %s", what, rs(),
	    (unsigned long long)ev.data, (long long)ev.res,
	    ev.res > 0 ? hx(buf, (size_t)ev.res) : ename((int)-ev.res));
}

static void sc_aio(const void *arg)
{
	const struct calg *a = calg_find(arg);
	aio_context_t ctx = 0;
	uint8_t key[128], iv[32], pt[4096], outb[4096];
	struct afalg_ctl c = AFALG_CTL_NONE;
	unsigned int klen;
	int fd, op, efd;

	fd = tfm(ctype_name(a->type), a->name);
	if (fd < 0)
		return;
	klen = make_key(a, key, sizeof(key), "key");
	make_iv(a, iv, "iv");
	if (klen)
		setkey(fd, key, klen);
	op = acc(fd);
	gen(pt, sizeof(pt), "msg");
	T(sys_io_setup(16, &ctx));
	out("io_setup %s", rs());
	efd = eventfd(0, EFD_CLOEXEC);
	if (a->type == C_HASH) {
		send(op, pt, 100, 0);
		aio_read_step(ctx, op, efd, outb, a->ds, "hash");
		send(op, pt, 100, MSG_MORE);
		aio_read_step(ctx, op, -1, outb, 8, "hash short");
	} else {
		size_t al = a->type == C_AEAD ? 16 : 0;
		size_t as = a->type == C_AEAD ? a->maxauth : 0;

		c.op = ALG_OP_ENCRYPT;
		c.iv = iv;
		c.ivlen = (int)a->ivsize;
		if (a->type == C_AEAD)
			c.assoclen = (long)al;
		sk_send(op, &c, pt, al + 64, 0);
		aio_read_step(ctx, op, efd, outb, al + 64 + as, "enc");
		sk_send(op, &c, pt, al + 256, 0);
		aio_read_step(ctx, op, efd, outb, al + 128 + as, "half");
		sk_recv(op, 4096, MSG_DONTWAIT);
		/* nothing queued: a blocking read would block io_submit */
		fcntl(op, F_SETFL, O_NONBLOCK);
		aio_read_step(ctx, op, -1, outb, 64, "nothing queued, O_NONBLOCK");
	}
	T(sys_io_destroy(ctx));
	out("io_destroy %s", rs());
	closefd(efd);
	close(op);
	close(fd);
}

/* struct __aio_sigset: the kernel reads sigsetsize bytes of the mask */
struct aio_sigset {
	const sigset_t *sigmask;
	size_t sigsetsize;
};

/*
 * io_pgetevents(): reaps like io_getevents with the call's signal mask in
 * place for the wait; a mask of another size is EINVAL; a signal the mask
 * lets through ends a wait with EINTR, one it blocks does not.
 */
static void sc_pgetevents(const void *arg)
{
	struct aio_sigset sig;
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev;
	struct timespec ts = { 5, 0 };
	aio_context_t ctx = 0;
	sigset_t none, usr1;
	uint8_t msg[100], outb[32];
	int fd, op;

	(void)arg;
	op = hash_op("sha256", &fd);
	if (op < 0)
		return;
	gen(msg, sizeof(msg), "msg");
	sigemptyset(&none);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	T(sys_io_setup(16, &ctx));
	out("io_setup %s", rs());
	sig.sigmask = &none;
	sig.sigsetsize = 8;
	send(op, msg, sizeof(msg), 0);
	aio_prep(&cb, op, IOCB_CMD_PREAD, outb, 32, -1, 0x55);
	T(sys_io_submit(ctx, 1, cbs));
	out("io_submit(PREAD 32) %s", rs());
	memset(&ev, 0, sizeof(ev));
	T(syscall(SYS_io_pgetevents, ctx, 1L, 1L, &ev, &ts, &sig));
	out("io_pgetevents(empty mask) %s data=%#llx res=%lld %s", rs(),
	    (unsigned long long)ev.data, (long long)ev.res,
	    ev.res > 0 ? hx(outb, (size_t)ev.res) : "");
	send(op, msg, sizeof(msg), 0);
	T(sys_io_submit(ctx, 1, cbs));
	memset(&ev, 0, sizeof(ev));
	T(syscall(SYS_io_pgetevents, ctx, 1L, 1L, &ev, &ts, NULL));
	out("io_pgetevents(no sigset) %s res=%lld", rs(), (long long)ev.res);
	sig.sigsetsize = 16;
	T(syscall(SYS_io_pgetevents, ctx, 1L, 1L, &ev, &ts, &sig));
	out("io_pgetevents(sigsetsize 16) %s", rs());
	sig.sigsetsize = 8;
	ts.tv_sec = 2;
	intr_arm(100);
	T(syscall(SYS_io_pgetevents, ctx, 1L, 1L, &ev, &ts, &sig));
	out("io_pgetevents(nothing queued, SIGUSR1 at 100 ms) %s fired=%d",
	    rs(), intr_disarm());
	sig.sigmask = &usr1;
	ts.tv_sec = 0;
	ts.tv_nsec = 400 * 1000000L;
	intr_arm(100);
	T(syscall(SYS_io_pgetevents, ctx, 1L, 1L, &ev, &ts, &sig));
	out("io_pgetevents(mask SIGUSR1, SIGUSR1 at 100 ms, 400 ms) %s fired=%d",
	    rs(), intr_disarm());
	T(sys_io_destroy(ctx));
	out("io_destroy %s", rs());
	close(op);
	close(fd);
}

/* poll, select, epoll on every kind of AF_ALG descriptor */
static void sc_poll(const void *arg)
{
	uint8_t key[32];
	int tfd, hfd, hop, sfd, sop, ep, i, n;
	struct pollfd p[4];
	fd_set rd, wr;
	struct timeval tv = { 0, 0 };
	struct epoll_event ev, evs[8];

	(void)arg;
	gen(key, sizeof(key), "key");
	tfd = alg_socket();
	hop = hash_op("sha256", &hfd);
	sfd = tfm("skcipher", "chacha20");
	if (hop < 0 || sfd < 0)
		return;
	setkey(sfd, key, 32);
	sop = acc(sfd);
	for (i = 0; i < 4; i++) {
		p[i].fd = (int[]){ tfd, hfd, hop, sop }[i];
		p[i].events = POLLIN | POLLOUT | POLLPRI;
		p[i].revents = 0;
	}
	T(poll(p, 4, 0));
	out("poll(tfm, hash tfm, hash op, skcipher op) %s revents=%#x,%#x,%#x,%#x",
	    rs(), p[0].revents, p[1].revents, p[2].revents, p[3].revents);
	T(ppoll(p, 4, &(struct timespec){ 0, 1000000 }, NULL));
	out("ppoll(1 ms) %s revents=%#x,%#x,%#x,%#x", rs(), p[0].revents,
	    p[1].revents, p[2].revents, p[3].revents);
	T(poll(p, 3, 50));
	out("poll(tfm, hash tfm, hash op, 50 ms) %s", rs());
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(tfd, &rd);
	FD_SET(hop, &rd);
	FD_SET(sop, &rd);
	FD_SET(tfd, &wr);
	FD_SET(hop, &wr);
	FD_SET(sop, &wr);
	T(select(FD_SETSIZE > 1024 ? 1024 : FD_SETSIZE, &rd, &wr, NULL, &tv));
	out("select %s rd=%d%d%d wr=%d%d%d", rs(), FD_ISSET(tfd, &rd),
	    FD_ISSET(hop, &rd), FD_ISSET(sop, &rd), FD_ISSET(tfd, &wr),
	    FD_ISSET(hop, &wr), FD_ISSET(sop, &wr));
	send(sop, "x", 1, MSG_MORE);
	T(poll(&p[3], 1, 0));
	out("skcipher op after 1 byte MORE: poll %s revents=%#x", rs(),
	    p[3].revents);
	/* epoll sees the shim's stand-in sockets (D4) */
	ep = epoll_create1(EPOLL_CLOEXEC);
	for (i = 0; i < 4; i++) {
		ev.events = EPOLLIN | EPOLLOUT | EPOLLPRI;
		ev.data.u32 = (uint32_t)i;
		T(epoll_ctl(ep, EPOLL_CTL_ADD, p[i].fd, &ev));
		if (g_r)
			out("epoll_ctl(%d) %s", i, rs());
	}
	n = (int)T(epoll_wait(ep, evs, 8, 0));
	{
		char b[256];
		size_t l = 0;
		int j;

		b[0] = 0;
		for (j = 0; j < n; j++)
			l += (size_t)snprintf(b + l, sizeof(b) - l, " %u:%#x",
					      evs[j].data.u32, evs[j].events);
		div_next("D4", "epoll sees the shim's AF_UNIX stand-in sockets");
		out("epoll_wait %s%s", rs(), b);
	}
	close(ep);
	close(sop);
	close(sfd);
	close(hop);
	close(hfd);
	close(tfd);
}

/* fork: both processes drive one socket */
static void sc_fork(const void *arg)
{
	int fd, op, st;
	pid_t pid;

	(void)arg;
	op = hash_op("sha256", &fd);
	if (op < 0)
		return;
	T(send(op, "abc", 3, MSG_MORE));
	out("parent send(abc, MORE) %s", rs());
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		send(op, "def", 3, MSG_MORE);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	out("child sent def with MORE and exited");
	T(send(op, "", 0, 0));
	dig(op, "parent");
	/* a child that only reads what the parent sent */
	send(op, "xyz", 3, 0);
	{
		int pfd[2];
		char line[512] = "";
		ssize_t n;

		if (pipe(pfd))
			return;
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			uint8_t d[64];
			ssize_t r = read(op, d, sizeof(d));

			dprintf(pfd[1], "child read = %zd %s", r,
				r > 0 ? hx(d, (size_t)r) : ename(errno));
			_exit(0);
		}
		close(pfd[1]);
		n = read(pfd[0], line, sizeof(line) - 1);
		line[n > 0 ? n : 0] = 0;
		waitpid(pid, &st, 0);
		close(pfd[0]);
		out("%s", line);
		dig(op, "parent after child read");
	}
	close(op);
	close(fd);
}

int exec_child(int argc, char **argv)
{
	int op;
	uint8_t d[64];
	ssize_t s, r;

	if (argc < 3)
		return 2;
	op = atoi(argv[2]);
	errno = 0;
	s = send(op, "abc", 3, 0);
	printf("exec child: send = %zd%s%s", s, s < 0 ? " " : "",
	       s < 0 ? ename(errno) : "");
	r = read(op, d, sizeof(d));
	printf(", read = %zd %s", r, r > 0 ? hx(d, (size_t)r) : ename(errno));
	return 0;
}

/* exec: the fd survives exec (D2) */
static void sc_exec(const void *arg)
{
	int fd, op, pfd[2], st;
	char line[512] = "", num[16];
	ssize_t n;
	pid_t pid;

	(void)arg;
	op = hash_op("sha256", &fd);
	if (op < 0)
		return;
	if (pipe(pfd))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 1);
		snprintf(num, sizeof(num), "%d", op);
		execl("/proc/self/exe", "afalg-conformance", "--exec-child",
		      num, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	n = read(pfd[0], line, sizeof(line) - 1);
	line[n > 0 ? n : 0] = 0;
	waitpid(pid, &st, 0);
	close(pfd[0]);
	div_next("D2", "the shim's state does not survive exec");
	out("%s", line);
	close(op);
	close(fd);
}

/*
 * exec through execl(), execle(), execlp() (@arg): the child opens and
 * keys an hmac(sha256) op socket itself, so that it is not shared by
 * fork(), and replaces itself with the exec child, which hashes "abc" on
 * it.  Under the shim the socket moves into a keeper on the way
 * (docs/security.md), so the transcript is the kernel's.
 */
static void sc_exec_list(const void *arg)
{
	const char *how = arg;
	uint8_t key[32];
	char line[512] = "", num[16];
	int fd, op, pfd[2], st;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	gen(key, sizeof(key), "io.exec.key");
	if (pipe(pfd))
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		fd = afalg_socket(0);
		if (fd < 0 || afalg_bind(fd, "hash", "hmac(sha256)") ||
		    afalg_setkey(fd, key, sizeof(key)))
			_exit(126);
		op = accept4(fd, NULL, NULL, 0);
		if (op < 0)
			_exit(126);
		dup2(pfd[1], 1);
		snprintf(num, sizeof(num), "%d", op);
		if (!strcmp(how, "execl"))
			execl("/proc/self/exe", "afalg-conformance",
			      "--exec-child", num, (char *)NULL);
		else if (!strcmp(how, "execle"))
			execle("/proc/self/exe", "afalg-conformance",
			       "--exec-child", num, (char *)NULL, environ);
		else
			execlp("/proc/self/exe", "afalg-conformance",
			       "--exec-child", num, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	while (got < sizeof(line) - 1 &&
	       (n = read(pfd[0], line + got, sizeof(line) - 1 - got)) > 0)
		got += (size_t)n;
	line[got] = 0;
	waitpid(pid, &st, 0);
	close(pfd[0]);
	out("%s: %s, status %d", how, line,
	    WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

/*
 * accept() on the received hash socket @got in the middle of an update:
 * the clone continues it, and so does the original (hash_accept())
 */
static void scm_accept(int got)
{
	uint8_t d[64];
	int c;

	T(send(got, "ab", 2, MSG_MORE));
	out("received fd: send(MSG_MORE) %s", rs());
	T(c = accept4(got, NULL, NULL, 0));
	out("received fd: accept %s", rsfd());
	if (c < 0)
		return;
	T(send(c, "c", 1, 0));
	out("clone: send %s", rs());
	T(read(c, d, sizeof(d)));
	out("clone: read %s %s", rs(), hx(d, g_r > 0 ? (size_t)g_r : 0));
	T(send(got, "c", 1, 0));
	out("received fd: send %s", rs());
	T(read(got, d, sizeof(d)));
	out("received fd: read %s %s", rs(), hx(d, g_r > 0 ? (size_t)g_r : 0));
	closefd(c);
}

/*
 * SCM_RIGHTS: a passed op fd is the same socket; under the shim the idle
 * op socket moves into a keeper on the way (docs/security.md), so the
 * transcript is the kernel's; @arg "accept": then accept() on it
 */
static void sc_scm(const void *arg)
{
	int fd, op, sv[2], got = -1;
	uint8_t cb[CMSG_SPACE(sizeof(int))], d[64];
	struct msghdr m;
	struct iovec v = { (void *)"x", 1 };
	struct cmsghdr *h;

	op = hash_op("sha256", &fd);
	if (op < 0)
		return;
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	m.msg_control = cb;
	m.msg_controllen = sizeof(cb);
	h = CMSG_FIRSTHDR(&m);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(h), &op, sizeof(int));
	T(sendmsg(sv[0], &m, 0));
	out("sendmsg(SCM_RIGHTS op) %s", rs());
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	v.iov_base = d;
	m.msg_iovlen = 1;
	m.msg_control = cb;
	m.msg_controllen = sizeof(cb);
	T(recvmsg(sv[1], &m, 0));
	h = CMSG_FIRSTHDR(&m);
	if (h && h->cmsg_type == SCM_RIGHTS)
		memcpy(&got, CMSG_DATA(h), sizeof(int));
	out("recvmsg %s fd received=%d", rs(), got >= 0);
	send(op, "ab", 2, MSG_MORE);
	{
		long s, r;
		int es, er;

		errno = 0;
		s = send(got, "c", 1, 0);
		es = errno;
		errno = 0;
		r = read(got, d, sizeof(d));
		er = errno;
		out("received fd: send = %ld %s, read = %ld %s", s,
		    s < 0 ? ename(es) : "", r,
		    r > 0 ? hx(d, (size_t)r) : ename(er));
	}
	if (arg && got >= 0)
		scm_accept(got);
	closefd(got);
	close(sv[0]);
	close(sv[1]);
	close(op);
	close(fd);
}

void reg_io(void)
{
	reg("io.sendfile.hash", sc_sendfile, NULL);
	reg("io.sendfile.cbc(aes)", sc_sendfile_sk, "cbc(aes)");
	reg("io.sendfile.chacha20", sc_sendfile_sk, "chacha20");
	reg("io.splice", sc_splice, NULL);
	reg("io.aio.sha256", sc_aio, "sha256");
	reg("io.aio.cbc(aes)", sc_aio, "cbc(aes)");
	reg("io.aio.chacha20", sc_aio, "chacha20");
	reg("io.aio.gcm(aes)", sc_aio, "gcm(aes)");
	reg("io.aio.rfc7539(chacha20,poly1305)", sc_aio,
	    "rfc7539(chacha20,poly1305)");
	reg("io.pgetevents", sc_pgetevents, NULL);
	reg("io.poll", sc_poll, NULL);
	reg("io.fork", sc_fork, NULL);
	reg("io.exec", sc_exec, NULL);
	reg("io.exec.execl", sc_exec_list, "execl");
	reg("io.exec.execle", sc_exec_list, "execle");
	reg("io.exec.execlp", sc_exec_list, "execlp");
	reg("io.scm_rights", sc_scm, NULL);
	reg("io.scm_rights.accept", sc_scm, "accept");
}
