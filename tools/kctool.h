/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared parts of the native kcapi tools (kcapi-hasher, kcapi-dgst,
 * kcapi-enc, kcapi-rng): hashes, HMACs, AES skciphers and AEADs by kernel
 * crypto API name on libkcrypto, PBKDF2, the key options of kcapi-dgst and
 * kcapi-enc, hex conversion, logging in libkcapi's format.
 */
#ifndef KCTOOL_H
#define KCTOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define KT_MAX_DIGEST	64

struct kt_hash;

/* A running hash or HMAC; opaque storage big enough for every context. */
struct kt_md {
	const struct kt_hash *alg;
	uint8_t *key;		/* HMAC key, NULL when unkeyed or not set */
	size_t keylen;
	_Alignas(64) unsigned char ctx[1024];
};

/* kcapi log levels, as libkcapi's enum kcapi_verbosity */
enum kt_verbosity { KT_LOG_NONE, KT_LOG_ERR, KT_LOG_WARN, KT_LOG_VERBOSE,
		    KT_LOG_DEBUG };

int kt_md_new(struct kt_md *md, const char *name);
bool kt_md_keyed(const struct kt_md *md);
unsigned int kt_md_digestsize(const struct kt_md *md);
int kt_md_setkey(struct kt_md *md, const uint8_t *key, size_t len);
int kt_md_init(struct kt_md *md);
void kt_md_update(struct kt_md *md, const uint8_t *data, size_t len);
void kt_md_final(struct kt_md *md, uint8_t *out);
void kt_md_free(struct kt_md *md);

int kt_pbkdf2(const char *mac, const uint8_t *pw, size_t pwlen,
	      const uint8_t *salt, size_t saltlen, uint32_t iter,
	      uint8_t *out, size_t outlen);
uint32_t kt_pbkdf2_iterations(const char *mac);
/* An skcipher (kt-algs.c); the key schedule in opaque storage. */
struct kt_cipher {
	int alg;
	unsigned int blocksize, ivsize;
	uint8_t iv[16];
	_Alignas(64) unsigned char key[512];
};

int kt_cipher_new(struct kt_cipher *c, const char *name);
int kt_cipher_setkey(struct kt_cipher *c, const uint8_t *key, size_t len);
void kt_cipher_crypt(struct kt_cipher *c, bool decrypt, uint8_t *dst,
		     const uint8_t *src, size_t len);
void kt_cipher_free(struct kt_cipher *c);

/* An AEAD (kt-algs.c): the raw key is kept to prepare it per tag length. */
struct kt_aead {
	int alg;
	unsigned int ivsize;
	size_t authsize, rawlen;
	uint8_t raw[32];
	_Alignas(64) unsigned char key[1024];
};

int kt_aead_new(struct kt_aead *a, const char *name);
int kt_aead_setkey(struct kt_aead *a, const uint8_t *key, size_t len);
int kt_aead_setauthsize(struct kt_aead *a, size_t len);
int kt_aead_crypt(struct kt_aead *a, bool decrypt, uint8_t *dst,
		  const uint8_t *src, size_t len, const uint8_t *ad,
		  size_t adlen, const uint8_t *iv, uint8_t *tag);
void kt_aead_free(struct kt_aead *a);

/*
 * Where kcapi-dgst and kcapi-enc take their key from: a descriptor
 * (--keyfd), or PBKDF2 over a password (--passwd, --passwdfd) with
 * --salt, --pbkdfiter and --pbkdfmac.
 */
struct kt_keysrc {
	const char *passwd, *salt, *pbkdf_mac;
	int passwd_fd, key_fd;
	uint32_t iter;
};

int kt_key_get(struct kt_keysrc *ks, uint8_t key[32]);

/* Their getopt_long() entries, and the values of those without a letter */
enum { KT_OPT_PASSWDFD = 0x200, KT_OPT_PBKDFITER, KT_OPT_PBKDFMAC,
       KT_OPT_KEYFD };
#define KT_KEY_OPTIONS							\
	{ "salt", required_argument, NULL, 's' },			\
	{ "passwd", required_argument, NULL, 'p' },			\
	{ "passwdfd", required_argument, NULL, KT_OPT_PASSWDFD },	\
	{ "pbkdfiter", required_argument, NULL, KT_OPT_PBKDFITER },	\
	{ "pbkdfmac", required_argument, NULL, KT_OPT_PBKDFMAC },	\
	{ "keyfd", required_argument, NULL, KT_OPT_KEYFD }

struct option;
void kt_keysrc_init(struct kt_keysrc *ks);
int kt_getopt(int argc, char **argv, const char *shortopts,
	      const struct option *longopts, struct kt_keysrc *ks);
uint32_t kt_number(const char *s, const char *what, bool *ok);

struct drbg_lib_state;
struct drbg_lib_state *kt_rng_new(const char *name);
int kt_rng_generate(struct drbg_lib_state *drbg, uint8_t *out, size_t len);
void kt_rng_free(struct drbg_lib_state *drbg);

void kt_bin2hex(const uint8_t *bin, size_t len, char *hex);
int kt_hex2bin(const char *hex, size_t hexlen, uint8_t *bin, size_t binlen);
void kt_zero(void *p, size_t len);
bool kt_equal(const uint8_t *a, const uint8_t *b, size_t len);
ssize_t kt_read_once(int fd, uint8_t *buf, size_t len);
int kt_write_all(int fd, const void *buf, size_t len);

extern const char *kt_appname;
extern unsigned int kt_verbosity;
void kt_log(unsigned int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void kt_log_bin(unsigned int level, const uint8_t *bin, size_t len,
		const char *what);

#define KT_VERSION "1.4.0 (libkcrypto " KT_PROJECT_VERSION ")"

#endif
