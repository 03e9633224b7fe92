// SPDX-License-Identifier: GPL-2.0
/*
 * The hash op socket (afalg-behaviour.md §1.8).  Every row of the send
 * table, recv truncation and over-long reads, result dropping, the SYS5
 * read(0) rule, ignored flags and cmsgs, every send and recv entry point,
 * cloning by accept(), dup.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "conformance.h"

static void hs(int op, const void *p, size_t n, int flags)
{
	T(send(op, p, n, flags));
	out("send(%zu,%s) %s", n, flagstr(flags), rs());
}

static void hr(int op, size_t n)
{
	uint8_t d[256];

	T(read(op, d, n));
	out("read(%zu) %s %s", n, rs(), hx(d, g_r > 0 ? (size_t)g_r : 0));
}

static void hrm(int op, size_t n, int flags)
{
	uint8_t d[256], name[64];
	uint8_t ctl[64];
	struct iovec v = { d, n };
	struct msghdr m;

	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	m.msg_name = name;
	m.msg_namelen = sizeof(name);
	m.msg_control = ctl;
	m.msg_controllen = sizeof(ctl);
	m.msg_flags = 0x7fff0000;
	T(recvmsg(op, &m, flags));
	out("recvmsg(%zu,%s) %s msg_flags=%s namelen=%u controllen=%zu %s",
	    n, flagstr(flags), rs(), flagstr(m.msg_flags), m.msg_namelen,
	    (size_t)m.msg_controllen, hx(d, g_r > 0 ? (size_t)g_r : 0));
}

static int hop(const char *name, int *fd)
{
	*fd = tfm("hash", name);
	if (*fd < 0)
		return -1;
	if (!strncmp(name, "hmac", 4))
		setkey(*fd, "0123456789", 10);
	return acc(*fd);
}

/* Every row of afalg-behaviour.md §1.8's sendmsg table, then recv's. */
static void sc_table(const void *arg)
{
	const char *name = arg;
	int fd, op;

	op = hop(name, &fd);
	if (op < 0)
		goto out;
	out("-- fresh socket, recv: digest of the empty message");
	hr(op, 64);
	out("-- not continuing, len 0 (with and without MORE)");
	hs(op, "", 0, 0);
	hr(op, 64);
	hs(op, "", 0, MSG_MORE);
	hr(op, 64);
	out("-- not continuing, data, no MORE: one-shot");
	hs(op, "abc", 3, 0);
	hr(op, 64);
	out("-- init+update, update, no-op, finup");
	hs(op, "ab", 2, MSG_MORE);
	hs(op, "c", 1, MSG_MORE);
	hs(op, "", 0, MSG_MORE);
	hs(op, "d", 1, 0);
	hr(op, 64);
	out("-- continuing, len 0, no MORE: final (ell/systemd reset)");
	hs(op, "abc", 3, MSG_MORE);
	hs(op, NULL, 0, 0);
	hr(op, 64);
	out("-- a new non-continuing send discards an unread digest");
	hs(op, "abc", 3, 0);
	hs(op, "xyz", 3, 0);
	hr(op, 64);
	hs(op, "abc", 3, 0);
	hs(op, "", 0, 0);
	hr(op, 64);
	hs(op, "abc", 3, 0);
	hs(op, "", 0, MSG_MORE);
	hr(op, 64);
	hs(op, "abc", 3, 0);
	hs(op, "de", 2, MSG_MORE);
	hs(op, "f", 1, 0);
	hr(op, 64);
	out("-- the result is freed after every recv");
	hs(op, "abc", 3, 0);
	hr(op, 64);
	hr(op, 64);
	out("-- short read loses the rest; MSG_TRUNC");
	hs(op, "abc", 3, 0);
	hr(op, 10);
	hr(op, 64);
	hs(op, "abc", 3, 0);
	hrm(op, 12, 0);
	hs(op, "abc", 3, 0);
	hrm(op, 1, 0);
	out("-- exact and over-long reads (systemd's 129 bytes)");
	hs(op, "abc", 3, 0);
	hrm(op, 129, 0);
	hs(op, "abc", 3, 0);
	hr(op, 129);
	out("-- recv while continuing finalises");
	hs(op, "ab", 2, MSG_MORE);
	hr(op, 64);
	hr(op, 64);
	hs(op, "ab", 2, MSG_MORE);
	hs(op, "c", 1, MSG_MORE);
	hrm(op, 5, 0);
	hs(op, "q", 1, MSG_MORE);
	hr(op, 64);
	out("-- read(0) does not touch the state; recv(0) drops the result");
	hs(op, "abc", 3, 0);
	T(read(op, NULL, 0));
	out("read(0) %s", rs());
	hr(op, 64);
	hs(op, "abc", 3, 0);
	{
		uint8_t b[4];

		T(recv(op, b, 0, 0));
		out("recv(0) %s", rs());
	}
	hr(op, 64);
	hs(op, "abc", 3, MSG_MORE);
	{
		uint8_t b[4];

		T(recv(op, b, 0, 0));
		out("recv(0) while continuing %s", rs());
	}
	hr(op, 64);
	hs(op, "abc", 3, 0);
	{
		struct msghdr m;

		memset(&m, 0, sizeof(m));
		T(recvmsg(op, &m, 0));
		out("recvmsg(no iov) %s msg_flags=%s", rs(),
		    flagstr(m.msg_flags));
	}
	hr(op, 64);
	hs(op, "abc", 3, 0);
	{
		struct iovec v[2] = { { NULL, 0 }, { NULL, 0 } };

		T(readv(op, v, 2));
		out("readv(0 bytes) %s", rs());
	}
	hr(op, 64);
	closefd(op);
	close(fd);
out:
	return;
}

