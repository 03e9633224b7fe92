// SPDX-License-Identifier: GPL-2.0
/*
 * dm-verity reads for the guests; on arm64, which has no veritysetup, it
 * also opens the devices, through the device-mapper ioctls.  As root:
 *
 *   dm-verity-test ACTION...
 *
 * with each ACTION, in order, one of
 *
 *   open=NAME:DEV:HASHDEV:BLOCKS:HASHSTART:ALG:ROOT:SALT
 *	creates the read-only device NAME with the table "verity 1 DEV
 *	HASHDEV 4096 4096 BLOCKS HASHSTART ALG ROOT SALT" (SALT "-" for
 *	none), prints "opened NAME MAJOR:MINOR" and reads it as read= does;
 *   read=NAME:PATH:BLOCKS
 *	reads the device at PATH (e.g. opened by veritysetup) twice with
 *	O_DIRECT: in 256 KiB chunks (requests of many blocks, which
 *	dm-verity may hash in pairs), printing "chunk NAME I ok|EIO" and,
 *	when every chunk read, "content NAME fnv1a64 HEX" of the whole
 *	device; then block by block, printing "block NAME I ok|EIO";
 *   corrupt=DEV:OFFSET
 *	flips one byte (xor 0x55) of DEV at OFFSET.
 *
 * The host compares everything with what it computed itself.  Output lines
 * start with "guest-out: ".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/dm-ioctl.h>
#include <linux/fs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define BLOCK 4096
#define CHUNK (64 * BLOCK)

#define out(...) do { printf("guest-out: " __VA_ARGS__); fflush(stdout); } while (0)

static int failures;

/* One ioctl buffer: the header, then a target spec and its parameters. */
static union {
	struct dm_ioctl io;
	char buf[16384];
} dm;

static int dm_call(int ctl, unsigned long req, const char *name,
		   unsigned int flags)
{
	dm.io.version[0] = DM_VERSION_MAJOR;
	dm.io.version[1] = 0;
	dm.io.version[2] = 0;
	dm.io.data_size = sizeof(dm);
	dm.io.data_start = sizeof(struct dm_ioctl);
	dm.io.flags = flags;
	snprintf(dm.io.name, sizeof(dm.io.name), "%s", name);
	return ioctl(ctl, req, &dm.io);
}

/* Creates and resumes NAME with a verity table; returns its dev_t or 0. */
static dev_t dm_verity_create(int ctl, const char *name, const char *params,
			      unsigned long long blocks)
{
	struct dm_target_spec *spec;
	dev_t dev;

	memset(&dm, 0, sizeof(dm));
	if (dm_call(ctl, DM_DEV_CREATE, name, 0)) {
		out("error %s create: %s\n", name, strerror(errno));
		return 0;
	}
	dev = dm.io.dev;
	memset(&dm, 0, sizeof(dm));
	spec = (struct dm_target_spec *)(dm.buf + sizeof(struct dm_ioctl));
	spec->sector_start = 0;
	spec->length = blocks * (BLOCK / 512);
	snprintf(spec->target_type, sizeof(spec->target_type), "verity");
	snprintf((char *)(spec + 1),
		 sizeof(dm) - sizeof(struct dm_ioctl) - sizeof(*spec), "%s",
		 params);
	dm.io.target_count = 1;
	if (dm_call(ctl, DM_TABLE_LOAD, name, DM_READONLY_FLAG)) {
		out("error %s table load: %s\n", name, strerror(errno));
		return 0;
	}
	memset(&dm, 0, sizeof(dm));
	if (dm_call(ctl, DM_DEV_SUSPEND, name, 0)) {	/* no flag: resume */
		out("error %s resume: %s\n", name, strerror(errno));
		return 0;
	}
	return dev;
}

/*
 * Everything is read with O_DIRECT: no page cache, no readahead, so each
 * read is one request that either verifies entirely or fails with EIO.
 */
