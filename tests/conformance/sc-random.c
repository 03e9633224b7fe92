// SPDX-License-Identifier: GPL-2.0
/*
 * Randomised operation sequences: each one picks an algorithm and runs
 * 10-40 random operations on a tfm and up to three op sockets (keys of
 * good and bad lengths, accepts and clones, sends with random lengths,
 * flags and cmsgs, reads of random sizes, authsize changes, rebinding).
 * Sequence i is generated from (seed, i) alone, so a failing sequence is
 * reproduced with --seed S --only random.<i>.  Every call is non-blocking
 * (MSG_DONTWAIT), so the kernel never waits and both sides stay in step.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include "conformance.h"

/* the pool: algorithms likely on both sides */
static const char *const pool[] = {
	"sha1", "sha256", "sha512", "sha3-256", "md5", "hmac(sha256)",
	"hmac(sha1)", "hmac(sha512)", "cmac(aes)", "crc32c",
	"cbc(aes)", "ctr(aes)", "ecb(aes)", "xts(aes)", "chacha20",
	"cbc(des3_ede)", "rfc3686(ctr(aes))",
	"gcm(aes)", "ccm(aes)", "rfc4106(gcm(aes))",
	"rfc7539(chacha20,poly1305)", "authenc(hmac(sha256),cbc(aes))",
};

#define MAXOPS 3

struct seq {
	struct prng p;
	const struct calg *a;
	int fd, ops[MAXOPS];
	uint8_t buf[6000], out[6000];
};

static unsigned int rnd(struct seq *s, unsigned int n)
{
	return prng_below(&s->p, n);
}

static int pick_op(struct seq *s)
{
	unsigned int i, n = 0;
	int live[MAXOPS];

	for (i = 0; i < MAXOPS; i++)
		if (s->ops[i] >= 0)
			live[n++] = (int)i;
	return n ? live[rnd(s, n)] : -1;
}

static int free_slot(struct seq *s)
{
	unsigned int i;

	for (i = 0; i < MAXOPS; i++)
		if (s->ops[i] < 0)
			return (int)i;
	return -1;
}

static void op_setkey(struct seq *s)
{
	uint8_t key[256];
	unsigned int n;

	if (rnd(s, 10) < 7) {
		n = make_key(s->a, key, sizeof(key), "key");
		if (rnd(s, 4) == 0 && n)
			key[rnd(s, n)] ^= (uint8_t)(1 + rnd(s, 255));
	} else {
		n = rnd(s, 80);
		prng_fill(&s->p, key, n);
	}
	T(setsockopt(s->fd, SOL_ALG, ALG_SET_KEY, key, n));
	out("setkey(%u) %s", n, rs());
}

static void op_accept(struct seq *s)
{
	int slot = free_slot(s), src;

	if (slot < 0)
		return;
	src = pick_op(s);
	if (s->a->type == C_HASH && src >= 0 && rnd(s, 3) == 0) {
		s->ops[slot] = (int)T(accept(s->ops[src], NULL, NULL));
		out("accept(op%d) -> op%d %s", src, slot, rsfd());
	} else {
		s->ops[slot] = (int)T(accept(s->fd, NULL, NULL));
		out("accept -> op%d %s", slot, rsfd());
	}
}

static void op_close(struct seq *s)
{
	int i = pick_op(s);

	if (i < 0)
		return;
	close(s->ops[i]);
	s->ops[i] = -1;
	out("close(op%d)", i);
}

static void op_send(struct seq *s)
{
	int i = pick_op(s), flags = MSG_DONTWAIT;
	size_t n;
	struct afalg_ctl c = AFALG_CTL_NONE;
	uint8_t iv[64];
	unsigned int r = rnd(s, 100);
	char cs[64] = "";

	if (i < 0)
		return;
	n = r < 10 ? 0 : r < 80 ? rnd(s, 200) : r < 97 ? rnd(s, 2000) :
		     rnd(s, 6000);
	prng_fill(&s->p, s->buf, n);
	if (rnd(s, 2))
		flags |= MSG_MORE;
	if (s->a->type != C_HASH && rnd(s, 3)) {
		unsigned int k = rnd(s, 100);

		c.op = k < 45 ? ALG_OP_ENCRYPT : k < 95 ? ALG_OP_DECRYPT :
			        (int)rnd(s, 4);
		if (rnd(s, 5)) {
			make_iv(s->a, iv, "iv");
			c.iv = iv;
			c.ivlen = rnd(s, 30) ? (int)s->a->ivsize :
					      (int)rnd(s, 33);
			if (rnd(s, 4) == 0 && s->a->ivsize)
				iv[rnd(s, s->a->ivsize)] ^= 0x55;
		}
		if (s->a->type == C_AEAD && rnd(s, 4))
			c.assoclen = rnd(s, 20) ? (long)rnd(s, n + 8) :
						  (long)(0x7ffffff0u + rnd(s, 32));
		if (rnd(s, 10) == 0)
			c.op = -1;
		snprintf(cs, sizeof(cs), " op=%d iv=%d assoc=%ld", c.op,
			 c.ivlen, c.assoclen);
		if (c.op < 0 && c.ivlen < 0 && c.assoclen < 0)
			snprintf(cs, sizeof(cs), " ctl=none");
	}
	sendctl(s->ops[i], cs[0] ? &c : NULL, s->buf, n, flags);
	out("op%d send(%zu,%s%s) %s", i, n, flagstr(flags), cs, rs());
}

