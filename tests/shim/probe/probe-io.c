// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe: AIO, sendfile/splice/vmsplice, poll/select and
 * ALG_SET_KEY_BY_KEY_SERIAL.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <linux/keyctl.h>
#include <linux/netlink.h>
#include <linux/cryptouser.h>

#include "probe.h"

#define KEYLEN 32

/* a keyed chacha20 op socket, its tfm and key */
struct sk {
	int tfm, op;
	uint8_t key[KEYLEN];
};

static int sk_open(struct sk *s, const char *name, unsigned int klen)
{
	fill_random(s->key, sizeof(s->key));
	s->tfm = afalg_tfm("skcipher", name, SOCK_CLOEXEC);
	if (s->tfm < 0)
		return -1;
	if (afalg_setkey(s->tfm, s->key, klen) < 0)
		return -1;
	s->op = afalg_accept(s->tfm, SOCK_CLOEXEC);
	return s->op < 0 ? -1 : 0;
}

static void sk_close(struct sk *s)
{
	close(s->op);
	close(s->tfm);
}

static int tmpfile_with(const void *data, size_t n)
{
	char path[] = "/tmp/shim-probe-XXXXXX";
	int fd = mkstemp(path);

	if (fd < 0)
		return -1;
	unlink(path);
	if (write(fd, data, n) != (ssize_t)n)
		return -1;
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* ------------------------------------------------------------------ */
/* AIO                                                                 */

/* collect exactly @n events (1 s timeout) */
static long collect(aio_context_t ctx, struct io_event *ev, long n)
{
	struct timespec ts = { 1, 0 };
	long got = 0, r;

	while (got < n) {
		r = sys_io_getevents(ctx, n - got, n - got, ev + got, &ts);
		if (r <= 0)
			break;
		got += r;
	}
	return got;
}

/* what the AIO steps share: a context, an eventfd, a chacha20 socket */
struct aio_run {
	aio_context_t ctx;
	int efd;
	struct sk s;
	uint8_t pt[3 * 4096], iv[16];
};

/* one PREAD with an eventfd, as OpenSSL's afalg engine does */
static void aio_one_pread(struct aio_run *a)
{
	uint8_t ct[4096], want[4096];
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev[1];
	uint64_t cnt = 0;
	long r;

	afalg_send(a->s.op, ALG_OP_ENCRYPT, a->iv, 16, -1, a->pt, 4096, 0);
	aio_prep(&cb, a->s.op, IOCB_CMD_PREAD, ct, 4096, a->efd, 0x1234);
	r = sys_io_submit(a->ctx, 1, cbs);
	check(r == 1, "aio: io_submit of one PREAD returns 1 (got %ld)", r);
	r = read(a->efd, &cnt, 8);
	check(r == 8 && cnt == 1, "aio: the eventfd counts one completion (%llu)",
	      (unsigned long long)cnt);
	r = collect(a->ctx, ev, 1);
	ossl_cipher("chacha20", 1, a->s.key, a->iv, a->pt, 4096, want);
	check(r == 1 && ev[0].res == 4096 && ev[0].data == 0x1234 &&
	      ev[0].obj == (uint64_t)(uintptr_t)&cb && !ev[0].res2,
	      "aio: io_getevents returns the event (res %lld data %llx)",
	      (long long)ev[0].res, (unsigned long long)ev[0].data);
	check(!memcmp(ct, want, 4096), "aio: PREAD output equals OpenSSL ChaCha20");
}

/*
 * libkcapi's AIO: one final request, read back by several iocbs in one
 * io_submit.  Each iocb is one recvmsg; chacha20 does not write its IV
 * back, so every chunk starts from the socket IV (as in the kernel).
 */
static void aio_chunked_preads(struct aio_run *a)
{
	uint8_t ct[3 * 4096], want[3 * 4096];
	struct iocb cb[3], *cbs[3];
	struct io_event ev[3];
	uint64_t cnt = 0;
	long r;
	int i;

	afalg_send(a->s.op, ALG_OP_ENCRYPT, a->iv, 16, -1, a->pt, sizeof(a->pt), 0);
	for (i = 0; i < 3; i++) {
		aio_prep(&cb[i], a->s.op, IOCB_CMD_PREAD, ct + 4096 * i, 4096,
			 a->efd, (uint64_t)i);
		cbs[i] = &cb[i];
	}
	r = sys_io_submit(a->ctx, 3, cbs);
	check(r == 3, "aio: io_submit of three PREADs returns 3 (%ld)", r);
	read(a->efd, &cnt, 8);
	check(cnt == 3, "aio: eventfd counts 3 (%llu)", (unsigned long long)cnt);
	r = collect(a->ctx, ev, 3);
	check(r == 3 && ev[0].res == 4096 && ev[1].res == 4096 &&
	      ev[2].res == 4096, "aio: three events of 4096 bytes");
	for (i = 0; i < 3; i++)
		ossl_cipher("chacha20", 1, a->s.key, a->iv, a->pt + 4096 * i, 4096,
			    want + 4096 * i);
	check(!memcmp(ct, want, sizeof(ct)),
	      "aio: each chunk equals OpenSSL ChaCha20 from the socket IV");
}

/*
 * An iocb on a regular file in the same submission goes to the kernel.
 * Return: the file (a descriptor that is not an eventfd, for later).
 */
static int aio_file_and_socket(struct aio_run *a)
{
	uint8_t ct[4096], want[4096], wd[64], fbuf[100];
	struct iocb cb[2], *cbs[2] = { &cb[0], &cb[1] };
	struct io_event ev[2];
	long r;
	int ffd;

	ossl_cipher("chacha20", 1, a->s.key, a->iv, a->pt, 4096, want);
	fill_random(wd, sizeof(wd));
	ffd = tmpfile_with(wd, sizeof(wd));
	afalg_send(a->s.op, ALG_OP_DECRYPT, a->iv, 16, -1, want, 4096, 0);
	aio_prep(&cb[0], ffd, IOCB_CMD_PREAD, fbuf, 64, -1, 7);
	aio_prep(&cb[1], a->s.op, IOCB_CMD_PREAD, ct, 4096, -1, 8);
	r = sys_io_submit(a->ctx, 2, cbs);
	check(r == 2, "aio: mixed file + AF_ALG submission returns 2 (%ld)", r);
	r = collect(a->ctx, ev, 2);
	if (r == 2 && ev[0].data == 8) {
		struct io_event t = ev[0];

		ev[0] = ev[1];
		ev[1] = t;
	}
	check(r == 2 && ev[0].data == 7 && ev[0].res == 64 &&
	      !memcmp(fbuf, wd, 64), "aio: the file iocb completes with file data");
	check(r == 2 && ev[1].data == 8 && ev[1].res == 4096 &&
	      !memcmp(ct, a->pt, 4096), "aio: the AF_ALG iocb decrypts");
	return ffd;
}

/* offsets, opcodes and RESFDs the kernel refuses; @ffd is no eventfd */
static void aio_refusals(struct aio_run *a, int ffd)
{
	uint8_t ct[64], want[64];
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev[1];
	long r;

	/* sock_read_iter(): a non-zero offset is ESPIPE, per event */
	afalg_send(a->s.op, ALG_OP_ENCRYPT, a->iv, 16, -1, a->pt, 64, 0);
	aio_prep(&cb, a->s.op, IOCB_CMD_PREAD, ct, 64, -1, 9);
	cb.aio_offset = 5;
	r = sys_io_submit(a->ctx, 1, cbs);
	r = r == 1 ? collect(a->ctx, ev, 1) : -1;
	check(r == 1 && ev[0].res == -ESPIPE, "aio: offset 5 completes with -ESPIPE (%lld)",
	      (long long)ev[0].res);
	/* the request is still queued: read it normally */
	check(read(a->s.op, ct, 64) == 64, "aio: the data is still there afterwards");

	/* unsupported opcode on a socket: io_submit fails with EINVAL */
	aio_prep(&cb, a->s.op, IOCB_CMD_FSYNC, NULL, 0, -1, 10);
	errno = 0;
	r = sys_io_submit(a->ctx, 1, cbs);
	check(r == -1 && errno == EINVAL, "aio: FSYNC on an op socket is EINVAL");

	/* a bad RESFD: EBADF at submission, nothing consumed */
	afalg_send(a->s.op, ALG_OP_ENCRYPT, a->iv, 16, -1, a->pt, 64, 0);
	aio_prep(&cb, a->s.op, IOCB_CMD_PREAD, ct, 64, 1000, 11);
	errno = 0;
	r = sys_io_submit(a->ctx, 1, cbs);
	check(r == -1 && errno == EBADF, "aio: RESFD not open is EBADF");
	aio_prep(&cb, a->s.op, IOCB_CMD_PREAD, ct, 64, ffd, 11);
	errno = 0;
	r = sys_io_submit(a->ctx, 1, cbs);
	check(r == -1 && errno == EINVAL, "aio: RESFD not an eventfd is EINVAL");
	check(read(a->s.op, ct, 64) == 64, "aio: the request is still queued");
	ossl_cipher("chacha20", 1, a->s.key, a->iv, a->pt, 64, want);
	check(!memcmp(ct, want, 64), "aio: and decrypts correctly");
}

/* hash op socket: PWRITE the data, PREAD the digest */
static void aio_hash(struct aio_run *a)
{
	uint8_t digest[32], wd[64];
	struct iocb cb[2], *cbs[2] = { &cb[0], &cb[1] };
	struct io_event ev[2];
	unsigned int wl;
	int hash, hop;
	long r;

	hash = afalg_tfm("hash", "sha256", SOCK_CLOEXEC);
	hop = afalg_accept(hash, SOCK_CLOEXEC);
	aio_prep(&cb[0], hop, IOCB_CMD_PWRITE, a->pt, 1000, -1, 12);
	aio_prep(&cb[1], hop, IOCB_CMD_PREAD, digest, 32, -1, 13);
	r = sys_io_submit(a->ctx, 2, cbs);
	r = r == 2 ? collect(a->ctx, ev, 2) : -1;
	ossl_digest("sha256", a->pt, 1000, wd, &wl);
	check(r == 2 && ev[0].res == 1000 && ev[1].res == 32 &&
	      !memcmp(digest, wd, 32), "aio: PWRITE + PREAD on a hash op socket");
	close(hop);
	close(hash);
}

/* AEAD through AIO: AAD || CT || TAG */
static void aio_aead(struct aio_run *a)
{
	uint8_t aad[20], ae[20 + 100 + 16], nonce[12], ct[136], want[136];
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev[1];
	uint64_t cnt;
	int aead, aop;
	long r;

	aead = afalg_tfm("aead", "rfc7539(chacha20,poly1305)", SOCK_CLOEXEC);
	afalg_setkey(aead, a->s.key, 32);
	aop = afalg_accept(aead, SOCK_CLOEXEC);
	fill_random(aad, sizeof(aad));
	fill_random(nonce, sizeof(nonce));
	memcpy(ae, aad, 20);
	memcpy(ae + 20, a->pt, 100);
	afalg_send(aop, ALG_OP_ENCRYPT, nonce, 12, 20, ae, 120, 0);
	aio_prep(&cb, aop, IOCB_CMD_PREAD, ct, 136, a->efd, 14);
	r = sys_io_submit(a->ctx, 1, cbs);
	read(a->efd, &cnt, 8);
	r = r == 1 ? collect(a->ctx, ev, 1) : -1;
	memcpy(want, aad, 20);
	ossl_chachapoly_enc(a->s.key, nonce, aad, 20, a->pt, 100, want + 20);
	check(r == 1 && ev[0].res == 136 && !memcmp(ct, want, 136),
	      "aio: rfc7539 encrypt gives AAD || CT || TAG (res %lld)",
	      (long long)ev[0].res);
	close(aop);
	close(aead);
}

int cmd_aio(void)
{
	struct aio_run a = { 0 };
	struct timespec zero = { 0, 0 };
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev[4];
	uint8_t ct[64];
	int ffd;
	long r;

	if (sys_io_setup(16, &a.ctx) < 0) {
		skip("aio: io_setup: %s", strerror(errno));
		return 0;
	}
	a.efd = eventfd(0, EFD_CLOEXEC);
	if (sk_open(&a.s, "chacha20", 32) < 0) {
		fail("aio: chacha20 op socket: %s", strerror(errno));
		return 1;
	}
	fill_random(a.pt, sizeof(a.pt));
	fill_random(a.iv, sizeof(a.iv));
	aio_one_pread(&a);
	aio_chunked_preads(&a);
	ffd = aio_file_and_socket(&a);
	aio_refusals(&a, ffd);
	aio_hash(&a);
	aio_aead(&a);

	/* nothing pending: a zero timeout returns 0 */
	r = sys_io_getevents(a.ctx, 0, 4, ev, &zero);
	check(r == 0, "aio: io_getevents with nothing pending returns 0");
	check(sys_io_destroy(a.ctx) == 0, "aio: io_destroy");
	aio_prep(&cb, a.s.op, IOCB_CMD_PREAD, ct, 64, -1, 15);
	errno = 0;
	r = sys_io_submit(a.ctx, 1, cbs);
	check(r == -1 && errno == EINVAL, "aio: io_submit on a destroyed context is EINVAL");
	sk_close(&a.s);
	close(ffd);
	close(a.efd);
	return 0;
}

/* ------------------------------------------------------------------ */
/* sendfile, splice, vmsplice                                          */

int cmd_splice(void)
{
	static uint8_t pt[100000], ct[100000], want[100000];
	uint8_t iv[16], d[64], wd[64];
	unsigned int wl;
	struct sk s;
	off_t off;
	int ffd, p[2], hash, hop;
	ssize_t r;

	fill_random(pt, sizeof(pt));
	fill_random(iv, sizeof(iv));
	if (sk_open(&s, "chacha20", 32) < 0) {
		fail("splice: chacha20 op socket: %s", strerror(errno));
		return 1;
	}
	ffd = tmpfile_with(pt, sizeof(pt));

	/* control first, then the file: the last chunk ends the request */
	afalg_send(s.op, ALG_OP_ENCRYPT, iv, 16, -1, NULL, 0, MSG_MORE);
	r = sendfile(s.op, ffd, NULL, sizeof(pt));
	check(r == (ssize_t)sizeof(pt), "splice: sendfile of 100000 bytes into skcipher (%zd)", r);
	check(lseek(ffd, 0, SEEK_CUR) == (off_t)sizeof(pt),
	      "splice: sendfile without offset advances the file position");
	r = afalg_read_full(s.op, ct, sizeof(ct));
	ossl_cipher("chacha20", 1, s.key, iv, pt, sizeof(pt), want);
	check(r == (ssize_t)sizeof(ct) && !memcmp(ct, want, sizeof(ct)),
	      "splice: sendfile then read equals OpenSSL ChaCha20");

	/* with an offset: *off advances, the file position does not */
	lseek(ffd, 0, SEEK_SET);
	off = 1000;
	afalg_send(s.op, ALG_OP_ENCRYPT, iv, 16, -1, NULL, 0, MSG_MORE);
	r = sendfile(s.op, ffd, &off, 5000);
	check(r == 5000 && off == 6000 && lseek(ffd, 0, SEEK_CUR) == 0,
	      "splice: sendfile with an offset (r %zd off %lld)", r, (long long)off);
	r = afalg_read_full(s.op, ct, 5000);
	ossl_cipher("chacha20", 1, s.key, iv, pt + 1000, 5000, want);
	check(r == 5000 && !memcmp(ct, want, 5000),
	      "splice: sendfile with an offset encrypts the right bytes");

	/* vmsplice into a pipe, splice into the op socket, as libkcapi does */
	if (pipe2(p, O_CLOEXEC) == 0) {
		struct iovec v = { pt, 65536 };

		fcntl(p[1], F_SETPIPE_SZ, 17 * 4096);
		afalg_send(s.op, ALG_OP_ENCRYPT, iv, 16, -1, NULL, 0, MSG_MORE);
		r = vmsplice(p[1], &v, 1, SPLICE_F_GIFT);
		if (r < 0) {
			skip("splice: vmsplice: %s", strerror(errno));
		} else {
			r = splice(p[0], NULL, s.op, NULL, 65536, SPLICE_F_MORE);
			check(r == 65536, "splice: splice(pipe -> skcipher, SPLICE_F_MORE) (%zd)", r);
			v.iov_base = pt + 65536;
			v.iov_len = 10000;
			vmsplice(p[1], &v, 1, SPLICE_F_GIFT);
			r = splice(p[0], NULL, s.op, NULL, 10000, 0);
			check(r == 10000, "splice: final splice without SPLICE_F_MORE");
			r = afalg_read_full(s.op, ct, 75536);
			ossl_cipher("chacha20", 1, s.key, iv, pt, 75536, want);
			check(r == 75536 && !memcmp(ct, want, 75536),
			      "splice: vmsplice+splice equals OpenSSL ChaCha20");
		}

		/* hash: SPLICE_F_MORE keeps the update open until send(0) */
		hash = afalg_tfm("hash", "sha256", SOCK_CLOEXEC);
		hop = afalg_accept(hash, SOCK_CLOEXEC);
		write(p[1], pt, 3000);
		r = splice(p[0], NULL, hop, NULL, 3000, SPLICE_F_MORE);
		send(hop, NULL, 0, 0);
		r = read(hop, d, sizeof(d));
		ossl_digest("sha256", pt, 3000, wd, &wl);
		check(r == 32 && !memcmp(d, wd, 32),
		      "splice: splice into hash + send(NULL, 0, 0) finalises");

		/* splice(op socket -> pipe) is a read of the digest */
		send(hop, pt, 777, 0);
		r = splice(hop, NULL, p[1], NULL, 64, 0);
		memset(d, 0, sizeof(d));
		check(r == 32 && read(p[0], d, 64) == 32,
		      "splice: splice(hash -> pipe) moves the 32-byte digest");
		ossl_digest("sha256", pt, 777, wd, &wl);
		check(!memcmp(d, wd, 32), "splice: the digest through the pipe is right");

		/* sendfile longer than the file: MSG_MORE stays, read finalises */
		lseek(ffd, 0, SEEK_SET);
		r = sendfile(hop, ffd, NULL, sizeof(pt) + 5000);
		check(r == (ssize_t)sizeof(pt), "splice: sendfile past EOF sends the file (%zd)", r);
		r = read(hop, d, 64);
		ossl_digest("sha256", pt, sizeof(pt), wd, &wl);
		check(r == 32 && !memcmp(d, wd, 32),
		      "splice: hash of a sendfile past EOF is the file's hash");
		close(hop);
		close(hash);
		close(p[0]);
		close(p[1]);
	}
	sk_close(&s);
	close(ffd);
	return 0;
}

/* ------------------------------------------------------------------ */
/* poll, ppoll, select, pselect                                        */

static int poll1(int fd, short events)
{
	struct pollfd p = { .fd = fd, .events = events };
	int r = poll(&p, 1, 0);

	return r < 0 ? -1 : p.revents;
}

static void *write_later(void *arg)
{
	int fd = *(int *)arg;

	usleep(100000);
	write(fd, "x", 1);
	return NULL;
}

/* more than the TX budget, and the output when draining it */
static uint8_t poll_big[300000], poll_sink[300000];
static const short poll_in = POLLIN | POLLRDNORM, poll_out = POLLOUT | POLLWRNORM;

/* af_alg_poll(): the events follow the queue and the TX budget */
static void poll_skcipher(struct sk *s)
{
	int r;

	r = poll1(s->op, POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM);
	check(r == (poll_in | poll_out | 0) || r == (poll_in | poll_out | POLLWRBAND),
	      "poll: fresh skcipher op socket POLLIN|POLLOUT (0x%x)", r);
	afalg_send(s->op, ALG_OP_ENCRYPT, s->key, 16, -1, NULL, 0, MSG_MORE);
	r = poll1(s->op, POLLIN | POLLOUT);
	check(r == POLLOUT, "poll: after a MSG_MORE control message only POLLOUT (0x%x)", r);
	send(s->op, poll_big, 100, MSG_MORE);
	r = poll1(s->op, POLLIN | POLLOUT);
	check(r == (POLLIN | POLLOUT), "poll: with queued data POLLIN|POLLOUT (0x%x)", r);
	/* fill the TX budget */
	while (send(s->op, poll_big, sizeof(poll_big), MSG_MORE | MSG_DONTWAIT) > 0)
		;
	check(errno == EAGAIN, "poll: MSG_DONTWAIT send without budget is EAGAIN");
	r = poll1(s->op, POLLIN | POLLOUT);
	check(r == POLLIN, "poll: full TX budget: POLLIN only (0x%x)", r);
}

/* mixed with a pipe: ours answered, the pipe asked the kernel */
static void poll_mixed(struct sk *s, int hop, const int p[2])
{
	struct timespec z = { 0, 0 };
	struct pollfd pv[3];
	pthread_t th;
	int r;

	write(p[1], "a", 1);
	pv[0] = (struct pollfd){ .fd = s->op, .events = POLLOUT };
	pv[1] = (struct pollfd){ .fd = p[0], .events = POLLIN };
	pv[2] = (struct pollfd){ .fd = hop, .events = POLLIN };
	r = poll(pv, 3, 1000);
	check(r == 1 && !pv[0].revents && pv[1].revents == POLLIN && !pv[2].revents,
	      "poll: mixed set: only the pipe is ready (r %d)", r);
	read(p[0], poll_big, 1);
	/* nothing of ours ready: poll still waits for the real descriptors */
	pthread_create(&th, NULL, write_later, (void *)&p[1]);
	r = poll(pv, 3, 5000);
	pthread_join(th, NULL);
	check(r == 1 && pv[1].revents == POLLIN,
	      "poll: blocks on the real descriptors until the pipe is written");
	read(p[0], poll_big, 1);
	r = ppoll(pv, 3, &z, NULL);
	check(r == 0, "ppoll: nothing ready with a zero timeout (r %d)", r);
}

/* select: the same answers through fd_sets */
static void poll_select(struct sk *s, int hop, const int p[2])
{
	struct timespec z = { 0, 0 };
	struct timeval tv = { 0, 0 };
	fd_set rs, ws;
	ssize_t n;
	int r;

	FD_ZERO(&rs);
	FD_ZERO(&ws);
	FD_SET(s->op, &rs);
	FD_SET(s->op, &ws);
	FD_SET(hop, &rs);
	FD_SET(s->tfm, &ws);
	FD_SET(p[0], &rs);
	r = select(FD_SETSIZE > 1024 ? 1024 : FD_SETSIZE, &rs, &ws, NULL, &tv);
	check(r == 1 && FD_ISSET(s->op, &rs) && !FD_ISSET(s->op, &ws) &&
	      !FD_ISSET(hop, &rs) && !FD_ISSET(s->tfm, &ws) && !FD_ISSET(p[0], &rs),
	      "select: only the skcipher socket is readable (r %d)", r);
	/* drain: the socket becomes writable again */
	n = recv(s->op, poll_sink, sizeof(poll_sink), MSG_DONTWAIT);
	check(n > 0, "poll: recv drains whole blocks (%zd)", n);
	FD_ZERO(&ws);
	FD_SET(s->op, &ws);
	write(p[1], "b", 1);
	FD_ZERO(&rs);
	FD_SET(p[0], &rs);
	r = pselect(FD_SETSIZE, &rs, &ws, NULL, &z, NULL);
	check(r == 2 && FD_ISSET(s->op, &ws) && FD_ISSET(p[0], &rs),
	      "pselect: skcipher writable again and the pipe readable (r %d)", r);
	read(p[0], poll_big, 1);
}

/* NETLINK_CRYPTO: writable, readable once a reply is queued */
static void poll_netlink(void)
{
	struct {
		struct nlmsghdr h;
		struct crypto_user_alg a;
	} req;
	int nl, r;

	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	if (nl < 0)
		return;
	r = poll1(nl, POLLIN | POLLOUT);
	check(r == POLLOUT, "poll: NETLINK_CRYPTO idle: POLLOUT (0x%x)", r);
	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = sizeof(req);
	req.h.nlmsg_type = CRYPTO_MSG_GETALG;
	req.h.nlmsg_flags = NLM_F_REQUEST;
	strcpy(req.a.cru_name, "sha256");
	send(nl, &req, sizeof(req), 0);
	r = poll1(nl, POLLIN | POLLOUT);
	check(r == (POLLIN | POLLOUT), "poll: NETLINK_CRYPTO with a reply: POLLIN|POLLOUT (0x%x)", r);
	close(nl);
}

int cmd_poll(void)
{
	struct sk s;
	int hash, hop, rng, rop, p[2];

	if (sk_open(&s, "chacha20", 32) < 0) {
		fail("poll: op socket: %s", strerror(errno));
		return 1;
	}
	hash = afalg_tfm("hash", "sha256", SOCK_CLOEXEC);
	hop = afalg_accept(hash, SOCK_CLOEXEC);
	pipe2(p, O_CLOEXEC);

	/* sockets without .poll report nothing */
	check(poll1(s.tfm, POLLIN | POLLOUT) == 0, "poll: tfm socket reports no events");
	check(poll1(hop, POLLIN | POLLOUT) == 0, "poll: hash op socket reports no events");
	poll_skcipher(&s);
	poll_mixed(&s, hop, p);
	poll_select(&s, hop, p);

	/* rng sockets have no .poll either */
	rng = afalg_tfm("rng", "stdrng", SOCK_CLOEXEC);
	if (rng >= 0) {
		rop = afalg_accept(rng, SOCK_CLOEXEC);
		check(poll1(rop, POLLIN | POLLOUT) == 0, "poll: rng op socket reports no events");
		close(rop);
		close(rng);
	} else {
		skip("poll: rng op socket: stdrng not served (%s)", strerror(errno));
	}
	poll_netlink();
	close(hop);
	close(hash);
	close(p[0]);
	close(p[1]);
	sk_close(&s);
	return 0;
}

/* ------------------------------------------------------------------ */
/* ALG_SET_KEY_BY_KEY_SERIAL                                           */

int cmd_keyring(void)
{
	uint8_t key[37], msg[500], mac[32], want[64];
	unsigned int wl;
	int32_t serial, logon, ring;
	int t, op, r;

	fill_random(key, sizeof(key));
	fill_random(msg, sizeof(msg));
	serial = sys_add_key("user", "afalg-shim-probe", key, sizeof(key));
	if (serial < 0) {
		skip("keyring: add_key: %s", strerror(errno));
		return 0;
	}
	t = afalg_tfm("hash", "hmac(sha256)", SOCK_CLOEXEC);
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &serial,
		       sizeof(serial));
	check(r == 0, "keyring: user key sets an hmac(sha256) key");
	op = afalg_accept(t, SOCK_CLOEXEC);
	send(op, msg, sizeof(msg), 0);
	r = read(op, mac, sizeof(mac));
	ossl_hmac("sha256", key, sizeof(key), msg, sizeof(msg), want, &wl);
	check(r == 32 && !memcmp(mac, want, 32), "keyring: HMAC with the keyring key equals OpenSSL");
	close(op);

	errno = 0;
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &serial, 8);
	check(r < 0 && errno == EINVAL, "keyring: optlen 8 is EINVAL");
	errno = 0;
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &serial, 2);
	check(r < 0 && errno == EINVAL, "keyring: optlen 2 is EINVAL");

	/* a keyring is not a key type AF_ALG takes */
	ring = sys_add_key("keyring", "afalg-shim-ring", NULL, 0);
	errno = 0;
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &ring, 4);
	check(r < 0 && errno == ENOPROTOOPT, "keyring: a keyring is ENOPROTOOPT");

	/* logon keys: the kernel takes them, the shim cannot read them (D6) */
	logon = sys_add_key("logon", "afalg:probe", key, 16);
	if (logon >= 0) {
		errno = 0;
		r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &logon, 4);
		check(r < 0 && errno == ENOPROTOOPT,
		      "keyring: logon key is ENOPROTOOPT under the shim (DIVERGENCE D6)");
	} else {
		skip("keyring: logon key: %s", strerror(errno));
	}

	/* revoked, then a serial that does not exist */
	sys_keyctl(KEYCTL_REVOKE, (unsigned long)serial);
	errno = 0;
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &serial, 4);
	check(r < 0 && errno == EKEYREVOKED, "keyring: a revoked key is EKEYREVOKED");
	serial = 0x7ffffff0;
	errno = 0;
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &serial, 4);
	check(r < 0 && errno == ENOKEY, "keyring: an unknown serial is ENOKEY");
	/* the failed attempts left the previous key in place? no: the kernel
	 * never reaches setkey on lookup errors, so the old key stays */
	op = afalg_accept(t, SOCK_CLOEXEC);
	send(op, msg, 10, 0);
	r = read(op, mac, sizeof(mac));
	ossl_hmac("sha256", key, sizeof(key), msg, 10, want, &wl);
	check(r == 32 && !memcmp(mac, want, 32),
	      "keyring: lookup errors leave the previous key in place");
	close(op);
	close(t);

	/* an unkeyed hash: setkey itself answers ENOSYS */
	serial = sys_add_key("user", "afalg-shim-probe2", key, 16);
	t = afalg_tfm("hash", "sha256", SOCK_CLOEXEC);
	errno = 0;
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &serial, 4);
	check(r < 0 && errno == ENOSYS, "keyring: user key on sha256 is ENOSYS");
	close(t);
	/* a cipher: wrong key length for chacha20 is EINVAL */
	t = afalg_tfm("skcipher", "chacha20", SOCK_CLOEXEC);
	errno = 0;
	r = setsockopt(t, SOL_ALG, ALG_SET_KEY_BY_KEY_SERIAL, &serial, 4);
	check(r < 0 && errno == EINVAL, "keyring: 16-byte key on chacha20 is EINVAL");
	close(t);
	return 0;
}
