// SPDX-License-Identifier: GPL-2.0
/*
 * fs_race - a file's data under random I/O while other tasks drop its
 * page cache: what POSIX_FADV_DONTNEED and drop_caches meet on a real
 * file system.
 *
 * Usage: fs_race -f PATH [-b BLOCKDEV] [-T SECONDS] [-m MAX_MIB] [-e EVICTORS]
 *                [-r READERS] [-s SEED]
 *
 * The model task (this one) does random operations on PATH and checks
 * each against an in-memory model of its bytes: pwrite, pread, writes and
 * reads through a MAP_SHARED mapping, ftruncate down and up, hole punches
 * (page aligned and not), fsync.  Every 32 operations, and at the end
 * after an fsync and a DONTNEED of the whole file, it compares every byte.
 * Beside it, for SECONDS:
 * - EVICTORS tasks (default 2) each call POSIX_FADV_DONTNEED on the whole
 *   file or on a random unaligned range, write 1 to
 *   /proc/sys/vm/drop_caches every 40 rounds and, with -b, DONTNEED
 *   BLOCKDEV (the device under the mounted file system) every 8 rounds.
 *   Two at once: each one's walk takes a reference on every folio it
 *   looks at, even one the other has locked, and drops it at once, so
 *   the other's evictions fail on references that are gone by the time
 *   the failure is looked at;
 * - READERS tasks (default 2) read random pages of the file, and now and
 *   then a long range, unchecked: they build large folios with readahead
 *   and hold short references to folios, which make evictions fail on
 *   folios that are clean, unmapped and carry the file system's private
 *   data.
 * Prints "seed=S", then "ops=N evictions=E drops=D" and exits 0 when
 * every byte matched; a mismatch prints "MISMATCH ..." and exits 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../include/model_ops.h"

#define PAGE	4096UL
#define MAX_TASKS	8

static unsigned char *buf;
/* Shared by the evictors: their rounds and drop_caches writes. */
static volatile unsigned long *shared;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Bytes [off, off + len) of the file are the model's. */
static void compare(size_t off, size_t len)
{
	size_t done = 0, i;
	ssize_t n;

	while (done < len) {
		n = pread(fd, buf, len - done, off + done);
		if (n < 0)
			die("pread");
		if (n == 0)
			break;
		for (i = 0; i < (size_t)n; i++)
			if (buf[i] != model[off + done + i]) {
				printf("MISMATCH at step %lu after %s: byte %zu is %u, expected %u\n",
				       step, opname, off + done + i, buf[i],
				       model[off + done + i]);
				exit(1);
			}
		done += n;
	}
	if (done != len) {
		printf("MISMATCH at step %lu after %s: read %zu of %zu bytes at %zu (size %zu)\n",
		       step, opname, done, len, off, size);
		exit(1);
	}
}

static void op_write(void)
{
	size_t off, len;

	random_write(&off, &len);
	if (off + len > size)
		size = off + len;
	compare(off, len);
}

static void op_read(void)
{
	size_t off = below(size), len = 1 + below(size - off);

	if (size)
		compare(off, len);
}

static void op_truncate(int down)
{
	size_t s = random_truncate(down);

	if (s < size)
		memset(model + s, 0, size - s);
	size = s;
}

static void op_punch(void)
{
	size_t off = below(size), len = 1 + below(size - off);

	if (!size)
		return;
	if (rnd() % 2) {	/* page aligned */
		off &= ~(PAGE - 1);
		len = (len + PAGE - 1) & ~(PAGE - 1);
		if (off + len > size)
			len = size - off;
	}
	if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off, len))
		die("fallocate(PUNCH_HOLE)");
	memset(model + off, 0, len);
	compare(off, len);
}

/* Write, then read back, a range through a shared mapping of the file. */
static void op_mapped(void)
{
	size_t off = below(size), len = 1 + below(size - off), map_len;
	unsigned char *map;

	if (!size)
		return;
	if (len > (1 << 20))
		len = 1 << 20;
	map_len = (size + PAGE - 1) & ~(PAGE - 1);
	map = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		die("mmap");
	if (rnd() % 2) {
		fill(model + off, len);
		memcpy(map + off, model + off, len);
	}
	off = below(size);
	len = 1 + below(size - off);
	if (memcmp(map + off, model + off, len)) {
		printf("MISMATCH at step %lu after %s: the mapping differs in [%zu, %zu)\n",
		       step, opname, off, off + len);
		exit(1);
	}
	if (munmap(map, map_len))
		die("munmap");
}

static void drop_caches(void)
{
	int dc = open("/proc/sys/vm/drop_caches", O_WRONLY);

	if (dc < 0 || write(dc, "1", 1) != 1)
		die("drop_caches");
	close(dc);
}

