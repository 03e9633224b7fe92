/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timing helpers shared by the benchmarks.
 *
 * Time is the calling thread's CPU time: the machine is shared (two cores,
 * QEMU guests), and time spent descheduled must count for neither side of
 * a comparison.
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdlib.h>
#include <time.h>

/* Thread CPU time in nanoseconds. */
static inline double bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median of v[0..n-1] (n > 0); sorts v. */
static inline double bench_median(double *v, int n)
{
	qsort(v, n, sizeof(*v), bench_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Nanoseconds per call of fn(): calls it in doubling batches until at
 * least min_ns of CPU time has passed, so short operations are not
 * dominated by the clock reads.
 */
static inline double bench_measure(void (*fn)(void), double min_ns)
{
	long calls = 0, batch = 1;
	double t0 = bench_now_ns(), t;

	do {
		for (long i = 0; i < batch; i++)
			fn();
		calls += batch;
		batch *= 2;
		t = bench_now_ns() - t0;
	} while (t < min_ns);
	return t / calls;
}

#endif /* BENCH_UTIL_H */
