// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AF_ALG restriction, sysctl crypto.af_alg_restrict:
 *
 *   0  unrestricted
 *   1  (default) bind() accepts only the names on the socket type's
 *      allowlist; any other name fails with ENOENT, as for an algorithm
 *      the kernel does not have, so programs take their fallback paths.
 *      Some entries are privileged: they need CAP_NET_ADMIN in the initial
 *      user namespace or CAP_SYS_ADMIN.
 *   2  socket(AF_ALG, ...) fails with EAFNOSUPPORT, as on a kernel without
 *      AF_ALG.  Sockets created earlier keep working; a bind on them is
 *      checked against the allowlists as at 1.
 *
 * The bound name is compared with strcmp(): only the template names below
 * pass, not driver names ("sha256-generic") nor other spellings.
 *
 * Added to what upstream has, without changing the meaning of any of its
 * values: crypto.af_alg_restrict_lock, a one-way lock after which the
 * level cannot be lowered until reboot; crypto.af_alg_log_use, a log line
 * per process and algorithm that binds; crypto.af_alg_log_deny, a log line
 * per process and algorithm refused, naming the rule; the verdict in the
 * tracepoints af_alg:af_alg_create and af_alg:af_alg_bind.
 *
 * The sysctls are registered by af_alg's init, so on a kernel with af_alg
 * built in, sysctl.crypto.af_alg_restrict=N on the kernel command line sets
 * the level at boot.  This file is built in whenever AF_ALG is enabled,
 * even when af_alg is a module, so that the level and the lock survive
 * unloading af_alg.ko.
 */

#define pr_fmt(fmt) "af_alg: " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/stringhash.h>
#include <linux/sysctl.h>
#include <linux/user_namespace.h>
#include <kunit/visibility.h>

#include "af_alg_restrict.h"

#define CREATE_TRACE_POINTS
#include <trace/events/af_alg.h>

/* hash: iwd, iproute2 < 7.0, bluez, FIPS initramfs checks (sha512hmac) */
static const struct af_alg_allowed af_alg_hash_allowed[] = {
	{ "sha1" },
	{ "cmac(aes)", true },
	{ "hmac(md5)", true },
	{ "hmac(sha1)", true },
	{ "hmac(sha224)", true },
	{ "hmac(sha256)", true },
	{ "hmac(sha384)", true },
	{ "hmac(sha512)", true },
	{ "md4", true },
	{ "md5", true },
	{ "sha224", true },
	{ "sha256", true },
	{ "sha384", true },
	{ "sha512", true },
	{}
};

/* skcipher: cryptsetup (volume and keyslot encryption), iwd, bluez */
static const struct af_alg_allowed af_alg_skcipher_allowed[] = {
	{ "adiantum(xchacha12,aes)" },
	{ "adiantum(xchacha20,aes)" },
	{ "hctr2(aes)" },
	{ "xts(aes)" },
	{ "xts(camellia)" },
	{ "xts(serpent)" },
	{ "xts(twofish)" },
	{ "cbc(aes)", true },
	{ "cbc(des)", true },
	{ "cbc(des3_ede)", true },
	{ "ctr(aes)", true },
	{ "ecb(aes)", true },
	{ "ecb(des)", true },
	{}
};

/* aead: bluez */
static const struct af_alg_allowed af_alg_aead_allowed[] = {
	{ "ccm(aes)", true },
	{}
};

/* rng: nobody; every name is refused */
static const struct af_alg_allowed af_alg_rng_allowed[] = {
	{}
};

static const struct {
	const char *type;
	const struct af_alg_allowed *names;
} af_alg_allowlists[] = {
	{ "hash", af_alg_hash_allowed },
	{ "skcipher", af_alg_skcipher_allowed },
	{ "aead", af_alg_aead_allowed },
	{ "rng", af_alg_rng_allowed },
};

static const struct af_alg_allowed *af_alg_allowlist(const char *type)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(af_alg_allowlists); i++)
		if (!strcmp(type, af_alg_allowlists[i].type))
			return af_alg_allowlists[i].names;
	return NULL;
}

