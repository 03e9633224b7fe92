/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-conformance: scripted AF_ALG / NETLINK_CRYPTO operations and a
 * transcript of their results, for comparing the kernel with the shim.
 *
 * Transcript format (one line per step):
 *
 *     <scenario> <step> <text>
 *
 * <text> names the call and its arguments and ends in "= <result>": a
 * value, "fd", or "-1 <ERRNO>", then flags and output bytes.  Lines that
 * start with '#' are comments (header, mode) and are not compared.
 *
 * Documented divergences (shim/DIVERGENCES.md): a step known to differ
 * is printed natively as "[Dn] <text>" and under the shim as
 * "DIVERGENCE Dn <reason>" (followed by " | shim: <text>" when the call
 * was made), so the comparison can pair the two and count it.
 *
 * Scenarios that need an algorithm print "UNAVAILABLE <type> <name>" as
 * their step 0 when bind() fails with ENOENT; the comparison reports
 * algorithms only one side has instead of failing on them.
 */
#ifndef AFALG_CONFORMANCE_H
#define AFALG_CONFORMANCE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "afalg.h"
#include "sys.h"

#define CRYPTO_ALG_KERN_DRIVER_ONLY	0x00001000

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- run state ---------------------------------------------------- */
extern bool g_shim;		/* running under libafalg-shim */
extern uint64_t g_seed;		/* randomised mode */
extern unsigned int g_random;	/* number of random sequences */
extern const char *g_self;	/* path of this program (exec scenario) */

/* ---- transcript --------------------------------------------------- */
void sc_begin(const char *name);
void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* the next out() line is documented divergence @id */
void div_next(const char *id, const char *why);
/* shim mode: print the divergence line without making the call; true */
bool div_skip(const char *id, const char *why);
/* step 0 of an algorithm scenario whose bind failed */
void unavailable(const char *type, const char *name, int err);

/* ---- results: T(expr) records value and errno; rs() formats it ---- */
extern long g_r;
extern int g_e;
#define T(expr) __extension__({ errno = 0; g_r = (long)(expr); g_e = errno; g_r; })
const char *rs(void);		/* "= 3" / "= -1 EINVAL" */
const char *rsfd(void);		/* "= fd" / "= -1 EINVAL" */
const char *ename(int e);
const char *hx(const void *p, size_t n);	/* hex, or a digest if long */
const char *hxfull(const void *p, size_t n);	/* always full hex */

/* ---- deterministic data ------------------------------------------- */
struct prng { uint64_t s; };
void prng_init(struct prng *p, const char *label, uint64_t n);
uint64_t prng_next(struct prng *p);
unsigned int prng_below(struct prng *p, unsigned int n);
void prng_fill(struct prng *p, void *buf, size_t n);
/* fill(label, n): the bytes the host smoke test regenerates in Python */
void gen(void *buf, size_t n, const char *label);
uint64_t fnv64(const void *p, size_t n);
void *xmalloc(size_t n);
void *page_alloc(size_t n);	/* page aligned, zeroed */
void page_free(void *p, size_t n);

/* ---- AF_ALG helpers (each prints its step) ------------------------- */
int alg_socket(void);
/* socket+bind; prints "bind(type,name) = r", or UNAVAILABLE when bind
 * fails with ENOENT; returns fd or -errno */
int tfm(const char *type, const char *name);
int setkey(int fd, const void *key, unsigned int len);
int setauthsize(int fd, unsigned int len);
int acc(int fd);				/* accept4(fd, NULL, NULL, 0) */
const char *flagstr(int f);			/* MSG_* flags */
/* afalg_sendmsg() with the cmsgs of @c; g_r/g_e set, no output */
ssize_t sendctl(int fd, const struct afalg_ctl *c, const void *data,
		size_t len, int flags);
/* afalg_recvmsg(); g_r/g_e set, no output */
ssize_t recvout(int fd, void *buf, size_t len, int flags);
void closefd(int fd);

/* blocking steps: SIGUSR1 after @ms interrupts a blocked call */
void intr_arm(unsigned int ms);
bool intr_disarm(void);		/* true when the signal fired */

