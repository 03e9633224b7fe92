// SPDX-License-Identifier: GPL-2.0
/*
 * The skcipher op socket (afalg-behaviour.md §1.9).  cmsg parsing, IV
 * persistence and chaining, MSG_MORE streams and chunk rounding, partial
 * and over-long reads, the TX budget, poll, concurrent senders,
 * non-blocking sockets.
 */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include "conformance.h"

static const char *ctlstr(const struct afalg_ctl *c)
{
	static char b[4][96];
	static unsigned int n;
	char *o = b[n++ % 4];
	size_t l = 0;

	o[0] = 0;
	if (!c)
		return "-";
	if (c->op >= 0)
		l += (size_t)snprintf(o + l, 32, "op=%d", c->op);
	if (c->ivlen >= 0)
		l += (size_t)snprintf(o + l, 32, "%siv%d", l ? "," : "",
				      c->ivlen);
	if (c->assoclen >= 0)
		l += (size_t)snprintf(o + l, 32, "%sassoc=%ld", l ? "," : "",
				      c->assoclen);
	if (!l)
		strcpy(o, "none");
	return o;
}

void sk_send(int op, const struct afalg_ctl *c, const void *p, size_t n, int flags)
{
	sendctl(op, c, p, n, flags);
	out("sendmsg(ctl=%s,%zu,%s) %s", ctlstr(c), n, flagstr(flags), rs());
}

void sk_recv(int op, size_t n, int flags)
{
	uint8_t *b = xmalloc(n);

	recvout(op, b, n, flags);
	out("recv(%zu,%s) %s %s", n, flagstr(flags), rs(),
	    hx(b, g_r > 0 ? (size_t)g_r : 0));
	free(b);
}

/*
 * A recv the kernel answers only after a signal (afalg-behaviour.md §1.9,
 * quirks): armed with a timer (no SA_RESTART).  @id: the divergence, NULL
 * for none; @hangs: the shim would wait forever, so it is not called
 * there.
 */
void sk_recv_blocking(int op, size_t n, const char *id, const char *why,
		      bool hangs)
{
	uint8_t *b;
	bool fired;

	if (id && hangs && div_skip(id, why))
		return;
	b = xmalloc(n);
	if (id)
		div_next(id, why);
	intr_arm(300);
	recvout(op, b, n, 0);
	fired = intr_disarm();
	out("recv(%zu,0, blocking) %s %s interrupted=%d", n, rs(),
	    hx(b, g_r > 0 ? (size_t)g_r : 0), fired);
	free(b);
}

