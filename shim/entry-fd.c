// SPDX-License-Identifier: GPL-2.0
/*
 * The interposed descriptor calls: close and dup in all their forms,
 * fcntl, ioctl, the file-to-socket transfers (sendfile, splice),
 * syscall() for AIO and the stdio streams (poll and select are in
 * entry-wait.c).  How every entry point works is in
 * entry.h.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/syscall.h>
#include <linux/aio_abi.h>

#include "entry.h"

/* ------------------------------------------------------------------ */
/* descriptors                                                         */

EXPORT int close(int fd)
{
	struct afs_sock *s;
	int r;

	if (!afs_is_ours(fd) || afs_vfork_child())
		return AFS_REAL(close)(fd);
	s = afs_remove(fd);
	r = AFS_REAL(close)(fd);
	if (s) {
		int saved = errno;

		afs_put(s);
		errno = saved;
	}
	return r;
}

/* new = dup-like(old) with the table lock held so old cannot vanish */
static int dup_common(int oldfd, int newfd, int r)
{
	struct afs_sock *so, *sn = NULL;

	so = afs_peek_locked(oldfd);
	if (r >= 0 && r != oldfd) {
		sn = afs_peek_locked(r);
		if (so)
			atomic_fetch_add(&so->ref, 1);
		afs_set_locked(r, so);
	}
	afs_table_unlock();
	if (sn) {
		int saved = errno;

		afs_put(sn);
		errno = saved;
	}
	(void)newfd;
	return r;
}

EXPORT int dup(int fd)
{
	INIT();
	if (!afs_is_ours(fd) || afs_vfork_child())
		return AFS_REAL(dup)(fd);
	afs_table_lock();
	return dup_common(fd, -1, AFS_REAL(dup)(fd));
}

EXPORT int dup2(int oldfd, int newfd)
{
	INIT();
	if ((!afs_is_ours(oldfd) && !afs_is_ours(newfd)) || afs_vfork_child())
		return AFS_REAL(dup2)(oldfd, newfd);
	afs_table_lock();
	return dup_common(oldfd, newfd, AFS_REAL(dup2)(oldfd, newfd));
}

EXPORT int dup3(int oldfd, int newfd, int flags)
{
	INIT();
	if ((!afs_is_ours(oldfd) && !afs_is_ours(newfd)) || afs_vfork_child())
		return AFS_REAL(dup3)(oldfd, newfd, flags);
	afs_table_lock();
	return dup_common(oldfd, newfd, AFS_REAL(dup3)(oldfd, newfd, flags));
}

EXPORT int fcntl(int fd, int cmd, ...)
{
	unsigned long arg;
	va_list ap;

	INIT();
	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	if ((cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) && afs_is_ours(fd) &&
	    !afs_vfork_child()) {
		afs_table_lock();
		return dup_common(fd, -1, AFS_REAL(fcntl)(fd, cmd, arg));
	}
	return AFS_REAL(fcntl)(fd, cmd, arg);
}

/* the same function under its LFS name (off_t is 64 bits here) */
EXPORT int fcntl64(int fd, int cmd, ...)
{
	unsigned long arg;
	va_list ap;

	va_start(ap, cmd);
	arg = va_arg(ap, unsigned long);
	va_end(ap);
	return fcntl(fd, cmd, arg);
}

static void forget_range(unsigned int first, unsigned int last)
{
	int m = afs_max_fd();
	unsigned int fd;
	struct afs_sock *s;
	int saved = errno;

	if (m < 0)
		return;
	if (last > (unsigned int)m)
		last = (unsigned int)m;
	for (fd = first; fd <= last && fd <= (unsigned int)INT_MAX; fd++) {
		if (!afs_is_ours((int)fd))
			continue;
		s = afs_remove((int)fd);
		if (s)
			afs_put(s);
	}
	errno = saved;
}

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