static void evictor(const char *path, const char *bdev, double end)
{
	int efd = open(path, O_RDONLY), bfd = -1;
	unsigned long round;
	struct stat st;
	off_t off, len;

	if (efd < 0)
		die("open (evictor)");
	if (bdev) {
		bfd = open(bdev, O_RDONLY);
		if (bfd < 0)
			die("open block device");
	}
	for (round = 1; now() < end; round++) {
		if (fstat(efd, &st))
			die("fstat");
		if (rnd() % 2) {
			off = 0;
			len = 0;	/* to the end */
		} else {
			off = below(st.st_size + 1);
			len = 1 + below(st.st_size - off + PAGE);
		}
		errno = posix_fadvise(efd, off, len, POSIX_FADV_DONTNEED);
		if (errno)
			die("posix_fadvise");
		if (bfd >= 0 && !(round % 8)) {
			errno = posix_fadvise(bfd, 0, 0, POSIX_FADV_DONTNEED);
			if (errno)
				die("posix_fadvise (block device)");
		}
		if (!(round % 40)) {
			drop_caches();
			__atomic_fetch_add(&shared[1], 1, __ATOMIC_RELAXED);
		}
		__atomic_fetch_add(&shared[0], 1, __ATOMIC_RELAXED);
	}
	exit(0);
}

static void reader(const char *path, double end)
{
	int rfd = open(path, O_RDONLY);
	unsigned char *rbuf = malloc(256 << 10);
	struct stat st;

	if (rfd < 0 || !rbuf)
		die("open (reader)");
	while (now() < end) {
		if (fstat(rfd, &st))
			die("fstat");
		/*
		 * Mostly one page: many short references, each of which can
		 * make an eviction fail and be gone by the time the failure
		 * is looked at; now and then a long read, for readahead's
		 * large folios.
		 */
		if (pread(rfd, rbuf, rnd() % 8 ? PAGE : 256 << 10,
			  below(st.st_size + 1)) < 0)
			die("pread (reader)");
	}
	exit(0);
}

/* The I-th task beside the model task: an evictor or a reader. */
static pid_t spawn(int i, int evictors, const char *path, const char *bdev,
		   double end)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (pid)
		return pid;
	rng += 0x9e3779b97f4a7c15ULL * (i + 1);
	if (i < evictors)
		evictor(path, bdev, end);
	reader(path, end);
	return 0;
}

int main(int argc, char **argv)
{
	const char *path = NULL, *bdev = NULL;
	pid_t pids[MAX_TASKS];
	int evictors = 2, readers = 2, seconds = 10, opt, i, status, failed = 0;
	unsigned long seed = 0;
	double end;

	max_size = 16UL << 20;
	while ((opt = getopt(argc, argv, "f:b:T:m:e:r:s:")) != -1) {
		switch (opt) {
		case 'f': path = optarg; break;
		case 'b': bdev = optarg; break;
		case 'T': seconds = atoi(optarg); break;
		case 'm': max_size = strtoul(optarg, NULL, 0) << 20; break;
		case 'e': evictors = atoi(optarg); break;
		case 'r': readers = atoi(optarg); break;
		case 's': seed = strtoul(optarg, NULL, 0); break;
		default: goto usage;
		}
	}
	if (!path || seconds < 1 || !max_size || evictors < 1 || readers < 0 ||
	    evictors + readers > MAX_TASKS)
		goto usage;
	if (!seed)
		seed = time(NULL) ^ getpid();
	rng = seed;
	printf("seed=%lu\n", seed);
	fflush(stdout);
	model = calloc(1, max_size);
	buf = malloc(max_size);
	shared = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (!model || !buf || shared == MAP_FAILED || fd < 0)
		die("setup");
	end = now() + seconds;
	for (i = 0; i < evictors + readers; i++)
		pids[i] = spawn(i, evictors, path, bdev, end);
	while (now() < end) {
		step++;
		switch (rnd() % 12) {
		case 0: case 1: case 2: opname = "write"; op_write(); break;
		case 3: case 4: opname = "read"; op_read(); break;
		case 5: opname = "truncate down"; op_truncate(1); break;
		case 6: opname = "truncate up"; op_truncate(0); break;
		case 7: case 8: opname = "punch hole"; op_punch(); break;
		case 9: case 10: opname = "mapped"; op_mapped(); break;
		default:
			opname = "fsync";
			if (fsync(fd))
				die("fsync");
		}
		if (!(step % 32)) {
			opname = "whole-file check";
			compare(0, size);
		}
	}
	for (i = 0; i < evictors + readers; i++) {
		if (waitpid(pids[i], &status, 0) < 0)
			die("waitpid");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	}
	if (failed) {
		printf("FAILED: a reader or an evictor did not exit 0\n");
		return 2;
	}
	opname = "final check";
	if (fsync(fd))
		die("fsync");
	errno = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (errno)
		die("posix_fadvise");
	compare(0, size);
	printf("ops=%lu evictions=%lu drops=%lu\n", step, shared[0], shared[1]);
	return 0;
usage:
	fprintf(stderr, "usage: fs_race -f PATH [-b BLOCKDEV] [-T SECONDS] [-m MAX_MIB] [-e EVICTORS] [-r READERS] [-s SEED]\n");
	return 2;
}