/* Flags other than MSG_MORE and every cmsg are ignored. */
static void sc_flags(const void *arg)
{
	static const int sflags[] = { MSG_DONTWAIT, MSG_OOB, MSG_EOR,
				      MSG_NOSIGNAL, MSG_DONTWAIT | MSG_MORE,
				      MSG_WAITALL, MSG_CONFIRM, MSG_TRUNC };
	static const int rflags[] = { MSG_PEEK, MSG_WAITALL, MSG_TRUNC,
				      MSG_DONTWAIT, MSG_OOB, MSG_ERRQUEUE,
				      MSG_CMSG_CLOEXEC };
	struct afalg_ctl c = AFALG_CTL_NONE;
	uint8_t iv[16] = { 0 };
	size_t i;
	int fd, op;

	(void)arg;
	op = hop("sha1", &fd);
	if (op < 0)
		return;
	for (i = 0; i < ARRAY_SIZE(sflags); i++) {
		hs(op, "abc", 3, sflags[i]);
		if (sflags[i] & MSG_MORE)
			hs(op, "", 0, 0);
		hr(op, 64);
	}
	for (i = 0; i < ARRAY_SIZE(rflags); i++) {
		hs(op, "abc", 3, 0);
		hrm(op, 20, rflags[i]);
		hr(op, 20);
	}
	c.op = ALG_OP_ENCRYPT;
	c.iv = iv;
	c.ivlen = 16;
	c.assoclen = 5;
	sendctl(op, &c, "abc", 3, 0);
	out("sendmsg(abc, OP+IV+ASSOCLEN cmsgs) %s", rs());
	hr(op, 64);
	c.op = 7;
	c.ivlen = 3;
	c.assoclen = 0x80000000;
	sendctl(op, &c, "abc", 3, 0);
	out("sendmsg(abc, invalid cmsgs) %s", rs());
	hr(op, 64);
	{
		/* a cmsg header that is itself malformed */
		uint8_t cb[64];
		struct cmsghdr *h = (struct cmsghdr *)cb;
		struct iovec v = { (void *)"abc", 3 };
		struct msghdr m;

		memset(cb, 0, sizeof(cb));
		h->cmsg_len = 1000;
		h->cmsg_level = SOL_ALG;
		h->cmsg_type = ALG_SET_OP;
		memset(&m, 0, sizeof(m));
		m.msg_iov = &v;
		m.msg_iovlen = 1;
		m.msg_control = cb;
		m.msg_controllen = sizeof(cb);
		T(sendmsg(op, &m, 0));
		out("sendmsg(abc, cmsg_len 1000) %s", rs());
		hr(op, 64);
		m.msg_name = cb;
		m.msg_namelen = 16;
		m.msg_control = NULL;
		m.msg_controllen = 0;
		T(sendmsg(op, &m, 0));
		out("sendmsg(abc, msg_name) %s", rs());
		hr(op, 64);
	}
	close(op);
	close(fd);
}

