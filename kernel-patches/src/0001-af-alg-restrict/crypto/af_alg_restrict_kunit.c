// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the AF_ALG restriction (crypto.af_alg_restrict): every
 * allowlist entry for privileged and unprivileged callers, exact name
 * matching, the levels, the one-way lock (on a private state, so the
 * running kernel is never locked), and the denial on each kernel path that
 * creates or binds an AF_ALG socket.  The expected lists are written out
 * here from the description of the mainline restriction, not taken from
 * af_alg_restrict.c.  Userspace checks (users and capabilities, the log
 * lines, io_uring, socketcall(2)) run in the test guest of the afalg-exit
 * project.
 */
#include <crypto/if_alg.h>
#include <crypto/sha2.h>
#include <kunit/test.h>
#include <linux/file.h>
#include <linux/if_alg.h>
#include <linux/net.h>
#include <linux/sched.h>
#include <linux/socket.h>
#include <net/net_namespace.h>

#include "af_alg_restrict.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* type, name, 'U' (any process) or 'P' (privileged only) */
static const struct {
	const char *type;
	const char *name;
	char who;
} expected[] = {
	{ "hash", "sha1", 'U' },
	{ "hash", "cmac(aes)", 'P' },
	{ "hash", "hmac(md5)", 'P' },
	{ "hash", "hmac(sha1)", 'P' },
	{ "hash", "hmac(sha224)", 'P' },
	{ "hash", "hmac(sha256)", 'P' },
	{ "hash", "hmac(sha384)", 'P' },
	{ "hash", "hmac(sha512)", 'P' },
	{ "hash", "md4", 'P' },
	{ "hash", "md5", 'P' },
	{ "hash", "sha224", 'P' },
	{ "hash", "sha256", 'P' },
	{ "hash", "sha384", 'P' },
	{ "hash", "sha512", 'P' },
	{ "skcipher", "adiantum(xchacha12,aes)", 'U' },
	{ "skcipher", "adiantum(xchacha20,aes)", 'U' },
	{ "skcipher", "hctr2(aes)", 'U' },
	{ "skcipher", "xts(aes)", 'U' },
	{ "skcipher", "xts(camellia)", 'U' },
	{ "skcipher", "xts(serpent)", 'U' },
	{ "skcipher", "xts(twofish)", 'U' },
	{ "skcipher", "cbc(aes)", 'P' },
	{ "skcipher", "cbc(des)", 'P' },
	{ "skcipher", "cbc(des3_ede)", 'P' },
	{ "skcipher", "ctr(aes)", 'P' },
	{ "skcipher", "ecb(aes)", 'P' },
	{ "skcipher", "ecb(des)", 'P' },
	{ "aead", "ccm(aes)", 'P' },
};

/* Names that are not on any list: driver names, near misses, wrong types. */
static const struct {
	const char *type;
	const char *name;
} refused[] = {
	{ "hash", "sha256-generic" },
	{ "hash", "sha1-generic" },
	{ "hash", "sha1-ssse3" },
	{ "hash", "hmac(sha256-generic)" },
	{ "hash", "hmac(sha256" },
	{ "hash", "hmac(sha256))" },
	{ "hash", "SHA1" },
	{ "hash", "sha1 " },
	{ "hash", " sha1" },
	{ "hash", "sha" },
	{ "hash", "sha1x" },
	{ "hash", "" },
	{ "hash", "sha3-256" },
	{ "hash", "hmac(sha3-256)" },
	{ "hash", "xts(aes)" },
	{ "hash", "crc32c" },
	{ "skcipher", "cbc-aes-aesni" },
	{ "skcipher", "xts-aes-aesni" },
	{ "skcipher", "xts(aes-generic)" },
	{ "skcipher", "cbc(aes-generic)" },
	{ "skcipher", "xts(ecb(aes))" },
	{ "skcipher", "ctr(aes-aesni)" },
	{ "skcipher", "adiantum(xchacha12,aes-generic)" },
	{ "skcipher", "chacha20" },
	{ "skcipher", "sha1" },
	{ "skcipher", "ccm(aes)" },
	{ "aead", "gcm(aes)" },
	{ "aead", "rfc4106(gcm(aes))" },
	{ "aead", "ccm_base(ctr(aes-generic),cbcmac(aes-generic))" },
	{ "aead", "rfc7539(chacha20,poly1305)" },
	{ "aead", "cbc(aes)" },
	{ "rng", "stdrng" },
	{ "rng", "drbg_nopr_hmac_sha256" },
	{ "rng", "jitterentropy_rng" },
	{ "hash\n", "sha1" },
	{ "HASH", "sha1" },
	{ "akcipher", "sha1" },
	{ "", "sha1" },
};