/**
 * af_alg_allowlist_find() - look a name up on a socket type's allowlist
 * @type: the socket type bound ("hash", "skcipher", "aead", "rng")
 * @name: the algorithm name bound, compared exactly
 *
 * Return: the entry, or NULL when the type has no list or the name is not
 * on it.
 */
VISIBLE_IF_KUNIT const struct af_alg_allowed *
af_alg_allowlist_find(const char *type, const char *name)
{
	const struct af_alg_allowed *e = af_alg_allowlist(type);

	for (; e && e->name; e++)
		if (!strcmp(name, e->name))
			return e;
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_allowlist_find);

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * af_alg_allowlist_size() - the number of names on a socket type's list
 * @type: the socket type
 *
 * Return: the number of entries, 0 for a type without a list.
 */
unsigned int af_alg_allowlist_size(const char *type)
{
	const struct af_alg_allowed *e = af_alg_allowlist(type);
	unsigned int n = 0;

	for (; e && e->name; e++)
		n++;
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_allowlist_size);
#endif

/**
 * af_alg_restrict_rule() - the rule that decides a bind
 * @level: the restriction level, AF_ALG_RESTRICT_NONE .. AF_ALG_RESTRICT_OFF
 * @type: the socket type bound
 * @name: the algorithm name bound
 * @privileged: tells whether the caller is privileged; called only for a
 *	privileged entry
 *
 * At level 2 a bind can only happen on a socket created before; it is
 * checked against the lists as at level 1.
 *
 * Return: the rule; af_alg_rule_denied() says whether it refuses the bind.
 */
VISIBLE_IF_KUNIT enum af_alg_rule
af_alg_restrict_rule(int level, const char *type, const char *name,
		     bool (*privileged)(void))
{
	const struct af_alg_allowed *e;

	if (level <= AF_ALG_RESTRICT_NONE)
		return AF_ALG_RULE_UNRESTRICTED;
	e = af_alg_allowlist_find(type, name);
	if (!e)
		return AF_ALG_RULE_NOT_LISTED;
	if (!e->privileged)
		return AF_ALG_RULE_LISTED;
	return privileged() ? AF_ALG_RULE_PRIVILEGED :
			      AF_ALG_RULE_NOT_PRIVILEGED;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_restrict_rule);

/**
 * af_alg_rule_denied() - does a rule refuse the operation?
 * @rule: the rule
 *
 * Return: true for the rules that refuse a bind or a socket creation.
 */
VISIBLE_IF_KUNIT bool af_alg_rule_denied(enum af_alg_rule rule)
{
	return rule == AF_ALG_RULE_NOT_LISTED ||
	       rule == AF_ALG_RULE_NOT_PRIVILEGED || rule == AF_ALG_RULE_OFF;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_rule_denied);

/**
 * af_alg_rule_name() - the name of a rule in the log and the tracepoints
 * @rule: the rule
 *
 * Return: a constant string.
 */
VISIBLE_IF_KUNIT const char *af_alg_rule_name(enum af_alg_rule rule)
{
	switch (rule) {
	case AF_ALG_RULE_UNRESTRICTED:
		return "unrestricted";
	case AF_ALG_RULE_LISTED:
		return "listed";
	case AF_ALG_RULE_PRIVILEGED:
		return "privileged";
	case AF_ALG_RULE_NOT_LISTED:
		return "not-listed";
	case AF_ALG_RULE_NOT_PRIVILEGED:
		return "not-privileged";
	case AF_ALG_RULE_OFF:
		return "off";
	case AF_ALG_RULE_NOT_CHECKED:
		break;
	}
	return "not-checked";
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_rule_name);

/**
 * af_alg_restrict_set() - change a restriction level
 * @s: the state to change; the caller serialises writers
 * @level: the new level
 *
 * Return: 0, -EINVAL for a level out of range, -EPERM when @s is locked
 * and @level is lower than the current level.
 */
VISIBLE_IF_KUNIT int af_alg_restrict_set(struct af_alg_restrict_state *s,
					 int level)
{
	if (level < AF_ALG_RESTRICT_NONE || level > AF_ALG_RESTRICT_OFF)
		return -EINVAL;
	if (s->locked && level < s->level)
		return -EPERM;
	WRITE_ONCE(s->level, level);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_restrict_set);

