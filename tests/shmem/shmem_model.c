// SPDX-License-Identifier: GPL-2.0
/*
 * shmem_model - random operations on a tmpfs file or memfd, checked
 * against an in-memory model after every step.
 *
 * Usage: shmem_model [-s SEED] [-n OPS | -T SECONDS [-U FILE]] [-m MAX_MIB] [-f PATH | -M] [-h]
 *   -T SECONDS  run for this long instead of a number of operations
 *   -U FILE     with -T: stop early once FILE exists
 *   -f PATH  a file on tmpfs (created, removed at the end)
 *   -M       a memfd instead
 *   -h       huge folios possible (huge=always/within_size): allocated
 *            blocks are checked against bounds instead of exactly
 *
 * Operations: pwrite, ftruncate down and up, fallocate (0 and KEEP_SIZE),
 * punch hole (page aligned, unaligned, inside one page, across 2 MiB
 * folios), and writes and reads through a MAP_SHARED mapping.  After each
 * one, every byte of the file, its size and its allocated blocks are
 * compared with the model.  The first line printed is the seed; run again
 * with -s SEED to replay.  Exit status 0 when everything matched.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../include/model_ops.h"

#define PAGE	4096UL
#define HPAGE	(2UL << 20)

static unsigned char *buf;	/* scratch (model: the expected contents) */
static unsigned char *alloced;	/* per page: the file has a page here */
static unsigned char *extent;	/* per 2 MiB: a huge folio may be here */
static int huge;
static const unsigned char zero_page[PAGE];

static void mismatch(const char *fmt, unsigned long a, unsigned long b)
{
	printf("MISMATCH at step %lu after %s: ", step, opname);
	printf(fmt, a, b);
	printf("\n");
	exit(1);
}

static void mark(size_t off, size_t len, int val)
{
	size_t p;

	for (p = off / PAGE; p * PAGE < off + len; p++) {
		alloced[p] = val;
		extent[p * PAGE / HPAGE] |= val;
	}
}

/* Pages wholly inside [off, off + len) go away; the rest is zeroed. */
static void hole(size_t off, size_t len)
{
	size_t first = (off + PAGE - 1) / PAGE, last = (off + len) / PAGE, p;

	memset(model + off, 0, len);
	for (p = first; p < last; p++)
		alloced[p] = 0;
	/*
	 * Only a huge folio wholly inside the hole is sure to go: one that
	 * straddles an edge and cannot be split stays, zeroed, until
	 * shmem's shrinker splits it.
	 */
	for (p = (off + HPAGE - 1) / HPAGE; (p + 1) * HPAGE <= off + len; p++)
		extent[p] = 0;
}

static void op_write(void)
{
	size_t off, len;

	random_write(&off, &len);
	mark(off, len, 1);
	if (off + len > size)
		size = off + len;
}

static void op_truncate(int down)
{
	size_t s = random_truncate(down);

	if (s <= size) {
		/* shmem_setattr() truncates from s to the end, beyond EOF too */
		hole(s, max_size - s);
	}
	size = s;
}

static void op_fallocate(int keep)
{
	size_t off = below(max_size), len = 1 + below(1 << 20);

	if (off + len > max_size)
		len = max_size - off;
	if (fallocate(fd, keep ? FALLOC_FL_KEEP_SIZE : 0, off, len))
		die("fallocate");
	mark(off, len, 1);
	if (!keep && off + len > size)
		size = off + len;
}

static void op_punch(void)
{
	size_t off, len;

	switch (rnd() % 4) {
	case 0:		/* page aligned */
		off = below(max_size / PAGE) * PAGE;
		len = (1 + below(64)) * PAGE;
		break;
	case 1:		/* unaligned */
		off = below(max_size);
		len = 1 + below(512 << 10);
		break;
	case 2:		/* inside one page */
		off = below(max_size - PAGE);
		len = 1 + below(PAGE - off % PAGE);
		break;
	default:	/* across 2 MiB folios */
		off = below(max_size / HPAGE) * HPAGE + below(HPAGE);
		len = HPAGE + below(HPAGE);
		break;
	}
	if (off + len > max_size)
		len = max_size - off;
	if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off, len))
		die("punch");
	hole(off, len);
}

