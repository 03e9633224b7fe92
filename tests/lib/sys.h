/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System calls libc has no wrapper for, called through syscall() as
 * libkcapi and OpenSSL's afalg engine call them (so LD_PRELOAD sees the
 * libc entry point): native AIO and the keyring calls.  Each returns what
 * syscall() returned, errno set by it.
 */
#ifndef TESTLIB_SYS_H
#define TESTLIB_SYS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <linux/aio_abi.h>

long sys_io_setup(unsigned int nr, aio_context_t *ctx);
long sys_io_submit(aio_context_t ctx, long nr, struct iocb **v);
long sys_io_getevents(aio_context_t ctx, long min, long nr,
		      struct io_event *ev, struct timespec *ts);
long sys_io_destroy(aio_context_t ctx);

/*
 * An iocb for @opcode (IOCB_CMD_PREAD...) on @fd of @n bytes at @buf,
 * completion signalled on eventfd @resfd when it is >= 0.
 */
void aio_prep(struct iocb *cb, int fd, int opcode, void *buf, size_t n,
	      int resfd, uint64_t data);

/* add_key(@type, @desc, @p, @n) into the process keyring */
int32_t sys_add_key(const char *type, const char *desc, const void *p,
		    size_t n);
long sys_keyctl(int cmd, unsigned long arg);

#endif
