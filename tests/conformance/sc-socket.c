// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-behaviour.md §1.2-§1.7: socket(), bind(), accept(), the generic
 * socket layer on tfm and op sockets, closing the parent; setsockopt()
 * and the key rules are in sc-keys.c.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <linux/sockios.h>
#include <netinet/in.h>

#include "conformance.h"

static const char *pollstr(int ev)
{
	static char b[4][128];
	static unsigned int n;
	char *o = b[n++ % 4];
	static const struct {
		int f;
		const char *s;
	} f[] = {
		{ POLLIN, "IN" }, { POLLPRI, "PRI" }, { POLLOUT, "OUT" },
		{ POLLERR, "ERR" }, { POLLHUP, "HUP" }, { POLLNVAL, "NVAL" },
		{ POLLRDNORM, "RDNORM" }, { POLLRDBAND, "RDBAND" },
		{ POLLWRNORM, "WRNORM" }, { POLLWRBAND, "WRBAND" },
		{ POLLRDHUP, "RDHUP" },
	};
	size_t i, l = 0;

	o[0] = 0;
	for (i = 0; i < ARRAY_SIZE(f); i++)
		if (ev & f[i].f)
			l += (size_t)snprintf(o + l, 16, "%s%s", l ? "|" : "",
					      f[i].s);
	if (!l)
		strcpy(o, "0");
	return o;
}

/* poll with timeout 0 for every event; prints revents */
void poll_step(int fd, const char *what)
{
	struct pollfd p = { .fd = fd,
			    .events = POLLIN | POLLPRI | POLLOUT | POLLRDNORM |
				      POLLRDBAND | POLLWRNORM | POLLWRBAND |
				      POLLRDHUP };

	T(poll(&p, 1, 0));
	out("poll(%s) %s revents=%s", what, rs(), pollstr(p.revents));
}

void gso_int(int fd, int level, int name, const char *label)
{
	int v = -12345;
	socklen_t l = sizeof(v);

	T(getsockopt(fd, level, name, &v, &l));
	if (g_r < 0)
		out("getsockopt(%s) %s", label, rs());
	else
		out("getsockopt(%s) = 0 val=%d len=%u", label, v, l);
}

/* The generic socket operations of afalg-behaviour.md §1.2, on any fd */
static void generic_ops(int fd, const char *kind, bool can_send)
{
	struct sockaddr_storage ss;
	socklen_t sl;
	char buf[64];
	struct stat st;
	void *m;
	int v, fl;

	memset(&ss, 0, sizeof(ss));
	ss.ss_family = AF_ALG;
	T(connect(fd, (struct sockaddr *)&ss, 88));
	out("%s connect(88) %s", kind, rs());
	T(connect(fd, (struct sockaddr *)&ss, 200));
	out("%s connect(addrlen=200) %s", kind, rs());
	T(listen(fd, 5));
	out("%s listen %s", kind, rs());
	T(shutdown(fd, SHUT_RDWR));
	out("%s shutdown %s", kind, rs());
	sl = sizeof(ss);
	T(getsockname(fd, (struct sockaddr *)&ss, &sl));
	out("%s getsockname %s", kind, rs());
	sl = sizeof(ss);
	T(getpeername(fd, (struct sockaddr *)&ss, &sl));
	out("%s getpeername %s", kind, rs());
	T(ioctl(fd, FIONREAD, &v));
	out("%s ioctl(FIONREAD) %s", kind, rs());
	T(ioctl(fd, SIOCINQ, &v));
	out("%s ioctl(SIOCINQ) %s", kind, rs());
	m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	g_r = m == MAP_FAILED ? -1 : 0;
	g_e = errno;
	if (m != MAP_FAILED)
		munmap(m, 4096);
	out("%s mmap %s", kind, rs());
	T(pread(fd, buf, 16, 0));
	out("%s pread %s", kind, rs());
	T(pwrite(fd, buf, 16, 0));
	out("%s pwrite %s", kind, rs());
	T(lseek(fd, 0, SEEK_SET));
	out("%s lseek %s", kind, rs());
	T(fstat(fd, &st));
	out("%s fstat %s S_ISSOCK=%d", kind, rs(), S_ISSOCK(st.st_mode));
	gso_int(fd, SOL_SOCKET, SO_TYPE, "SO_TYPE");
	gso_int(fd, SOL_SOCKET, SO_DOMAIN, "SO_DOMAIN");
	gso_int(fd, SOL_SOCKET, SO_PROTOCOL, "SO_PROTOCOL");
	gso_int(fd, SOL_SOCKET, SO_ACCEPTCONN, "SO_ACCEPTCONN");
	gso_int(fd, SOL_SOCKET, SO_ERROR, "SO_ERROR");
	gso_int(fd, SOL_SOCKET, SO_SNDBUF, "SO_SNDBUF");
	gso_int(fd, SOL_SOCKET, SO_RCVBUF, "SO_RCVBUF");
	gso_int(fd, SOL_ALG, ALG_SET_KEY, "SOL_ALG,ALG_SET_KEY");
	gso_int(fd, SOL_ALG, 99, "SOL_ALG,99");
	gso_int(fd, SOL_IP, 1, "SOL_IP,1");
	fl = fcntl(fd, F_GETFL);
	T(fcntl(fd, F_SETFL, fl | O_NONBLOCK));
	out("%s fcntl(F_SETFL,O_NONBLOCK) %s now=%d", kind, rs(),
	    !!(fcntl(fd, F_GETFL) & O_NONBLOCK));
	v = 0;
	T(ioctl(fd, FIONBIO, &v));
	out("%s ioctl(FIONBIO,0) %s now=%d", kind, rs(),
	    !!(fcntl(fd, F_GETFL) & O_NONBLOCK));
	T(read(fd, buf, 0));
	out("%s read(0) %s", kind, rs());
	if (!can_send) {
		T(send(fd, "x", 1, 0));
		out("%s send(1) %s", kind, rs());
		T(write(fd, "x", 1));
		out("%s write(1) %s", kind, rs());
		T(send(fd, "", 0, 0));
		out("%s send(0) %s", kind, rs());
	}
}

