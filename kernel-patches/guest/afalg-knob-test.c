// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace checks of the AF_ALG usage mode (crypto.af_alg_mode), run as
 * root in the test guest.  Prints TAP; exits 1 if any check failed.
 *
 *   afalg-knob-test          the full sequence: 0 -> 1 -> 2 -> 0 -> 3 (the
 *                            lock is the last step; the guest must reboot)
 *   afalg-knob-test --boot N only check that the boot parameter gave mode N
 *                            and that creation is denied/allowed accordingly
 *
 * Each creation path is exercised: socket(2), socketpair(2) and io_uring's
 * IORING_OP_SOCKET (raw syscalls, no liburing).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/if_alg.h>
#include <linux/io_uring.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

static const char sysctl_path[] = "/proc/sys/crypto/af_alg_mode";
static int failures, count;

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", ok ? "ok" : "not ok", ++count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (!ok)
		failures++;
}

static int read_mode(void)
{
	char buf[16] = "";
	int fd = open(sysctl_path, O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf) - 1) <= 0)
		return -1;
	close(fd);
	return atoi(buf);
}

/* Returns 0 or -errno. */
static int write_mode(int mode)
{
	char buf[16];
	int fd = open(sysctl_path, O_WRONLY);
	int n = snprintf(buf, sizeof(buf), "%d\n", mode);
	int err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, buf, n) != n)
		err = -errno;
	close(fd);
	return err;
}

static int try_socket(void)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int try_socketpair(void)
{
	int sv[2];

	if (socketpair(AF_ALG, SOCK_SEQPACKET, 0, sv) < 0)
		return -errno;
	close(sv[0]);
	close(sv[1]);
	return 0;
}

/* One IORING_OP_SOCKET request; returns the CQE result (fd or -errno). */
static int try_io_uring(void)
{
	struct io_uring_params p;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqe;
	unsigned int *sq_tail, *sq_array, *cq_head, *cq_tail;
	void *sq, *cq;
	size_t sqlen, cqlen;
	int ring, res;

	memset(&p, 0, sizeof(p));
	ring = syscall(__NR_io_uring_setup, 4, &p);
	if (ring < 0)
		return -10000 - errno;
	sqlen = p.sq_off.array + p.sq_entries * sizeof(unsigned int);
	cqlen = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	sq = mmap(NULL, sqlen, PROT_READ | PROT_WRITE, MAP_SHARED, ring,
		  IORING_OFF_SQ_RING);
	cq = mmap(NULL, cqlen, PROT_READ | PROT_WRITE, MAP_SHARED, ring,
		  IORING_OFF_CQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(*sqes), PROT_READ | PROT_WRITE,
		    MAP_SHARED, ring, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED) {
		close(ring);
		return -20000;
	}
	sq_tail = (unsigned int *)((char *)sq + p.sq_off.tail);
	sq_array = (unsigned int *)((char *)sq + p.sq_off.array);
	cq_head = (unsigned int *)((char *)cq + p.cq_off.head);
	cq_tail = (unsigned int *)((char *)cq + p.cq_off.tail);

	memset(&sqes[0], 0, sizeof(sqes[0]));
	sqes[0].opcode = IORING_OP_SOCKET;
	sqes[0].fd = AF_ALG;
	sqes[0].off = SOCK_SEQPACKET;
	sqes[0].len = 0;	/* protocol */
	sq_array[0] = 0;
	__atomic_store_n(sq_tail, *sq_tail + 1, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, ring, 1, 1, IORING_ENTER_GETEVENTS,
		    NULL, 0) < 0) {
		res = -30000 - errno;
	} else if (__atomic_load_n(cq_tail, __ATOMIC_ACQUIRE) == *cq_head) {
		res = -40000;
	} else {
		cqe = (struct io_uring_cqe *)((char *)cq + p.cq_off.cqes) +
		      (*cq_head & (p.cq_entries - 1));
		res = cqe->res;
		__atomic_store_n(cq_head, *cq_head + 1, __ATOMIC_RELEASE);
	}
	if (res >= 0)
		close(res);
	munmap(sq, sqlen);
	munmap(cq, cqlen);
	munmap(sqes, p.sq_entries * sizeof(*sqes));
	close(ring);
	return res >= 0 ? 0 : res;
}

