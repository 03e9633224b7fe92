// SPDX-License-Identifier: GPL-2.0
/*
 * shim-keyprobe TYPE NAME NOTKEY MSG [sigfork|closetfm [NOTSTATE]]: does a
 * forked child hold the key in its memory, before and after it drops its
 * privileges?  (test_security.py, A4)
 *
 * The probe binds an AF_ALG socket of TYPE ("hash" or "skcipher") and
 * NAME, sets the key whose bitwise complement is the hex NOTKEY (so that
 * neither argv nor the environment holds the key itself), wipes its own
 * copy, accepts an op socket, scans its own memory for the key (the
 * control: the key must be found, or the scans prove nothing) and forks;
 * with "sigfork" the fork() is made by a signal handler that interrupted
 * dup() or close() of the op socket (inside the shim's locks, where the
 * shim shares nothing and the child gets copies); with "closetfm" the
 * tfm socket is closed before the fork, so that only the op socket holds
 * the key (a socket the shim moves into a keeper at fork()), and the hex
 * NOTSTATE, when given, is the complement of more key material to look
 * for the same way (an HMAC's inner padded-key state, which the shim
 * keeps instead of the key).  The child
 * scans every
 * writable mapping of its own (/proc/self/maps, read through /proc/self/mem, so
 * that unreadable pages are skipped, not faulted) for the key, once
 * before setresuid(65534) and once after, reports both, and sends nothing
 * on the op socket (MSG_MORE, so that a socket it still holds, as the
 * kernel's, is left as it was).  The parent
 * waits for it, then operates the op socket: a hash of the hex MSG, or
 * cbc encryption of MSG under an all-zero IV, printed in hex for the
 * driver's oracle.  Output, one line:
 *   parent_before=<0|1> shared=<0|1> child_before=<0|1> child_after=<0|1>
 *   child_send=<0|errno> parent_state=<0|1|-1> child_state=<0|1|-1>
 *   out=<hex>
 * (the _state fields: NOTSTATE found before the fork, in the child
 * before its credential change; -1 without NOTSTATE)
 * where shared says whether the child maps a shared region (the fork
 * shared the socket) or holds copies.
 * Exit status: 0, 2 when AF_ALG is unavailable, 1 on another error.
 * Must run as root (setresuid).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "dup-loop.h"
#include "hexarg.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

#define MAXKEY 64

/* the complement of the key: never the key's bytes themselves */
static uint8_t notkey[MAXKEY];
static size_t keylen;
static uint8_t notstate[MAXKEY];
static size_t statelen;
/* what scan_self() looks for: notkey or notstate, and its length */
static const uint8_t *notpat = notkey;
static size_t *patlen = &keylen;
static int parent_state = -1;

/* @buf (@n bytes) holds the key: compared against the complement */
static int holds_key(const uint8_t *buf, size_t n)
{
	size_t i, j;

	for (i = 0; i + *patlen <= n; i++) {
		for (j = 0; j < *patlen; j++)
			if (buf[i + j] != (uint8_t)~notpat[j])
				break;
		if (j == *patlen)
			return 1;
	}
	return 0;
}

/*
 * /proc/self/maps and /proc/self/mem, opened before the credentials
 * change: after it the process is not dumpable and its /proc files are
 * root's (the access was checked at open, as for any reader).
 */
static int maps_fd = -1, mem_fd = -1;

/* 1 when some writable mapping of this process holds the key, else 0 */
static int scan_self(void)
{
	static uint8_t chunk[1 << 16];
	static char maps[1 << 16];
	ssize_t len = pread(maps_fd, maps, sizeof(maps) - 1, 0);
	char *line, *save = NULL;
	int found = 0;

	if (len <= 0) {
		perror("shim-keyprobe: /proc/self/maps");
		exit(1);
	}
	maps[len] = 0;
	for (line = strtok_r(maps, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long lo, hi, at;
		char perms[8];

		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3 ||
		    perms[1] != 'w' || strstr(line, "[vvar"))
			continue;
		/* chunks overlap by the key's length: no match is split */
		for (at = lo; at < hi && !found; at += sizeof(chunk) - MAXKEY) {
			size_t want = hi - at < sizeof(chunk) ? hi - at :
				      sizeof(chunk);
			ssize_t r = pread(mem_fd, chunk, want, (off_t)at);

			if (r > 0)
				found = holds_key(chunk, (size_t)r);
			if (want < sizeof(chunk))
				break;
		}
	}
	memset(chunk, 0, sizeof(chunk));
	return found;
}

/* scan_self() for NOTSTATE: 1 or 0, -1 without one */
static int scan_state(void)
{
	int found;

	if (!statelen)
		return -1;
	notpat = notstate;
	patlen = &statelen;
	found = scan_self();
	notpat = notkey;
	patlen = &keylen;
	return found;
}

/* 1 when this process maps a shared anonymous region (share.c's) */
static int maps_shared(void)
{
	static char maps[1 << 16];
	ssize_t len = pread(maps_fd, maps, sizeof(maps) - 1, 0);

	if (len <= 0)
		return 0;
	maps[len] = 0;
	return strstr(maps, "rw-s") && strstr(maps, "/dev/zero (deleted)");
}

/*
 * The child's part: the scans around the credential change, its send,
 * reported on @out.
 */