/* ---- algorithm table ---------------------------------------------- */
enum ctype { C_HASH, C_SKCIPHER, C_AEAD, C_RNG };
enum akind {
	K_PLAIN,	/* key = bytes */
	K_AUTHENC,	/* rtattr-encoded authenc key */
};
struct calg {
	const char *name;
	enum ctype type;
	unsigned int ds;	/* hash: digest size */
	unsigned int bs;	/* block size (hash blocksize, cipher blocksize) */
	unsigned int chunk;	/* skcipher: chunksize (0: bs) */
	unsigned int ivsize;
	unsigned int maxauth;	/* aead */
	unsigned int keylen;	/* a valid key length (0: unkeyed) */
	unsigned int authkey;	/* authenc: auth key length */
	bool anykey;		/* hmac: any key length is valid */
	bool chains;		/* skcipher: the IV chains across requests */
	bool ccm_iv;		/* ccm: iv[0] = L-1 */
	bool esp;		/* rfc4106/4309/4543/7539esp: AAD ends with IV */
	enum akind kind;
	const char *pyname;	/* hashlib name, for the host smoke test */
};
extern const struct calg calgs[];
extern const unsigned int ncalgs;
const struct calg *calg_find(const char *name);
const char *ctype_name(enum ctype t);
/* a valid key for @a (authenc encoding included); returns its length */
unsigned int make_key(const struct calg *a, uint8_t *key, size_t cap,
		      const char *label);
void make_iv(const struct calg *a, uint8_t *iv, const char *label);

/* ---- a keyed op socket (sc-skcipher.c, sc-aead.c) ------------------ */
struct opctx {
	const struct calg *a;
	int fd, op;
	uint8_t key[128], iv[32];
	unsigned int klen;
	unsigned int bs;	/* chunksize */
	unsigned int as;	/* aead: authsize (the largest) */
	struct afalg_ctl e;	/* encrypt with the IV, no assoclen */
};
/* gen(@pt, @n, "msg"), then socket, bind, a valid key, accept (printed) */
bool opctx_open(struct opctx *c, const char *name, uint8_t *pt, size_t n);
void opctx_close(struct opctx *c);
/* ALG_SET_OP @op, the context's IV, ALG_SET_AEAD_ASSOCLEN if >= 0 */
struct afalg_ctl opctx_ctl(const struct opctx *c, int op, long assoclen);

/* ---- scenarios ---------------------------------------------------- */
struct scenario {
	const char *name;
	void (*fn)(const void *arg);
	const void *arg;
};
void reg(const char *name, void (*fn)(const void *), const void *arg);
/* one scenario kind, run once for each algorithm of a list */
struct sc_kind {
	const char *kind;	/* NULL: "<prefix>.<alg>" */
	void (*fn)(const void *alg);
};
/* reg "<prefix>.<kind>.<alg>" for each alg, the kinds in order for each */
void reg_kinds(const char *prefix, const struct sc_kind *kinds, size_t nk,
	       const char *const *algs, size_t na);

/* a scenario's algorithm: type, name, a valid key length, a bad one */
struct tk {
	const char *type, *name;
	unsigned int klen, bad;
};

/* steps shared between scenario files (sc-socket.c, sc-skcipher.c) */
void poll_step(int fd, const char *what);	/* poll(0), prints revents */
void gso_int(int fd, int level, int name, const char *label);
void sk_send(int op, const struct afalg_ctl *c, const void *p, size_t n,
	     int flags);
void sk_recv(int op, size_t n, int flags);
/* a blocking read of @n, interrupted when @hangs (divergence @id) */
void sk_recv_blocking(int op, size_t n, const char *id, const char *why,
		      bool hangs);
void reg_socket(void);
void reg_socket_setsockopt(void);
void reg_socket_keys(void);
void reg_hash(void);
void reg_skcipher(void);
void reg_aead(void);
void reg_rng(void);
void reg_netlink(void);
void reg_io(void);
void reg_fork(void);
void reg_algs(void);
void reg_random(void);
int exec_child(int argc, char **argv);
int list_served(void);

#endif
