// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-client: a deterministic AF_ALG workload for the tracer tests.
 *
 * It does exactly what its arguments say and prints, on stdout, one JSON
 * object with its own count of what succeeded and failed: the ground truth
 * the tracer's inventory is compared with.  It counts from its own syscall
 * return values, never from the tracer.
 *
 *   afalg-client probe [N]                        N x socket(AF_ALG)
 *   afalg-client hash ALG N SIZE [KEYLEN]         1 tfm, 1 op socket, N x (send SIZE, recv digest)
 *   afalg-client skcipher ALG KEYLEN N SIZE       N x (sendmsg OP+IV+SIZE bytes, read SIZE)
 *   afalg-client aead ALG KEYLEN AUTHSIZE N SIZE  N x encrypt (assoclen 0) of SIZE bytes
 *   afalg-client badbind TYPE ALG                 a bind that fails (ENOENT)
 *   afalg-client uring-socket N                   N x io_uring IORING_OP_SOCKET(AF_ALG)
 *   afalg-client forks K CMD...                   run K children of this same workload
 *
 * With AFALG_CLIENT_WAIT=FILE, hash/skcipher/aead create FILE.ready once
 * their sockets are set up, then wait for FILE before the operations (to
 * test sockets bound before the tracer starts).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/io_uring.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "afalg.h"

static struct truth {
	const char *type, *alg;
	long keylen, authsize;
	unsigned long long attempts, denied, sockets, socket_fail;
	unsigned long long tfm_sockets, bind_fail, setsockopts, setsockopt_fail;
	unsigned long long op_sockets, accept_fail;
	unsigned long long ops_sent, bytes_sent, send_fail;
	unsigned long long ops_received, bytes_received, recv_fail;
	int last_errno;
} t = { .keylen = -1, .authsize = -1 };

static int do_socket(void)
{
	int fd = afalg_socket(0);

	t.attempts++;
	if (fd < 0) {
		t.last_errno = errno;
		if (errno == EAFNOSUPPORT)
			t.denied++;
		else
			t.socket_fail++;
		return -1;
	}
	t.sockets++;
	return fd;
}

/* count the result @r of a call in @ok or, with its errno, in @fail */
static long count(long r, unsigned long long *ok, unsigned long long *fail)
{
	if (r < 0) {
		t.last_errno = errno;
		(*fail)++;
		return -1;
	}
	(*ok)++;
	return r;
}

/* a send or a receive also counts its bytes */
static void count_io(ssize_t r, unsigned long long *ops,
		     unsigned long long *bytes, unsigned long long *fails)
{
	if (count(r, ops, fails) >= 0)
		*bytes += r;
}

#define do_bind(fd, type, alg) \
	count(afalg_bind(fd, type, alg), &t.tfm_sockets, &t.bind_fail)
#define count_setopt(r) count(r, &t.setsockopts, &t.setsockopt_fail)
#define do_accept(fd) \
	(int)count(afalg_accept(fd, 0), &t.op_sockets, &t.accept_fail)
#define count_send(r) count_io(r, &t.ops_sent, &t.bytes_sent, &t.send_fail)
#define count_recv(r) count_io(r, &t.ops_received, &t.bytes_received, &t.recv_fail)

/* "0::/path" of /proc/self/cgroup (cgroup v2), "?" without it */
static void own_cgroup(char *buf, size_t len)
{
	char line[PATH_MAX + 8];
	FILE *f = fopen("/proc/self/cgroup", "r");

	snprintf(buf, len, "?");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "0::", 3)) {
			line[strcspn(line, "\n")] = 0;
			snprintf(buf, len, "%s", line + 3);
		}
	fclose(f);
}

/* the inode number of /proc/self/ns/NAME ("pid:[4026531836]"), 0 if unknown */
static unsigned long long own_ns(const char *name)
{
	char path[64], link[64];
	ssize_t n;
	const char *p;

	snprintf(path, sizeof(path), "/proc/self/ns/%s", name);
	n = readlink(path, link, sizeof(link) - 1);
	if (n <= 0)
		return 0;
	link[n] = 0;
	p = strchr(link, '[');
	return p ? strtoull(p + 1, NULL, 10) : 0;
}

