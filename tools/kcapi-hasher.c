// SPDX-License-Identifier: GPL-2.0
/*
 * kcapi-hasher on libkcrypto: sha*sum, sha*hmac (hmaccalc), fipshmac and
 * fipscheck with the options, output, .hmac files and exit codes of
 * libkcapi 1.4's kcapi-hasher, without AF_ALG.  The personality is the
 * program name (argv[0]) or "-n NAME" given as the first option.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kctool.h"

/* the keys hmaccalc and fipscheck compiled in; public by design */
static const char fipscheck_key[] = "orboDeJITITejsirpADONivirpUkvarP";
static const char hmaccalc_key[] = "FIPS-FTW-RHT2009";

enum { CHK_QUIET = 1, CHK_STATUS = 2 };

struct params {
	const char *hash;		/* "sha256" */
	const char *bsdname;		/* "SHA256" */
	const uint8_t *key;		/* NULL: unkeyed */
	size_t keylen;
	unsigned int trunc;		/* bytes, 0: whole digest */
	bool bsd;
	char eol;
};

static const struct personality {
	const char *prefix;
	const char *hash;
	const char *key;		/* hmaccalc_key, fipscheck_key or NULL */
	bool fipshmac, fipscheck;
} personalities[] = {
	{ "sha256sum", "sha256" }, { "sha512sum", "sha512" },
	{ "sha1sum", "sha1" }, { "sha224sum", "sha224" },
	{ "sha384sum", "sha384" }, { "md5sum", "md5" }, { "sm3sum", "sm3" },
	{ "fipshmac", "sha256", fipscheck_key, true, false },
	{ "fipscheck", "sha256", fipscheck_key, false, true },
	{ "sha1hmac", "sha1", hmaccalc_key }, { "sha224hmac", "sha224", hmaccalc_key },
	{ "sha256hmac", "sha256", hmaccalc_key }, { "sha384hmac", "sha384", hmaccalc_key },
	{ "sha512hmac", "sha512", hmaccalc_key }, { "sm3hmac", "sm3", hmaccalc_key },
};

static void usage(const char *base, bool fipscheck)
{
	fprintf(stderr, "\n%s - calculation of hash sum (using libkcrypto)\n", base);
	fprintf(stderr, "\nUsage:\n\t%s [-n BASENAME] [OPTION]... -S|-L\n", base);
	if (fipscheck) {
		fprintf(stderr, "\t%s [-n BASENAME] [OPTION]... FILE\n", base);
	} else {
		fprintf(stderr, "\t%s [-n BASENAME] [OPTION]... -c FILE\n", base);
		fprintf(stderr, "\t%s [-n BASENAME] [OPTION]... FILE...\n", base);
	}
	fputs("\nOptions:\n"
	      "\t-n --name\t\tForce given application name (sha512hmac/...)\n"
	      "\t-S --self-sum\t\tPrint checksum of this binary and exit\n"
	      "\t-L --self-sum-lib\tPrint checksum of the crypto library and exit\n",
	      stderr);
	if (!fipscheck)
		fputs("\t-c --check FILE\t\tVerify hash sums from file\n", stderr);
	fputs("\t-u --unkeyed\t\tForce unkeyed hash\n"
	      "\t-h --hash HASH\t\tUse given hash algorithm\n"
	      "\t-t --truncate N\t\tUse hash truncated to N bits\n"
	      "\t-q --status\t\tSuppress verification output\n"
	      "\t   --quiet\t\tSuppress only success messages\n"
	      "\t-k --key-file FILE\tUse HMAC key from given file\n"
	      "\t-K --key KEY\t\tUse KEY as the HMAC key\n"
	      "\t   --tag\t\tCreate a BSD-style checksum\n"
	      "\t-d\t\t\tCheck directory for fipshmac; otherwise ignored\n"
	      "\t-b, -P\t\t\tCompatibility hmaccalc options; ignored\n"
	      "\t-z\t\t\tNUL line termination\n"
	      "\t   --help\t\tPrint this help text\n"
	      "\t-v --version\t\tShow version\n", stderr);
}

