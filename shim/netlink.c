// SPDX-License-Identifier: GPL-2.0
/*
 * NETLINK_CRYPTO (crypto/crypto_user.c) as far as clients of AF_ALG use it:
 * CRYPTO_MSG_GETALG for one algorithm, or a dump of all of them.  Replies are
 * built from the same registry bind() uses, so the sizes a client learns
 * here are the sizes the op sockets enforce.
 *
 * The socket behaves like a netlink datagram socket talking to the kernel:
 * sendmsg() runs netlink_rcv_skb() over the request buffer synchronously
 * and queues replies (and NLMSG_ERROR acks); each recvmsg() returns one
 * queued datagram, MSG_TRUNC when the buffer is short.
 * See afalg-behaviour.md §1.16.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <linux/netlink.h>
#include <linux/cryptouser.h>
#include <linux/capability.h>
#include <sys/syscall.h>

#include "real.h"
#include "types.h"

struct nl_dgram {
	struct nl_dgram *next;
	size_t len;
	size_t truesize;	/* what the kernel's skb charges to SO_RCVBUF */
	uint8_t data[];
};

struct afs_nl_state {
	uint32_t portid;
	bool bound;
	bool cap_ack;
	bool no_enobufs;	/* NETLINK_NO_ENOBUFS */
	bool congested;		/* NETLINK_S_CONGESTED: drop until drained */
	int err;		/* sk_err: a reply that could not be queued */
	size_t rmem;		/* sk_rmem_alloc: truesize of the queue */
	int rcvbuf;		/* sk_rcvbuf for the request being served */
	struct nl_dgram *head, *tail;
};

/*
 * skb->truesize of a reply whose head holds @len bytes.  The kernel
 * allocates the head with kmalloc_reserve(SKB_HEAD_ALIGN(len)): the small
 * head cache when it fits, else the kmalloc size class, a power of two
 * from 1024 up; netlink_trim() shrinks a GETALG reply's
 * NLMSG_DEFAULT_SIZE head to its length the same way.  truesize is that
 * object plus SKB_DATA_ALIGN(sizeof(struct sk_buff)).  The small head
 * cache is SKB_HEAD_ALIGN(max(MAX_TCP_HEADER, GRO_MAX_HEAD_PAD)), so it
 * follows the link-layer header room the config asks for: 576 bytes
 * without Wi-Fi, 640 with Wi-Fi (the test guest's config, measured there
 * with SO_MEMINFO: a 308-byte reply and a 244-byte error ack are 896
 * each), 704 with IP tunnels configured as well.  The shim uses the
 * test guest's value (64-byte cache lines, a 320-byte skb_shared_info, a
 * 256-byte sk_buff).  See afalg-behaviour.md §1.16.
 */
#define SKB_SHINFO_ALIGNED	320
#define SKB_STRUCT_ALIGNED	256
#define SKB_SMALL_HEAD_CACHE	640

static size_t skb_truesize(size_t len)
{
	size_t head = ((len + 63) & ~(size_t)63) + SKB_SHINFO_ALIGNED;
	size_t obj = SKB_SMALL_HEAD_CACHE;

	if (head > obj)
		for (obj = 1024; obj < head; obj *= 2)
			;
	return obj + SKB_STRUCT_ALIGNED;
}

#define CRYPTO_ALG_TESTED		0x00000400
#define CRYPTO_ALG_INSTANCE		0x00000800
#define CRYPTO_ALG_OPTIONAL_KEY		0x00004000
#define CRYPTO_ALG_TYPE_AEAD		0x00000003
#define CRYPTO_ALG_TYPE_LSKCIPHER	0x00000004
#define CRYPTO_ALG_TYPE_SKCIPHER	0x00000005
#define CRYPTO_ALG_TYPE_RNG		0x0000000c
#define CRYPTO_ALG_TYPE_SHASH		0x0000000e

static pthread_mutex_t portid_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t portid_next;
static pid_t portid_pid;

/* netlink_autobind(): the process id first, then negative values. */
static uint32_t new_portid(void)
{
	uint32_t id;
	pid_t pid = getpid();

	pthread_mutex_lock(&portid_lock);
	if (portid_pid != pid) {
		portid_pid = pid;
		portid_next = 0;
	}
	if (!portid_next) {
		id = (uint32_t)pid;
		portid_next = (uint32_t)-4097;
	} else {
		id = portid_next--;
	}
	pthread_mutex_unlock(&portid_lock);
	return id;
}

