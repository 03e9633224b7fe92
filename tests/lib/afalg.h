/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AF_ALG client helpers shared by the C test programs and benchmarks
 * (tests/conformance, tests/shim/probe, tests/shim/fuzz, tests/tracer,
 * bench/bench-shim.c).  libc only, so a program can be linked statically
 * for the QEMU guest.
 *
 * Every function is a thin wrapper around the system call it names: it
 * returns what the call returned and leaves errno as the call set it (the
 * conformance transcript records both), and prints nothing.
 */
#ifndef TESTLIB_AFALG_H
#define TESTLIB_AFALG_H

#include <stddef.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <linux/if_alg.h>

/* uapi headers older than the kernels these programs test */
#ifndef ALG_SET_DRBG_ENTROPY
#define ALG_SET_DRBG_ENTROPY 6
#endif
#ifndef ALG_SET_KEY_BY_KEY_SERIAL
#define ALG_SET_KEY_BY_KEY_SERIAL 7
#endif

/* socket(AF_ALG, SOCK_SEQPACKET | @flags, 0) */
int afalg_socket(int flags);

/*
 * bind(@fd) to @type/@name: a struct sockaddr_alg (88 bytes) when the name
 * fits its 64 bytes, else the longer sockaddr_alg_new form.  A 14-byte
 * @type is passed without its NUL, as a caller may test that.
 */
int afalg_bind(int fd, const char *type, const char *name);

/* afalg_socket(@flags) + afalg_bind(); -1 with errno (fd closed) on error */
int afalg_tfm(const char *type, const char *name, int flags);

/* setsockopt(ALG_SET_KEY) and setsockopt(ALG_SET_AEAD_AUTHSIZE) */
int afalg_setkey(int fd, const void *key, unsigned int len);
int afalg_setauthsize(int fd, unsigned int len);

/* accept4(@tfm, NULL, NULL, @flags): an op socket */
int afalg_accept(int tfm, int flags);

/*
 * An op socket (SOCK_CLOEXEC) of hash @name, its tfm keyed with @key
 * unless that is NULL; the tfm socket is closed.  -1 with errno on error.
 */
int afalg_hash_op(const char *name, const void *key, unsigned int klen);

/*
 * The control messages of one sendmsg(): each field < 0 leaves its cmsg
 * out.  @ivlen is both the af_alg_iv length and the bytes copied from @iv.
 */
struct afalg_ctl {
	int op;			/* ALG_SET_OP: ALG_OP_ENCRYPT/DECRYPT */
	const void *iv;
	int ivlen;		/* ALG_SET_IV */
	long assoclen;		/* ALG_SET_AEAD_ASSOCLEN */
};
#define AFALG_CTL_NONE ((struct afalg_ctl){ .op = -1, .ivlen = -1, .assoclen = -1 })

/* the cmsgs of @c into @buf; their length, 0 for none or when over @cap */
size_t afalg_ctl_build(void *buf, size_t cap, const struct afalg_ctl *c);

/* sendmsg() of @data with the cmsgs of @c (NULL: none) */
ssize_t afalg_sendmsg(int fd, const struct afalg_ctl *c, const void *data,
		      size_t len, int flags);

/* afalg_sendmsg() with the cmsgs given in place (ivlen/op/assoclen < 0: none) */
ssize_t afalg_send(int fd, int op, const void *iv, int ivlen, long assoclen,
		   const void *data, size_t len, int flags);

/* recvmsg() into one buffer */
ssize_t afalg_recvmsg(int fd, void *buf, size_t len, int flags);

/* read() until @len bytes or end of data; -1 on an error */
ssize_t afalg_read_full(int fd, void *buf, size_t len);

#endif
