// SPDX-License-Identifier: GPL-2.0
/*
 * kcapi-enc on libkcrypto: symmetric encryption and decryption of stdin or
 * a file with libkcapi 1.4's options, output bytes, padding and exit codes
 * (the exit status is the negative errno, as kcapi-enc returns it from
 * main()).  The key comes from a descriptor or from a password through
 * PBKDF2 (kt_key_get(), shared with kcapi-dgst).  Ciphers: ecb(aes),
 * cbc(aes), ctr(aes), and with --aad the AEADs gcm(aes) and ccm(aes).
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

/* kcapi-enc hands a file to the kernel in chunks of 16 pages */
#define KE_CHUNK	(1 << 16)

struct opts {
	const char *infile, *outfile, *cipher, *iv, *ccm_nonce, *aad, *tag;
	uint32_t taglen;
	bool decrypt, nounpad;
	struct kt_keysrc key;
};

static void usage(void)
{
	fprintf(stderr, "\nKernel Crypto API Symmetric Crypto Helper (libkcrypto)\n");
	fprintf(stderr, "\nVersion: %s\n\n", KT_VERSION);
	fputs("Usage:\n"
	      "\t-c --cipher <NAME>\tCipher name to use for crypto operation\n"
	      "\t-e --encrypt\t\tEncryption operation (default)\n"
	      "\t-d --decrypt\t\tDecryption operation\n"
	      "\t-i --infile <FILE>\tFile with input data\n"
	      "\t-o --outfile <FILE>\tFile with output data\n"
	      "\t   --iv <IV>\t\tIV for cipher operation\n"
	      "\t   --aad <AAD>\t\tAAD for AEAD cipher operation\n"
	      "\t   --tag <TAG>\t\tTag for AEAD decryption operation\n"
	      "\t   --taglen <BYTES>\tTag length to be generated AEAD encryption\n"
	      "\t   --ccm-nonce <NONCE>\tCCM nonce (instead of IV)\n"
	      "\t-s --salt <SALT>\tSalt for PBKDF2\n"
	      "\t-p --passwd <PWD>\tPassword the session key is derived from using\n"
	      "\t\t\t\tPBKDF2\n"
	      "\t   --passwdfd <FD>\tPassword file descriptor providing password\n"
	      "\t   --pbkdfiter <NUM>\tNumber of PBKDF2 iterations\n"
	      "\t   --pbkdfmac <MAC>\tMac for PBKDF2 (default: hmac(sha256))\n"
	      "\t   --keyfd <FD>\t\tKey file descriptor providing password\n"
	      "\t   --nounpad\t\tDo not unpad output file\n"
	      "\t-h --help\t\tThis help information\n"
	      "\t   --version\t\tPrint version\n"
	      "\t-v --verbose\t\tVerbose logging, multiple options increase\n"
	      "\t\t\t\tverbosity\n"
	      "\t-q --quiet\t\tNo informational output - quiet operation\n"
	      "\nData provided at stdin is encrypted or decrypted\n"
	      "Data output at stdout\n", stderr);
	exit(1);
}

