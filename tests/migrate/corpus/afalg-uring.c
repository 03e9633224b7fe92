// SPDX-License-Identifier: GPL-2.0
/* Creates its AF_ALG socket through io_uring (liburing's IORING_OP_SOCKET). */
#include <stdio.h>
#include <sys/socket.h>
#include <liburing.h>

int main(void)
{
	struct io_uring ring;
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;
	int fd;

	if (io_uring_queue_init(4, &ring, 0))
		return 1;
	sqe = io_uring_get_sqe(&ring);
	io_uring_prep_socket(sqe, AF_ALG, SOCK_SEQPACKET, 0, 0);
	io_uring_submit(&ring);
	if (io_uring_wait_cqe(&ring, &cqe))
		return 1;
	fd = cqe->res;
	io_uring_cqe_seen(&ring, cqe);
	printf("fd %d\n", fd);
	io_uring_queue_exit(&ring);
	return fd < 0;
}
