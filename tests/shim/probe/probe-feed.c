// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe feed: hash messages of 1 MiB and more read out of file
 * mappings (shim/feed.c copies those with process_vm_readv()), each
 * digest checked against OpenSSL:
 *
 *   a file mapping from an unaligned start, with MSG_MORE then recv
 *   a one-shot hmac(sha256) of a whole mapping (no MSG_MORE)
 *   a message running off the end of a file mapping into anonymous memory,
 *   as one iovec and as two
 *   the same with process_vm_readv() refused by a seccomp filter (EPERM):
 *   the shim must read directly and still give the right digest
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "probe.h"

#define MIB (1u << 20)

/* sha256 through the socket of @iov (MSG_MORE), then recv; vs OpenSSL */
static void check_sha256(const char *what, const struct iovec *iov, int n)
{
	uint8_t got[32], want[32], *all;
	unsigned int wl;
	struct msghdr m = { .msg_iov = (struct iovec *)iov, .msg_iovlen = n };
	size_t total = 0, off = 0;
	int op = afalg_hash_op("sha256", NULL, 0), i;
	ssize_t r;

	for (i = 0; i < n; i++)
		total += iov[i].iov_len;
	all = malloc(total);
	if (op < 0 || !all) {
		fail("%s: setup: %s", what, strerror(errno));
		free(all);
		return;
	}
	for (i = 0; i < n; i++) {
		memcpy(all + off, iov[i].iov_base, iov[i].iov_len);
		off += iov[i].iov_len;
	}
	ossl_digest("SHA256", all, total, want, &wl);
	r = sendmsg(op, &m, MSG_MORE);
	check(r == (ssize_t)total && recv(op, got, 32, 0) == 32 &&
	      !memcmp(got, want, 32), "%s: sha256 of %zu bytes", what, total);
	close(op);
	free(all);
}

/* a temporary file of @len random bytes, mapped; NULL on failure */
static uint8_t *map_file(size_t len, void *at)
{
	char path[] = "/tmp/shim-probe-feed-XXXXXX";
	uint8_t *buf = malloc(len), *p = MAP_FAILED;
	int fd = mkstemp(path);

	if (fd >= 0 && buf) {
		unlink(path);
		fill_random(buf, len);
		if (write(fd, buf, len) == (ssize_t)len)
			p = mmap(at, len, PROT_READ, MAP_SHARED |
				 (at ? MAP_FIXED : 0), fd, 0);
	}
	if (fd >= 0)
		close(fd);
	free(buf);
	return p == MAP_FAILED ? NULL : p;
}

static void cases(const char *sfx)
{
	uint8_t got[32], want[32], key[32], *f, *area;
	size_t flen = 3 * MIB + 5;
	unsigned int wl;
	struct iovec v[2];
	char what[96];
	int op;

	f = map_file(flen, NULL);
	if (!f) {
		fail("feed%s: file mapping: %s", sfx, strerror(errno));
		return;
	}
	v[0] = (struct iovec){ f + 1, flen - 1 };
	snprintf(what, sizeof(what), "file mapping, unaligned start%s", sfx);
	check_sha256(what, v, 1);

	fill_random(key, sizeof(key));
	op = afalg_hash_op("hmac(sha256)", key, sizeof(key));
	ossl_hmac("SHA256", key, sizeof(key), f, 2 * MIB, want, &wl);
	check(op >= 0 && send(op, f, 2 * MIB, 0) == 2 * MIB &&
	      recv(op, got, 32, 0) == 32 && !memcmp(got, want, 32),
	      "one-shot hmac(sha256) of a 2 MiB file mapping%s", sfx);
	if (op >= 0)
		close(op);
	munmap(f, flen);

	/* 2 MiB of file, then 2 MiB of anonymous memory written just now */
	area = mmap(NULL, 4 * MIB, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED || !map_file(2 * MIB, area)) {
		fail("feed%s: file then anonymous mapping: %s", sfx,
		     strerror(errno));
		return;
	}
	fill_random(area + 2 * MIB, 2 * MIB);
	v[0] = (struct iovec){ area + MIB - 3, 2 * MIB + 7 };
	snprintf(what, sizeof(what), "across a file mapping's end%s", sfx);
	check_sha256(what, v, 1);
	v[0] = (struct iovec){ area + 7, 2 * MIB - 7 + 100 };
	v[1] = (struct iovec){ area + 3 * MIB, MIB };
	snprintf(what, sizeof(what), "two iovecs, file and anonymous%s", sfx);
	check_sha256(what, v, 2);
	munmap(area, 4 * MIB);
}

/* process_vm_readv() -> EPERM, everything else allowed */
static int refuse_vm_readv(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_process_vm_readv, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

int cmd_feed(void)
{
	struct iovec to, from;
	uint8_t a = 1, b = 0;
	pid_t pid;
	int st;

	cases("");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		if (refuse_vm_readv()) {
			fail("seccomp filter: %s", strerror(errno));
			_exit(1);
		}
		to = (struct iovec){ &b, 1 };
		from = (struct iovec){ &a, 1 };
		check(process_vm_readv(getpid(), &to, 1, &from, 1, 0) < 0 &&
		      errno == EPERM, "seccomp refuses process_vm_readv()");
		cases(", process_vm_readv() refused");
		fflush(stdout);
		_exit(probe_failures ? 1 : 0);
	}
	check(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
	      !WEXITSTATUS(st), "child with the seccomp filter exited cleanly");
	return 0;
}