static void parse(int argc, char *argv[], struct opts *o)
{
	enum { O_IV = 256, O_AAD, O_TAG, O_TAGLEN, O_CCM, O_NOUNPAD,
	       O_VERSION };
	static const struct option options[] = {
		{ "cipher", required_argument, NULL, 'c' },
		{ "encrypt", no_argument, NULL, 'e' },
		{ "decrypt", no_argument, NULL, 'd' },
		{ "infile", required_argument, NULL, 'i' },
		{ "outfile", required_argument, NULL, 'o' },
		{ "iv", required_argument, NULL, O_IV },
		{ "aad", required_argument, NULL, O_AAD },
		{ "tag", required_argument, NULL, O_TAG },
		{ "taglen", required_argument, NULL, O_TAGLEN },
		{ "ccm-nonce", required_argument, NULL, O_CCM },
		KT_KEY_OPTIONS,
		{ "nounpad", no_argument, NULL, O_NOUNPAD },
		{ "verbose", no_argument, NULL, 'v' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	kt_keysrc_init(&o->key);
	while ((c = kt_getopt(argc, argv, "c:edi:o:s:p:vqh", options,
			       &o->key)) != -1) {
		bool ok = true;

		switch (c) {
		case 'c': o->cipher = optarg; break;
		case 'e': o->decrypt = false; break;
		case 'd': o->decrypt = true; break;
		case 'i': o->infile = optarg; break;
		case 'o': o->outfile = optarg; break;
		case O_IV: o->iv = optarg; break;
		case O_AAD: o->aad = optarg; break;
		case O_TAG: o->tag = optarg; break;
		case O_TAGLEN:
			o->taglen = kt_number(optarg, "Tag length", &ok);
			if (!ok)
				usage();
			break;
		case O_CCM: o->ccm_nonce = optarg; break;
		case O_NOUNPAD: o->nounpad = true; break;
		case 'v': kt_verbosity++; break;
		case 'q': kt_verbosity = KT_LOG_NONE; break;
		case O_VERSION:
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
	if (!o->key.passwd && o->key.passwd_fd == -1 && o->key.key_fd == -1) {
		kt_log(KT_LOG_ERR, "Provide at least a password, a password FD or key FD");
		usage();
	}
	if (o->aad && o->decrypt && !o->tag) {
		kt_log(KT_LOG_ERR, "No tag provided for AEAD decryption operation");
		usage();
	}
	if (o->aad && !o->decrypt && !o->taglen) {
		kt_log(KT_LOG_ERR, "No tag length provided for AEAD encryption operation");
		usage();
	}
	if (o->iv && o->ccm_nonce) {
		kt_log(KT_LOG_ERR, "IV and CCM nonce set");
		usage();
	}
	if (o->key.passwd)
		kt_log(KT_LOG_WARN, "Password on command line is visible in process listing and /proc! Use --passwd_fd command line option!");
	if (!o->key.pbkdf_mac)
		o->key.pbkdf_mac = "hmac(sha256)";
}

/*
 * Hex as kcapi-enc reads it (libkcapi's hex2bin_alloc()): digits of either
 * case, a character that is not hex counting as 0, an odd length as if a
 * 0 led it.  The first @max bytes are stored, zeros after the value.
 * Return: the length of the whole value, or -EINVAL for an empty string.
 */
static long hex_lax(const char *hex, uint8_t *bin, size_t max)
{
	size_t len = strlen(hex), odd = len & 1, i;

	if (!len)
		return -EINVAL;
	memset(bin, 0, max);
	/* digit i of the string with a '0' put before an odd length */
	for (i = 0; i < len + odd && i / 2 < max; i++) {
		char s[2] = { i < odd ? '0' : hex[i - odd], 0 };

		bin[i / 2] |= (uint8_t)(strtoul(s, NULL, 16) << (i & 1 ? 0 : 4));
	}
	return (long)((len + 1) / 2);
}

/*
 * The IV of the cipher operation: --iv cut or padded with zeros to the IV
 * size, or --ccm-nonce N turned into the counter block CCM takes (as
 * libkcapi's kcapi_aead_ccm_nonce_to_iv(): iv[0] = 14 - |N|, then N, at
 * most 14 bytes).  Neither leaves the IV zero.  Return: 0 or -EINVAL.
 */
static int parse_iv(const struct opts *o, uint8_t iv[16], size_t ivsize)
{
	uint8_t nonce[16];
	long n;

	memset(iv, 0, 16);
	if (o->iv)
		return hex_lax(o->iv, iv, ivsize) < 0 ? -EINVAL : 0;
	if (!o->ccm_nonce)
		return 0;
	n = hex_lax(o->ccm_nonce, nonce, sizeof(nonce));
	if (n < 0 || n > 14)
		return -EINVAL;
	iv[0] = (uint8_t)(14 - n);
	memcpy(iv + 1, nonce, (size_t)n);
	return 0;
}

static int open_checked(const char *path, int flags)
{
	struct stat sb;
	int fd = open(path, flags | O_CLOEXEC, 0777);

	if (fd < 0) {
		kt_log(KT_LOG_ERR, "Cannot open file %s: %s", path,
		       strerror(errno));
		return -EIO;
	}
	if (fstat(fd, &sb) || !S_ISREG(sb.st_mode)) {
		kt_log(KT_LOG_ERR, "%s is no regular file or symlink", path);
		close(fd);
		return -EINVAL;
	}
	return fd;
}

/* Fill @buf from @fd up to @len bytes or end of input, as fread() does. */
static ssize_t read_full(int fd, uint8_t *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = read(fd, buf + got, len - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (!n)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/*
 * Open -i and -o (stdin and stdout without them), as kcapi-enc does
 * before it sends any data; @sb gets the input file's size.  kcapi-enc
 * maps the input file, which fails on an empty one.  Return: 0 or a
 * negative errno; the caller closes what is open (above 1).
 */
static int open_io(const struct opts *o, int *in, int *out, struct stat *sb)
{
	*in = 0;
	*out = 1;
	if (o->infile) {
		*in = open_checked(o->infile, O_RDONLY);
		if (*in < 0) {
			int ret = *in;

			*in = 0;
			return ret;
		}
	}
	if (o->outfile) {
		*out = open_checked(o->outfile, O_RDWR | O_CREAT);
		if (*out < 0) {
			int ret = *out;

			*out = 1;
			return ret;
		}
	}
	if (o->infile && (fstat(*in, sb) || !sb->st_size)) {
		kt_log(KT_LOG_ERR, "Use of mmap for infd failed");
		return -ENOMEM;
	}
	return 0;
}

/*
 * PKCS#7 padding as kcapi-enc removes it from a decrypted file: the last
 * byte P below the block size and the P-1 bytes before it all equal to P
 * (P == 0 removes nothing).  Return: the bytes to cut.
 */
static size_t pad_len(const uint8_t *tail, size_t len, unsigned int bs)
{
	uint8_t p = len ? tail[len - 1] : 0;
	size_t i;

	if (!p || p >= bs || p > len)
		return 0;
	for (i = 2; i <= p; i++)
		if (tail[len - i] != p)
			return 0;
	return p;
}

/*
 * En/decrypt the input in chunks; an encryption pads the last chunk with
 * PKCS#7 up to the block size when it is short (a whole block of padding
 * is never added).  Return: the bytes written, or a negative errno.
 */
static long cipher_op(struct kt_cipher *c, const struct opts *o)
{
	static uint8_t buf[KE_CHUNK + 32];
	int in = 0, out = 1, ret = 0;
	unsigned int bs = c->blocksize;
	uint8_t last[32];
	size_t lastlen = 0;
	long done = 0;
	struct stat sb;
	ssize_t n;

	if (parse_iv(o, c->iv, c->ivsize))
		return -EINVAL;
	ret = open_io(o, &in, &out, &sb);
	if (ret)
		goto close;
	while ((n = read_full(in, buf, KE_CHUNK)) != 0) {
		size_t len = (size_t)n;

		if (n < 0) {
			ret = (int)n;
			goto close;
		}
		if (len % bs) {
			size_t pad = bs - len % bs;

			if (o->decrypt) {
				/* the kernel refuses a partial block */
				ret = -EINVAL;
				goto close;
			}
			memset(buf + len, (int)pad, pad);
			kt_log(KT_LOG_VERBOSE, "Padding of %zu bytes applied", pad);
			len += pad;
		}
		/* libkcapi's warning for a file whose tail would be unpadded */
		if (!o->decrypt && o->infile && out != 1 && !(len % bs) &&
		    done + (long)len == sb.st_size && pad_len(buf, len, bs))
			kt_log(KT_LOG_WARN, "Input file's trailing bytes will be treated as padding during decryption unless you turn off padding handling with --nounpad\n");
		kt_cipher_crypt(c, o->decrypt, buf, buf, len);
		if (out == 1) {
			ret = kt_write_all(out, buf, len);
			/* as libkcapi says for every chunk it writes to stdout */
			kt_log(KT_LOG_VERBOSE, "Removal of padding disabled");
		} else if (pwrite(out, buf, len, done) != (ssize_t)len)
			ret = -errno;
		if (ret)
			goto close;
		done += (long)len;
		lastlen = len < sizeof(last) ? len : sizeof(last);
		memcpy(last, buf + len - lastlen, lastlen);
	}
	if (out != 1) {
		if (o->decrypt && o->infile && !o->nounpad)
			done -= (long)pad_len(last, lastlen, bs);
		else if (o->decrypt)
			kt_log(KT_LOG_VERBOSE, "Removal of padding disabled");
		if (ftruncate(out, done))
			ret = -errno;
	}
close:
	kt_zero(buf, sizeof(buf));
	kt_zero(last, sizeof(last));
	if (in > 0)
		close(in);
	if (out > 1)
		close(out);
	return ret < 0 ? ret : done;
}

/*
 * All of the input, after @head bytes left free at the start of the
 * buffer and with @tail bytes free after it: the file's @size bytes, or
 * stdin to its end.  Return: the input length, or a negative errno.
 */
static long read_input(int in, off_t size, size_t head, size_t tail,
		       uint8_t **bufp)
{
	size_t cap = in ? (size_t)size : KE_CHUNK, len = 0;
	uint8_t *buf = NULL, *p;
	ssize_t n;

	for (;;) {
		p = realloc(buf, head + cap + tail);
		if (!p) {
			free(buf);
			return -ENOMEM;
		}
		buf = p;
		n = read_full(in, buf + head + len, cap - len);
		if (n < 0) {
			free(buf);
			return (long)n;
		}
		len += (size_t)n;
		if (len < cap || in)
			break;
		cap *= 2;
	}
	*bufp = buf;
	return (long)len;
}

/*
 * One AEAD message over all of the input, written as kcapi-enc gets it
 * from the kernel: the AAD, then the ciphertext and the tag (encryption)
 * or the plaintext (decryption).  The tag of a decryption is --tag, and
 * its length the tag length; an encryption takes --taglen.  A tag that
 * does not match writes no plaintext: nothing to stdout, and to a file
 * the AAD followed by zeros where kcapi-enc's file (truncated to the
 * output length first) holds what the kernel left there.  Return: the
 * bytes written, or a negative errno (-EBADMSG for a mismatch).
 */
static long aead_op(struct kt_aead *a, const struct opts *o)
{
	size_t aadlen, taglen = o->taglen, outlen;
	uint8_t iv[16], tag[16], *aad = NULL, *buf = NULL;
	int in = 0, out = 1;
	struct stat sb;
	long ret, len = 0;

	if (parse_iv(o, iv, a->ivsize))
		return -EINVAL;
	aadlen = (strlen(o->aad) + 1) / 2;
	aad = malloc(aadlen ? aadlen : 1);
	if (!aad)
		return -ENOMEM;
	if (hex_lax(o->aad, aad, aadlen) < 0) {
		ret = -EINVAL;
		goto out;
	}
	if (o->tag)
		taglen = (size_t)hex_lax(o->tag, tag, sizeof(tag));
	ret = kt_aead_setauthsize(a, taglen);
	if (ret)
		goto out;
	ret = open_io(o, &in, &out, &sb);
	if (ret)
		goto close;
	len = read_input(in, sb.st_size, aadlen, taglen, &buf);
	if (len <= 0) {
		/* nothing from stdin: kcapi-enc never asks the kernel */
		ret = len;
		goto close;
	}
	memcpy(buf, aad, aadlen);
	outlen = aadlen + (size_t)len + (o->decrypt ? 0 : taglen);
	if (out != 1 && ftruncate(out, (off_t)outlen)) {
		ret = -errno;
		goto close;
	}
	ret = kt_aead_crypt(a, o->decrypt, buf + aadlen, buf + aadlen,
			    (size_t)len, aad, aadlen, iv, tag);
	if (!ret && !o->decrypt)
		memcpy(buf + aadlen + len, tag, taglen);
	if (out == 1) {
		if (!ret)
			ret = kt_write_all(out, buf, outlen);
		kt_log(KT_LOG_VERBOSE, "Removal of padding disabled");
	} else if ((!ret || ret == -EBADMSG) &&
		   pwrite(out, buf, outlen, 0) != (ssize_t)outlen) {
		ret = -errno;
	} else if (!ret && o->decrypt) {
		/* libkcapi unpads only an output as long as the input */
		kt_log(KT_LOG_VERBOSE, "Removal of padding disabled");
	}
	if (!ret)
		ret = (long)outlen;
close:
	if (buf) {
		kt_zero(buf, aadlen + (size_t)(len > 0 ? len : 0) + taglen);
		free(buf);
	}
	if (in > 0)
		close(in);
	if (out > 1)
		close(out);
out:
	kt_zero(tag, sizeof(tag));
	free(aad);
	return ret;
}

int main(int argc, char *argv[])
{
	struct kt_cipher c;
	struct kt_aead a;
	uint8_t key[32];
	struct opts o;
	long ret;

	kt_appname = "kcapi-enc";
	parse(argc, argv, &o);
	/* --aad makes it an AEAD operation, whatever the cipher's name */
	ret = o.aad ? kt_aead_new(&a, o.cipher) : kt_cipher_new(&c, o.cipher);
	if (ret) {
		kt_log(KT_LOG_ERR, "Cipher %s not available", o.cipher);
		return (int)ret;
	}
	ret = kt_key_get(&o.key, key);
	if (ret >= 0 && o.aad)
		ret = kt_aead_setkey(&a, key, (size_t)ret);
	else if (ret >= 0)
		ret = kt_cipher_setkey(&c, key, (size_t)ret);
	kt_zero(key, sizeof(key));
	if (ret)
		goto out;
	ret = o.aad ? aead_op(&a, &o) : cipher_op(&c, &o);
	if (ret > 0) {
		kt_log(KT_LOG_VERBOSE, "%ld bytes of %stext created", ret,
		       o.decrypt ? "plain" : "cipher");
		ret = 0;
	} else if (ret == -EBADMSG && o.aad) {
		kt_log(KT_LOG_ERR, "AEAD decryption failed due to integrity violation");
	} else {
		kt_log(KT_LOG_ERR, "%s failed with error %ld",
		       o.decrypt ? "decryption" : "encryption", ret);
	}
out:
	if (o.aad)
		kt_aead_free(&a);
	else
		kt_cipher_free(&c);
	return (int)ret;
}
