// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace checks of crypto.af_alg_restrict and its additions (the lock,
 * the use and deny logs), run as root in the test guest.  Prints TAP;
 * exits 1 if any check failed.  Which names each user may bind at each
 * level is the matrix of tests/kernel/afalg_matrix.py; this program covers
 * what Python cannot: every creation path (socket(2), socketpair(2),
 * io_uring's IORING_OP_SOCKET, raw syscalls), the log lines and the lock.
 *
 *   afalg-restrict-test          the full sequence, ending with the lock
 *                                (the guest must reboot afterwards)
 *   afalg-restrict-test --boot LEVEL [lock=N] [log_use=N] [log_deny=N]
 *                                check the values set on the kernel command
 *                                line and that creation follows LEVEL
 *   afalg-restrict-test --forge COMM NAME
 *                                (tests/kernel/log_forge_guest.py) set comm
 *                                to COMM, bind hash/NAME, print
 *                                "pid=P bind=R"; both arguments in hex, so
 *                                that they can hold any byte but NUL
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
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

#define SYSCTL "/proc/sys/crypto/"
#define NOBODY 65534

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

static int read_int(const char *name)
{
	char path[128], buf[16] = "";
	int fd, n;

	snprintf(path, sizeof(path), SYSCTL "%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1000 - errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? atoi(buf) : -2000;
}

/* Returns 0 or -errno. */
static int write_int(const char *name, int val)
{
	char path[128], buf[16];
	int fd, n, err = 0;

	snprintf(path, sizeof(path), SYSCTL "%s", name);
	n = snprintf(buf, sizeof(buf), "%d\n", val);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	if (write(fd, buf, n) != n)
		err = -errno;
	close(fd);
	return err;
}

static int try_socket(int type, int protocol)
{
	int fd = socket(AF_ALG, type, protocol);

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

/* One IORING_OP_SOCKET request; returns the CQE result (0 or -errno). */
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

static int bind_name(int fd, const char *type, const char *alg)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };

	strncpy((char *)sa.salg_type, type, sizeof(sa.salg_type) - 1);
	strncpy((char *)sa.salg_name, alg, sizeof(sa.salg_name) - 1);
	return bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ? -errno : 0;
}

/* A new socket bound to hash/@alg: 0 or -errno of socket() or bind(). */
static int try_bind(const char *alg)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	int r;

	if (fd < 0)
		return -errno;
	r = bind_name(fd, "hash", alg);
	close(fd);
	return r;
}

/* Binds @fd to hash/sha256 and checks the SHA-256 of "abc" (FIPS 180-2). */
static int sha256_abc(int fd)
{
	static const unsigned char abc256[32] = {
		0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
		0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
		0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
		0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
	};
	unsigned char md[64];
	int op, r;
	ssize_t n;

	r = bind_name(fd, "hash", "sha256");
	if (r)
		return r;
	op = accept(fd, NULL, NULL);
	if (op < 0)
		return -errno;
	if (write(op, "abc", 3) != 3) {
		close(op);
		return -EIO;
	}
	n = read(op, md, sizeof(md));
	close(op);
	return n == 32 && !memcmp(md, abc256, 32) ? 0 : -EBADMSG;
}

/* Kernel log lines containing every one of the given strings (NULL ends). */
static int klog_count(const char *first, ...)
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
	     line = strtok_r(NULL, "\n", &save)) {
		const char *s = first;
		va_list ap;
		int all = 1;

		va_start(ap, first);
		for (; s; s = va_arg(ap, const char *))
			if (!strstr(line, s))
				all = 0;
		va_end(ap);
		hits += all;
	}
	return hits;
}

enum who { ROOT_NO_SYS_ADMIN, NOBODY_NO_CAPS, NOBODY_NET_ADMIN };

/* Gives up privileges as @w says; returns 0 or a nonzero step number. */
static int become(enum who w)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];

	if (w == NOBODY_NET_ADMIN && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
		return 1;
	if (w != ROOT_NO_SYS_ADMIN &&
	    (setresgid(NOBODY, NOBODY, NOBODY) || setresuid(NOBODY, NOBODY, NOBODY)))
		return 2;
	if (syscall(SYS_capget, &h, d))
		return 3;
	if (w == ROOT_NO_SYS_ADMIN) {
		d[CAP_SYS_ADMIN / 32].effective &= ~(1u << (CAP_SYS_ADMIN % 32));
		d[CAP_SYS_ADMIN / 32].permitted &= ~(1u << (CAP_SYS_ADMIN % 32));
	} else {
		memset(d, 0, sizeof(d));
		if (w == NOBODY_NET_ADMIN) {
			d[0].effective = d[0].permitted = 1u << CAP_NET_ADMIN;
		}
	}
	return syscall(SYS_capset, &h, d) ? 4 : 0;
}

