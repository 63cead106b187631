/* SPDX-License-Identifier: GPL-2.0 */
/*
 * maps.h - the readers of the maps that "start" pinned under PIN_DIR, and
 * of the programs behind its pinned links: what every output prints from.
 */
#ifndef __PCDROP_STAT_MAPS_H
#define __PCDROP_STAT_MAPS_H

#include <stddef.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include "pcdrop-stat.h"

/* The names of the key enums of pcdrop-stat.h, as bpftool prints them. */
extern const char *const op_names[PCDROP_NR_OPS];
extern const char *const fs_names[PCDROP_NR_FS];
extern const char *const caller_names[PCDROP_NR_CALLERS];

const char *enum_name(const char *const *names, unsigned int nr, unsigned int v);
/*
 * The same name as a label, for tables and metrics: without its
 * PCDROP_<KIND>_ prefix, in lower case ("PCDROP_OP_FALLOC_ROLLBACK" ->
 * "falloc_rollback"); "unknown" out of range.  Four calls' results stay
 * valid at once.
 */
const char *enum_label(const char *const *names, unsigned int nr, unsigned int v);

/* The pinned map @name ("ops", "hist", ...); dies if it is not there. */
int map_fd(const char *name);

/* Called on each entry of a map with its key, its value and map_walk()'s @ctx. */
typedef void (*map_entry_fn)(const void *key, const void *val, void *ctx);

/*
 * Call @fn on every entry of the map @fd, whose keys and values are @ksz
 * and @vsz bytes, in key order of BPF_MAP_GET_NEXT_KEY, as bpftool does,
 * so that "dump --json" lists the entries in the same order.
 */
void map_walk(int fd, size_t ksz, size_t vsz, map_entry_fn fn, void *ctx);

/*
 * Without --locks, the lock round trips of the removal paths: one i_lock
 * and one i_pages lock per one-by-one removal, per batch, and per round
 * trip that removed shadow entries.
 */
static inline __u64 derived_locks(const struct pcdrop_op_stats *v)
{
	return v->removed_single + v->batches + v->value_single_trips + v->value_walks;
}

#define MAX_PROGS	64

struct prog_row {
	char link[256];
	char name[BPF_OBJ_NAME_LEN];
	__u32 id;
	__u64 run_cnt;
	__u64 misses;
};

/* The programs behind the pinned links, with the kernel's own counts. */
int read_progs(struct prog_row *rows, int max);

/* The counters' own health: the health map, and the programs behind the links. */
struct stat_health {
	struct pcdrop_health h;
	int links;		/* links whose program could be read */
	__u64 misses;		/* those programs' recursion misses */
};

void health_read(struct stat_health *sh);

/* "reset": zero every counter. */
void maps_reset(void);

#endif /* __PCDROP_STAT_MAPS_H */
