// SPDX-License-Identifier: GPL-2.0
/*
 * falloc - fallocate(2) from the shell, with the flags busybox lacks.
 *
 * Usage: falloc [-k] [-p] OFFSET LENGTH FILE|-
 *   -k  FALLOC_FL_KEEP_SIZE
 *   -p  FALLOC_FL_PUNCH_HOLE (implies -k)
 * FILE is created if needed; "-" means a new memfd, closed at exit (so its
 * pages are freed when falloc ends).  Prints strerror() and exits 1 on
 * failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int c, fd, mode = 0;

	while ((c = getopt(argc, argv, "kp")) != -1) {
		if (c == 'k')
			mode |= FALLOC_FL_KEEP_SIZE;
		else if (c == 'p')
			mode |= FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE;
		else
			goto usage;
	}
	if (argc - optind != 3)
		goto usage;
	if (!strcmp(argv[optind + 2], "-"))
		fd = memfd_create("falloc", 0);
	else
		fd = open(argv[optind + 2], O_RDWR | O_CREAT, 0600);
	if (fd < 0 || fallocate(fd, mode, strtoll(argv[optind], NULL, 0),
				strtoll(argv[optind + 1], NULL, 0))) {
		fprintf(stderr, "falloc: %s\n", strerror(errno));
		return 1;
	}
	return 0;
usage:
	fprintf(stderr, "usage: falloc [-k] [-p] OFFSET LENGTH FILE|-\n");
	return 2;
}
