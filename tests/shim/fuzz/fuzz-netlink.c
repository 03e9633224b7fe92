// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz harness: NETLINK_CRYPTO request parsing (netlink_rcv_skb() and
 * crypto_user_rcv_msg() as the shim emulates them).
 *
 * The input is one sendmsg() payload on a NETLINK_CRYPTO socket opened
 * through the interposed socket().  Every queued reply must be a
 * well-formed netlink message that fits its datagram; the socket is then
 * closed, so queued replies are released (leaks are reported by ASan).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/netlink.h>

#include "types.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t rep[65536];
	struct nlmsghdr *h;
	ssize_t r;
	size_t off;
	int fd, n = 0;

	if (size > 16384)
		return 0;
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	if (fd < 0)
		abort();
	r = send(fd, data, size, 0);
	if (r < 0 && errno != EINVAL && errno != EMSGSIZE && errno != ENOBUFS)
		abort();
	while ((r = recv(fd, rep, sizeof(rep), MSG_DONTWAIT)) > 0) {
		for (off = 0; off + NLMSG_HDRLEN <= (size_t)r;
		     off += NLMSG_ALIGN(h->nlmsg_len)) {
			h = (struct nlmsghdr *)(rep + off);
			if (h->nlmsg_len < NLMSG_HDRLEN ||
			    off + h->nlmsg_len > (size_t)r)
				abort();
		}
		if (++n > 100000)
			abort();	/* a reply per request at most */
	}
	if (r < 0 && errno != EAGAIN && errno != ENOBUFS)
		abort();
	close(fd);
	return 0;
}
