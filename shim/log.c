// SPDX-License-Identifier: GPL-2.0
/*
 * AFALG_SHIM_LOG: who uses AF_ALG, for the migration inventory.
 *
 *   AFALG_SHIM_LOG=stderr   one line on standard error
 *   AFALG_SHIM_LOG=syslog   syslog(LOG_NOTICE), ident "afalg-shim"
 *   AFALG_SHIM_LOG=/path    appended to the file (opened per record)
 *
 * One JSON object per tfm, written when the tfm is first used (its first
 * accept), with the fields of the tracer's inventory: exe, comm, pid, uid,
 * type, alg, keylen.  Logging never changes errno and opens no descriptor
 * that outlives the record.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>
#include <sys/prctl.h>

#include "afalg-shim.h"

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

void afs_log_tfm(const struct afs_sock *tfm, unsigned int keylen, bool keyed)
{
	static const char *const tn[] = { "hash", "skcipher", "aead", "rng" };
	const char *dest = getenv("AFALG_SHIM_LOG");
	char exe[512], comm[17] = "", e_exe[1024], e_comm[64], e_alg[512];
	char line[2048];
	ssize_t n;
	int saved = errno, fd;

	if (keyed || !dest || !*dest || !tfm->tfm)
		return;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = 0;
	prctl(PR_GET_NAME, comm, 0, 0, 0);
	json_str(e_exe, sizeof(e_exe), exe);
	json_str(e_comm, sizeof(e_comm), comm);
	json_str(e_alg, sizeof(e_alg), tfm->tfm->alg->name);
	snprintf(line, sizeof(line),
		 "{\"source\":\"afalg-shim\",\"exe\":\"%s\",\"comm\":\"%s\","
		 "\"pid\":%d,\"uid\":%u,\"type\":\"%s\",\"alg\":\"%s\","
		 "\"keylen\":%u}\n",
		 e_exe, e_comm, (int)getpid(), (unsigned int)getuid(),
		 tn[tfm->tfm->alg->type], e_alg, tfm->tfm->keylen);
	(void)keylen;
	if (!strcmp(dest, "stderr")) {
		n = afs_real.write(2, line, strlen(line));
	} else if (!strcmp(dest, "syslog")) {
		syslog(LOG_USER | LOG_NOTICE, "%s", line);
	} else {
		fd = open(dest, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
			  0600);
		if (fd >= 0) {
			n = afs_real.write(fd, line, strlen(line));
			afs_real.close(fd);
		}
	}
	errno = saved;
}
