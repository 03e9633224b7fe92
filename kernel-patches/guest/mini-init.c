// SPDX-License-Identifier: GPL-2.0
/*
 * Minimal /init for guests without a busybox (the arm64 guest).  The
 * built-in KUnit suites have already run when init starts.  If the kernel
 * command line has arguments after "--", the kernel passes them to init:
 * the first names a program of /guest, run with the others as arguments
 * and its exit status reported on the console ("mini-init: rc=N").  Then
 * "mini-init: done" and a reboot (QEMU runs with -no-reboot).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd;

	mkdir("/dev", 0755);
	mkdir("/proc", 0755);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("proc", "/proc", "proc", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strchr(argv[1], '/')) {
		char path[256];
		int status = 0;
		pid_t pid;

		snprintf(path, sizeof(path), "/guest/%s", argv[1]);
		pid = fork();
		if (pid == 0) {
			execv(path, argv + 1);
			perror(path);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid)
			status = 125 << 8;
		printf("mini-init: rc=%d\n",
		       WIFEXITED(status) ? WEXITSTATUS(status) : 125);
	}
	printf("mini-init: done\n");
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
