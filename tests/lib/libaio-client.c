// SPDX-License-Identifier: GPL-2.0
/*
 * libaio-client: AF_ALG AIO through Debian's libaio, reaped by polling
 * io_getevents()/io_pgetevents() with a zero timeout, as an event loop
 * does.  libaio answers such a poll from the completion ring in user
 * memory, without a system call, while the ring's header carries
 * AIO_RING_MAGIC; the completions must still be seen.  Every output is
 * checked against OpenSSL's libcrypto.  Runs natively on a kernel with
 * AF_ALG and under the shim; prints PASS/FAIL/SKIP lines (check.h).
 * "libaio-client readonly" runs one request on a ring made read-only.
 */
#include <errno.h>
#include <fcntl.h>
#include <libaio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

#include "afalg.h"
#include "check.h"

#define RING_MAGIC 0xa10a10a1	/* fs/aio.c AIO_RING_MAGIC */
#define POLLS 200		/* zero-timeout polls, 1 ms apart */
#define CHUNK 4096

/*
 * Reap @want events of @ctx into @ev by zero-timeout polls only, through
 * io_pgetevents() (no signal mask) when @pget; at most POLLS of them.
 * Returns the number of events, or a negative errno from libaio.
 */
static int poll_events(io_context_t ctx, int want, struct io_event *ev,
		       bool pget)
{
	struct timespec zero = { 0, 0 }, ms = { 0, 1000000 };
	int got = 0, i, r;

	for (i = 0; i < POLLS && got < want; i++) {
		if (pget)
			r = io_pgetevents(ctx, 0, want - got, ev + got, &zero,
					  NULL);
		else
			r = io_getevents(ctx, 0, want - got, ev + got, &zero);
		if (r < 0)
			return r;
		got += r;
		if (got < want)
			nanosleep(&ms, NULL);
	}
	return got;
}

/* io_setup() of @nr events into @ctx; false after a SKIP line for @what */
static bool setup(const char *what, int nr, io_context_t *ctx)
{
	int r;

	*ctx = 0;
	r = io_setup(nr, ctx);
	if (r < 0)
		skip("%s: io_setup: %s", what, strerror(-r));
	return r >= 0;
}

static unsigned int ring_magic(io_context_t ctx)
{
	return ((const unsigned int *)ctx)[4];
}

/*
 * libkcapi's skcipher AIO: one sendmsg() of the whole message, then one
 * io_submit() of an iocb per 4 KiB chunk; CBC chains the IV across them.
 */
static void t_skcipher(bool pget)
{
	const char *how = pget ? "io_pgetevents" : "io_getevents";
	char what[64];
	uint8_t key[16], iv[16], pt[3 * CHUNK], ct[3 * CHUNK], want[3 * CHUNK];
	struct iocb cb[3], *cbs[3];
	struct io_event ev[3];
	io_context_t ctx;
	int tfm, op, i, r, ok;

	snprintf(what, sizeof(what), "skcipher %s", how);
	if (!setup(what, 8, &ctx))
		return;
	fill_random(key, sizeof(key));
	fill_random(iv, sizeof(iv));
	fill_random(pt, sizeof(pt));
	tfm = afalg_tfm("skcipher", "cbc(aes)", SOCK_CLOEXEC);
	if (tfm < 0 || afalg_setkey(tfm, key, sizeof(key)) < 0 ||
	    (op = afalg_accept(tfm, SOCK_CLOEXEC)) < 0) {
		fail("skcipher %s: cbc(aes) op socket -- %s", how,
		     strerror(errno));
		goto out;
	}
	if (!check(afalg_send(op, ALG_OP_ENCRYPT, iv, 16, -1, pt, sizeof(pt),
			      0) == (ssize_t)sizeof(pt),
		   "skcipher %s: sendmsg of %zu bytes", how, sizeof(pt)))
		goto out_op;
	memset(ct, 0, sizeof(ct));
	for (i = 0; i < 3; i++) {
		io_prep_pread(&cb[i], op, ct + i * CHUNK, CHUNK, 0);
		cb[i].data = (void *)(uintptr_t)(0x100 + i);
		cbs[i] = &cb[i];
	}
	r = io_submit(ctx, 3, cbs);
	if (!check(r == 3, "skcipher %s: io_submit of three PREADs returns 3 "
		   "(%d)", how, r))
		goto out_op;
	r = poll_events(ctx, 3, ev, pget);
	check(r == 3, "skcipher %s: zero-timeout polls reap the three events "
	      "(%d of 3 in %d polls)", how, r, POLLS);
	ok = r == 3;
	for (i = 0; ok && i < 3; i++)
		ok = ev[i].res == CHUNK && ev[i].res2 == 0 &&
		     ev[i].obj == &cb[i] &&
		     ev[i].data == (void *)(uintptr_t)(0x100 + i);
	check(ok, "skcipher %s: each event is its iocb's, 4096 bytes, in order",
	      how);
	ossl_cipher("aes-128-cbc", 1, key, iv, pt, sizeof(pt), want);
	check(r == 3 && !memcmp(ct, want, sizeof(ct)),
	      "skcipher %s: the chunks equal OpenSSL AES-128-CBC", how);
	r = io_getevents(ctx, 0, 3, ev, &(struct timespec){ 0, 0 });
	check(r == 0, "skcipher %s: a poll after the last event returns 0 (%d)",
	      how, r);
out_op:
	close(op);
out:
	if (tfm >= 0)
		close(tfm);
	io_destroy(ctx);
}

