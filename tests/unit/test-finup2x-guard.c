// SPDX-License-Identifier: GPL-2.0
/*
 * sha256_finup_2x() with both messages and both digests placed against
 * PROT_NONE guard pages: flush with the end of their mapping and, in a second
 * pass, at its very start.  Any read or write of the implementation outside
 * the caller's buffers faults.  Results are compared with the sequential
 * path (sha256_update() + sha256_final() on a copy of the context), which
 * test_sha256.py checks against hashlib; test_sha256_finup2x.py checks
 * finup_2x itself against hashlib.  TAP output, one point per salt length.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <crypto/sha2.h>

#define MAX_LEN		16384

struct guarded {
	uint8_t *lo;		/* first usable byte */
	uint8_t *hi;		/* one past the last usable byte */
};

static size_t page;

/* [PROT_NONE page][size rounded up to pages][PROT_NONE page] */
static void guarded_alloc(struct guarded *g, size_t size)
{
	size_t n = (size + page - 1) / page * page;
	uint8_t *p = mmap(NULL, n + 2 * page, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || mprotect(p, page, PROT_NONE) ||
	    mprotect(p + page + n, page, PROT_NONE)) {
		perror("mmap/mprotect");
		exit(1);
	}
	g->lo = p + page;
	g->hi = p + page + n;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint8_t rnd8(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint8_t)(rng_state >> 32);
}

static void fill(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = rnd8();
}

static struct guarded msg[2], dig[2];

/*
 * One case: salt already absorbed in *ctx (or ctx == NULL); both messages of
 * len bytes and both digests placed at the end (at_end) or at the start of
 * their guarded mappings.  Returns 0 when finup_2x matches the sequential
 * digests and left the context alone.
 */
static int one_case(const struct sha256_ctx *ctx, size_t len, int at_end)
{
	uint8_t *m[2], *d[2], ref[2][SHA256_DIGEST_SIZE];
	struct sha256_ctx before, tmp;
	int i;

	for (i = 0; i < 2; i++) {
		m[i] = at_end ? msg[i].hi - len : msg[i].lo;
		d[i] = at_end ? dig[i].hi - SHA256_DIGEST_SIZE : dig[i].lo;
		fill(m[i], len);
		if (len && (rnd8() & 3) == 0 && i == 1) {
			/* sometimes equal messages */
			memcpy(m[1], m[0], len);
		}
	}
	for (i = 0; i < 2; i++) {
		if (ctx)
			tmp = *ctx;
		else
			sha256_init(&tmp);
		sha256_update(&tmp, m[i], len);
		sha256_final(&tmp, ref[i]);
	}
	if (ctx)
		before = *ctx;
	sha256_finup_2x(ctx, m[0], m[1], len, d[0], d[1]);
	if (ctx && memcmp(&before, ctx, sizeof(before)))
		return -1;
	return memcmp(d[0], ref[0], SHA256_DIGEST_SIZE) ||
	       memcmp(d[1], ref[1], SHA256_DIGEST_SIZE);
}

/*
 * Lengths for one salt: all small ones, and block boundaries +-1 up to
 * max_len (a different subset of boundaries for each salt length).
 */
static int lengths(size_t salt_len, size_t max_len, size_t *out)
{
	int n = 0;

	for (size_t l = 0; l <= 130; l++)
		out[n++] = l;
	for (size_t k = 3 + salt_len % 8; k <= max_len / 64; k += 8) {
		out[n++] = 64 * k - 1;
		out[n++] = 64 * k;
		if (64 * k + 1 <= max_len)
			out[n++] = 64 * k + 1;
	}
	out[n++] = 4096;
	out[n++] = MAX_LEN;
	return n;
}

int main(void)
{
	static size_t lens[512];
	struct sha256_ctx ctx;
	uint8_t salt[64];
	int testno = 0, failed = 0;
	bool optimized;

	page = (size_t)sysconf(_SC_PAGESIZE);
	for (int i = 0; i < 2; i++) {
		guarded_alloc(&msg[i], MAX_LEN);
		guarded_alloc(&dig[i], SHA256_DIGEST_SIZE);
	}
	/*
	 * Without the interleaved code finup_2x is the sequential code itself:
	 * the guard pages still apply but long messages add nothing, and they
	 * are slow under the sanitizers and qemu.  The long boundaries are also
	 * walked only for the salt lengths where the buffered part matters
	 * most; every salt length gets 4096 and 16384.
	 */
	optimized = sha256_finup_2x_is_optimized();
	printf("TAP version 13\n");
	printf("# finup_2x is %s\n", optimized ? "interleaved" : "sequential");

	for (size_t slen = 0; slen <= 65; slen++) {
		/* slen 65 stands for ctx == NULL */
		const struct sha256_ctx *c = slen <= 64 ? &ctx : NULL;
		bool full = optimized && (slen % 8 == 0 || slen % 8 == 7);
		int n = lengths(slen, full ? MAX_LEN : 1024, lens), bad = 0;
		size_t first_bad = 0;

		if (c) {
			fill(salt, slen);
			sha256_init(&ctx);
			sha256_update(&ctx, salt, slen);
		}
		for (int i = 0; i < n; i++) {
			for (int at_end = 0; at_end < 2; at_end++) {
				if (one_case(c, lens[i], at_end) && !bad++)
					first_bad = lens[i];
			}
		}
		testno++;
		if (bad) {
			failed++;
			printf("not ok %d - %s: %d of %d cases differ (first at len %zu)\n",
			       testno, c ? "salted" : "ctx NULL", bad, 2 * n,
			       first_bad);
		} else if (c) {
			printf("ok %d - salt %zu bytes: %d cases, guard pages before and after\n",
			       testno, slen, 2 * n);
		} else {
			printf("ok %d - ctx NULL: %d cases, guard pages before and after\n",
			       testno, 2 * n);
		}
		fflush(stdout);
	}
	printf("1..%d\n", testno);
	return failed ? 1 : 0;
}
