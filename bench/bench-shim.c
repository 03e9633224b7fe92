// SPDX-License-Identifier: GPL-2.0
/*
 * bench-shim: the cost of one small operation through libafalg-shim's
 * socket path next to the same operation as a direct libkcrypto call,
 * measured in one process, interleaved, medians of several repetitions.
 *
 *   LD_PRELOAD=build/shim/libafalg-shim.so build/bench/bench-shim [N]
 *
 * (bench/bench-shim.py sets that up.)  Cases: a 64-byte hmac(sha256) as
 * send(op, msg, 64, 0) + recv(op, mac, 32, 0) on an op socket of a keyed
 * tfm, against hmac_sha256() with the prepared key; and the same for an
 * unkeyed sha256.  Time is the thread's CPU time, so a loaded machine
 * shifts both sides alike; compare the ratio, not absolute figures.
 *
 * Then what sharing costs: fork() + _exit() + waitpid() with no socket
 * open; the first fork() with one idle hmac(sha256) op socket open, which
 * moves it into a keeper (remote.c: a keeper started, the parent
 * connected); the forks after it with both sockets open, then
 * keeper-held; and the hmac operation again once the socket is shared
 * with a child that sleeps.  These are wall times.
 *
 * Last, a socket a keeper holds (remote.c): a fresh hmac(sha256) op
 * socket passed with SCM_RIGHTS (which moves it into afalg-keeper), the
 * same operation through it against an unshared socket, both in wall
 * time, as the keeper's half of the work is another process's CPU.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <crypto/sha2.h>

#include "afalg.h"
#include "bench-util.h"

#define REPS 11

/* ns per op for a loop of @n iterations of @what */
#define TIME(n, what) ({ double t0 = bench_now_ns(); for (long i_ = 0; i_ < (n); i_++) { what; } (bench_now_ns() - t0) / (n); })

static double wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* wall ns per op for a loop of @n iterations of @what */
#define TIMEW(n, what) ({ double t0 = wall_ns(); for (long i_ = 0; i_ < (n); i_++) { what; } (wall_ns() - t0) / (n); })

/* pass @fd over a socketpair with SCM_RIGHTS: the shim moves it to a keeper */
static int pass_fd(int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec v = { (void *)"x", 1 };
	struct msghdr m;
	struct cmsghdr *c;
	int sp[2], r;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sp))
		return -1;
	memset(&m, 0, sizeof(m));
	memset(&u, 0, sizeof(u));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	m.msg_control = u.buf;
	m.msg_controllen = sizeof(u.buf);
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	r = sendmsg(sp[0], &m, 0) == 1 ? 0 : -1;
	close(sp[0]);
	close(sp[1]);
	return r;
}

/*
 * wall ns of the first fork() + _exit() + waitpid() with a fresh
 * hmac(sha256) op socket open (the fork that moves it), median of REPS
 */
static double first_fork_ns(const uint8_t *raw, unsigned int klen)
{
	double t[REPS], t0;
	int r, st, op;
	pid_t pid;

	for (r = 0; r < REPS; r++) {
		op = afalg_hash_op("hmac(sha256)", raw, klen);
		if (op < 0)
			return -1;
		t0 = wall_ns();
		pid = fork();
		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid(pid, &st, 0);
		t[r] = wall_ns() - t0;
		close(op);
	}
	return bench_median(t, REPS);
}

/* wall ns of one fork() + _exit() + waitpid(), median of REPS x 50 */
static double fork_ns(void)
{
	double t[REPS], t0;
	int r, i, st;
	pid_t pid;

	for (r = 0; r < REPS; r++) {
		t0 = wall_ns();
		for (i = 0; i < 50; i++) {
			pid = fork();
			if (pid == 0)
				_exit(0);
			if (pid > 0)
				waitpid(pid, &st, 0);
		}
		t[r] = (wall_ns() - t0) / 50;
	}
	return bench_median(t, REPS);
}