/* one request, exact read, decrypt back, in place */
static void sc_basic(const void *arg)
{
	struct opctx c;
	struct afalg_ctl d;
	uint8_t pt[256], ct[256], rt[256];
	size_t n;

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	n = 64;
	d = opctx_ctl(&c, ALG_OP_DECRYPT, -1);
	sendctl(c.op, &c.e, pt, n, 0);
	out("encrypt send %s", rs());
	recvout(c.op, ct, n, 0);
	out("encrypt recv %s %s", rs(), hx(ct, n));
	sendctl(c.op, &d, ct, n, 0);
	out("decrypt send %s", rs());
	recvout(c.op, rt, n, 0);
	out("decrypt recv %s roundtrip=%d", rs(), !memcmp(pt, rt, n));
	/* in place: one buffer for send and recv */
	memcpy(rt, pt, n);
	sendctl(c.op, &c.e, rt, n, 0);
	recvout(c.op, rt, n, 0);
	out("in-place encrypt %s same=%d", rs(), !memcmp(rt, ct, n));
	/* read(2), readv(2) and write(2) as entry points */
	sendctl(c.op, &c.e, NULL, 0, MSG_MORE);
	out("control-only sendmsg(MORE) %s", rs());
	T(write(c.op, pt, n));
	out("write %s", rs());
	memset(rt, 0, sizeof(rt));
	{
		struct iovec v[3] = { { rt, 5 }, { rt + 5, 0 },
				      { rt + 5, n - 5 } };

		T(readv(c.op, v, 3));
		out("readv %s same=%d", rs(), !memcmp(rt, ct, n));
	}
	/* the op persists: a request without cmsgs encrypts again */
	sk_send(c.op, &c.e, pt, 16 * 2, MSG_MORE);
	sk_send(c.op, NULL, pt + 32, 32, 0);
	sk_recv(c.op, 64, 0);
	/* control data without ALG_SET_OP means decrypt */
	{
		struct afalg_ctl ivonly = AFALG_CTL_NONE;

		ivonly.iv = c.iv;
		ivonly.ivlen = (int)c.a->ivsize;
		sk_send(c.op, &ivonly, ct, n, 0);
		recvout(c.op, rt, n, 0);
		out("iv-only cmsg decrypts: %s roundtrip=%d", rs(),
		    !memcmp(rt, pt, n));
	}
	/* a non-SOL_ALG cmsg alone still resets op to decrypt */
	{
		uint8_t cb[CMSG_SPACE(4)];
		struct cmsghdr *h = (struct cmsghdr *)cb;
		struct iovec v = { ct, n };
		struct msghdr m;

		memset(cb, 0, sizeof(cb));
		h->cmsg_len = CMSG_LEN(4);
		h->cmsg_level = SOL_SOCKET;
		h->cmsg_type = SCM_RIGHTS;
		memcpy(CMSG_DATA(h), &c.fd, 4);
		memset(&m, 0, sizeof(m));
		m.msg_iov = &v;
		m.msg_iovlen = 1;
		m.msg_control = cb;
		m.msg_controllen = sizeof(cb);
		sk_send(c.op, &c.e, NULL, 0, MSG_MORE);
		T(sendmsg(c.op, &m, 0));
		out("sendmsg(SCM_RIGHTS cmsg only) %s", rs());
		recvout(c.op, rt, n, 0);
		out("recv %s %s", rs(), hx(rt, g_r > 0 ? (size_t)g_r : 0));
		/* controllen shorter than a cmsghdr: control "present", empty */
		sk_send(c.op, &c.e, NULL, 0, MSG_MORE);
		m.msg_controllen = 8;
		T(sendmsg(c.op, &m, 0));
		out("sendmsg(controllen 8) %s", rs());
		recvout(c.op, rt, n, 0);
		out("recv %s %s", rs(), hx(rt, g_r > 0 ? (size_t)g_r : 0));
	}
out:
	opctx_close(&c);
}

/* two IV cmsgs in one sendmsg: the last one wins */
static void chain_two_ivs(struct opctx *c, uint8_t *pt)
{
	uint8_t cb[2 * CMSG_SPACE(4 + 32)], iv2[32];
	struct cmsghdr *h;
	struct iovec v = { pt, 64 };
	struct msghdr m;
	uint32_t ivl = c->a->ivsize, opv = ALG_OP_ENCRYPT;

	if (!c->a->ivsize)
		return;
	memset(iv2, 0x5a, sizeof(iv2));
	memset(cb, 0, sizeof(cb));
	memset(&m, 0, sizeof(m));
	m.msg_control = cb;
	m.msg_controllen = CMSG_SPACE(4 + ivl) * 2 + CMSG_SPACE(4);
	if (m.msg_controllen > sizeof(cb))
		m.msg_controllen = sizeof(cb);
	h = CMSG_FIRSTHDR(&m);
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = ALG_SET_IV;
	h->cmsg_len = CMSG_LEN(4 + ivl);
	memcpy(CMSG_DATA(h), &ivl, 4);
	memcpy(CMSG_DATA(h) + 4, c->iv, ivl);
	h = CMSG_NXTHDR(&m, h);
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = ALG_SET_IV;
	h->cmsg_len = CMSG_LEN(4 + ivl);
	memcpy(CMSG_DATA(h), &ivl, 4);
	memcpy(CMSG_DATA(h) + 4, iv2, ivl);
	h = CMSG_NXTHDR(&m, h);
	if (h) {
		h->cmsg_level = SOL_ALG;
		h->cmsg_type = ALG_SET_OP;
		h->cmsg_len = CMSG_LEN(4);
		memcpy(CMSG_DATA(h), &opv, 4);
	}
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	T(sendmsg(c->op, &m, 0));
	out("sendmsg(two IVs) %s", rs());
	sk_recv(c->op, 64, 0);
}

