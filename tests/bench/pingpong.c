// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong - a workload that takes spinlocks outside the page cache: two
 * processes pass one byte back and forth over two pipes, ROUNDS times.
 * Every round trip wakes a sleeper twice: pipe wait queues
 * (spin_lock_irqsave) and the runqueues (raw_spin_lock), on two CPUs when
 * the machine has two, else on one.
 *
 *   pingpong ROUNDS     prints "ns=T rounds=ROUNDS" (T: the whole exchange)
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* Pin to @cpu if the machine has it; one vCPU runs both ends. */
static void pin(int cpu)
{
	cpu_set_t set;

	if (cpu >= sysconf(_SC_NPROCESSORS_ONLN))
		cpu = 0;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Read one byte from @in and write it to @out, @rounds times. */
static void relay(int in, int out, long rounds, int first)
{
	char c = 0;
	long i;

	for (i = 0; i < rounds; i++) {
		if (first && write(out, &c, 1) != 1)
			die("write");
		if (read(in, &c, 1) != 1)
			die("read");
		if (!first && write(out, &c, 1) != 1)
			die("write");
	}
}

int main(int argc, char **argv)
{
	int ping[2], pong[2], status;
	long rounds;
	long long t;
	pid_t child;

	if (argc != 2 || (rounds = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: pingpong ROUNDS\n");
		return 2;
	}
	if (pipe(ping) || pipe(pong))
		die("pipe");
	child = fork();
	if (child < 0)
		die("fork");
	if (!child) {
		pin(1);
		relay(ping[0], pong[1], rounds, 0);
		return 0;
	}
	pin(0);
	t = now_ns();
	relay(pong[0], ping[1], rounds, 1);
	t = now_ns() - t;
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("the other end failed");
	printf("ns=%lld rounds=%ld\n", t, rounds);
	return 0;
}
