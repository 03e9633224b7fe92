// SPDX-License-Identifier: GPL-2.0
/*
 * libc side of the native kcapi tools: hex, logging, reading descriptors,
 * wiping and comparing secrets, the key options and key of kcapi-dgst and
 * kcapi-enc.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

/* write(2) all of @buf, retried on EINTR; 0 or -errno (-EIO: no progress) */
int kt_write_all(int fd, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
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

/**
 * kt_key_get() - the key of kcapi-dgst and kcapi-enc
 * @ks: the options; @ks->iter is set when it was 0 and PBKDF2 ran
 * @key: 32 bytes for the key
 *
 * A password (command line, or read from its descriptor) becomes 32 bytes
 * of PBKDF2 with the given salt, or 32 random bytes of salt reported on
 * stderr, and the given iteration count, or one measured to take 100 ms
 * and reported on stderr.  A key descriptor is read as is (up to 32
 * bytes) and wins over a password.
 *
 * Return: the key length, or a negative errno (-EINVAL when there is no
 * key at all or the salt is not hex).
 */
int kt_key_get(struct kt_keysrc *ks, uint8_t key[32])
{
	uint8_t pw[128], salt[256];
	const uint8_t *pwp = NULL;
	size_t pwlen = 0, saltlen = 32;
	int ret = -EINVAL;
	ssize_t n;

	if (ks->passwd) {
		pwp = (const uint8_t *)ks->passwd;
		pwlen = strlen(ks->passwd);
	}
	if (ks->passwd_fd != -1) {
		n = kt_read_once(ks->passwd_fd, pw, sizeof(pw));
		if (n < 0) {
			ret = (int)n;
			goto out;
		}
		pwp = pw;
		pwlen = (size_t)n;
	}
	if (pwp && pwlen) {
		if (!ks->iter) {
			ks->iter = kt_pbkdf2_iterations(ks->pbkdf_mac);
			kt_log(KT_LOG_WARN, "PBKDF2 iterations used: %u",
			       ks->iter);
		}
		if (ks->salt) {
			ret = kt_hex2bin(ks->salt, strlen(ks->salt), salt,
					 sizeof(salt));
			if (ret <= 0) {
				kt_log(KT_LOG_ERR, "Invalid salt %s", ks->salt);
				ret = -EINVAL;
				goto out;
			}
			saltlen = (size_t)ret;
		} else {
			struct drbg_lib_state *rng = kt_rng_new("stdrng");

			if (!rng) {
				ret = -errno;
				goto out;
			}
			ret = kt_rng_generate(rng, salt, saltlen);
			kt_rng_free(rng);
			if (ret)
				goto out;
			kt_log_bin(KT_LOG_WARN, salt, saltlen, "PBKDF2 salt used");
		}
		ret = kt_pbkdf2(ks->pbkdf_mac, pwp, pwlen, salt, saltlen,
				ks->iter, key, 32);
		if (ret)
			goto out;
		ret = 32;
		kt_log(KT_LOG_VERBOSE, "Data Encryption Key derived from Password using PBKDF2 using %s with %u iterations",
		       ks->pbkdf_mac, ks->iter);
	}
	if (ks->key_fd != -1) {
		n = kt_read_once(ks->key_fd, key, 32);
		ret = (int)n;
		goto out;
	}
	if (ret < 0)
		kt_log(KT_LOG_ERR, "No key found in input data");
out:
	kt_zero(pw, sizeof(pw));
	return ret;
}

/*
 * A decimal option value as libkcapi's tools read it (strtoul, no check
 * of the text); a value of 2^32-1 or more is refused (*@ok = false).
 */
uint32_t kt_number(const char *s, const char *what, bool *ok)
{
	unsigned long v = strtoul(s, NULL, 10);

	if (v >= 0xffffffffUL) {
		kt_log(KT_LOG_ERR, "%s value too big", what);
		*ok = false;
		return 0;
	}
	*ok = true;
	return (uint32_t)v;
}

/**
 * kt_key_option() - take a key option (KT_KEY_OPTIONS) from getopt_long()
 * @ks: where the key options go
 * @opt: getopt_long()'s return value
 * @arg: optarg
 *
 * Return: 1 when @opt was a key option, 0 when it was not, -1 for a
 * number too big (logged; the caller prints its usage).
 */
static int kt_key_option(struct kt_keysrc *ks, int opt, const char *arg)
{
	bool ok = true;

	switch (opt) {
	case 's': ks->salt = arg; break;
	case 'p': ks->passwd = arg; break;
	case KT_OPT_PASSWDFD:
		ks->passwd_fd = (int)kt_number(arg, "Passwd FD", &ok);
		break;
	case KT_OPT_PBKDFITER:
		ks->iter = kt_number(arg, "PBKDF2 iteration", &ok);
		break;
	case KT_OPT_PBKDFMAC: ks->pbkdf_mac = arg; break;
	case KT_OPT_KEYFD:
		ks->key_fd = (int)kt_number(arg, "Passwd FD", &ok);
		break;
	default:
		return 0;
	}
	return ok ? 1 : -1;
}

/**
 * kt_keysrc_init() - no key options given yet
 * @ks: the key options to clear
 */
void kt_keysrc_init(struct kt_keysrc *ks)
{
	memset(ks, 0, sizeof(*ks));
	ks->passwd_fd = ks->key_fd = -1;
}

/**
 * kt_getopt() - getopt_long() that takes the key options itself
 * @argc: main()'s argc
 * @argv: main()'s argv
 * @shortopts: the tool's option letters, with those of KT_KEY_OPTIONS
 * @longopts: the tool's long options, with KT_KEY_OPTIONS among them
 * @ks: where the key options go
 *
 * Return: the next option that is not a key option (for the tool's own
 * switch), -1 at the end, or '?' for a key option whose number is too
 * big (logged), which the tool's switch answers with its usage.
 */
int kt_getopt(int argc, char **argv, const char *shortopts,
	      const struct option *longopts, struct kt_keysrc *ks)
{
	int c, r;

	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		r = kt_key_option(ks, c, optarg);
		if (r == 0)
			return c;
		if (r < 0)
			return '?';
	}
	return -1;
}
