// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz harness: the tfm/op socket state machines, driven through the
 * interposed libc entry points.
 *
 * The input is a little program: each step takes an opcode byte and its
 * operands from the input and performs socket, bind (a listed algorithm or
 * raw name bytes for the registry's name parser), setsockopt (keys,
 * authsize), accept (tfm and hash-clone), sendmsg with fuzzed cmsgs and
 * flags, recvmsg into 1-3 iovecs, read, poll, dup or close on one of eight
 * descriptor slots, or what fork() does to every socket of the table
 * (the move into shared regions, share.c, and the child's side of it)
 * before the program goes on.  Every op socket is non-blocking and every transfer
 * uses MSG_DONTWAIT, so no step can wait.  Checked: no crash or sanitizer
 * report, results within the sizes asked, errno values the kernel can
 * return, and every descriptor closed again at the end.
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <linux/if_alg.h>

#include "entry.h"
#include "afalg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SLOTS 8

static const char *const algs[4][6] = {
	{ "sha256", "hmac(sha256)", "sha3-256", "cmac(aes)", "crc32c",
	  "hmac(sha1)" },
	{ "cbc(aes)", "ctr(aes)", "ecb(des3_ede)", "chacha20",
	  "rfc3686(ctr(aes))", "xts(aes)" },
	{ "rfc7539(chacha20,poly1305)", "rfc7539esp(chacha20,poly1305)",
	  "gcm(aes)", "ccm(aes)", "rfc4106(gcm(aes))", "nope" },
	{ "stdrng", "drbg_nopr_hmac_sha256", "drbg_nopr_ctr_aes256",
	  "jitterentropy_rng", "nope", "" },
};
static const char *const types[4] = { "hash", "skcipher", "aead", "rng" };

struct in {
	const uint8_t *p;
	size_t n;
};

static unsigned int byte(struct in *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

static const uint8_t *take(struct in *in, size_t *len)
{
	const uint8_t *p = in->p;

	if (*len > in->n)
		*len = in->n;
	in->p += *len;
	in->n -= *len;
	return p;
}

static bool errno_ok(void)
{
	switch (errno) {
	case EINVAL: case ENOKEY: case EBUSY: case ENOPROTOOPT:
	case EOPNOTSUPP: case ECONNABORTED: case ENOSYS: case EBADMSG:
	case EAGAIN: case ENOENT: case EMSGSIZE: case EBADF: case ENOTSOCK:
	case EFAULT: case ENOMEM: case ENOTCONN: case EPIPE:
		return true;
	}
	return false;
}

/*
 * The cmsgs of one sendmsg: ALG_SET_OP, ALG_SET_IV of a fuzzed length and
 * ALG_SET_AEAD_ASSOCLEN as tests/lib builds them, then two malformations
 * the builder never makes: an af_alg_iv.ivlen other than the room the
 * cmsg has for it, and a SOL_ALG cmsg of an unknown type.
 */
static void cmsgs(struct in *in, struct msghdr *m, uint8_t *buf, size_t cap)
{
	struct afalg_ctl c = AFALG_CTL_NONE;
	unsigned int what = byte(in);
	uint8_t iv[40] = { 0 };
	struct cmsghdr *h;
	size_t used, l;

	if (what & 1)
		c.op = (int)(byte(in) % 3);
	if (what & 2) {
		l = byte(in) % 40;
		c.ivlen = (int)l;
		memcpy(iv, take(in, &l), l);	/* take() clips l */
		c.iv = iv;
	}
	if (what & 4)
		c.assoclen = (what & 32) ? 0x80000000L : (long)(byte(in) % 64);
	used = afalg_ctl_build(buf, cap, &c);
	m->msg_control = buf;
	m->msg_controllen = used;
	if ((what & 16) && used)
		for (h = CMSG_FIRSTHDR(m); h; h = CMSG_NXTHDR(m, h))
			if (h->cmsg_type == ALG_SET_IV)
				*(uint32_t *)CMSG_DATA(h) = byte(in);
	if ((what & 8) && used + CMSG_SPACE(0) <= cap) {
		h = (struct cmsghdr *)(buf + used);
		h->cmsg_level = SOL_ALG;
		h->cmsg_type = 9;
		h->cmsg_len = CMSG_LEN(0);
		used += CMSG_SPACE(0);
	}
	m->msg_controllen = used;
	if (!used)
		m->msg_control = NULL;
}

/* receive buffers and control-message space, shared by every step */
static uint8_t out[3][4096];
static uint64_t ctl[64];

/* ops 1 and 2: bind to a listed algorithm, or to raw name bytes */
static void step_bind(int fd, bool listed, struct in *in)
{
	struct sockaddr_alg sa;
	const uint8_t *name;
	int i = (int)byte(in), r;
	size_t len;

	if (listed) {
		r = afalg_bind(fd, types[i & 3], algs[i & 3][(i >> 2) % 6]);
	} else {
		memset(&sa, 0, sizeof(sa));
		sa.salg_family = AF_ALG;
		strcpy((char *)sa.salg_type, types[i & 3]);
		len = byte(in) % 64;
		name = take(in, &len);
		memcpy(sa.salg_name, name, len);
		len = 24 + (i >> 2) % 66;
		r = bind(fd, (struct sockaddr *)&sa, (socklen_t)len);
	}
	if (r < 0 && !errno_ok())
		abort();
}

/* op 3: setkey */
static void step_setkey(int fd, struct in *in)
{
	const uint8_t *key;
	size_t len = byte(in) % 80;

	key = take(in, &len);
	if (setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, (socklen_t)len) < 0 &&
	    !errno_ok())
		abort();
}

/* @fd[@i] = @r (a new descriptor), closing what was in that slot */
static void put_slot(int *fd, int i, int r)
{
	if (fd[i] >= 0)
		close(fd[i]);
	fd[i] = r;
}

/* ops 7 and 8: sendmsg of some input bytes, perhaps with cmsgs */
static void step_sendmsg(int fd, struct in *in)
{
	struct msghdr m;
	struct iovec v;
	size_t len, want;
	ssize_t n;
	int i;

	memset(&m, 0, sizeof(m));
	i = (int)byte(in);
	if (i & 1)
		cmsgs(in, &m, (uint8_t *)ctl, sizeof(ctl));
	want = ((size_t)byte(in) << 4) | (i >> 4);
	len = want;
	v.iov_base = (void *)take(in, &len);
	v.iov_len = len;
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	n = sendmsg(fd, &m, MSG_DONTWAIT | ((i & 2) ? MSG_MORE : 0));
	if ((n < 0 && !errno_ok()) || n > (ssize_t)len)
		abort();
}

/* ops 9 and 10: recvmsg into 1-3 iovecs */
static void step_recvmsg(int fd, struct in *in)
{
	int i = (int)byte(in), k;
	struct iovec v[3];
	struct msghdr m;
	size_t want = 0;
	ssize_t n;

	memset(&m, 0, sizeof(m));
	for (k = 0; k < 1 + (i & 1) + ((i >> 1) & 1); k++) {
		v[k].iov_base = out[k];
		v[k].iov_len = byte(in) * 16 % sizeof(out[k]);
		want += v[k].iov_len;
	}
	m.msg_iov = v;
	m.msg_iovlen = (size_t)k;
	n = recvmsg(fd, &m, MSG_DONTWAIT | ((i & 4) ? MSG_TRUNC : 0));
	if ((n < 0 && !errno_ok()) || (n > (ssize_t)want && !(i & 4)))
		abort();
}

/* op 15: the fork handlers, or an empty write */
static void step_other(int fd, struct in *in)
{
	ssize_t n;

	switch (byte(in) & 3) {
	case 1:	/* fork()'s prepare handler: share all */
		afs_table_lock();
		afs_share_all_locked();
		afs_table_unlock();
		break;
	case 2:	/* and the child's handler, here */
		afs_atfork_child();
		break;
	default: /* rng send, getsockopt, an empty write */
		n = write(fd, out[0], 0);
		if (n < 0 && !errno_ok())
			abort();
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, size };
	int fd[SLOTS], i, s, r, steps = 0;
	struct pollfd p;
	size_t len;
	ssize_t n;

	for (i = 0; i < SLOTS; i++)
		fd[i] = -1;
	while (in.n && steps++ < 64) {
		unsigned int op = byte(&in);

		s = (op >> 4) % SLOTS;
		switch (op & 15) {
		case 0:		/* socket, in the slot's number if it had one */
			put_slot(fd, s, -1);
			fd[s] = socket(AF_ALG, SOCK_SEQPACKET | SOCK_NONBLOCK, 0);
			break;
		case 1:
		case 2:
			step_bind(fd[s], (op & 15) == 1, &in);
			break;
		case 3:
			step_setkey(fd[s], &in);
			break;
		case 4:		/* authsize (the value is the optlen) */
			r = setsockopt(fd[s], SOL_ALG, ALG_SET_AEAD_AUTHSIZE,
				       NULL, byte(&in) % 24);
			if (r < 0 && !errno_ok())
				abort();
			break;
		case 5:		/* accept into another slot */
		case 6:
			i = (int)byte(&in) % SLOTS;
			r = accept4(fd[s], NULL, NULL, SOCK_NONBLOCK);
			if (r < 0 && !errno_ok())
				abort();
			if (r >= 0)
				put_slot(fd, i, r);
			break;
		case 7:
		case 8:
			step_sendmsg(fd[s], &in);
			break;
		case 9:
		case 10:
			step_recvmsg(fd[s], &in);
			break;
		case 11:	/* read of 0..255 bytes */
			len = byte(&in);
			n = read(fd[s], out[0], len);
			if ((n < 0 && !errno_ok()) || n > (ssize_t)len)
				abort();
			break;
		case 12:	/* dup into another slot */
			i = (int)byte(&in) % SLOTS;
			r = dup(fd[s]);
			if (r >= 0)
				put_slot(fd, i, r);
			break;
		case 13:	/* poll */
			p = (struct pollfd){ .fd = fd[s], .events = POLLIN | POLLOUT };
			if (poll(&p, 1, 0) < 0 && errno != EINTR)
				abort();
			break;
		case 14:	/* close */
			put_slot(fd, s, -1);
			break;
		default:
			step_other(fd[s], &in);
			break;
		}
	}
	for (i = 0; i < SLOTS; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	return 0;
}
