/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probes' way into the shim's locks (sig-probe.c, key-probe.c): a
 * 200 us interval timer runs @handler while the loop spends nearly all
 * its time in dup() and close() of AF_ALG descriptor @fd, where the shim
 * holds its descriptor table lock across the system call; *@in_call says
 * whether the handler interrupted one of them.  Runs until *@done;
 * 0, or -1 when the timer cannot be set.
 */
#ifndef SHIM_PROBE_DUP_LOOP_H
#define SHIM_PROBE_DUP_LOOP_H

#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static inline int dup_loop(int fd, void (*handler)(int),
			   volatile sig_atomic_t *in_call,
			   volatile sig_atomic_t *done)
{
	struct itimerval it = {
		.it_interval = { .tv_usec = 200 },
		.it_value = { .tv_usec = 200 },
	};
	struct sigaction sa;
	int d;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL) || setitimer(ITIMER_REAL, &it, NULL))
		return -1;
	while (!*done) {
		*in_call = 1;
		d = dup(fd);
		if (d >= 0)
			close(d);
		*in_call = 0;
	}
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	return 0;
}

#endif /* SHIM_PROBE_DUP_LOOP_H */