/*
 * Runs @fn in a child that is @w; returns what @fn returned (an errno as a
 * negative number, 0 for success) or -100x if the child could not be @w.
 */
static int as(enum who w, int (*fn)(const char *), const char *arg)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		int step = become(w);

		_exit(step ? 100 + step : -fn(arg));
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return -WEXITSTATUS(status);
}

static int bind_hash(const char *alg)
{
	return try_bind(alg);
}

/* "NAME=VALUE": writes VALUE to crypto.NAME. */
static int write_setting(const char *arg)
{
	char name[64];
	const char *eq = strchr(arg, '=');

	if (!eq || eq - arg >= (int)sizeof(name))
		return -EINVAL;
	memcpy(name, arg, eq - arg);
	name[eq - arg] = 0;
	return write_int(name, atoi(eq + 1));
}

static void check_paths(const char *when, int want)
{
	int r;

	r = try_socket(SOCK_SEQPACKET, 0);
	check(r == want, "%s: socket(2) returns %d (want %d)", when, r, want);
	/* Allowed, AF_ALG has no socketpair: EOPNOTSUPP after creation. */
	r = try_socketpair();
	check(r == (want ? want : -EOPNOTSUPP),
	      "%s: socketpair(2) returns %d (want %d)", when, r,
	      want ? want : -EOPNOTSUPP);
	r = try_io_uring();
	check(r == want, "%s: io_uring IORING_OP_SOCKET returns %d (want %d)",
	      when, r, want);
	/* The restriction comes before the type and protocol checks. */
	r = try_socket(SOCK_STREAM, 0);
	check(r == (want ? want : -ESOCKTNOSUPPORT),
	      "%s: socket(2) of SOCK_STREAM returns %d", when, r);
	r = try_socket(SOCK_SEQPACKET, 1);
	check(r == (want ? want : -EPROTONOSUPPORT),
	      "%s: socket(2) of protocol 1 returns %d", when, r);
}

static int boot_mode(int argc, char **argv)
{
	int level = atoi(argv[2]), i, r;
	int want_lock = 0, want_use = 0, want_deny = 0;

	for (i = 3; i < argc; i++) {
		if (!strncmp(argv[i], "lock=", 5))
			want_lock = atoi(argv[i] + 5);
		else if (!strncmp(argv[i], "log_use=", 8))
			want_use = atoi(argv[i] + 8);
		else if (!strncmp(argv[i], "log_deny=", 9))
			want_deny = atoi(argv[i] + 9);
	}
	r = read_int("af_alg_restrict");
	check(r == level, "boot: af_alg_restrict is %d (want %d)", r, level);
	r = read_int("af_alg_restrict_lock");
	check(r == want_lock, "boot: af_alg_restrict_lock is %d (want %d)", r,
	      want_lock);
	r = read_int("af_alg_log_use");
	check(r == want_use, "boot: af_alg_log_use is %d (want %d)", r, want_use);
	r = read_int("af_alg_log_deny");
	check(r == want_deny, "boot: af_alg_log_deny is %d (want %d)", r,
	      want_deny);
	check_paths("boot", level >= 2 ? -EAFNOSUPPORT : 0);
	if (level < 2) {
		r = try_bind("sha256-generic");
		check(r == (level ? -ENOENT : 0),
		      "boot: bind of sha256-generic returns %d", r);
	}
	if (want_lock && level > 0) {
		r = write_int("af_alg_restrict", level - 1);
		check(r == -EPERM && read_int("af_alg_restrict") == level,
		      "boot: locked, lowering to %d fails with EPERM (%d)",
		      level - 1, r);
	}
	printf("1..%d\n", count);
	return failures != 0;
}

/* Hex to bytes, NUL-terminated; -1 on a bad digit, a NUL byte or overflow. */
static int unhex(const char *hex, char *out, size_t size)
{
	size_t n = 0;
	unsigned int b;

	for (; hex[0] && hex[1]; hex += 2) {
		if (sscanf(hex, "%2x", &b) != 1 || !b || n + 1 >= size)
			return -1;
		out[n++] = (char)b;
	}
	out[n] = 0;
	return hex[0] ? -1 : 0;
}

static int forge_mode(const char *comm_hex, const char *name_hex)
{
	char comm[64], name[64];
	int fd, r;

	if (unhex(comm_hex, comm, sizeof(comm)) ||
	    unhex(name_hex, name, sizeof(name))) {
		fprintf(stderr, "--forge: bad hex argument\n");
		return 2;
	}
	if (prctl(PR_SET_NAME, comm, 0, 0, 0)) {
		perror("prctl");
		return 2;
	}
	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (fd < 0) {
		perror("socket");
		return 2;
	}
	r = bind_name(fd, "hash", name);
	close(fd);
	printf("pid=%d bind=%d\n", getpid(), r);
	return 0;
}