/* Binds @fd to hash/@alg and hashes "abc"; returns 0 if the digest of
 * sha256 is right (other algorithms: only that a digest came back). */
static int use_socket(int fd, const char *alg)
{
	static const unsigned char abc256[32] = {
		0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
		0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
		0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
		0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
	};
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash" };
	unsigned char md[64];
	int op;
	ssize_t n;

	strncpy((char *)sa.salg_name, alg, sizeof(sa.salg_name) - 1);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return -errno;
	op = accept(fd, NULL, NULL);
	if (op < 0)
		return -errno;
	if (write(op, "abc", 3) != 3) {
		close(op);
		return -errno;
	}
	n = read(op, md, sizeof(md));
	close(op);
	if (n <= 0)
		return -EIO;
	if (!strcmp(alg, "sha256") && (n != 32 || memcmp(md, abc256, 32)))
		return -EBADMSG;
	return 0;
}

/* Number of kernel log lines containing every one of the given strings. */
static int klog_count(const char *a, const char *b, const char *c)
{
	static char buf[1 << 20];
	int n = syscall(SYS_syslog, 3 /* SYSLOG_ACTION_READ_ALL */, buf,
			(int)sizeof(buf) - 1);
	int hits = 0;
	char *line, *save;

	if (n < 0)
		return -1;
	buf[n] = 0;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (strstr(line, a) && strstr(line, b) && (!c || strstr(line, c)))
			hits++;
	return hits;
}

/* Child without CAP_SYS_ADMIN (still uid 0) tries to write the sysctl. */
static int write_mode_without_cap(int mode)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		struct __user_cap_header_struct h = {
			.version = _LINUX_CAPABILITY_VERSION_3,
		};
		struct __user_cap_data_struct d[2];

		if (syscall(SYS_capget, &h, d))
			_exit(100);
		d[CAP_SYS_ADMIN / 32].effective &= ~(1u << (CAP_SYS_ADMIN % 32));
		d[CAP_SYS_ADMIN / 32].permitted &= ~(1u << (CAP_SYS_ADMIN % 32));
		if (syscall(SYS_capset, &h, d))
			_exit(101);
		_exit(-write_mode(mode));
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return -WEXITSTATUS(status);
}

static void check_paths(const char *when, int want)
{
	int r;

	r = try_socket();
	check(r == want, "%s: socket(2) returns %d (want %d)", when, r, want);
	/* Allowed, AF_ALG has no socketpair: EOPNOTSUPP after creation. */
	r = try_socketpair();
	check(r == (want ? want : -EOPNOTSUPP),
	      "%s: socketpair(2) returns %d (want %d)", when, r,
	      want ? want : -EOPNOTSUPP);
	r = try_io_uring();
	check(r == want, "%s: io_uring IORING_OP_SOCKET returns %d (want %d)",
	      when, r, want);
}

