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
 *
 * For AFALG_SHIM=fallback's bind() takeover it also plays the restriction
 * of crypto.af_alg_restrict=1 on its AF_ALG sockets: bind() of a name in
 * $FAKE_KERNEL_ALLOW (comma-separated, exact strings) succeeds once and
 * then gives EBUSY, an address shorter than a sockaddr_alg gives EINVAL,
 * any other name ENOENT, as alg_bind() would; each answer is logged as
 * "bind NAME ERRNO".  getsockopt(SO_DOMAIN) on these sockets says AF_ALG.
 * The sockets are told apart by inode, so a closed and reused descriptor
 * number is not mistaken for one of them.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <sys/socket.h>
#include <sys/stat.h>

#define MAX_SOCKS 256

/* inodes of the AF_ALG sockets made here, and whether each is bound */
static ino_t socks[MAX_SOCKS];
static int bound[MAX_SOCKS];
static int nsocks;

static void log_line(const char *line)
{
	const char *log = getenv("FAKE_KERNEL_LOG");
	int fd;

	if (!log)
		return;
	fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		(void)!write(fd, line, strlen(line));
		close(fd);
	}
}

/* the index of @fd's socket in socks[], or -1 if not ours */
static int fake_sock(int fd)
{
	struct stat st;
	int i;

	if (fstat(fd, &st))
		return -1;
	for (i = 0; i < nsocks; i++)
		if (socks[i] == st.st_ino)
			return i;
	return -1;
}

static int allowed(const char *name)
{
	const char *list = getenv("FAKE_KERNEL_ALLOW"), *p;
	size_t n = strlen(name);

	for (p = list; p && *p; p += strcspn(p, ",")) {
		if (*p == ',')
			p++;
		if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == 0))
			return 1;
	}
	return 0;
}

int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	int (*real)(int, const struct sockaddr *, socklen_t) =
		(int (*)(int, const struct sockaddr *, socklen_t))
		dlsym(RTLD_NEXT, "bind");
	int i = fake_sock(fd), err;
	char name[65] = "", line[128];

	if (i < 0)
		return real(fd, addr, len);
	if (len < 25) {
		err = EINVAL;
	} else {
		memcpy(name, (const char *)addr + 24,
		       len - 24 < 64 ? len - 24 : 64);
		if (!allowed(name))
			err = ENOENT;
		else
			err = bound[i]++ ? EBUSY : 0;
	}
	snprintf(line, sizeof(line), "bind %s %d\n", name, err);
	log_line(line);
	errno = err;
	return err ? -1 : 0;
}

int getsockopt(int fd, int level, int name, void *val, socklen_t *len)
{
	int (*real)(int, int, int, void *, socklen_t *) =
		(int (*)(int, int, int, void *, socklen_t *))
		dlsym(RTLD_NEXT, "getsockopt");

	if (level == SOL_SOCKET && name == SO_DOMAIN && *len >= sizeof(int) &&
	    fake_sock(fd) >= 0) {
		*(int *)val = 38;
		*len = sizeof(int);
		return 0;
	}
	return real(fd, level, name, val, len);
}

int socket(int domain, int type, int protocol)
{
	int (*real)(int, int, int) =
		(int (*)(int, int, int))dlsym(RTLD_NEXT, "socket");
	char line[64];
	int fd;

	if (domain != 38 && !(domain == AF_NETLINK && protocol == 21))
		return real(domain, type, protocol);
	snprintf(line, sizeof(line), "socket %d %d\n", domain, protocol);
	log_line(line);
	fd = real(AF_UNIX, SOCK_DGRAM | (type & (SOCK_CLOEXEC | SOCK_NONBLOCK)),
		  0);
	if (fd >= 0 && domain == 38 && nsocks < MAX_SOCKS) {
		struct stat st;

		if (!fstat(fd, &st)) {
			bound[nsocks] = 0;
			socks[nsocks++] = st.st_ino;
		}
	}
	return fd;
}
