// SPDX-License-Identifier: GPL-2.0
/*
 * kcapi-rng on libkcrypto: random bytes from the kernel's DRBGs (stdrng is
 * drbg_nopr_hmac_sha512), seeded from getrandom(2) as the kernel seeds
 * them, with libkcapi 1.4's options, output and exit codes.  stdin is not
 * read: libkcapi 1.4 reads seed data in chunks of the DRNG's seed size,
 * and the kernel DRBGs' seed size is 0, so it never reads any either.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kctool.h"

#define RNG_CHUNK	128	/* algif_rng's MAXSIZE */

static void usage(void)
{
	fprintf(stderr, "\nKernel Crypto API Random Number Gatherer (libkcrypto)\n");
	fprintf(stderr, "\nVersion: %s\n\n", KT_VERSION);
	fputs("Usage:\n"
	      "\t-b --bytes <BYTES>\tNumber of bytes to generate (required option)\n"
	      "\t-n --name <RNGNAME>\tDRNG name as advertised in /proc/crypto\n"
	      "\t   --hex\t\tThe random number is returned in hexadecimal notation\n"
	      "\t-h --help\t\tThis help information\n"
	      "\t   --version\t\tPrint version\n"
	      "\t-v --verbose\t\tVerbose logging, multiple options increase verbosity\n"
	      "\t-q --quiet\t\tNo logging\n"
	      , stderr);
	exit(1);
}

int main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 1 },
		{ "bytes", required_argument, NULL, 'b' },
		{ "name", required_argument, NULL, 'n' },
		{ "hex", no_argument, NULL, 2 },
		{ NULL, 0, NULL, 0 }
	};
	uint8_t buf[RNG_CHUNK];
	const char *name = "stdrng";
	struct drbg_lib_state *drbg;
	unsigned long bytes = 0;
	bool hex = false;
	int c, ret;

	kt_appname = "kcapi-rng";
	while ((c = getopt_long(argc, argv, "vqhb:n:", opts, NULL)) != -1) {
		switch (c) {
		case 'v':
			kt_verbosity++;
			break;
		case 'q':
			kt_verbosity = KT_LOG_NONE;
			break;
		case 1:
			fprintf(stderr, "Version %s\n", KT_VERSION);
			return 0;
		case 'b':
			bytes = strtoul(optarg, NULL, 10);
			if (bytes == ULONG_MAX)
				usage();
			break;
		case 'n':
			name = optarg;
			break;
		case 2:
			hex = true;
			break;
		default:
			usage();
		}
	}
	if (!bytes)
		usage();

	drbg = kt_rng_new(name);
	if (!drbg)
		return -errno;
	ret = 0;
	while (bytes) {
		size_t todo = bytes < RNG_CHUNK ? bytes : RNG_CHUNK;

		ret = kt_rng_generate(drbg, buf, todo);
		if (ret)
			break;
		if (hex) {
			char h[2 * RNG_CHUNK + 1];

			kt_bin2hex(buf, todo, h);
			fwrite(h, 2 * todo, 1, stdout);
		} else {
			fwrite(buf, todo, 1, stdout);
		}
		bytes -= todo;
	}
	kt_rng_free(drbg);
	kt_zero(buf, sizeof(buf));
	if (fflush(stdout) && !ret)
		ret = -EIO;
	return ret;
}
