// SPDX-License-Identifier: GPL-2.0
/* Not an AF_ALG user: an io_uring IORING_OP_SOCKET for AF_INET6 (10), and
 * 38 as an unrelated SQE field (a buffer length). */
#include <stdio.h>
#include <sys/socket.h>
#include <liburing.h>

int main(void)
{
	static char buf[64];
	struct io_uring ring;
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;
	int fd;

	if (io_uring_queue_init(4, &ring, 0))
		return 1;
	sqe = io_uring_get_sqe(&ring);
	io_uring_prep_socket(sqe, AF_INET6, SOCK_STREAM, 0, 0);
	io_uring_submit(&ring);
	if (io_uring_wait_cqe(&ring, &cqe))
		return 1;
	fd = cqe->res;
	io_uring_cqe_seen(&ring, cqe);
	sqe = io_uring_get_sqe(&ring);
	io_uring_prep_read(sqe, 0, buf, 38, 0);
	io_uring_submit(&ring);
	printf("fd %d\n", fd);
	io_uring_queue_exit(&ring);
	return 0;
}
