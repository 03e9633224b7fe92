// SPDX-License-Identifier: GPL-2.0
/*
 * restrict-matrix: run AF_ALG socket()/bind() cases for the restrict/
 * series' guest matrix (tests/restrict/test_restrict_guest.py holds the
 * cases and upstream's expected answers; this program only reports what
 * the kernel answered).  Runs as root in the guest; reads lines on stdin:
 *
 *   case ID TYPE NAME CRED WHEN LEVEL
 *	CRED: root | nobody (uid/gid 65534, no capability) |
 *	      netadmin (uid/gid 65534, CAP_NET_ADMIN only)
 *	WHEN: after  (level set, then socket() and bind())
 *	      before (socket() at level 0, then the level set, then bind())
 *	LEVEL: 0, 1, 2, or "-" to leave crypto.af_alg_restrict as it is
 *   state ID
 *	whether /proc/sys/crypto/af_alg_restrict exists (and its value),
 *	and which of af_alg, algif_hash, algif_skcipher, algif_aead and
 *	algif_rng /proc/modules lists
 *
 * and prints one line per request:
 *
 *   ID socket=RESULT bind=RESULT	(RESULT: ok, an errno name, or "-")
 *   ID sysctl=absent|N modules=NAME,NAME...
 *
 * Anything unexpected on the way (a failed fork, setuid, level write)
 * prints "ID error ..." and makes the exit status 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <linux/if_alg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

#define SYSCTL "/proc/sys/crypto/af_alg_restrict"
#define NOBODY 65534

static int status;

static const char *result(int err)
{
	static char buf[32];
	const char *name;

	if (err == 0)
		return "ok";
	if (err < 0)
		return "-";
	name = strerrorname_np(err);
	if (name)
		return name;
	snprintf(buf, sizeof(buf), "errno%d", err);
	return buf;
}

static int set_level(const char *level)
{
	FILE *f;
	int ok;

	if (!strcmp(level, "-"))
		return 0;
	f = fopen(SYSCTL, "w");
	if (!f)
		return -1;
	ok = fprintf(f, "%s\n", level) > 0;
	if (fclose(f) != 0)
		ok = 0;
	return ok ? 0 : -1;
}

static int drop_to(const char *cred)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2] = { { 0 } };

	if (!strcmp(cred, "root"))
		return 0;
	if (strcmp(cred, "nobody") && strcmp(cred, "netadmin"))
		return -1;
	if (!strcmp(cred, "netadmin") && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
		return -1;
	if (setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
	    setresuid(NOBODY, NOBODY, NOBODY))
		return -1;
	if (!strcmp(cred, "netadmin")) {
		data[CAP_TO_INDEX(CAP_NET_ADMIN)].effective =
			CAP_TO_MASK(CAP_NET_ADMIN);
		data[CAP_TO_INDEX(CAP_NET_ADMIN)].permitted =
			CAP_TO_MASK(CAP_NET_ADMIN);
		if (syscall(SYS_capset, &hdr, data))
			return -1;
	}
	/* Check what we hold: exactly the capabilities wanted. */
	memset(data, 0, sizeof(data));
	if (syscall(SYS_capget, &hdr, data))
		return -1;
	if (!strcmp(cred, "nobody"))
		return (data[0].effective | data[1].effective) ? -1 : 0;
	return (data[CAP_TO_INDEX(CAP_NET_ADMIN)].effective ==
		CAP_TO_MASK(CAP_NET_ADMIN) &&
		data[1 - CAP_TO_INDEX(CAP_NET_ADMIN)].effective == 0) ? 0 : -1;
}

static int do_bind(int fd, const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };

	if (strlen(type) >= sizeof(sa.salg_type) ||
	    strlen(name) >= sizeof(sa.salg_name))
		return EINVAL;
	strcpy((char *)sa.salg_type, type);
	strcpy((char *)sa.salg_name, name);
	return bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ? errno : 0;
}

