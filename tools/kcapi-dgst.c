// SPDX-License-Identifier: GPL-2.0
/*
 * kcapi-dgst on libkcrypto: a message digest or keyed message digest of
 * stdin or a file, with libkcapi 1.4's options, output and exit codes.
 * The key comes from a descriptor (--keyfd) or from a password through
 * PBKDF2 (--passwd, --passwdfd, --salt, --pbkdfiter, --pbkdfmac).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kctool.h"

struct opts {
	const char *infile, *outfile, *cipher;
	struct kt_keysrc key;
	bool keyed, hex;
};

static void usage(void)
{
	fprintf(stderr, "\nKernel Crypto API Message Digest Crypto Helper (libkcrypto)\n");
	fprintf(stderr, "\nVersion: %s\n\n", KT_VERSION);
	fputs("Usage:\n"
	      "\t-c --cipher <NAME>\tCipher name to use for crypto operation\n"
	      "\t-i --infile <FILE>\tFile with input data\n"
	      "\t-o --outfile <FILE>\tFile with output data\n"
	      "\t   --salt <SALT>\tSalt for PBKDF2 (hex)\n"
	      "\t-p --passwd <PWD>\tPassword the key is derived from\n"
	      "\t   --passwdfd <FD>\tPassword file descriptor\n"
	      "\t   --pbkdfiter <NUM>\tNumber of PBKDF2 iterations\n"
	      "\t   --pbkdfmac <MAC>\tMac for PBKDF2 (default: hmac(sha256))\n"
	      "\t   --keyfd <FD>\tKey file descriptor\n"
	      "\t   --hex\t\tPrint the digest in hexadecimal\n"
	      "\t-v --verbose\t\tVerbose logging, multiple options increase verbosity\n"
	      "\t-q --quiet\t\tNo logging\n"
	      "\t-h --help\t\tThis help information\n"
	      "\t   --version\t\tPrint version\n"
	      "\nData provided at stdin is hashed\n"
	      "Data output at stdout\n", stderr);
	exit(1);
}

static void parse(int argc, char *argv[], struct opts *o)
{
	static const struct option options[] = {
		{ "cipher", required_argument, NULL, 'c' },
		{ "infile", required_argument, NULL, 'i' },
		{ "outfile", required_argument, NULL, 'o' },
		KT_KEY_OPTIONS,
		{ "hex", no_argument, NULL, 5 },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 6 },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	kt_keysrc_init(&o->key);
	while ((c = kt_getopt(argc, argv, "c:i:o:s:p:vqh", options,
			       &o->key)) != -1) {
		switch (c) {
		case 'c': o->cipher = optarg; break;
		case 'i': o->infile = optarg; break;
		case 'o': o->outfile = optarg; break;
		case 5: o->hex = true; break;
		case 'v': kt_verbosity++; break;
		case 'q': kt_verbosity = KT_LOG_NONE; break;
		case 6:
			fprintf(stderr, "Version %s\n", KT_VERSION);
			exit(0);
		default:
			usage();
		}
	}
	if (!o->cipher) {
		kt_log(KT_LOG_ERR, "Provide cipher name");
		usage();
	}
	o->keyed = o->key.passwd || o->key.passwd_fd != -1 ||
		   o->key.key_fd != -1;
	if (o->key.passwd)
		kt_log(KT_LOG_WARN, "Password on command line is visible in process listing and /proc! Use --passwd_fd command line option!");
	if (!o->key.pbkdf_mac)
		o->key.pbkdf_mac = "hmac(sha256)";
}

static int set_key(struct kt_md *md, struct opts *o)
{
	uint8_t key[32];
	int ret;

	if (!o->keyed)
		return 0;
	ret = kt_key_get(&o->key, key);
	if (ret >= 0)
		ret = kt_md_setkey(md, key, (size_t)ret);
	kt_zero(key, sizeof(key));
	return ret;
}

static int digest(struct kt_md *md, const struct opts *o)
{
	uint8_t buf[1 << 16], out[KT_MAX_DIGEST];
	char hex[2 * KT_MAX_DIGEST + 1];
	unsigned int ds = kt_md_digestsize(md);
	int in = 0, fd = 1, ret;
	struct stat sb;
	ssize_t n;

	ret = kt_md_init(md);
	if (ret)
		return ret;
	if (o->infile) {
		in = open(o->infile, O_RDONLY | O_CLOEXEC);
		if (in < 0) {
			kt_log(KT_LOG_ERR, "Cannot open file %s: %s", o->infile,
			       strerror(errno));
			return -EIO;
		}
		if (fstat(in, &sb) || !S_ISREG(sb.st_mode)) {
			kt_log(KT_LOG_ERR, "%s is no regular file or symlink",
			       o->infile);
			close(in);
			return -EINVAL;
		}
	}
	while ((n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			break;
		}
		kt_md_update(md, buf, (size_t)n);
	}
	if (in)
		close(in);
	kt_md_final(md, out);
	if (ret)
		goto wipe;
	if (o->outfile) {
		fd = open(o->outfile, O_RDWR | O_CLOEXEC | O_CREAT, 0777);
		if (fd < 0) {
			kt_log(KT_LOG_ERR, "Cannot open file %s: %s",
			       o->outfile, strerror(errno));
			ret = -EIO;
			goto wipe;
		}
		if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
			kt_log(KT_LOG_ERR, "%s is no regular file or symlink",
			       o->outfile);
			ret = -EINVAL;
			goto close;
		}
		if (ftruncate(fd, o->hex ? 2 * ds : ds)) {
			ret = -errno;
			goto close;
		}
	}
	if (o->hex) {
		kt_bin2hex(out, ds, hex);
		ret = kt_write_all(fd, hex, 2 * ds);
	} else {
		ret = kt_write_all(fd, out, ds);
	}
	if (!ret)
		kt_log(KT_LOG_VERBOSE, "Digest of %u bytes generated", ds);
close:
	if (fd != 1)
		close(fd);
wipe:
	kt_zero(out, sizeof(out));
	kt_zero(buf, sizeof(buf));
	return ret;
}

int main(int argc, char *argv[])
{
	struct kt_md md;
	struct opts o;
	int ret;

	kt_appname = "kcapi-dgst";
	parse(argc, argv, &o);
	ret = kt_md_new(&md, o.cipher);
	if (ret)
		return ret;
	ret = set_key(&md, &o);
	if (!ret)
		ret = digest(&md, &o);
	if (!ret)
		kt_log(KT_LOG_VERBOSE, "%u bytes of %smessage digest created",
		       kt_md_digestsize(&md), o.keyed ? "keyed " : "");
	else
		kt_log(KT_LOG_ERR, "message digest creation failed with error %d",
		       ret);
	kt_md_free(&md);
	return ret;
}