static void child_report(int op, int out, int parent_before)
{
	int before, after, shared, state, sent = 0;
	char rep[200];

	maps_fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	mem_fd = open("/proc/self/mem", O_RDONLY | O_CLOEXEC);
	if (maps_fd < 0 || mem_fd < 0) {
		perror("shim-keyprobe: /proc/self");
		_exit(1);
	}
	shared = maps_shared();
	before = scan_self();
	state = scan_state();
	if (setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534)) {
		perror("shim-keyprobe: setresuid");
		_exit(1);
	}
	after = scan_self();
	if (send(op, "", 0, MSG_MORE) < 0)
		sent = errno;
	snprintf(rep, sizeof(rep),
		 "parent_before=%d shared=%d child_before=%d child_after=%d "
		 "child_send=%d parent_state=%d child_state=%d", parent_before,
		 shared, before, after, sent, parent_state, state);
	if (write(out, rep, strlen(rep)) < 0)
		_exit(1);
	_exit(0);
}

/*
 * sigfork mode: fork() from a handler that interrupted dup()/close().
 * Both processes return from the handler, so the interrupted call ends
 * in the child too (it drops what it held) before the child's part runs.
 */
static volatile sig_atomic_t fired, in_call, forked, is_child;
static volatile pid_t sig_pid;

static void on_alarm(int sig)
{
	pid_t pid;

	(void)sig;
	if (forked || fired++ < 20 || !in_call)
		return;
	pid = fork();
	if (pid == 0)
		is_child = 1;
	sig_pid = pid;
	forked = 1;
}

/* fork() plainly, or from the handler (@sigfork): the child's pid */
static pid_t fork_child(int op, int out, int parent_before, int sigfork)
{
	pid_t pid;

	if (!sigfork) {
		pid = fork();
		if (pid == 0)
			child_report(op, out, parent_before);
		return pid;
	}
	if (dup_loop(op, on_alarm, &in_call, &forked))
		return -1;
	if (is_child)
		child_report(op, out, parent_before);
	return sig_pid;
}

int main(int argc, char **argv)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	uint8_t key[MAXKEY], msg[256], res[256], iv[16] = { 0 };
	int tfm, op, pfd[2], st, parent_before;
	long mlen, n;
	size_t i;
	pid_t pid;
	char rep[200] = "";
	int skc, sigfork, closetfm;

	if (argc < 5 || argc > 7) {
		fprintf(stderr,
			"usage: shim-keyprobe TYPE NAME NOTKEY MSG "
			"[sigfork|closetfm [NOTSTATE]]\n");
		return 1;
	}
	skc = !strcmp(argv[1], "skcipher");
	sigfork = argc == 6 && !strcmp(argv[5], "sigfork");
	closetfm = argc >= 6 && !strcmp(argv[5], "closetfm");
	if (argc == 7) {
		n = closetfm ? unhex(argv[6], notstate, sizeof(notstate)) : -1;
		if (n <= 0) {
			fprintf(stderr, "shim-keyprobe: bad state\n");
			return 1;
		}
		statelen = (size_t)n;
	}
	n = unhex(argv[3], notkey, sizeof(notkey));
	mlen = unhex(argv[4], msg, sizeof(msg));
	if (n <= 0 || mlen < 0 || (skc && mlen % 16)) {
		fprintf(stderr, "shim-keyprobe: bad key or message\n");
		return 1;
	}
	keylen = (size_t)n;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", argv[1]);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", argv[2]);
	tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (tfm < 0)
		return 2;
	for (i = 0; i < keylen; i++)
		key[i] = (uint8_t)~notkey[i];
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)keylen)) {
		perror("shim-keyprobe: bind/setkey");
		return 1;
	}
	explicit_bzero(key, sizeof(key));
	op = accept(tfm, NULL, NULL);
	if (op < 0 || pipe(pfd)) {
		perror("shim-keyprobe: accept");
		return 1;
	}
	if (closetfm)
		close(tfm);
	/* the control: the scan finds the key where it is (the shim's copy) */
	maps_fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	mem_fd = open("/proc/self/mem", O_RDONLY | O_CLOEXEC);
	if (maps_fd < 0 || mem_fd < 0)
		return 1;
	parent_before = scan_self();
	parent_state = scan_state();
	close(maps_fd);
	close(mem_fd);
	pid = fork_child(op, pfd[1], parent_before, sigfork);
	if (pid < 0)
		return 1;
	close(pfd[1]);
	n = read(pfd[0], rep, sizeof(rep) - 1);
	rep[n > 0 ? n : 0] = 0;
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	if (skc) {
		char cbuf[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16)];
		struct iovec v = { msg, (size_t)mlen };
		struct msghdr mh = { .msg_iov = &v, .msg_iovlen = 1,
				     .msg_control = cbuf,
				     .msg_controllen = sizeof(cbuf) };
		struct cmsghdr *c;
		struct af_alg_iv *aiv;

		memset(cbuf, 0, sizeof(cbuf));
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_OP;
		c->cmsg_len = CMSG_LEN(4);
		*(uint32_t *)CMSG_DATA(c) = ALG_OP_ENCRYPT;
		c = CMSG_NXTHDR(&mh, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*aiv) + 16);
		aiv = (struct af_alg_iv *)CMSG_DATA(c);
		aiv->ivlen = 16;
		memcpy(aiv->iv, iv, 16);
		if (sendmsg(op, &mh, 0) != mlen)
			return 1;
		n = read(op, res, (size_t)mlen);
	} else {
		if (send(op, msg, (size_t)mlen, 0) != mlen)
			return 1;
		n = read(op, res, sizeof(res));
	}
	if (n <= 0)
		return 1;
	printf("%s out=", rep);
	for (i = 0; i < (size_t)n; i++)
		printf("%02x", res[i]);
	printf("\n");
	return 0;
}
