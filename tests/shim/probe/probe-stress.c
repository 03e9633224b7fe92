// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe: threads, secret wiping and allocation failure.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <linux/netlink.h>
#include <linux/cryptouser.h>

#include "probe.h"

/* ------------------------------------------------------------------ */
/* threads                                                             */

#define NTHREADS 6
#define ITER 300

static int shared_tfm;
static uint8_t hkey[40];
static atomic_int bad, ops;

/*
 * ITER operations on an op socket of shared_tfm: @one does one with the
 * thread's seed, -1 when a call failed, else whether the output equals
 * the oracle's.
 */
static void *worker(void *arg, int (*one)(int op, unsigned int *seed))
{
	unsigned int seed = (unsigned int)(uintptr_t)arg;
	int op = afalg_accept(shared_tfm, SOCK_CLOEXEC), i, r;

	if (op < 0) {
		atomic_fetch_add(&bad, 1);
		return NULL;
	}
	for (i = 0; i < ITER; i++) {
		r = one(op, &seed);
		if (r <= 0)
			atomic_fetch_add(&bad, 1);
		if (r >= 0)
			atomic_fetch_add(&ops, 1);
	}
	close(op);
	return NULL;
}

static int hmac_one(int op, unsigned int *seed)
{
	uint8_t msg[600], mac[32], want[64];
	size_t n = rand_r(seed) % sizeof(msg);
	unsigned int wl;

	fill_random(msg, n);
	if (send(op, msg, n / 2, MSG_MORE) != (ssize_t)(n / 2) ||
	    send(op, msg + n / 2, n - n / 2, 0) != (ssize_t)(n - n / 2) ||
	    read(op, mac, 32) != 32)
		return -1;
	ossl_hmac("sha256", hkey, sizeof(hkey), msg, n, want, &wl);
	return !memcmp(mac, want, 32);
}

static void *hmac_worker(void *arg)
{
	return worker(arg, hmac_one);
}

static uint8_t ckey[32];

static int cipher_one(int op, unsigned int *seed)
{
	uint8_t pt[5000], ct[5000], want[5000], iv[16];
	size_t n = 1 + rand_r(seed) % sizeof(pt);

	fill_random(pt, n);
	fill_random(iv, 16);
	if (afalg_send(op, ALG_OP_ENCRYPT, iv, 16, -1, pt, n, 0) !=
	    (ssize_t)n || read(op, ct, n) != (ssize_t)n)
		return -1;
	ossl_cipher("chacha20", 1, ckey, iv, pt, n, want);
	return !memcmp(ct, want, n);
}

static void *cipher_worker(void *arg)
{
	return worker(arg, cipher_one);
}

/* one hash op socket driven by every thread at once */
static int shared_op;
static uint8_t fixed[NTHREADS][64], fixed_d[NTHREADS + 1][32];

static void *shared_worker(void *arg)
{
	int id = (int)(uintptr_t)arg, i, j;
	uint8_t d[32];

	for (i = 0; i < ITER; i++) {
		if (send(shared_op, fixed[id], 64, 0) != 64 ||
		    recv(shared_op, d, 32, 0) != 32) {
			atomic_fetch_add(&bad, 1);
			continue;
		}
		/* some thread's message, or the empty message */
		for (j = 0; j <= NTHREADS; j++)
			if (!memcmp(d, fixed_d[j], 32))
				break;
		if (j > NTHREADS)
			atomic_fetch_add(&bad, 1);
	}
	return NULL;
}

static atomic_int busy_seen;

static void *accept_close_worker(void *arg)
{
	int i, op;

	(void)arg;
	for (i = 0; i < 2000; i++) {
		op = afalg_accept(shared_tfm, SOCK_CLOEXEC);
		if (op < 0) {
			atomic_fetch_add(&bad, 1);
			continue;
		}
		if (i & 1)
			send(op, "x", 1, 0);
		close(op);
	}
	return NULL;
}

static void *rebinder(void *arg)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
				   .salg_name = "hmac(sha256)" };
	int i, r;

	(void)arg;
	for (i = 0; i < 2000; i++) {
		r = afalg_setkey(shared_tfm, hkey, sizeof(hkey));
		if (r < 0 && errno == EBUSY)
			atomic_fetch_add(&busy_seen, 1);
		else if (r < 0)
			atomic_fetch_add(&bad, 1);
		r = bind(shared_tfm, (struct sockaddr *)&sa, sizeof(sa));
		if (r < 0 && errno != EBUSY)
			atomic_fetch_add(&bad, 1);
		if (r == 0)	/* a fresh tfm: key it again */
			afalg_setkey(shared_tfm, hkey, sizeof(hkey));
	}
	return NULL;
}