static const struct afs_kind_ops nl_kind_ops;

static int nl_setup(struct afs_sock *s)
{
	s->st.nl = calloc(1, sizeof(*s->st.nl));
	return s->st.nl ? 0 : -ENOMEM;
}

int afs_nl_create(int type, int flags)
{
	struct afs_sock *s;
	int fd;

	if (type != SOCK_RAW && type != SOCK_DGRAM)
		return -ESOCKTNOSUPPORT;
	fd = afs_sock_open(AFS_KIND_NETLINK, &nl_kind_ops, SOCK_DGRAM, flags,
			   type, nl_setup);
	/*
	 * The placeholder's SO_RCVBUF starts at net.core.rmem_default and
	 * follows SO_RCVBUF/SO_RCVBUFFORCE as the netlink socket's would.
	 */
	s = fd >= 0 ? afs_get(fd) : NULL;
	if (s) {
		afs_sock_bufs_update(s, fd);
		afs_put(s);
	}
	return fd;
}

static void nl_release(struct afs_sock *s)
{
	struct afs_nl_state *n = s->st.nl;
	struct nl_dgram *d;

	if (!n)
		return;
	while ((d = n->head)) {
		n->head = d->next;
		free(d);
	}
	free(n);
	s->st.nl = NULL;
}

static int nl_bind(struct afs_sock *s, const void *addr, unsigned int len)
{
	struct afs_nl_state *n = s->st.nl;
	struct sockaddr_nl sa;
	int err = 0;

	if ((int)len < 0 || len > 128)
		return -EINVAL;
	if (len < sizeof(sa))
		return -EINVAL;
	if (!addr)
		return -EFAULT;
	memcpy(&sa, addr, sizeof(sa));
	if (sa.nl_family != AF_NETLINK)
		return -EINVAL;
	pthread_mutex_lock(&s->lk.lock);
	if (n->bound) {
		/* netlink_bind(): a bound socket keeps its port id */
		if (sa.nl_pid != n->portid)
			err = -EINVAL;
	} else {
		n->portid = sa.nl_pid ? sa.nl_pid : new_portid();
		n->bound = true;
	}
	pthread_mutex_unlock(&s->lk.lock);
	return err;
}

int afs_nl_getsockname(struct afs_sock *s, void *addr, unsigned int *len)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	unsigned int l;

	if (!len)
		return -EFAULT;
	pthread_mutex_lock(&s->lk.lock);
	sa.nl_pid = s->st.nl->portid;
	pthread_mutex_unlock(&s->lk.lock);
	if ((int)*len < 0)
		return -EINVAL;
	l = *len < sizeof(sa) ? *len : sizeof(sa);
	if (l && !addr)
		return -EFAULT;
	memcpy(addr, &sa, l);
	*len = sizeof(sa);
	return 0;
}

static int nl_setsockopt(struct afs_sock *s, int level, int name,
			 const void *val, unsigned int len)
{
	int v = 0;

	if (level != SOL_NETLINK)
		return -ENOPROTOOPT;
	if (len >= sizeof(int)) {
		if (!val)
			return -EFAULT;
		memcpy(&v, val, sizeof(v));
	}
	switch (name) {
	case NETLINK_CAP_ACK:
		if (len < sizeof(int))
			return -EINVAL;
		s->st.nl->cap_ack = v;
		return 0;
	case NETLINK_NO_ENOBUFS:
		if (len < sizeof(int))
			return -EINVAL;
		pthread_mutex_lock(&s->lk.lock);
		s->st.nl->no_enobufs = v;
		if (v)		/* netlink_setsockopt() clears the state */
			s->st.nl->congested = false;
		pthread_mutex_unlock(&s->lk.lock);
		return 0;
	case NETLINK_PKTINFO:
	case NETLINK_BROADCAST_ERROR:
	case NETLINK_EXT_ACK:
	case NETLINK_GET_STRICT_CHK:
	case NETLINK_LISTEN_ALL_NSID:
		if (len < sizeof(int))
			return -EINVAL;
		return 0;
	case NETLINK_ADD_MEMBERSHIP:
	case NETLINK_DROP_MEMBERSHIP:
		/* NETLINK_CRYPTO has no multicast groups */
		return len < sizeof(int) ? -EINVAL : -EINVAL;
	default:
		return -ENOPROTOOPT;
	}
}

