// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-behaviour.md §1.3-§1.6: setsockopt() on tfm and op sockets, key
 * sizes against optmem_max, nokey children, unkeyed algorithms, NEED_KEY
 * after a failed setkey, EBUSY rules, keys by serial.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/keyctl.h>
#include <netinet/in.h>

#include "conformance.h"

/* ---- setsockopt(2) --------------------------------------------------- */

static void sc_setsockopt(const void *arg)
{
	uint8_t key[64];
	int fd, op;

	(void)arg;
	gen(key, sizeof(key), "key");
	fd = alg_socket();
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, 16));
	out("unbound ALG_SET_KEY %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 16));
	out("unbound ALG_SET_AEAD_AUTHSIZE %s", rs());
	T(setsockopt(fd, SOL_ALG, 99, key, 4));
	out("unbound optname 99 %s", rs());
	close(fd);

	fd = tfm("hash", "hmac(sha256)");
	if (fd < 0)
		return;
	T(setsockopt(fd, SOL_IP, ALG_SET_KEY, key, 16));
	out("level SOL_IP %s", rs());
	T(setsockopt(fd, 0x1234, ALG_SET_KEY, key, 16));
	out("level 0x1234 %s", rs());
	T(setsockopt(fd, SOL_ALG, 0, key, 16));
	out("optname 0 %s", rs());
	T(setsockopt(fd, SOL_ALG, 99, key, 16));
	out("optname 99 %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_IV, key, 16));
	out("ALG_SET_IV via setsockopt %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_OP, key, 4));
	out("ALG_SET_OP via setsockopt %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_AEAD_ASSOCLEN, key, 4));
	out("ALG_SET_AEAD_ASSOCLEN via setsockopt %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 16));
	out("ALG_SET_AEAD_AUTHSIZE on hash %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_DRBG_ENTROPY, key, 16));
	out("ALG_SET_DRBG_ENTROPY on hash %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, -1));
	out("ALG_SET_KEY optlen -1 %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, NULL, 16));
	out("ALG_SET_KEY NULL,16 %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, NULL, 0));
	out("ALG_SET_KEY NULL,0 %s", rs());
	if (!div_skip("D5", "bad pointer: the shim faults instead of EFAULT")) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, (void *)16, 16));
		out("[D5] ALG_SET_KEY (void*)16,16 %s", rs());
	}
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, 16));
	out("ALG_SET_KEY 16 %s", rs());
	T(setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &(int){ 65536 }, sizeof(int)));
	out("SOL_SOCKET SO_RCVBUF %s", rs());
	op = acc(fd);
	/* with a keyed child, every SOL_ALG option (even bad ones) is EBUSY */
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, 16));
	out("keyed child: ALG_SET_KEY %s", rs());
	T(setsockopt(fd, SOL_ALG, 99, key, 16));
	out("keyed child: optname 99 %s", rs());
	T(setsockopt(fd, SOL_IP, 1, key, 16));
	out("keyed child: SOL_IP %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, -1));
	out("keyed child: optlen -1 %s", rs());
	T(setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &(int){ 65536 }, sizeof(int)));
	out("keyed child: SOL_SOCKET SO_RCVBUF %s", rs());
	/* op sockets have no setsockopt for SOL_ALG */
	T(setsockopt(op, SOL_ALG, ALG_SET_KEY, key, 16));
	out("op socket ALG_SET_KEY %s", rs());
	T(setsockopt(op, SOL_ALG, 99, key, 16));
	out("op socket optname 99 %s", rs());
	T(setsockopt(op, SOL_IP, 1, key, 4));
	out("op socket SOL_IP %s", rs());
	T(setsockopt(op, SOL_ALG, ALG_SET_KEY, key, -1));
	out("op socket optlen -1 %s", rs());
	T(setsockopt(op, SOL_SOCKET, SO_SNDBUF, &(int){ 65536 }, sizeof(int)));
	out("op socket SOL_SOCKET SO_SNDBUF %s", rs());
	gso_int(op, SOL_SOCKET, SO_SNDBUF, "op SO_SNDBUF after set");
	close(op);
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, 16));
	out("after child closed: ALG_SET_KEY %s", rs());
	close(fd);
}

static void sc_setsockopt_rng(const void *arg)
{
	uint8_t key[64];
	int fd;

	(void)arg;
	gen(key, sizeof(key), "key");
	/* DRBG entropy without CONFIG_CRYPTO_USER_API_RNG_CAVP */
	fd = tfm("rng", "stdrng");
	if (fd >= 0) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_DRBG_ENTROPY, key, 32));
		out("rng ALG_SET_DRBG_ENTROPY %s", rs());
		T(setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 4));
		out("rng ALG_SET_AEAD_AUTHSIZE %s", rs());
		close(fd);
	}
}