/**
 * af_alg_restrict_set_lock() - set or clear the lock of a restriction
 * @s: the state to change; the caller serialises writers
 * @lock: 1 to lock, 0 to unlock
 *
 * Return: 0, -EINVAL for a value other than 0 and 1, -EPERM when
 * unlocking a locked state (the lock is one-way).
 */
VISIBLE_IF_KUNIT int af_alg_restrict_set_lock(struct af_alg_restrict_state *s,
					      int lock)
{
	if (lock != 0 && lock != 1)
		return -EINVAL;
	if (s->locked && !lock)
		return -EPERM;
	s->locked = lock;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_restrict_set_lock);

static DEFINE_MUTEX(af_alg_restrict_mutex);
static struct af_alg_restrict_state af_alg_restrict_state = {
	.level = CONFIG_CRYPTO_USER_API_RESTRICT_DEFAULT,
};

static int af_alg_log_use;
static int af_alg_log_deny;

static DEFINE_SPINLOCK(af_alg_seen_lock);
static struct af_alg_seen_table af_alg_use_seen;
static struct af_alg_seen_table af_alg_deny_seen;
static DEFINE_RATELIMIT_STATE(af_alg_use_rs, 5 * HZ, 10);
static DEFINE_RATELIMIT_STATE(af_alg_deny_rs, 5 * HZ, 10);

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * af_alg_restrict_get() - the restriction level in force
 *
 * Return: AF_ALG_RESTRICT_NONE .. AF_ALG_RESTRICT_OFF
 */
int af_alg_restrict_get(void)
{
	return READ_ONCE(af_alg_restrict_state.level);
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_restrict_get);

/**
 * af_alg_restrict_set_for_test() - switch the live level from KUnit
 * @level: the new level
 *
 * Return: as af_alg_restrict_set(); the lock is honoured, never set.
 */
int af_alg_restrict_set_for_test(int level)
{
	int err;

	mutex_lock(&af_alg_restrict_mutex);
	err = af_alg_restrict_set(&af_alg_restrict_state, level);
	mutex_unlock(&af_alg_restrict_mutex);
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_restrict_set_for_test);
#endif

/**
 * af_alg_seen_first() - note that a process used a type and algorithm
 * @t: the table of recent (process, type, algorithm) triples
 * @task: the task; its thread group and start time identify the process
 * @type: the socket type ("-" for a socket creation)
 * @alg: the algorithm name ("-" for a socket creation)
 *
 * The table remembers the last AF_ALG_SEEN_ENTRIES triples, which keeps a
 * busy process from flooding the log; the log lines are also rate limited.
 * Caller holds the lock protecting @t.
 *
 * Return: true if the triple was not in the table (it is now).
 */
VISIBLE_IF_KUNIT bool af_alg_seen_first(struct af_alg_seen_table *t,
					struct task_struct *task,
					const char *type, const char *alg)
{
	u64 start = task->group_leader->start_time;
	u32 hash = full_name_hash(NULL, type, strlen(type)) * 31 +
		   full_name_hash(NULL, alg, strlen(alg));
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t->entry); i++) {
		const struct af_alg_seen *e = &t->entry[i];

		if (e->used && e->tgid == task->tgid && e->start == start &&
		    e->hash == hash)
			return false;
	}
	i = t->next++ % ARRAY_SIZE(t->entry);
	t->entry[i] = (struct af_alg_seen){
		.used = true, .tgid = task->tgid, .start = start, .hash = hash,
	};
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_seen_first);

static void af_alg_log(struct af_alg_seen_table *t, struct ratelimit_state *rs,
		       const char *what, const char *type, const char *alg,
		       int level, enum af_alg_rule rule)
{
	struct file *exe;
	char buf[256];
	char *path = "?";
	bool first;

	spin_lock(&af_alg_seen_lock);
	first = af_alg_seen_first(t, current, type, alg);
	spin_unlock(&af_alg_seen_lock);
	if (!first || !__ratelimit(rs))
		return;

	exe = get_task_exe_file(current);
	if (exe) {
		path = file_path(exe, buf, sizeof(buf));
		if (IS_ERR(path))
			path = "?";
	}
	pr_warn("%s: comm=%s pid=%d uid=%u exe=%s type=%s alg=%s restrict=%d rule=%s\n",
		what, current->comm, task_tgid_nr(current),
		from_kuid(&init_user_ns, current_uid()), path, type, alg,
		level, af_alg_rule_name(rule));
	if (exe)
		fput(exe);
}