static void print_truth(void)
{
	char exe[PATH_MAX], cg[PATH_MAX + 8], comm[32] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	FILE *f = fopen("/proc/self/comm", "r");

	exe[n > 0 ? n : 0] = 0;
	if (f) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = 0;
		fclose(f);
	}
	own_cgroup(cg, sizeof(cg));
	printf("{\"pid\":%d,\"ppid\":%d,\"comm\":\"%s\",\"exe\":\"%s\",\"uid\":%u,"
	       "\"cgroup\":\"%s\",\"pidns\":%llu,\"mntns\":%llu,"
	       "\"type\":%s%s%s,\"alg\":%s%s%s,"
	       "\"key_length\":%ld,\"authsize\":%ld,"
	       "\"attempts\":%llu,\"denied\":%llu,\"sockets_created\":%llu,\"socket_fail\":%llu,"
	       "\"tfm_sockets\":%llu,\"bind_fail\":%llu,\"setsockopts\":%llu,\"setsockopt_fail\":%llu,"
	       "\"op_sockets\":%llu,\"accept_fail\":%llu,"
	       "\"ops_sent\":%llu,\"bytes_sent\":%llu,\"send_fail\":%llu,"
	       "\"ops_received\":%llu,\"bytes_received\":%llu,\"recv_fail\":%llu,\"last_errno\":%d}\n",
	       (int)getpid(), (int)getppid(), comm, exe, (unsigned int)getuid(),
	       cg, own_ns("pid"), own_ns("mnt"),
	       t.type ? "\"" : "", t.type ? t.type : "null", t.type ? "\"" : "",
	       t.alg ? "\"" : "", t.alg ? t.alg : "null", t.alg ? "\"" : "",
	       t.keylen, t.authsize, t.attempts, t.denied, t.sockets, t.socket_fail,
	       t.tfm_sockets, t.bind_fail, t.setsockopts, t.setsockopt_fail,
	       t.op_sockets, t.accept_fail, t.ops_sent, t.bytes_sent, t.send_fail,
	       t.ops_received, t.bytes_received, t.recv_fail, t.last_errno);
	fflush(stdout);
}

static unsigned long num(const char *s)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	if (*end) {
		fprintf(stderr, "afalg-client: bad number %s\n", s);
		exit(2);
	}
	return v;
}

static unsigned char buf[1 << 16], out[(1 << 16) + 64];

static void maybe_wait(void)
{
	const char *w = getenv("AFALG_CLIENT_WAIT");
	char ready[PATH_MAX];
	int fd;

	if (!w)
		return;
	snprintf(ready, sizeof(ready), "%s.ready", w);
	fd = open(ready, O_WRONLY | O_CREAT, 0644);
	if (fd >= 0)
		close(fd);
	while (access(w, F_OK))
		usleep(50000);
}

static int run_hash(const char *alg, unsigned long n, unsigned long size, long keylen)
{
	int fd, op;

	t.type = "hash";
	t.alg = alg;
	if (size > sizeof(buf))
		size = sizeof(buf);
	fd = do_socket();
	if (fd < 0 || do_bind(fd, "hash", alg))
		return 1;
	if (keylen >= 0 && !count_setopt(afalg_setkey(fd, buf, keylen)))
		t.keylen = keylen;
	op = do_accept(fd);
	if (op < 0)
		return 1;
	maybe_wait();
	for (unsigned long i = 0; i < n; i++) {
		count_send(send(op, buf, size, 0));
		count_recv(recv(op, out, 64, 0));
	}
	close(op);
	close(fd);
	return 0;
}

static int run_cipher(bool aead, const char *alg, long keylen, long authsize,
		      unsigned long n, unsigned long size)
{
	static const unsigned char iv[16];
	int fd, op;

	t.type = aead ? "aead" : "skcipher";
	t.alg = alg;
	if (size > sizeof(buf))
		size = sizeof(buf);
	fd = do_socket();
	if (fd < 0 || do_bind(fd, t.type, alg))
		return 1;
	if (!count_setopt(afalg_setkey(fd, buf, keylen)))
		t.keylen = keylen;
	if (aead && authsize >= 0 && !count_setopt(afalg_setauthsize(fd, authsize)))
		t.authsize = authsize;
	op = do_accept(fd);
	if (op < 0)
		return 1;
	maybe_wait();
	for (unsigned long i = 0; i < n; i++) {
		int ivlen = aead ? 12 : 16;

		count_send(afalg_send(op, ALG_OP_ENCRYPT, iv, ivlen, -1, buf, size, 0));
		count_recv(read(op, out, size + (aead ? (authsize >= 0 ? authsize : 16) : 0)));
	}
	close(op);
	close(fd);
	return 0;
}