int main(int argc, char **argv)
{
	char pid[32], exe[300], exestr[320], comm[32] = "", commstr[64];
	int fd_before, fd_before2, r;
	ssize_t n;
	FILE *f;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && !strcmp(argv[1], "--boot"))
		return boot_mode(argc, argv);
	if (argc == 4 && !strcmp(argv[1], "--forge"))
		return forge_mode(argv[2], argv[3]);

	snprintf(pid, sizeof(pid), " pid=%d ", getpid());
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = 0;
	snprintf(exestr, sizeof(exestr), " exe=%s ", exe);
	f = fopen("/proc/self/comm", "r");
	if (f && fgets(comm, sizeof(comm), f))
		comm[strcspn(comm, "\n")] = 0;
	if (f)
		fclose(f);
	snprintf(commstr, sizeof(commstr), " comm=%s ", comm);

	/* The defaults: upstream's 1, our additions off. */
	r = read_int("af_alg_restrict");
	check(r == 1, "af_alg_restrict starts at the Kconfig default 1 (%d)", r);
	r = read_int("af_alg_restrict_lock");
	check(r == 0, "af_alg_restrict_lock starts at 0 (%d)", r);
	r = read_int("af_alg_log_use");
	check(r == 0, "af_alg_log_use starts at 0 (%d)", r);
	r = read_int("af_alg_log_deny");
	check(r == 0, "af_alg_log_deny starts at 0 (%d)", r);

	/* Level 1: creation allowed, the lists apply, silently. */
	check_paths("level 1", 0);
	r = try_bind("sha1");
	check(r == 0, "level 1: bind of sha1 works (%d)", r);
	r = try_bind("sha256-generic");
	check(r == -ENOENT, "level 1: bind of sha256-generic fails with ENOENT (%d)",
	      r);
	r = klog_count("af_alg:", pid, NULL);
	check(r == 0, "level 1: no log line without the log switches (%d)", r);

	/* The deny log: process, name, rule; once per process and name. */
	check(write_int("af_alg_log_deny", 1) == 0, "set af_alg_log_deny=1");
	r = try_bind("sha256-generic");
	check(r == -ENOENT, "level 1: sha256-generic refused again (%d)", r);
	try_bind("sha256-generic");
	r = klog_count("AF_ALG denied:", commstr, pid, exestr, " uid=0 ",
		       " type=hash alg=sha256-generic restrict=1 rule=not-listed",
		       NULL);
	check(r == 1, "deny log: one line naming comm, pid, exe, uid, name and rule not-listed (%d)",
	      r);
	r = as(NOBODY_NO_CAPS, bind_hash, "sha256");
	check(r == -ENOENT, "level 1: uid %d without capabilities cannot bind sha256 (%d)",
	      NOBODY, r);
	r = klog_count("AF_ALG denied:", " uid=65534 ",
		       " type=hash alg=sha256 restrict=1 rule=not-privileged", NULL);
	check(r == 1, "deny log: the unprivileged bind of sha256 is rule not-privileged (%d)",
	      r);
	r = as(NOBODY_NET_ADMIN, bind_hash, "sha256");
	check(r == 0, "level 1: uid %d with only CAP_NET_ADMIN binds sha256 (%d)",
	      NOBODY, r);

	/* The use log: once per process and name. */
	check(write_int("af_alg_log_use", 1) == 0, "set af_alg_log_use=1");
	try_bind("sha1");
	try_bind("sha1");
	try_bind("sha256");
	r = klog_count("AF_ALG in use:", commstr, pid, exestr, " uid=0 ",
		       " type=hash alg=sha1 restrict=1 rule=listed", NULL);
	check(r == 1, "use log: one line for sha1, rule listed, with comm, pid, exe, uid (%d)",
	      r);
	r = klog_count("AF_ALG in use:", pid,
		       " type=hash alg=sha256 restrict=1 rule=privileged", NULL);
	check(r == 1, "use log: one line for sha256, rule privileged (%d)", r);

	/* Level 0: unrestricted. */
	check(write_int("af_alg_restrict", 0) == 0 &&
	      read_int("af_alg_restrict") == 0, "set af_alg_restrict=0");
	check_paths("level 0", 0);
	r = try_bind("sha256-generic");
	check(r == 0, "level 0: bind of sha256-generic works (%d)", r);
	r = as(NOBODY_NO_CAPS, bind_hash, "sha256");
	check(r == 0, "level 0: uid %d without capabilities binds sha256 (%d)",
	      NOBODY, r);
	r = klog_count("AF_ALG in use:", pid,
		       " type=hash alg=sha256-generic restrict=0 rule=unrestricted",
		       NULL);
	check(r == 1, "use log: sha256-generic at level 0, rule unrestricted (%d)",
	      r);
	fd_before = socket(AF_ALG, SOCK_SEQPACKET, 0);
	fd_before2 = socket(AF_ALG, SOCK_SEQPACKET, 0);
	check(fd_before >= 0 && fd_before2 >= 0,
	      "level 0: sockets created to keep across levels");

	/* Level 2: every creation path refused first. */
	check(write_int("af_alg_restrict", 2) == 0 &&
	      read_int("af_alg_restrict") == 2, "set af_alg_restrict=2");
	check_paths("level 2", -EAFNOSUPPORT);
	r = klog_count("AF_ALG denied:", pid, " type=- alg=- restrict=2 rule=off",
		       NULL);
	check(r == 1, "deny log: one line for the refused creations, rule off (%d)",
	      r);
	/*
	 * Upstream ("crypto: af_alg - Add af_alg_restrict sysctl, defaulting
	 * to 1"): at level 2 a bind on a socket created earlier fails with
	 * ENOENT for every name, listed ones included.
	 */
	r = sha256_abc(fd_before);
	check(r == -ENOENT, "level 2: a socket created before cannot bind sha256 (%d)",
	      r);
	r = bind_name(fd_before2, "hash", "sha1");
	check(r == -ENOENT, "level 2: a socket created before cannot bind sha1 (%d)",
	      r);
	r = klog_count("AF_ALG denied:", pid,
		       " type=hash alg=sha1 restrict=2 rule=off", NULL);
	check(r == 1, "deny log: the bind at level 2 is rule off (%d)", r);
	close(fd_before);
	close(fd_before2);

	/* Values and privileges of the writes. */
	r = write_int("af_alg_restrict", 3);
	check(r == -EINVAL, "af_alg_restrict=3 is refused with EINVAL (%d)", r);
	r = write_int("af_alg_restrict", -1);
	check(r == -EINVAL, "af_alg_restrict=-1 is refused with EINVAL (%d)", r);
	r = write_int("af_alg_restrict_lock", 2);
	check(r == -EINVAL, "af_alg_restrict_lock=2 is refused with EINVAL (%d)", r);
	r = write_int("af_alg_log_use", 2);
	check(r == -EINVAL, "af_alg_log_use=2 is refused with EINVAL (%d)", r);
	check(read_int("af_alg_restrict") == 2 && read_int("af_alg_log_use") == 1,
	      "the refused writes changed nothing");
	r = as(NOBODY_NO_CAPS, write_setting, "af_alg_restrict=0");
	check(r == -EACCES, "uid %d cannot write af_alg_restrict (%d)", NOBODY, r);
	r = as(ROOT_NO_SYS_ADMIN, write_setting, "af_alg_restrict_lock=1");
	check(r == -EPERM, "root without CAP_SYS_ADMIN cannot set the lock (%d)", r);
	r = as(ROOT_NO_SYS_ADMIN, write_setting, "af_alg_log_use=0");
	check(r == -EPERM, "root without CAP_SYS_ADMIN cannot switch the use log (%d)",
	      r);
	check(read_int("af_alg_restrict_lock") == 0 &&
	      read_int("af_alg_log_use") == 1, "the refused writes changed nothing");

	/* The lock, last: raise only, until reboot. */
	check(write_int("af_alg_restrict", 1) == 0, "back to af_alg_restrict=1");
	r = write_int("af_alg_restrict_lock", 1);
	check(r == 0 && read_int("af_alg_restrict_lock") == 1,
	      "set af_alg_restrict_lock=1 (%d)", r);
	r = write_int("af_alg_restrict", 0);
	check(r == -EPERM && read_int("af_alg_restrict") == 1,
	      "locked at 1: lowering to 0 fails with EPERM (%d)", r);
	r = write_int("af_alg_restrict", 1);
	check(r == 0, "locked at 1: writing 1 again is accepted (%d)", r);
	r = write_int("af_alg_restrict", 2);
	check(r == 0 && read_int("af_alg_restrict") == 2,
	      "locked: raising to 2 is accepted (%d)", r);
	r = write_int("af_alg_restrict", 1);
	check(r == -EPERM && read_int("af_alg_restrict") == 2,
	      "locked at 2: lowering to 1 fails with EPERM (%d)", r);
	r = write_int("af_alg_restrict_lock", 0);
	check(r == -EPERM && read_int("af_alg_restrict_lock") == 1,
	      "the lock cannot be cleared (%d)", r);
	check_paths("locked at 2", -EAFNOSUPPORT);

	printf("1..%d\n", count);
	return failures != 0;
}
