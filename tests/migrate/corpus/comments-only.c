// SPDX-License-Identifier: GPL-2.0
/*
 * Corpus, not an AF_ALG user: AF_ALG and socket(AF_ALG, ...) appear only in
 * comments and strings; kcapi_md_sha256( too.
 */
#include <stdio.h>

int main(void)
{
	puts("this tool no longer uses socket(AF_ALG, SOCK_SEQPACKET, 0)");
	puts("nor kcapi_md_sha256(in, len, out, 32)");	/* sockaddr_alg */
	return 0;
}