EXPORT int close_range(unsigned int first, unsigned int last, int flags)
{
	int r;

	INIT();
	/* glibc before 2.34 has no close_range() */
	r = AFS_REAL(close_range) ?
		AFS_REAL(close_range)(first, last, flags) :
		(int)AFS_REAL(syscall)(SYS_close_range, first, last, flags);
	if (r == 0 && !(flags & CLOSE_RANGE_CLOEXEC) && !afs_vfork_child())
		forget_range(first, last);
	return r;
}

EXPORT void closefrom(int lowfd)
{
	INIT();
	if (AFS_REAL(closefrom))
		AFS_REAL(closefrom)(lowfd);
	else
		AFS_REAL(syscall)(SYS_close_range, lowfd, ~0U, 0);
	if (lowfd >= 0 && !afs_vfork_child())
		forget_range((unsigned int)lowfd, ~0U);
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
	void *arg;
	va_list ap;

	INIT();
	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!afs_is_ours(fd))
		return AFS_REAL(ioctl)(fd, req, arg);
	switch (req) {
	/* handled by the VFS or the generic socket layer */
	case FIONBIO:
	case FIOASYNC:
	case FIOCLEX:
	case FIONCLEX:
	case FIOSETOWN:
	case FIOGETOWN:
	case SIOCSPGRP:
	case SIOCGPGRP:
		return AFS_REAL(ioctl)(fd, req, arg);
	default:
		return (int)afs_ret(-EOPNOTSUPP);
	}
}

/* ------------------------------------------------------------------ */
/* sendfile / splice                                                   */

#define XFER_CHUNK (64 * 1024)

static bool seekable(int fd)
{
	int saved = errno;
	bool r = lseek(fd, 0, SEEK_CUR) >= 0 || errno != ESPIPE;

	errno = saved;
	return r;
}

static bool is_fifo(int fd)
{
	struct stat st;
	int saved = errno;
	bool r = fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode);

	errno = saved;
	return r;
}

/*
 * do_splice_direct(): the file is read in pipe-sized chunks, each sent
 * with MSG_MORE except the last one when the file supplied all @count
 * bytes; a short file leaves MSG_MORE set (AF_ALG has no splice_eof).
 */
static ssize_t our_sendfile(struct afs_sock *s, int out, int in, off_t *off,
			    size_t count)
{
	static __thread uint8_t *buf __attribute__((tls_model("initial-exec")));
	size_t done = 0, want;
	ssize_t n, r;
	off_t pos = off ? *off : 0;
	struct iovec v;
	struct msghdr m;
	int saved = errno;

	/*
	 * do_sendfile(): an offset needs a pread-able input (ESPIPE), and
	 * splice_direct_to_actor() a seekable one (EINVAL for pipes and
	 * sockets), even for a count of 0.
	 */
	if (!seekable(in))
		return off ? -ESPIPE : -EINVAL;
	if (!buf && !(buf = malloc(XFER_CHUNK)))
		return -ENOMEM;
	if (count > AFS_MAX_RW_COUNT)
		count = AFS_MAX_RW_COUNT;
	while (done < count) {
		want = count - done < XFER_CHUNK ? count - done : XFER_CHUNK;
		n = off ? AFS_REAL(pread)(in, buf, want, pos) :
			  AFS_REAL(read)(in, buf, want);
		if (n < 0) {
			if (done)
				break;
			return -errno;
		}
		if (n == 0)
			break;
		afs_msg_one(&m, &v, buf, (size_t)n);
		r = afs_sendmsg(s, out, &m,
				done + (size_t)n < count ? MSG_MORE : 0);
		afs_wipe(buf, (size_t)n);	/* file data may be secret */
		if (r < 0) {
			if (!off && n > 0)	/* give back what was not sent */
				lseek(in, -n, SEEK_CUR);
			if (done)
				break;
			return r;
		}
		if (r < n && !off)
			lseek(in, r - n, SEEK_CUR);
		done += (size_t)r;
		pos += r;
		if (r < n)
			break;
	}
	if (off)
		*off = pos;
	errno = saved;
	return (ssize_t)done;
}

