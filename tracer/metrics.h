/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace --prometheus: the inventory as a Prometheus textfile (see
 * metrics.c and tracer/SCHEMA.md, "Metrics").
 */
#ifndef AFALG_TRACE_METRICS_H
#define AFALG_TRACE_METRICS_H

#include "inventory.h"

#include <stdio.h>

/*
 * Write path as fn(f, ctx) writes it, to a temporary file beside it that is
 * synced and renamed over it: a reader sees the old file or the new one.
 * -1 after saying why (the old file stays).
 */
int write_atomic(const char *path, void (*fn)(FILE *f, void *ctx), void *ctx);

/* Write path atomically (a temporary file renamed over it); -1 after saying why. */
int write_prometheus(const char *path, struct inventory *inv, const struct event_log *log);

#endif /* AFALG_TRACE_METRICS_H */
