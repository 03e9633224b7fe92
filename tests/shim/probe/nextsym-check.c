// SPDX-License-Identifier: GPL-2.0
/*
 * shim/nextsym.c against dlsym(RTLD_NEXT): the names the shim resolves at
 * start-up, and names that take nextsym.c's other branches (a name with
 * several versions, an IFUNC, data, a name nothing defines), looked up
 * both ways from this program, as the shim looks them up from itself.
 * Run once as it is and once with nextsym-preload.so preloaded, which
 * defines some of the names before libc in the search list.  TAP.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "real.h"

#define AFS_REAL_NAME(f) #f "\0"
static const char shim_names[] = AFS_REAL_FUNCS(AFS_REAL_NAME);
#undef AFS_REAL_NAME

/*
 * realpath and pthread_cond_wait: a default and an older version;
 * memcpy, strlen: IFUNCs (left to dlsym()); stdout, environ: data;
 * nextsym_check_only_preloaded: only in nextsym-preload.so.
 */
static const char other_names[] =
	"realpath\0pthread_cond_wait\0pthread_cond_init\0sched_getaffinity\0"
	"memcpy\0strlen\0stdout\0environ\0timezone\0__libc_start_main\0"
	"no_such_symbol_anywhere\0nextsym_check_only_preloaded\0";

static unsigned int count_names(const char *s, size_t size)
{
	unsigned int n = 0;

	for (const char *p = s; p < s + size - 1; p += strlen(p) + 1)
		n++;
	return n;
}

static int test_no;

/* @must_answer: nextsym.c must answer these itself (the shim's names) */
static int check_list(const char *names, size_t size, bool must_answer,
		      const char *what)
{
	unsigned int n = count_names(names, size);
	void *slot[128] = { NULL };
	const char *name = names;
	int failed = 0;

	if (n > 128) {
		printf("not ok %d - %s: %u names, more than the test holds\n",
		       ++test_no, what, n);
		return 1;
	}
	afs_next_resolve(names, slot, n);
	for (unsigned int i = 0; i < n; i++, name += strlen(name) + 1) {
		void *ref = dlsym(RTLD_NEXT, name);
		bool ok;

		if (slot[i])
			ok = slot[i] == ref;
		else
			ok = !must_answer || !ref;
		printf("%s %d - %s: %s %s (dlsym %p, nextsym %p)\n",
		       ok ? "ok" : "not ok", ++test_no, what, name,
		       slot[i] ? "answered" : "left to dlsym", ref, slot[i]);
		failed += !ok;
	}
	return failed;
}

int main(void)
{
	int failed = 0;

	failed += check_list(shim_names, sizeof(shim_names), true,
			     "shim's real functions");
	failed += check_list(other_names, sizeof(other_names), false,
			     "other names");
	printf("1..%d\n", test_no);
	return failed ? 1 : 0;
}