static void read_device(const char *name, const char *path,
			unsigned long long blocks)
{
	static unsigned char buf[CHUNK] __attribute__((aligned(BLOCK)));
	uint64_t h = 0xcbf29ce484222325ULL;
	unsigned long long i, nchunks = (blocks * BLOCK + CHUNK - 1) / CHUNK;
	size_t want;
	ssize_t n, k;
	int fd, all = 1;

	fd = open(path, O_RDONLY | O_DIRECT);
	if (fd < 0) {
		out("error %s open: %s\n", name, strerror(errno));
		failures++;
		return;
	}
	for (i = 0; i < nchunks; i++) {
		want = CHUNK;
		if ((i + 1) * CHUNK > blocks * BLOCK)
			want = blocks * BLOCK - i * CHUNK;
		n = pread(fd, buf, want, (off_t)(i * CHUNK));
		if (n != (ssize_t)want) {
			if (n < 0)
				out("chunk %s %llu %s\n", name, i,
				    errno == EIO ? "EIO" : strerror(errno));
			else
				out("chunk %s %llu short %zd\n", name, i, n);
			all = 0;
			continue;
		}
		out("chunk %s %llu ok\n", name, i);
		for (k = 0; k < n; k++)
			h = (h ^ buf[k]) * 0x100000001b3ULL;
	}
	if (all)
		out("content %s fnv1a64 %016llx\n", name, (unsigned long long)h);

	for (i = 0; i < blocks; i++) {
		n = pread(fd, buf, BLOCK, (off_t)(i * BLOCK));
		if (n == BLOCK)
			out("block %s %llu ok\n", name, i);
		else if (n < 0)
			out("block %s %llu %s\n", name, i,
			    errno == EIO ? "EIO" : strerror(errno));
		else
			out("block %s %llu short %zd\n", name, i, n);
	}
	close(fd);
}

static int corrupt(const char *dev, unsigned long long off)
{
	unsigned char b;
	int fd = open(dev, O_RDWR | O_SYNC);

	if (fd < 0 || pread(fd, &b, 1, (off_t)off) != 1)
		return -1;
	b ^= 0x55;
	if (pwrite(fd, &b, 1, (off_t)off) != 1 || fsync(fd) ||
	    ioctl(fd, BLKFLSBUF, 0))
		return -1;
	close(fd);
	out("corrupted %s at %llu\n", dev, off);
	return 0;
}

static void open_and_read(int ctl, const char *arg)
{
	char name[64], data[64], hash[64], alg[32], root[160], salt[520];
	char params[1024], path[128];
	unsigned long long blocks, hash_start;
	dev_t dev;

	if (sscanf(arg, "%63[^:]:%63[^:]:%63[^:]:%llu:%llu:%31[^:]:%159[^:]:%519s",
		   name, data, hash, &blocks, &hash_start, alg, root,
		   salt) != 8) {
		out("error bad argument open=%s\n", arg);
		failures++;
		return;
	}
	snprintf(params, sizeof(params), "1 %s %s %d %d %llu %llu %s %s %s",
		 data, hash, BLOCK, BLOCK, blocks, hash_start, alg, root, salt);
	dev = dm_verity_create(ctl, name, params, blocks);
	if (!dev) {
		failures++;
		return;
	}
	snprintf(path, sizeof(path), "/dev/dmv-%s", name);
	if (mknod(path, S_IFBLK | 0600, dev)) {
		out("error mknod %s: %s\n", path, strerror(errno));
		failures++;
		return;
	}
	out("opened %s %u:%u\n", name, major(dev), minor(dev));
	read_device(name, path, blocks);
}

int main(int argc, char **argv)
{
	char name[64], path[128];
	unsigned long long n;
	int ctl = -1, i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s open=...|read=...|corrupt=...\n",
			argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strncmp(a, "open=", 5)) {
			if (ctl < 0)
				ctl = open("/dev/mapper/control", O_RDWR);
			if (ctl < 0) {
				out("error /dev/mapper/control: %s\n",
				    strerror(errno));
				return 1;
			}
			open_and_read(ctl, a + 5);
		} else if (!strncmp(a, "read=", 5) &&
			   sscanf(a + 5, "%63[^:]:%127[^:]:%llu", name, path,
				  &n) == 3) {
			read_device(name, path, n);
		} else if (!strncmp(a, "corrupt=", 8) &&
			   sscanf(a + 8, "%127[^:]:%llu", path, &n) == 2) {
			if (corrupt(path, n)) {
				out("error corrupting %s: %s\n", path,
				    strerror(errno));
				failures++;
			}
		} else {
			out("error bad argument %s\n", a);
			failures++;
		}
	}
	out("done failures=%d\n", failures);
	return failures != 0;
}
