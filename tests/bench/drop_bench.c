// SPDX-License-Identifier: GPL-2.0
/*
 * drop_bench - time one way of dropping a tmpfs file or memfd.
 *
 * Usage: drop_bench truncate|punch|unlink|memfd MIB DIR
 *
 * Fills a file of MIB MiB in DIR (or a memfd) with fallocate(), then times
 * only the drop: ftruncate() to 0, a hole punched over the whole file, the
 * unlink() of the closed file, or the close() of the memfd.  Prints the
 * drop's CLOCK_MONOTONIC nanoseconds (virtual time under QEMU -icount).
 */
#define _GNU_SOURCE
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

int main(int argc, char **argv)
{
	const char *op;
	char path[4096];
	long long t0, t1;
	off_t size;
	int fd, ret;

	if (argc != 4) {
		fprintf(stderr, "usage: drop_bench truncate|punch|unlink|memfd MIB DIR\n");
		return 2;
	}
	op = argv[1];
	size = strtoll(argv[2], NULL, 0) << 20;
	snprintf(path, sizeof(path), "%s/drop_bench", argv[3]);
	fd = strcmp(op, "memfd") ? open(path, O_RDWR | O_CREAT | O_TRUNC, 0600) :
				   memfd_create("drop_bench", 0);
	if (fd < 0 || fallocate(fd, 0, 0, size)) {
		perror("drop_bench: fill");
		return 1;
	}
	if (!strcmp(op, "unlink"))
		close(fd);
	t0 = now();
	if (!strcmp(op, "truncate"))
		ret = ftruncate(fd, 0);
	else if (!strcmp(op, "punch"))
		ret = fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, size);
	else if (!strcmp(op, "unlink"))
		ret = unlink(path);
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