/* io_uring IORING_OP_SOCKET without liburing: one SQE at a time. */
static int run_uring_socket(unsigned long n)
{
	struct io_uring_params p = { 0 };
	unsigned int *sq_tail, *sq_array, *cq_head, *cq_tail, sq_mask, cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	void *sq, *cq;
	int ring;

	ring = syscall(__NR_io_uring_setup, 4, &p);
	if (ring < 0) {
		fprintf(stderr, "afalg-client: io_uring_setup: %s\n", strerror(errno));
		return 1;
	}
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_CQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(*sqes), PROT_READ | PROT_WRITE,
		    MAP_SHARED, ring, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED)
		return 1;
	sq_tail = (unsigned int *)((char *)sq + p.sq_off.tail);
	sq_array = (unsigned int *)((char *)sq + p.sq_off.array);
	sq_mask = *(unsigned int *)((char *)sq + p.sq_off.ring_mask);
	cq_head = (unsigned int *)((char *)cq + p.cq_off.head);
	cq_tail = (unsigned int *)((char *)cq + p.cq_off.tail);
	cq_mask = *(unsigned int *)((char *)cq + p.cq_off.ring_mask);
	cqes = (struct io_uring_cqe *)((char *)cq + p.cq_off.cqes);
	for (unsigned long i = 0; i < n; i++) {
		unsigned int tail = *sq_tail, idx = tail & sq_mask, head;
		struct io_uring_sqe *e = &sqes[idx];
		int res;

		memset(e, 0, sizeof(*e));
		e->opcode = IORING_OP_SOCKET;
		e->fd = AF_ALG;			/* domain */
		e->off = SOCK_SEQPACKET;	/* type */
		e->len = 0;			/* protocol */
		sq_array[idx] = idx;
		__atomic_store_n(sq_tail, tail + 1, __ATOMIC_RELEASE);
		if (syscall(__NR_io_uring_enter, ring, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) < 0)
			return 1;
		head = __atomic_load_n(cq_head, __ATOMIC_ACQUIRE);
		if (head == __atomic_load_n(cq_tail, __ATOMIC_ACQUIRE))
			return 1;
		res = cqes[head & cq_mask].res;
		__atomic_store_n(cq_head, head + 1, __ATOMIC_RELEASE);
		t.attempts++;
		if (res >= 0) {
			t.sockets++;
			close(res);
		} else if (res == -EAFNOSUPPORT) {
			t.denied++;
			t.last_errno = -res;
		} else {
			t.socket_fail++;
			t.last_errno = -res;
		}
	}
	close(ring);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 2;

	if (argc < 2)
		goto usage;
	if (!strcmp(argv[1], "forks") && argc >= 4) {
		unsigned long k = num(argv[2]);
		char self[PATH_MAX];
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

		if (n <= 0)
			return 1;
		self[n] = 0;
		argv[2] = self;	/* children keep this program's name as comm */
		for (unsigned long i = 0; i < k; i++) {
			pid_t p = fork();

			if (p == 0) {
				execv(self, argv + 2);
				_exit(127);
			}
		}
		rc = 0;
		while (k--) {
			int st;

			if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
				rc = 1;
		}
		return rc;
	}
	if (!strcmp(argv[1], "probe")) {
		unsigned long n = argc > 2 ? num(argv[2]) : 1;

		for (unsigned long i = 0; i < n; i++) {
			int fd = do_socket();

			if (fd >= 0)
				close(fd);
		}
		rc = 0;
	} else if (!strcmp(argv[1], "hash") && argc >= 5) {
		rc = run_hash(argv[2], num(argv[3]), num(argv[4]),
			      argc > 5 ? (long)num(argv[5]) : -1);
	} else if (!strcmp(argv[1], "skcipher") && argc >= 6) {
		rc = run_cipher(false, argv[2], num(argv[3]), -1, num(argv[4]), num(argv[5]));
	} else if (!strcmp(argv[1], "aead") && argc >= 7) {
		rc = run_cipher(true, argv[2], num(argv[3]), num(argv[4]), num(argv[5]),
				num(argv[6]));
	} else if (!strcmp(argv[1], "uring-socket") && argc >= 3) {
		rc = run_uring_socket(num(argv[2]));
	} else if (!strcmp(argv[1], "badbind") && argc >= 4) {
		int fd = do_socket();

		t.type = argv[2];
		t.alg = argv[3];
		if (fd >= 0) {
			do_bind(fd, argv[2], argv[3]);
			close(fd);
		}
		rc = 0;
	} else {
		goto usage;
	}
	print_truth();
	return rc;
usage:
	fprintf(stderr, "usage: afalg-client probe [N] | hash ALG N SIZE [KEYLEN] | "
		"skcipher ALG KEYLEN N SIZE | aead ALG KEYLEN AUTHSIZE N SIZE | "
		"badbind TYPE ALG | uring-socket N | forks K CMD...\n");
	return 2;
}