static void run(void *(*fn)(void *), int n)
{
	pthread_t th[16];
	int i;

	for (i = 0; i < n; i++)
		pthread_create(&th[i], NULL, fn, (void *)(uintptr_t)i);
	for (i = 0; i < n; i++)
		pthread_join(th[i], NULL);
}

int cmd_threads(void)
{
	unsigned int wl;
	int i;

	fill_random(hkey, sizeof(hkey));
	shared_tfm = afalg_tfm("hash", "hmac(sha256)", SOCK_CLOEXEC);
	afalg_setkey(shared_tfm, hkey, sizeof(hkey));
	run(hmac_worker, NTHREADS);
	check(!bad && ops == NTHREADS * ITER,
	      "threads: %d threads x %d HMACs on their own op sockets of one tfm (%d bad)",
	      NTHREADS, ITER, (int)bad);
	close(shared_tfm);

	bad = ops = 0;
	fill_random(ckey, sizeof(ckey));
	shared_tfm = afalg_tfm("skcipher", "chacha20", SOCK_CLOEXEC);
	afalg_setkey(shared_tfm, ckey, sizeof(ckey));
	run(cipher_worker, NTHREADS);
	check(!bad && ops == NTHREADS * ITER,
	      "threads: %d threads x %d ChaCha20 requests (%d bad)", NTHREADS,
	      ITER, (int)bad);
	close(shared_tfm);

	bad = 0;
	shared_tfm = afalg_tfm("hash", "sha256", SOCK_CLOEXEC);
	shared_op = afalg_accept(shared_tfm, SOCK_CLOEXEC);
	for (i = 0; i < NTHREADS; i++) {
		fill_random(fixed[i], 64);
		ossl_digest("sha256", fixed[i], 64, fixed_d[i], &wl);
	}
	ossl_digest("sha256", "", 0, fixed_d[NTHREADS], &wl);
	run(shared_worker, NTHREADS);
	check(!bad, "threads: one hash op socket shared by %d threads gives only "
	      "digests of messages sent (%d bad)", NTHREADS, (int)bad);
	close(shared_op);
	close(shared_tfm);

	/* accept/close racing with setkey/bind: the child count stays exact */
	bad = 0;
	shared_tfm = afalg_tfm("hash", "hmac(sha256)", SOCK_CLOEXEC);
	afalg_setkey(shared_tfm, hkey, sizeof(hkey));
	{
		pthread_t th[5];

		for (i = 0; i < 4; i++)
			pthread_create(&th[i], NULL, accept_close_worker, NULL);
		pthread_create(&th[4], NULL, rebinder, NULL);
		for (i = 0; i < 5; i++)
			pthread_join(th[i], NULL);
	}
	check(!bad, "threads: accept/close in 4 threads racing setkey/bind (%d bad, %d EBUSY)",
	      (int)bad, (int)busy_seen);
	errno = 0;
	check(afalg_setkey(shared_tfm, hkey, sizeof(hkey)) == 0,
	      "threads: afterwards no child is left: setkey succeeds");
	{
		struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
					   .salg_name = "sha256" };

		check(bind(shared_tfm, (struct sockaddr *)&sa, sizeof(sa)) == 0,
		      "threads: and so does a re-bind");
	}
	close(shared_tfm);
	return 0;
}

/* ------------------------------------------------------------------ */
/* secrets are wiped before memory is given back                       */