/* The hash of @filename (NULL: stdin) into @md; 0 or a negative errno. */
static int hash_file(struct kt_md *md, const char *filename)
{
	static uint8_t buf[1 << 16];
	struct stat sb;
	ssize_t n;
	int fd = 0, ret = 0;

	if (filename) {
		fd = open(filename, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			fprintf(stderr, "Cannot open file %s: %s\n", filename,
				strerror(errno));
			return -EIO;
		}
		if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
			fprintf(stderr, "%s is no regular file or symlink\n",
				filename);
			close(fd);
			return -EINVAL;
		}
	}
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			fprintf(stderr, "Error reading file %s: %s\n",
				filename ? filename : "stdin", strerror(errno));
			break;
		}
		kt_md_update(md, buf, (size_t)n);
	}
	if (filename)
		close(fd);
	return ret;
}

static void print_hex(FILE *out, const uint8_t *d, size_t len)
{
	char hex[2 * KT_MAX_DIGEST + 1];

	kt_bin2hex(d, len, hex);
	fputs(hex, out);
}

/*
 * Hash one file and print it (@out: stdout, an .hmac file, or NULL for the
 * bare digest of -S), or compare it with @want (hex).  Return: 0 (done,
 * or matched), 1 (no match), the digest size (truncation longer than the
 * digest, as libkcapi), or a negative errno.
 */
static int hasher(const struct params *p, const char *filename,
		  const char *want, size_t wantlen, FILE *out, bool hmacfile)
{
	uint8_t md_out[KT_MAX_DIGEST], cmp[KT_MAX_DIGEST];
	unsigned int len;
	struct kt_md md;
	int ret;

	if (p->key) {
		char name[32];

		snprintf(name, sizeof(name), "hmac(%s)", p->hash);
		ret = kt_md_new(&md, name);
		if (!ret)
			ret = kt_md_setkey(&md, p->key, p->keylen);
	} else {
		ret = kt_md_new(&md, p->hash);
	}
	if (!ret)
		ret = kt_md_init(&md);
	if (ret) {
		fprintf(stderr, "Allocation of %s cipher failed (ret=%d)\n",
			p->hash, ret);
		return -EFAULT;
	}
	ret = hash_file(&md, filename);
	len = kt_md_digestsize(&md);
	kt_md_final(&md, md_out);
	kt_md_free(&md);
	if (ret) {
		fprintf(stderr, "Generation of hash for file %s failed (%d)\n",
			filename ? filename : "stdin", ret);
		goto out;
	}
	if (p->trunc > len) {
		fprintf(stderr, "Invalid truncated hash size: %u > %u\n",
			p->trunc, len);
		ret = (int)len;
		goto out;
	}
	if (p->trunc)
		len = p->trunc;
	if (want) {
		ret = wantlen != 2 * len ||
		      kt_hex2bin(want, wantlen, cmp, sizeof(cmp)) < 0 ||
		      !kt_equal(cmp, md_out, len);
		kt_zero(cmp, sizeof(cmp));
		goto out;
	}
	if (!out) {
		print_hex(stdout, md_out, len);
	} else if (p->bsd && !hmacfile) {
		fprintf(out, "%s (%s) = ", p->bsdname, filename ? filename : "-");
		print_hex(out, md_out, len);
	} else {
		print_hex(out, md_out, len);
		if (!hmacfile)
			fprintf(out, "  %s", filename ? filename : "-");
	}
	if (p->eol == '\n' || p->eol == '\0')
		fputc(p->eol, out ? out : stdout);
out:
	kt_zero(md_out, sizeof(md_out));
	return ret;
}

