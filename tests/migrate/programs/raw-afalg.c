// SPDX-License-Identifier: GPL-2.0
/* Raw AF_ALG socket code: rewrite must refuse it (exit 4). */
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_alg.h>

int sha256_afalg(const void *in, size_t len, unsigned char out[32])
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash",
				   .salg_name = "sha256" };
	int tfm = socket(AF_ALG, SOCK_SEQPACKET, 0), op;

	if (tfm < 0 || bind(tfm, (struct sockaddr *)&sa, sizeof(sa)))
		return -1;
	op = accept(tfm, NULL, 0);
	if (op < 0 || write(op, in, len) < 0 || read(op, out, 32) != 32)
		return -1;
	close(op);
	close(tfm);
	return 0;
}