int cmd_zeroise(void)
{
	uint8_t key[32], key2[100], pt[4096], out[8192], iv[16];
	uint8_t nonce[12];
	int t, op;
	long hits;

	fill_random(key, sizeof(key));
	fill_random(key2, sizeof(key2));
	fill_random(pt, sizeof(pt));
	fill_random(iv, sizeof(iv));
	fill_random(nonce, sizeof(nonce));

	/* skcipher: the key lives in the tfm, the data in the TX queue */
	alloc_scan_start(key, 16, pt, 32);
	t = afalg_tfm("skcipher", "chacha20", SOCK_CLOEXEC);
	afalg_setkey(t, key, 32);
	op = afalg_accept(t, SOCK_CLOEXEC);
	afalg_send(op, ALG_OP_ENCRYPT, iv, 16, -1, pt, sizeof(pt), 0);
	{
		/* a scattered output makes the shim use a bounce buffer */
		struct iovec v[2] = { { out, 1000 }, { out + 2000, 3096 } };

		readv(op, v, 2);
	}
	afalg_send(op, ALG_OP_ENCRYPT, iv, 16, -1, pt, 1000, MSG_MORE);
	close(op);		/* queued plaintext dropped on close */
	close(t);
	hits = alloc_scan_stop();
	check(hits == 0, "zeroise: chacha20 key and plaintext wiped before free (%ld blocks held them)",
	      hits);

	/* hash: a raw HMAC key (copied by setsockopt) and a partial block */
	alloc_scan_start(key2, 24, pt, 32);
	t = afalg_tfm("hash", "hmac(sha256)", SOCK_CLOEXEC);
	afalg_setkey(t, key2, sizeof(key2));
	afalg_setkey(t, key2, 40);
	op = afalg_accept(t, SOCK_CLOEXEC);
	send(op, pt, 50, MSG_MORE);	/* stays in the partial-block buffer */
	accept(op, NULL, NULL);		/* clone of the open update */
	close(op);
	close(t);
	hits = alloc_scan_stop();
	check(hits == 0, "zeroise: HMAC key and hash state wiped (%ld)", hits);

	/* the clone (still open) is closed now, scanned separately */
	alloc_scan_start(pt, 32, key2, 24);
	for (op = 3; op < 64; op++) {
		int v = 0;
		socklen_t l = sizeof(v);

		if (getsockopt(op, SOL_SOCKET, SO_DOMAIN, &v, &l) == 0 &&
		    v == AF_ALG)
			close(op);
	}
	hits = alloc_scan_stop();
	check(hits == 0, "zeroise: cloned hash state wiped (%ld)", hits);

	/* AEAD: key, AAD and plaintext */
	alloc_scan_start(key, 16, pt, 32);
	t = afalg_tfm("aead", "rfc7539(chacha20,poly1305)", SOCK_CLOEXEC);
	afalg_setkey(t, key, 32);
	op = afalg_accept(t, SOCK_CLOEXEC);
	afalg_send(op, ALG_OP_ENCRYPT, nonce, 12, 16, pt, 1016, 0);
	{
		struct iovec v[2] = { { out, 500 }, { out + 600, 1000 } };

		readv(op, v, 2);
	}
	close(op);
	close(t);
	hits = alloc_scan_stop();
	check(hits == 0, "zeroise: rfc7539 key and data wiped (%ld)", hits);

	/* the scan itself works: a freed block holding the key is found */
	alloc_scan_start(key, 16, NULL, 0);
	{
		/* through volatile pointers: the pair must not be optimised out */
		void *(*volatile m)(size_t) = malloc;
		void (*volatile f)(void *) = free;
		uint8_t *p = m(64);

		memcpy(p, key, 32);
		f(p);
	}
	check(alloc_scan_stop() == 1, "zeroise: the scanner finds an unwiped block");
	return 0;
}

/* ------------------------------------------------------------------ */
/* allocation failure: ENOMEM, never a crash or a wrong answer         */

struct scen {
	int fds[16];
	int n;
	uint8_t msg[3000], key[32], iv[16], nonce[12];
	uint8_t hmac_want[32], ct_want[3000], ae_want[16 + 200 + 16];
	aio_context_t ctx;
	const char *failed_step;
	char step[64];
	int failed_errno;
	bool wrong;
};

static int keep(struct scen *s, int fd)
{
	if (fd >= 0)
		s->fds[s->n++] = fd;
	return fd;
}

/* a call failed: fine if it is the injected allocation failure */
static bool stop(struct scen *s, const char *step, long r, int ok_errno)
{
	if (r >= 0)
		return false;
	s->failed_step = step;
	s->failed_errno = errno;
	if (errno != ENOMEM && errno != ok_errno)
		s->wrong = true;
	return true;
}

