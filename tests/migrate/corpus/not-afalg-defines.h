/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Corpus, not an AF_ALG user: a header that only defines the constants (as
 * glibc's bits/socket.h and linux/if_alg.h do) and ISDN CAPI kcapi_ names.
 */
#define PF_ALG		38
#define AF_ALG		PF_ALG
#define SOL_ALG		279

struct sockaddr_alg {
	unsigned short salg_family;
	unsigned char salg_type[14];
};

typedef struct kcapi_profile {
	unsigned short ncontroller;
} kcapi_profile;