/* a digest (hash or hmac) read by one iocb after a send() of the message */
static void t_hash(const char *name, const char *md, bool keyed, bool pget)
{
	const char *how = pget ? "io_pgetevents" : "io_getevents";
	char what[64];
	uint8_t key[32], msg[1000], dig[64], want[64];
	unsigned int wl;
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev;
	io_context_t ctx;
	int op, r;

	snprintf(what, sizeof(what), "%s %s", name, how);
	if (!setup(what, 4, &ctx))
		return;
	fill_random(key, sizeof(key));
	fill_random(msg, sizeof(msg));
	op = afalg_hash_op(name, keyed ? key : NULL, sizeof(key));
	if (op < 0) {
		fail("%s %s: op socket -- %s", name, how, strerror(errno));
		goto out;
	}
	if (!check(send(op, msg, sizeof(msg), 0) == (ssize_t)sizeof(msg),
		   "%s %s: send of %zu bytes", name, how, sizeof(msg)))
		goto out_op;
	if (keyed)
		ossl_hmac(md, key, sizeof(key), msg, sizeof(msg), want, &wl);
	else
		ossl_digest(md, msg, sizeof(msg), want, &wl);
	memset(dig, 0, sizeof(dig));
	io_prep_pread(&cb, op, dig, wl, 0);
	cb.data = (void *)0x55;
	r = io_submit(ctx, 1, cbs);
	if (!check(r == 1, "%s %s: io_submit of a PREAD returns 1 (%d)", name,
		   how, r))
		goto out_op;
	r = poll_events(ctx, 1, &ev, pget);
	check(r == 1 && ev.res == wl && ev.obj == &cb && ev.data == (void *)0x55,
	      "%s %s: a zero-timeout poll reaps the event (%d, res %ld)", name,
	      how, r, r == 1 ? (long)ev.res : 0L);
	check(r == 1 && !memcmp(dig, want, wl),
	      "%s %s: the digest equals OpenSSL's", name, how);
out_op:
	close(op);
out:
	io_destroy(ctx);
}

/*
 * A sha256 op socket with @n bytes of @msg sent, and OpenSSL's digest of
 * them in @want; -1 after a FAIL line naming @what.
 */
static int sha256_sent(const char *what, const void *msg, size_t n,
		       uint8_t *want)
{
	unsigned int wl;
	int op;

	op = afalg_hash_op("sha256", NULL, 0);
	if (op < 0) {
		fail("%s: sha256 op socket -- %s", what, strerror(errno));
		return -1;
	}
	if (send(op, msg, n, 0) != (ssize_t)n) {
		fail("%s: send -- %s", what, strerror(errno));
		close(op);
		return -1;
	}
	ossl_digest("sha256", msg, n, want, &wl);
	return op;
}

/*
 * A file read (the kernel's own completion) and an AF_ALG read on one
 * context, both reaped by zero-timeout polls; a context that has seen only
 * the file keeps its ring magic, so libaio's fast path stays its own.
 */
