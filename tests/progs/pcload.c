// SPDX-License-Identifier: GPL-2.0
/*
 * pcload - page-cache workloads for the pcdrop-stat guest tests.
 *
 *   pcload truncate PATH PAGES [sync]   write PAGES 4 KiB pages, ftruncate to 0
 *   pcload punch PATH PAGES             write, punch a hole over all of it
 *   pcload unlink PATH PAGES            write, close, unlink
 *   pcload memfd PAGES                  memfd_create, write, close
 *   pcload write PATH PAGES [sync]      write and keep the file
 *   pcload rollback PATH BYTES          fallocate that must fail with ENOSPC
 *   pcload truncmany DIR N PAGES        N processes on every CPU write DIR/tI
 *                                       of PAGES pages each and ftruncate it
 *                                       to 0 all at once, then once more each,
 *                                       one process at a time
 *   pcload asuser UID CMD ARGS...       run CMD with UID and GID UID, no groups
 *
 * Each prints "ino=N dev=MAJ:MIN ns=T calls=C": the inode, the time of the measured
 * system call(s) and their number.  The process pins itself to CPU 0.
 * The fadvise workloads are tests/fadvise/fadv.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <grp.h>

#define PAGE 4096

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void fill(int fd, long pages)
{
	static char buf[PAGE];
	long i;

	memset(buf, 0x5a, sizeof(buf));
	for (i = 0; i < pages; i++)
		if (write(fd, buf, PAGE) != PAGE)
			die("write");
}

/* "ino=N dev=MAJ:MIN", as the filemap tracepoints print them. */
static char *ino_of(int fd)
{
	static char buf[4][64];
	static int n;
	struct stat st;
	char *b = buf[n++ % 4];

	if (fstat(fd, &st))
		die("fstat");
	snprintf(b, sizeof(buf[0]), "ino=%lu dev=%u:%u", (unsigned long)st.st_ino,
		 major(st.st_dev), minor(st.st_dev));
	return b;
}

static int create(const char *path, long pages, int sync)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);

	if (fd < 0)
		die(path);
	fill(fd, pages);
	if (sync && fsync(fd))
		die("fsync");
	return fd;
}

static void xread(int fd)
{
	char c;

	if (read(fd, &c, 1) != 1)
		die("read");
}

static void xwrite(int fd)
{
	if (write(fd, "x", 1) != 1)
		die("write");
}

/*
 * Truncations that overlap: every child waits at the barrier @go (a pipe
 * its parent closes once all are ready) with its file written, so all
 * enter ftruncate() together and the scheduler interleaves them inside
 * the kernel.  The second truncate of each (of a file now empty) runs
 * alone: it is the next operation of the same task, the one a task slot
 * left behind by the first would swallow.
 */
static int truncmany(const char *dir, int n, long pages)
{
	int go[2], ready[2], turn[2], done[2], i, fd, status, failed = 0;
	cpu_set_t all;
	char path[256];

	CPU_ZERO(&all);
	for (i = 0; i < CPU_SETSIZE; i++)
		CPU_SET(i, &all);
	if (sched_setaffinity(0, sizeof(all), &all))
		die("sched_setaffinity");
	if (pipe(go) || pipe(ready) || pipe(turn) || pipe(done))
		die("pipe");
	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid)
			continue;
		close(go[1]);
		snprintf(path, sizeof(path), "%s/t%d", dir, i);
		fd = create(path, pages, 0);
		xwrite(ready[1]);
		if (read(go[0], path, 1) != 0)
			die("barrier");
		if (ftruncate(fd, 0))
			die("ftruncate");
		xwrite(done[1]);
		xread(turn[0]);
		if (ftruncate(fd, 0))
			die("ftruncate");
		xwrite(done[1]);
		_exit(0);
	}
	close(go[0]);
	for (i = 0; i < n; i++)
		xread(ready[0]);
	close(go[1]);
	for (i = 0; i < n; i++)
		xread(done[0]);
	for (i = 0; i < n; i++) {
		xwrite(turn[1]);
		xread(done[0]);
	}
	for (i = 0; i < n; i++)
		if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	return failed;
}

static void report(const char *ino, long long ns, long calls)
{
	printf("%s ns=%lld calls=%ld\n", ino, ns, calls);
}

int main(int argc, char **argv)
{
	cpu_set_t cpus;
	long long t;
	const char *ino;
	int fd;

	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		die("sched_setaffinity");
	if (argc < 3)
		goto usage;

	if (!strcmp(argv[1], "asuser")) {
		uid_t uid = atoi(argv[2]);

		if (argc < 4)
			goto usage;
		if (setgroups(0, NULL) || setgid(uid) || setuid(uid))
			die("setuid");
		execv(argv[3], argv + 3);
		die(argv[3]);
	} else if (!strcmp(argv[1], "truncate") || !strcmp(argv[1], "write")) {
		if (argc < 4)
			goto usage;
		fd = create(argv[2], atol(argv[3]), argc > 4 && !strcmp(argv[4], "sync"));
		ino = ino_of(fd);
		t = now_ns();
		if (argv[1][0] == 't' && ftruncate(fd, 0))
			die("ftruncate");
		report(ino, now_ns() - t, 1);
		close(fd);
	} else if (!strcmp(argv[1], "punch")) {
		if (argc < 4)
			goto usage;
		fd = create(argv[2], atol(argv[3]), 0);
		ino = ino_of(fd);
		t = now_ns();
		if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0,
			      atol(argv[3]) * PAGE))
			die("fallocate");
		report(ino, now_ns() - t, 1);
		close(fd);
	} else if (!strcmp(argv[1], "unlink")) {
		if (argc < 4)
			goto usage;
		fd = create(argv[2], atol(argv[3]), 0);
		ino = ino_of(fd);
		close(fd);
		t = now_ns();
		if (unlink(argv[2]))
			die("unlink");
		report(ino, now_ns() - t, 1);
	} else if (!strcmp(argv[1], "memfd")) {
		fd = memfd_create("pcload", 0);
		if (fd < 0)
			die("memfd_create");
		fill(fd, atol(argv[2]));
		ino = ino_of(fd);
		t = now_ns();
		close(fd);
		report(ino, now_ns() - t, 1);
	} else if (!strcmp(argv[1], "rollback")) {
		if (argc < 4)
			goto usage;
		fd = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0600);
		if (fd < 0)
			die(argv[2]);
		ino = ino_of(fd);
		t = now_ns();
		if (!fallocate(fd, 0, 0, atol(argv[3])) || errno != ENOSPC) {
			fprintf(stderr, "fallocate did not fail with ENOSPC\n");
			return 1;
		}
		report(ino, now_ns() - t, 1);
		close(fd);
	} else if (!strcmp(argv[1], "truncmany")) {
		if (argc < 5)
			goto usage;
		if (truncmany(argv[2], atoi(argv[3]), atol(argv[4])))
			return 1;
	} else {
		goto usage;
	}
	return 0;
usage:
	fprintf(stderr, "usage: see the comment at the top of pcload.c\n");
	return 2;
}
