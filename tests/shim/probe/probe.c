// SPDX-License-Identifier: GPL-2.0
/*
 * shim-probe: main, AF_ALG helpers and the OpenSSL oracle.  See probe.h.
 *
 *   shim-probe aio|splice|poll|keyring|hygiene|fds|threads|zeroise|enomem
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <linux/if_alg.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "probe.h"

int probe_failures;

static void vline(const char *tag, const char *fmt, va_list ap)
{
	char buf[2048];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	printf("%s %s\n", tag, buf);
	fflush(stdout);
}

void pass(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline("PASS", fmt, ap);
	va_end(ap);
}

void fail(const char *fmt, ...)
{
	va_list ap;

	probe_failures++;
	va_start(ap, fmt);
	vline("FAIL", fmt, ap);
	va_end(ap);
}

void skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline("SKIP", fmt, ap);
	va_end(ap);
}

bool check(bool cond, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (cond)
		pass("%s", buf);
	else
		fail("%s: errno %d (%s)", buf, e, strerror(e));
	errno = e;
	return cond;
}

void hex(char *out, const void *p, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
	out[2 * n] = 0;
}

int alg_tfm(const char *type, const char *name)
{
	struct sockaddr_alg sa;
	int fd, e;

	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	strncpy((char *)sa.salg_type, type, sizeof(sa.salg_type) - 1);
	strncpy((char *)sa.salg_name, name, sizeof(sa.salg_name) - 1);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int alg_setkey(int tfm, const void *key, unsigned int len)
{
	return setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, len);
}

int alg_accept(int tfm)
{
	return accept4(tfm, NULL, NULL, SOCK_CLOEXEC);
}

ssize_t alg_send(int fd, int op, const void *iv, unsigned int ivlen,
		 long assoclen, const void *data, size_t len, int flags)
{
	union {
		char buf[CMSG_SPACE(4) * 2 + CMSG_SPACE(4 + 64)];
		struct cmsghdr align;
	} u;
	struct msghdr msg;
	struct cmsghdr *c;
	struct iovec v = { (void *)data, len };
	size_t clen = 0;

	memset(&u, 0, sizeof(u));
	memset(&msg, 0, sizeof(msg));
	msg.msg_iov = &v;
	msg.msg_iovlen = 1;
	msg.msg_control = u.buf;
	msg.msg_controllen = sizeof(u.buf);
	c = CMSG_FIRSTHDR(&msg);
	if (op >= 0) {
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_OP;
		c->cmsg_len = CMSG_LEN(4);
		*(uint32_t *)CMSG_DATA(c) = (uint32_t)op;
		clen += CMSG_SPACE(4);
		c = CMSG_NXTHDR(&msg, c);
	}
	if (iv) {
		struct af_alg_iv *ai;

		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(4 + ivlen);
		ai = (struct af_alg_iv *)CMSG_DATA(c);
		ai->ivlen = ivlen;
		memcpy(ai->iv, iv, ivlen);
		clen += CMSG_SPACE(4 + ivlen);
		c = CMSG_NXTHDR(&msg, c);
	}
	if (assoclen >= 0) {
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
		c->cmsg_len = CMSG_LEN(4);
		*(uint32_t *)CMSG_DATA(c) = (uint32_t)assoclen;
		clen += CMSG_SPACE(4);
	}
	msg.msg_controllen = clen;
	if (!clen)
		msg.msg_control = NULL;
	return sendmsg(fd, &msg, flags);
}

ssize_t read_full(int fd, void *buf, size_t len)
{
	size_t done = 0;
	ssize_t r;

	while (done < len) {
		r = read(fd, (uint8_t *)buf + done, len - done);
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		done += (size_t)r;
	}
	return (ssize_t)done;
}

void fill_random(void *p, size_t n)
{
	uint8_t *b = p;
	ssize_t r;

	while (n) {
		r = getrandom(b, n, 0);
		if (r <= 0)
			abort();
		b += r;
		n -= (size_t)r;
	}
}

void ossl_digest(const char *md, const void *d, size_t n, uint8_t *out,
		 unsigned int *outlen)
{
	EVP_Digest(d, n, out, outlen, EVP_get_digestbyname(md), NULL);
}

void ossl_hmac(const char *md, const void *key, size_t klen, const void *d,
	       size_t n, uint8_t *out, unsigned int *outlen)
{
	static const uint8_t zero;

	HMAC(EVP_get_digestbyname(md), key ? key : &zero, (int)klen, d, n,
	     out, outlen);
}

int ossl_cipher(const char *name, int enc, const void *key, const void *iv,
		const void *in, size_t n, void *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int l1 = 0, l2 = 0, ok;

	ok = c && EVP_CipherInit_ex(c, EVP_get_cipherbyname(name), NULL, key,
				    iv, enc) &&
	     EVP_CIPHER_CTX_set_padding(c, 0) &&
	     EVP_CipherUpdate(c, out, &l1, in, (int)n) &&
	     EVP_CipherFinal_ex(c, (uint8_t *)out + l1, &l2);
	EVP_CIPHER_CTX_free(c);
	return ok && (size_t)(l1 + l2) == n ? 0 : -1;
}

int ossl_chachapoly_enc(const void *key, const void *nonce, const void *aad,
			size_t alen, const void *pt, size_t n, uint8_t *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int l = 0, ok;

	ok = c && EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key,
				     nonce) &&
	     (!alen || EVP_EncryptUpdate(c, NULL, &l, aad, (int)alen)) &&
	     EVP_EncryptUpdate(c, out, &l, pt, (int)n) &&
	     EVP_EncryptFinal_ex(c, out + l, &l) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, out + n);
	EVP_CIPHER_CTX_free(c);
	return ok ? 0 : -1;
}

int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n - 1;		/* the directory's own descriptor */
}

static const struct {
	const char *name;
	int (*fn)(void);
} cmds[] = {
	{ "aio", cmd_aio },
	{ "splice", cmd_splice },
	{ "poll", cmd_poll },
	{ "keyring", cmd_keyring },
	{ "hygiene", cmd_hygiene },
	{ "fds", cmd_fds },
	{ "threads", cmd_threads },
	{ "zeroise", cmd_zeroise },
	{ "enomem", cmd_enomem },
};

int main(int argc, char **argv)
{
	size_t i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 2) {
		fprintf(stderr, "usage: %s COMMAND\n", argv[0]);
		return 2;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn() || probe_failures ? 1 : 0;
	fprintf(stderr, "unknown command %s\n", argv[1]);
	return 2;
}