static void t_mixed(void)
{
	char path[] = "/tmp/libaio-client-XXXXXX";
	uint8_t fdata[512], fbuf[512], msg[100], dig[32], want[32];
	struct iocb cb[2], *cbs[2] = { &cb[0], &cb[1] };
	struct io_event ev[2];
	io_context_t ctx;
	int fd, op, r, i, seen = 0;

	if (!setup("mixed", 4, &ctx))
		return;
	fd = mkstemp(path);
	if (fd < 0) {
		fail("mixed: mkstemp -- %s", strerror(errno));
		goto out;
	}
	unlink(path);
	fill_random(fdata, sizeof(fdata));
	fill_random(msg, sizeof(msg));
	if (pwrite(fd, fdata, sizeof(fdata), 0) != sizeof(fdata)) {
		fail("mixed: pwrite -- %s", strerror(errno));
		goto out_fd;
	}
	io_prep_pread(&cb[0], fd, fbuf, sizeof(fbuf), 0);
	r = io_submit(ctx, 1, cbs);
	r = r == 1 ? poll_events(ctx, 1, ev, false) : r;
	check(r == 1 && ev[0].obj == &cb[0] && ev[0].res == sizeof(fbuf) &&
	      !memcmp(fbuf, fdata, sizeof(fbuf)),
	      "mixed: a file PREAD alone is reaped by zero-timeout polls (%d)",
	      r);
	check(ring_magic(ctx) == RING_MAGIC,
	      "mixed: a context with no AF_ALG iocb keeps AIO_RING_MAGIC");

	op = sha256_sent("mixed", msg, sizeof(msg), want);
	if (op < 0)
		goto out_fd;
	memset(fbuf, 0, sizeof(fbuf));
	io_prep_pread(&cb[0], fd, fbuf, sizeof(fbuf), 0);
	io_prep_pread(&cb[1], op, dig, sizeof(dig), 0);
	r = io_submit(ctx, 2, cbs);
	if (!check(r == 2, "mixed: io_submit of a file and an AF_ALG PREAD "
		   "returns 2 (%d)", r))
		goto out_op;
	r = poll_events(ctx, 2, ev, false);
	for (i = 0; i < r; i++) {
		if (ev[i].obj == &cb[0] && ev[i].res == sizeof(fbuf))
			seen |= 1;
		if (ev[i].obj == &cb[1] && ev[i].res == sizeof(dig))
			seen |= 2;
	}
	check(r == 2 && seen == 3,
	      "mixed: zero-timeout polls reap both events (%d, seen %d)", r,
	      seen);
	check(!memcmp(fbuf, fdata, sizeof(fbuf)) && !memcmp(dig, want, 32),
	      "mixed: the file data and the SHA-256 (OpenSSL's) are right");
out_op:
	close(op);
out_fd:
	close(fd);
out:
	io_destroy(ctx);
}

/*
 * A ring the program made read-only: the request still completes and a
 * waiting io_getevents() (the system call) returns it; nothing faults.
 */
static void t_readonly_ring(void)
{
	struct timespec sec = { 1, 0 };
	uint8_t msg[64], dig[32], want[32];
	struct iocb cb, *cbs[1] = { &cb };
	struct io_event ev;
	io_context_t ctx;
	int op, r, round;

	if (!setup("read-only ring", 4, &ctx))
		return;
	if (mprotect(ctx, 4096, PROT_READ) < 0) {
		skip("read-only ring: mprotect: %s", strerror(errno));
		goto out;
	}
	for (round = 1; round <= 2; round++) {
		fill_random(msg, sizeof(msg));
		op = sha256_sent("read-only ring", msg, sizeof(msg), want);
		if (op < 0)
			goto out;
		memset(dig, 0, sizeof(dig));
		io_prep_pread(&cb, op, dig, sizeof(dig), 0);
		r = io_submit(ctx, 1, cbs);
		check(r == 1, "read-only ring, request %d: io_submit returns 1 "
		      "(%d)", round, r);
		r = io_getevents(ctx, 1, 1, &ev, &sec);
		check(r == 1 && ev.obj == &cb && ev.res == sizeof(dig) &&
		      !memcmp(dig, want, sizeof(dig)),
		      "read-only ring, request %d: io_getevents with a timeout "
		      "returns the SHA-256 (OpenSSL's) (%d)", round, r);
		close(op);
	}
	check(ring_magic(ctx) == RING_MAGIC,
	      "read-only ring: the magic is still there");
out:
	mprotect(ctx, 4096, PROT_READ | PROT_WRITE);
	io_destroy(ctx);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "readonly")) {
		t_readonly_ring();
		return probe_failures ? 1 : 0;
	}
	t_skcipher(false);
	t_skcipher(true);
	t_hash("sha256", "sha256", false, false);
	t_hash("hmac(sha256)", "sha256", true, true);
	t_mixed();
	return probe_failures ? 1 : 0;
}