int main(int argc, char **argv)
{
	static struct hmac_sha256_key key;
	uint8_t msg[64], raw[32], out[32], ref[32];
	double direct[REPS], shim[REPS], d2[REPS], s2[REPS];
	long n = argc > 1 ? atol(argv[1]) : 200000;
	int op, op2, r, pfd[2];
	volatile uint8_t sink = 0;
	double fork_none, fork_open, fork_first;
	pid_t holder;
	char c;

	for (r = 0; r < 64; r++)
		msg[r] = (uint8_t)(r * 7 + 1);
	for (r = 0; r < 32; r++)
		raw[r] = (uint8_t)(r * 3 + 5);
	hmac_sha256_preparekey(&key, raw, sizeof(raw));
	fork_none = fork_ns();
	fork_first = first_fork_ns(raw, sizeof(raw));
	op = afalg_hash_op("hmac(sha256)", raw, sizeof(raw));
	op2 = afalg_hash_op("sha256", NULL, 0);
	if (op < 0 || op2 < 0) {
		fprintf(stderr, "AF_ALG unavailable (%s): run with LD_PRELOAD=libafalg-shim.so\n",
			strerror(errno));
		return 1;
	}
	/* the two paths agree before anything is timed */
	hmac_sha256(&key, msg, 64, ref);
	if (send(op, msg, 64, 0) != 64 || recv(op, out, 32, 0) != 32 ||
	    memcmp(out, ref, 32)) {
		fprintf(stderr, "hmac(sha256) through the socket differs\n");
		return 1;
	}
	sha256(msg, 64, ref);
	if (send(op2, msg, 64, 0) != 64 || recv(op2, out, 32, 0) != 32 ||
	    memcmp(out, ref, 32)) {
		fprintf(stderr, "sha256 through the socket differs\n");
		return 1;
	}

	for (r = 0; r < REPS; r++) {
		direct[r] = TIME(n, hmac_sha256(&key, msg, 64, out); sink ^= out[0]);
		shim[r] = TIME(n, send(op, msg, 64, 0); recv(op, out, 32, 0);
			       sink ^= out[0]);
		d2[r] = TIME(n, sha256(msg, 64, out); sink ^= out[0]);
		s2[r] = TIME(n, send(op2, msg, 64, 0); recv(op2, out, 32, 0);
			     sink ^= out[0]);
	}
	printf("%-34s %10s %10s %8s\n", "case (64-byte message)",
	       "direct ns", "socket ns", "ratio");
	{
		double a = bench_median(direct, REPS), b = bench_median(shim, REPS);
		double c = bench_median(d2, REPS), d = bench_median(s2, REPS);

		printf("%-34s %10.1f %10.1f %8.2f\n",
		       "hmac(sha256): send+recv vs call", a, b, b / a);
		printf("%-34s %10.1f %10.1f %8.2f\n",
		       "sha256: send+recv vs call", c, d, d / c);
		printf("medians of %d runs of %ld operations, thread CPU time;\n"
		       "ratio = socket / direct (target for hmac(sha256): <= 1.5)\n",
		       REPS, n);
		/* for bench-shim.py's summary */
		printf("hmac-ratio %.4f\n", b / a);
	}

	/* sharing: the first fork() moves both sockets into keepers */
	fork_open = fork_ns();
	if (pipe(pfd))
		return 1;
	holder = fork();
	if (holder == 0) {
		close(pfd[1]);
		_exit(read(pfd[0], &c, 1) < 0);
	}
	close(pfd[0]);
	for (r = 0; r < REPS; r++) {
		direct[r] = TIME(n, hmac_sha256(&key, msg, 64, out); sink ^= out[0]);
		shim[r] = TIME(n, send(op, msg, 64, 0); recv(op, out, 32, 0);
			       sink ^= out[0]);
	}
	close(pfd[1]);
	waitpid(holder, NULL, 0);
	printf("%-34s %10.1f %10.1f %8.2f\n",
	       "hmac(sha256), shared by fork()", bench_median(direct, REPS),
	       bench_median(shim, REPS),
	       bench_median(shim, REPS) / bench_median(direct, REPS));
	printf("%-34s %10.0f %10.0f %8.2f\n",
	       "fork+exit+wait: none / 1st, 1 open", fork_none, fork_first,
	       fork_first / fork_none);
	printf("%-34s %10.0f %10.0f %8.2f\n",
	       "fork+exit+wait: none / 2 open", fork_none, fork_open,
	       fork_open / fork_none);
	printf("(the fork rows are wall ns: the first fork() with one idle op\n"
	       " socket open, which moves it, median of %d; the forks after,\n"
	       " with both sockets shared, median of %d x 50; ratio = / none)\n",
	       REPS, REPS);

	/* a keeper-held socket against an unshared one, wall time */
	{
		int kop = afalg_hash_op("hmac(sha256)", raw, sizeof(raw));
		int uop = afalg_hash_op("hmac(sha256)", raw, sizeof(raw));
		long nk = n / 20 > 100 ? n / 20 : 100;

		hmac_sha256(&key, msg, 64, ref);
		if (kop < 0 || uop < 0 || pass_fd(kop) ||
		    send(kop, msg, 64, 0) != 64 || recv(kop, out, 32, 0) != 32 ||
		    memcmp(out, ref, 32)) {
			fprintf(stderr, "hmac(sha256) through a keeper differs\n");
			return 1;
		}
		for (r = 0; r < REPS; r++) {
			direct[r] = TIMEW(nk, send(uop, msg, 64, 0);
					  recv(uop, out, 32, 0); sink ^= out[0]);
			shim[r] = TIMEW(nk, send(kop, msg, 64, 0);
					recv(kop, out, 32, 0); sink ^= out[0]);
		}
		printf("%-34s %10.1f %10.1f %8.2f\n",
		       "hmac(sha256): unshared / keeper", bench_median(direct, REPS),
		       bench_median(shim, REPS),
		       bench_median(shim, REPS) / bench_median(direct, REPS));
		printf("(wall ns per send+recv, medians of %d x %ld; ratio = through\n"
		       " the keeper / the unshared socket in this process)\n",
		       REPS, nk);
		close(kop);
		close(uop);
	}
	(void)sink;
	close(op);
	close(op2);
	return 0;
}
