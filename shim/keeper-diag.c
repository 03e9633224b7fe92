// SPDX-License-Identifier: GPL-2.0
/*
 * The stand-in's accept queue, from the kernel (keeper-diag.h).
 *
 * One request per look: SOCK_DIAG_BY_FAMILY for AF_UNIX with udiag_ino
 * and udiag_cookie set, which unix_diag_get_exact() answers for that one
 * socket.  UDIAG_SHOW_ICONS lists, for each connection in a listener's
 * queue, the inode of the socket that connected (sk_diag_dump_icons():
 * the peer of the embryo socket), so a connection the keeper made is
 * still waiting exactly when the inode of the keeper's end is listed.
 *
 * The reply is hostile-length input like any record: every length is
 * checked against the bytes received before anything behind it is read,
 * and the fields are copied out, never read in place.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>

#include "keeper-diag.h"

#ifndef SO_COOKIE
#define SO_COOKIE	57
#endif

/* sock_diag_check_cookie(): a request with no cookie to check */
#define AFK_NOCOOKIE	(~0U)

/* one reply: one message of at most AFK_DIAG_MAX_QUEUE inodes, with room */
#define AFK_DIAG_REPLY	1024

/* how many replies to read past for ours (one left from a failed look) */
#define AFK_DIAG_STALE	4

static bool has_cookie(const struct afk_diag *d)
{
	return d->cookie[0] != AFK_NOCOOKIE || d->cookie[1] != AFK_NOCOOKIE;
}

/* ask for the stand-in's accept queue, by inode and cookie */
static int diag_request(struct afk_diag *d)
{
	struct {
		struct nlmsghdr h;
		struct unix_diag_req r;
	} req;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	ssize_t r;

	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = sizeof(req);
	req.h.nlmsg_type = SOCK_DIAG_BY_FAMILY;
	req.h.nlmsg_flags = NLM_F_REQUEST;
	req.h.nlmsg_seq = ++d->seq;
	req.r.sdiag_family = AF_UNIX;
	req.r.udiag_ino = d->ino;
	req.r.udiag_show = UDIAG_SHOW_ICONS;
	req.r.udiag_cookie[0] = d->cookie[0];
	req.r.udiag_cookie[1] = d->cookie[1];
	do
		r = sendto(d->nl, &req, sizeof(req), MSG_DONTWAIT,
			   (struct sockaddr *)&kernel, sizeof(kernel));
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	return r == sizeof(req) ? 0 : -EPROTO;
}

/* the inodes of UNIX_DIAG_ICONS' payload @p of @len bytes into @inos */
static int diag_icons(const uint8_t *p, size_t len, uint32_t *inos,
		      unsigned int max)
{
	if (len % sizeof(uint32_t))
		return -EPROTO;
	if (len / sizeof(uint32_t) > max)
		return -E2BIG;
	memcpy(inos, p, len);
	return (int)(len / sizeof(uint32_t));
}

/* a SOCK_DIAG_BY_FAMILY message's payload @p of @len bytes */
static int diag_msg(const uint8_t *p, size_t len, const struct afk_diag *d,
		    uint32_t *inos, unsigned int max)
{
	struct unix_diag_msg m;
	struct nlattr a;
	size_t off;

	if (len < sizeof(m))
		return -EPROTO;
	memcpy(&m, p, sizeof(m));
	if (m.udiag_family != AF_UNIX || m.udiag_ino != d->ino)
		return -EPROTO;
	if (has_cookie(d) && (m.udiag_cookie[0] != d->cookie[0] ||
			      m.udiag_cookie[1] != d->cookie[1]))
		return -EPROTO;
	for (off = NLMSG_ALIGN(sizeof(m)); off + NLA_HDRLEN <= len;
	     off += NLA_ALIGN(a.nla_len)) {
		memcpy(&a, p + off, sizeof(a));
		if (a.nla_len < NLA_HDRLEN || a.nla_len > len - off)
			return -EPROTO;
		if ((a.nla_type & NLA_TYPE_MASK) == UNIX_DIAG_ICONS)
			return diag_icons(p + off + NLA_HDRLEN,
					  a.nla_len - NLA_HDRLEN, inos, max);
	}
	/* no queue listed: the socket does not listen */
	return -EPROTO;
}

/* an NLMSG_ERROR message's payload: the request's error, never success */
static int diag_error(const uint8_t *p, size_t len)
{
	int err;

	if (len < sizeof(err))
		return -EPROTO;
	memcpy(&err, p, sizeof(err));
	return err < 0 && err >= -4095 ? err : -EPROTO;
}

/**
 * afk_diag_parse() - the accept queue in a reply to the last request
 * @buf: the bytes received, @len of them (the kernel's length: at most
 *	the buffer's)
 * @d: the stand-in asked about, and the request's sequence number
 * @inos: where the inodes of the queue's connecting sockets go
 * @max: room in @inos
 *
 * Return: the number of inodes in @inos; the kernel's error for the
 * request (-ENOENT: the stand-in is gone, or there is no unix_diag);
 * -ESRCH when @buf holds no message answering the last request;
 * -E2BIG for a queue longer than @max; -EPROTO for anything out of shape.
 */
