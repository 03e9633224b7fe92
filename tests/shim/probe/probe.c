// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe: main and descriptor counting.  See probe.h.
 *
 *   shim-probe aio|splice|poll|keyring|hygiene|fds|threads|zeroise|enomem|edges|signals|feed
 */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "probe.h"

int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n - 1;		/* the directory's own descriptor */
}

static const struct {
	const char *name;
	int (*fn)(void);
} cmds[] = {
	{ "aio", cmd_aio },
	{ "splice", cmd_splice },
	{ "poll", cmd_poll },
	{ "keyring", cmd_keyring },
	{ "hygiene", cmd_hygiene },
	{ "fds", cmd_fds },
	{ "threads", cmd_threads },
	{ "zeroise", cmd_zeroise },
	{ "enomem", cmd_enomem },
	{ "edges", cmd_edges },
	{ "signals", cmd_signals },
	{ "feed", cmd_feed },
};

int main(int argc, char **argv)
{
	size_t i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 2) {
		fprintf(stderr, "usage: %s COMMAND\n", argv[0]);
		return 2;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn() || probe_failures ? 1 : 0;
	fprintf(stderr, "unknown command %s\n", argv[1]);
	return 2;
}