/* the result of a step that succeeded must also be right */
static bool wrong(struct scen *s, bool bad, const char *what)
{
	if (bad) {
		s->wrong = true;
		s->failed_step = what;
	}
	return bad;
}

/* socket + bind + setkey + accept; -1 when a step failed */
static int keyed_op(struct scen *s, const char *type, const char *name,
		    const char *tag)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	static const char *const what[] = { "socket", "bind", "setkey",
					    "accept" };
	int t, op = -1, i;
	long r = 0;

	strcpy((char *)sa.salg_type, type);
	strcpy((char *)sa.salg_name, name);
	t = keep(s, socket(AF_ALG, SOCK_SEQPACKET, 0));
	for (i = 0; i < 4; i++) {
		switch (i) {
		case 0: r = t; break;
		case 1: r = bind(t, (struct sockaddr *)&sa, sizeof(sa)); break;
		case 2: r = afalg_setkey(t, s->key, 32); break;
		case 3: r = op = keep(s, accept(t, NULL, NULL)); break;
		}
		if (stop(s, what[i], r, 0)) {
			snprintf(s->step, sizeof(s->step), "%s %s", what[i], tag);
			s->failed_step = s->step;
			return -1;
		}
	}
	return op;
}

static void scenario(struct scen *s)
{
	uint8_t out[3000 + 64], d[32];
	int op, c, t;
	long r;

#define STEP(name, expr, ok_errno) \
	do { long rv_ = (expr); if (stop(s, name, rv_, ok_errno)) return; } while (0)

	s->n = 0;
	op = keyed_op(s, "hash", "hmac(sha256)", "hmac");
	if (op < 0)
		return;
	STEP("send MORE", send(op, s->msg, 1000, MSG_MORE), 0);
	STEP("clone", c = keep(s, accept(op, NULL, NULL)), 0);
	STEP("send final", send(op, s->msg + 1000, 2000, 0), 0);
	STEP("read hmac", r = read(op, d, 32), 0);
	if (wrong(s, r != 32 || memcmp(d, s->hmac_want, 32), "hmac value"))
		return;
	STEP("clone final", send(c, s->msg + 1000, 2000, 0), 0);
	STEP("clone read", r = read(c, d, 32), 0);
	if (wrong(s, r != 32 || memcmp(d, s->hmac_want, 32), "clone value"))
		return;

	op = keyed_op(s, "skcipher", "chacha20", "sk");
	if (op < 0)
		return;
	STEP("sendmsg sk", afalg_send(op, ALG_OP_ENCRYPT, s->iv, 16, -1, s->msg,
				    3000, 0), 0);
	{
		struct iovec v[3] = { { out, 1000 }, { out + 1000, 1500 },
				      { out + 2500, 500 } };

		STEP("readv sk", r = readv(op, v, 3), 0);
	}
	if (wrong(s, r != 3000 || memcmp(out, s->ct_want, 3000), "chacha20 value"))
		return;

	op = keyed_op(s, "aead", "rfc7539(chacha20,poly1305)", "aead");
	if (op < 0)
		return;
	STEP("sendmsg aead", afalg_send(op, ALG_OP_ENCRYPT, s->nonce, 12, 16,
				      s->msg, 216, 0), 0);
	{
		struct iovec v[2] = { { out, 100 }, { out + 100, 132 } };

		STEP("readv aead", r = readv(op, v, 2), 0);
	}
	if (wrong(s, r != 232 || memcmp(out, s->ae_want, 232), "aead value"))
		return;

	/* AIO: the completion must not get lost */
	{
		struct iocb cb, *cbs[1] = { &cb };
		struct io_event ev;
		struct timespec ts = { 0, 100000000 };

		STEP("sendmsg sk 2", afalg_send(s->fds[s->n - 3], ALG_OP_ENCRYPT,
					      s->iv, 16, -1, s->msg, 3000, 0), 0);
		aio_prep(&cb, s->fds[s->n - 3], IOCB_CMD_PREAD, out, 3000, -1,
			 0);
		STEP("io_submit", sys_io_submit(s->ctx, 1, cbs), EAGAIN);
		r = sys_io_getevents(s->ctx, 1, 1, &ev, &ts);
		if (wrong(s, r != 1 || ev.res != 3000 ||
			  memcmp(out, s->ct_want, 3000), "aio event"))
			return;
	}

	/* NETLINK_CRYPTO */
	{
		struct {
			struct nlmsghdr h;
			struct crypto_user_alg a;
		} req;
		uint8_t rep[4096];

		STEP("socket nl", t = keep(s, socket(AF_NETLINK, SOCK_RAW,
						     NETLINK_CRYPTO)), 0);
		memset(&req, 0, sizeof(req));
		req.h.nlmsg_len = sizeof(req);
		req.h.nlmsg_type = CRYPTO_MSG_GETALG;
		req.h.nlmsg_flags = NLM_F_REQUEST;
		strcpy(req.a.cru_name, "sha256");
		STEP("send nl", send(t, &req, sizeof(req), 0), ENOBUFS);
		STEP("recv nl", r = recv(t, rep, sizeof(rep), MSG_DONTWAIT), ENOBUFS);
		if (wrong(s, ((struct nlmsghdr *)rep)->nlmsg_type !=
			  CRYPTO_MSG_GETALG &&
			  !(((struct nlmsghdr *)rep)->nlmsg_type == NLMSG_ERROR &&
			    ((struct nlmsgerr *)NLMSG_DATA(rep))->error == -ENOMEM),
			  "netlink reply"))
			return;
	}
	s->failed_step = NULL;
#undef STEP
}

