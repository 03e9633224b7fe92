// SPDX-License-Identifier: GPL-2.0
/*
 * How a large message reaches the hash: through the program's mapping, or
 * copied by the kernel.
 *
 * The kernel's algif_hash never reads a sendmsg() buffer through the
 * program's mapping: it pins the pages (iov_iter_extract_pages()) and
 * hashes them through its own.  The shim reads the program's memory
 * directly, which costs nothing extra when the pages were touched before.
 * A file the program has just mmap()ed, which is how libkcapi's
 * kcapi-dgst and kcapi-hasher hand a file over, was not: each first access
 * to one of its pages fills a page-table entry, and on a virtual machine
 * with shadow paging (a PVM guest, for one) that is a trap to the
 * hypervisor per 4 KiB page, which takes longer than hashing the page
 * (issue 18 measured the kcapi-dgst case).  process_vm_readv() on our
 * own process reads the same bytes the way the kernel does, pinned and
 * through the kernel's mapping, into a buffer that stays in cache, at the
 * price of one copy.
 *
 * That copy is a loss for a buffer the program has just written (a heap
 * buffer), so only the part of a message of at
 * least AFS_FEED_MIN bytes that lies in a file mapping is copied; which
 * mapping holds an address comes from /proc/self/maps, and the last answer
 * is kept, as a program hashing a file in pieces asks about the same
 * mapping again.  A stale answer (the range unmapped and mapped again)
 * costs time only: both ways read the same bytes.  A copy that fails (a
 * bad address, process_vm_readv() refused by a seccomp filter) leaves the
 * rest to the direct way, which is what the shim did before
 * (DIVERGENCES.md D5).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>

#include "real.h"

#define STAGE	(256u << 10)	/* one copy: fits in L2 next to the hash */
/*
 * The buffer is page-aligned and one page longer than a copy: each copy
 * lands at its source's offset within a page.  The kernel copies with
 * "rep movsb", and on AMD Zen 3 that runs at a third of its speed when
 * the destination sits a few bytes past the source modulo 4 KiB (16
 * bytes, where malloc() put the buffer: kcapi-dgst's page-aligned
 * mapping took 0.41 s of CPU for 256 MiB instead of 0.27 s), so source
 * and destination share their page offset.
 */
#define STAGE_ALLOC	(STAGE + 4096u)

static pthread_key_t stage_key;
static pthread_once_t stage_once = PTHREAD_ONCE_INIT;
static bool stage_key_ok;
/* process_vm_readv() refused for this process: ENOSYS, EPERM */
static atomic_bool vm_read_refused;

/* the mapping /proc/self/maps last reported */
static pthread_mutex_t last_lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t last_start, last_end;
static bool last_file;

static void stage_free(void *buf)
{
	afs_free_secret(buf, STAGE_ALLOC);
}

static void stage_key_create(void)
{
	stage_key_ok = !pthread_key_create(&stage_key, stage_free);
}

/* This thread's copy buffer, kept until the thread exits; NULL if none. */
static uint8_t *stage_get(void)
{
	uint8_t *buf;

	pthread_once(&stage_once, stage_key_create);
	if (!stage_key_ok)
		return NULL;
	buf = pthread_getspecific(stage_key);
	if (buf)
		return buf;
	buf = aligned_alloc(4096, STAGE_ALLOC);
	if (buf && pthread_setspecific(stage_key, buf)) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

/*
 * One line of /proc/self/maps, "start-end perms offset dev inode path":
 * true when it maps @addr, with the range and whether a file (inode not 0)
 * backs it.
 */
static bool maps_line(const char *l, uintptr_t addr, uintptr_t *start,
		      uintptr_t *end, bool *file)
{
	char *p;
	int field;

	*start = strtoul(l, &p, 16);
	if (*p != '-')
		return false;
	*end = strtoul(p + 1, &p, 16);
	if (addr < *start || addr >= *end)
		return false;
	for (field = 0; field < 3; field++) {	/* perms, offset, dev */
		while (*p == ' ')
			p++;
		while (*p && *p != ' ')
			p++;
	}
	*file = strtoul(p, NULL, 10) != 0;
	return true;
}

/*
 * The end of the mapping that holds @addr when a file backs it, else 0.
 * Caller holds last_lock.
 */
static uintptr_t file_mapping_end(uintptr_t addr)
{
	char buf[4096 + 1];
	size_t have = 0;
	uintptr_t start, end;
	bool file, found = false;
	ssize_t n;
	char *nl;
	int fd;

	if (addr >= last_start && addr < last_end)
		return last_file ? last_end : 0;
	fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while (!found) {
		n = AFS_REAL(read)(fd, buf + have, sizeof(buf) - 1 - have);
		if (n <= 0)
			break;
		have += (size_t)n;
		buf[have] = '\0';
		while (!found && (nl = memchr(buf, '\n', have))) {
			*nl = '\0';
			found = maps_line(buf, addr, &start, &end, &file);
			have -= (size_t)(nl + 1 - buf);
			memmove(buf, nl + 1, have);
		}
		if (have == sizeof(buf) - 1)
			have = 0;	/* no line is that long: skip it */
	}
	AFS_REAL(close)(fd);
	if (!found)
		return 0;
	last_start = start;
	last_end = end;
	last_file = file;
	return file ? end : 0;
}

/* Copy @len bytes at @src to @buf through the kernel: false if not all. */
static bool vm_read(pid_t pid, uint8_t *buf, const uint8_t *src, size_t len)
{
	struct iovec to = { buf, len }, from = { (void *)src, len };
	ssize_t n = process_vm_readv(pid, &to, 1, &from, 1, 0);

	if (n < 0 && (errno == ENOSYS || errno == EPERM))
		atomic_store(&vm_read_refused, true);
	return n == (ssize_t)len;
}

void afs_feed(void (*update)(void *req, const uint8_t *data, size_t len),
	      void *req, const uint8_t *data, size_t len)
{
	size_t n, used = 0, staged;
	uintptr_t end;
	uint8_t *stage, *buf = NULL;
	pid_t pid;

	if (len < AFS_FEED_MIN || atomic_load(&vm_read_refused) ||
	    !(stage = stage_get()))
		goto direct;
	/* STAGE is a multiple of 4096: every copy keeps this offset */
	buf = stage + ((uintptr_t)data & 4095);
	pthread_mutex_lock(&last_lock);
	end = file_mapping_end((uintptr_t)data);
	pthread_mutex_unlock(&last_lock);
	if (!end)
		goto direct;
	staged = end - (uintptr_t)data < len ? end - (uintptr_t)data : len;
	pid = getpid();
	while (staged) {
		n = staged < STAGE ? staged : STAGE;
		if (!vm_read(pid, buf, data, n))
			break;
		update(req, buf, n);
		data += n;
		len -= n;
		staged -= n;
		if (n > used)
			used = n;
	}
direct:
	if (len)
		update(req, data, len);
	if (used)
		afs_wipe(buf, used);	/* no copy of the message stays */
}
