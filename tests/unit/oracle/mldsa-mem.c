// SPDX-License-Identifier: GPL-2.0
/*
 * kc-mldsa-mem: the working memory of one mldsa_verify() call.
 *
 * Input lines:   <alg> <sig hex> <msg hex or -> <pk hex>
 * Output lines:  <rc> <heap peak bytes> <stack bytes> <sanitized 0|1>
 *
 * Heap: this program is linked with -Wl,--wrap=malloc,--wrap=calloc,
 * --wrap=realloc,--wrap=free, so every allocation the library makes
 * (kmalloc() is malloc() in the userspace build) passes through the
 * wrappers below, which track the bytes live during the call and their peak.
 *
 * Stack: the call runs on a thread whose stack is a buffer painted with a
 * pattern; afterwards the untouched bytes at the low end are counted.  The
 * same is done for a thread that calls an empty function, and the
 * difference is the verifier's stack use (thread start-up, TLS, which
 * glibc puts in the same buffer, and malloc's arena set-up cancel out).  Under AddressSanitizer stack
 * frames carry redzones, so the figure is reported but not meaningful.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/mldsa.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);

/* Live allocations made while counting: few, so a small table does. */
#define MAX_LIVE 64
static struct { void *p; size_t n; } live[MAX_LIVE];
static __thread int counting;
static size_t cur, peak, overflow;

static void track_add(void *p, size_t n)
{
	if (!counting || !p)
		return;
	for (int i = 0; i < MAX_LIVE; i++) {
		if (!live[i].p) {
			live[i].p = p;
			live[i].n = n;
			cur += n;
			if (cur > peak)
				peak = cur;
			return;
		}
	}
	overflow = 1;
}

static void track_del(void *p)
{
	if (!counting || !p)
		return;
	for (int i = 0; i < MAX_LIVE; i++) {
		if (live[i].p == p) {
			cur -= live[i].n;
			live[i].p = NULL;
			return;
		}
	}
}

void *__wrap_malloc(size_t size)
{
	void *p = __real_malloc(size);

	track_add(p, size);
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p = __real_calloc(n, size);

	track_add(p, n * size);
	return p;
}

void *__wrap_realloc(void *old, size_t size)
{
	void *p;

	track_del(old);
	p = __real_realloc(old, size);
	track_add(p, size);
	return p;
}

void __wrap_free(void *p)
{
	track_del(p);
	__real_free(p);
}

#define STACK_SIZE	(256 * 1024)
#define PAINT		0x5a

struct job {
	enum mldsa_alg alg;
	const uint8_t *sig, *msg, *pk;
	size_t sig_len, msg_len, pk_len;
	int rc;
	int empty;
};

static void *run(void *arg)
{
	struct job *j = arg;

	/*
	 * glibc sets up a malloc arena on a thread's first allocation, deep
	 * in its own stack; do that in both runs so it cancels out.
	 */
	free(malloc(16));
	if (j->empty)
		return NULL;
	counting = 1;
	j->rc = mldsa_verify(j->alg, j->sig, j->sig_len, j->msg, j->msg_len,
			     j->pk, j->pk_len);
	counting = 0;
	return NULL;
}

/* Stack bytes touched by one run of the job on a painted stack */
static long stack_used(struct job *j)
{
	uint8_t *stack = aligned_alloc(4096, STACK_SIZE);
	pthread_attr_t attr;
	pthread_t t;
	size_t untouched = 0;

	if (!stack)
		return -1;
	memset(stack, PAINT, STACK_SIZE);
	if (pthread_attr_init(&attr) ||
	    pthread_attr_setstack(&attr, stack, STACK_SIZE) ||
	    pthread_create(&t, &attr, run, j) || pthread_join(t, NULL)) {
		free(stack);
		return -1;
	}
	pthread_attr_destroy(&attr);
	while (untouched < STACK_SIZE && stack[untouched] == PAINT)
		untouched++;
	free(stack);
	return STACK_SIZE - (long)untouched;
}

static uint8_t *unhex(const char *s, size_t *len)
{
	size_t n = strlen(s) / 2;
	uint8_t *b = malloc(n ? n : 1);

	*len = 0;
	if (!b || strcmp(s, "-") == 0)
		return b;
	for (size_t i = 0; i < n; i++) {
		unsigned int v;

		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			break;
		b[i] = v;
	}
	*len = n;
	return b;
}

int main(void)
{
	char alg[16], *sig = NULL, *msg = NULL, *pk = NULL;

	while (scanf("%15s %ms %ms %ms", alg, &sig, &msg, &pk) == 4) {
		struct job j = { 0 };
		long base, used;

		j.alg = atoi(alg) == 44 ? MLDSA44 : atoi(alg) == 65 ? MLDSA65 :
			MLDSA87;
		j.sig = unhex(sig, &j.sig_len);
		j.msg = unhex(msg, &j.msg_len);
		j.pk = unhex(pk, &j.pk_len);
		j.empty = 1;
		base = stack_used(&j);
		j.empty = 0;
		peak = cur = overflow = 0;
		used = stack_used(&j);
		if (base < 0 || used < 0 || overflow)
			return 1;
		printf("%d %zu %ld %d\n", j.rc, peak, used - base, SANITIZED);
		fflush(stdout);
		free((void *)j.sig);
		free((void *)j.msg);
		free((void *)j.pk);
		free(sig);
		free(msg);
		free(pk);
	}
	return 0;
}