/* sendmsg of the iovecs @v[0..n) without cmsgs; prints "sendmsg(@what)" */
static void sendv(int op, struct iovec *v, size_t n, const char *what)
{
	struct msghdr m;

	memset(&m, 0, sizeof(m));
	m.msg_iov = v;
	m.msg_iovlen = n;
	T(sendmsg(op, &m, 0));
	out("sendmsg(%s) %s", what, rs());
}

/* Every entry point that reaches hash_sendmsg / hash_recvmsg. */
static void sc_entry(const void *arg)
{
	uint8_t d[64], d2[64], big[3000];
	struct iovec v[4];
	struct msghdr m;
	struct mmsghdr mm[3];
	struct sockaddr_storage ss;
	socklen_t sl;
	int fd, op, i;

	(void)arg;
	gen(big, sizeof(big), "msg");
	op = hop("sha256", &fd);
	if (op < 0)
		return;
	T(write(op, "abc", 3));
	out("write(3) %s", rs());
	hr(op, 64);
	v[0] = (struct iovec){ (void *)"a", 1 };
	v[1] = (struct iovec){ NULL, 0 };
	v[2] = (struct iovec){ (void *)"bc", 2 };
	T(writev(op, v, 3));
	out("writev(1+0+2) %s", rs());
	hr(op, 64);
	T(sendto(op, "abc", 3, 0, NULL, 0));
	out("sendto(NULL) %s", rs());
	hr(op, 64);
	memset(&ss, 0, sizeof(ss));
	T(sendto(op, "abc", 3, 0, (struct sockaddr *)&ss, 16));
	out("sendto(addr,16) %s", rs());
	hr(op, 64);
	T(sendto(op, "abc", 3, 0, (struct sockaddr *)&ss, 200));
	out("sendto(addr,200) %s", rs());
	hr(op, 64);
	v[0] = (struct iovec){ big, 1000 };
	v[1] = (struct iovec){ big + 1000, 0 };
	v[2] = (struct iovec){ big + 1000, 1500 };
	v[3] = (struct iovec){ big + 2500, 500 };
	sendv(op, v, 4, "4 iovecs, 3000");
	hr(op, 64);
	sendv(op, v, 0, "no iov");
	hr(op, 64);
	/* sendmmsg: each message is one sendmsg */
	memset(mm, 0, sizeof(mm));
	for (i = 0; i < 3; i++) {
		mm[i].msg_hdr.msg_iov = &v[i == 1 ? 2 : 0];
		mm[i].msg_hdr.msg_iovlen = 1;
	}
	T(sendmmsg(op, mm, 3, MSG_MORE));
	out("sendmmsg(3,MORE) %s lens=%u,%u,%u", rs(), mm[0].msg_len,
	    mm[1].msg_len, mm[2].msg_len);
	hr(op, 64);
	/* receive side */
	hs(op, "abc", 3, 0);
	T(recv(op, d, sizeof(d), 0));
	out("recv(64) %s %s", rs(), hx(d, g_r > 0 ? (size_t)g_r : 0));
	hs(op, "abc", 3, 0);
	sl = sizeof(ss);
	T(recvfrom(op, d, sizeof(d), 0, (struct sockaddr *)&ss, &sl));
	out("recvfrom(addr) %s sl=%u %s", rs(), sl,
	    hx(d, g_r > 0 ? (size_t)g_r : 0));
	hs(op, "abc", 3, 0);
	v[0] = (struct iovec){ d, 5 };
	v[1] = (struct iovec){ NULL, 0 };
	v[2] = (struct iovec){ d + 5, 7 };
	v[3] = (struct iovec){ d + 12, 40 };
	memset(d, 0xee, sizeof(d));
	T(readv(op, v, 4));
	out("readv(5+0+7+40) %s %s", rs(), hx(d, 52));
	hs(op, "abc", 3, 0);
	memset(d, 0xee, sizeof(d));
	memset(&m, 0, sizeof(m));
	m.msg_iov = v;
	m.msg_iovlen = 3;
	T(recvmsg(op, &m, 0));
	out("recvmsg(5+0+7) %s msg_flags=%s %s", rs(), flagstr(m.msg_flags),
	    hx(d, 12));
	/* recvmmsg */
	hs(op, "abc", 3, 0);
	memset(mm, 0, sizeof(mm));
	v[0] = (struct iovec){ d, 32 };
	v[1] = (struct iovec){ d2, 32 };
	mm[0].msg_hdr.msg_iov = &v[0];
	mm[0].msg_hdr.msg_iovlen = 1;
	mm[1].msg_hdr.msg_iov = &v[1];
	mm[1].msg_hdr.msg_iovlen = 1;
	T(recvmmsg(op, mm, 2, 0, NULL));
	out("recvmmsg(2) %s lens=%u,%u %s %s", rs(), mm[0].msg_len,
	    mm[1].msg_len, hx(d, 32), hx(d2, 32));
	/* iov limits (UIO_MAXIOV) */
	{
		struct iovec *many = xmalloc(1025 * sizeof(*many));

		for (i = 0; i < 1025; i++)
			many[i] = (struct iovec){ big, 1 };
		sendv(op, many, 1024, "1024 iovecs");
		hr(op, 64);
		sendv(op, many, 1025, "1025 iovecs");
		T(writev(op, many, 1025));
		out("writev(1025) %s", rs());
		{
			volatile int neg = -1;

			T(writev(op, many, neg));
		}
		out("writev(-1) %s", rs());
		free(many);
	}
	close(op);
	close(fd);
}