/* Privileged: CAP_NET_ADMIN in the initial user namespace, or CAP_SYS_ADMIN. */
static bool af_alg_caller_privileged(void)
{
	return ns_capable_noaudit(&init_user_ns, CAP_NET_ADMIN) ||
	       ns_capable_noaudit(&init_user_ns, CAP_SYS_ADMIN);
}

/**
 * af_alg_restrict_create() - may this task create an AF_ALG socket?
 * @sock_type: the socket type requested (SOCK_SEQPACKET for a valid call)
 * @protocol: the protocol requested (0 for a valid call)
 * @kern: nonzero for a socket created by the kernel itself
 *
 * Called first thing by the AF_ALG family's create function, which every
 * path that creates an AF_ALG socket goes through: socket(2),
 * socketpair(2), socketcall(2) of 32-bit programs and io_uring's
 * IORING_OP_SOCKET.  Checked before the type and protocol, so that the
 * error does not depend on the arguments.
 *
 * Return: 0, or -EAFNOSUPPORT at crypto.af_alg_restrict=2.
 */
int af_alg_restrict_create(int sock_type, int protocol, int kern)
{
	int level = READ_ONCE(af_alg_restrict_state.level);

	if (kern || level < AF_ALG_RESTRICT_OFF)
		return 0;
	trace_af_alg_create(sock_type, protocol, -EAFNOSUPPORT, true, level,
			    af_alg_rule_name(AF_ALG_RULE_OFF));
	if (READ_ONCE(af_alg_log_deny))
		af_alg_log(&af_alg_deny_seen, &af_alg_deny_rs,
			   "AF_ALG denied", "-", "-", level, AF_ALG_RULE_OFF);
	return -EAFNOSUPPORT;
}
EXPORT_SYMBOL_GPL(af_alg_restrict_create);

/**
 * af_alg_restrict_created() - report the outcome of an AF_ALG socket creation
 * @sock_type: the socket type requested
 * @protocol: the protocol requested
 * @kern: nonzero for a socket created by the kernel itself
 * @err: 0 or the error returned to the caller
 */
void af_alg_restrict_created(int sock_type, int protocol, int kern, int err)
{
	if (!kern)
		trace_af_alg_create(sock_type, protocol, err, false,
				    READ_ONCE(af_alg_restrict_state.level),
				    af_alg_rule_name(AF_ALG_RULE_UNRESTRICTED));
}
EXPORT_SYMBOL_GPL(af_alg_restrict_created);

/**
 * af_alg_restrict_bind() - may this task bind an AF_ALG socket to a name?
 * @type: the socket type requested, NUL-terminated
 * @name: the algorithm name requested, NUL-terminated
 * @kern: true for a socket created by the kernel itself (never restricted)
 * @rule: set to the rule that decided
 *
 * Return: 0, or -ENOENT when the restriction refuses the name.
 */
int af_alg_restrict_bind(const char *type, const char *name, bool kern,
			 enum af_alg_rule *rule)
{
	int level = READ_ONCE(af_alg_restrict_state.level);

	*rule = af_alg_restrict_rule(kern ? AF_ALG_RESTRICT_NONE : level,
				     type, name, af_alg_caller_privileged);
	return af_alg_rule_denied(*rule) ? -ENOENT : 0;
}
EXPORT_SYMBOL_GPL(af_alg_restrict_bind);

/**
 * af_alg_restrict_bound() - report the outcome of an AF_ALG bind
 * @type: the socket type requested
 * @name: the algorithm name requested
 * @rule: the rule af_alg_restrict_bind() gave, AF_ALG_RULE_NOT_CHECKED if
 *	the bind failed before
 * @err: 0 or the error returned to the caller
 *
 * Traces every bind; logs a refused one when crypto.af_alg_log_deny is
 * set, and a successful one when crypto.af_alg_log_use is set, once per
 * process, type and name.
 */