EXPORT ssize_t sendfile(int out, int in, off_t *off, size_t count)
{
	struct afs_sock *s;
	ssize_t r;

	INIT();
	s = afs_get(out);
	if (!s)
		return AFS_REAL(sendfile)(out, in, off, count);
	r = our_sendfile(s, out, in, off, count);
	afs_put(s);
	return afs_ret(r);
}

EXPORT ssize_t sendfile64(int out, int in, off_t *off, size_t count)
{
	return sendfile(out, in, off, count);
}

#ifndef SPLICE_F_NONBLOCK
#define SPLICE_F_NONBLOCK 2
#define SPLICE_F_MORE 4
#endif

/* do_splice(): the other end must be a pipe, and neither takes an offset */
static int splice_ends(int pipe, const loff_t *off_pipe,
		       const loff_t *off_sock)
{
	if (!is_fifo(pipe))
		return -EINVAL;
	if (off_pipe)
		return -ESPIPE;
	if (off_sock)
		return -EINVAL;
	return 0;
}

/*
 * splice(pipe -> op socket): splice_to_socket() takes what the pipe holds
 * (up to @len, waiting only while it is empty; SPLICE_F_NONBLOCK: EAGAIN),
 * sends it with MSG_MORE iff SPLICE_F_MORE (MSG_DONTWAIT for a
 * non-blocking socket) and consumes from the pipe only what the socket
 * accepted.  The pipe's bytes are looked at with tee() into a scratch
 * pipe, so a short or failed send leaves the rest where it was.
 */
static ssize_t splice_in(struct afs_sock *s, int in, int out, size_t len,
			 unsigned int flags)
{
	int scratch[2], sz;
	uint8_t *buf = NULL;
	ssize_t n, r;
	struct iovec v;
	struct msghdr m;

	if (!len)
		return 0;
	if (AFS_REAL(syscall)(SYS_pipe2, scratch, O_CLOEXEC))
		return -errno;
	sz = AFS_REAL(fcntl)(in, F_GETPIPE_SZ);
	if (sz > 0)
		AFS_REAL(fcntl)(scratch[1], F_SETPIPE_SZ, sz);
	n = tee(in, scratch[1], len, flags & SPLICE_F_NONBLOCK);
	if (n <= 0) {
		r = n < 0 ? -errno : 0;
		goto out;
	}
	buf = malloc((size_t)n);
	r = buf ? AFS_REAL(read)(scratch[0], buf, (size_t)n) : -ENOMEM;
	if (r != n) {
		r = r < 0 ? r : -EIO;
		goto out;
	}
	afs_msg_one(&m, &v, buf, (size_t)n);
	r = afs_sendmsg(s, out, &m, (flags & SPLICE_F_MORE) ? MSG_MORE : 0);
	/* the bytes sent leave the pipe: they are its first r bytes */
	if (r > 0 && AFS_REAL(read)(in, buf, (size_t)r) != r)
		r = -EIO;
	afs_wipe(buf, (size_t)n);
out:
	free(buf);
	AFS_REAL(close)(scratch[0]);
	AFS_REAL(close)(scratch[1]);
	return r;
}

/*
 * splice(op socket -> pipe): splice_file_to_pipe() first waits for room
 * (wait_for_space(): EPIPE and SIGPIPE without readers, EAGAIN when full
 * and SPLICE_F_NONBLOCK or the pipe is O_NONBLOCK), then reads at most
 * what the free slots hold (copy_splice_read()), so nothing read is lost.
 * The free slots are not visible from userspace: this reads no more than
 * the bytes that surely fit (one page when the pipe is merely not full).
 */