/* Data larger than the 16-page update step, and MSG_MORE splits. */
static void sc_large(const void *arg)
{
	static const size_t sizes[] = { 65535, 65536, 65537, 200000,
					1048576 + 3 };
	uint8_t *buf;
	size_t i, n = 1048576 + 3, off;
	int fd, op;

	(void)arg;
	buf = page_alloc(n);
	gen(buf, n, "large");
	op = hop("sha512", &fd);
	if (op < 0)
		goto out;
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		hs(op, buf, sizes[i], 0);
		hr(op, 64);
		hs(op, buf, sizes[i], MSG_MORE);
		hs(op, "", 0, 0);
		hr(op, 64);
	}
	/* unaligned start, pieces of odd sizes */
	for (off = 0; off < n - 1;) {
		size_t c = 4093 * 7 + off % 1000;

		if (c > n - 1 - off)
			c = n - 1 - off;
		T(send(op, buf + 1 + off, c, MSG_MORE));
		if (g_r != (long)c)
			out("send piece at %zu %s", off, rs());
		off += c;
	}
	hs(op, "", 0, 0);
	hr(op, 64);
	close(op);
	close(fd);
out:
	page_free(buf, n);
}

/* accept() on an op socket clones the hash state (afalg-behaviour.md §1.6) */
static void sc_clone(const void *arg)
{
	const char *name = arg;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int fd, op, c1, c2, c3;

	op = hop(name, &fd);
	if (op < 0)
		return;
	out("-- clone of a fresh socket is fresh");
	c1 = (int)T(accept(op, NULL, NULL));
	out("accept(op) %s", rsfd());
	hs(c1, "abc", 3, 0);
	hr(c1, 64);
	close(c1);
	out("-- clone with pending MORE data continues independently");
	hs(op, "ab", 2, MSG_MORE);
	c1 = (int)T(accept(op, NULL, NULL));
	out("accept(op) %s", rsfd());
	hs(op, "c", 1, 0);
	hs(c1, "x", 1, 0);
	hr(op, 64);
	hr(c1, 64);
	out("-- clone of a clone");
	hs(c1, "ab", 2, MSG_MORE);
	c2 = (int)T(accept(c1, NULL, NULL));
	out("accept(clone) %s", rsfd());
	c3 = (int)T(accept4(c2, NULL, NULL, SOCK_CLOEXEC));
	out("accept4(clone of clone) %s", rsfd());
	hs(c2, "c", 1, MSG_MORE);
	hs(c3, "d", 1, 0);
	hr(c1, 64);
	hr(c2, 64);
	hr(c3, 64);
	close(c2);
	close(c3);
	out("-- a finished but unread digest is not copied");
	hs(op, "abc", 3, 0);
	c2 = (int)T(accept(op, NULL, NULL));
	out("accept(op) %s", rsfd());
	hr(c2, 64);
	hr(op, 64);
	close(c2);
	out("-- clone with an address: ECONNABORTED");
	hs(op, "ab", 2, MSG_MORE);
	T(accept(op, (struct sockaddr *)&ss, &sl));
	out("accept(op, addr) %s", rsfd());
	hs(op, "c", 1, 0);
	hr(op, 64);
	T(accept4(op, NULL, NULL, 0x1));
	out("accept4(op, flags 1) %s", rsfd());
	close(c1);
	close(op);
	close(fd);
}

