// SPDX-License-Identifier: GPL-2.0
/*
 * The AEAD op socket (afalg-behaviour.md §1.10).  Buffer layouts with the
 * AAD echo, authsize and assoclen boundaries, tag failures (EBADMSG), too
 * little data, short and long output buffers, MSG_MORE, IV handling.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include "conformance.h"

/* opctx_open() of an AEAD; @aad gets the bytes of gen(@alen, "aad") */
static bool a_open(struct opctx *c, const char *name, uint8_t *aad,
		   size_t alen, uint8_t *pt, size_t n)
{
	gen(aad, alen, "aad");
	return opctx_open(c, name, pt, n);
}

/* The default assoclen: ESP forms need 16 or 20 (the AAD ends in the IV) */
static size_t def_assoc(const struct calg *a)
{
	return a->esp ? 16 : 13;
}

/*
 * One request: send AAD||IN with op/iv/assoclen, receive @outlen bytes.
 * Prints both steps; returns the recv result, output in @outb.
 */
static long a_req(struct opctx *c, int op, const uint8_t *aad, size_t alen,
		  const uint8_t *in, size_t n, uint8_t *outb, size_t outlen,
		  int rflags, const char *label)
{
	uint8_t *buf = xmalloc(alen + n);
	struct afalg_ctl k = opctx_ctl(c, op, (long)alen);

	memcpy(buf, aad, alen);
	memcpy(buf + alen, in, n);
	sendctl(c->op, &k, buf, alen + n, 0);
	out("%s: sendmsg(%s,assoc=%zu,%zu) %s", label,
	    op == ALG_OP_ENCRYPT ? "enc" : "dec", alen, n, rs());
	free(buf);
	memset(outb, 0xcc, outlen);
	recvout(c->op, outb, outlen, rflags);
	out("%s: recv(%zu,%s) %s %s", label, outlen, flagstr(rflags), rs(),
	    hx(outb, g_r > 0 ? (size_t)g_r : 0));
	return g_r;
}

/* a_req() encrypting AAD||PT, reading all of AAD||CT||TAG */
static long a_enc(struct opctx *c, const uint8_t *aad, size_t alen,
		  const uint8_t *pt, size_t n, uint8_t *outb, const char *label)
{
	return a_req(c, ALG_OP_ENCRYPT, aad, alen, pt, n, outb,
		     alen + n + c->as, MSG_DONTWAIT, label);
}