static ssize_t splice_out(int in, int out, size_t len, unsigned int flags)
{
	struct pollfd p = { .fd = out, .events = POLLOUT };
	int sz, used = 0, rc;
	size_t room;
	uint8_t *buf;
	ssize_t n;

	if (afs_nonblock(out))
		flags |= SPLICE_F_NONBLOCK;
	for (;;) {
		rc = AFS_REAL(poll)(&p, 1, (flags & SPLICE_F_NONBLOCK) ? 0 : -1);
		if (rc < 0)
			return -errno;
		if (p.revents & POLLERR) {
			raise(SIGPIPE);
			return -EPIPE;
		}
		if (p.revents & POLLOUT)
			break;
		if (flags & SPLICE_F_NONBLOCK)
			return -EAGAIN;
	}
	sz = AFS_REAL(fcntl)(out, F_GETPIPE_SZ);
	if (AFS_REAL(ioctl)(out, FIONREAD, &used) || sz <= 0)
		used = sz = (int)AFS_PAGE_SIZE * 2;
	/* every queued byte may sit in a slot of its own */
	room = used < sz / (int)AFS_PAGE_SIZE ?
	       (size_t)(sz / (int)AFS_PAGE_SIZE - used) * AFS_PAGE_SIZE :
	       AFS_PAGE_SIZE;
	if (len > room)
		len = room;
	if (!len)
		return 0;
	buf = malloc(len);
	if (!buf)
		return -ENOMEM;
	n = read(in, buf, len);
	if (n < 0)
		n = -errno;
	else if (n > 0 && AFS_REAL(write)(out, buf, (size_t)n) != n)
		n = -EIO;
	afs_wipe(buf, len);
	free(buf);
	return n;
}

EXPORT ssize_t splice(int in, loff_t *off_in, int out, loff_t *off_out,
		      size_t len, unsigned int flags)
{
	struct afs_sock *s;
	ssize_t r;
	int saved;

	INIT();
	if (!afs_is_ours(out) && !afs_is_ours(in))
		return AFS_REAL(splice)(in, off_in, out, off_out, len, flags);
	saved = errno;
	if (len > AFS_MAX_RW_COUNT)
		len = AFS_MAX_RW_COUNT;
	if (afs_is_ours(out)) {
		r = splice_ends(in, off_in, off_out);
		if (r)
			return afs_ret(r);
		s = afs_get(out);
		if (!s)
			return afs_ret(-EBADF);
		r = splice_in(s, in, out, len, flags);
		afs_put(s);
	} else {
		r = splice_ends(out, off_out, off_in);
		if (!r)
			r = splice_out(in, out, len, flags);
	}
	if (r >= 0)
		errno = saved;
	return afs_ret(r);
}

/* ------------------------------------------------------------------ */
/* syscall(): AIO as libkcapi and OpenSSL's afalg engine issue it      */

/* aio.c */
struct afs_aio_sigset;
AFS_HIDDEN long afs_aio_submit(aio_context_t ctx, long nr, struct iocb **v);
AFS_HIDDEN long afs_aio_getevents(aio_context_t ctx, long min_nr, long nr,
				  struct io_event *ev, struct timespec *ts);
AFS_HIDDEN long afs_aio_pgetevents(aio_context_t ctx, long min_nr, long nr,
				   struct io_event *ev, struct timespec *ts,
				   const struct afs_aio_sigset *usig);
AFS_HIDDEN long afs_aio_destroy(aio_context_t ctx);