/* The child: returns its two results through @res. */
static void child(int res, int go, int ready, const char *type,
		  const char *name, const char *cred, int before)
{
	int out[2] = { -1, -1 };
	char c = 0;
	int fd;

	if (drop_to(cred)) {
		out[0] = out[1] = -2;
		goto report;
	}
	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	out[0] = fd < 0 ? errno : 0;
	if (before) {
		/* Tell the parent the socket exists; wait for the level. */
		if (write(ready, &c, 1) != 1 || read(go, &c, 1) != 1) {
			out[0] = out[1] = -2;
			goto report;
		}
	}
	if (fd >= 0)
		out[1] = do_bind(fd, type, name);
report:
	if (write(res, out, sizeof(out)) != sizeof(out))
		_exit(2);
	_exit(0);
}

static void run_case(const char *id, const char *type, const char *name,
		     const char *cred, const char *when, const char *level)
{
	int res[2], go[2], ready[2];
	int before = !strcmp(when, "before");
	int out[2];
	int wstatus;
	pid_t pid;
	char c = 0;

	if (!before && strcmp(when, "after")) {
		printf("%s error: WHEN is %s\n", id, when);
		status = 1;
		return;
	}
	if (set_level(before ? "0" : level)) {
		printf("%s error: cannot set the level: %s\n", id,
		       strerror(errno));
		status = 1;
		return;
	}
	if (pipe(res) || pipe(go) || pipe(ready)) {
		printf("%s error: pipe: %s\n", id, strerror(errno));
		exit(1);
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		printf("%s error: fork: %s\n", id, strerror(errno));
		exit(1);
	}
	if (pid == 0)
		child(res[1], go[0], ready[1], type, name, cred, before);
	close(res[1]);
	close(go[0]);
	close(ready[1]);
	if (before) {
		if (read(ready[0], &c, 1) == 1) {
			if (set_level(level)) {
				printf("%s error: cannot set the level: %s\n",
				       id, strerror(errno));
				status = 1;
			}
			if (write(go[1], &c, 1) != 1)
				status = 1;
		}
	}
	if (read(res[0], out, sizeof(out)) != sizeof(out))
		out[0] = out[1] = -2;
	close(res[0]);
	close(go[1]);
	close(ready[0]);
	waitpid(pid, &wstatus, 0);
	if (out[0] == -2) {
		printf("%s error: the child could not become %s\n", id, cred);
		status = 1;
		return;
	}
	printf("%s socket=%s bind=%s\n", id, result(out[0]), result(out[1]));
}

static void state(const char *id)
{
	static const char *const mods[] = {
		"af_alg", "algif_hash", "algif_skcipher", "algif_aead",
		"algif_rng",
	};
	char line[256], sysctl[16] = "absent";
	int loaded[5] = { 0 };
	unsigned int i;
	int first = 1;
	FILE *f;

	f = fopen(SYSCTL, "r");
	if (f) {
		if (!fgets(sysctl, sizeof(sysctl), f))
			strcpy(sysctl, "unreadable");
		sysctl[strcspn(sysctl, "\n")] = 0;
		fclose(f);
	}
	f = fopen("/proc/modules", "r");
	if (!f) {
		printf("%s error: /proc/modules: %s\n", id, strerror(errno));
		status = 1;
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		for (i = 0; i < 5; i++) {
			size_t n = strlen(mods[i]);

			if (!strncmp(line, mods[i], n) && line[n] == ' ')
				loaded[i] = 1;
		}
	}
	fclose(f);
	printf("%s sysctl=%s modules=", id, sysctl);
	for (i = 0; i < 5; i++) {
		if (!loaded[i])
			continue;
		printf("%s%s", first ? "" : ",", mods[i]);
		first = 0;
	}
	printf("%s\n", first ? "-" : "");
}

int main(void)
{
	char line[512], w[7][80];
	int n;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		n = sscanf(line, "%79s %79s %79s %79s %79s %79s %79s",
			   w[0], w[1], w[2], w[3], w[4], w[5], w[6]);
		if (n <= 0)
			continue;
		if (!strcmp(w[0], "case") && n == 7) {
			run_case(w[1], w[2], w[3], w[4], w[5], w[6]);
		} else if (!strcmp(w[0], "state") && n == 2) {
			state(w[1]);
		} else {
			printf("error: bad request: %s", line);
			status = 1;
		}
	}
	return status;
}
