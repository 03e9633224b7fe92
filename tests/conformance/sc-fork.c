// SPDX-License-Identifier: GPL-2.0
/*
 * Scenarios io.fork.*: one socket driven by two processes after fork()
 * (a blocked recv in the parent woken by the child's send, the IV chained
 * across processes, non-blocking reads of what a child queued, aead, a
 * shared DRBG), and io.signal.restart: a handler installed with
 * SA_RESTART lets a blocked recv go on (afalg-behaviour.md §1.7, §1.9).
 *
 * Children never print: they send, or write what they read into a pipe
 * the parent prints, so the transcript is the parent's alone.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "conformance.h"

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* fork(); the child sends @n bytes of @p with @c after @ms and exits */
static pid_t child_sends(int op, const struct afalg_ctl *c, const void *p,
			 size_t n, unsigned int ms)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		sleep_ms(ms);
		_exit(sendctl(op, c, p, n, 0) == (ssize_t)n ? 0 : 1);
	}
	return pid;
}

static int reap(pid_t pid)
{
	int st = 0;

	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* skcipher: blocked parent, chained IV, non-blocking reads */
static void sc_fork_sk(const void *arg)
{
	struct opctx c;
	struct afalg_ctl k = AFALG_CTL_NONE;
	uint8_t pt[256], b[256];
	pid_t pid;
	int rc;

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	pid = child_sends(c.op, &c.e, pt, 64, 300);
	recvout(c.op, b, 64, 0);
	rc = reap(pid);
	out("recv(64, blocking; a child sends at 300 ms) %s %s child=%d",
	    rs(), hx(b, g_r > 0 ? (size_t)g_r : 0), rc);
	/* the IV the first request left chains the child's next one */
	k.op = ALG_OP_ENCRYPT;
	pid = child_sends(c.op, &k, pt + 64, 64, 0);
	rc = reap(pid);
	out("child sent 64 more without IV, exit %d", rc);
	sk_recv(c.op, 64, MSG_DONTWAIT);
	sk_recv(c.op, 64, MSG_DONTWAIT);
	/* the other way round: the parent queues, a child reads */
	sk_send(c.op, &c.e, pt, 128, 0);
	{
		int pfd[2];
		ssize_t n;

		if (pipe(pfd))
			goto out;
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			n = recv(c.op, b, 128, MSG_DONTWAIT);
			dprintf(pfd[1], "%zd %s", n,
				n > 0 ? hx(b, (size_t)n) : ename(errno));
			_exit(0);
		}
		close(pfd[1]);
		memset(b, 0, sizeof(b));
		n = read(pfd[0], b, sizeof(b) - 1);
		close(pfd[0]);
		rc = reap(pid);
		out("child recv(128, DONTWAIT) = %s", n > 0 ? (char *)b : "?");
	}
	sk_recv(c.op, 16, MSG_DONTWAIT);
out:
	opctx_close(&c);
}

/* aead: the parent reads the encryption a child asked for */
static void sc_fork_aead(const void *arg)
{
	struct opctx c;
	struct afalg_ctl k;
	uint8_t pt[256], b[256];
	pid_t pid;
	int rc;

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	k = opctx_ctl(&c, ALG_OP_ENCRYPT, 16);
	pid = child_sends(c.op, &k, pt, 16 + 48, 300);
	recvout(c.op, b, 16 + 48 + c.as, 0);
	rc = reap(pid);
	out("recv(%u, blocking; a child sends at 300 ms) %s %s child=%d",
	    16 + 48 + c.as, rs(), hx(b, g_r > 0 ? (size_t)g_r : 0), rc);
out:
	opctx_close(&c);
}

/* rng: one DRBG; parent and child never read the same bytes */
static void sc_fork_rng(const void *arg)
{
	uint8_t seed[32], a[32], b[32];
	int fd, op, pfd[2], rc;
	ssize_t n;
	pid_t pid;

	(void)arg;
	fd = tfm("rng", "drbg_nopr_hmac_sha256");
	if (fd < 0)
		return;
	gen(seed, sizeof(seed), "seed");
	setkey(fd, seed, sizeof(seed));
	op = acc(fd);
	if (op < 0 || pipe(pfd))
		goto out;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		n = read(op, b, sizeof(b));
		_exit(n == (ssize_t)sizeof(b) &&
		      write(pfd[1], b, sizeof(b)) == (ssize_t)sizeof(b) ? 0 : 1);
	}
	close(pfd[1]);
	rc = reap(pid);
	n = read(pfd[0], b, sizeof(b));
	close(pfd[0]);
	T(read(op, a, sizeof(a)));
	out("child read %zd, exit %d; parent read %s; same bytes=%d", n, rc,
	    rs(), n == (ssize_t)sizeof(b) && !memcmp(a, b, sizeof(a)));
out:
	closefd(op);
	closefd(fd);
}

static volatile sig_atomic_t usr2_seen;

static void on_usr2(int sig)
{
	(void)sig;
	usr2_seen++;
}

/* SA_RESTART: the blocked recv goes on and returns the child's data */
static void sc_restart(const void *arg)
{
	struct opctx c;
	struct sigaction sa, old;
	uint8_t pt[64], b[64];
	pid_t pid;
	int rc;

	if (!opctx_open(&c, arg, pt, sizeof(pt)))
		goto out;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr2;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR2, &sa, &old);
	usr2_seen = 0;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		sleep_ms(200);
		kill(getppid(), SIGUSR2);
		sleep_ms(200);
		_exit(sendctl(c.op, &c.e, pt, 32, 0) == 32 ? 0 : 1);
	}
	recvout(c.op, b, 32, 0);
	rc = reap(pid);
	out("recv(32, blocking; SIGUSR2 with SA_RESTART at 200 ms, a child "
	    "sends at 400 ms) %s %s handler=%d child=%d", rs(),
	    hx(b, g_r > 0 ? (size_t)g_r : 0), (int)usr2_seen, rc);
	sigaction(SIGUSR2, &old, NULL);
out:
	opctx_close(&c);
}

void reg_fork(void)
{
	reg("io.fork.cbc(aes)", sc_fork_sk, "cbc(aes)");
	reg("io.fork.ctr(aes)", sc_fork_sk, "ctr(aes)");
	reg("io.fork.gcm(aes)", sc_fork_aead, "gcm(aes)");
	reg("io.fork.rng", sc_fork_rng, NULL);
	reg("io.signal.restart", sc_restart, "cbc(aes)");
}