static int nl_poll(struct afs_sock *s)
{
	int m = POLLOUT | POLLWRNORM | POLLWRBAND;

	pthread_mutex_lock(&s->lk.lock);
	if (s->st.nl->head)
		m |= POLLIN | POLLRDNORM;
	if (s->st.nl->err)	/* datagram_poll(): sk_err */
		m |= POLLERR;
	pthread_mutex_unlock(&s->lk.lock);
	return m;
}

/* ------------------------------------------------------------------ */
/* message building                                                    */

struct buf {
	uint8_t *p;
	size_t len, cap;
	bool oom;
};

static void *buf_put(struct buf *b, size_t n)
{
	size_t a = NLMSG_ALIGN(n);
	void *r;

	if (b->oom)
		return NULL;
	if (b->len + a > b->cap) {
		size_t c = b->cap ? b->cap * 2 : 1024;
		uint8_t *np;

		while (c < b->len + a)
			c *= 2;
		np = realloc(b->p, c);
		if (!np) {
			b->oom = true;
			return NULL;
		}
		b->p = np;
		b->cap = c;
	}
	r = b->p + b->len;
	memset(r, 0, a);
	b->len += a;
	return r;
}

static void put_attr(struct buf *b, uint16_t type, const void *data,
		     uint16_t len)
{
	struct nlattr *a = buf_put(b, NLA_HDRLEN + len);

	if (!a)
		return;
	a->nla_len = NLA_HDRLEN + len;
	a->nla_type = type;
	memcpy((uint8_t *)a + NLA_HDRLEN, data, len);
}

static uint32_t alg_flags(const struct afs_alg *a)
{
	static const uint32_t types[AFS_NTYPES] = {
		[AFS_HASH] = CRYPTO_ALG_TYPE_SHASH,
		[AFS_SKCIPHER] = CRYPTO_ALG_TYPE_SKCIPHER,
		[AFS_AEAD] = CRYPTO_ALG_TYPE_AEAD,
		[AFS_RNG] = CRYPTO_ALG_TYPE_RNG,
	};
	uint32_t f = types[a->type] | CRYPTO_ALG_TESTED;

	if (!strcmp(a->report_type, "lskcipher"))
		f = CRYPTO_ALG_TYPE_LSKCIPHER | CRYPTO_ALG_TESTED;

	if (strchr(a->driver, '('))
		f |= CRYPTO_ALG_INSTANCE;
	if (a->optional_key)
		f |= CRYPTO_ALG_OPTIONAL_KEY;
	return f;
}

static void strcpy64(char *d, const char *s)
{
	size_t l = strlen(s);

	if (l > 63)
		l = 63;
	memcpy(d, s, l);
	d[l] = 0;
}

/* crypto_report_alg(): one CRYPTO_MSG_GETALG message for @a. */
static void report_alg(struct buf *b, const struct afs_alg *a, uint32_t seq,
		       uint32_t portid, uint16_t flags)
{
	size_t start = b->len;
	struct nlmsghdr *h;
	struct crypto_user_alg *u;
	uint32_t prio = a->priority;

	if (!buf_put(b, NLMSG_HDRLEN))
		return;
	u = buf_put(b, sizeof(*u));
	if (!u)
		return;
	strcpy64(u->cru_name, a->name);
	strcpy64(u->cru_driver_name, a->driver);
	strcpy64(u->cru_module_name, "kernel");
	u->cru_flags = alg_flags(a);
	u->cru_refcnt = 2;
	put_attr(b, CRYPTOCFGA_PRIORITY_VAL, &prio, sizeof(prio));
	switch (a->type) {
	case AFS_HASH: {
		struct crypto_report_hash r = { 0 };

		strcpy64(r.type, a->report_type);
		r.blocksize = a->blocksize;
		r.digestsize = a->digestsize;
		put_attr(b, CRYPTOCFGA_REPORT_HASH, &r, sizeof(r));
		break;
	}
	case AFS_SKCIPHER: {
		struct crypto_report_blkcipher r = { 0 };

		strcpy64(r.type, a->report_type);
		strcpy64(r.geniv, "<none>");
		r.blocksize = a->blocksize;
		r.min_keysize = a->min_keysize;
		r.max_keysize = a->max_keysize;
		r.ivsize = a->ivsize;
		put_attr(b, CRYPTOCFGA_REPORT_BLKCIPHER, &r, sizeof(r));
		break;
	}
	case AFS_AEAD: {
		struct crypto_report_aead r = { 0 };

		strcpy64(r.type, a->report_type);
		strcpy64(r.geniv, "<none>");
		r.blocksize = a->blocksize;
		r.maxauthsize = a->maxauthsize;
		r.ivsize = a->ivsize;
		put_attr(b, CRYPTOCFGA_REPORT_AEAD, &r, sizeof(r));
		break;
	}
	case AFS_RNG: {
		struct crypto_report_rng r = { 0 };

		strcpy64(r.type, a->report_type);
		r.seedsize = a->seedsize;
		put_attr(b, CRYPTOCFGA_REPORT_RNG, &r, sizeof(r));
		break;
	}
	default:
		break;
	}
	if (b->oom)
		return;
	h = (struct nlmsghdr *)(b->p + start);
	h->nlmsg_len = (uint32_t)(b->len - start);
	h->nlmsg_type = CRYPTO_MSG_GETALG;
	h->nlmsg_flags = flags;
	h->nlmsg_seq = seq;
	h->nlmsg_pid = portid;
}

