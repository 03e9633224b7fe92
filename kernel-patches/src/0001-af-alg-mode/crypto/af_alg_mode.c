// SPDX-License-Identifier: GPL-2.0-only
/*
 * AF_ALG usage mode: find, then switch off, userspace use of the crypto API
 * socket interface without rebuilding the kernel.
 *
 *   0  allow
 *   1  allow, and log each process and algorithm that uses AF_ALG
 *   2  deny: creating an AF_ALG socket fails with EAFNOSUPPORT, which is
 *      what a kernel built without AF_ALG returns, so programs that probe
 *      for AF_ALG fall back to their own code
 *   3  deny, and lock: the mode cannot be changed again until reboot
 *
 * The mode is set at boot with af_alg.mode=, at run time with the sysctl
 * crypto.af_alg_mode (CAP_SYS_ADMIN), and defaults to
 * CONFIG_CRYPTO_USER_API_DEFAULT_MODE.  Only the creation of new sockets
 * is refused: sockets that exist when the mode is raised keep working, so
 * nothing in flight is lost.  Sockets created by the kernel itself are not
 * affected.
 *
 * Every socket creation and bind from userspace is reported through the
 * tracepoints af_alg:af_alg_create and af_alg:af_alg_bind, whatever the
 * mode, for inventory tools.
 *
 * This file is always built in when AF_ALG is enabled, even when af_alg
 * itself is a module, so that a locked mode survives unloading the module.
 */

#define pr_fmt(fmt) "af_alg: " fmt

#include <linux/atomic.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/stringhash.h>
#include <linux/sysctl.h>
#include <kunit/visibility.h>

#include "af_alg_mode.h"

#define CREATE_TRACE_POINTS
#include <trace/events/af_alg.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "af_alg."

static struct af_alg_mode af_alg_mode_global = {
	.mode = ATOMIC_INIT(CONFIG_CRYPTO_USER_API_DEFAULT_MODE),
};

static DEFINE_SPINLOCK(af_alg_seen_lock);
static struct af_alg_seen_table af_alg_seen_global;

/**
 * af_alg_mode_change() - change an AF_ALG usage mode
 * @m: the mode to change
 * @new_mode: AF_ALG_MODE_ALLOW .. AF_ALG_MODE_LOCKED
 *
 * Return: 0 on success (also when @m is locked and @new_mode is
 * AF_ALG_MODE_LOCKED), -EINVAL for a value out of range, -EPERM when @m is
 * locked.
 */
VISIBLE_IF_KUNIT int af_alg_mode_change(struct af_alg_mode *m, int new_mode)
{
	int old = atomic_read(&m->mode);

	if (new_mode < AF_ALG_MODE_ALLOW || new_mode > AF_ALG_MODE_LOCKED)
		return -EINVAL;
	do {
		if (old == AF_ALG_MODE_LOCKED)
			return new_mode == old ? 0 : -EPERM;
	} while (!atomic_try_cmpxchg(&m->mode, &old, new_mode));
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_mode_change);

/**
 * af_alg_mode_get() - the AF_ALG usage mode in force
 *
 * Return: AF_ALG_MODE_ALLOW .. AF_ALG_MODE_LOCKED
 */
int af_alg_mode_get(void)
{
	return atomic_read(&af_alg_mode_global.mode);
}
EXPORT_SYMBOL_GPL(af_alg_mode_get);

#if IS_ENABLED(CONFIG_KUNIT)
/* Lets the KUnit suite switch the live mode; it never passes LOCKED. */
int af_alg_mode_set_for_test(int new_mode)
{
	if (new_mode == AF_ALG_MODE_LOCKED)
		return -EINVAL;
	return af_alg_mode_change(&af_alg_mode_global, new_mode);
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_mode_set_for_test);
#endif

/**
 * af_alg_seen_first() - note that a process used an algorithm
 * @t: the table of recent (process, algorithm) pairs
 * @task: the task; its thread group and start time identify the process
 * @alg: the algorithm name ("" for a socket creation)
 *
 * The table remembers the last AF_ALG_SEEN_ENTRIES pairs, which is enough
 * to keep a busy process from flooding the log; the log line is also rate
 * limited.  Caller holds the lock protecting @t.
 *
 * Return: true if the pair was not in the table (it is now).
 */
VISIBLE_IF_KUNIT bool af_alg_seen_first(struct af_alg_seen_table *t,
					struct task_struct *task,
					const char *alg)
{
	u64 start = task->group_leader->start_time;
	u32 hash = full_name_hash(NULL, alg, strlen(alg));
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t->entry); i++) {
		const struct af_alg_seen *e = &t->entry[i];

		if (e->used && e->tgid == task->tgid && e->start == start &&
		    e->alg_hash == hash)
			return false;
	}
	i = t->next++ % ARRAY_SIZE(t->entry);
	t->entry[i] = (struct af_alg_seen){
		.used = true, .tgid = task->tgid, .start = start,
		.alg_hash = hash,
	};
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(af_alg_seen_first);

