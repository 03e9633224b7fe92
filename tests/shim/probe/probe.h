/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shim-probe (and the helpers kcapi-client shares): drives the paths of libafalg-shim that real clients reach only
 * incidentally (AIO, sendfile/splice into ciphers, poll/select, keyrings,
 * descriptor/errno/signal hygiene, threads, secret wiping, allocation
 * failure).  Every expected value comes from OpenSSL's libcrypto, linked in
 * as the oracle, or from the kernel's documented behaviour; never from the
 * shim.
 *
 * Output, one line per check, turned into TAP by test_probe.py:
 *   PASS <what>
 *   FAIL <what> -- <diagnostic>
 *   SKIP <what>: <reason>
 *   T <line>          transcript line (compared between two runs)
 */
#ifndef SHIM_PROBE_H
#define SHIM_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "afalg.h"
#include "check.h"
#include "sys.h"

/* descriptors open in this process (from /proc/self/fd) */
int count_fds(void);

/* malloc interposition (probe-alloc.c) */
void alloc_arm_fail(long nth);		/* fail the nth allocation from now */
void alloc_disarm(void);
long alloc_count(void);			/* allocations since arming */
bool alloc_failed(void);		/* did the armed failure happen? */
/* scan freed blocks for @pat; returns the number of hits since arming */
void alloc_scan_start(const void *pat, size_t n, const void *pat2, size_t n2);
long alloc_scan_stop(void);

int cmd_aio(void);
int cmd_splice(void);
int cmd_poll(void);
int cmd_keyring(void);
int cmd_hygiene(void);
int cmd_fds(void);
int cmd_threads(void);
int cmd_zeroise(void);
int cmd_enomem(void);
int cmd_edges(void);
int cmd_signals(void);
int cmd_feed(void);

#endif