/*
 * The IV after a request with a partial final block: ecb/cbc fail with
 * EINVAL after the whole blocks, whose IV is written back; xts leaves its
 * running tweak (its last two tweaks swap when decrypting).  The next
 * request without an IV shows it.
 */
static void chain_after_partial(struct opctx *c, const uint8_t *pt)
{
	const struct {
		struct afalg_ctl ctl;
		const char *what;
	} partial[] = {
		{ c->e, "encrypting" },
		{ opctx_ctl(c, ALG_OP_DECRYPT, -1), "decrypting" },
	};
	uint8_t two[32];

	for (size_t i = 0; i < 2; i++) {
		sk_send(c->op, &partial[i].ctl, pt, 37, 0);
		sk_recv(c->op, 37, 0);
		sk_send(c->op, NULL, pt, 32, 0);
		recvout(c->op, two, 32, 0);
		out("after %s 37: next 32 without cmsg %s %s",
		    partial[i].what, rs(), hx(two, g_r > 0 ? (size_t)g_r : 0));
	}
}

/* IV persistence and chaining across requests (afalg-behaviour.md §1.9) */
static void sc_chain(const void *arg)
{
	struct afalg_ctl oponly = AFALG_CTL_NONE, bad;
	uint8_t pt[256], one[256], two[256];
	struct opctx c;
	int op2;

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	sendctl(c.op, &c.e, pt, 128, 0);
	recvout(c.op, one, 128, 0);
	out("one request of 128 %s %s", rs(), hx(one, 128));
	sendctl(c.op, &c.e, pt, 64, 0);
	recvout(c.op, two, 64, 0);
	out("first 64 %s %s", rs(), hx(two, 64));
	sendctl(c.op, NULL, pt + 64, 64, 0);
	recvout(c.op, two + 64, 64, 0);
	out("next 64 without cmsg %s %s chained=%d", rs(), hx(two + 64, 64),
	    !memcmp(one, two, 128));
	/* a request with OP only keeps the socket IV */
	oponly.op = ALG_OP_ENCRYPT;
	sendctl(c.op, &oponly, pt, 32, 0);
	recvout(c.op, two, 32, 0);
	out("op-only request %s %s", rs(), hx(two, 32));
	/* hostap: IV-only sendmsg without data or MORE, then data */
	sk_send(c.op, &c.e, NULL, 0, 0);
	sk_send(c.op, NULL, pt, 64, 0);
	sk_recv(c.op, 64, 0);
	/* ell: IV-only sendmsg with MORE, then data */
	sk_send(c.op, &c.e, NULL, 0, MSG_MORE);
	sk_send(c.op, NULL, pt, 64, 0);
	sk_recv(c.op, 64, 0);
	chain_two_ivs(&c, pt);
	/* the IV of a request survives an error in a later sendmsg */
	bad = c.e;
	bad.op = 2;
	sk_send(c.op, &c.e, pt, 16, MSG_MORE);
	sk_send(c.op, &bad, pt, 16, 0);
	sk_send(c.op, NULL, pt + 16, 48, 0);
	sk_recv(c.op, 64, 0);
	/* a second op socket of the same tfm has its own IV */
	op2 = acc(c.fd);
	sk_send(op2, &c.e, pt, 32, 0);
	sk_recv(op2, 32, 0);
	sk_send(c.op, &c.e, pt, 32, 0);
	sk_send(op2, NULL, pt, 32, 0);
	sk_recv(c.op, 32, 0);
	sk_recv(op2, 32, 0);
	closefd(op2);
	chain_after_partial(&c, pt);
out:
	opctx_close(&c);
}