/* ---- socket(2) ------------------------------------------------------ */

static void sc_create(const void *arg)
{
	static const struct {
		int type, proto;
		const char *what;
	} t[] = {
		{ SOCK_SEQPACKET, 0, "SEQPACKET,0" },
		{ SOCK_STREAM, 0, "STREAM,0" },
		{ SOCK_DGRAM, 0, "DGRAM,0" },
		{ SOCK_RAW, 0, "RAW,0" },
		{ SOCK_RDM, 0, "RDM,0" },
		{ SOCK_PACKET, 0, "PACKET,0" },
		{ 0, 0, "0,0" },
		{ 11, 0, "11,0" },
		{ 15, 0, "15,0" },
		{ SOCK_SEQPACKET | 0x100, 0, "SEQPACKET|0x100,0" },
		{ SOCK_SEQPACKET, 1, "SEQPACKET,1" },
		{ SOCK_SEQPACKET, -1, "SEQPACKET,-1" },
		{ SOCK_STREAM, 1, "STREAM,1" },
		{ SOCK_SEQPACKET | SOCK_CLOEXEC, 0, "SEQPACKET|CLOEXEC,0" },
		{ SOCK_SEQPACKET | SOCK_NONBLOCK, 0, "SEQPACKET|NONBLOCK,0" },
	};
	int sv[2];
	size_t i;

	(void)arg;
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		int fd = (int)T(socket(AF_ALG, t[i].type, t[i].proto));

		if (fd >= 0)
			out("socket(AF_ALG,%s) = fd cloexec=%d nonblock=%d",
			    t[i].what, !!(fcntl(fd, F_GETFD) & FD_CLOEXEC),
			    !!(fcntl(fd, F_GETFL) & O_NONBLOCK));
		else
			out("socket(AF_ALG,%s) %s", t[i].what, rs());
		closefd(fd);
	}
	T(socketpair(AF_ALG, SOCK_SEQPACKET, 0, sv));
	out("socketpair(AF_ALG,SEQPACKET) %s", rs());
	T(socketpair(AF_ALG, SOCK_STREAM, 0, sv));
	out("socketpair(AF_ALG,STREAM) %s", rs());
}

static void sc_tfm_ops(const void *arg)
{
	int fd;

	(void)arg;
	fd = alg_socket();
	generic_ops(fd, "unbound", false);
	poll_step(fd, "unbound");
	if (T(afalg_bind(fd, "hash", "sha256")) == 0) {
		out("bind(hash,sha256) = 0");
		generic_ops(fd, "tfm", false);
		poll_step(fd, "tfm");
	} else {
		out("bind(hash,sha256) %s", rs());
	}
	close(fd);
}

