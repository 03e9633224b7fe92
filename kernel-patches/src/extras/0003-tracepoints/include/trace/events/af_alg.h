/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints for AF_ALG socket creation and bind, with the fields an
 * inventory of AF_ALG users needs and the verdict of the restriction
 * (crypto.af_alg_restrict): mode is the level the decision was made with,
 * denied is set when the restriction refused the operation, rule names
 * why: "unrestricted" (level 0), "checked-at-bind" (a creation at level 1,
 * whose name is checked when it binds), "listed", "privileged",
 * "not-listed", "not-privileged", "off" (level 2), "not-checked" (a bind
 * that failed before the check).  A creation refused at level 2 has
 * result=-EAFNOSUPPORT, a refused bind result=-ENOENT.  type and alg are
 * the bytes the caller passed, unescaped: read them as data.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM af_alg

#if !defined(_TRACE_AF_ALG_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_AF_ALG_H

#include <linux/cred.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>
#include <linux/uidgid.h>

TRACE_EVENT(af_alg_create,
	    TP_PROTO(int sock_type, int protocol, int result, bool denied,
		     int mode, const char *rule),
	    TP_ARGS(sock_type, protocol, result, denied, mode, rule),
	    TP_STRUCT__entry(__array(char, comm, TASK_COMM_LEN)
			     __field(pid_t, pid)
			     __field(uid_t, uid)
			     __field(int, sock_type)
			     __field(int, protocol)
			     __field(int, result)
			     __field(bool, denied)
			     __field(int, mode)
			     __string(rule, rule)),
	    TP_fast_assign(memcpy(__entry->comm, current->comm, TASK_COMM_LEN);
			   __entry->pid = task_tgid_nr(current);
			   __entry->uid = from_kuid(&init_user_ns, current_uid());
			   __entry->sock_type = sock_type;
			   __entry->protocol = protocol;
			   __entry->result = result;
			   __entry->denied = denied;
			   __entry->mode = mode;
			   __assign_str(rule);),
	    TP_printk("comm=%s pid=%d uid=%u sock_type=%d protocol=%d result=%d denied=%d mode=%d rule=%s",
		      __entry->comm, __entry->pid, __entry->uid,
		      __entry->sock_type, __entry->protocol, __entry->result,
		      __entry->denied, __entry->mode, __get_str(rule))
);

TRACE_EVENT(af_alg_bind,
	    TP_PROTO(const char *type, const char *alg, int result, bool denied,
		     int mode, const char *rule),
	    TP_ARGS(type, alg, result, denied, mode, rule),
	    TP_STRUCT__entry(__array(char, comm, TASK_COMM_LEN)
			     __field(pid_t, pid)
			     __field(uid_t, uid)
			     __string(type, type)
			     __string(alg, alg)
			     __field(int, result)
			     __field(bool, denied)
			     __field(int, mode)
			     __string(rule, rule)),
	    TP_fast_assign(memcpy(__entry->comm, current->comm, TASK_COMM_LEN);
			   __entry->pid = task_tgid_nr(current);
			   __entry->uid = from_kuid(&init_user_ns, current_uid());
			   __assign_str(type);
			   __assign_str(alg);
			   __entry->result = result;
			   __entry->denied = denied;
			   __entry->mode = mode;
			   __assign_str(rule);),
	    TP_printk("comm=%s pid=%d uid=%u type=%s alg=%s result=%d denied=%d mode=%d rule=%s",
		      __entry->comm, __entry->pid, __entry->uid,
		      __get_str(type), __get_str(alg), __entry->result,
		      __entry->denied, __entry->mode, __get_str(rule))
);

#endif /* _TRACE_AF_ALG_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
