/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kc-oracle: a line-oriented server that exposes libkcrypto to the Python
 * test drivers, which compare it with independent implementations (hashlib,
 * python3-cryptography, openssl).  Running the library in its own process
 * lets the same drivers test the native, sanitizer and qemu-aarch64 builds.
 *
 * Request:  <command> <arg> <arg> ...   (args: hex, "-" for empty, or decimal)
 * Response: OK <hex> <hex> ...          or   ERR <errno number>
 *
 * Commands register themselves with ORACLE_CMD() in a linker section, so each
 * algorithm family keeps its commands in its own file.
 */
#ifndef KC_ORACLE_H
#define KC_ORACLE_H

#include <stddef.h>
#include <stdint.h>

struct oarg {
	uint8_t *buf;		/* decoded hex (also valid for decimal text) */
	size_t len;
	long long num;		/* decimal value, or -1 if not a number */
	const char *text;	/* the raw token */
};

struct oout {
	uint8_t **bufs;
	size_t *lens;
	int n;
	int cap;
};

/* Append one output value (copied). */
void oracle_out(struct oout *out, const void *buf, size_t len);

/* Returns 0 or a negative errno (reported as ERR <errno>). */
typedef int (*oracle_fn)(int argc, const struct oarg *argv, struct oout *out);

struct oracle_cmd {
	const char *name;
	int min_args;
	int max_args;		/* -1: unlimited */
	oracle_fn fn;
};

#define ORACLE_CMD(cname, minargs, maxargs, func)			\
	static const struct oracle_cmd __oracle_cmd_##func		\
	__attribute__((used, section("oracle_cmds"), aligned(8))) = {	\
		.name = cname, .min_args = minargs,			\
		.max_args = maxargs, .fn = func,			\
	}

#endif
