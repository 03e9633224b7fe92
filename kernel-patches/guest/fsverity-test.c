// SPDX-License-Identifier: GPL-2.0
/*
 * fs-verity check for guests without Debian's fsverity tool (the arm64
 * guest), through the ioctls directly.  Run as root in the guest:
 *
 *   fsverity-test DEV FILE... [corrupt=FILE:BLOCK:DISKBLOCK]
 *
 * Mounts the ext4 file system on DEV (made on the host with -O verity),
 * enables fs-verity (SHA-256, 4096-byte blocks) on each FILE, prints its
 * measured digest and a checksum of its content as read back; then, if
 * asked, flips one byte of data block BLOCK of FILE on the raw device
 * (disk block DISKBLOCK, found by the host with debugfs), remounts, and
 * reads every block of that file, printing which fail with EIO.  The host
 * compares everything with what it computed itself.  Output lines start
 * with "guest-out: ".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/fsverity.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define MNT "/mnt"
#define BLOCK 4096

static int failures;

#define out(...) do { printf("guest-out: " __VA_ARGS__); fflush(stdout); } while (0)

static int enable_and_measure(const char *name)
{
	struct fsverity_enable_arg arg = {
		.version = 1,
		.hash_algorithm = FS_VERITY_HASH_ALG_SHA256,
		.block_size = BLOCK,
	};
	struct {
		struct fsverity_digest d;
		unsigned char buf[64];
	} m = { .d.digest_size = 64 };
	char path[256];
	int fd, i;

	snprintf(path, sizeof(path), MNT "/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0 || ioctl(fd, FS_IOC_ENABLE_VERITY, &arg)) {
		out("error enable %s: %s\n", name, strerror(errno));
		failures++;
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (ioctl(fd, FS_IOC_MEASURE_VERITY, &m)) {
		out("error measure %s: %s\n", name, strerror(errno));
		failures++;
		close(fd);
		return -1;
	}
	printf("guest-out: measure sha256:");
	for (i = 0; i < m.d.digest_size; i++)
		printf("%02x", m.d.digest[i]);
	printf(" %s\n", name);
	close(fd);
	return 0;
}

/* FNV-1a over the content, to compare the read-back with the host's file. */
static void content(const char *name)
{
	static unsigned char buf[1 << 16];
	uint64_t h = 0xcbf29ce484222325ULL;
	char path[256];
	ssize_t n, i;
	int fd;

	snprintf(path, sizeof(path), MNT "/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		out("error open %s: %s\n", name, strerror(errno));
		failures++;
		return;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++)
			h = (h ^ buf[i]) * 0x100000001b3ULL;
	if (n < 0) {
		out("content %s error %s\n", name, strerror(errno));
	} else {
		out("content %s fnv1a64 %016llx\n", name, (unsigned long long)h);
	}
	close(fd);
}

static int corrupt(const char *dev, unsigned long long diskblock)
{
	unsigned char b;
	int fd = open(dev, O_RDWR | O_SYNC);
	off_t off = (off_t)diskblock * BLOCK + 100;

	if (fd < 0 || pread(fd, &b, 1, off) != 1)
		return -1;
	b ^= 0x55;
	if (pwrite(fd, &b, 1, off) != 1 || fsync(fd) || ioctl(fd, BLKFLSBUF, 0))
		return -1;
	close(fd);
	return 0;
}

static void read_blocks(const char *name)
{
	static unsigned char buf[BLOCK];
	char path[256];
	struct stat st;
	long i, nblk;
	int fd;

	snprintf(path, sizeof(path), MNT "/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st)) {
		out("error open %s: %s\n", name, strerror(errno));
		failures++;
		return;
	}
	nblk = (st.st_size + BLOCK - 1) / BLOCK;
	for (i = 0; i < nblk; i++) {
		if (pread(fd, buf, BLOCK, (off_t)i * BLOCK) < 0)
			out("block %ld %s\n", i, errno == EIO ? "EIO" : strerror(errno));
		else
			out("block %ld ok\n", i);
	}
	close(fd);
}

int main(int argc, char **argv)
{
	const char *dev, *victim = NULL;
	unsigned long long diskblock = 0;
	int i, nfiles;

	if (argc < 3) {
		fprintf(stderr, "usage: %s DEV FILE... [corrupt=FILE:BLOCK:DISKBLOCK]\n",
			argv[0]);
		return 2;
	}
	dev = argv[1];
	nfiles = argc - 2;
	if (!strncmp(argv[argc - 1], "corrupt=", 8)) {
		static char v[128];
		unsigned long blk;

		if (sscanf(argv[argc - 1] + 8, "%127[^:]:%lu:%llu", v, &blk,
			   &diskblock) != 3)
			return 2;
		victim = v;
		nfiles--;
	}
	mkdir(MNT, 0755);
	if (mount(dev, MNT, "ext4", 0, NULL)) {
		out("error mount %s: %s\n", dev, strerror(errno));
		return 1;
	}
	for (i = 0; i < nfiles; i++)
		enable_and_measure(argv[2 + i]);
	for (i = 0; i < nfiles; i++)
		content(argv[2 + i]);
	if (umount(MNT)) {
		out("error umount: %s\n", strerror(errno));
		return 1;
	}
	if (victim) {
		if (corrupt(dev, diskblock)) {
			out("error corrupting %s: %s\n", dev, strerror(errno));
			return 1;
		}
		if (mount(dev, MNT, "ext4", MS_RDONLY, NULL)) {
			out("error remount %s: %s\n", dev, strerror(errno));
			return 1;
		}
		read_blocks(victim);
		for (i = 0; i < nfiles; i++)
			if (strcmp(argv[2 + i], victim))
				content(argv[2 + i]);
		umount(MNT);
	}
	out("done failures=%d\n", failures);
	return failures != 0;
}
