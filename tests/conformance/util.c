// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers: result formatting, deterministic data, and AF_ALG calls that
 * print their own transcript step.
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

#include "conformance.h"

long g_r;
int g_e;

#define NBUF 8
static char rbuf[NBUF][24576];
static unsigned int rnext;

static char *rb(void)
{
	return rbuf[rnext++ % NBUF];
}

const char *ename(int e)
{
	const char *n = e ? strerrorname_np(e) : "0";
	static char b[16];

	if (n)
		return n;
	snprintf(b, sizeof(b), "E%d", e);
	return b;
}

static const char *result(bool fd)
{
	char *b = rb();

	if (g_r < 0)
		snprintf(b, 64, "= -1 %s", ename(g_e));
	else if (fd)
		snprintf(b, 64, "= fd");
	else
		snprintf(b, 64, "= %ld", g_r);
	return b;
}

const char *rs(void)
{
	return result(false);
}

const char *rsfd(void)
{
	return result(true);
}

uint64_t fnv64(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

const char *hxfull(const void *p, size_t n)
{
	static const char d[] = "0123456789abcdef";
	const uint8_t *b = p;
	char *o = rb();
	size_t i, max = (sizeof(rbuf[0]) - 1) / 2;

	if (n > max)
		n = max;
	for (i = 0; i < n; i++) {
		o[2 * i] = d[b[i] >> 4];
		o[2 * i + 1] = d[b[i] & 15];
	}
	o[2 * n] = 0;
	return o;
}

/* Up to 96 bytes in full; longer buffers as length, FNV-1a and ends. */
const char *hx(const void *p, size_t n)
{
	const uint8_t *b = p;
	char *o;

	if (n <= 96)
		return hxfull(p, n);
	char head[17], tail[17];

	memcpy(head, hxfull(b, 8), 17);
	memcpy(tail, hxfull(b + n - 8, 8), 17);
	o = rb();
	snprintf(o, 128, "%zuB:fnv=%016llx:%s..%s", n,
		 (unsigned long long)fnv64(p, n), head, tail);
	return o;
}

/* splitmix64 seeded by FNV-1a of the label plus n * golden ratio */
void prng_init(struct prng *p, const char *label, uint64_t n)
{
	p->s = fnv64(label, strlen(label)) + n * 0x9e3779b97f4a7c15ull;
}

uint64_t prng_next(struct prng *p)
{
	uint64_t z = (p->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

unsigned int prng_below(struct prng *p, unsigned int n)
{
	return n ? (unsigned int)(prng_next(p) % n) : 0;
}

void prng_fill(struct prng *p, void *buf, size_t n)
{
	uint8_t *b = buf;
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(i & 7))
			v = prng_next(p);
		b[i] = (uint8_t)v;
		v >>= 8;
	}
}

/* gen(buf, n, label): splitmix64(fnv1a64(label) + n*golden), LE bytes */
void gen(void *buf, size_t n, const char *label)
{
	struct prng p;

	prng_init(&p, label, n);
	prng_fill(&p, buf, n);
}

void *xmalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p) {
		perror("calloc");
		exit(2);
	}
	return p;
}