/* MSG_MORE streams: whole chunks only while more data is announced */
static void sc_more(const void *arg)
{
	struct opctx c;
	uint8_t pt[512];

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	out("-- chunks of a stream");
	sk_send(c.op, &c.e, pt, 100, MSG_MORE);
	sk_recv(c.op, 100, MSG_DONTWAIT);
	sk_send(c.op, NULL, pt + 100, 100, MSG_MORE);
	sk_recv(c.op, 37, MSG_DONTWAIT);
	sk_recv(c.op, c.bs - 1, MSG_DONTWAIT);
	sk_recv(c.op, 300, MSG_DONTWAIT);
	sk_send(c.op, NULL, pt + 200, 100, 0);
	sk_recv(c.op, 300, MSG_DONTWAIT);
	sk_recv(c.op, 300, MSG_DONTWAIT);
	out("-- MORE with less than a chunk queued");
	sk_send(c.op, &c.e, pt, c.bs - 1, MSG_MORE);
	sk_recv(c.op, 64, MSG_DONTWAIT);
	sk_recv_blocking(c.op, 64, NULL, NULL, false);
	sk_send(c.op, NULL, pt + c.bs - 1, 1, MSG_MORE);
	sk_recv(c.op, 2 * c.bs, MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, 0, 0);
	sk_recv(c.op, 64, MSG_DONTWAIT);
	out("-- final request with a partial block");
	sk_send(c.op, &c.e, pt, c.bs + 1, 0);
	sk_recv(c.op, c.bs + 1, MSG_DONTWAIT);
	sk_recv(c.op, c.bs + 1, MSG_DONTWAIT);
	sk_send(c.op, &c.e, pt, 16, 0);
	sk_recv(c.op, 16, MSG_DONTWAIT);
	out("-- empty final send after a stream");
	sk_send(c.op, &c.e, pt, 2 * c.bs, MSG_MORE);
	sk_send(c.op, NULL, NULL, 0, 0);
	sk_recv(c.op, 2 * c.bs, MSG_DONTWAIT);
	out("-- control-only MORE then empty data without MORE");
	sk_send(c.op, &c.e, NULL, 0, MSG_MORE);
	sk_send(c.op, NULL, NULL, 0, 0);
	sk_recv(c.op, 16, MSG_DONTWAIT);
	sk_send(c.op, &c.e, pt, 32, 0);
	sk_recv(c.op, 32, MSG_DONTWAIT);
out:
	opctx_close(&c);
}

/* partial reads of a final request; buffers larger than the data */
static void sc_partial(const void *arg)
{
	struct opctx c;
	uint8_t pt[512];

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	out("-- read less than the final request: the rest stays queued");
	sk_send(c.op, &c.e, pt, 3 * c.bs, 0);
	sk_recv(c.op, c.bs, MSG_DONTWAIT);
	sk_recv(c.op, 3 * c.bs, MSG_DONTWAIT);
	out("-- a new request after the queue emptied");
	sk_send(c.op, NULL, pt, c.bs, 0);
	sk_recv(c.op, 3 * c.bs, MSG_DONTWAIT);
	out("-- an unread request and a new send: EINVAL");
	sk_send(c.op, &c.e, pt, 2 * c.bs, 0);
	sk_send(c.op, &c.e, pt, 2 * c.bs, 0);
	sk_send(c.op, NULL, pt, 2 * c.bs, MSG_MORE);
	sk_recv(c.op, 2 * c.bs, MSG_DONTWAIT);
	out("-- buffer larger than the data (non-blocking)");
	sk_send(c.op, &c.e, pt, 2 * c.bs, 0);
	sk_recv(c.op, 4 * c.bs, MSG_DONTWAIT);
	out("-- buffer larger than the data (blocking)");
	sk_send(c.op, &c.e, pt, 2 * c.bs, 0);
	sk_recv_blocking(c.op, 4 * c.bs, "D10",
			 "recv larger than the data: the kernel sleeps after "
			 "producing output, the shim returns it", false);
	out("-- read not a multiple of the chunk from a final request");
	sk_send(c.op, &c.e, pt, 4 * c.bs, 0);
	sk_recv(c.op, c.bs + 3, MSG_DONTWAIT);
	sk_recv(c.op, 4 * c.bs, MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, c.bs, 0);
	sk_recv(c.op, 4 * c.bs, MSG_DONTWAIT);
	out("-- recv with nothing sent");
	sk_recv(c.op, 16, MSG_DONTWAIT);
	sk_recv_blocking(c.op, 16, NULL, NULL, false);
out:
	opctx_close(&c);
}