/* ---- bind(2) --------------------------------------------------------- */

struct sa_alg {
	uint16_t family;
	uint8_t type[14];
	uint32_t feat, mask;
	uint8_t name[104];
};

static void bind_case(const char *what, const char *type, const char *name,
		      uint32_t feat, uint32_t mask, int len, int family)
{
	struct sa_alg sa;
	int fd = (int)T(socket(AF_ALG, SOCK_SEQPACKET, 0));

	if (fd < 0) {
		out("socket %s", rs());
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.family = (uint16_t)family;
	memcpy(sa.type, type, strlen(type) < 14 ? strlen(type) : 14);
	memcpy(sa.name, name, strlen(name) < 104 ? strlen(name) : 104);
	sa.feat = feat;
	sa.mask = mask;
	T(bind(fd, (struct sockaddr *)&sa, (socklen_t)len));
	out("bind %s (type=%.14s name=%s feat=%#x mask=%#x len=%d) %s", what,
	    type, name, feat, mask, len, rs());
	if (g_r == 0) {
		/* which algorithm did it bind? the digest size tells */
		int op = (int)T(accept(fd, NULL, NULL));

		if (op >= 0) {
			uint8_t d[128];
			ssize_t n;

			send(op, "abc", 3, 0);
			n = T(read(op, d, sizeof(d)));
			out("  digest(abc) %s %s", rs(), n > 0 ? hx(d, (size_t)n) : "");
			close(op);
		} else {
			out("  accept %s", rsfd());
		}
	}
	close(fd);
}

/*
 * bind() of a well-formed sockaddr_alg (88 bytes, no feat/mask) by type
 * and name: what the kernel's type and name lookup takes.  @d14: the
 * step is divergence D14, with that reason.
 */
static const struct {
	const char *what, *type, *name, *d14;
} bind_names[] = {
	{ "type 14 chars", "hashhashhashha", "sha256" },
	{ "type unknown", "cipher", "aes" },
	{ "type empty", "", "sha256" },
	{ "type case", "HASH", "sha256" },
	{ "alg unknown", "hash", "nosuchalg" },
	{ "alg empty", "hash", "" },
	{ "alg space", "hash", "sha256 " },
	{ "alg case", "hash", "SHA256" },
	{ "alg open paren", "hash", "hmac(sha256" },
	{ "alg empty param", "hash", "hmac()" },
	{ "alg extra paren", "hash", "hmac(sha256))",
	  "a malformed name: the kernel's cryptomgr ignores what follows "
	  "the template's closing parenthesis" },
	{ "alg hmac(hmac)", "hash", "hmac(hmac(sha256))" },
	{ "alg hmac(cipher)", "hash", "hmac(aes)" },
	{ "alg hmac(cmac)", "hash", "hmac(cmac(aes))" },
	{ "alg unknown template", "hash", "nosuch(sha256)" },
	{ "wrong type skcipher/sha256", "skcipher", "sha256" },
	{ "wrong type hash/cbc(aes)", "hash", "cbc(aes)" },
	{ "wrong type hash/aes", "hash", "aes" },
	{ "wrong type skcipher/aes", "skcipher", "aes" },
	{ "wrong type skcipher/gcm(aes)", "skcipher", "gcm(aes)" },
	{ "wrong type aead/cbc(aes)", "aead", "cbc(aes)" },
	{ "wrong type rng/sha256", "rng", "sha256" },
	{ "wrong type hash/stdrng", "hash", "stdrng" },
	{ "hash/gcm(aes)", "hash", "gcm(aes)" },
	{ "skcipher/hmac(sha256)", "skcipher", "hmac(sha256)" },
	{ "aead/hmac(sha256)", "aead", "hmac(sha256)" },
	{ "hash/ctr(aes)", "hash", "ctr(aes)" },
	/*
	 * crypto/xts.c takes its cipher as ecb(X) and names the instance
	 * xts(X), driver xts(<driver of ecb(X)>): a name that matches
	 * neither never binds (the retried probe finds the instance
	 * registered: EEXIST); a 64-bit block cipher is EINVAL.
	 */
	{ "xts(ecb(aes-generic))", "skcipher", "xts(ecb(aes-generic))" },
	{ "xts(ecb(aes))", "skcipher", "xts(ecb(aes))" },
	{ "xts(aes-generic)", "skcipher", "xts(aes-generic)" },
	{ "xts(des3_ede)", "skcipher", "xts(des3_ede)" },
	{ "xts(ecb(des3_ede-generic))", "skcipher",
	  "xts(ecb(des3_ede-generic))" },
	{ "rng/cbc(aes)", "rng", "cbc(aes)" },
	{ "hash/rfc4106(gcm(aes))", "hash", "rfc4106(gcm(aes))" },
	{ "aead/xts(aes)", "aead", "xts(aes)" },
	{ "skcipher/cbc(sha256)", "skcipher", "cbc(sha256)" },
	{ "hash/cmac(sha256)", "hash", "cmac(sha256)" },
	{ "driver sha256-generic", "hash", "sha256-generic" },
	{ "driver hmac(sha256-generic)", "hash", "hmac(sha256-generic)" },
	{ "skcipher cbc(aes-generic)", "skcipher", "cbc(aes-generic)" },
};

static void sc_bind(const void *arg)
{
	const uint32_t KDO = CRYPTO_ALG_KERN_DRIVER_ONLY;
	char longname[120];
	struct sa_alg sa;
	int fd, op;
	size_t i;

	(void)arg;
	bind_case("ok", "hash", "sha256", 0, 0, 88, AF_ALG);
	bind_case("family 0", "hash", "sha256", 0, 0, 88, 0);
	bind_case("family 2", "hash", "sha256", 0, 0, 88, 2);
	bind_case("len 0", "hash", "sha256", 0, 0, 0, AF_ALG);
	bind_case("len 2", "hash", "sha256", 0, 0, 2, AF_ALG);
	bind_case("len 24", "hash", "sha256", 0, 0, 24, AF_ALG);
	bind_case("len 25 (empty name)", "hash", "sha256", 0, 0, 25,
		  AF_ALG);
	bind_case("len 30 (name cut to 5)", "hash", "sha256", 0, 0, 30,
		  AF_ALG);
	bind_case("len 31 (exact)", "hash", "sha256", 0, 0, 31, AF_ALG);
	bind_case("len 32", "hash", "sha256", 0, 0, 32, AF_ALG);
	bind_case("len 128", "hash", "sha256", 0, 0, 128, AF_ALG);
	bind_case("len 129", "hash", "sha256", 0, 0, 129, AF_ALG);
	bind_case("len -1", "hash", "sha256", 0, 0, -1, AF_ALG);
	bind_case("feat KDO", "hash", "sha256", KDO, 0, 88, AF_ALG);
	bind_case("mask KDO", "hash", "sha256", 0, KDO, 88, AF_ALG);
	bind_case("feat+mask KDO", "hash", "sha256", KDO, KDO, 88, AF_ALG);
	bind_case("feat 1", "hash", "sha256", 1, 0, 88, AF_ALG);
	bind_case("mask 0x80000000", "hash", "sha256", 0, 0x80000000u, 88,
		  AF_ALG);
	bind_case("feat 0x1001", "hash", "sha256", 0x1001, 0, 88, AF_ALG);
	for (i = 0; i < ARRAY_SIZE(bind_names); i++) {
		if (bind_names[i].d14)
			div_next("D14", bind_names[i].d14);
		bind_case(bind_names[i].what, bind_names[i].type,
			  bind_names[i].name, 0, 0, 88, AF_ALG);
	}
	/* names longer than sockaddr_alg's 64 bytes (sockaddr_alg_new) */
	memset(longname, 'a', sizeof(longname));
	longname[100] = 0;
	bind_case("name 100 chars", "hash", longname, 0, 0, 24 + 101,
		  AF_ALG);
	bind_case("name 63 unterminated", "hash", longname, 0, 0, 88, AF_ALG);

	/* the name is cut at addr_len - 25: "sha256" inside a longer buffer */
	fd = (int)T(socket(AF_ALG, SOCK_SEQPACKET, 0));
	memset(&sa, 0, sizeof(sa));
	sa.family = AF_ALG;
	memcpy(sa.type, "hash", 4);
	memcpy(sa.name, "sha256XYZ", 9);
	T(bind(fd, (struct sockaddr *)&sa, 24 + 7));
	out("bind name sha256XYZ len=31 %s", rs());
	close(fd);

	/* bind on an op socket */
	fd = tfm("hash", "sha256");
	if (fd >= 0) {
		op = acc(fd);
		memset(&sa, 0, sizeof(sa));
		sa.family = AF_ALG;
		memcpy(sa.type, "hash", 4);
		memcpy(sa.name, "sha1", 4);
		T(bind(op, (struct sockaddr *)&sa, 88));
		out("bind on op socket %s", rs());
		T(bind(op, (struct sockaddr *)&sa, 200));
		out("bind on op socket, addrlen 200 %s", rs());
		T(bind(op, (struct sockaddr *)&sa, 2));
		out("bind on op socket, addrlen 2 %s", rs());
		closefd(op);
		close(fd);
	}
}

static size_t op_digest(int fd, uint8_t *d)
{
	int op = (int)T(accept(fd, NULL, NULL));
	ssize_t n;

	if (op < 0) {
		out("accept %s", rsfd());
		return 0;
	}
	T(send(op, "abc", 3, 0));
	n = T(read(op, d, 128));
	close(op);
	return n > 0 ? (size_t)n : 0;
}

/* Re-binding one tfm socket (ell probes this way), EBUSY with children. */
static void sc_rebind(const void *arg)
{
	uint8_t d[128];
	size_t n;
	int fd, op;

	(void)arg;
	fd = alg_socket();
	if (fd < 0)
		return;
	T(afalg_bind(fd, "hash", "sha256"));
	out("bind sha256 %s", rs());
	T(afalg_bind(fd, "hash", "sha1"));
	out("rebind sha1 %s", rs());
	n = op_digest(fd, d);
	out("digest(abc) %s", hx(d, n));
	T(afalg_bind(fd, "hash", "nosuch"));
	out("rebind nosuch %s", rs());
	n = op_digest(fd, d);
	out("digest(abc) after failed rebind %s", hx(d, n));
	T(afalg_bind(fd, "skcipher", "cbc(aes)"));
	out("rebind to skcipher cbc(aes) %s", rs());
	T(setsockopt(fd, SOL_ALG, ALG_SET_KEY, "0123456789abcdef", 16));
	out("setkey 16 %s", rs());
	T(afalg_bind(fd, "hash", "hmac(sha256)"));
	out("rebind to hmac(sha256) %s", rs());
	op = acc(fd);
	T(send(op, "abc", 3, 0));
	out("send on nokey child (key lost by rebind) %s", rs());
	closefd(op);
	T(afalg_bind(fd, "hash", "md5"));
	out("rebind md5 %s", rs());
	op = acc(fd);
	T(afalg_bind(fd, "hash", "sha256"));
	out("rebind with a live child %s", rs());
	T(afalg_bind(fd, "hash", "nosuch"));
	out("rebind nosuch with a live child %s", rs());
	T(send(op, "abc", 3, 0));
	n = (size_t)T(read(op, d, sizeof(d)));
	out("child still md5: %s %s", rs(), hx(d, g_r > 0 ? n : 0));
	close(op);
	T(afalg_bind(fd, "hash", "sha256"));
	out("rebind after the child closed %s", rs());
	n = op_digest(fd, d);
	out("digest(abc) %s", hx(d, n));
	close(fd);
}

/* ---- accept(2) ------------------------------------------------------- */

static void sc_accept(const void *arg)
{
	struct sockaddr_storage ss;
	socklen_t sl;
	uint8_t d[64];
	int fd, op, ops[40], i, ok;
	ssize_t n;

	(void)arg;
	fd = alg_socket();
	T(accept(fd, NULL, NULL));
	out("accept on unbound %s", rsfd());
	close(fd);

	fd = tfm("hash", "sha1");
	if (fd < 0)
		return;
	T(accept4(fd, NULL, NULL, 1));
	out("accept4 flags=1 %s", rsfd());
	T(accept4(fd, NULL, NULL, SOCK_NONBLOCK | 0x40000000));
	out("accept4 flags=NONBLOCK|0x40000000 %s", rsfd());
	sl = sizeof(ss);
	T(accept(fd, (struct sockaddr *)&ss, &sl));
	out("accept with addr %s sl=%u", rsfd(), sl);
	T(accept(fd, (struct sockaddr *)&ss, NULL));
	out("accept with addr, NULL len %s", rsfd());
	/* the aborted children are gone: re-key is not EBUSY */
	T(afalg_bind(fd, "hash", "sha1"));
	out("rebind after ECONNABORTED %s", rs());

	op = (int)T(accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC));
	out("accept4(NONBLOCK|CLOEXEC) %s cloexec=%d nonblock=%d", rsfd(),
	    !!(fcntl(op, F_GETFD) & FD_CLOEXEC),
	    !!(fcntl(op, F_GETFL) & O_NONBLOCK));
	closefd(op);
	fcntl(fd, F_SETFL, O_NONBLOCK);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	op = (int)T(accept(fd, NULL, NULL));
	out("accept from a NONBLOCK|CLOEXEC parent %s cloexec=%d nonblock=%d",
	    rsfd(), !!(fcntl(op, F_GETFD) & FD_CLOEXEC),
	    !!(fcntl(op, F_GETFL) & O_NONBLOCK));
	closefd(op);

	/* many children share the tfm; each has its own state */
	ok = 0;
	for (i = 0; i < 40; i++)
		ops[i] = (int)accept(fd, NULL, NULL);
	for (i = 0; i < 40; i++)
		send(ops[i], "abc", (size_t)(i % 3) + 1, MSG_MORE);
	for (i = 0; i < 40; i++) {
		n = read(ops[i], d, sizeof(d));
		if (n == 20)
			ok++;
	}
	out("40 children: %d digests of 20 bytes", ok);
	for (i = 0; i < 40; i++)
		closefd(ops[i]);
	close(fd);
}