/* keys at and above net.core.optmem_max (sock_kmalloc) */
static void sc_optmem(const void *arg)
{
	static const unsigned int lens[] = { 20479, 20480, 65536, 131071,
					     131072, 131073, 262144 };
	unsigned int optmem = 0, i;
	uint8_t *key, d[64];
	char b[32];
	int fd, f, op;
	ssize_t n;

	(void)arg;
	f = open("/proc/sys/net/core/optmem_max", O_RDONLY);
	if (f >= 0) {
		n = read(f, b, sizeof(b) - 1);
		if (n > 0) {
			b[n] = 0;
			optmem = (unsigned int)strtoul(b, NULL, 10);
		}
		close(f);
	}
	out("optmem_max=%u", optmem);
	key = xmalloc(300000);
	gen(key, 300000, "bigkey");
	fd = tfm("hash", "hmac(sha256)");
	if (fd < 0)
		goto outk;
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, lens[i]));
		out("ALG_SET_KEY len=%u %s", lens[i], rs());
		if (g_r == 0) {
			op = (int)T(accept(fd, NULL, NULL));
			send(op, "abc", 3, 0);
			n = read(op, d, sizeof(d));
			out("  hmac(abc) %s", hx(d, n > 0 ? (size_t)n : 0));
			closefd(op);
		}
	}
	close(fd);
outk:
	free(key);
}

/* nokey children (afalg-behaviour.md §1.6): accept before the key is set */
static void nokey_one(const char *type, const char *name, unsigned int klen)
{
	uint8_t key[64], buf[64];
	int fd, op, op2;

	gen(key, sizeof(key), "key");
	fd = tfm(type, name);
	if (fd < 0)
		return;
	op = acc(fd);
	T(send(op, "abcdefghijklmnop", 16, MSG_MORE));
	out("%s nokey send %s", name, rs());
	T(recv(op, buf, 16, MSG_DONTWAIT));
	out("%s nokey recv %s", name, rs());
	T(read(op, buf, 0));
	out("%s nokey read(0) %s", name, rs());
	if (!strcmp(type, "hash")) {
		T(accept(op, NULL, NULL));
		out("%s nokey accept(op) %s", name, rsfd());
	}
	poll_step(op, "nokey");
	op2 = acc(fd);
	/* nokey children do not make the tfm busy */
	setkey(fd, key, klen);
	T(send(op, "abcdefghijklmnop", 16, 0));
	out("%s send after key %s", name, rs());
	/* now op is keyed: EBUSY */
	setkey(fd, key, klen);
	closefd(op);
	/* op2 is still nokey but the key is set: converts at first use */
	setkey(fd, key, klen);
	T(send(op2, "abcdefghijklmnop", 16, MSG_MORE));
	out("%s second child send %s", name, rs());
	setkey(fd, key, klen);
	closefd(op2);
	close(fd);
}

static const struct tk nokey_algs[] = {
	{ "hash", "hmac(sha256)", 32, 0 },
	{ "hash", "cmac(aes)", 16, 0 },
	{ "skcipher", "cbc(aes)", 16, 0 },
	{ "skcipher", "chacha20", 32, 0 },
	{ "aead", "gcm(aes)", 16, 0 },
	{ "aead", "rfc7539(chacha20,poly1305)", 32, 0 },
};

static void sc_nokey(const void *arg)
{
	const struct tk *t = arg;

	nokey_one(t->type, t->name, t->klen);
}

/* unkeyed algorithms: no nokey children; setkey is ENOSYS for hashes */
static void sc_unkeyed(const void *arg)
{
	uint8_t d[64];
	int fd, op;
	ssize_t n;

	(void)arg;
	fd = tfm("hash", "sha256");
	if (fd < 0)
		return;
	setkey(fd, "0123456789abcdef", 16);
	setkey(fd, NULL, 0);
	op = acc(fd);
	T(send(op, "abc", 3, 0));
	out("send after failed setkey %s", rs());
	n = T(read(op, d, sizeof(d)));
	out("read %s %s", rs(), hx(d, n > 0 ? (size_t)n : 0));
	/* an unkeyed child is a keyed child for EBUSY */
	setkey(fd, "0123456789abcdef", 16);
	close(op);
	close(fd);
}

