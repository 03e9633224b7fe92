// SPDX-License-Identifier: GPL-2.0
/*
 * Creates its AF_ALG socket through io_uring (liburing's IORING_OP_SOCKET).
 * Built with -DNOT_AF_ALG it is the corpus's non-user: an AF_INET6 socket,
 * and 38 only as a read length.
 */
#include <stdio.h>
#include <sys/socket.h>
#include <liburing.h>

#ifdef NOT_AF_ALG
#define READ_LEN 38
#else
#define READ_LEN 16
#endif

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
#ifdef NOT_AF_ALG
	io_uring_prep_socket(sqe, AF_INET6, SOCK_SEQPACKET, 0, 0);
#else
	io_uring_prep_socket(sqe, AF_ALG, SOCK_SEQPACKET, 0, 0);
#endif
	io_uring_submit(&ring);
	if (io_uring_wait_cqe(&ring, &cqe))
		return 1;
	fd = cqe->res;
	io_uring_cqe_seen(&ring, cqe);
	sqe = io_uring_get_sqe(&ring);
	io_uring_prep_read(sqe, 0, buf, READ_LEN, 0);
	printf("fd %d\n", fd);
	io_uring_queue_exit(&ring);
	return fd < 0;
}