int main(int argc, char **argv)
{
	char pidstr[32], exe[300], exestr[320], comm[32] = "", commstr[64];
	int fd_before, r, mode;
	ssize_t n;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && !strcmp(argv[1], "--boot")) {
		int want = atoi(argv[2]);

		mode = read_mode();
		check(mode == want, "boot parameter: mode %d (want %d)", mode, want);
		check_paths("boot mode", want >= 2 ? -EAFNOSUPPORT : 0);
		if (want == 3) {
			r = write_mode(0);
			check(r == -EPERM && read_mode() == 3,
			      "boot mode 3 is locked: writing 0 fails with EPERM (%d)",
			      r);
		}
		printf("1..%d\n", count);
		return failures != 0;
	}

	snprintf(pidstr, sizeof(pidstr), "pid=%d ", getpid());
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = 0;
	snprintf(exestr, sizeof(exestr), "exe=%s ", exe);
	{
		FILE *f = fopen("/proc/self/comm", "r");

		if (f && fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = 0;
		if (f)
			fclose(f);
	}
	snprintf(commstr, sizeof(commstr), "AF_ALG in use: comm=%s ", comm);

	mode = read_mode();
	check(mode == 0, "initial mode is 0 (read %d)", mode);
	check_paths("mode 0", 0);

	fd_before = socket(AF_ALG, SOCK_SEQPACKET, 0);
	check(fd_before >= 0, "mode 0: socket created to keep across modes");

	/* Mode 1: allowed, one log line per process and algorithm. */
	check(write_mode(1) == 0 && read_mode() == 1, "set mode 1");
	check_paths("mode 1", 0);
	{
		int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

		r = use_socket(fd, "sha256");
		check(r == 0, "mode 1: sha256 over AF_ALG works (%d)", r);
		close(fd);
		fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
		r = use_socket(fd, "sha256");
		close(fd);
		fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
		r = use_socket(fd, "sha1");
		close(fd);
	}
	r = klog_count("AF_ALG in use: ", pidstr, "type=hash alg=sha256 mode=1");
	check(r == 1, "mode 1: one warn line for sha256 (found %d)", r);
	r = klog_count("AF_ALG in use: ", pidstr, "type=hash alg=sha1 mode=1");
	check(r == 1, "mode 1: one warn line for sha1 (found %d)", r);
	r = klog_count(commstr, pidstr, exestr);
	check(comm[0] && r == 2,
	      "mode 1: warn lines name comm=%s, pid, %s(found %d)", comm,
	      exestr, r);
	r = klog_count("AF_ALG in use: ", pidstr, "uid=0 ");
	check(r == 2, "mode 1: warn lines name the uid (found %d)", r);

	/* Mode 2: every creation path fails like a kernel without AF_ALG. */
	check(write_mode(2) == 0 && read_mode() == 2, "set mode 2");
	check_paths("mode 2", -EAFNOSUPPORT);
	r = klog_count("AF_ALG socket denied: ", pidstr, "mode=2");
	check(r == 1, "mode 2: one denied line for this process (found %d)", r);
	r = use_socket(fd_before, "sha256");
	check(r == 0, "mode 2: a socket created before still works (%d)", r);
	close(fd_before);

	/* Writes need CAP_SYS_ADMIN; values are range checked. */
	r = write_mode_without_cap(0);
	check(r == -EPERM, "without CAP_SYS_ADMIN the write fails (%d)", r);
	check(read_mode() == 2, "mode still 2 after the refused write");
	r = write_mode(4);
	check(r == -EINVAL, "mode 4 is refused with EINVAL (%d)", r);
	r = write_mode(-1);
	check(r == -EINVAL, "mode -1 is refused with EINVAL (%d)", r);

	/* Mode 2 can be undone. */
	check(write_mode(0) == 0 && read_mode() == 0, "back to mode 0");
	check_paths("mode 0 again", 0);

	/* Mode 3: denied and locked. */
	check(write_mode(3) == 0 && read_mode() == 3, "set mode 3");
	check_paths("mode 3", -EAFNOSUPPORT);
	for (mode = 0; mode < 3; mode++) {
		r = write_mode(mode);
		check(r == -EPERM && read_mode() == 3,
		      "mode 3 is locked: writing %d fails with EPERM (%d)",
		      mode, r);
	}
	check(write_mode(3) == 0, "writing 3 again is accepted");
	check_paths("mode 3 after the attempts", -EAFNOSUPPORT);

	printf("1..%d\n", count);
	return failures != 0;
}