/* cmsg and request errors (afalg-behaviour.md §1.9, §1.14) */
/* one cmsg of each malformed kind, each in its own sendmsg */
static void errors_cmsg_table(struct opctx *c, uint8_t *pt)
{
	static const struct {
		int type;
		size_t len;
		const char *what;
	} bad[] = {
		{ ALG_SET_OP, CMSG_LEN(3), "OP len 3" },
		{ ALG_SET_OP, CMSG_LEN(0), "OP len 0" },
		{ ALG_SET_IV, CMSG_LEN(3), "IV len 3" },
		{ ALG_SET_AEAD_ASSOCLEN, CMSG_LEN(2), "ASSOCLEN 2" },
		{ ALG_SET_KEY, CMSG_LEN(4), "type ALG_SET_KEY" },
		{ ALG_SET_AEAD_AUTHSIZE, CMSG_LEN(4), "type AUTHSIZE" },
		{ 99, CMSG_LEN(4), "type 99" },
		{ ALG_SET_OP, 8, "cmsg_len 8" },
		{ ALG_SET_OP, 200, "cmsg_len > controllen" },
		{ ALG_SET_OP, CMSG_LEN(8), "OP len 8" },
	};
	uint8_t cb[128];
	struct cmsghdr *h = (struct cmsghdr *)cb;
	struct iovec v = { pt, 16 };
	struct msghdr m;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		memset(cb, 0, sizeof(cb));
		h->cmsg_level = SOL_ALG;
		h->cmsg_type = bad[i].type;
		h->cmsg_len = bad[i].len;
		cb[CMSG_LEN(0)] = 1;	/* op/ivlen/assoclen = 1 */
		memset(&m, 0, sizeof(m));
		m.msg_iov = &v;
		m.msg_iovlen = 1;
		m.msg_control = cb;
		m.msg_controllen = CMSG_SPACE(8);
		T(sendmsg(c->op, &m, 0));
		out("sendmsg(cmsg %s) %s", bad[i].what, rs());
		sk_recv(c->op, 16, MSG_DONTWAIT);
	}
}

/* IV lengths past the cmsg, foreign cmsgs and odd control lengths */
static void errors_cmsg_lengths(struct opctx *c, uint8_t *pt)
{
	uint8_t cb[128];
	struct cmsghdr *h = (struct cmsghdr *)cb;
	struct iovec v = { pt, 16 };
	struct msghdr m;

	/* IV cmsg with ivlen larger than the cmsg */
	memset(cb, 0, sizeof(cb));
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = ALG_SET_IV;
	h->cmsg_len = CMSG_LEN(4 + 8);
	cb[CMSG_LEN(0)] = 16;
	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	m.msg_control = cb;
	m.msg_controllen = CMSG_SPACE(4 + 8);
	T(sendmsg(c->op, &m, 0));
	out("sendmsg(ivlen 16 in a 12-byte cmsg) %s", rs());
	/* ivlen huge (overflow of 4 + ivlen) */
	memset(cb + CMSG_LEN(0), 0xff, 4);
	T(sendmsg(c->op, &m, 0));
	out("sendmsg(ivlen 0xffffffff) %s", rs());
	sk_recv(c->op, 16, MSG_DONTWAIT);
	/* a non-SOL_ALG cmsg with a bad type is ignored */
	memset(cb, 0, sizeof(cb));
	h->cmsg_level = 1234;
	h->cmsg_type = 99;
	h->cmsg_len = CMSG_LEN(4);
	m.msg_controllen = CMSG_SPACE(4);
	T(sendmsg(c->op, &m, 0));
	out("sendmsg(foreign cmsg) %s", rs());
	sk_recv(c->op, 16, MSG_DONTWAIT);
	/* controllen not a multiple of the alignment */
	memset(cb, 0, sizeof(cb));
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = ALG_SET_OP;
	h->cmsg_len = CMSG_LEN(4);
	cb[CMSG_LEN(0)] = 1;
	m.msg_controllen = CMSG_LEN(4);
	T(sendmsg(c->op, &m, 0));
	out("sendmsg(controllen CMSG_LEN(4)) %s", rs());
	sk_recv(c->op, 16, MSG_DONTWAIT);
	m.msg_control = NULL;
	m.msg_controllen = 16;
	T(sendmsg(c->op, &m, 0));
	out("sendmsg(NULL control, controllen 16) %s", rs());
	m.msg_control = cb;
	m.msg_controllen = 0x80000000u;
	T(sendmsg(c->op, &m, 0));
	out("sendmsg(controllen 2^31) %s", rs());
}

