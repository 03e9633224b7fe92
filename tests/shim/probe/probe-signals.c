// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe signals: io_pgetevents() on the shim's completions, with the
 * call's signal mask in place for the wait as the kernel applies it
 * (fs/aio.c io_pgetevents(): set_user_sigmask(), EINTR when a signal the
 * mask lets through arrives before an event).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "probe.h"

/* struct __aio_sigset: the kernel reads sigsetsize bytes of the mask */
struct aio_sigset {
	const sigset_t *sigmask;
	size_t sigsetsize;
};

static long pgetevents(aio_context_t ctx, long min, long nr,
		       struct io_event *ev, struct timespec *ts,
		       const struct aio_sigset *sig)
{
	return syscall(SYS_io_pgetevents, ctx, min, nr, ev, ts, sig);
}

static volatile sig_atomic_t usr1_seen;

static void on_usr1(int sig)
{
	(void)sig;
	usr1_seen++;
}

struct later {
	pthread_t target;
	aio_context_t ctx;
	struct iocb *cb;	/* submitted at 200 ms when set */
	long submitted;
};

/* SIGUSR1 to the waiting thread at 100 ms, then maybe an iocb at 200 ms */
static void *signal_then_submit(void *arg)
{
	struct later *l = arg;
	struct iocb *cbs[1] = { l->cb };

	usleep(100 * 1000);
	pthread_kill(l->target, SIGUSR1);
	usleep(100 * 1000);
	if (l->cb)
		l->submitted = sys_io_submit(l->ctx, 1, cbs);
	return NULL;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* what the steps share: a context, a sha256 op socket and its iocb */
struct sig_run {
	aio_context_t ctx;
	int op;
	struct iocb cb;		/* a PREAD of the digest into out */
	uint8_t data[64], out[32], want[32];
	sigset_t usr1, none;
};

/* a completion on our socket, reaped by io_pgetevents; mask sizes */
static void signals_reap(struct sig_run *t)
{
	struct iocb *cbs[1] = { &t->cb };
	struct timespec ts = { 1, 0 };
	struct aio_sigset sig;
	struct io_event ev[2];
	double t0;
	long r;
	int e;

	send(t->op, t->data, sizeof(t->data), 0);
	aio_prep(&t->cb, t->op, IOCB_CMD_PREAD, t->out, 32, -1, 0x77);
	r = sys_io_submit(t->ctx, 1, cbs);
	sig.sigmask = &t->none;
	sig.sigsetsize = 8;
	t0 = now();
	r = r == 1 ? pgetevents(t->ctx, 1, 2, ev, &ts, &sig) : -1;
	check(r == 1 && ev[0].data == 0x77 && ev[0].res == 32 &&
	      !memcmp(t->out, t->want, 32) && now() - t0 < 0.5,
	      "signals: io_pgetevents reaps the shim's completion (r %ld, %.2f s)",
	      r, now() - t0);
	send(t->op, t->data, sizeof(t->data), 0);
	r = sys_io_submit(t->ctx, 1, cbs);
	r = r == 1 ? pgetevents(t->ctx, 1, 1, ev, &ts, NULL) : -1;
	check(r == 1 && ev[0].res == 32, "signals: and with no sigset (r %ld)", r);

	/* set_user_sigmask(): a mask of another size is EINVAL */
	sig.sigsetsize = 16;
	errno = 0;
	r = pgetevents(t->ctx, 1, 1, ev, &ts, &sig);
	e = errno;
	check(r == -1 && e == EINVAL, "signals: sigsetsize 16 is EINVAL (%ld %s)",
	      r, strerror(e));
	sig.sigmask = NULL;
	r = pgetevents(t->ctx, 0, 1, ev, &ts, &sig);
	check(r == 0, "signals: a NULL mask ignores sigsetsize (%ld)", r);
}

/*
 * SIGUSR1 blocked by the call's mask: the signal at 100 ms does not end
 * the wait, the iocb at 200 ms does; the handler runs as the thread's own
 * mask comes back on return.
 */
static void signals_blocked_by_call(struct sig_run *t)
{
	struct aio_sigset sig = { &t->usr1, 8 };
	struct timespec ts = { 3, 0 };
	struct io_event ev[1];
	struct later l;
	pthread_t th;
	double t0;
	long r;

	send(t->op, t->data, sizeof(t->data), 0);
	memset(&l, 0, sizeof(l));
	l.target = pthread_self();
	l.ctx = t->ctx;
	l.cb = &t->cb;
	usr1_seen = 0;
	pthread_create(&th, NULL, signal_then_submit, &l);
	t0 = now();
	r = pgetevents(t->ctx, 1, 1, ev, &ts, &sig);
	t0 = now() - t0;
	pthread_join(th, NULL);
	check(r == 1 && ev[0].res == 32 && usr1_seen == 1 &&
	      l.submitted == 1 && t0 > 0.15,
	      "signals: a signal the mask blocks waits for the event, the handler runs on return (r %ld, handler %d, %.2f s)",
	      r, (int)usr1_seen, t0);
}

/*
 * SIGUSR1 blocked in the thread, let through by the call's mask: EINTR
 * at 100 ms, the handler has run, the thread's mask is back.
 */
static void signals_let_through(struct sig_run *t)
{
	struct aio_sigset sig = { &t->none, 8 };
	struct timespec ts = { 3, 0 };
	struct io_event ev[1];
	sigset_t old, cur;
	struct later l;
	pthread_t th;
	double t0;
	long r;
	int e;

	pthread_sigmask(SIG_BLOCK, &t->usr1, &old);
	memset(&l, 0, sizeof(l));
	l.target = pthread_self();
	usr1_seen = 0;
	pthread_create(&th, NULL, signal_then_submit, &l);
	t0 = now();
	errno = 0;
	r = pgetevents(t->ctx, 1, 1, ev, &ts, &sig);
	e = errno;
	pthread_sigmask(SIG_BLOCK, NULL, &cur);
	check(r == -1 && e == EINTR && usr1_seen == 1 &&
	      sigismember(&cur, SIGUSR1) && now() - t0 < 1.5,
	      "signals: a signal the mask lets through is EINTR (r %ld %s, handler %d, %.2f s)",
	      r, strerror(e), (int)usr1_seen, now() - t0);
	pthread_join(th, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int cmd_signals(void)
{
	struct sig_run t = { 0 };
	struct sigaction sa;
	unsigned int wl;
	int tfm;

	if (sys_io_setup(16, &t.ctx) < 0) {
		skip("signals: io_setup: %s", strerror(errno));
		return 0;
	}
	tfm = afalg_tfm("hash", "sha256", SOCK_CLOEXEC);
	t.op = afalg_accept(tfm, SOCK_CLOEXEC);
	if (tfm < 0 || t.op < 0) {
		fail("signals: sha256 op socket: %s", strerror(errno));
		return 1;
	}
	fill_random(t.data, sizeof(t.data));
	ossl_digest("sha256", t.data, sizeof(t.data), t.want, &wl);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;	/* no SA_RESTART: EINTR */
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&t.usr1);
	sigaddset(&t.usr1, SIGUSR1);
	sigemptyset(&t.none);
	signals_reap(&t);
	signals_blocked_by_call(&t);
	signals_let_through(&t);
	sys_io_destroy(t.ctx);
	close(t.op);
	close(tfm);
	return 0;
}
