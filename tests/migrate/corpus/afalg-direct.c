// SPDX-License-Identifier: GPL-2.0
/* Corpus, AF_ALG user: socket(AF_ALG) and a sockaddr_alg built in place. */
#include <stdio.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_alg.h>

int main(void)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
				   .salg_name = "sha256" };
	int s = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (s < 0 || bind(s, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("af_alg");
		return 1;
	}
	close(s);
	return 0;
}