static void sc_unkeyed_rng(const void *arg)
{
	uint8_t d[64];
	int fd, op;
	ssize_t n;

	(void)arg;
	fd = tfm("rng", "stdrng");
	if (fd >= 0) {
		op = acc(fd);
		n = T(read(op, d, 16));
		out("rng read without seed %s", rs());
		setkey(fd, "seed", 4);
		close(op);
		setkey(fd, "seed", 4);
		setkey(fd, NULL, 0);
		close(fd);
	}
	(void)n;
}

static void sc_unkeyed_null(const void *arg)
{
	int fd, op;

	(void)arg;
	fd = tfm("skcipher", "ecb(cipher_null)");
	if (fd >= 0) {
		op = acc(fd);
		T(send(op, "abcd", 4, MSG_MORE));
		out("cipher_null send without key %s", rs());
		closefd(op);
		setkey(fd, NULL, 0);
		setkey(fd, "k", 1);
		close(fd);
	}
}

/* A failed setkey marks the tfm NEED_KEY: the earlier key is lost. */
static void needkey_one(const char *type, const char *name,
			unsigned int good, unsigned int bad)
{
	uint8_t key[64];
	int fd, op;

	gen(key, sizeof(key), "key");
	fd = tfm(type, name);
	if (fd < 0)
		return;
	setkey(fd, key, good);
	setkey(fd, key, bad);
	op = acc(fd);
	T(send(op, "0123456789abcdef", 16, MSG_MORE));
	out("%s send after failed setkey %s", name, rs());
	closefd(op);
	close(fd);
}

static const struct tk needkey_algs[] = {
	{ "hash", "cmac(aes)", 16, 17 },
	{ "hash", "xcbc(aes)", 16, 24 },
	{ "skcipher", "cbc(aes)", 16, 17 },
	{ "skcipher", "cbc(aes-generic)", 16, 17 },
	{ "skcipher", "ecb(aes)", 16, 15 },
	{ "skcipher", "ctr(aes)", 16, 0 },
	{ "skcipher", "xts(aes)", 32, 16 },
	{ "skcipher", "chacha20", 32, 16 },
	{ "skcipher", "cbc(des3_ede)", 24, 23 },
	{ "aead", "gcm(aes)", 16, 17 },
	{ "aead", "ccm(aes)", 16, 8 },
	{ "aead", "rfc4106(gcm(aes))", 20, 16 },
	{ "aead", "rfc7539(chacha20,poly1305)", 32, 31 },
};

static void sc_needkey(const void *arg)
{
	const struct tk *t = arg;

	needkey_one(t->type, t->name, t->klen, t->bad);
}

/*
 * EBUSY (afalg-behaviour.md §1.5): keyed children block setkey, authsize
 * and bind.
 */
static void sc_rekey(const void *arg)
{
	uint8_t key[32], d[64];
	int fd, op, op2, clone;
	ssize_t n;

	(void)arg;
	gen(key, sizeof(key), "key");
	fd = tfm("hash", "hmac(sha1)");
	if (fd < 0)
		return;
	setkey(fd, key, 20);
	op = acc(fd);
	setkey(fd, key, 16);
	T(afalg_bind(fd, "hash", "hmac(sha256)"));
	out("bind with keyed child %s", rs());
	T(send(op, "abc", 3, MSG_MORE));
	out("send MORE %s", rs());
	clone = (int)T(accept(op, NULL, NULL));
	out("clone %s", rsfd());
	close(op);
	setkey(fd, key, 16);	/* the clone counts as a child */
	n = T(read(clone, d, sizeof(d)));
	out("clone digest %s %s", rs(), hx(d, n > 0 ? (size_t)n : 0));
	close(clone);
	setkey(fd, key, 16);	/* BlueZ: re-key between accept/close */
	op = acc(fd);
	T(send(op, "abc", 3, 0));
	n = T(read(op, d, sizeof(d)));
	out("digest with key 16 %s %s", rs(), hx(d, n > 0 ? (size_t)n : 0));
	close(op);
	setkey(fd, key, 20);
	op = acc(fd);
	op2 = acc(fd);
	close(op);
	setkey(fd, key, 16);
	close(op2);
	setkey(fd, key, 16);
	close(fd);
}

