/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model_ops.h - what the model-checking test programs (shmem_model,
 * fs_race) share: their random numbers (xorshift64, seeded by the
 * program), how they stop on a failed system call, naming the step and
 * operation it was part of, and their random write.  Each program has
 * its model of the file's bytes (model, max_size bytes), the file (fd) and
 * the file's size in the model (size).
 */
#ifndef PCDROP_TESTS_MODEL_OPS_H
#define PCDROP_TESTS_MODEL_OPS_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned char *model;
static size_t max_size, size;
static int fd;
static uint64_t rng;
static unsigned long step;
static const char *opname = "start";

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static size_t below(size_t n)
{
	return n ? rnd() % n : 0;
}

static void die(const char *what)
{
	fprintf(stderr, "step %lu (%s): %s: %s\n", step, opname, what,
		strerror(errno));
	exit(2);
}

static void fill(unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = rnd() | 1;	/* never 0: holes must read as 0 */
}

/* Random bytes at a random place, up to 256 KiB: in the model, then the file. */
static void random_write(size_t *off, size_t *len)
{
	*off = below(max_size);
	*len = 1 + below(256 << 10);
	if (*off + *len > max_size)
		*len = max_size - *off;
	fill(model + *off, *len);
	if (pwrite(fd, model + *off, *len, *off) != (ssize_t)*len)
		die("pwrite");
}

/*
 * The file truncated down (below its size) or up (to at most max_size),
 * a page boundary one time in four; returns the new size, for the caller
 * to bring its model to it.
 */
static size_t random_truncate(int down)
{
	size_t s = down ? below(size + 1) : size + below(max_size - size + 1);

	if (!(rnd() % 4))
		s &= ~(4096UL - 1);
	if (ftruncate(fd, s))
		die("ftruncate");
	return s;
}

#endif
