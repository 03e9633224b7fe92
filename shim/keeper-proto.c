// SPDX-License-Identifier: GPL-2.0
/*
 * Checking keeper protocol records (keeper-proto.h).  Shared by the shim
 * (replies) and the keeper (requests); fuzzed by tests/shim/fuzz.
 */
#include <errno.h>
#include <string.h>

#include "keeper-proto.h"

void afk_hdr_fill(struct afk_hdr *h, enum afk_op op, uint32_t flags,
		  uint32_t arg, int32_t res, uint32_t len)
{
	memset(h, 0, sizeof(*h));
	h->magic = AFK_MAGIC;
	h->version = AFK_VERSION;
	h->op = (uint16_t)op;
	h->flags = flags;
	h->arg = arg;
	h->res = res;
	h->len = len;
}

static int parse_init(struct afk_msg *m, const uint8_t *p, size_t len)
{
	struct afk_init *in = &m->init;
	size_t need;

	if (len < sizeof(*in))
		return -EPROTO;
	memcpy(in, p, sizeof(*in));
	if (in->type > 3 || in->has_key > 1 || in->authsize > 255 ||
	    !in->namelen || in->namelen >= AFK_MAX_NAME ||
	    in->keylen > AFK_MAX_KEY || in->ivlen > AFK_MAX_IV ||
	    (!in->has_key && in->keylen))
		return -EPROTO;
	need = sizeof(*in) + (size_t)in->namelen + in->keylen + in->ivlen;
	if (len != need)
		return -EPROTO;
	m->name = p + sizeof(*in);
	if (memchr(m->name, 0, in->namelen))
		return -EPROTO;
	m->key = m->name + in->namelen;
	m->iv = m->key + in->keylen;
	return 0;
}

int afk_parse(const uint8_t *buf, size_t n, int want_init, struct afk_msg *m)
{
	struct afk_hdr h;
	const uint8_t *p;

	memset(m, 0, sizeof(*m));
	if (!buf || n < sizeof(h) || n > AFK_MAX_RECORD)
		return -EPROTO;
	memcpy(&h, buf, sizeof(h));
	if (h.magic != AFK_MAGIC || h.version != AFK_VERSION ||
	    h.op == 0 || h.op >= AFK_NOPS || h.len != n - sizeof(h))
		return -EPROTO;
	if ((h.op == AFK_INIT) != !!want_init)
		return -EPROTO;
	p = buf + sizeof(h);
	m->op = (enum afk_op)h.op;
	m->flags = h.flags;
	m->arg = h.arg;
	m->res = h.res;
	if (h.op != AFK_REPLY && (h.flags & ~AFK_FLAGS_OK))
		return -EPROTO;
	if (h.op != AFK_REPLY && h.res)
		return -EPROTO;
	switch (h.op) {
	case AFK_INIT:
		return parse_init(m, p, h.len);
	case AFK_HELLO:
	case AFK_POLL:
	case AFK_ACCEPT:
		return h.len || h.arg || h.flags ? -EPROTO : 0;
	case AFK_SEND:
		if (h.arg > AFK_MAX_CTL || h.arg > h.len ||
		    h.len - h.arg > AFK_MAX_DATA)
			return -EPROTO;
		m->ctl = p;
		m->ctllen = h.arg;
		m->data = p + h.arg;
		m->datalen = h.len - h.arg;
		return 0;
	case AFK_RECV:
		return h.len || h.arg > AFK_MAX_DATA ? -EPROTO : 0;
	case AFK_REPLY:
		/* a result never says more than the payload carries */
		if (h.len > AFK_MAX_DATA || h.res < -4095 ||
		    (h.res > 0 && (uint32_t)h.res < h.len))
			return -EPROTO;
		m->data = p;
		m->datalen = h.len;
		return 0;
	}
	return -EPROTO;
}