static void sc_errors(const void *arg)
{
	struct opctx c;
	struct afalg_ctl k;
	uint8_t pt[256], iv[64];
	int iv0;

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	memset(iv, 0x11, sizeof(iv));
	iv0 = (int)c.a->ivsize;
	k = c.e;
	k.op = 2;
	sk_send(c.op, &k, pt, 16, 0);
	k.op = -2;
	sk_send(c.op, &k, pt, 16, 0);
	k = c.e;
	k.iv = iv;
	k.ivlen = iv0 + 1;
	sk_send(c.op, &k, pt, 16, 0);
	k.ivlen = iv0 ? iv0 - 1 : 16;
	sk_send(c.op, &k, pt, 16, 0);
	k.ivlen = 0;
	sk_send(c.op, &k, pt, 16, 0);
	sk_recv(c.op, 16, MSG_DONTWAIT);
	k = c.e;
	k.assoclen = 0x80000000;
	sk_send(c.op, &k, pt, 16, 0);
	k.assoclen = 0x7fffffff;
	sk_send(c.op, &k, pt, 16, 0);
	sk_recv(c.op, 16, MSG_DONTWAIT);
	errors_cmsg_table(&c, pt);
	errors_cmsg_lengths(&c, pt);
	/* an error in sendmsg leaves the earlier queue */
	sk_send(c.op, &c.e, pt, 32, MSG_MORE);
	k = c.e;
	k.op = 3;
	sk_send(c.op, &k, pt, 16, 0);
	sk_send(c.op, NULL, pt + 32, 32, 0);
	sk_recv(c.op, 64, MSG_DONTWAIT);
out:
	opctx_close(&c);
}

/* TX budget (SO_SNDBUF), RX steps (SO_RCVBUF), poll */
static void sc_budget(const void *arg)
{
	struct opctx c;
	uint8_t *pt, *ct;
	size_t n = 300000, i;
	int v;

	pt = page_alloc(n + 4096);
	ct = page_alloc(n + 4096);
	if (!opctx_open(&c, arg, pt, n))
		goto out;
	poll_step(c.op, "fresh");
	sk_send(c.op, &c.e, NULL, 0, MSG_MORE);
	poll_step(c.op, "control-only MORE");
	sk_send(c.op, NULL, pt, 100, MSG_MORE);
	poll_step(c.op, "100 bytes MORE");
	sk_send(c.op, NULL, pt + 100, n - 100 - 4, MSG_MORE | MSG_DONTWAIT);
	poll_step(c.op, "after filling");
	sk_send(c.op, NULL, pt, 1, MSG_MORE | MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, 5000, MSG_MORE | MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, 8000, MSG_MORE | MSG_DONTWAIT);
	sk_recv(c.op, 65536, MSG_DONTWAIT);
	poll_step(c.op, "after 64 KiB read");
	sk_send(c.op, NULL, pt, 10000, MSG_MORE | MSG_DONTWAIT);
	sk_recv(c.op, n, MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, 16, 0);
	sk_recv(c.op, n, MSG_DONTWAIT);
	poll_step(c.op, "drained");
	/* non-blocking socket: O_NONBLOCK turns waits into EAGAIN */
	fcntl(c.op, F_SETFL, O_NONBLOCK);
	sk_send(c.op, &c.e, pt, n, 0);
	sk_recv(c.op, n, 0);
	T(read(c.op, ct, 64));
	out("read(64) nonblocking, nothing queued %s", rs());
	fcntl(c.op, F_SETFL, 0);
	/* small SO_SNDBUF / SO_RCVBUF */
	v = 8192;
	T(setsockopt(c.op, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v)));
	out("SO_SNDBUF 8192 %s", rs());
	v = 4096;
	T(setsockopt(c.op, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)));
	out("SO_RCVBUF 4096 %s", rs());
	sk_send(c.op, &c.e, pt, 3000, MSG_MORE | MSG_DONTWAIT);
	sk_send(c.op, NULL, pt + 3000, 30000, MSG_MORE | MSG_DONTWAIT);
	poll_step(c.op, "small sndbuf");
	sk_send(c.op, NULL, pt, 30000, MSG_MORE | MSG_DONTWAIT);
	for (i = 0; i < 4; i++)
		sk_recv(c.op, 5000, MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, c.bs, 0);
	sk_recv(c.op, n, MSG_DONTWAIT);
	/* a large final request read in one go, RX budget steps inside */
	v = 212992;
	setsockopt(c.op, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v));
	setsockopt(c.op, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v));
	sk_send(c.op, &c.e, pt, 200000, MSG_DONTWAIT);
	recvout(c.op, ct, 200000, MSG_DONTWAIT);
	out("recv(200000) %s %s", rs(), hx(ct, g_r > 0 ? (size_t)g_r : 0));