/* "dir/.name.hmac", or "checkdir/.name.hmac" */
static char *hmac_file_name(const char *filename, const char *checkdir)
{
	const char *slash = strrchr(filename, '/');
	const char *base = slash ? slash + 1 : filename;
	char *name;
	int n;

	if (checkdir)
		n = asprintf(&name, "%s/.%s.hmac", checkdir, base);
	else
		n = asprintf(&name, "%.*s.%s.hmac", (int)(base - filename),
			     filename, base);
	return n < 0 ? NULL : name;
}

static int hash_files(const struct params *p, char **files, int nfiles,
		      bool fipshmac, const char *checkdir)
{
	int i, ret = 0;

	if (!nfiles)
		return hasher(p, NULL, NULL, 0, stdout, false);
	for (i = 0; i < nfiles; i++) {
		const char *filename = files[i];
		FILE *out = stdout;
		char *name;

		if (fipshmac) {
			name = hmac_file_name(filename, checkdir);
			if (!name) {
				fprintf(stderr, "Cannot create HMAC file name\n");
				continue;
			}
			out = fopen(name, "w");
			if (!out) {
				fprintf(stderr, "Cannot open HMAC file %s\n", name);
				free(name);
				continue;
			}
			free(name);
		} else if (!strcmp(filename, "-")) {
			filename = NULL;
		}
		ret = hasher(p, filename, NULL, 0, out, fipshmac);
		if (fipshmac && fclose(out) && !ret)
			ret = -EIO;
		if (ret)
			break;
	}
	return ret;
}

/*
 * Split a check-file line, "HEX  NAME", "HEX *NAME" or BSD-style
 * "ALG (NAME) = HEX".  Return: 0, or -EINVAL for a malformed line.
 */
static int parse_line(char *buf, char **hex, size_t *hexlen, char **name)
{
	size_t len = strlen(buf), i;
	char *eq;

	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		buf[--len] = '\0';
	eq = strstr(buf, ") = ");
	if (eq && (*name = strstr(buf, " (")) && *name < eq) {
		*name += 2;
		*eq = '\0';
		*hex = eq + 4;
		*hexlen = strlen(*hex);
		return *hexlen ? 0 : -EINVAL;
	}
	for (i = 0; i < len && !isblank((unsigned char)buf[i]); i++)
		;
	*hex = buf;
	*hexlen = i;
	if (!i)
		return -EINVAL;
	if (i == len) {
		*name = NULL;
		return 0;
	}
	if (i + 2 > len || (!isblank((unsigned char)buf[i + 1]) &&
			    buf[i + 1] != '*'))
		return -EINVAL;
	*name = buf + i + 2;
	return 0;
}

/*
 * Verify the lines of @checkfile ("-": stdin); with @target (fipscheck,
 * the self-test) the first line's digest is compared with @target.
 * Return: 0 when every line matched and at least one was checked, else
 * the number of failed lines, 1 for none, 253 for an unreadable file.
 */
static int check_file(const struct params *p, const char *checkfile,
		      const char *target, int log)
{
	char buf[4096 + 128 + 4];
	int ret = 0, checked = 0;
	FILE *f;

	f = strcmp(checkfile, "-") ? fopen(checkfile, "r") : stdin;
	if (!f) {
		fprintf(stderr, "Cannot open file %s\n", checkfile);
		return 253;
	}
	while (fgets(buf, sizeof(buf), f)) {
		char *hex, *name;
		size_t hexlen;
		int r;

		if (parse_line(buf, &hex, &hexlen, &name)) {
			fprintf(stderr, "Invalid checkfile format\n");
			ret = 1;
			break;
		}
		if (target) {
			ret = hasher(p, target, hex, hexlen, stdout, false);
			checked = 1;
			break;
		}
		if (!name)
			continue;
		r = hasher(p, name, hex, hexlen, stdout, false);
		if (!r) {
			if (log < CHK_QUIET)
				printf("%s: OK\n", name);
		} else {
			if (log < CHK_STATUS)
				printf("%s: Not OK\n", name);
			if (ret >= 0)
				ret++;
		}
		checked = 1;
	}
	if (f != stdin)
		fclose(f);
	kt_zero(buf, sizeof(buf));
	return ret ? ret : !checked;
}