/* Layouts: AAD||PT -> AAD||CT||TAG and back (afalg-behaviour.md §1.10) */
static void sc_layout(const void *arg)
{
	static const size_t alens[] = { 0, 1, 13, 16, 20, 32, 100 };
	static const size_t plens[] = { 0, 1, 15, 16, 17, 64, 1000 };
	struct opctx c;
	uint8_t aad[128], pt[1024], ct[2048], rt[2048];
	size_t i, j;
	long r;

	if (!a_open(&c, arg, aad, sizeof(aad), pt, sizeof(pt)))
		goto out;
	for (i = 0; i < ARRAY_SIZE(alens); i++) {
		for (j = 0; j < ARRAY_SIZE(plens); j++) {
			size_t al = alens[i], pl = plens[j];
			char label[48];

			if (c.a->bs > 1 && pl % c.a->bs)
				continue;
			snprintf(label, sizeof(label), "a%zu/p%zu", al, pl);
			r = a_enc(&c, aad, al, pt, pl, ct, label);
			if (r <= 0 || (size_t)r < al)
				continue;
			/* (a recv into 0 bytes would not reach the AEAD) */
			r = a_req(&c, ALG_OP_DECRYPT, aad, al, ct + al,
				  (size_t)r - al, rt,
				  (size_t)r - c.as ? (size_t)r - c.as : 1,
				  MSG_DONTWAIT, label);
			if (r > 0)
				out("%s: roundtrip=%d", label,
				    (size_t)r == al + pl &&
				    !memcmp(rt + al, pt, pl) &&
				    !memcmp(rt, aad, al));
		}
	}
	/* the AAD into a scratch iovec (ell, GnuTLS, libkcapi) */
	{
		struct afalg_ctl k = opctx_ctl(&c, ALG_OP_ENCRYPT, (long)def_assoc(c.a));
		uint8_t scratch[32], *buf = xmalloc(def_assoc(c.a) + 64);
		struct iovec v[2] = { { scratch, def_assoc(c.a) },
				      { ct, 64 + c.as } };
		struct msghdr m;

		memcpy(buf, aad, def_assoc(c.a));
		memcpy(buf + def_assoc(c.a), pt, 64);
		sendctl(c.op, &k, buf, def_assoc(c.a) + 64, 0);
		out("scratch-iov send %s", rs());
		memset(&m, 0, sizeof(m));
		m.msg_iov = v;
		m.msg_iovlen = 2;
		T(recvmsg(c.op, &m, 0));
		out("scratch-iov recvmsg %s aad=%s out=%s", rs(),
		    hx(scratch, def_assoc(c.a)), hx(ct, 64 + c.as));
		free(buf);
	}
	/* in place: the same buffer for input and output */
	{
		struct afalg_ctl k = opctx_ctl(&c, ALG_OP_ENCRYPT, 16);
		uint8_t b[16 + 64 + 64];

		memcpy(b, aad, 16);
		memcpy(b + 16, pt, 64);
		sendctl(c.op, &k, b, 80, 0);
		recvout(c.op, b, 80 + c.as, 0);
		out("in place %s %s", rs(), hx(b, g_r > 0 ? (size_t)g_r : 0));
	}
out:
	opctx_close(&c);
}

/* ALG_SET_AEAD_AUTHSIZE: the value is optlen (afalg-behaviour.md §1.5) */
static void sc_authsize(const void *arg)
{
	struct opctx c;
	char line[1024];
	size_t l = 0;
	unsigned int as;
	uint8_t aad[32], pt[64], ct[256], rt[256];

	if (!a_open(&c, arg, aad, sizeof(aad), pt, sizeof(pt)))
		goto out;
	closefd(c.op);
	c.op = -1;
	line[0] = 0;
	for (as = 0; as <= c.a->maxauth + 2; as++) {
		T(setsockopt(c.fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, as));
		l += (size_t)snprintf(line + l, sizeof(line) - l, " %u:%s", as,
				      g_r ? ename(g_e) : "ok");
	}
	out("authsize sweep:%s", line);
	T(setsockopt(c.fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 255));
	out("authsize 255 %s", rs());
	T(setsockopt(c.fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 65536));
	out("authsize 65536 %s", rs());
	T(setsockopt(c.fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, "xxxxxxxx", 8));
	out("authsize 8 with an optval %s", rs());
	for (as = 1; as <= c.a->maxauth; as++) {
		long r;
		char label[32];

		if (setsockopt(c.fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, as))
			continue;
		c.as = as;
		c.op = (int)accept(c.fd, NULL, NULL);
		snprintf(label, sizeof(label), "as%u", as);
		r = a_req(&c, ALG_OP_ENCRYPT, aad, def_assoc(c.a), pt, 32, ct,
			  def_assoc(c.a) + 32 + as, MSG_DONTWAIT, label);
		if (r > 0)
			a_req(&c, ALG_OP_DECRYPT, aad, def_assoc(c.a),
			      ct + def_assoc(c.a), (size_t)r - def_assoc(c.a),
			      rt, def_assoc(c.a) + 32, MSG_DONTWAIT, label);
		closefd(c.op);
		c.op = -1;
	}
	/* a failed authsize keeps the previous value */
	setsockopt(c.fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 8);
	T(setsockopt(c.fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 7));
	out("authsize 8 then 7 %s", rs());
	c.op = (int)accept(c.fd, NULL, NULL);
	a_req(&c, ALG_OP_ENCRYPT, aad, def_assoc(c.a), pt, 16, ct,
	      def_assoc(c.a) + 16 + 16, MSG_DONTWAIT, "after bad authsize");
out:
	opctx_close(&c);
}