out:
	opctx_close(&c);
	page_free(pt, n + 4096);
	page_free(ct, n + 4096);
}

/* Concurrent sendmsg on one socket: EBUSY while a writer waits for room */
struct writer {
	int op;
	const uint8_t *p;
	size_t n;
	long r;
	int e;
	pid_t tid;
};

static void *writer_fn(void *arg)
{
	struct writer *w = arg;

	w->tid = gettid();
	errno = 0;
	w->r = send(w->op, w->p, w->n, MSG_MORE);
	w->e = errno;
	return NULL;
}

static bool thread_sleeping(pid_t tid)
{
	char path[64], buf[256], *p;
	FILE *f;
	bool s = false;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fgets(buf, sizeof(buf), f)) {
		p = strrchr(buf, ')');
		s = p && p[1] == ' ' && p[2] == 'S';
	}
	fclose(f);
	return s;
}

static void sc_concurrent(const void *arg)
{
	struct opctx c;
	struct writer w;
	pthread_t th;
	uint8_t *pt, *ct;
	size_t n = 400000;
	int i;

	pt = page_alloc(n);
	ct = page_alloc(n);
	if (!opctx_open(&c, arg, pt, n))
		goto out;
	sk_send(c.op, &c.e, NULL, 0, MSG_MORE);
	memset(&w, 0, sizeof(w));
	w.op = c.op;
	w.p = pt;
	w.n = n;
	pthread_create(&th, NULL, writer_fn, &w);
	for (i = 0; i < 2000 && (!w.tid || !thread_sleeping(w.tid)); i++)
		usleep(5000);
	usleep(50000);
	out("writer thread waiting for room: %d", w.tid && thread_sleeping(w.tid));
	sk_send(c.op, NULL, pt, 16, MSG_MORE | MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, 16, MSG_MORE);
	/* drain: the writer then completes its send */
	{
		size_t got = 0;
		int rounds = 0;

		while (rounds++ < 1000) {
			recvout(c.op, ct, 65536, MSG_DONTWAIT);
			if (g_r > 0)
				got += (size_t)g_r;
			if (got >= n - 65536 && w.r)
				break;
			if (g_r < 0)
				usleep(2000);
		}
		pthread_join(th, NULL);
		out("writer send = %ld %s", w.r, w.r < 0 ? ename(w.e) : "");
	}
	sk_send(c.op, NULL, pt, 16, 0);
	recvout(c.op, ct, n, MSG_DONTWAIT);
	out("rest %s", g_r >= 0 ? "ok" : rs());
out:
	opctx_close(&c);
	page_free(pt, n);
	page_free(ct, n);
}

static const char *const sk_algs[] = {
	"cbc(aes)", "ctr(aes)", "ecb(aes)", "xts(aes)", "chacha20",
	"cbc(des3_ede)", "rfc3686(ctr(aes))",
};

static const struct sc_kind sk_kinds[] = {
	{ "basic", sc_basic }, { "chain", sc_chain }, { "more", sc_more },
	{ "partial", sc_partial }, { "errors", sc_errors },
};

void reg_skcipher(void)
{
	reg_kinds("skcipher", sk_kinds, ARRAY_SIZE(sk_kinds), sk_algs,
		  ARRAY_SIZE(sk_algs));
	reg("skcipher.budget.cbc(aes)", sc_budget, "cbc(aes)");
	reg("skcipher.budget.chacha20", sc_budget, "chacha20");
	reg("skcipher.concurrent.chacha20", sc_concurrent, "chacha20");
}