/*
 * FIPS self-test: with /proc/sys/crypto/fips_enabled at 1 (or
 * KCAPI_HASHER_FORCE_FIPS set), the program checks itself against
 * ".NAME.hmac" beside the binary, NAME the personality: the personalities
 * are symlinks to one binary and check it with different keys and hashes,
 * so each has its file.  libkcrypto is linked in, so the binary's HMAC
 * covers the crypto code too; there is no library to check.
 */
static int self_check(const struct params *p, const char *name, bool print)
{
	char self[4096], *hmac, *slash;
	ssize_t n;
	int ret;

	if (!print && !secure_getenv("KCAPI_HASHER_FORCE_FIPS")) {
		FILE *f = fopen("/proc/sys/crypto/fips_enabled", "r");
		int c;

		if (!f)
			return errno == ENOENT ? 0 : -EIO;
		c = fgetc(f);
		fclose(f);
		if (c != '1')
			return 0;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0 || n >= (ssize_t)sizeof(self) - 1) {
		fprintf(stderr, "Cannot obtain my filename\n");
		return -EFAULT;
	}
	self[n] = '\0';
	if (print)
		return hasher(p, self, NULL, 0, NULL, false);
	slash = strrchr(self, '/');
	if (!slash || asprintf(&hmac, "%.*s/.%s.hmac", (int)(slash - self),
			       self, name) < 0)
		return -ENOMEM;
	ret = check_file(p, hmac, self, CHK_STATUS);
	free(hmac);
	return ret;
}

static int set_key_file(struct params *p, uint8_t **key, const char *path)
{
	uint8_t *buf = NULL, *nbuf;
	size_t len = 0, cap = 0;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "Cannot open file %s: %s\n", path, strerror(errno));
		return -EIO;
	}
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 4096;
			nbuf = malloc(cap);
			if (!nbuf) {
				n = -1;
				break;
			}
			if (buf) {
				memcpy(nbuf, buf, len);
				kt_zero(buf, len);
				free(buf);
			}
			buf = nbuf;
		}
		n = read(fd, buf + len, cap - len);
		if (n > 0)
			len += (size_t)n;
	} while (n > 0 || (n < 0 && errno == EINTR));
	close(fd);
	if (n < 0) {
		fprintf(stderr, "Error reading file %s\n", path);
		if (buf) {
			kt_zero(buf, cap);
			free(buf);
		}
		return -EIO;
	}
	*key = buf;
	p->key = buf;
	p->keylen = len;
	return 0;
}

static void drop_key(struct params *p, uint8_t **key)
{
	if (*key) {
		kt_zero(*key, p->keylen);
		free(*key);
		*key = NULL;
	}
	p->key = NULL;
	p->keylen = 0;
}

static const char *upper(const char *hash, char *buf, size_t size)
{
	size_t i;

	for (i = 0; hash[i] && i + 1 < size; i++)
		buf[i] = (char)toupper((unsigned char)hash[i]);
	buf[i] = '\0';
	return buf;
}

/* what the command line asks for, besides the hash parameters */
struct cmdline {
	struct params p;
	uint8_t *key;			/* -k/-K key we own, or NULL */
	bool keyed;			/* HMAC (the personality's key or -k/-K) */
	const char *checkfile;		/* -c */
	const char *checkdir;		/* -d */
	int log;			/* CHK_QUIET, CHK_STATUS or 0 */
	int print_self;			/* 1: -S, 2: -L */
};

/*
 * The personality: the program name, or "-n NAME" given as the first
 * option (consumed); *@base is that name.  NULL for an unknown one.
 */