/*
 * Queue one datagram for the socket's owner.  A reply (netlink_unicast()
 * from the kernel socket, never waiting) goes through netlink_attachskb():
 * it is dropped when it would take the queue's truesize past SO_RCVBUF
 * (the first one of an empty queue always fits) or while the socket is
 * congested, and netlink_overrun() then reports ENOBUFS on the next
 * receive and drops everything until the queue has been drained (unless
 * NETLINK_NO_ENOBUFS).  A dump datagram (@dump) is charged but not
 * checked: the kernel's netlink_dump() paces the dump by SO_RCVBUF
 * instead, which the shim, producing it at once, does not (D7).
 */
static int queue_skb(struct afs_nl_state *n, struct buf *b, bool dump)
{
	struct nl_dgram *d;
	size_t truesize;

	if (b->oom)
		return -ENOMEM;
	truesize = skb_truesize(b->len);
	if (!dump && ((n->rmem && n->rmem + truesize > (size_t)n->rcvbuf) ||
		      n->congested)) {
		if (!n->no_enobufs && !n->congested) {
			n->congested = true;
			n->err = ENOBUFS;
		}
		return -EAGAIN;
	}
	d = malloc(sizeof(*d) + b->len);
	if (!d)
		return -ENOMEM;
	d->next = NULL;
	d->len = b->len;
	d->truesize = truesize;
	n->rmem += truesize;
	memcpy(d->data, b->p, b->len);
	if (n->tail)
		n->tail->next = d;
	else
		n->head = d;
	n->tail = d;
	return 0;
}

/* netlink_ack() */
static void ack(struct afs_nl_state *n, const struct nlmsghdr *req, int err)
{
	struct buf b = { 0 };
	struct nlmsghdr *h;
	struct nlmsgerr *e;
	size_t payload = req->nlmsg_len - NLMSG_HDRLEN;
	uint16_t flags = 0;

	if (!err || n->cap_ack) {
		flags |= NLM_F_CAPPED;
		payload = 0;
	}
	/* buf_put() may move the buffer: take the pointers after both */
	if (buf_put(&b, NLMSG_HDRLEN) && buf_put(&b, sizeof(*e) + payload)) {
		h = (struct nlmsghdr *)b.p;
		e = (struct nlmsgerr *)(b.p + NLMSG_HDRLEN);
		e->error = err;
		e->msg = *req;
		memcpy((uint8_t *)e + sizeof(*e), (const uint8_t *)req +
		       NLMSG_HDRLEN, payload);
		h->nlmsg_len = (uint32_t)b.len;
		h->nlmsg_type = NLMSG_ERROR;
		h->nlmsg_flags = flags;
		h->nlmsg_seq = req->nlmsg_seq;
		h->nlmsg_pid = n->portid;
	}
	/* netlink_ack() without memory: ENOBUFS on the next receive */
	if (queue_skb(n, &b, false) == -ENOMEM)
		n->err = ENOBUFS;
	free(b.p);
}

static bool null_terminated(const char *s)
{
	return memchr(s, 0, CRYPTO_MAX_NAME) != NULL;
}

