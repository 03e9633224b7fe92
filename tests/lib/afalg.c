// SPDX-License-Identifier: GPL-2.0
/*
 * AF_ALG client helpers: see afalg.h.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include "afalg.h"

int afalg_socket(int flags)
{
	return socket(AF_ALG, SOCK_SEQPACKET | flags, 0);
}

int afalg_bind(int fd, const char *type, const char *name)
{
	/* struct sockaddr_alg with room for a name longer than 64 bytes */
	struct {
		struct sockaddr_alg sa;
		uint8_t more[40];
	} u;
	size_t n = strnlen(name, sizeof(u.sa.salg_name) + sizeof(u.more) - 1);
	socklen_t len = sizeof(u.sa);

	memset(&u, 0, sizeof(u));
	u.sa.salg_family = AF_ALG;
	memcpy(u.sa.salg_type, type, strnlen(type, sizeof(u.sa.salg_type)));
	memcpy(u.sa.salg_name, name, n);
	if (n >= sizeof(u.sa.salg_name))
		len = (socklen_t)(offsetof(struct sockaddr_alg, salg_name) + n + 1);
	return bind(fd, (struct sockaddr *)&u, len);
}

int afalg_tfm(const char *type, const char *name, int flags)
{
	int fd = afalg_socket(flags), e;

	if (fd < 0)
		return -1;
	if (afalg_bind(fd, type, name) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int afalg_setkey(int fd, const void *key, unsigned int len)
{
	return setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, len);
}

int afalg_setauthsize(int fd, unsigned int len)
{
	return setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, len);
}

int afalg_accept(int tfm, int flags)
{
	return accept4(tfm, NULL, NULL, flags);
}

int afalg_hash_op(const char *name, const void *key, unsigned int klen)
{
	int t = afalg_tfm("hash", name, SOCK_CLOEXEC), op = -1, err;

	if (t < 0)
		return -1;
	if (!key || afalg_setkey(t, key, klen) == 0)
		op = afalg_accept(t, SOCK_CLOEXEC);
	err = errno;
	close(t);
	errno = err;
	return op;
}

static struct cmsghdr *put_u32(struct msghdr *m, struct cmsghdr *h, int type,
			       uint32_t v, const void *more, size_t n)
{
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = type;
	h->cmsg_len = CMSG_LEN(4 + n);
	memcpy(CMSG_DATA(h), &v, 4);
	if (n)
		memcpy(CMSG_DATA(h) + 4, more, n);
	return CMSG_NXTHDR(m, h);
}

size_t afalg_ctl_build(void *buf, size_t cap, const struct afalg_ctl *c)
{
	struct msghdr m;
	struct cmsghdr *h;
	size_t need = 0;

	if (c->op >= 0)
		need += CMSG_SPACE(4);
	if (c->ivlen >= 0)
		need += CMSG_SPACE(4 + (size_t)c->ivlen);
	if (c->assoclen >= 0)
		need += CMSG_SPACE(4);
	if (!need || need > cap)
		return 0;
	memset(buf, 0, need);
	memset(&m, 0, sizeof(m));
	m.msg_control = buf;
	m.msg_controllen = need;
	h = CMSG_FIRSTHDR(&m);
	if (c->op >= 0)
		h = put_u32(&m, h, ALG_SET_OP, (uint32_t)c->op, NULL, 0);
	if (c->ivlen >= 0)
		h = put_u32(&m, h, ALG_SET_IV, (uint32_t)c->ivlen, c->iv,
			    (size_t)c->ivlen);
	if (c->assoclen >= 0)
		put_u32(&m, h, ALG_SET_AEAD_ASSOCLEN, (uint32_t)c->assoclen,
			NULL, 0);
	return need;
}

ssize_t afalg_sendmsg(int fd, const struct afalg_ctl *c, const void *data,
		      size_t len, int flags)
{
	union {
		uint8_t buf[512];
		struct cmsghdr align;
	} u;
	struct iovec v = { (void *)data, len };
	struct msghdr m;

	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	if (c) {
		m.msg_controllen = afalg_ctl_build(u.buf, sizeof(u.buf), c);
		m.msg_control = m.msg_controllen ? u.buf : NULL;
	}
	return sendmsg(fd, &m, flags);
}

ssize_t afalg_send(int fd, int op, const void *iv, int ivlen, long assoclen,
		   const void *data, size_t len, int flags)
{
	struct afalg_ctl c = {
		.op = op, .iv = iv, .ivlen = ivlen, .assoclen = assoclen,
	};

	return afalg_sendmsg(fd, &c, data, len, flags);
}

ssize_t afalg_recvmsg(int fd, void *buf, size_t len, int flags)
{
	struct iovec v = { buf, len };
	struct msghdr m;

	memset(&m, 0, sizeof(m));
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	return recvmsg(fd, &m, flags);
}

ssize_t afalg_read_full(int fd, void *buf, size_t len)
{
	size_t done = 0;
	ssize_t r;

	while (done < len) {
		r = read(fd, (uint8_t *)buf + done, len - done);
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		done += (size_t)r;
	}
	return (ssize_t)done;
}
