// SPDX-License-Identifier: GPL-2.0
/*
 * punch_race - readers fault and read a tmpfs file while another thread
 * punches holes in it and truncates it.
 *
 * Usage: punch_race [-s SEED] [-r ROUNDS | -T SECONDS [-U FILE]] [-p PAGES] [-f PATH | -M]
 *
 * Each round fills the file with a per-page pattern, then the main thread
 * punches page-aligned holes and finally truncates, publishing each
 * completed operation; two threads read pages through a MAP_SHARED
 * mapping and one with pread().  Every byte read must be the page's
 * pattern or zero (a read racing with a punch may see some of each: the
 * mapping is zapped mid-copy), and once the punch or truncation covering
 * the page has returned, only zero (or, past EOF, nothing).  Exit status 0
 * when no reader ever saw old data.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096

static int fd;
static size_t pages;
static unsigned char *map;
static unsigned int round_no;
static atomic_uchar *gone;		/* per page: removal has returned */
static atomic_int running;
static atomic_long reads, violations;
static pthread_barrier_t start, stop;
static __thread sigjmp_buf bus_jmp;

static unsigned char pattern(size_t p)
{
	return 1 + (p * 7 + round_no * 13) % 250;
}

static void on_sigbus(int sig)
{
	(void)sig;
	siglongjmp(bus_jmp, 1);
}

/* Checks one page as read; len < PAGE means past EOF (or SIGBUS). */
static void check_page(size_t p, const unsigned char *data, ssize_t len, int was_gone)
{
	unsigned char want = pattern(p);
	ssize_t i;

	atomic_fetch_add(&reads, 1);
	if (len < PAGE)
		return;		/* beyond EOF: nothing to see */
	for (i = 0; i < PAGE; i++)
		if (data[i] && (was_gone || data[i] != want))
			break;
	if (i == PAGE)
		return;
	if (atomic_fetch_add(&violations, 1) < 5)
		fprintf(stderr, "round %u page %zu byte %zd: %u (pattern %u) %s\n",
			round_no, p, i, data[i], want,
			was_gone ? "after the punch returned" : "");
}

static void *reader(void *arg)
{
	int use_mmap = (long)arg;
	unsigned char buf[PAGE];
	unsigned int seed = (unsigned int)(long)&buf;
	struct sigaction sa = { .sa_handler = on_sigbus };

	sigaction(SIGBUS, &sa, NULL);
	for (;;) {
		pthread_barrier_wait(&start);
		if (!atomic_load(&running))
			return NULL;
		while (atomic_load(&running) == 1) {
			size_t p = rand_r(&seed) % pages;
			int was_gone = atomic_load_explicit(&gone[p], memory_order_acquire);
			volatile ssize_t len = PAGE;

			if (use_mmap) {
				if (sigsetjmp(bus_jmp, 1))
					len = 0;
				else
					memcpy(buf, map + p * PAGE, PAGE);
			} else {
				len = pread(fd, buf, PAGE, p * PAGE);
			}
			check_page(p, buf, len, was_gone);
		}
		pthread_barrier_wait(&stop);
	}
}

static void publish(size_t first, size_t n)
{
	size_t p;

	for (p = first; p < first + n && p < pages; p++)
		atomic_store_explicit(&gone[p], 1, memory_order_release);
}

/* With -T: go on until the deadline, or until the file -U names exists. */
static int running_on(time_t deadline, const char *until)
{
	return time(NULL) < deadline && !(until && access(until, F_OK) == 0);
}

int main(int argc, char **argv)
{
	unsigned long seed = time(NULL) ^ getpid(), rounds = 20, seconds = 0;
	time_t deadline;
	const char *path = NULL, *until = NULL;
	unsigned char *fillbuf;
	pthread_t t[3];
	int c, memfd = 0, i;
	size_t p;

	pages = 2048;
	while ((c = getopt(argc, argv, "s:r:T:U:p:f:M")) != -1) {
		switch (c) {
		case 'T': seconds = strtoul(optarg, NULL, 0); break;
		case 'U': until = optarg; break;
		case 's': seed = strtoul(optarg, NULL, 0); break;
		case 'r': rounds = strtoul(optarg, NULL, 0); break;
		case 'p': pages = strtoul(optarg, NULL, 0); break;
		case 'f': path = optarg; break;
		case 'M': memfd = 1; break;
		default:
			fprintf(stderr, "usage: punch_race [-s SEED] [-r ROUNDS | -T SECONDS [-U FILE]] [-p PAGES] [-f PATH | -M]\n");
			return 2;
		}
	}
	printf("seed %lu\n", seed);
	srand(seed);
	fd = memfd ? memfd_create("punch_race", 0) : open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || ftruncate(fd, pages * PAGE)) {
		perror("punch_race: file");
		return 2;
	}
	map = mmap(NULL, pages * PAGE, PROT_READ, MAP_SHARED, fd, 0);
	gone = calloc(pages, 1);
	fillbuf = malloc(pages * PAGE);
	if (map == MAP_FAILED || !gone || !fillbuf) {
		perror("punch_race: memory");
		return 2;
	}
	pthread_barrier_init(&start, NULL, 4);
	pthread_barrier_init(&stop, NULL, 4);
	atomic_store(&running, 1);
	for (i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, reader, (void *)(long)(i < 2));

	deadline = time(NULL) + seconds;
	for (round_no = 1; seconds ? running_on(deadline, until) : round_no <= rounds; round_no++) {
		for (p = 0; p < pages; p++) {
			memset(fillbuf + p * PAGE, pattern(p), PAGE);
			gone[p] = 0;
		}
		if (ftruncate(fd, pages * PAGE) ||
		    pwrite(fd, fillbuf, pages * PAGE, 0) != (ssize_t)(pages * PAGE)) {
			perror("punch_race: fill");
			return 2;
		}
		pthread_barrier_wait(&start);
		for (i = 0; i < 8; i++) {
			size_t first = rand() % pages, n = 1 + rand() % 64;

			if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
				      first * PAGE, n * PAGE)) {
				perror("punch_race: punch");
				return 2;
			}
			publish(first, n);
			usleep(2000);
		}
		p = rand() % pages;
		if (ftruncate(fd, p * PAGE)) {
			perror("punch_race: truncate");
			return 2;
		}
		publish(p, pages - p);
		usleep(5000);
		atomic_store(&running, 2);	/* end of round */
		pthread_barrier_wait(&stop);
		atomic_store(&running, 1);
	}
	atomic_store(&running, 0);
	pthread_barrier_wait(&start);
	for (i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	if (path)
		unlink(path);
	printf("%s: %u rounds, %ld reads, %ld saw old or foreign data\n",
	       violations ? "FAIL" : "ok", round_no - 1, (long)reads, (long)violations);
	return violations ? 1 : 0;
}
