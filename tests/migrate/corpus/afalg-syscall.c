// SPDX-License-Identifier: GPL-2.0
/* Corpus, AF_ALG user: the socket made through syscall(2). */
#include <stdio.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>

int main(void)
{
	long s = syscall(SYS_socket, 38, SOCK_SEQPACKET, 0);

	printf("%ld\n", s);
	return s < 0;
}
