// SPDX-License-Identifier: GPL-2.0
/*
 * A standalone driver for the fuzz harnesses, for builds without
 * libFuzzer (gcc, the sanitizer and cross builds): it replays the files
 * named on the command line, then feeds random inputs (random lengths,
 * random bytes, and mutations of the replayed files) until the time given
 * with -t SECONDS has passed.  A crash or abort() fails the run.
 *
 *   fuzz-X-standalone [-t SECONDS] [-s SEED] [FILE...]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXIN 8192

static uint64_t rs;

static uint64_t rnd(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return rs;
}

int main(int argc, char **argv)
{
	static uint8_t seeds[64][MAXIN], buf[MAXIN];
	static size_t seedlen[64];
	unsigned int nseeds = 0, secs = 10;
	unsigned long runs = 0;
	time_t end;
	size_t n, i, j;
	FILE *f;
	int a;

	rs = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ull | 1;
	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "-t") && a + 1 < argc) {
			secs = (unsigned int)atoi(argv[++a]);
		} else if (!strcmp(argv[a], "-s") && a + 1 < argc) {
			rs = strtoull(argv[++a], NULL, 0) | 1;
		} else if ((f = fopen(argv[a], "rb"))) {
			n = fread(buf, 1, MAXIN, f);
			fclose(f);
			LLVMFuzzerTestOneInput(buf, n);
			if (nseeds < 64) {
				memcpy(seeds[nseeds], buf, n);
				seedlen[nseeds++] = n;
			}
		}
	}
	printf("seed 0x%llx\n", (unsigned long long)rs);
	fflush(stdout);
	end = time(NULL) + secs;
	while (time(NULL) < end) {
		for (i = 0; i < 256; i++, runs++) {
			if (nseeds && (rnd() & 1)) {
				unsigned int k = (unsigned int)(rnd() % nseeds);
				size_t flips = 1 + rnd() % 8;

				n = seedlen[k];
				memcpy(buf, seeds[k], n);
				for (j = 0; j < flips && n; j++)
					buf[rnd() % n] ^= (uint8_t)(1u << (rnd() % 8));
				if (rnd() % 4 == 0)
					n = rnd() % (n + 1);
			} else {
				n = rnd() % (rnd() & 1 ? 64 : MAXIN);
				for (j = 0; j < n; j++)
					buf[j] = (uint8_t)rnd();
			}
			LLVMFuzzerTestOneInput(buf, n);
		}
	}
	printf("%lu runs\n", runs);
	return 0;
}