static bool yes(void)
{
	return true;
}

static bool no(void)
{
	return false;
}

static bool never(void)
{
	/* Only privileged entries may ask. */
	return WARN_ON_ONCE(1);
}

static void af_alg_restrict_test_lists(struct kunit *test)
{
	unsigned int hash = 0, skcipher = 0, aead = 0, i;

	for (i = 0; i < ARRAY_SIZE(expected); i++) {
		const struct af_alg_allowed *e;

		e = af_alg_allowlist_find(expected[i].type, expected[i].name);
		KUNIT_EXPECT_NOT_NULL_MSG(test, e, "%s %s missing",
					  expected[i].type, expected[i].name);
		if (!e)
			continue;
		KUNIT_EXPECT_STREQ(test, e->name, expected[i].name);
		KUNIT_EXPECT_EQ_MSG(test, e->privileged,
				    expected[i].who == 'P', "%s %s",
				    expected[i].type, expected[i].name);
		hash += !strcmp(expected[i].type, "hash");
		skcipher += !strcmp(expected[i].type, "skcipher");
		aead += !strcmp(expected[i].type, "aead");
	}
	/* Nothing else is on the lists. */
	KUNIT_EXPECT_EQ(test, af_alg_allowlist_size("hash"), 14);
	KUNIT_EXPECT_EQ(test, af_alg_allowlist_size("skcipher"), 13);
	KUNIT_EXPECT_EQ(test, af_alg_allowlist_size("aead"), 1);
	KUNIT_EXPECT_EQ(test, af_alg_allowlist_size("rng"), 0);
	KUNIT_EXPECT_EQ(test, af_alg_allowlist_size("akcipher"), 0);
	KUNIT_EXPECT_EQ(test, hash, af_alg_allowlist_size("hash"));
	KUNIT_EXPECT_EQ(test, skcipher, af_alg_allowlist_size("skcipher"));
	KUNIT_EXPECT_EQ(test, aead, af_alg_allowlist_size("aead"));
}

/* Each entry at each level, for a privileged and an unprivileged caller. */
static void af_alg_restrict_test_rows(struct kunit *test)
{
	unsigned int i;
	int level;

	for (i = 0; i < ARRAY_SIZE(expected); i++) {
		const char *t = expected[i].type, *n = expected[i].name;
		bool priv = expected[i].who == 'P';

		KUNIT_EXPECT_EQ(test, af_alg_restrict_rule(0, t, n, no),
				AF_ALG_RULE_UNRESTRICTED);
		for (level = 1; level <= 2; level++) {
			KUNIT_EXPECT_EQ_MSG(test,
					    af_alg_restrict_rule(level, t, n, yes),
					    priv ? AF_ALG_RULE_PRIVILEGED :
						   AF_ALG_RULE_LISTED,
					    "%d %s %s privileged", level, t, n);
			KUNIT_EXPECT_EQ_MSG(test,
					    af_alg_restrict_rule(level, t, n, no),
					    priv ? AF_ALG_RULE_NOT_PRIVILEGED :
						   AF_ALG_RULE_LISTED,
					    "%d %s %s unprivileged", level, t, n);
		}
		/* An entry for any process never asks for privilege. */
		if (!priv)
			KUNIT_EXPECT_EQ(test, af_alg_restrict_rule(1, t, n, never),
					AF_ALG_RULE_LISTED);
	}
}