/* netlink_capable(skb, CAP_NET_ADMIN): this process's effective set */
static bool net_admin(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2] = { { 0 } };

	if (AFS_REAL(syscall)(SYS_capget, &h, d))
		return false;
	return d[CAP_NET_ADMIN / 32].effective &
	       (1u << (CAP_NET_ADMIN % 32));
}

/*
 * crypto_alg_match(): by driver name when one is given, else (unless
 * @exact) by name; the type bits under the mask must agree.  The shim
 * counts every algorithm it serves as registered (D7).
 */
static const struct afs_alg *alg_match(const struct crypto_user_alg *p,
				       bool exact)
{
	const struct afs_alg *a;

	if (p->cru_driver_name[0])
		a = afs_alg_find(p->cru_driver_name, true);
	else if (!exact)
		a = afs_alg_find(p->cru_name, false);
	else
		return NULL;
	if (!a || ((alg_flags(a) ^ p->cru_type) & p->cru_mask))
		return NULL;
	return a;
}

/* whether the request carries CRYPTOCFGA_PRIORITY_VAL (a u32 attribute) */
static bool has_priority(const struct nlmsghdr *nlh)
{
	size_t off = NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(struct crypto_user_alg));
	struct nlattr na;

	while (off + NLA_HDRLEN <= nlh->nlmsg_len) {
		memcpy(&na, (const uint8_t *)nlh + off, sizeof(na));
		if (na.nla_len < NLA_HDRLEN || off + na.nla_len > nlh->nlmsg_len)
			break;
		if ((na.nla_type & NLA_TYPE_MASK) == CRYPTOCFGA_PRIORITY_VAL)
			return true;
		off += NLA_ALIGN(na.nla_len);
	}
	return false;
}

/*
 * crypto_add_alg(), crypto_del_alg(), crypto_update_alg(), in their order
 * of checks.  The shim has no registry to change: a name it serves is
 * already registered (NEWALG: EEXIST), an instance it serves is in use
 * (DELALG: EBUSY) and an update is accepted without changing what
 * GETALG reports (D7); a name it cannot build is ENOENT, as a template
 * the kernel cannot instantiate.
 */
static int alg_admin(const struct nlmsghdr *nlh,
		     const struct crypto_user_alg *p)
{
	const struct afs_alg *a;
	int type = nlh->nlmsg_type, t;
	bool prio = has_priority(nlh);

	if (!net_admin())
		return -EPERM;
	if (!null_terminated(p->cru_name) ||
	    !null_terminated(p->cru_driver_name))
		return -EINVAL;
	switch (type) {
	case CRYPTO_MSG_NEWALG:
		if (prio && !p->cru_driver_name[0])
			return -EINVAL;
		if (alg_match(p, p->cru_driver_name[0]))
			return -EEXIST;
		/* crypto_alg_mod_lookup(): a template form it can build */
		for (t = 0; t < AFS_NTYPES; t++) {
			a = afs_alg_lookup(t, p->cru_driver_name[0] ?
					   p->cru_driver_name : p->cru_name);
			if (a && !((alg_flags(a) ^ p->cru_type) & p->cru_mask))
				return 0;
		}
		return -ENOENT;
	case CRYPTO_MSG_DELALG:
		a = alg_match(p, true);
		if (!a)
			return -ENOENT;
		/* only instances of templates can go, and ours are in use */
		return strchr(a->name, '(') ? -EBUSY : -EINVAL;
	default:	/* CRYPTO_MSG_UPDATEALG */
		return alg_match(p, true) ? 0 : -ENOENT;
	}
}

