/* SPDX-License-Identifier: GPL-2.0 */
/*
 * afalg-trace --prometheus: the inventory as a Prometheus textfile (see
 * metrics.c and tracer/SCHEMA.md, "Metrics").
 */
#ifndef AFALG_TRACE_METRICS_H
#define AFALG_TRACE_METRICS_H

#include "inventory.h"

/* Write path atomically (a temporary file renamed over it); -1 after saying why. */
int write_prometheus(const char *path, struct inventory *inv, const struct event_log *log);

#endif /* AFALG_TRACE_METRICS_H */