/* Tag failures: EBADMSG, input consumed (afalg-behaviour.md §1.10) */
static void sc_tag(const void *arg)
{
	struct opctx c;
	uint8_t aad[32], pt[64], ct[256], bad[256], rt[256];
	size_t al, n;
	long r;
	int i;

	if (!a_open(&c, arg, aad, sizeof(aad), pt, sizeof(pt)))
		goto out;
	al = def_assoc(c.a);
	r = a_enc(&c, aad, al, pt, 48, ct, "enc");
	if (r <= 0)
		goto out;
	n = (size_t)r - al;	/* CT||TAG */
	for (i = 0; i < 4; i++) {
		static const char *const what[] = { "tag", "ct", "aad",
						    "short tag" };
		uint8_t a2[32];
		size_t nn = n;

		memcpy(bad, ct + al, n);
		memcpy(a2, aad, al);
		if (i == 0)
			bad[n - 1] ^= 1;
		else if (i == 1)
			bad[0] ^= 0x80;
		else if (i == 2)
			a2[0] ^= 1;
		else
			nn = n - 1;
		{
			struct afalg_ctl k = opctx_ctl(&c, ALG_OP_DECRYPT, (long)al);
			uint8_t b[256];

			memcpy(b, a2, al);
			memcpy(b + al, bad, nn);
			sendctl(c.op, &k, b, al + nn, 0);
			out("%s: sendmsg(dec,%zu) %s", what[i], al + nn, rs());
			memset(rt, 0xcc, sizeof(rt));
			recvout(c.op, rt, al + nn - c.as, MSG_DONTWAIT);
			out("%s: recv(%zu) %s", what[i], al + nn - c.as, rs());
			out("%s: aad echo %s", what[i], hx(rt, al));
			div_next("D11", "output after a tag failure: the kernel "
				 "leaves unauthenticated plaintext there, the "
				 "shim does not");
			out("%s: plaintext area %s", what[i],
			    hx(rt + al, nn - c.as));
		}
		/* the failed request was consumed */
		sk_recv(c.op, 16, MSG_DONTWAIT);
	}
	/* EBADMSG on the last of several requests queued in one recv */
	a_req(&c, ALG_OP_DECRYPT, aad, al, ct + al, n, rt, al + n - c.as,
	      MSG_DONTWAIT, "good after bad");
out:
	opctx_close(&c);
}

