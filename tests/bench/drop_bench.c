// SPDX-License-Identifier: GPL-2.0
/*
 * drop_bench - time one way of dropping a file or memfd.
 *
 * Usage: drop_bench truncate|punch|unlink|memfd|dontneed MIB DIR
 *                   [shadow | reclaim=PATH]
 *
 * Fills a file of MIB MiB in DIR (or a memfd) with fallocate() (with
 * write() for "shadow"), then times
 * only the drop: ftruncate() to 0, a hole punched over the whole file, the
 * unlink() of the closed file, the close() of the memfd, or
 * POSIX_FADV_DONTNEED over the whole file.  With "shadow" (a regular file
 * system, not tmpfs) the file's pages are read and reclaimed first
 * (MADV_PAGEOUT), so the drop finds only shadow entries.  With
 * "reclaim=PATH" (tmpfs, swap on, the process in a memory cgroup whose
 * memory.reclaim is PATH) the file's pages are pushed to swap first, so
 * the drop finds only swap entries.  Prints the drop's
 * CLOCK_MONOTONIC nanoseconds (virtual time under QEMU -icount).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static long long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/*
 * fallocate() the file, or for "shadow" write it and sync it: the pages
 * must be clean for reclaim to drop them, and busybox's mke2fs makes an
 * ext2 layout, without the extents fallocate() needs.
 */
static int fill(int fd, off_t size, int written)
{
	static char buf[1 << 20];
	off_t off;

	if (!written)
		return fallocate(fd, 0, 0, size);
	for (off = 0; off < size; off += sizeof(buf))
		if (write(fd, buf, sizeof(buf)) != sizeof(buf))
			return -1;
	return fsync(fd);
}

/* Read every page of the file through a mapping, then reclaim them all. */
static int reclaim(int fd, off_t size)
{
	volatile char sum = 0;
	char *map;
	off_t i;

	map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		perror("drop_bench: mmap");
		return 1;
	}
	for (i = 0; i < size; i += 4096)
		sum += map[i];
	if (madvise(map, size, MADV_PAGEOUT)) {
		perror("drop_bench: madvise");
		return 1;
	}
	munmap(map, size);
	return 0;
}

/*
 * Ask the cgroup to reclaim twice the file's size: with nothing else
 * charged there, that pushes all of it to swap.
 */
static int swap_out(const char *path, off_t size)
{
	char buf[32];
	int fd = open(path, O_WRONLY);
	int len = snprintf(buf, sizeof(buf), "%lld", 2 * (long long)size);

	if (fd < 0) {
		perror("drop_bench: memory.reclaim");
		return 1;
	}
	/* EAGAIN: it reclaimed less than asked, all there was. */
	if (write(fd, buf, len) != len && errno != EAGAIN) {
		perror("drop_bench: memory.reclaim");
		return 1;
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	const char *op;
	char path[4096];
	long long t0, t1;
	off_t size;
	int fd, ret;

	if (argc != 4 && (argc != 5 || (strcmp(argv[4], "shadow") &&
					strncmp(argv[4], "reclaim=", 8)))) {
		fprintf(stderr, "usage: drop_bench truncate|punch|unlink|memfd|dontneed MIB DIR "
			"[shadow | reclaim=PATH]\n");
		return 2;
	}
	op = argv[1];
	size = strtoll(argv[2], NULL, 0) << 20;
	snprintf(path, sizeof(path), "%s/drop_bench", argv[3]);
	fd = strcmp(op, "memfd") ? open(path, O_RDWR | O_CREAT | O_TRUNC, 0600) :
				   memfd_create("drop_bench", 0);
	if (fd < 0 || fill(fd, size, argc == 5 && !strcmp(argv[4], "shadow"))) {
		perror("drop_bench: fill");
		return 1;
	}
	if (argc == 5 && (strcmp(argv[4], "shadow") ? swap_out(argv[4] + 8, size) :
			  reclaim(fd, size)))
		return 1;
	if (!strcmp(op, "unlink"))
		close(fd);
	t0 = now();
	if (!strcmp(op, "truncate"))
		ret = ftruncate(fd, 0);
	else if (!strcmp(op, "punch"))
		ret = fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, size);
	else if (!strcmp(op, "unlink"))
		ret = unlink(path);
	else if (!strcmp(op, "dontneed"))
		ret = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	else
		ret = close(fd);
	t1 = now();
	if (ret) {
		perror("drop_bench: drop");
		return 1;
	}
	if (strcmp(op, "unlink") && strcmp(op, "memfd")) {
		close(fd);
		unlink(path);
	}
	printf("%lld\n", t1 - t0);
	return 0;
}