static void op_recv(struct seq *s)
{
	int i = pick_op(s);
	unsigned int r = rnd(s, 100);
	size_t n;

	if (i < 0)
		return;
	n = r < 5 ? 0 : r < 60 ? rnd(s, 100) : r < 90 ? rnd(s, 1200) :
		    rnd(s, 6000);
	memset(s->out, 0, n + 1);
	recvout(s->ops[i], s->out, n, MSG_DONTWAIT);
	if (s->a->type == C_RNG)
		out("op%d recv(%zu) %s", i, n, rs());
	else
		out("op%d recv(%zu) %s %s", i, n, rs(),
		    hx(s->out, g_r > 0 ? (size_t)g_r : 0));
}

static void op_misc(struct seq *s)
{
	int i = pick_op(s);
	unsigned int k = rnd(s, 6);

	if (k == 0 && s->a->type == C_AEAD) {
		unsigned int as = rnd(s, s->a->maxauth + 3);

		T(setsockopt(s->fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, as));
		out("authsize(%u) %s", as, rs());
	} else if (k == 1) {
		T(afalg_bind(s->fd, ctype_name(s->a->type), s->a->name));
		out("rebind %s", rs());
	} else if (k == 2 && i >= 0) {
		struct pollfd p = { s->ops[i], POLLIN | POLLOUT, 0 };

		T(poll(&p, 1, 0));
		out("op%d poll %s revents=%#x", i, rs(), p.revents);
	} else if (k == 3 && i >= 0) {
		T(read(s->ops[i], s->out, 0));
		out("op%d read(0) %s", i, rs());
	} else if (k == 4 && i >= 0) {
		T(recv(s->ops[i], s->out, 0, MSG_DONTWAIT));
		out("op%d recv(0) %s", i, rs());
	} else if (i >= 0) {
		struct iovec v[3];
		struct msghdr m;
		size_t a = rnd(s, 40), b = rnd(s, 40), c = rnd(s, 100);

		v[0] = (struct iovec){ s->out, a };
		v[1] = (struct iovec){ s->out + a, b };
		v[2] = (struct iovec){ s->out + a + b, c };
		memset(&m, 0, sizeof(m));
		m.msg_iov = v;
		m.msg_iovlen = 3;
		T(recvmsg(s->ops[i], &m, MSG_DONTWAIT));
		out("op%d recvmsg(%zu+%zu+%zu) %s flags=%s %s", i, a, b, c,
		    rs(), flagstr(m.msg_flags),
		    s->a->type == C_RNG ? "" :
		    hx(s->out, g_r > 0 ? (size_t)g_r : 0));
	}
}

static void sc_random(const void *arg)
{
	unsigned int idx = (unsigned int)(uintptr_t)arg, nops, i;
	struct seq *s = xmalloc(sizeof(*s));

	prng_init(&s->p, "random", g_seed * 1000003ull + idx);
	s->a = calg_find(pool[rnd(s, ARRAY_SIZE(pool))]);
	for (i = 0; i < MAXOPS; i++)
		s->ops[i] = -1;
	s->fd = tfm(ctype_name(s->a->type), s->a->name);
	if (s->fd < 0)
		goto out;
	if (s->a->keylen || s->a->anykey)
		op_setkey(s);
	nops = 10 + rnd(s, 31);
	for (i = 0; i < nops; i++) {
		unsigned int k = rnd(s, 100);

		if (k < 8)
			op_setkey(s);
		else if (k < 20)
			op_accept(s);
		else if (k < 26)
			op_close(s);
		else if (k < 58)
			op_send(s);
		else if (k < 88)
			op_recv(s);
		else
			op_misc(s);
	}
	for (i = 0; i < MAXOPS; i++)
		closefd(s->ops[i]);
	close(s->fd);
out:
	free(s);
}

void reg_random(void)
{
	char n[32];
	unsigned int i;

	for (i = 0; i < g_random; i++) {
		snprintf(n, sizeof(n), "random.%04u", i);
		reg(n, sc_random, (const void *)(uintptr_t)i);
	}
}