/* crypto_user_rcv_msg() for one request; returns the error to ack. */
static int crypto_user_rcv(struct afs_nl_state *n, const struct nlmsghdr *nlh)
{
	struct crypto_user_alg p;
	const struct afs_alg *a;
	struct buf b = { 0 };
	unsigned int i;
	int err, type = nlh->nlmsg_type;

	if (type > CRYPTO_MSG_MAX)
		return -EINVAL;
	if (type == CRYPTO_MSG_GETALG && (nlh->nlmsg_flags & NLM_F_DUMP)) {
		/*
		 * crypto_dump_report() fills one skb of min_dump_alloc
		 * (at most 65535 bytes) per call: the reports in datagrams
		 * of that size, then netlink_dump()'s NLMSG_DONE, carrying
		 * the dump's return value, in a datagram of its own.
		 */
		struct buf r = { 0 };
		size_t at;
		struct nlmsghdr *h;
		int *v;

		err = 0;
		for (i = 0; !err && (a = afs_alg_nth(i)); i++) {
			r.len = 0;
			report_alg(&r, a, nlh->nlmsg_seq, n->portid,
				   NLM_F_MULTI);
			if (b.len && b.len + r.len > 65535) {
				err = queue_skb(n, &b, true);
				b.len = 0;
			}
			if (!r.oom && buf_put(&b, r.len))
				memcpy(b.p + b.len - r.len, r.p, r.len);
			else
				b.oom = true;
		}
		if (!err && b.len)
			err = queue_skb(n, &b, true);
		b.len = 0;
		at = b.len;
		if (!err && buf_put(&b, NLMSG_HDRLEN) &&
		    buf_put(&b, sizeof(int))) {
			h = (struct nlmsghdr *)(b.p + at);
			v = (int *)(b.p + at + NLMSG_HDRLEN);
			h->nlmsg_len = NLMSG_HDRLEN + sizeof(int);
			h->nlmsg_type = NLMSG_DONE;
			h->nlmsg_flags = NLM_F_MULTI;
			h->nlmsg_seq = nlh->nlmsg_seq;
			h->nlmsg_pid = n->portid;
			*v = 0;
		}
		if (!err)
			err = queue_skb(n, &b, true);
		free(r.p);
		free(b.p);
		return err;
	}
	/* nlmsg_parse_deprecated(nlh, crypto_msg_min[type], ...) */
	if (type != CRYPTO_MSG_DELRNG &&
	    nlh->nlmsg_len - NLMSG_HDRLEN < sizeof(p))
		return -EINVAL;
	if (type == CRYPTO_MSG_DELRNG)
		return geteuid() ? -EPERM : 0;
	memcpy(&p, NLMSG_DATA(nlh), sizeof(p));
	if (type == CRYPTO_MSG_NEWALG || type == CRYPTO_MSG_DELALG ||
	    type == CRYPTO_MSG_UPDATEALG)
		return alg_admin(nlh, &p);
	if (type != CRYPTO_MSG_GETSTAT &&
	    (!null_terminated(p.cru_name) || !null_terminated(p.cru_driver_name)))
		return -EINVAL;

	switch (type) {
	case CRYPTO_MSG_GETALG:
		if (p.cru_driver_name[0])
			a = afs_alg_find(p.cru_driver_name, true);
		else
			a = afs_alg_find(p.cru_name, false);
		if (!a || ((alg_flags(a) ^ p.cru_type) & p.cru_mask))
			return -ENOENT;
		report_alg(&b, a, nlh->nlmsg_seq, n->portid, 0);
		/* crypto_report(): a dropped reply is -EAGAIN, acked */
		err = queue_skb(n, &b, false);
		free(b.p);
		return err;
	case CRYPTO_MSG_GETSTAT:
		return -524;	/* ENOTSUPP: no longer supported */
	default:
		return -EINVAL;	/* no doit */
	}
}

/* netlink_rcv_skb() over one sendmsg() payload. */
int afs_nl_process(struct afs_sock *s, const uint8_t *buf, size_t len)
{
	struct afs_nl_state *n = s->st.nl;
	struct nlmsghdr h, *nlh;
	size_t msglen;
	int err;

	n->rcvbuf = s->rcvbuf;
	while (len >= NLMSG_HDRLEN) {
		memcpy(&h, buf, sizeof(h));
		if (h.nlmsg_len < NLMSG_HDRLEN || len < h.nlmsg_len)
			return 0;
		nlh = malloc(h.nlmsg_len);
		if (!nlh)
			return -ENOMEM;
		memcpy(nlh, buf, h.nlmsg_len);
		err = 0;
		if ((nlh->nlmsg_flags & NLM_F_REQUEST) &&
		    nlh->nlmsg_type >= NLMSG_MIN_TYPE)
			err = crypto_user_rcv(n, nlh);
		if ((nlh->nlmsg_flags & NLM_F_ACK) || err)
			ack(n, nlh, err);
		free(nlh);
		msglen = NLMSG_ALIGN(h.nlmsg_len);
		if (msglen > len)
			msglen = len;
		buf += msglen;
		len -= msglen;
	}
	return 0;
}