EXPORT long syscall(long nr, ...)
{
	long a[6];
	va_list ap;
	int i;

	INIT();
	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	switch (nr) {
	case SYS_io_submit:
		return afs_aio_submit((aio_context_t)a[0], a[1],
				      (struct iocb **)a[2]);
	case SYS_io_getevents:
		return afs_aio_getevents((aio_context_t)a[0], a[1], a[2],
					 (struct io_event *)a[3],
					 (struct timespec *)a[4]);
	case SYS_io_pgetevents:
		return afs_aio_pgetevents((aio_context_t)a[0], a[1], a[2],
					  (struct io_event *)a[3],
					  (struct timespec *)a[4],
					  (const struct afs_aio_sigset *)a[5]);
	case SYS_io_destroy:
		return afs_aio_destroy((aio_context_t)a[0]);
	case SYS_close:
		return close((int)a[0]);
	case SYS_close_range:
		return close_range((unsigned int)a[0], (unsigned int)a[1],
				   (int)a[2]);
	default:
		return AFS_REAL(syscall)(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	}
}

/* ------------------------------------------------------------------ */
/* stdio                                                               */

/*
 * glibc's stdio reads, writes and closes a stream's descriptor with its
 * own internal system calls, past this library: on one of our sockets
 * they would reach the AF_UNIX placeholder (ENOTCONN), and fclose() would
 * free the number while our table still claims it.  So fdopen() of one of
 * our sockets gives a stream whose I/O goes through read(), write() and
 * close() here.  Such a stream has no fileno() (-1): see DIVERGENCES.md.
 */
static ssize_t cookie_read(void *c, char *buf, size_t n)
{
	return read((int)(intptr_t)c, buf, n);
}

static ssize_t cookie_write(void *c, const char *buf, size_t n)
{
	ssize_t r = write((int)(intptr_t)c, buf, n);

	/* fopencookie: 0 is the error return of a write */
	return r < 0 ? 0 : r;
}

static int cookie_close(void *c)
{
	return close((int)(intptr_t)c);
}

EXPORT FILE *fdopen(int fd, const char *mode)
{
	static const cookie_io_functions_t io = {
		.read = cookie_read,
		.write = cookie_write,
		.close = cookie_close,
	};
	int fl;

	INIT();
	if (!afs_is_ours(fd) || afs_vfork_child())
		return AFS_REAL(fdopen)(fd, mode);
	/* the checks of the real fdopen: a valid descriptor, a valid mode */
	fl = AFS_REAL(fcntl)(fd, F_GETFL);
	if (fl < 0 || !mode || !strchr("rwa", mode[0])) {
		if (fl >= 0)
			errno = EINVAL;
		return NULL;
	}
	return fopencookie((void *)(intptr_t)fd, mode, io);
}

/*
 * A stream that was opened on one of our numbers some other way (a
 * library's internal fdopen): its fclose() closes the descriptor past us,
 * so the entry goes with it.
 */
EXPORT int fclose(FILE *f)
{
	int fd, r;
	struct afs_sock *s;

	INIT();
	fd = f ? fileno(f) : -1;
	if (fd < 0 || !afs_is_ours(fd) || afs_vfork_child())
		return AFS_REAL(fclose)(f);
	s = afs_remove(fd);
	r = AFS_REAL(fclose)(f);
	if (s) {
		int saved = errno;

		afs_put(s);
		errno = saved;
	}
	return r;
}

EXPORT int vdprintf(int fd, const char *fmt, va_list ap)
{
	char *buf;
	int n;
	ssize_t w;

	INIT();
	if (!afs_is_ours(fd))
		return AFS_REAL(vdprintf)(fd, fmt, ap);
	n = vasprintf(&buf, fmt, ap);
	if (n < 0)
		return -1;
	/* one write, as glibc flushes its buffer at the end */
	w = n ? write(fd, buf, (size_t)n) : 0;
	free(buf);
	return w < 0 ? -1 : (int)w;
}

EXPORT int dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vdprintf(fd, fmt, ap);
	va_end(ap);
	return r;
}

/* _FORTIFY_SOURCE: the %n check is glibc's; the output is the same */
EXPORT int __vdprintf_chk(int fd, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return vdprintf(fd, fmt, ap);
}

EXPORT int __dprintf_chk(int fd, int flag, const char *fmt, ...)
{
	va_list ap;
	int r;

	(void)flag;
	va_start(ap, fmt);
	r = vdprintf(fd, fmt, ap);
	va_end(ap);
	return r;
}
