// SPDX-License-Identifier: GPL-2.0
/*
 * One scenario per algorithm: key-length sweep, authsize sweep (AEAD),
 * and known-input outputs for message lengths around the block size,
 * through one-shot and MSG_MORE paths.  Inputs are gen(n, label) bytes
 * ("key", "iv", "aad", "msg"), which the host smoke test regenerates to
 * check the outputs against hashlib/cryptography.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include "conformance.h"

static const unsigned int key_lens[] = {
	0, 1, 4, 7, 8, 9, 15, 16, 17, 19, 20, 21, 23, 24, 25, 27, 28, 31,
	32, 33, 35, 36, 37, 40, 44, 48, 56, 63, 64, 65, 72, 96, 128, 129, 256,
	1000,
};

/* one line: result of ALG_SET_KEY for every length above */
static void key_sweep(int fd, const struct calg *a)
{
	uint8_t key[1024];
	char line[2048];
	size_t i, l = 0;

	gen(key, sizeof(key), "key");
	line[0] = 0;
	for (i = 0; i < ARRAY_SIZE(key_lens); i++) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, key_lens[i]));
		l += (size_t)snprintf(line + l, sizeof(line) - l, " %u:%s",
				      key_lens[i], g_r ? ename(g_e) : "ok");
	}
	out("setkey sweep:%s", line);
	if (a->kind == K_AUTHENC) {
		static const uint8_t bad_hdr[][8] = {
			{ 8, 0, 2, 0, 0, 0, 0, 16 },	/* wrong rta_type */
			{ 4, 0, 1, 0, 0, 0, 0, 16 },	/* rta_len 4 */
			{ 8, 0, 1, 0, 0, 0, 1, 0 },	/* enckeylen 256 */
			{ 8, 0, 1, 0, 0, 0, 0, 15 },	/* enckeylen 15 */
			{ 8, 0, 1, 0, 0, 0, 0, 0 },	/* enckeylen 0 */
			{ 12, 0, 1, 0, 0, 0, 0, 16 },	/* rta_len 12 */
		};
		uint8_t k[8 + 96];

		line[0] = 0;
		l = 0;
		for (i = 0; i < ARRAY_SIZE(bad_hdr); i++) {
			memcpy(k, bad_hdr[i], 8);
			gen(k + 8, 96, "key");
			T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, k, 8 + 48));
			l += (size_t)snprintf(line + l, sizeof(line) - l,
					      " %zu:%s", i,
					      g_r ? ename(g_e) : "ok");
		}
		out("authenc key format sweep:%s", line);
	}
}

static const size_t msg_lens[] = {
	0, 1, 3, 15, 16, 17, 55, 56, 63, 64, 65, 71, 72, 73, 103, 104, 111,
	112, 127, 128, 129, 135, 136, 137, 143, 144, 145, 255, 256, 1000,
	4096, 65537,
};

/* hash op: one-shot digest of @n bytes, and the same in pieces */
static void hash_lens(int fd, const struct calg *a)
{
	uint8_t *msg = xmalloc(65537), d[128], d2[128];
	size_t i, j;
	int op = acc(fd);

	if (op < 0) {
		free(msg);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(msg_lens); i++) {
		size_t n = msg_lens[i];
		static const size_t pieces[] = { 1, 7, 64, 1000 };
		bool same = true;

		gen(msg, n, "msg");
		T(send(op, msg, n, 0));
		if (g_r != (long)n) {
			out("send(%zu) %s", n, rs());
			continue;
		}
		T(read(op, d, sizeof(d)));
		out("digest len=%zu %s %s", n, rs(),
		    g_r > 0 ? hxfull(d, (size_t)g_r) : "");
		for (j = 0; j < ARRAY_SIZE(pieces); j++) {
			size_t off = 0, p = pieces[j];

			if (n > 4096 && p < 64)
				continue;
			while (off < n) {
				size_t c = n - off < p ? n - off : p;

				send(op, msg + off, c, MSG_MORE);
				off += c;
			}
			send(op, NULL, 0, 0);
			if (read(op, d2, sizeof(d2)) != (ssize_t)a->ds ||
			    memcmp(d, d2, a->ds))
				same = false;
		}
		if (!same)
			out("  pieces of 1/7/64/1000 give another digest");
	}
	close(op);
	free(msg);
}

