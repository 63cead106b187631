// SPDX-License-Identifier: GPL-2.0
/*
 * runas - run a command as another user (busybox-static has no chpst).
 *
 * Usage: runas UID COMMAND [ARG...]
 */
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	uid_t id;

	if (argc < 3) {
		fprintf(stderr, "usage: runas UID COMMAND [ARG...]\n");
		return 2;
	}
	id = strtoul(argv[1], NULL, 0);
	if (setgroups(0, NULL) || setgid(id) || setuid(id)) {
		perror("runas");
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror("runas: exec");
	return 2;
}