static void af_alg_restrict_test_exact(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		const char *t = refused[i].type, *n = refused[i].name;

		KUNIT_EXPECT_NULL_MSG(test, af_alg_allowlist_find(t, n),
				      "\"%s\" \"%s\"", t, n);
		KUNIT_EXPECT_EQ_MSG(test, af_alg_restrict_rule(1, t, n, yes),
				    AF_ALG_RULE_NOT_LISTED, "\"%s\" \"%s\"", t, n);
		KUNIT_EXPECT_EQ(test, af_alg_restrict_rule(2, t, n, yes),
				AF_ALG_RULE_NOT_LISTED);
		KUNIT_EXPECT_EQ(test, af_alg_restrict_rule(0, t, n, no),
				AF_ALG_RULE_UNRESTRICTED);
	}
}

static void af_alg_restrict_test_verdicts(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, af_alg_rule_denied(AF_ALG_RULE_UNRESTRICTED));
	KUNIT_EXPECT_FALSE(test, af_alg_rule_denied(AF_ALG_RULE_LISTED));
	KUNIT_EXPECT_FALSE(test, af_alg_rule_denied(AF_ALG_RULE_PRIVILEGED));
	KUNIT_EXPECT_FALSE(test, af_alg_rule_denied(AF_ALG_RULE_NOT_CHECKED));
	KUNIT_EXPECT_TRUE(test, af_alg_rule_denied(AF_ALG_RULE_NOT_LISTED));
	KUNIT_EXPECT_TRUE(test, af_alg_rule_denied(AF_ALG_RULE_NOT_PRIVILEGED));
	KUNIT_EXPECT_TRUE(test, af_alg_rule_denied(AF_ALG_RULE_OFF));
	KUNIT_EXPECT_STREQ(test, af_alg_rule_name(AF_ALG_RULE_NOT_LISTED),
			   "not-listed");
	KUNIT_EXPECT_STREQ(test, af_alg_rule_name(AF_ALG_RULE_NOT_PRIVILEGED),
			   "not-privileged");
	KUNIT_EXPECT_STREQ(test, af_alg_rule_name(AF_ALG_RULE_OFF), "off");
}

static void af_alg_restrict_test_levels(struct kunit *test)
{
	struct af_alg_restrict_state s = { .level = 1 };
	int i;

	for (i = 0; i <= 2; i++) {
		KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, i), 0);
		KUNIT_EXPECT_EQ(test, s.level, i);
	}
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 0), 0);
	/* Out of range: refused, nothing changes. */
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, INT_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, INT_MIN), -EINVAL);
	KUNIT_EXPECT_EQ(test, s.level, 0);
	KUNIT_EXPECT_FALSE(test, s.locked);
}

static void af_alg_restrict_test_lock(struct kunit *test)
{
	struct af_alg_restrict_state s = { .level = 1 };

	KUNIT_EXPECT_EQ(test, af_alg_restrict_set_lock(&s, 0), 0);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set_lock(&s, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set_lock(&s, -1), -EINVAL);
	KUNIT_EXPECT_FALSE(test, s.locked);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set_lock(&s, 1), 0);
	KUNIT_EXPECT_TRUE(test, s.locked);

	/* Locked at 1: lowering is refused, raising is not. */
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 0), -EPERM);
	KUNIT_EXPECT_EQ(test, s.level, 1);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 1), 0);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 2), 0);
	KUNIT_EXPECT_EQ(test, s.level, 2);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 1), -EPERM);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 0), -EPERM);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, s.level, 2);

	/* One way: the lock cannot be cleared; setting it again is fine. */
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set_lock(&s, 0), -EPERM);
	KUNIT_EXPECT_TRUE(test, s.locked);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set_lock(&s, 1), 0);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_set(&s, 0), -EPERM);
	KUNIT_EXPECT_EQ(test, s.level, 2);
}

static void af_alg_restrict_test_seen(struct kunit *test)
{
	struct af_alg_seen_table *t;
	int i;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);

	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "hash", "sha256"));
	KUNIT_EXPECT_FALSE(test, af_alg_seen_first(t, current, "hash", "sha256"));
	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "hash", "sha1"));
	KUNIT_EXPECT_FALSE(test, af_alg_seen_first(t, current, "hash", "sha1"));
	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "skcipher", "sha1"));
	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "-", "-"));
	KUNIT_EXPECT_FALSE(test, af_alg_seen_first(t, current, "-", "-"));
	/* The table forgets the oldest entry once it has wrapped. */
	for (i = 0; i < AF_ALG_SEEN_ENTRIES; i++) {
		char name[16];

		snprintf(name, sizeof(name), "alg%d", i);
		KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "hash",
							  name));
	}
	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "hash", "sha256"));
}