static void sc_hash(const struct calg *a, int fd)
{
	uint8_t key[256], d[128];
	static const unsigned int klens[] = { 0, 1, 16, 31, 32, 33, 63, 64,
					      65, 127, 128, 129, 144, 145,
					      200 };
	size_t i;
	int op;

	if (a->anykey) {
		/* HMAC: every key length, digest of msg(100) */
		uint8_t msg[100];

		gen(msg, sizeof(msg), "msg");
		for (i = 0; i < ARRAY_SIZE(klens); i++) {
			gen(key, klens[i], "key");
			if (setkey(fd, key, klens[i]))
				continue;
			op = (int)accept(fd, NULL, NULL);
			send(op, msg, sizeof(msg), 0);
			T(read(op, d, sizeof(d)));
			out("mac keylen=%u msglen=100 %s %s", klens[i], rs(),
			    g_r > 0 ? hxfull(d, (size_t)g_r) : "");
			closefd(op);
		}
		gen(key, a->keylen, "key");
		setkey(fd, key, a->keylen);
	} else {
		key_sweep(fd, a);
		if (a->keylen) {
			gen(key, a->keylen, "key");
			setkey(fd, key, a->keylen);
		}
	}
	hash_lens(fd, a);
}

static void sc_skcipher(const struct calg *a, int fd)
{
	static const size_t lens[] = { 0, 1, 8, 15, 16, 17, 31, 32, 48, 63,
				       64, 65, 100, 128, 255, 256, 4096,
				       65536 + 16 };
	uint8_t key[128], iv[32], *pt, *ct, *rt;
	struct afalg_ctl e = AFALG_CTL_NONE, d;
	size_t i, n;
	unsigned int klen;
	int op;

	key_sweep(fd, a);
	if (!strncmp(a->name, "xts", 3)) {
		/* equal key halves: refused only in FIPS mode */
		memset(key, 0x42, 64);
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, 32));
		out("xts equal halves (32) %s", rs());
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, 64));
		out("xts equal halves (64) %s", rs());
	}
	if (strstr(a->name, "des")) {
		/* a DES weak key; 3DES with K1 == K2 */
		memset(key, 0x01, 24);
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, a->keylen));
		out("weak key 0101.. %s", rs());
		gen(key, 24, "key");
		memcpy(key + 8, key, 8);
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, a->keylen));
		out("key with K1 == K2 %s", rs());
	}
	klen = make_key(a, key, sizeof(key), "key");
	if (setkey(fd, key, klen))
		return;
	make_iv(a, iv, "iv");
	op = acc(fd);
	if (op < 0)
		return;
	pt = xmalloc(65536 + 16);
	ct = xmalloc(65536 + 16);
	rt = xmalloc(65536 + 16);
	e.op = ALG_OP_ENCRYPT;
	e.iv = iv;
	e.ivlen = (int)a->ivsize;
	d = e;
	d.op = ALG_OP_DECRYPT;
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		n = lens[i];
		gen(pt, n, "msg");
		sendctl(op, &e, pt, n, 0);
		if (g_r != (long)n) {
			out("enc send(%zu) %s", n, rs());
			continue;
		}
		memset(ct, 0, n + 1);
		recvout(op, ct, n, MSG_DONTWAIT);
		if (g_r < 0) {
			out("enc len=%zu recv %s", n, rs());
			recvout(op, rt, 16, MSG_DONTWAIT);
			continue;
		}
		out("enc len=%zu %s %s", n, rs(),
		    n <= 256 ? hxfull(ct, n) : hx(ct, n));
		sendctl(op, &d, ct, n, 0);
		recvout(op, rt, n, MSG_DONTWAIT);
		if (g_r != (long)n || memcmp(rt, pt, n))
			out("  dec len=%zu %s roundtrip failed", n, rs());
		/* the same data as a stream of 7-byte pieces with MORE */
		if (n && n <= 4096) {
			size_t off = 0, got = 0;

			sendctl(op, &e, NULL, 0, MSG_MORE);
			while (off < n) {
				size_t c = n - off < 7 ? n - off : 7;

				send(op, pt + off, c,
				     off + c < n ? MSG_MORE : 0);
				off += c;
				if (off - got >= 64 && off < n) {
					size_t want = (off - got) & ~(size_t)63;
					ssize_t r = recv(op, rt + got, want,
							 MSG_DONTWAIT);

					if (r > 0)
						got += (size_t)r;
				}
			}
			while (got < n) {
				ssize_t r = recv(op, rt + got, n - got,
						 MSG_DONTWAIT);

				if (r <= 0)
					break;
				got += (size_t)r;
			}
			if (got != n || memcmp(rt, ct, n))
				out("  stream of 7-byte pieces: %zu bytes, same=%d",
				    got, got == n && !memcmp(rt, ct, n));
		}
	}
	close(op);
	free(pt);
	free(ct);
	free(rt);
}

