// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the AF_ALG usage mode: the mode transitions (including the
 * lock, on a private state so the running kernel is not locked), and the
 * denial on each kernel path that creates an AF_ALG socket.  Userspace
 * checks (socketpair(2), io_uring, the sysctl's capability check, the log
 * line) run in the test guest of the afalg-exit project.
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

#include "af_alg_mode.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static void af_alg_mode_test_transitions(struct kunit *test)
{
	struct af_alg_mode m = { .mode = ATOMIC_INIT(AF_ALG_MODE_ALLOW) };

	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, AF_ALG_MODE_WARN), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&m.mode), AF_ALG_MODE_WARN);
	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, AF_ALG_MODE_DENY), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&m.mode), AF_ALG_MODE_DENY);
	/* Deny can be undone. */
	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, AF_ALG_MODE_ALLOW), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&m.mode), AF_ALG_MODE_ALLOW);

	/* Out of range: refused, nothing changes. */
	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, 4), -EINVAL);
	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, INT_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, atomic_read(&m.mode), AF_ALG_MODE_ALLOW);
}

static void af_alg_mode_test_lock(struct kunit *test)
{
	struct af_alg_mode m = { .mode = ATOMIC_INIT(AF_ALG_MODE_WARN) };
	int i;

	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, AF_ALG_MODE_LOCKED), 0);
	for (i = AF_ALG_MODE_ALLOW; i < AF_ALG_MODE_LOCKED; i++) {
		KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, i), -EPERM);
		KUNIT_EXPECT_EQ(test, atomic_read(&m.mode), AF_ALG_MODE_LOCKED);
	}
	/* Setting the lock again is not an error. */
	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, AF_ALG_MODE_LOCKED), 0);
	KUNIT_EXPECT_EQ(test, af_alg_mode_change(&m, 7), -EINVAL);
	KUNIT_EXPECT_EQ(test, atomic_read(&m.mode), AF_ALG_MODE_LOCKED);

	/* The live mode cannot be locked through the test hook. */
	KUNIT_EXPECT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_LOCKED),
			-EINVAL);
}

static void af_alg_mode_test_seen(struct kunit *test)
{
	struct af_alg_seen_table *t;
	int i;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);

	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "sha256"));
	KUNIT_EXPECT_FALSE(test, af_alg_seen_first(t, current, "sha256"));
	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "sha1"));
	KUNIT_EXPECT_FALSE(test, af_alg_seen_first(t, current, "sha1"));
	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, ""));
	/* The table forgets the oldest pair once it has wrapped. */
	for (i = 0; i < AF_ALG_SEEN_ENTRIES; i++) {
		char name[16];

		snprintf(name, sizeof(name), "alg%d", i);
		KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, name));
	}
	KUNIT_EXPECT_TRUE(test, af_alg_seen_first(t, current, "sha256"));
}

struct af_alg_mode_test_ctx {
	int saved_mode;
};

static int af_alg_mode_test_init(struct kunit *test)
{
	struct af_alg_mode_test_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->saved_mode = af_alg_mode_get();
	test->priv = ctx;
	if (ctx->saved_mode == AF_ALG_MODE_LOCKED)
		kunit_skip(test, "af_alg mode is locked on this boot");
	return 0;
}

static void af_alg_mode_test_exit(struct kunit *test)
{
	struct af_alg_mode_test_ctx *ctx = test->priv;

	if (ctx && ctx->saved_mode != AF_ALG_MODE_LOCKED)
		af_alg_mode_set_for_test(ctx->saved_mode);
}

/* socket(2) and socketpair(2) both end up in sock_create(). */
static void af_alg_mode_test_deny_sock_create(struct kunit *test)
{
	struct socket *sock;

	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_ALLOW), 0);
	KUNIT_ASSERT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 0, &sock), 0);
	sock_release(sock);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_STREAM, 0, &sock),
			-ESOCKTNOSUPPORT);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 1, &sock),
			-EPROTONOSUPPORT);

	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_WARN), 0);
	KUNIT_ASSERT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 0, &sock), 0);
	sock_release(sock);

	/* Denied exactly as a kernel without AF_ALG: whatever type/protocol. */
	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_DENY), 0);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 0, &sock),
			-EAFNOSUPPORT);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_STREAM, 0, &sock),
			-EAFNOSUPPORT);
	KUNIT_EXPECT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 1, &sock),
			-EAFNOSUPPORT);
}

/* io_uring's IORING_OP_SOCKET creates its socket with __sys_socket_file(). */
static void af_alg_mode_test_deny_socket_file(struct kunit *test)
{
	struct file *file;

	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_ALLOW), 0);
	file = __sys_socket_file(PF_ALG, SOCK_SEQPACKET, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));
	fput(file);

	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_DENY), 0);
	file = __sys_socket_file(PF_ALG, SOCK_SEQPACKET, 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(file), -EAFNOSUPPORT);
	if (!IS_ERR(file))
		fput(file);
}

/* Sockets the kernel creates for itself are not subject to the mode. */
static void af_alg_mode_test_kernel_socket(struct kunit *test)
{
	struct socket *sock;

	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_DENY), 0);
	KUNIT_ASSERT_EQ(test, sock_create_kern(&init_net, PF_ALG, SOCK_SEQPACKET,
					       0, &sock), 0);
	sock_release(sock);
}

/*
 * Accepts an operation socket on @sock as accept(2) does.  kernel_accept()
 * cannot be used: it gives the new socket the parent's proto_ops, and
 * AF_ALG's operation sockets have their own.
 */
static int af_alg_mode_test_accept(struct socket *sock, struct socket **op)
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
 * A socket that exists when the mode is raised keeps working: bind, accept
 * and a SHA-256 of "abc" (FIPS 180-2 example) after switching to deny.
 */
static void af_alg_mode_test_existing_socket(struct kunit *test)
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

	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_ALLOW), 0);
	KUNIT_ASSERT_EQ(test, sock_create(PF_ALG, SOCK_SEQPACKET, 0, &sock), 0);
	KUNIT_ASSERT_EQ(test, af_alg_mode_set_for_test(AF_ALG_MODE_DENY), 0);

	KUNIT_EXPECT_EQ(test, kernel_bind(sock, (struct sockaddr *)&sa,
					  sizeof(sa)), 0);
	if (af_alg_mode_test_accept(sock, &op) == 0) {
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

static struct kunit_case af_alg_mode_test_cases[] = {
	KUNIT_CASE(af_alg_mode_test_transitions),
	KUNIT_CASE(af_alg_mode_test_lock),
	KUNIT_CASE(af_alg_mode_test_seen),
	KUNIT_CASE(af_alg_mode_test_deny_sock_create),
	KUNIT_CASE(af_alg_mode_test_deny_socket_file),
	KUNIT_CASE(af_alg_mode_test_kernel_socket),
	KUNIT_CASE(af_alg_mode_test_existing_socket),
	{}
};

static struct kunit_suite af_alg_mode_test_suite = {
	.name = "af_alg_mode",
	.init = af_alg_mode_test_init,
	.exit = af_alg_mode_test_exit,
	.test_cases = af_alg_mode_test_cases,
};

kunit_test_suite(af_alg_mode_test_suite);

MODULE_DESCRIPTION("KUnit tests for the AF_ALG usage mode");
MODULE_LICENSE("GPL");
