// SPDX-License-Identifier: GPL-2.0
/*
 * A libkcapi program that also includes uapi and libc headers whose names
 * kernel-compat/ (on libkcrypto's include path) shares: after the rewrite
 * it must still see the system's PATH_MAX, RNDGETENTCNT and __u32, and
 * define its own max() (which the kernel's <linux/kernel.h> has as a macro).
 * <linux/if_alg.h> is only included: its names are raw AF_ALG code.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/if_alg.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/random.h>
#include <linux/types.h>
#include <kcapi.h>

static int max(int a, int b)
{
	return a > b ? a : b;
}

int main(int argc, char **argv)
{
	const char *msg = argc > 1 ? argv[1] : "";
	unsigned char md[32];
	__u32 consts[] = { PATH_MAX, NAME_MAX, RNDGETENTCNT };
	unsigned int i;

	if (kcapi_md_sha256((const unsigned char *)msg, strlen(msg), md, sizeof(md)) != 32)
		return 1;
	printf("sha256 ");
	for (i = 0; i < sizeof(md); i++)
		printf("%02x", md[i]);
	printf("\nconsts");
	for (i = 0; i < sizeof(consts) / sizeof(consts[0]); i++)
		printf(" %u", (unsigned int)consts[i]);
	printf("\nmax %d\n", max(argc, 1));
	return 0;
}
