// SPDX-License-Identifier: GPL-2.0
/*
 * syscall() wrappers: see sys.h.
 */
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/keyctl.h>

#include "sys.h"

long sys_io_setup(unsigned int nr, aio_context_t *ctx)
{
	return syscall(SYS_io_setup, nr, ctx);
}

long sys_io_submit(aio_context_t ctx, long nr, struct iocb **v)
{
	return syscall(SYS_io_submit, ctx, nr, v);
}

long sys_io_getevents(aio_context_t ctx, long min, long nr,
		      struct io_event *ev, struct timespec *ts)
{
	return syscall(SYS_io_getevents, ctx, min, nr, ev, ts);
}

long sys_io_destroy(aio_context_t ctx)
{
	return syscall(SYS_io_destroy, ctx);
}

void aio_prep(struct iocb *cb, int fd, int opcode, void *buf, size_t n,
	      int resfd, uint64_t data)
{
	memset(cb, 0, sizeof(*cb));
	cb->aio_fildes = (uint32_t)fd;
	cb->aio_lio_opcode = (uint16_t)opcode;
	cb->aio_buf = (uint64_t)(uintptr_t)buf;
	cb->aio_nbytes = n;
	cb->aio_data = data;
	if (resfd >= 0) {
		cb->aio_flags = IOCB_FLAG_RESFD;
		cb->aio_resfd = (uint32_t)resfd;
	}
}

int32_t sys_add_key(const char *type, const char *desc, const void *p,
		    size_t n)
{
	return (int32_t)syscall(SYS_add_key, type, desc, p, n,
				KEY_SPEC_PROCESS_KEYRING);
}

long sys_keyctl(int cmd, unsigned long arg)
{
	return syscall(SYS_keyctl, cmd, arg);
}
