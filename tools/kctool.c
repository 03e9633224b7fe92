// SPDX-License-Identifier: GPL-2.0
/*
 * libc side of the native kcapi tools: hex, logging, reading descriptors,
 * wiping and comparing secrets.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kctool.h"

const char *kt_appname = "kcapi";
unsigned int kt_verbosity = KT_LOG_WARN;

void kt_bin2hex(const uint8_t *bin, size_t len, char *hex)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		hex[2 * i] = digits[bin[i] >> 4];
		hex[2 * i + 1] = digits[bin[i] & 15];
	}
	hex[2 * len] = '\0';
}

/* 0-15 for a hex digit of either case, -1 otherwise */
static int kt_nibble(char c)
{
	static const char digits[] = "0123456789abcdef";
	const char *p = c ? strchr(digits, tolower((unsigned char)c)) : NULL;

	return p ? (int)(p - digits) : -1;
}

/* Return: the bytes written, or -EINVAL for an odd length, a non-hex
 * character or more than @binlen bytes. */
int kt_hex2bin(const char *hex, size_t hexlen, uint8_t *bin, size_t binlen)
{
	size_t i;

	if (hexlen % 2 || hexlen / 2 > binlen)
		return -EINVAL;
	for (i = 0; i < hexlen / 2; i++) {
		int hi = kt_nibble(hex[2 * i]), lo = kt_nibble(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -EINVAL;
		bin[i] = (uint8_t)(hi << 4 | lo);
	}
	return (int)(hexlen / 2);
}

void kt_zero(void *p, size_t len)
{
	explicit_bzero(p, len);
}

/* Constant time in the contents. */
bool kt_equal(const uint8_t *a, const uint8_t *b, size_t len)
{
	uint8_t d = 0;
	size_t i;

	for (i = 0; i < len; i++)
		d |= a[i] ^ b[i];
	return d == 0;
}

/* One read(2), retried on EINTR, as libkcapi's apps read keys and
 * passwords from a descriptor. */
ssize_t kt_read_once(int fd, uint8_t *buf, size_t len)
{
	ssize_t n;

	do
		n = read(fd, buf, len);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n;
}

void kt_log(unsigned int level, const char *fmt, ...)
{
	static const char *const sev[] = { "Unknown", "Error", "Warning",
					   "Verbose", "Debug" };
	char msg[1024];
	va_list ap;

	if (level > kt_verbosity)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s - %s: %s\n", kt_appname,
		sev[level <= KT_LOG_DEBUG ? level : 0], msg);
}

void kt_log_bin(unsigned int level, const uint8_t *bin, size_t len,
		const char *what)
{
	char hex[2 * 256 + 1];

	if (len > 256)
		len = 256;
	kt_bin2hex(bin, len, hex);
	kt_log(level, "%s: %s", what, hex);
}
