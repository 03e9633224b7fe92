/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys become plain flags: set once by the initcall that probes the
 * CPU, read on every call.  The branch predictor makes that nearly free.
 */
#ifndef _KCOMPAT_LINUX_JUMP_LABEL_H
#define _KCOMPAT_LINUX_JUMP_LABEL_H

#include <linux/types.h>
#include <linux/compiler.h>

struct static_key_false { bool enabled; };
struct static_key_true { bool enabled; };

#define DEFINE_STATIC_KEY_FALSE(name)	struct static_key_false name = { false }
#define DEFINE_STATIC_KEY_TRUE(name)	struct static_key_true name = { true }
#define static_branch_likely(key)	likely((key)->enabled)
#define static_branch_unlikely(key)	unlikely((key)->enabled)
/*
 * With KCRYPTO_DEBUG_DISPATCH set, each key enabled is printed to stderr
 * ("kcrypto: static key have_sha_ni"): bench-paths tells by these which
 * KCRYPTO_CLEARCPUID masks select the same code (cpufeature.c).
 */
void kcrypto_static_key_enabled(const char *name);
#define static_branch_enable(key) \
	((key)->enabled = true, kcrypto_static_key_enabled(#key))
#define static_branch_disable(key)	((key)->enabled = false)
#define static_key_enabled(key)		((key)->enabled)

#endif