int afk_diag_parse(const void *buf, size_t len, const struct afk_diag *d,
		   uint32_t *inos, unsigned int max)
{
	const uint8_t *p = buf;
	struct nlmsghdr h;
	size_t step;

	while (len >= sizeof(h)) {
		memcpy(&h, p, sizeof(h));
		if (h.nlmsg_len < NLMSG_HDRLEN || h.nlmsg_len > len)
			return -EPROTO;
		if (h.nlmsg_seq == d->seq && h.nlmsg_type == NLMSG_ERROR)
			return diag_error(p + NLMSG_HDRLEN,
					  h.nlmsg_len - NLMSG_HDRLEN);
		if (h.nlmsg_seq == d->seq && h.nlmsg_type == SOCK_DIAG_BY_FAMILY)
			return diag_msg(p + NLMSG_HDRLEN,
					h.nlmsg_len - NLMSG_HDRLEN, d, inos, max);
		step = NLMSG_ALIGN(h.nlmsg_len);
		if (step >= len)
			break;
		p += step;
		len -= step;
	}
	return -ESRCH;
}

/**
 * afk_diag_queue() - which connections wait in the stand-in's accept queue
 * @d: the stand-in, from afk_diag_open()
 * @inos: where the inodes of the connecting sockets go, in queue order
 * @max: room in @inos
 *
 * One request and its reply, without waiting: unix_diag answers within
 * the sendto() (netlink_unicast() to the kernel runs its handler there).
 *
 * Return: the number of inodes, or -errno as afk_diag_parse() gives it,
 * or of the request.
 */
int afk_diag_queue(struct afk_diag *d, uint32_t *inos, unsigned int max)
{
	uint8_t buf[AFK_DIAG_REPLY] __attribute__((aligned(8)));
	struct sockaddr_nl from;
	socklen_t fl;
	ssize_t r;
	int err, tries;

	if (d->nl < 0)
		return -ENOTCONN;
	err = diag_request(d);
	if (err)
		return err;
	for (tries = 0; tries < AFK_DIAG_STALE; tries++) {
		fl = sizeof(from);
		do
			r = recvfrom(d->nl, buf, sizeof(buf),
				     MSG_DONTWAIT | MSG_TRUNC,
				     (struct sockaddr *)&from, &fl);
		while (r < 0 && errno == EINTR);
		if (r < 0)
			return -errno;
		/* only the kernel speaks on NETLINK_SOCK_DIAG, but check */
		if (fl != sizeof(from) || from.nl_family != AF_NETLINK ||
		    from.nl_pid != 0 || (size_t)r > sizeof(buf))
			continue;
		err = afk_diag_parse(buf, (size_t)r, d, inos, max);
		if (err != -ESRCH)
			return err;
	}
	return -ESRCH;
}

/**
 * afk_diag_open() - learn how to ask the kernel about stand-in @standin
 * @d: filled in; d->nl is -1 when the kernel cannot be asked
 * @standin: the stand-in, listening, still open in this process
 *
 * Remembers its inode and cookie (SO_COOKIE, which sock_diag's cookie
 * is), opens a NETLINK_SOCK_DIAG socket and asks once, so that a kernel
 * without unix_diag, a refusal (EPERM) or a filter on the system calls
 * shows here and the keeper does without.
 *
 * Return: 0, or -errno with d->nl -1.
 */
int afk_diag_open(struct afk_diag *d, int standin)
{
	uint32_t inos[AFK_DIAG_MAX_QUEUE];
	uint64_t cookie;
	socklen_t l = sizeof(cookie);
	struct stat st;
	int err;

	memset(d, 0, sizeof(*d));
	d->nl = -1;
	if (fstat(standin, &st))
		return -errno;
	d->ino = (uint32_t)st.st_ino;
	d->cookie[0] = d->cookie[1] = AFK_NOCOOKIE;
	if (!getsockopt(standin, SOL_SOCKET, SO_COOKIE, &cookie, &l) &&
	    l == sizeof(cookie)) {
		d->cookie[0] = (uint32_t)cookie;
		d->cookie[1] = (uint32_t)(cookie >> 32);
	}
	d->nl = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC,
		       NETLINK_SOCK_DIAG);
	if (d->nl < 0)
		return -errno;
	err = afk_diag_queue(d, inos, AFK_DIAG_MAX_QUEUE);
	if (err < 0) {
		afk_diag_close(d);
		return err;
	}
	return 0;
}

/**
 * afk_diag_close() - stop asking: close this process's netlink socket
 * @d: from afk_diag_open(); d->nl is -1 after
 */
void afk_diag_close(struct afk_diag *d)
{
	if (d->nl >= 0)
		close(d->nl);
	d->nl = -1;
}