struct af_alg_restrict_test_ctx {
	int saved_level;
};

static int af_alg_restrict_test_init(struct kunit *test)
{
	struct af_alg_restrict_test_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->saved_level = af_alg_restrict_get();
	test->priv = ctx;
	return 0;
}

static void af_alg_restrict_test_exit(struct kunit *test)
{
	struct af_alg_restrict_test_ctx *ctx = test->priv;

	if (ctx)
		af_alg_restrict_set_for_test(ctx->saved_level);
}

static void af_alg_restrict_test_level_live(struct kunit *test, int level)
{
	if (af_alg_restrict_set_for_test(level))
		kunit_skip(test, "crypto.af_alg_restrict is locked");
}

/* socket(2), socketpair(2) and socketcall(2) all end up in sock_create(). */
static void af_alg_restrict_test_sock_create(struct kunit *test)
{
	struct socket *sock;
	int level;

	for (level = 0; level <= 1; level++) {
		af_alg_restrict_test_level_live(test, level);
		KUNIT_ASSERT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 0,
						  &sock), 0);
		sock_release(sock);
		KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_STREAM, 0, &sock),
				-ESOCKTNOSUPPORT);
		KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 1,
						  &sock), -EPROTONOSUPPORT);
	}

	/* Refused first, whatever type and protocol. */
	af_alg_restrict_test_level_live(test, 2);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 0, &sock),
			-EAFNOSUPPORT);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_STREAM, 0, &sock),
			-EAFNOSUPPORT);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 1, &sock),
			-EAFNOSUPPORT);
}

/* io_uring's IORING_OP_SOCKET creates its socket with __sys_socket_file(). */
static void af_alg_restrict_test_socket_file(struct kunit *test)
{
	struct file *file;

	af_alg_restrict_test_level_live(test, 1);
	file = __sys_socket_file(PF_ALG, SOCK_SEQPACKET, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));
	fput(file);

	af_alg_restrict_test_level_live(test, 2);
	file = __sys_socket_file(PF_ALG, SOCK_SEQPACKET, 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(file), -EAFNOSUPPORT);
	if (!IS_ERR(file))
		fput(file);
}

/* Sockets the kernel creates for itself are not restricted. */
static void af_alg_restrict_test_kernel_socket(struct kunit *test)
{
	struct sockaddr_alg sa = {
		.salg_family = AF_ALG,
		.salg_type = "hash",
		.salg_name = "sha256-generic",
	};
	struct socket *sock;

	af_alg_restrict_test_level_live(test, 2);
	KUNIT_ASSERT_EQ(test, sock_create_kern(&init_net, PF_ALG, SOCK_SEQPACKET,
					       0, &sock), 0);
	KUNIT_EXPECT_EQ(test, kernel_bind(sock, (struct sockaddr *)&sa,
					  sizeof(sa)), 0);
	sock_release(sock);
}

static int af_alg_restrict_test_bind(struct kunit *test, const char *type,
				     const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	struct socket *sock;
	int err;

	strscpy(sa.salg_type, type, sizeof(sa.salg_type));
	strscpy(sa.salg_name, name, sizeof(sa.salg_name));
	err = sock_create(PF_ALG, SOCK_SEQPACKET, 0, &sock);
	KUNIT_ASSERT_EQ(test, err, 0);
	err = kernel_bind(sock, (struct sockaddr *)&sa, sizeof(sa));
	sock_release(sock);
	return err;
}

/*
 * bind() through the socket layer: a name the kernel has is refused with
 * ENOENT at 1 when it is not listed (KUnit runs privileged, so the
 * privileged entries pass).
 */
