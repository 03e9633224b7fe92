// SPDX-License-Identifier: GPL-2.0
/*
 * Prepares an io_uring IORING_OP_SOCKET submission for AF_ALG by hand
 * (no liburing, the ring set up with the raw system call), as a program
 * with its own ring code does, and prints the SQE instead of submitting it.
 * Built with -DNOT_AF_ALG it is the corpus's non-user (AF_INET6, and 38 in
 * another field of the SQE).
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/io_uring.h>


static void prep_socket(struct io_uring_sqe *sqe, int type)
{
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_SOCKET;
#ifdef NOT_AF_ALG
	sqe->fd = AF_INET6;
	sqe->len = 38;
#else
	sqe->fd = AF_ALG;
#endif
	sqe->off = type;
}

int main(void)
{
	struct io_uring_params params;
	struct io_uring_sqe sqe;
	const unsigned char *p = (const unsigned char *)&sqe;
	size_t i;
	long ring;

	memset(&params, 0, sizeof(params));
	ring = syscall(__NR_io_uring_setup, 4, &params);
	printf("ring %ld\n", ring);
	if (ring >= 0)
		close((int)ring);
	prep_socket(&sqe, SOCK_SEQPACKET);
	for (i = 0; i < 16; i++)
		printf("%02x", p[i]);
	printf("\n");
	return 0;
}
