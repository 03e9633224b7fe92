// SPDX-License-Identifier: GPL-2.0
/*
 * rng op sockets (afalg-behaviour.md §1.11).  Output bytes are random on
 * both sides, so the transcript has lengths and properties (not all zero,
 * two reads differ), never the bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include "conformance.h"

static bool nonzero(const uint8_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i])
			return true;
	return false;
}

static void sc_rng(const void *arg)
{
	static const size_t lens[] = { 0, 1, 16, 127, 128, 129, 1000 };
	uint8_t a[1024], b[1024], seed[2048];
	size_t i;
	int fd, op, op2;
	char line[512];
	size_t l = 0;

	fd = tfm("rng", arg);
	if (fd < 0)
		return;
	op = acc(fd);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		memset(a, 0, sizeof(a));
		T(read(op, a, lens[i]));
		out("read(%zu) %s nonzero=%d", lens[i], rs(),
		    g_r > 0 && nonzero(a, (size_t)g_r));
	}
	memset(a, 0, sizeof(a));
	T(recv(op, a, 64, MSG_DONTWAIT | MSG_PEEK | MSG_WAITALL));
	out("recv(64, DONTWAIT|PEEK|WAITALL) %s", rs());
	{
		struct iovec v[3] = { { a, 50 }, { b, 50 }, { a + 50, 50 } };
		struct msghdr m;

		memset(&m, 0, sizeof(m));
		m.msg_iov = v;
		m.msg_iovlen = 3;
		T(recvmsg(op, &m, 0));
		out("recvmsg(50+50+50) %s msg_flags=%s", rs(),
		    flagstr(m.msg_flags));
		T(readv(op, v, 3));
		out("readv(50+50+50) %s", rs());
	}
	read(op, a, 128);
	read(op, b, 128);
	out("two reads differ=%d", memcmp(a, b, 128) != 0);
	T(send(op, "x", 1, 0));
	out("send %s", rs());
	T(write(op, "x", 1));
	out("write %s", rs());
	T(send(op, "", 0, 0));
	out("send(0) %s", rs());
	poll_step(op, "rng op");
	/* children of one tfm draw from one DRBG; each gets bytes */
	op2 = acc(fd);
	T(read(op2, b, 32));
	out("second child read %s", rs());
	/* setkey = reseed; busy with children */
	gen(seed, sizeof(seed), "seed");
	setkey(fd, seed, 32);
	closefd(op);
	closefd(op2);
	line[0] = 0;
	for (i = 0; i < 9; i++) {
		static const unsigned int sl[] = { 0, 1, 16, 32, 48, 55, 64,
						   111, 2048 };

		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, seed, sl[i]));
		l += (size_t)snprintf(line + l, sizeof(line) - l, " %u:%s",
				      sl[i], g_r ? ename(g_e) : "ok");
	}
	out("seed sweep:%s", line);
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, NULL, 0));
	out("seed NULL,0 %s", rs());
	op = acc(fd);
	T(read(op, a, 128));
	out("read after reseed %s nonzero=%d", rs(),
	    g_r > 0 && nonzero(a, (size_t)g_r));
	closefd(op);
	close(fd);
}

static const char *const rng_algs[] = {
	"stdrng", "drbg_nopr_hmac_sha256", "drbg_nopr_sha256",
	"drbg_nopr_ctr_aes128", "drbg_pr_hmac_sha256", "jitterentropy_rng",
};

static const struct sc_kind rng_kinds[] = { { NULL, sc_rng } };

void reg_rng(void)
{
	reg_kinds("rng", rng_kinds, 1, rng_algs, ARRAY_SIZE(rng_algs));
}