static void af_alg_log_use(const char *what, const char *type, const char *alg)
{
	static DEFINE_RATELIMIT_STATE(rs, 5 * HZ, 10);
	struct file *exe;
	char buf[256];
	char *path = "?";
	bool first;

	spin_lock(&af_alg_seen_lock);
	first = af_alg_seen_first(&af_alg_seen_global, current, alg);
	spin_unlock(&af_alg_seen_lock);
	if (!first || !__ratelimit(&rs))
		return;

	exe = get_task_exe_file(current);
	if (exe) {
		path = file_path(exe, buf, sizeof(buf));
		if (IS_ERR(path))
			path = "?";
	}
	pr_warn("%s: comm=%s pid=%d uid=%u exe=%s type=%s alg=%s mode=%d\n",
		what, current->comm, task_tgid_nr(current),
		from_kuid(&init_user_ns, current_uid()), path, type, alg,
		af_alg_mode_get());
	if (exe)
		fput(exe);
}

/**
 * af_alg_mode_check_create() - may this task create an AF_ALG socket?
 * @sock_type: the socket type requested (SOCK_SEQPACKET for a valid call)
 * @protocol: the protocol requested (0 for a valid call)
 * @kern: nonzero for a socket created by the kernel itself
 *
 * Called first thing by the AF_ALG socket constructor, which every path
 * that creates an AF_ALG socket goes through (socket(2), socketpair(2),
 * io_uring's IORING_OP_SOCKET).
 *
 * Return: 0, or -EAFNOSUPPORT when the mode denies AF_ALG.
 */
int af_alg_mode_check_create(int sock_type, int protocol, int kern)
{
	int mode = af_alg_mode_get();

	if (kern || mode < AF_ALG_MODE_DENY)
		return 0;
	trace_af_alg_create(sock_type, protocol, -EAFNOSUPPORT, true, mode);
	af_alg_log_use("AF_ALG socket denied", "-", "");
	return -EAFNOSUPPORT;
}
EXPORT_SYMBOL_GPL(af_alg_mode_check_create);

/**
 * af_alg_mode_created() - report the outcome of an AF_ALG socket creation
 * @sock_type: the socket type requested
 * @protocol: the protocol requested
 * @kern: nonzero for a socket created by the kernel itself
 * @err: 0 or the error returned to the caller
 */
void af_alg_mode_created(int sock_type, int protocol, int kern, int err)
{
	if (!kern)
		trace_af_alg_create(sock_type, protocol, err, false,
				    af_alg_mode_get());
}
EXPORT_SYMBOL_GPL(af_alg_mode_created);

/**
 * af_alg_mode_bound() - report an AF_ALG bind
 * @type: the socket type requested ("hash", "skcipher", "aead", "rng")
 * @alg: the algorithm name requested
 * @err: 0 or the error returned to the caller
 *
 * In every mode but "allow", a successful bind is logged once per process
 * and algorithm.  (In the deny modes only sockets created before the mode
 * was raised can get here.)
 */
void af_alg_mode_bound(const char *type, const char *alg, int err)
{
	int mode = af_alg_mode_get();

	trace_af_alg_bind(type, alg, err, mode);
	if (!err && mode != AF_ALG_MODE_ALLOW)
		af_alg_log_use("AF_ALG in use", type, alg);
}
EXPORT_SYMBOL_GPL(af_alg_mode_bound);

static int af_alg_mode_param_set(const char *val, const struct kernel_param *kp)
{
	int mode, err;

	err = kstrtoint(val, 0, &mode);
	if (err)
		return err;
	if (mode < AF_ALG_MODE_ALLOW || mode > AF_ALG_MODE_LOCKED)
		return -EINVAL;
	/* Boot time: overrides the Kconfig default, even a locked one. */
	atomic_set(&af_alg_mode_global.mode, mode);
	return 0;
}

static int af_alg_mode_param_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%d\n", af_alg_mode_get());
}

static const struct kernel_param_ops af_alg_mode_param_ops = {
	.set = af_alg_mode_param_set,
	.get = af_alg_mode_param_get,
};
module_param_cb(mode, &af_alg_mode_param_ops, NULL, 0444);
MODULE_PARM_DESC(mode, "AF_ALG usage: 0 allow, 1 allow and log, 2 deny, 3 deny and lock");

static int af_alg_mode_sysctl(const struct ctl_table *table, int write,
			      void *buffer, size_t *lenp, loff_t *ppos)
{
	int mode = af_alg_mode_get();
	struct ctl_table tmp = {
		.data = &mode,
		.maxlen = sizeof(mode),
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_THREE,
	};
	int err;

	if (write && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	err = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
	if (err || !write)
		return err;
	err = af_alg_mode_change(&af_alg_mode_global, mode);
	if (!err)
		pr_notice("crypto.af_alg_mode=%d set by comm=%s pid=%d uid=%u\n",
			  mode, current->comm, task_tgid_nr(current),
			  from_kuid(&init_user_ns, current_uid()));
	return err;
}

static struct ctl_table af_alg_sysctl_table[] = {
	{
		.procname	= "af_alg_mode",
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= af_alg_mode_sysctl,
	},
};

static int __init af_alg_mode_init(void)
{
	if (!register_sysctl("crypto", af_alg_sysctl_table))
		return -ENOMEM;
	return 0;
}
subsys_initcall(af_alg_mode_init);
