// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-storm: a caller storm for the tracer's memory bound.
 *
 *   afalg-storm DIR N [JOBS]
 *   afalg-storm DIR N vfork
 *
 * Copies itself to DIR/storm, hard-links it N times as DIR/s0000000 ...,
 * and runs each link once (at most JOBS at a time, default 2): every child
 * is a new process with its own exe path and comm, so each is a new caller
 * to the tracer.  A child opens one AF_ALG socket, binds it to hash sha256
 * and exits 0; 1 when socket() failed, 2 when bind() failed.  The parent
 * prints its own account as one JSON line: the ground truth the tracer's
 * inventory must add up to.
 *
 * With "vfork" the children are N new processes of one exe, DIR/storm
 * (the parent re-executes itself from there first): each is made by
 * clone(CLONE_VM | CLONE_VFORK) on a stack of its own and makes its three
 * system calls in the parent's memory before _exit(), with no exec.  Under TCG that is several times cheaper than an exec per
 * child, which is what lets a 100,000-process storm fit in a test run;
 * every child is still a new thread group, so a new key in the tracer's
 * counters map and a new identity record.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/if_alg.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* Only system calls and locals: a CLONE_VM child runs this too. */
static int child(void)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
				   .salg_name = "sha256" };
	int s = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (s < 0)
		return 1;
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)))
		return 2;
	close(s);
	return 0;
}

static int copy_self(const char *dst)
{
	char buf[65536];
	int in = open("/proc/self/exe", O_RDONLY), out;
	ssize_t n;

	if (in < 0)
		return -1;
	out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (out < 0) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n) {
			n = -1;
			break;
		}
	close(in);
	return close(out) || n < 0 ? -1 : 0;
}

/* exit statuses of the children: [0] bound, [1] no socket, [2] no bind, [3] other */
static unsigned long status[4];

static void account(unsigned long n, const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("{\"processes\":%lu,\"bound\":%lu,\"no_socket\":%lu,\"no_bind\":%lu,"
	       "\"other\":%lu,\"seconds\":%.3f}\n", n, status[0], status[1], status[2], status[3],
	       (t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9);
}

static void reap(void)
{
	int st;

	if (wait(&st) < 0)
		return;
	if (WIFEXITED(st) && WEXITSTATUS(st) <= 2)
		status[WEXITSTATUS(st)]++;
	else
		status[3]++;
}

static int clone_child(void *arg)
{
	(void)arg;
	_exit(child());
}

/* "vfork-run N", from DIR/storm: N children of this exe, one at a time. */
static int vfork_storm(unsigned long n)
{
	static char stack[64 * 1024] __attribute__((aligned(16)));
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (unsigned long i = 0; i < n; i++) {
		/* CLONE_VFORK: the parent waits until the child exits, so one
		 * stack serves every child */
		if (clone(clone_child, stack + sizeof(stack), CLONE_VM | CLONE_VFORK | SIGCHLD,
			  NULL) < 0) {
			perror("clone");
			status[3]++;
			continue;
		}
		reap();
	}
	account(n, &t0);
	return status[3] ? 1 : 0;
}

int main(int argc, char **argv)
{
	char self[4096], link_path[4200];
	struct timespec t0;
	unsigned long n, jobs = 2, running = 0;
	int use_vfork;

	if (argc == 2 && !strcmp(argv[1], "child"))
		return child();
	if (argc == 3 && !strcmp(argv[1], "vfork-run"))
		return vfork_storm(strtoul(argv[2], NULL, 10));
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: afalg-storm DIR N [JOBS|vfork]\n");
		return 2;
	}
	n = strtoul(argv[2], NULL, 10);
	use_vfork = argc == 4 && !strcmp(argv[3], "vfork");
	if (argc == 4 && !use_vfork)
		jobs = strtoul(argv[3], NULL, 10);
	if (!n || n > 10000000 || !jobs || jobs > 64) {
		fprintf(stderr, "afalg-storm: N from 1 to 10000000, JOBS from 1 to 64\n");
		return 2;
	}
	snprintf(self, sizeof(self), "%s/storm", argv[1]);
	if (mkdir(argv[1], 0755) && errno != EEXIST) {
		perror(argv[1]);
		return 2;
	}
	if (copy_self(self)) {
		perror(self);
		return 2;
	}
	if (use_vfork) {
		fflush(stdout);
		execl(self, "storm", "vfork-run", argv[2], (char *)NULL);
		perror(self);
		return 2;
	}
	for (unsigned long i = 0; i < n; i++) {
		snprintf(link_path, sizeof(link_path), "%s/s%07lu", argv[1], i);
		if (link(self, link_path) && errno != EEXIST) {
			perror(link_path);
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (unsigned long i = 0; i < n; i++) {
		pid_t pid;

		if (running == jobs) {
			reap();
			running--;
		}
		snprintf(link_path, sizeof(link_path), "%s/s%07lu", argv[1], i);
		pid = fork();
		if (pid < 0) {
			perror("fork");
			status[3]++;
			continue;
		}
		if (!pid) {
			execl(link_path, strrchr(link_path, '/') + 1, "child", (char *)NULL);
			_exit(3);
		}
		running++;
	}
	while (running--)
		reap();
	account(n, &t0);
	return status[3] ? 1 : 0;
}