/* Too little data, short and long output, assoclen limits, MORE, IV */
static void sc_sizes(const void *arg)
{
	struct opctx c;
	struct afalg_ctl k;
	uint8_t aad[64], pt[256], ct[512], rt[512];
	size_t al;
	long r;

	if (!a_open(&c, arg, aad, sizeof(aad), pt, sizeof(pt)))
		goto out;
	al = def_assoc(c.a);
	r = a_enc(&c, aad, al, pt, 64, ct, "enc");
	out("-- decrypt with less than assoclen + authsize");
	a_req(&c, ALG_OP_DECRYPT, aad, al, ct + al, c.as - 1, rt, 64,
	      MSG_DONTWAIT, "short");
	sk_recv(c.op, 64, MSG_DONTWAIT);
	out("-- assoclen larger than the data");
	k = opctx_ctl(&c, ALG_OP_ENCRYPT, 100);
	sk_send(c.op, &k, aad, 50, 0);
	sk_recv(c.op, 200, MSG_DONTWAIT);
	sk_recv(c.op, 200, MSG_DONTWAIT);
	k.assoclen = 0x7fffffff;
	sk_send(c.op, &k, aad, 50, 0);
	sk_recv(c.op, 200, MSG_DONTWAIT);
	k.assoclen = 0x80000000;
	sk_send(c.op, &k, aad, 50, 0);
	k.assoclen = 0xffffffff;
	sk_send(c.op, &k, aad, 50, 0);
	sk_recv(c.op, 200, MSG_DONTWAIT);
	out("-- output smaller than needed (encrypt)");
	if (r > 0) {
		size_t outl = (size_t)r;
		size_t cuts[] = { 1, c.as, c.as + 1, 16, 64, outl - al,
				  outl - 1 };
		size_t i;

		for (i = 0; i < ARRAY_SIZE(cuts); i++) {
			char label[32];

			if (cuts[i] > outl)
				continue;
			snprintf(label, sizeof(label), "enc out-%zu", cuts[i]);
			a_req(&c, ALG_OP_ENCRYPT, aad, al, pt, 64, rt,
			      outl - cuts[i], MSG_DONTWAIT, label);
			sk_recv(c.op, 512, MSG_DONTWAIT);
		}
		for (i = 0; i < ARRAY_SIZE(cuts); i++) {
			char label[32];

			if (cuts[i] > 64 + al)
				continue;
			snprintf(label, sizeof(label), "dec out-%zu", cuts[i]);
			a_req(&c, ALG_OP_DECRYPT, aad, al, ct + al, outl - al,
			      rt, al + 64 - cuts[i], MSG_DONTWAIT, label);
			sk_recv(c.op, 512, MSG_DONTWAIT);
		}
		out("-- output larger than needed");
		a_req(&c, ALG_OP_ENCRYPT, aad, al, pt, 64, rt, 512,
		      MSG_DONTWAIT, "enc out+");
		k = opctx_ctl(&c, ALG_OP_ENCRYPT, (long)al);
		{
			uint8_t b[512];

			memcpy(b, aad, al);
			memcpy(b + al, pt, 64);
			sk_send(c.op, &k, b, al + 64, 0);
		}
		sk_recv_blocking(c.op, 512, "D10",
				 "recv larger than the data: the kernel "
				 "sleeps after producing output, the shim "
				 "returns it", false);
	}
	out("-- MSG_MORE: recv waits for the whole message");
	k = opctx_ctl(&c, ALG_OP_ENCRYPT, (long)al);
	sk_send(c.op, &k, aad, al, MSG_MORE);
	sk_recv(c.op, 512, MSG_DONTWAIT);
	sk_send(c.op, NULL, pt, 32, MSG_MORE);
	sk_recv(c.op, 512, MSG_DONTWAIT);
	sk_recv_blocking(c.op, 512, NULL, NULL, false);
	sk_send(c.op, NULL, pt + 32, 32, 0);
	sk_recv(c.op, al + 64 + c.as, MSG_DONTWAIT);
	out("-- the IV is not chained: a request without IV reuses it");
	a_enc(&c, aad, al, pt, 32, rt, "with iv");
	{
		uint8_t b[128];

		memcpy(b, aad, al);
		memcpy(b + al, pt, 32);
		sk_send(c.op, NULL, b, al + 32, 0);
		sk_recv(c.op, al + 32 + c.as, MSG_DONTWAIT);
		/* a cmsg without IV: op and assoclen reset, IV kept */
		k = AFALG_CTL_NONE;
		k.op = ALG_OP_ENCRYPT;
		sk_send(c.op, &k, b, al + 32, 0);
		sk_recv(c.op, al + 32 + c.as, MSG_DONTWAIT);
	}
	out("-- no data at all");
	k = opctx_ctl(&c, ALG_OP_ENCRYPT, 0);
	sk_send(c.op, &k, NULL, 0, 0);
	sk_recv(c.op, 64, MSG_DONTWAIT);
	k = opctx_ctl(&c, ALG_OP_DECRYPT, 0);
	sk_send(c.op, &k, NULL, 0, 0);
	sk_recv(c.op, 64, MSG_DONTWAIT);
	out("-- wrong iv length");
	k = opctx_ctl(&c, ALG_OP_ENCRYPT, (long)al);
	k.ivlen = (int)c.a->ivsize + 1;
	sk_send(c.op, &k, aad, al + 16, 0);
	k.ivlen = 0;
	sk_send(c.op, &k, aad, al + 16, 0);
	sk_recv(c.op, 128, MSG_DONTWAIT);
out:
	opctx_close(&c);
}