static void cleanup(struct scen *s)
{
	int i;

	for (i = s->n - 1; i >= 0; i--)
		close(s->fds[i]);
	s->n = 0;
}

int cmd_enomem(void)
{
	static struct scen s;
	unsigned int wl;
	int base, n, pass_, injected = 0, wrong = 0;
	char steps[1024] = "";

	fill_random(s.msg, sizeof(s.msg));
	fill_random(s.key, sizeof(s.key));
	fill_random(s.iv, sizeof(s.iv));
	fill_random(s.nonce, sizeof(s.nonce));
	ossl_hmac("sha256", s.key, 32, s.msg, 3000, s.hmac_want, &wl);
	ossl_cipher("chacha20", 1, s.key, s.iv, s.msg, 3000, s.ct_want);
	memcpy(s.ae_want, s.msg, 16);
	ossl_chachapoly_enc(s.key, s.nonce, s.msg, 16, s.msg + 16, 200,
			    s.ae_want + 16);
	if (sys_io_setup(8, &s.ctx) < 0) {
		skip("enomem: io_setup: %s", strerror(errno));
		return 0;
	}

	/*
	 * Injection first, in a process that has not used AF_ALG yet, so that
	 * the allocations made only once (descriptor table chunks, recycled
	 * socket objects) are failed too.  The loop ends with a run in which
	 * the nth allocation never came: a complete, checked scenario.
	 */
	base = count_fds();

	for (pass_ = 0; pass_ < 2; pass_++)	/* cold, then warm */
	for (n = 1; n < 400; n++) {
		s.wrong = false;
		s.failed_step = NULL;
		alloc_arm_fail(n);
		scenario(&s);
		alloc_disarm();
		cleanup(&s);
		if (!alloc_failed())
			break;
		injected++;
		if (s.failed_step && !strstr(steps, s.failed_step) &&
		    strlen(steps) + strlen(s.failed_step) + 3 < sizeof(steps)) {
			strcat(steps, s.failed_step);
			strcat(steps, ", ");
		}
		if (s.wrong) {
			wrong++;
			fail("enomem: allocation %d failed: step '%s' gave errno %d (%s) or a wrong result",
			     n, s.failed_step ? s.failed_step : "?",
			     s.failed_errno, strerror(s.failed_errno));
		}
		if (count_fds() != base) {
			wrong++;
			fail("enomem: allocation %d failed: %d descriptors leaked",
			     n, count_fds() - base);
			base = count_fds();
		}
	}
	check(injected > 20 && n < 400,
	      "enomem: failed each allocation of the scenario in turn, cold and warm: %d failures (ENOMEM from: %s)",
	      injected, steps);
	check(!wrong, "enomem: every failure was ENOMEM (EAGAIN for io_submit, ENOBUFS for netlink send), no wrong answer");
	s.wrong = false;
	scenario(&s);
	cleanup(&s);
	check(!s.failed_step && !s.wrong, "enomem: afterwards the scenario passes again (%s)",
	      s.failed_step ? s.failed_step : "-");
	sys_io_destroy(s.ctx);
	return 0;
}
