// SPDX-License-Identifier: GPL-2.0
/*
 * conc_bench - time a tmpfs drop with another task busy beside it.
 *
 * Usage: conc_bench solo|pair|read|write MIB DIR
 *
 * Two tasks, pinned to CPUs 0 and 1, start together after a barrier:
 *
 *   solo   task 0 truncates a file of MIB MiB, task 1 does nothing: the
 *          reference without a neighbour;
 *   pair   each task truncates its own file of MIB MiB;
 *   read   task 0 punches a hole over a file of MIB MiB while task 1
 *          reads the same file (64 KiB pread()s, wrapping) until it is done;
 *   write  task 0 punches a hole over the first MIB MiB of a file while
 *          task 1 writes the next MIB MiB (new folios: the same i_pages
 *          and inode locks the removals take).
 *
 * Prints "T0 T1 SPAN": task 0's and task 1's nanoseconds (CLOCK_MONOTONIC,
 * virtual under QEMU -icount) and from the first start to the last end;
 * for "read" T1 is the reader's nanoseconds per MiB read while task 0 ran.
 * Fails if a write did not land or a punched page did not read back as
 * zeroes.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHUNK (64 << 10)

struct shared {
	atomic_int ready;
	atomic_int done;
	long long start[2], end[2];
	long long read_bytes;
};

static long long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int open_filled(const char *dir, const char *name, off_t size)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || unlink(path) || (size && fallocate(fd, 0, 0, size))) {
		perror("conc_bench: fill");
		exit(1);
	}
	return fd;
}

static int punch(int fd, off_t size)
{
	return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, size);
}

/* Task 1 of "read": read the file until task 0 says it is done. */
static int reader(struct shared *sh, int fd, off_t size)
{
	static char buf[CHUNK];
	off_t off = 0;
	ssize_t n;

	while (!atomic_load(&sh->done)) {
		n = pread(fd, buf, CHUNK, off);
		if (n != CHUNK)
			return 1;
		sh->read_bytes += n;
		off = (off + CHUNK) % size;
	}
	return 0;
}

/* Task 1 of "write": write the second half, a byte pattern per chunk. */
static int writer(int fd, off_t size)
{
	static char buf[CHUNK];
	off_t off;

	for (off = size; off < 2 * size; off += CHUNK) {
		memset(buf, (int)(off / CHUNK) | 1, CHUNK);
		if (pwrite(fd, buf, CHUNK, off) != CHUNK)
			return 1;
	}
	return 0;
}

/* After "write": the first half is zeroes, the second what was written. */
static int verify(int fd, off_t size)
{
	static char buf[CHUNK], want[CHUNK];
	off_t off;

	for (off = 0; off < 2 * size; off += CHUNK) {
		memset(want, off < size ? 0 : (int)(off / CHUNK) | 1, CHUNK);
		if (pread(fd, buf, CHUNK, off) != CHUNK || memcmp(buf, want, CHUNK)) {
			fprintf(stderr, "conc_bench: wrong data at %lld\n", (long long)off);
			return 1;
		}
	}
	return 0;
}

static int task(struct shared *sh, int cpu, const char *mode, int fd, int fd1, off_t size)
{
	cpu_set_t set;
	int ret = 0;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("conc_bench: sched_setaffinity");
		return 1;
	}
	atomic_fetch_add(&sh->ready, 1);
	while (atomic_load(&sh->ready) < 2)
		;
	sh->start[cpu] = now();
	if (cpu == 0 && (!strcmp(mode, "solo") || !strcmp(mode, "pair")))
		ret = ftruncate(fd, 0);
	else if (cpu == 0)
		ret = punch(fd, size);
	else if (!strcmp(mode, "pair"))
		ret = ftruncate(fd1, 0);
	else if (!strcmp(mode, "read"))
		ret = reader(sh, fd, size);
	else if (!strcmp(mode, "write"))
		ret = writer(fd, size);
	sh->end[cpu] = now();
	if (cpu == 0)
		atomic_store(&sh->done, 1);
	return ret;
}

int main(int argc, char **argv)
{
	struct shared *sh;
	const char *mode;
	int fd, fd1 = -1, cpu, status, ret = 0;
	long long t0, t1, first, last;
	off_t size;
	pid_t pid[2];

	if (argc != 4 || (strcmp(argv[1], "solo") && strcmp(argv[1], "pair") &&
			  strcmp(argv[1], "read") && strcmp(argv[1], "write"))) {
		fprintf(stderr, "usage: conc_bench solo|pair|read|write MIB DIR\n");
		return 2;
	}
	mode = argv[1];
	size = strtoll(argv[2], NULL, 0) << 20;
	fd = open_filled(argv[3], "conc0", size);
	if (!strcmp(mode, "pair"))
		fd1 = open_filled(argv[3], "conc1", size);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("conc_bench: mmap");
		return 1;
	}
	memset(sh, 0, sizeof(*sh));
	for (cpu = 0; cpu < 2; cpu++) {
		pid[cpu] = fork();
		if (pid[cpu] < 0) {
			perror("conc_bench: fork");
			return 1;
		}
		if (!pid[cpu])
			_exit(task(sh, cpu, mode, fd, fd1, size));
	}
	for (cpu = 0; cpu < 2; cpu++)
		if (waitpid(pid[cpu], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "conc_bench: task %d failed\n", cpu);
			ret = 1;
		}
	if (!ret && !strcmp(mode, "write"))
		ret = verify(fd, size);
	if (ret)
		return ret;
	t0 = sh->end[0] - sh->start[0];
	t1 = sh->end[1] - sh->start[1];
	if (!strcmp(mode, "read")) {
		if (!sh->read_bytes) {
			fprintf(stderr, "conc_bench: the reader read nothing\n");
			return 1;
		}
		t1 = t0 * (1LL << 20) / sh->read_bytes;
	}
	first = sh->start[0] < sh->start[1] ? sh->start[0] : sh->start[1];
	last = sh->end[0] > sh->end[1] ? sh->end[0] : sh->end[1];
	printf("%lld %lld %lld\n", t0, t1, last - first);
	return 0;
}