/* Closing the tfm fd first is legal: children keep working (ell, gnulib) */
static void sc_close_parent(const void *arg)
{
	uint8_t d[64];
	int fd, op, op2;
	ssize_t n;

	(void)arg;
	fd = tfm("hash", "hmac(sha256)");
	if (fd < 0)
		return;
	setkey(fd, "key", 3);
	op = acc(fd);
	close(fd);
	out("closed the tfm fd");
	T(send(op, "abc", 3, MSG_MORE));
	out("send %s", rs());
	op2 = (int)T(accept(op, NULL, NULL));
	out("clone after parent closed %s", rsfd());
	n = T(read(op, d, sizeof(d)));
	out("read %s %s", rs(), hx(d, n > 0 ? (size_t)n : 0));
	T(send(op2, "def", 3, 0));
	n = T(read(op2, d, sizeof(d)));
	out("clone read %s %s", rs(), hx(d, n > 0 ? (size_t)n : 0));
	close(op);
	close(op2);
}

static void op_ops(const char *type, const char *name, unsigned int klen,
		   bool can_send)
{
	uint8_t key[32];
	int fd, op;

	gen(key, sizeof(key), "key");
	fd = tfm(type, name);
	if (fd < 0)
		return;
	if (klen)
		setkey(fd, key, klen);
	op = acc(fd);
	if (op < 0) {
		close(fd);
		return;
	}
	generic_ops(op, type, can_send);
	poll_step(op, "fresh op");
	T(accept(op, NULL, NULL));
	out("%s accept(op) %s", type, rsfd());
	close(op);
	close(fd);
}