void *page_alloc(size_t n)
{
	void *p = mmap(NULL, n ? n : 1, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	return p;
}

void page_free(void *p, size_t n)
{
	munmap(p, n ? n : 1);
}

/* ---- AF_ALG --------------------------------------------------------- */

int alg_socket(void)
{
	T(afalg_socket(0));
	out("socket(AF_ALG,SOCK_SEQPACKET,0) %s", rsfd());
	return (int)g_r;
}

int tfm(const char *type, const char *name)
{
	int fd = (int)T(afalg_socket(0));

	if (fd < 0) {
		out("socket(AF_ALG,SOCK_SEQPACKET,0) %s", rsfd());
		return -g_e;
	}
	T(afalg_bind(fd, type, name));
	if (g_r < 0) {
		int e = g_e;

		if (e == ENOENT)
			unavailable(type, name, e);
		else
			out("bind(%s,%s) %s", type, name, rs());
		close(fd);
		return -e;
	}
	out("bind(%s,%s) = 0", type, name);
	return fd;
}

int setkey(int fd, const void *key, unsigned int len)
{
	T(afalg_setkey(fd, key, len));
	out("setsockopt(ALG_SET_KEY,%u) %s", len, rs());
	return (int)g_r;
}

int setauthsize(int fd, unsigned int len)
{
	T(afalg_setauthsize(fd, len));
	out("setsockopt(ALG_SET_AEAD_AUTHSIZE,%u) %s", len, rs());
	return (int)g_r;
}

int acc(int fd)
{
	T(afalg_accept(fd, 0));
	out("accept %s", rsfd());
	return (int)g_r;
}

void closefd(int fd)
{
	if (fd >= 0)
		close(fd);
}

const char *flagstr(int f)
{
	static const struct {
		int f;
		const char *n;
	} names[] = {
		{ MSG_MORE, "MORE" }, { MSG_DONTWAIT, "DONTWAIT" },
		{ MSG_TRUNC, "TRUNC" }, { MSG_CTRUNC, "CTRUNC" },
		{ MSG_PEEK, "PEEK" }, { MSG_WAITALL, "WAITALL" },
		{ MSG_OOB, "OOB" }, { MSG_EOR, "EOR" },
		{ MSG_ERRQUEUE, "ERRQUEUE" }, { MSG_NOSIGNAL, "NOSIGNAL" },
		{ MSG_CMSG_CLOEXEC, "CMSG_CLOEXEC" },
	};
	char *b = rb();
	size_t i, l = 0;

	b[0] = 0;
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (f & names[i].f) {
			l += (size_t)snprintf(b + l, 64, "%s%s", l ? "|" : "",
					      names[i].n);
			f &= ~names[i].f;
		}
	if (f)
		l += (size_t)snprintf(b + l, 64, "%s0x%x", l ? "|" : "", f);
	if (!l)
		strcpy(b, "0");
	return b;
}

ssize_t sendctl(int fd, const struct afalg_ctl *c, const void *data,
		size_t len, int flags)
{
	return T(afalg_sendmsg(fd, c, data, len, flags));
}

ssize_t recvout(int fd, void *buf, size_t len, int flags)
{
	return T(afalg_recvmsg(fd, buf, len, flags));
}

struct afalg_ctl opctx_ctl(const struct opctx *c, int op, long assoclen)
{
	struct afalg_ctl k = AFALG_CTL_NONE;

	k.op = op;
	k.iv = c->iv;
	k.ivlen = (int)c->a->ivsize;
	k.assoclen = assoclen;
	return k;
}

bool opctx_open(struct opctx *c, const char *name, uint8_t *pt, size_t n)
{
	gen(pt, n, "msg");
	c->a = calg_find(name);
	c->op = -1;
	c->fd = tfm(ctype_name(c->a->type), name);
	if (c->fd < 0)
		return false;
	c->klen = make_key(c->a, c->key, sizeof(c->key), "key");
	make_iv(c->a, c->iv, "iv");
	c->bs = c->a->chunk ? c->a->chunk : c->a->bs;
	c->as = c->a->maxauth;
	c->e = opctx_ctl(c, ALG_OP_ENCRYPT, -1);
	if (setkey(c->fd, c->key, c->klen) < 0) {
		close(c->fd);
		c->fd = -1;
		return false;
	}
	c->op = acc(c->fd);
	return c->op >= 0;
}

void opctx_close(struct opctx *c)
{
	closefd(c->op);
	closefd(c->fd);
}

/* ---- interruptible steps --------------------------------------------- */

static volatile sig_atomic_t intr_fired;
static timer_t intr_timer;
static bool intr_made;

static void on_usr1(int sig)
{
	(void)sig;
	intr_fired = 1;
}

void intr_arm(unsigned int ms)
{
	struct sigaction sa;
	struct sigevent ev;
	struct itimerspec its;

	if (!intr_made) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;	/* no SA_RESTART */
		sigaction(SIGUSR1, &sa, NULL);
		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGUSR1;
		if (timer_create(CLOCK_MONOTONIC, &ev, &intr_timer)) {
			perror("timer_create");
			exit(2);
		}
		intr_made = true;
	}
	intr_fired = 0;
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = ms / 1000;
	its.it_value.tv_nsec = (long)(ms % 1000) * 1000000L;
	timer_settime(intr_timer, 0, &its, NULL);
}

bool intr_disarm(void)
{
	struct itimerspec its;

	memset(&its, 0, sizeof(its));
	timer_settime(intr_timer, 0, &its, NULL);
	return intr_fired;
}