void af_alg_restrict_bound(const char *type, const char *name,
			   enum af_alg_rule rule, int err)
{
	int level = READ_ONCE(af_alg_restrict_state.level);
	bool denied = af_alg_rule_denied(rule);

	trace_af_alg_bind(type, name, err, denied, level,
			  af_alg_rule_name(rule));
	if (denied) {
		if (READ_ONCE(af_alg_log_deny))
			af_alg_log(&af_alg_deny_seen, &af_alg_deny_rs,
				   "AF_ALG denied", type, name, level, rule);
	} else if (!err && READ_ONCE(af_alg_log_use)) {
		af_alg_log(&af_alg_use_seen, &af_alg_use_rs, "AF_ALG in use",
			   type, name, level, rule);
	}
}
EXPORT_SYMBOL_GPL(af_alg_restrict_bound);

static void af_alg_sysctl_notice(const char *name, int val)
{
	pr_notice("crypto.%s=%d set by comm=%s pid=%d uid=%u\n", name, val,
		  current->comm, task_tgid_nr(current),
		  from_kuid(&init_user_ns, current_uid()));
}

static int af_alg_restrict_sysctl(const struct ctl_table *table, int write,
				  void *buffer, size_t *lenp, loff_t *ppos)
{
	struct af_alg_restrict_state *s = &af_alg_restrict_state;
	struct ctl_table tmp = *table;
	int val, old, err;

	mutex_lock(&af_alg_restrict_mutex);
	old = s->level;
	val = table->data == &s->level ? s->level : s->locked;
	tmp.data = &val;
	err = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
	if (err || !write)
		goto out;
	if (table->data == &s->level) {
		err = af_alg_restrict_set(s, val);
		if (!err && val != old)
			af_alg_sysctl_notice(table->procname, val);
	} else {
		/* Our addition, so it asks for what a lock should. */
		err = capable(CAP_SYS_ADMIN) ? 0 : -EPERM;
		if (!err && !s->locked && val)
			af_alg_sysctl_notice(table->procname, val);
		if (!err)
			err = af_alg_restrict_set_lock(s, val);
	}
out:
	mutex_unlock(&af_alg_restrict_mutex);
	return err;
}

static int af_alg_log_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	if (write && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	return proc_dointvec_minmax(table, write, buffer, lenp, ppos);
}

static struct ctl_table af_alg_sysctl_table[] = {
	{
		.procname	= "af_alg_restrict",
		.data		= &af_alg_restrict_state.level,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= af_alg_restrict_sysctl,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_TWO,
	},
	{
		.procname	= "af_alg_restrict_lock",
		.data		= &af_alg_restrict_state.locked,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= af_alg_restrict_sysctl,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
	{
		.procname	= "af_alg_log_use",
		.data		= &af_alg_log_use,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= af_alg_log_sysctl,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
	{
		.procname	= "af_alg_log_deny",
		.data		= &af_alg_log_deny,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= af_alg_log_sysctl,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
};

static struct ctl_table_header *af_alg_sysctl_header;

/**
 * af_alg_restrict_sysctl_register() - add the crypto.af_alg_* sysctls
 *
 * Called by af_alg's init.  The level and the lock live in the kernel
 * image, so they keep their values while af_alg.ko is not loaded.
 *
 * Return: 0 or -ENOMEM.
 */
int af_alg_restrict_sysctl_register(void)
{
	af_alg_sysctl_header = register_sysctl("crypto", af_alg_sysctl_table);
	if (!af_alg_sysctl_header && IS_ENABLED(CONFIG_SYSCTL))
		return -ENOMEM;
	return 0;
}
EXPORT_SYMBOL_GPL(af_alg_restrict_sysctl_register);

/**
 * af_alg_restrict_sysctl_unregister() - remove the crypto.af_alg_* sysctls
 */
void af_alg_restrict_sysctl_unregister(void)
{
	unregister_sysctl_table(af_alg_sysctl_header);
	af_alg_sysctl_header = NULL;
}
EXPORT_SYMBOL_GPL(af_alg_restrict_sysctl_unregister);