static void op_mmap(int write)
{
	size_t off, len;
	unsigned char *map;

	if (size < PAGE)
		return;
	off = below(size / PAGE) * PAGE;
	len = 1 + below(size - off);
	map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
	if (map == MAP_FAILED)
		die("mmap");
	if (write) {
		fill(model + off, len);
		memcpy(map, model + off, len);
	} else if (memcmp(map, model + off, len)) {
		mismatch("mmap read differs at offset %lu (length %lu)", off, len);
	}
	mark(off, len, 1);	/* shmem faults allocate, reads too */
	if (munmap(map, len))
		die("munmap");
}

static void verify(void)
{
	size_t i, pages = 0, lo, hi;
	struct stat st;

	if (fstat(fd, &st))
		die("fstat");
	if ((size_t)st.st_size != size)
		mismatch("size %lu, model %lu", st.st_size, size);
	if (pread(fd, buf, size, 0) != (ssize_t)size)
		die("pread");
	if (memcmp(buf, model, size)) {
		for (i = 0; buf[i] == model[i]; i++)
			;
		mismatch("byte at %lu is %lu", i, buf[i]);
	}
	for (i = 0; i < max_size / PAGE; i++)
		pages += alloced[i];
	lo = pages * (PAGE / 512);
	hi = lo;
	if (huge) {
		/*
		 * Huge folios: at least every page holding data, at most
		 * every 2 MiB that may hold a folio.
		 */
		for (lo = 0, i = 0; i < max_size / PAGE; i++)
			lo += memcmp(model + i * PAGE, zero_page, PAGE) ? PAGE / 512 : 0;
		for (hi = 0, i = 0; i < max_size / HPAGE; i++)
			hi += extent[i] ? HPAGE / 512 : 0;
	}
	if ((size_t)st.st_blocks < lo)
		mismatch("allocated blocks %lu, model expects at least %lu",
			 st.st_blocks, lo);
	if ((size_t)st.st_blocks > hi)
		mismatch("allocated blocks %lu, model expects at most %lu",
			 st.st_blocks, hi);
}

/* With -T: go on until the deadline, or until the file -U names exists. */
static int running_on(time_t deadline, const char *until)
{
	return time(NULL) < deadline && !(until && access(until, F_OK) == 0);
}

int main(int argc, char **argv)
{
	unsigned long seed = time(NULL) ^ getpid(), ops = 300, seconds = 0;
	time_t deadline;
	const char *path = NULL, *until = NULL;
	int c, memfd = 0;

	max_size = 8 << 20;
	while ((c = getopt(argc, argv, "s:n:T:U:m:f:Mh")) != -1) {
		switch (c) {
		case 'T': seconds = strtoul(optarg, NULL, 0); break;
		case 'U': until = optarg; break;
		case 's': seed = strtoul(optarg, NULL, 0); break;
		case 'n': ops = strtoul(optarg, NULL, 0); break;
		case 'm': max_size = strtoul(optarg, NULL, 0) << 20; break;
		case 'f': path = optarg; break;
		case 'M': memfd = 1; break;
		case 'h': huge = 1; break;
		default:
			fprintf(stderr, "usage: shmem_model [-s SEED] [-n OPS | -T SECONDS [-U FILE]] [-m MAX_MIB] [-f PATH | -M] [-h]\n");
			return 2;
		}
	}
	printf("seed %lu\n", seed);
	fflush(stdout);
	rng = seed * 2654435761UL + 1;
	model = calloc(1, max_size);
	buf = malloc(max_size);
	alloced = calloc(1, max_size / PAGE);
	extent = calloc(1, max_size / HPAGE + 1);
	if (!model || !buf || !alloced || !extent)
		die("malloc");
	fd = memfd ? memfd_create("shmem_model", 0) :
		     open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		die(memfd ? "memfd_create" : path);

	deadline = time(NULL) + seconds;
	for (step = 1; seconds ? running_on(deadline, until) : step <= ops; step++) {
		switch (rnd() % 9) {
		case 0: opname = "write"; op_write(); break;
		case 1: opname = "truncate down"; op_truncate(1); break;
		case 2: opname = "truncate up"; op_truncate(0); break;
		case 3: opname = "fallocate"; op_fallocate(0); break;
		case 4: opname = "fallocate keep-size"; op_fallocate(1); break;
		case 5: case 6: opname = "punch hole"; op_punch(); break;
		case 7: opname = "mmap write"; op_mmap(1); break;
		default: opname = "mmap read"; op_mmap(0); break;
		}
		verify();
	}
	close(fd);
	if (path && unlink(path))
		die("unlink");
	printf("ok: %lu operations matched the model\n", step - 1);
	return 0;
}
