// SPDX-License-Identifier: GPL-2.0
/*
 * shim-regprobe TYPE NAME NOTKEY: is any half of the key left in the
 * vector registers when a call on an AF_ALG socket returns?  (test_security.py)
 *
 * The kernel copies an AF_ALG key with copy_from_user(): it never passes
 * through the caller's registers.  The shim copies it in the caller's
 * thread, and on a CPU with AVX-512 glibc's memcpy() leaves it in
 * ymm16-ymm31, where the next signal frame or fork() takes it.  The probe
 * binds TYPE and NAME, sets the key whose bitwise complement is the hex
 * NOTKEY (neither argv nor the environment holds the key), wipes its own
 * copy, and right after each of setsockopt(ALG_SET_KEY), accept() and a
 * send()/recv() on the op socket writes the register file with XSAVE
 * (what the kernel writes into a signal frame) and looks in it for either
 * 16-byte half of the key.  Output, one line:
 *   setkey=<0|1> accept=<0|1> op=<0|1> control=<0|1>
 * where control=1 says the scan finds a half put into xmm1 on purpose
 * (else the scans prove nothing).  x86-64 only: exit 77 elsewhere and
 * without XSAVE; 2 when AF_ALG is unavailable, 1 on another error.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

#if defined(__x86_64__)
#include <cpuid.h>

#include "hexarg.h"

static uint8_t notkey[32];
static uint8_t *area;		/* the XSAVE area, 64-byte aligned */
static unsigned int area_len;
static uint32_t mask_lo, mask_hi;	/* XCR0: every state the kernel saves */

static int xsave_setup(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
		return -1;
	__asm__ __volatile__("xgetbv" : "=a"(mask_lo), "=d"(mask_hi) : "c"(0));
	__cpuid_count(0xd, 0, a, b, c, d);
	area_len = b;
	area = aligned_alloc(64, (b + 63) & ~63u);
	return area ? 0 : -1;
}

/* the register file now; inline, so nothing runs between the call and it */
static inline __attribute__((always_inline)) void xsave_now(void)
{
	__asm__ __volatile__("xsave (%0)" : : "r"(area), "a"(mask_lo),
			     "d"(mask_hi) : "memory");
}

/* 1 when the saved registers hold either half of the key */
static int holds_half(void)
{
	unsigned int i, h, j;

	for (h = 0; h < 32; h += 16)
		for (i = 0; i + 16 <= area_len; i++) {
			for (j = 0; j < 16; j++)
				if (area[i + j] != (uint8_t)~notkey[h + j])
					break;
			if (j == 16)
				return 1;
		}
	return 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	uint8_t key[32], buf[64];
	int tfm, op, setkey, acc, opres, control, r;
	size_t i;

	if (argc != 4 || unhex(argv[3], notkey, sizeof(notkey)) != 32) {
		fprintf(stderr, "usage: shim-regprobe TYPE NAME NOTKEY(32 bytes hex)\n");
		return 1;
	}
	if (xsave_setup())
		return 77;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", argv[1]);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", argv[2]);
	tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (tfm < 0)
		return errno == EAFNOSUPPORT ? 2 : 1;
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)))
		return 1;
	for (i = 0; i < 32; i++)
		key[i] = (uint8_t)~notkey[i];
	r = setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, sizeof(key));
	xsave_now();
	setkey = holds_half();
	explicit_bzero(key, sizeof(key));
	if (r)
		return 1;
	op = accept(tfm, NULL, NULL);
	xsave_now();
	acc = holds_half();
	if (op < 0)
		return 1;
	memset(buf, 0x5a, sizeof(buf));
	r = (int)send(op, buf, 16, 0);
	if (r == 16)
		r = (int)recv(op, buf, sizeof(buf), 0);
	xsave_now();
	opres = holds_half();
	if (r <= 0)
		return 1;
	/* the control: a half of the key in xmm1, then the same scan */
	for (i = 0; i < 16; i++)
		key[i] = (uint8_t)~notkey[i];
	__asm__ __volatile__("movdqu (%0), %%xmm1" : : "r"(key) : "xmm1");
	xsave_now();
	control = holds_half();
	__asm__ __volatile__("pxor %%xmm1, %%xmm1" : : : "xmm1");
	explicit_bzero(key, sizeof(key));
	printf("setkey=%d accept=%d op=%d control=%d\n", setkey, acc, opres,
	       control);
	return 0;
}

#else

int main(void)
{
	return 77;
}

#endif
