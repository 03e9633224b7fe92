/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel says of a stand-in's accept queue (docs/security.md,
 * "Who connects, and how many"): the keeper asks NETLINK_SOCK_DIAG for
 * the one AF_UNIX socket it made the stand-in, by inode and cookie, and
 * learns which of its pending connections still wait there and which a
 * holder has taken.  Used by afalg-keeper only; nothing of it runs in the
 * programs the shim is preloaded into.
 */
#ifndef AFALG_KEEPER_DIAG_H
#define AFALG_KEEPER_DIAG_H

#include <stddef.h>
#include <stdint.h>

/* more connections than a listener's queue of backlog 8 can hold */
#define AFK_DIAG_MAX_QUEUE	16

struct afk_diag {
	int nl;			/* NETLINK_SOCK_DIAG socket, or -1: not known */
	uint32_t ino;		/* the stand-in's inode */
	uint32_t cookie[2];	/* and its socket cookie (or INET_DIAG_NOCOOKIE) */
	uint32_t seq;		/* of the last request */
};

int afk_diag_open(struct afk_diag *d, int standin);
void afk_diag_close(struct afk_diag *d);
int afk_diag_queue(struct afk_diag *d, uint32_t *inos, unsigned int max);
int afk_diag_parse(const void *buf, size_t len, const struct afk_diag *d,
		   uint32_t *inos, unsigned int max);

#endif
