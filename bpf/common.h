/* SPDX-License-Identifier: GPL-2.0 */
/*
 * common.h - what every part of the pcdrop-stat loader shares: the
 * options of the command line and where the counters are pinned.
 */
#ifndef __PCDROP_STAT_COMMON_H
#define __PCDROP_STAT_COMMON_H

#include <signal.h>
#include <stdbool.h>
#include <linux/types.h>
#include "pcdrop-stat.h"

#define BPFFS		"/sys/fs/bpf"
/*
 * The pins of every version live under PIN_TOP, each layout of the maps
 * (pcdrop-stat.h's PCDROP_STAT_LAYOUT) in its own directory: a
 * pcdrop-stat of another layout never reads maps it would mis-read.
 */
#define PIN_TOP		BPFFS "/pcdrop"
#define PIN_DIR		PIN_TOP "/v" __stringify(PCDROP_STAT_LAYOUT)
#define LINK_DIR	PIN_DIR "/links"
/*
 * Each link's program, pinned under the link's name: reading a program's
 * counts through its pin needs no CAP_SYS_ADMIN, as its id would
 * (BPF_PROG_GET_FD_BY_ID), so that pcdrop-stat.service can do without.
 */
#define PROG_DIR	PIN_DIR "/progs"
#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)
#define MAX_WITHOUT	16
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The outputs of "dump" (output.h). */
enum output_format {
	OUTPUT_TABLE,
	OUTPUT_JSON,
	NR_OUTPUTS,
};

/* The command line, parsed once in pcdrop-stat.c. */
struct env {
	enum output_format format;
	bool kprobes;
	bool locks;
	bool verbose;
	bool timestamp;
	int interval;
	bool interval_given;
	int count;
	const char *file;
	const char *without[MAX_WITHOUT];
	int nr_without;
	const char *cmd;
};

extern struct env env;

/* The kernel's names for them, as tools/include/linux/compiler.h has them. */
#ifndef __printf
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#endif
#ifndef __noreturn
#define __noreturn	__attribute__((noreturn))
#endif

/*
 * watch and export loop until SIGINT or SIGTERM, which catch_signals()
 * turns into exiting = 1.
 */
extern volatile sig_atomic_t exiting;
void catch_signals(void);

/* "pcdrop-stat: " and the message on stderr; die() then exits 1. */
__printf(1, 2) void note(const char *fmt, ...);
__printf(1, 2) __noreturn void die(const char *fmt, ...);

#endif /* __PCDROP_STAT_COMMON_H */