static void sc_aead(const struct calg *a, int fd)
{
	static const size_t al[] = { 0, 8, 13, 16, 20, 31, 32 };
	static const size_t pl[] = { 0, 1, 16, 17, 64, 100, 1000 };
	uint8_t key[128], iv[32], aad[64], pt[1024], *ct, *rt, *b;
	char line[1024];
	size_t i, j, l = 0;
	unsigned int klen, as;
	int op;

	key_sweep(fd, a);
	klen = make_key(a, key, sizeof(key), "key");
	if (setkey(fd, key, klen))
		return;
	line[0] = 0;
	for (as = 0; as <= a->maxauth + 1; as++) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, as));
		l += (size_t)snprintf(line + l, sizeof(line) - l, " %u:%s", as,
				      g_r ? ename(g_e) : "ok");
	}
	out("authsize sweep:%s", line);
	setauthsize(fd, a->maxauth);
	make_iv(a, iv, "iv");
	gen(aad, sizeof(aad), "aad");
	op = acc(fd);
	if (op < 0)
		return;
	ct = xmalloc(2048);
	rt = xmalloc(2048);
	b = xmalloc(2048);
	for (i = 0; i < ARRAY_SIZE(al); i++) {
		for (j = 0; j < ARRAY_SIZE(pl); j++) {
			struct afalg_ctl e = AFALG_CTL_NONE;
			size_t n = al[i] + pl[j], outl = n + a->maxauth;

			if (a->bs > 1 && pl[j] % a->bs)
				continue;
			gen(pt, pl[j], "msg");
			memcpy(b, aad, al[i]);
			memcpy(b + al[i], pt, pl[j]);
			e.op = ALG_OP_ENCRYPT;
			e.iv = iv;
			e.ivlen = (int)a->ivsize;
			e.assoclen = (long)al[i];
			sendctl(op, &e, b, n, 0);
			recvout(op, ct, outl, MSG_DONTWAIT);
			if (g_r < 0) {
				out("aead assoc=%zu len=%zu %s", al[i], pl[j],
				    rs());
				continue;
			}
			out("aead assoc=%zu len=%zu %s %s", al[i], pl[j], rs(),
			    outl <= 300 ? hxfull(ct, (size_t)g_r) :
					  hx(ct, (size_t)g_r));
			/* a recv into 0 bytes does not reach the AEAD */
			e.op = ALG_OP_DECRYPT;
			sendctl(op, &e, ct, outl, 0);
			recvout(op, rt, n ? n : 1, MSG_DONTWAIT);
			if (g_r != (long)n || memcmp(rt + al[i], pt, pl[j]))
				out("  decrypt %s roundtrip failed", rs());
			ct[outl - 1] ^= 1;
			sendctl(op, &e, ct, outl, 0);
			recvout(op, rt, n ? n : 1, MSG_DONTWAIT);
			if (g_r >= 0 || g_e != EBADMSG)
				out("  tampered tag %s", rs());
		}
	}
	close(op);
	free(ct);
	free(rt);
	free(b);
}

static void sc_rngalg(const struct calg *a, int fd)
{
	uint8_t b[256];
	int op;

	(void)a;
	op = acc(fd);
	T(read(op, b, 200));
	out("read(200) %s", rs());
	closefd(op);
}

static void sc_alg(const void *arg)
{
	const struct calg *a = arg;
	int fd = tfm(ctype_name(a->type), a->name);

	if (fd < 0)
		return;
	switch (a->type) {
	case C_HASH:
		sc_hash(a, fd);
		break;
	case C_SKCIPHER:
		sc_skcipher(a, fd);
		break;
	case C_AEAD:
		sc_aead(a, fd);
		break;
	default:
		sc_rngalg(a, fd);
	}
	close(fd);
}

void reg_algs(void)
{
	char n[160];
	unsigned int i;

	for (i = 0; i < ncalgs; i++) {
		snprintf(n, sizeof(n), "alg.%s.%s", ctype_name(calgs[i].type),
			 calgs[i].name);
		reg(n, sc_alg, &calgs[i]);
	}
}
