// SPDX-License-Identifier: GPL-2.0
/*
 * shim-sigprobe exec|execl|fork|setuid: execve(), execl(), fork() or
 * setuid() from a signal handler that interrupts dup()/close() of an
 * AF_ALG descriptor (test_security.py).
 *
 * All four are async-signal-safe in POSIX's list (fork() with no atfork
 * handler of the program's own), and a preloaded shim must keep them so:
 * the main loop spends nearly all its time in dup() and close() of the
 * shim's descriptor, where the shim holds its descriptor table lock
 * across the system call, and the handler of a 200 us interval timer
 * acts only when it interrupted one of them.  The handler exec's /bin/true
 * (exit 0) with execve() or execl(), or forks a child that
 * _exits and stops the loop, or calls setuid(getuid()) (a credential
 * call that succeeds for any user) and stops the loop: the socket, shared
 * with a child forked first, must then have been let go of (D1) once the
 * interrupted call returned, so a send on it gives ENOTCONN.  A deadlock is a hang, which the driver's
 * time limit turns into a failure.  Exit status: 0 when the handler
 * ran to its end, 2 when AF_ALG is unavailable, 1 on another error.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dup-loop.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

static volatile sig_atomic_t forked;
static volatile sig_atomic_t fired;
static volatile sig_atomic_t in_call;	/* inside dup() or close() */
static int use_exec;	/* 1: execve(), 2: execl(), 3: setuid() */

static void on_alarm(int sig)
{
	static char *const argv[] = { "/bin/true", NULL };
	static char *const envp[] = { NULL };
	pid_t pid;

	(void)sig;
	/*
	 * let the loop run a while, then act once, only inside the calls: a
	 * fork() can take longer than the timer's interval, and a handler
	 * that acted again would run back to back with no end
	 */
	if (forked || fired++ < 20 || !in_call)
		return;
	if (use_exec == 1) {
		execve(argv[0], argv, envp);
		_exit(1);
	}
	if (use_exec == 2) {
		execl(argv[0], argv[0], (char *)NULL);
		_exit(1);
	}
	if (use_exec == 3) {
		if (setuid(getuid()))
			_exit(1);
		forked = 1;
		return;
	}
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (pid > 0)
		forked = 1;
}

int main(int argc, char **argv)
{
	pid_t holder = -1;
	int fd, st;

	if (argc != 2 || (strcmp(argv[1], "exec") && strcmp(argv[1], "execl") &&
			  strcmp(argv[1], "fork") && strcmp(argv[1], "setuid"))) {
		fprintf(stderr, "usage: shim-sigprobe exec|execl|fork|setuid\n");
		return 1;
	}
	use_exec = !strcmp(argv[1], "exec") ? 1 : !strcmp(argv[1], "execl") ? 2 :
		   !strcmp(argv[1], "setuid") ? 3 : 0;
	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (fd < 0)
		return errno == EAFNOSUPPORT ? 2 : 1;
	/* setuid: a fork relative holds the socket, which is now shared */
	if (use_exec == 3) {
		holder = fork();
		if (holder == 0) {
			pause();
			_exit(0);
		}
		if (holder < 0)
			return 1;
	}
	if (dup_loop(fd, on_alarm, &in_call, &forked))
		return 1;
	if (use_exec == 3) {
		/* let go of: the number is the inert placeholder now */
		int r = (int)send(fd, "x", 1, MSG_DONTWAIT), e = errno;

		kill(holder, SIGKILL);
		waitpid(holder, &st, 0);
		return r < 0 && e == ENOTCONN ? 0 : 1;
	}
	while (wait(&st) > 0)
		;
	return 0;
}