static const struct personality *find_personality(int argc, char *argv[],
						  const char **base)
{
	static const struct option name_opts[] = {
		{ "name", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};
	size_t i;

	opterr = 0;
	if (getopt_long(argc, argv, "n:", name_opts, NULL) == 'n')
		*base = optarg;
	else
		optind = 1;
	opterr = 1;
	for (i = 0; i < sizeof(personalities) / sizeof(personalities[0]); i++)
		if (!strncmp(*base, personalities[i].prefix,
			     strlen(personalities[i].prefix)))
			return &personalities[i];
	return NULL;
}

/* -h NAME: the hashes libkcapi's kcapi-hasher accepts */
static bool valid_hash(const char *name)
{
	return !strcmp(name, "sha1") || !strcmp(name, "sha224") ||
	       !strcmp(name, "sha256") || !strcmp(name, "sha384") ||
	       !strcmp(name, "sha512") || !strcmp(name, "sm3");
}

/* -t BITS into @trunc (bytes); false after the message */
static bool parse_truncation(const char *arg, unsigned int *trunc)
{
	unsigned long bits;
	char *end;

	errno = 0;
	bits = strtoul(arg, &end, 10);
	if (errno || *end || end == arg || bits > UINT32_MAX) {
		fprintf(stderr, "Invalid number: %s\n", arg);
		return false;
	}
	if (bits % 8) {
		fprintf(stderr, "Truncated hash size must be a multiple of 8 bits!\n");
		return false;
	}
	*trunc = (unsigned int)(bits / 8);
	return true;
}

/*
 * The options after the personality into @cl.  Returns -1 to go on, or
 * the exit status: 0 after --help or -v, 1 on a bad option.
 */
static int parse_options(struct cmdline *cl, const struct personality *pers,
			 const char *base, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 1 },
		{ "tag", no_argument, NULL, 2 },
		{ "quiet", no_argument, NULL, 3 },
		{ "check", required_argument, NULL, 'c' },
		{ "unkeyed", no_argument, NULL, 'u' },
		{ "hash", required_argument, NULL, 'h' },
		{ "truncate", required_argument, NULL, 't' },
		{ "self-sum", no_argument, NULL, 'S' },
		{ "self-sum-lib", no_argument, NULL, 'L' },
		{ "status", no_argument, NULL, 'q' },
		{ "key-file", required_argument, NULL, 'k' },
		{ "key", required_argument, NULL, 'K' },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	struct params *p = &cl->p;
	int c;

	while ((c = getopt_long(argc, argv, "c:uh:t:SLqk:K:vbd:Pz", opts,
				NULL)) != -1) {
		switch (c) {
		case 1:
			usage(base, pers->fipscheck);
			return 0;
		case 2:
			p->bsd = true;
			break;
		case 3:
			cl->log = CHK_QUIET;
			break;
		case 'c':
			cl->checkfile = optarg;
			break;
		case 'u':
			drop_key(p, &cl->key);
			cl->keyed = false;
			break;
		case 'h':
			if (!valid_hash(optarg)) {
				fprintf(stderr, "Invalid hash: %s\n", optarg);
				return 1;
			}
			p->hash = optarg;
			break;
		case 't':
			if (!parse_truncation(optarg, &p->trunc))
				return 1;
			break;
		case 'S':
			cl->print_self = 1;
			break;
		case 'L':
			cl->print_self = 2;
			break;
		case 'q':
			cl->log = CHK_STATUS;
			break;
		case 'k':
			drop_key(p, &cl->key);
			if (set_key_file(p, &cl->key, optarg))
				return 1;
			cl->keyed = true;
			break;
		case 'K':
			drop_key(p, &cl->key);
			cl->key = (uint8_t *)strdup(optarg);
			if (!cl->key) {
				fprintf(stderr, "Cannot allocate memory for HMAC key\n");
				return 1;
			}
			p->key = cl->key;
			p->keylen = strlen(optarg);
			cl->keyed = true;
			break;
		case 'v':
			fprintf(stderr, "%s: %s\n", base, KT_VERSION);
			return 0;
		case 'd':
			cl->checkdir = optarg;
			break;
		case 'b':
		case 'P':
			break;
		case 'z':
			p->eol = '\0';
			break;
		default:
			usage(base, pers->fipscheck);
			return 1;
		}
	}
	if (cl->print_self && cl->checkfile) {
		fprintf(stderr, "-S/-L and -c cannot be combined\n");
		return 1;
	}
	if (cl->print_self && optind != argc) {
		fprintf(stderr, "-S/-L cannot be used with input files\n");
		return 1;
	}
	return -1;
}