static void af_alg_restrict_test_bind_live(struct kunit *test)
{
	af_alg_restrict_test_level_live(test, 0);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_test_bind(test, "hash",
							"sha256-generic"), 0);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_test_bind(test, "hash",
							"sha256"), 0);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_test_bind(test, "hash",
							"no-such-alg"), -ENOENT);

	af_alg_restrict_test_level_live(test, 1);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_test_bind(test, "hash",
							"sha256-generic"),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_test_bind(test, "hash",
							"sha256"), 0);
	KUNIT_EXPECT_EQ(test, af_alg_restrict_test_bind(test, "skcipher",
							"sha256"), -ENOENT);
}

/*
 * Accepts an operation socket on @sock as accept(2) does.  kernel_accept()
 * cannot be used: it gives the new socket the parent's proto_ops, and
 * AF_ALG's operation sockets have their own.
 */
static int af_alg_restrict_test_accept(struct socket *sock, struct socket **op)
{
	struct proto_accept_arg arg = { .kern = true };
	int err;

	err = sock_create_lite(PF_ALG, SOCK_SEQPACKET, 0, op);
	if (err)
		return err;
	err = af_alg_accept(sock->sk, *op, &arg);
	if (err) {
		sock_release(*op);
		return err;
	}
	__module_get((*op)->ops->owner);
	return 0;
}

/*
 * A socket that exists when the level is raised to 2 keeps working: bind
 * to a listed name, accept and a SHA-256 of "abc" (FIPS 180-2 example).
 */
static void af_alg_restrict_test_existing_socket(struct kunit *test)
{
	static const u8 abc_digest[SHA256_DIGEST_SIZE] = {
		0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
		0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
		0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
		0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
	};
	struct sockaddr_alg sa = {
		.salg_family = AF_ALG,
		.salg_type = "hash",
		.salg_name = "sha256",
	};
	struct socket *sock, *op;
	struct msghdr msg = {};
	struct kvec iov;
	u8 digest[SHA256_DIGEST_SIZE] = {};
	char abc[] = "abc";

	af_alg_restrict_test_level_live(test, 0);
	KUNIT_ASSERT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 0, &sock), 0);
	af_alg_restrict_test_level_live(test, 2);

	KUNIT_EXPECT_EQ(test, kernel_bind(sock, (struct sockaddr *)&sa,
					  sizeof(sa)), 0);
	if (af_alg_restrict_test_accept(sock, &op) == 0) {
		iov.iov_base = abc;
		iov.iov_len = 3;
		KUNIT_EXPECT_EQ(test, kernel_sendmsg(op, &msg, &iov, 1, 3), 3);
		iov.iov_base = digest;
		iov.iov_len = sizeof(digest);
		KUNIT_EXPECT_EQ(test, kernel_recvmsg(op, &msg, &iov, 1,
						     sizeof(digest), 0),
				(int)sizeof(digest));
		KUNIT_EXPECT_MEMEQ(test, digest, abc_digest, sizeof(digest));
		sock_release(op);
	} else {
		KUNIT_FAIL(test, "accept on an existing socket failed");
	}
	sock_release(sock);
}

static struct kunit_case af_alg_restrict_test_cases[] = {
	KUNIT_CASE(af_alg_restrict_test_lists),
	KUNIT_CASE(af_alg_restrict_test_rows),
	KUNIT_CASE(af_alg_restrict_test_exact),
	KUNIT_CASE(af_alg_restrict_test_verdicts),
	KUNIT_CASE(af_alg_restrict_test_levels),
	KUNIT_CASE(af_alg_restrict_test_lock),
	KUNIT_CASE(af_alg_restrict_test_seen),
	KUNIT_CASE(af_alg_restrict_test_sock_create),
	KUNIT_CASE(af_alg_restrict_test_socket_file),
	KUNIT_CASE(af_alg_restrict_test_kernel_socket),
	KUNIT_CASE(af_alg_restrict_test_bind_live),
	KUNIT_CASE(af_alg_restrict_test_existing_socket),
	{}
};

static struct kunit_suite af_alg_restrict_test_suite = {
	.name = "af_alg_restrict",
	.init = af_alg_restrict_test_init,
	.exit = af_alg_restrict_test_exit,
	.test_cases = af_alg_restrict_test_cases,
};

kunit_test_suite(af_alg_restrict_test_suite);

MODULE_DESCRIPTION("KUnit tests for the AF_ALG restriction");
MODULE_LICENSE("GPL");
