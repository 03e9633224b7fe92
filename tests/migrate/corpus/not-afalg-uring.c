// SPDX-License-Identifier: GPL-2.0
/* Not an AF_ALG user: io_uring sockets of other families, 38 elsewhere. */
#include <liburing.h>

void prep_inet(struct io_uring_sqe *sqe)
{
	io_uring_prep_socket(sqe, AF_INET6, SOCK_STREAM, 0, 0);	/* not AF_ALG */
	sqe->len = 38;
}

void prep_unix(struct io_uring_sqe *sqe)
{
	sqe->opcode = IORING_OP_SOCKET;
	sqe->fd = AF_UNIX;
	sqe->off = 38;
}