static ssize_t nl_sendmsg(struct afs_sock *s, const struct msghdr *m,
			  int flags)
{
	struct afs_nl_state *n = s->st.nl;
	struct sockaddr_nl dst = { .nl_family = AF_NETLINK };
	uint8_t *data;
	size_t len, off = 0, i;
	int err;

	if (flags & MSG_OOB)
		return -EOPNOTSUPP;
	if (m->msg_namelen) {
		if (!m->msg_name || m->msg_namelen < sizeof(dst))
			return -EINVAL;
		memcpy(&dst, m->msg_name, sizeof(dst));
		if (dst.nl_family != AF_NETLINK)
			return -EINVAL;
		/* NETLINK_CRYPTO has no NL_CFG_F_NONROOT_SEND */
		if ((dst.nl_groups || dst.nl_pid) && geteuid())
			return -EPERM;
	} else {
		dst.nl_pid = 0;
	}
	len = afs_iov_total(m->msg_iov, m->msg_iovlen);
	if (len > 212992 - 32)
		return -EMSGSIZE;
	data = malloc(len ? len : 1);
	if (!data)
		return -ENOBUFS;
	for (i = 0; i < m->msg_iovlen; i++) {
		memcpy(data + off, m->msg_iov[i].iov_base,
		       m->msg_iov[i].iov_len);
		off += m->msg_iov[i].iov_len;
	}
	pthread_mutex_lock(&s->lk.lock);
	if (!n->bound) {
		n->portid = new_portid();
		n->bound = true;
	}
	/*
	 * netlink_unicast() to the kernel (port 0) processes the request
	 * (a copy multicast to nl_groups reaches no one); any other port id
	 * names a socket the shim does not have.
	 */
	err = dst.nl_pid ? -ECONNREFUSED : afs_nl_process(s, data, len);
	pthread_mutex_unlock(&s->lk.lock);
	free(data);
	return err ? err : (ssize_t)len;
}

static ssize_t nl_recvmsg(struct afs_sock *s, int fd, struct msghdr *m,
			  int flags)
{
	struct afs_nl_state *n = s->st.nl;
	struct nl_dgram *d;
	size_t len = afs_iov_total(m->msg_iov, m->msg_iovlen), copied;
	ssize_t r;

	if (flags & MSG_OOB)
		return -EOPNOTSUPP;
	pthread_mutex_lock(&s->lk.lock);
	if (n->err) {		/* sock_error() comes before the queue */
		r = -n->err;
		n->err = 0;
		pthread_mutex_unlock(&s->lk.lock);
		return r;
	}
	d = n->head;
	if (!d) {
		pthread_mutex_unlock(&s->lk.lock);
		if ((flags & MSG_DONTWAIT) || afs_nonblock(fd))
			return -EAGAIN;
		/* nothing will ever arrive: block like the kernel would */
		r = AFS_REAL(recv)(fd, NULL, 0, flags & ~MSG_TRUNC);
		return r < 0 ? -errno : 0;
	}
	if (!(flags & MSG_PEEK)) {
		n->head = d->next;
		if (!n->head)
			n->tail = NULL;
		n->rmem -= d->truesize;
	}
	/* netlink_rcv_wake(): a drained queue is no longer congested */
	if (!n->head)
		n->congested = false;
	pthread_mutex_unlock(&s->lk.lock);

	copied = d->len;
	if (len < copied) {
		m->msg_flags |= MSG_TRUNC;
		copied = len;
	}
	afs_copy_to_iov(m->msg_iov, m->msg_iovlen, 0, d->data, copied);
	if (m->msg_name) {
		struct sockaddr_nl sa = { .nl_family = AF_NETLINK };

		memcpy(m->msg_name, &sa, sizeof(sa));
		m->msg_namelen = sizeof(sa);
	}
	if (flags & MSG_TRUNC)
		copied = d->len;
	if (!(flags & MSG_PEEK))
		free(d);
	return copied;
}

static ssize_t nl_msg(struct afs_sock *s, int fd, struct msghdr *m, int flags,
		      bool send)
{
	return send ? nl_sendmsg(s, m, flags) : nl_recvmsg(s, fd, m, flags);
}

static const struct afs_kind_ops nl_kind_ops = {
	.bind = nl_bind,
	.setsockopt = nl_setsockopt,
	.msg = nl_msg,
	.poll = nl_poll,
	.release = nl_release,
};
