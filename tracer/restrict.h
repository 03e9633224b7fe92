/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace loader: crypto.af_alg_restrict's allowlists, to tell a bind
 * the restriction refused from one of a name the kernel does not have on
 * a kernel whose af_alg_bind tracepoint does not say (mainline's
 * restriction without the series' tracepoints).  See restrict.c.
 */
#ifndef AFALG_TRACE_RESTRICT_H
#define AFALG_TRACE_RESTRICT_H

#include <stdbool.h>
#include <stdio.h>

/*
 * Would crypto.af_alg_restrict at level refuse binding type/name for a
 * caller that is (or is not) privileged?  Level 2 binds (on sockets created
 * earlier) are all refused, as upstream; level 0 or below refuses nothing.
 */
bool restrict_refuses(int level, const char *type, const char *name, bool privileged);

/*
 * Was a bind that failed with ENOENT refused by the restriction?  reason is
 * the counter the BPF program filed it under (C_BIND_DENIED ...
 * C_BIND_ENOENT_LX, afalg-trace.h): the series' verdict when it has one,
 * else the level at the time with the allowlists and the caller's privilege.
 * False: the kernel does not have the name.
 */
bool restrict_enoent_denied(int reason, const char *type, const char *name, bool privileged);

/*
 * Does /proc/crypto list an algorithm of this socket type (hash: shash or
 * ahash; skcipher: skcipher or lskcipher; aead; rng) by this name or
 * driver name?  Read once, at the first call (the end of a trace).  A name
 * it does not list may still come from a module not loaded yet or a
 * template not instantiated yet: false proves nothing.
 */
bool proc_crypto_has(const char *type, const char *name);

/* The allowlists as JSON: {"hash":{"sha1":"any","md5":"privileged",...},...} */
void restrict_print_allowlists(FILE *f);

#endif /* AFALG_TRACE_RESTRICT_H */