/*
 * -S prints the program's own HMAC, -L refuses (no library to sum);
 * otherwise the FIPS self-test (self_check()).  hmaccalc names check
 * themselves with HMAC-SHA-512, the rest with fipscheck's HMAC-SHA-256.
 * Returns -1 to go on, or the exit status.
 */
static int self_test(const struct personality *pers, const char *base,
		     int print_self)
{
	struct params self = { .eol = '\n' };

	if (pers->key == (const char *)hmaccalc_key) {
		self.hash = "sha512";
		self.key = (const uint8_t *)hmaccalc_key;
	} else {
		self.hash = "sha256";
		self.key = (const uint8_t *)fipscheck_key;
	}
	self.keylen = strlen((const char *)self.key);
	if (print_self == 2) {
		fprintf(stderr, "libkcrypto is linked into %s: use -S\n", base);
		return 1;
	}
	if (self_check(&self, base, print_self == 1)) {
		if (!print_self)
			fprintf(stderr, "Integrity check of application %s failed\n",
				base);
		return 1;
	}
	return print_self ? 0 : -1;
}

/* fipscheck FILE: FILE against .FILE.hmac beside it */
static int run_fipscheck(const struct cmdline *cl, char *files[], int nfiles)
{
	char *hmac;
	int ret;

	if (nfiles < 1) {
		fprintf(stderr, "No file to check given for fipscheck\n");
		return 1;
	}
	if (cl->checkfile) {
		fprintf(stderr, "-c is not valid for fipscheck\n");
		return 1;
	}
	hmac = hmac_file_name(files[0], NULL);
	if (!hmac)
		return 1;
	ret = check_file(&cl->p, hmac, files[0], cl->log);
	free(hmac);
	return ret;
}

int main(int argc, char *argv[])
{
	struct cmdline cl = { .p = { .eol = '\n' } };
	char *progname = strdup(argv[0]), bsd[32], bsdhmac[40];
	const struct personality *pers;
	const char *base;
	int ret = 1;

	if (!progname)
		return 255;
	base = basename(progname);
	pers = find_personality(argc, argv, &base);
	if (!pers) {
		fprintf(stderr, "Unknown invocation name: %s\n", base);
		usage(base, false);
		goto out;
	}
	cl.p.hash = pers->hash;
	if (pers->key) {
		cl.p.key = (const uint8_t *)pers->key;
		cl.p.keylen = strlen(pers->key);
	}
	cl.keyed = pers->key != NULL;
	ret = parse_options(&cl, pers, base, argc, argv);
	if (ret >= 0)
		goto out;
	ret = self_test(pers, base, cl.print_self);
	if (ret >= 0)
		goto out;
	ret = 1;

	if (!cl.keyed)
		cl.p.key = NULL;
	cl.p.bsdname = cl.keyed ? bsdhmac : bsd;
	upper(cl.p.hash, bsd, sizeof(bsd));
	snprintf(bsdhmac, sizeof(bsdhmac), "HMAC(%s)", bsd);

	if (pers->fipscheck)
		ret = run_fipscheck(&cl, argv + optind, argc - optind);
	else if (!cl.checkfile)
		ret = hash_files(&cl.p, argv + optind, argc - optind,
				 pers->fipshmac, cl.checkdir);
	else if (optind == argc)
		ret = check_file(&cl.p, cl.checkfile, NULL, cl.log);
	else
		fprintf(stderr, "-c cannot be used with input files\n");
out:
	drop_key(&cl.p, &cl.key);
	free(progname);
	return ret;
}
