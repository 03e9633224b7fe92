// SPDX-License-Identifier: GPL-2.0
/*
 * fake-kernel.so: stands for a kernel that has AF_ALG, for the test of
 * AFALG_SHIM=fallback on a host whose kernel has none.
 *
 * Preloaded after the shim (LD_PRELOAD="libafalg-shim.so fake-kernel.so"),
 * it is what the shim reaches as the "real" socket(): for AF_ALG and
 * NETLINK_CRYPTO it returns an AF_UNIX SOCK_DGRAM socket (recognisable by
 * SO_TYPE) and appends a line to $FAKE_KERNEL_LOG.  Everything else goes
 * on to libc.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

int socket(int domain, int type, int protocol)
{
	int (*real)(int, int, int) =
		(int (*)(int, int, int))dlsym(RTLD_NEXT, "socket");
	const char *log = getenv("FAKE_KERNEL_LOG");
	char line[64];
	int fd, l;

	if (domain != 38 && !(domain == AF_NETLINK && protocol == 21))
		return real(domain, type, protocol);
	if (log) {
		fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
		if (fd >= 0) {
			l = snprintf(line, sizeof(line), "socket %d %d\n",
				     domain, protocol);
			(void)!write(fd, line, (size_t)l);
			close(fd);
		}
	}
	return real(AF_UNIX, SOCK_DGRAM | (type & (SOCK_CLOEXEC | SOCK_NONBLOCK)),
		    0);
}