/* dup'ed descriptors are the same socket: one state. */
static void sc_dup(const void *arg)
{
	int fd, op, d1, d2, d3, d4;

	(void)arg;
	op = hop("sha1", &fd);
	if (op < 0)
		return;
	d1 = dup(op);
	d2 = fcntl(op, F_DUPFD, 100);
	d3 = fcntl(op, F_DUPFD_CLOEXEC, 0);
	d4 = dup3(op, 200, O_CLOEXEC);
	out("dup fds ok=%d", d1 >= 0 && d2 >= 100 && d3 >= 0 && d4 == 200);
	hs(op, "a", 1, MSG_MORE);
	hs(d1, "b", 1, MSG_MORE);
	hs(d2, "c", 1, MSG_MORE);
	hs(d3, "d", 1, MSG_MORE);
	hs(d4, "e", 1, 0);
	close(op);
	hr(d1, 64);
	hs(d2, "abc", 3, 0);
	close(d2);
	hr(d3, 64);
	/* dup2 over an AF_ALG fd drops that reference */
	T(dup2(d3, d4));
	out("dup2(d3,d4) %s", g_r == d4 ? "= d4" : rs());
	hs(d4, "x", 1, MSG_MORE);
	hs(d3, "y", 1, 0);
	hr(d4, 64);
	/* close_range over the rest */
	T(syscall(SYS_close_range, (unsigned int)d1, (unsigned int)d1, 0));
	out("close_range(d1) %s", rs());
	T(send(d1, "abc", 3, 0));
	out("send on closed fd %s", rs());
	close(d3);
	close(d4);
	close(fd);
}

void reg_hash(void)
{
	reg("hash.table.sha256", sc_table, "sha256");
	reg("hash.table.hmac_sha1", sc_table, "hmac(sha1)");
	reg("hash.table.crc32c", sc_table, "crc32c");
	reg("hash.flags", sc_flags, NULL);
	reg("hash.entry", sc_entry, NULL);
	reg("hash.large", sc_large, NULL);
	reg("hash.clone.sha256", sc_clone, "sha256");
	reg("hash.clone.hmac_sha256", sc_clone, "hmac(sha256)");
	reg("hash.dup", sc_dup, NULL);
}