static const struct tk op_algs[] = {
	{ "hash", "sha256", 0, 0 },
	{ "skcipher", "cbc(aes)", 16, 0 },
	{ "skcipher", "chacha20", 32, 0 },
	{ "aead", "gcm(aes)", 16, 0 },
	{ "aead", "rfc7539(chacha20,poly1305)", 32, 0 },
	{ "rng", "stdrng", 0, 0 },
};

static void sc_op_ops(const void *arg)
{
	const struct tk *t = arg;

	op_ops(t->type, t->name, t->klen, strcmp(t->type, "rng") != 0);
}

void reg_socket(void)
{
	char n[128];
	size_t i;

	reg("socket.create", sc_create, NULL);
	reg("socket.tfm_ops", sc_tfm_ops, NULL);
	reg("socket.bind", sc_bind, NULL);
	reg("socket.rebind", sc_rebind, NULL);
	reg_socket_setsockopt();
	reg("socket.accept", sc_accept, NULL);
	reg_socket_keys();
	reg("socket.close_parent", sc_close_parent, NULL);
	for (i = 0; i < ARRAY_SIZE(op_algs); i++) {
		snprintf(n, sizeof(n), "socket.op_ops.%s", op_algs[i].name);
		reg(n, sc_op_ops, &op_algs[i]);
	}
}
