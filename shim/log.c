// SPDX-License-Identifier: GPL-2.0
/*
 * AFALG_SHIM_LOG: who uses AF_ALG, for the migration inventory.
 *
 *   AFALG_SHIM_LOG=stderr   one line on standard error
 *   AFALG_SHIM_LOG=syslog   a datagram to /dev/log, tag "afalg-shim"
 *   AFALG_SHIM_LOG=/path    appended to the file (opened per record)
 *
 * One JSON object per tfm, written when the tfm is first used (the first
 * successful send or receive on one of its op sockets, so that the key
 * length is known even for clients that key after accept), with the field
 * names of afalg-trace's inventory (tracer/SCHEMA.md): exe, comm, pid,
 * ppid, uid, cgroup, type, alg, key_lengths; in fallback mode also
 * reason, why the shim and not the kernel serves this socket
 * ("socket-eafnosupport" or "bind-enoent", see takeover.c).
 *
 * Logging never changes errno, leaves no descriptor open after the record
 * and does not touch the program's own syslog(3) connection or ident.
 * A set-id process never gets a log file (startup.c reads the variable
 * with secure_getenv()), and every string field is JSON-escaped, so a
 * program's comm or path cannot start a line of its own.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "real.h"
#include "sock.h"

static void json_str(char *out, size_t cap, const char *s)
{
	size_t o = 0;

	for (; *s && o + 7 < cap; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			out[o++] = '\\';
			out[o++] = (char)c;
		} else if (c < 0x20 || c >= 0x7f) {
			o += (size_t)snprintf(out + o, cap - o, "\\u%04x", c);
		} else {
			out[o++] = (char)c;
		}
	}
	out[o] = 0;
}

/* the cgroup v2 path ("0::/path" in /proc/self/cgroup), "?" if unknown */
static void cgroup_path(char *out, size_t cap)
{
	char buf[1024], *p;
	ssize_t n;
	int fd;

	snprintf(out, cap, "?");
	fd = open("/proc/self/cgroup", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = AFS_REAL(read)(fd, buf, sizeof(buf) - 1);
	AFS_REAL(close)(fd);
	if (n <= 0)
		return;
	buf[n] = 0;
	p = strstr(buf, "0::");
	if (p != buf && (!p || p[-1] != '\n'))
		return;
	p += 3;
	p[strcspn(p, "\n")] = 0;
	snprintf(out, cap, "%s", p);
}

/* RFC 3164 datagram to /dev/log, as syslog(3) would send it */
static void to_syslog(const char *line)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	char msg[2200], stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	int fd, n;

	strcpy(sa.sun_path, "/dev/log");
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%b %e %H:%M:%S", &tm);
	/* facility user (1), severity notice (5) */
	n = snprintf(msg, sizeof(msg), "<13>%s afalg-shim[%d]: %s", stamp,
		     (int)getpid(), line);
	if (n > 0 && msg[n - 1] == '\n')
		msg[--n] = 0;
	fd = AFS_REAL(socket)(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return;
	(void)!sendto(fd, msg, (size_t)n, MSG_NOSIGNAL, (struct sockaddr *)&sa,
		      sizeof(sa));
	AFS_REAL(close)(fd);
}

/* one record to AFALG_SHIM_LOG's destination */
static void emit(const char *dest, const char *line)
{
	ssize_t n;
	int fd;

	if (!strcmp(dest, "stderr")) {
		n = AFS_REAL(write)(2, line, strlen(line));
		(void)n;
	} else if (!strcmp(dest, "syslog")) {
		to_syslog(line);
	} else if (!getauxval(AT_SECURE) && getuid() == geteuid() &&
		   getgid() == getegid()) {
		/* never a file for a set-id process, even one that was not
		 * set-id at start-up (secure_getenv() covers that case) */
		fd = open(dest, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
			  0600);
		if (fd >= 0) {
			n = AFS_REAL(write)(fd, line, strlen(line));
			(void)n;
			AFS_REAL(close)(fd);
		}
	}
}

/* the calling process's executable and comm, JSON-escaped for a record */
static void process_names(char *e_exe, size_t exe_size, char *e_comm,
			  size_t comm_size)
{
	char exe[512], comm[17] = "";
	ssize_t n;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = 0;
	prctl(PR_GET_NAME, comm, 0, 0, 0);
	json_str(e_exe, exe_size, exe);
	json_str(e_comm, comm_size, comm);
}

void afs_log_tfm(const struct afs_sock *tfm)
{
	static const char *const tn[] = { "hash", "skcipher", "aead", "rng" };
	const char *dest = afs_log_dest();
	char e_exe[1024], e_comm[64], e_alg[512];
	char cg[512], e_cg[1024], keys[32], line[4096];
	const struct afs_tfm *t = tfm->tfm;
	int saved = errno;

	if (!dest || !t)
		return;
	process_names(e_exe, sizeof(e_exe), e_comm, sizeof(e_comm));
	cgroup_path(cg, sizeof(cg));
	json_str(e_cg, sizeof(e_cg), cg);
	json_str(e_alg, sizeof(e_alg), t->alg->name);
	if (t->key_by_serial)
		snprintf(keys, sizeof(keys), "\"keyring\"");
	else if (t->keyed)
		snprintf(keys, sizeof(keys), "%u", t->keylen);
	else
		keys[0] = 0;
	snprintf(line, sizeof(line),
		 "{\"source\":\"afalg-shim\",\"exe\":\"%s\",\"comm\":\"%s\","
		 "\"pid\":%d,\"ppid\":%d,\"uid\":%u,\"cgroup\":\"%s\","
		 "\"type\":\"%s\",\"alg\":\"%s\",\"key_lengths\":[%s]%s%s%s}\n",
		 e_exe, e_comm, (int)getpid(), (int)getppid(),
		 (unsigned int)getuid(), e_cg, tn[t->alg->type], e_alg, keys,
		 tfm->reason ? ",\"reason\":\"" : "",
		 tfm->reason ? tfm->reason : "", tfm->reason ? "\"" : "");
	emit(dest, line);
	errno = saved;
}

/*
 * A divergence from the kernel that happened (DIVERGENCES.md @id): one
 * record, with what the program did, whenever AFALG_SHIM_LOG is set.
 */
void afs_log_divergence(const char *id, const char *what)
{
	const char *dest = afs_log_dest();
	char e_exe[1024], e_comm[64], line[2048];
	int saved = errno;

	if (!dest)
		return;
	process_names(e_exe, sizeof(e_exe), e_comm, sizeof(e_comm));
	snprintf(line, sizeof(line),
		 "{\"source\":\"afalg-shim\",\"exe\":\"%s\",\"comm\":\"%s\","
		 "\"pid\":%d,\"divergence\":\"%s\",\"what\":\"%s\"}\n",
		 e_exe, e_comm, (int)getpid(), id, what);
	emit(dest, line);
	errno = saved;
}
