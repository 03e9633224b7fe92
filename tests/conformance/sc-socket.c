// SPDX-License-Identifier: GPL-2.0
/*
 * Spec 1.2-1.7: socket(), bind(), setsockopt(), accept(), the generic
 * socket layer on tfm and op sockets, nokey children, EBUSY rules, keys
 * by serial, closing the parent.
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
#include <linux/keyctl.h>
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

static void gso_int(int fd, int level, int name, const char *label)
{
	int v = -12345;
	socklen_t l = sizeof(v);

	T(getsockopt(fd, level, name, &v, &l));
	if (g_r < 0)
		out("getsockopt(%s) %s", label, rs());
	else
		out("getsockopt(%s) = 0 val=%d len=%u", label, v, l);
}

/* The generic socket operations spec 1.2 lists, on any AF_ALG fd. */
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

static void sc_bind(const void *arg)
{
	const uint32_t KDO = CRYPTO_ALG_KERN_DRIVER_ONLY;
	char longname[120];
	struct sa_alg sa;
	int fd, op;

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
	bind_case("type 14 chars", "hashhashhashha", "sha256", 0, 0, 88,
		  AF_ALG);
	bind_case("type unknown", "cipher", "aes", 0, 0, 88, AF_ALG);
	bind_case("type empty", "", "sha256", 0, 0, 88, AF_ALG);
	bind_case("type case", "HASH", "sha256", 0, 0, 88, AF_ALG);
	bind_case("alg unknown", "hash", "nosuchalg", 0, 0, 88, AF_ALG);
	bind_case("alg empty", "hash", "", 0, 0, 88, AF_ALG);
	bind_case("alg space", "hash", "sha256 ", 0, 0, 88, AF_ALG);
	bind_case("alg case", "hash", "SHA256", 0, 0, 88, AF_ALG);
	bind_case("alg open paren", "hash", "hmac(sha256", 0, 0, 88, AF_ALG);
	bind_case("alg empty param", "hash", "hmac()", 0, 0, 88, AF_ALG);
	div_next("D14", "a malformed name: the kernel's cryptomgr ignores what "
		 "follows the template's closing parenthesis");
	bind_case("alg extra paren", "hash", "hmac(sha256))", 0, 0, 88,
		  AF_ALG);
	bind_case("alg hmac(hmac)", "hash", "hmac(hmac(sha256))", 0, 0, 88,
		  AF_ALG);
	bind_case("alg hmac(cipher)", "hash", "hmac(aes)", 0, 0, 88, AF_ALG);
	bind_case("alg hmac(cmac)", "hash", "hmac(cmac(aes))", 0, 0, 88,
		  AF_ALG);
	bind_case("alg unknown template", "hash", "nosuch(sha256)", 0, 0, 88,
		  AF_ALG);
	bind_case("wrong type skcipher/sha256", "skcipher", "sha256", 0, 0,
		  88, AF_ALG);
	bind_case("wrong type hash/cbc(aes)", "hash", "cbc(aes)", 0, 0, 88,
		  AF_ALG);
	bind_case("wrong type hash/aes", "hash", "aes", 0, 0, 88, AF_ALG);
	bind_case("wrong type skcipher/aes", "skcipher", "aes", 0, 0, 88,
		  AF_ALG);
	bind_case("wrong type skcipher/gcm(aes)", "skcipher", "gcm(aes)", 0,
		  0, 88, AF_ALG);
	bind_case("wrong type aead/cbc(aes)", "aead", "cbc(aes)", 0, 0, 88,
		  AF_ALG);
	bind_case("wrong type rng/sha256", "rng", "sha256", 0, 0, 88, AF_ALG);
	bind_case("wrong type hash/stdrng", "hash", "stdrng", 0, 0, 88,
		  AF_ALG);
	bind_case("hash/gcm(aes)", "hash", "gcm(aes)", 0, 0, 88, AF_ALG);
	bind_case("skcipher/hmac(sha256)", "skcipher", "hmac(sha256)", 0, 0,
		  88, AF_ALG);
	bind_case("aead/hmac(sha256)", "aead", "hmac(sha256)", 0, 0, 88,
		  AF_ALG);
	bind_case("hash/ctr(aes)", "hash", "ctr(aes)", 0, 0, 88, AF_ALG);
	/*
	 * crypto/xts.c takes its cipher as ecb(X) and names the instance
	 * xts(X), driver xts(<driver of ecb(X)>): a name that matches
	 * neither never binds (the retried probe finds the instance
	 * registered: EEXIST); a 64-bit block cipher is EINVAL.
	 */
	bind_case("xts(ecb(aes-generic))", "skcipher", "xts(ecb(aes-generic))",
		  0, 0, 88, AF_ALG);
	bind_case("xts(ecb(aes))", "skcipher", "xts(ecb(aes))", 0, 0, 88,
		  AF_ALG);
	bind_case("xts(aes-generic)", "skcipher", "xts(aes-generic)", 0, 0,
		  88, AF_ALG);
	bind_case("xts(des3_ede)", "skcipher", "xts(des3_ede)", 0, 0, 88,
		  AF_ALG);
	bind_case("xts(ecb(des3_ede-generic))", "skcipher",
		  "xts(ecb(des3_ede-generic))", 0, 0, 88, AF_ALG);
	bind_case("rng/cbc(aes)", "rng", "cbc(aes)", 0, 0, 88, AF_ALG);
	bind_case("hash/rfc4106(gcm(aes))", "hash", "rfc4106(gcm(aes))", 0, 0,
		  88, AF_ALG);
	bind_case("aead/xts(aes)", "aead", "xts(aes)", 0, 0, 88, AF_ALG);
	bind_case("skcipher/cbc(sha256)", "skcipher", "cbc(sha256)", 0, 0, 88,
		  AF_ALG);
	bind_case("hash/cmac(sha256)", "hash", "cmac(sha256)", 0, 0, 88,
		  AF_ALG);
	bind_case("driver sha256-generic", "hash", "sha256-generic", 0, 0,
		  88, AF_ALG);
	bind_case("driver hmac(sha256-generic)", "hash",
		  "hmac(sha256-generic)", 0, 0, 88, AF_ALG);
	bind_case("skcipher cbc(aes-generic)", "skcipher", "cbc(aes-generic)",
		  0, 0, 88, AF_ALG);
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

/* nokey children (spec 1.6): accept before the key is set */
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

struct tk {
	const char *type, *name;
	unsigned int klen, bad;
};

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

/* EBUSY (spec 1.5): keyed children block setkey, authsize and bind. */
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
	reg("socket.setsockopt", sc_setsockopt, NULL);
	reg("socket.setsockopt.rng", sc_setsockopt_rng, NULL);
	reg("socket.optmem", sc_optmem, NULL);
	reg("socket.accept", sc_accept, NULL);
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
	reg("socket.close_parent", sc_close_parent, NULL);
	for (i = 0; i < ARRAY_SIZE(op_algs); i++) {
		snprintf(n, sizeof(n), "socket.op_ops.%s", op_algs[i].name);
		reg(n, sc_op_ops, &op_algs[i]);
	}
}
