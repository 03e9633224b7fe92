/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AF_ALG usage mode, shared by crypto/af_alg.c and its KUnit suite.
 */
#ifndef _CRYPTO_AF_ALG_MODE_H
#define _CRYPTO_AF_ALG_MODE_H

#include <linux/atomic.h>
#include <linux/types.h>

enum {
	AF_ALG_MODE_ALLOW = 0,
	AF_ALG_MODE_WARN = 1,
	AF_ALG_MODE_DENY = 2,
	AF_ALG_MODE_LOCKED = 3,
};

struct af_alg_mode {
	atomic_t mode;
};

#define AF_ALG_SEEN_ENTRIES 64

struct af_alg_seen {
	bool used;
	pid_t tgid;
	u64 start;
	u32 alg_hash;
};

struct af_alg_seen_table {
	struct af_alg_seen entry[AF_ALG_SEEN_ENTRIES];
	unsigned int next;
};

int af_alg_mode_get(void);
int af_alg_mode_check_create(int sock_type, int protocol, int kern);
void af_alg_mode_created(int sock_type, int protocol, int kern, int err);
void af_alg_mode_bound(const char *type, const char *alg, int err);

#if IS_ENABLED(CONFIG_KUNIT)
struct task_struct;
int af_alg_mode_change(struct af_alg_mode *m, int new_mode);
int af_alg_mode_set_for_test(int new_mode);
bool af_alg_seen_first(struct af_alg_seen_table *t, struct task_struct *task,
		       const char *alg);
#endif

#endif /* _CRYPTO_AF_ALG_MODE_H */