static void sc_rekey_aead(const void *arg)
{
	uint8_t key[32];
	int fd, op;

	(void)arg;
	gen(key, sizeof(key), "key");
	fd = tfm("aead", "rfc7539(chacha20,poly1305)");
	if (fd < 0)
		return;
	setkey(fd, key, 32);
	op = acc(fd);
	setauthsize(fd, 16);
	setauthsize(fd, 8);
	close(op);
	setauthsize(fd, 16);
	close(fd);
	fd = tfm("aead", "gcm(aes)");
	if (fd < 0)
		return;
	setkey(fd, key, 16);
	op = acc(fd);
	setauthsize(fd, 8);
	close(op);
	setauthsize(fd, 8);
	close(fd);
}

/* ALG_SET_KEY_BY_KEY_SERIAL (6.2+) with keys from the process keyring */
static void sc_keyserial(const void *arg)
{
	uint8_t key[32], d1[64], d2[64];
	int32_t user, logon, revoked, ring;
	int fd, op;
	ssize_t n1 = 0, n2 = 0;

	(void)arg;
	gen(key, sizeof(key), "key");
	user = sys_add_key("user", "afalg-conf-user", key, 32);
	logon = sys_add_key("logon", "afalg:conf-logon", key, 32);
	revoked = sys_add_key("user", "afalg-conf-revoked", key, 32);
	ring = (int32_t)sys_keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0);
	if (revoked > 0)
		sys_keyctl(KEYCTL_REVOKE, (unsigned long)revoked);
	out("add_key user=%s logon=%s revoked=%s ring=%s",
	    user > 0 ? "ok" : ename(errno), logon > 0 ? "ok" : "-",
	    revoked > 0 ? "ok" : "-", ring > 0 ? "ok" : "-");
	if (user <= 0)
		return;
	fd = tfm("hash", "hmac(sha256)");
	if (fd < 0)
		return;
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &user, 4));
	out("KEY_SERIAL user %s", rs());
	op = (int)accept(fd, NULL, NULL);
	send(op, "abc", 3, 0);
	n1 = read(op, d1, sizeof(d1));
	close(op);
	setkey(fd, key, 32);
	op = (int)accept(fd, NULL, NULL);
	send(op, "abc", 3, 0);
	n2 = read(op, d2, sizeof(d2));
	close(op);
	out("hmac by serial == hmac by ALG_SET_KEY: %d",
	    n1 == 32 && n2 == 32 && !memcmp(d1, d2, 32));
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &user, 3));
	out("KEY_SERIAL optlen 3 %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &user, 8));
	out("KEY_SERIAL optlen 8 %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, NULL, 4));
	out("KEY_SERIAL NULL %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL,
		     &(int32_t){ 0x7ffffff0 }, 4));
	out("KEY_SERIAL no such key %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL,
		     &(int32_t){ 0 }, 4));
	out("KEY_SERIAL serial 0 %s", rs());
	if (revoked > 0) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &revoked,
			     4));
		out("KEY_SERIAL revoked %s", rs());
	}
	if (ring > 0) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &ring, 4));
		out("KEY_SERIAL keyring %s", rs());
	}
	if (logon > 0) {
		div_next("D6", "logon keys are not readable from userspace");
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &logon,
			     4));
		out("KEY_SERIAL logon %s", rs());
	}
	close(fd);
	fd = tfm("skcipher", "cbc(aes)");
	if (fd >= 0) {
		T(setsockopt(fd, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &user, 4));
		out("KEY_SERIAL 32-byte user key on cbc(aes) %s", rs());
		close(fd);
	}
	sys_keyctl(KEYCTL_INVALIDATE, (unsigned long)user);
}

void reg_socket_setsockopt(void)
{
	reg("socket.setsockopt", sc_setsockopt, NULL);
	reg("socket.setsockopt.rng", sc_setsockopt_rng, NULL);
	reg("socket.optmem", sc_optmem, NULL);
}

void reg_socket_keys(void)
{
	char n[128];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(nokey_algs); i++) {
		snprintf(n, sizeof(n), "socket.nokey.%s", nokey_algs[i].name);
		reg(n, sc_nokey, &nokey_algs[i]);
	}
	reg("socket.unkeyed.sha256", sc_unkeyed, NULL);
	reg("socket.unkeyed.stdrng", sc_unkeyed_rng, NULL);
	reg("socket.unkeyed.cipher_null", sc_unkeyed_null, NULL);
	for (i = 0; i < ARRAY_SIZE(needkey_algs); i++) {
		snprintf(n, sizeof(n), "socket.needkey.%s",
			 needkey_algs[i].name);
		reg(n, sc_needkey, &needkey_algs[i]);
	}
	reg("socket.rekey.hash", sc_rekey, NULL);
	reg("socket.rekey.aead", sc_rekey_aead, NULL);
	reg("socket.keyserial", sc_keyserial, NULL);
}