/* assoclen sweep (ESP forms accept only 16 and 20) and ccm's iv[0] */
static void sc_assoc(const void *arg)
{
	static const size_t alens[] = { 0, 7, 8, 12, 15, 16, 17, 19, 20, 21,
					24, 32, 64, 255, 256, 4096 };
	struct opctx c;
	uint8_t *aad, pt[64], *ct;
	char line[1024];
	size_t i, l = 0;

	aad = xmalloc(8192);
	ct = xmalloc(8192);
	if (!a_open(&c, arg, aad, 8192, pt, sizeof(pt)))
		goto out;
	line[0] = 0;
	for (i = 0; i < ARRAY_SIZE(alens); i++) {
		struct afalg_ctl k = opctx_ctl(&c, ALG_OP_ENCRYPT, (long)alens[i]);
		uint8_t *b = xmalloc(alens[i] + 32);

		memcpy(b, aad, alens[i]);
		memcpy(b + alens[i], pt, 32);
		sendctl(c.op, &k, b, alens[i] + 32, 0);
		recvout(c.op, ct, alens[i] + 32 + c.as, MSG_DONTWAIT);
		l += (size_t)snprintf(line + l, sizeof(line) - l, " %zu:%s",
				      alens[i], g_r < 0 ? ename(g_e) :
				      hx(ct + alens[i], 8));
		free(b);
		recvout(c.op, ct, 64, MSG_DONTWAIT);	/* leftovers? */
		if (g_r >= 0)
			l += (size_t)snprintf(line + l, sizeof(line) - l,
					      "+%ld", g_r);
	}
	out("assoclen sweep:%s", line);
	if (c.a->ccm_iv) {
		static const uint8_t flags[] = { 0, 1, 2, 7, 8, 0x43, 0xff };
		uint8_t iv[16];

		line[0] = 0;
		l = 0;
		for (i = 0; i < ARRAY_SIZE(flags); i++) {
			struct afalg_ctl k = opctx_ctl(&c, ALG_OP_ENCRYPT, 8);
			uint8_t b[8 + 32];

			memcpy(iv, c.iv, 16);
			iv[0] = flags[i];
			k.iv = iv;
			memcpy(b, aad, 8);
			memcpy(b + 8, pt, 32);
			sendctl(c.op, &k, b, sizeof(b), 0);
			recvout(c.op, ct, 8 + 32 + c.as, MSG_DONTWAIT);
			l += (size_t)snprintf(line + l, sizeof(line) - l,
					      " %02x:%s", flags[i],
					      g_r < 0 ? ename(g_e) :
					      hx(ct + 8, 8));
		}
		out("ccm iv[0] sweep:%s", line);
	}
out:
	opctx_close(&c);
	free(aad);
	free(ct);
}

static const char *const aead_algs[] = {
	"gcm(aes)", "ccm(aes)", "rfc4106(gcm(aes))", "rfc4309(ccm(aes))",
	"rfc7539(chacha20,poly1305)", "rfc7539esp(chacha20,poly1305)",
	"authenc(hmac(sha256),cbc(aes))",
};

static const struct sc_kind aead_kinds[] = {
	{ "layout", sc_layout }, { "authsize", sc_authsize }, { "tag", sc_tag },
	{ "sizes", sc_sizes }, { "assoc", sc_assoc },
};

void reg_aead(void)
{
	reg_kinds("aead", aead_kinds, ARRAY_SIZE(aead_kinds), aead_algs,
		  ARRAY_SIZE(aead_algs));
}
