/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The AF_ALG restriction (sysctl crypto.af_alg_restrict), shared by
 * crypto/af_alg.c and its KUnit suite.
 */
#ifndef _CRYPTO_AF_ALG_RESTRICT_H
#define _CRYPTO_AF_ALG_RESTRICT_H

#include <linux/types.h>

enum {
	AF_ALG_RESTRICT_NONE = 0,	/* unrestricted */
	AF_ALG_RESTRICT_LISTS = 1,	/* per-type allowlists at bind() */
	AF_ALG_RESTRICT_OFF = 2,	/* socket(AF_ALG) fails */
};

/* Why a socket creation or bind was allowed or refused. */
enum af_alg_rule {
	AF_ALG_RULE_UNRESTRICTED,	/* allowed: crypto.af_alg_restrict=0 */
	AF_ALG_RULE_LISTED,		/* allowed: listed for every process */
	AF_ALG_RULE_PRIVILEGED,		/* allowed: privileged entry, caller is */
	AF_ALG_RULE_NOT_LISTED,		/* refused: not on the type's list */
	AF_ALG_RULE_NOT_PRIVILEGED,	/* refused: privileged entry, caller is not */
	AF_ALG_RULE_OFF,		/* refused: crypto.af_alg_restrict=2 */
	AF_ALG_RULE_NOT_CHECKED,	/* bind failed before the check */
};

/* One allowlist entry: the exact name, and whether it needs privilege. */
struct af_alg_allowed {
	const char *name;
	bool privileged;
};

/* The restriction level and its one-way lock. */
struct af_alg_restrict_state {
	int level;
	bool locked;
};

#define AF_ALG_SEEN_ENTRIES 64

struct af_alg_seen {
	bool used;
	pid_t tgid;
	u64 start;
	u32 hash;
};

/* The last (process, type, algorithm) triples a log reported. */
struct af_alg_seen_table {
	struct af_alg_seen entry[AF_ALG_SEEN_ENTRIES];
	unsigned int next;
};

int af_alg_restrict_create(int sock_type, int protocol, int kern);
void af_alg_restrict_created(int sock_type, int protocol, int kern, int err);
int af_alg_restrict_bind(const char *type, const char *name, bool kern,
			 enum af_alg_rule *rule);
void af_alg_restrict_bound(const char *type, const char *name,
			   enum af_alg_rule rule, int err);
int af_alg_restrict_sysctl_register(void);
void af_alg_restrict_sysctl_unregister(void);

#if IS_ENABLED(CONFIG_KUNIT)
struct task_struct;
const struct af_alg_allowed *af_alg_allowlist_find(const char *type,
						   const char *name);
unsigned int af_alg_allowlist_size(const char *type);
enum af_alg_rule af_alg_restrict_rule(int level, const char *type,
				      const char *name,
				      bool (*privileged)(void));
bool af_alg_rule_denied(enum af_alg_rule rule);
const char *af_alg_rule_name(enum af_alg_rule rule);
int af_alg_restrict_set(struct af_alg_restrict_state *s, int level);
int af_alg_restrict_set_lock(struct af_alg_restrict_state *s, int lock);
int af_alg_restrict_get(void);
int af_alg_restrict_set_for_test(int level);
bool af_alg_seen_first(struct af_alg_seen_table *t, struct task_struct *task,
		       const char *type, const char *alg);
#endif

#endif /* _CRYPTO_AF_ALG_RESTRICT_H */
