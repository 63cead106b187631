// SPDX-License-Identifier: GPL-2.0
/*
 * output-table.c - "dump" and "watch": the counters as tables for people.
 * Rows of operations that did nothing are left out; the lock columns are
 * marked with a '*' where they are derived rather than counted.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "common.h"
#include "hooks.h"
#include "module_hooks.h"
#include "maps.h"
#include "output.h"

static const char *op_name(unsigned int op)
{
	return enum_label(op_names, PCDROP_NR_OPS, op);
}

static const char *fs_name(unsigned int fs)
{
	return enum_label(fs_names, PCDROP_NR_FS, fs);
}

static void ops_row(const void *key, const void *val, void *ctx)
{
	const struct pcdrop_op_key *k = key;
	struct pcdrop_op_stats v = *(const struct pcdrop_op_stats *)val;
	__u64 folios = v.removed_single + v.batched_folios;
	const bool *locks = ctx;

	if (!v.calls && !folios && !v.batches && !v.drains)
		return;
	if (!*locks) {
		v.i_lock = derived_locks(&v);
		v.xa_lock = derived_locks(&v);
	}
	printf("%-16s %-6s %8llu %9llu %9llu %9llu %8llu %9llu %7llu %10.3f ",
	       op_name(k->op), fs_name(k->fs),
	       (unsigned long long)v.calls, (unsigned long long)v.i_lock,
	       (unsigned long long)v.xa_lock, (unsigned long long)v.removed_single,
	       (unsigned long long)v.batches, (unsigned long long)v.batched_folios,
	       (unsigned long long)v.drains, v.time_ns / 1e6);
	if (folios)
		printf("%12.3f\n", (double)(v.i_lock + v.xa_lock) / folios);
	else
		printf("%12s\n", "-");
}

static void table_ops(bool locks)
{
	int fd = map_fd("ops");

	printf("%-16s %-6s %8s %9s %9s %9s %8s %9s %7s %10s %12s\n", "OP", "FS", "CALLS",
	       locks ? "I_LOCK" : "I_LOCK*", locks ? "XA_LOCK" : "XA_LOCK*", "SINGLE",
	       "BATCHES", "BATCHED", "DRAINS", "TIME_MS", locks ? "LOCKS/FOLIO" : "LOCKS/FOLIO*");
	map_walk(fd, sizeof(struct pcdrop_op_key), sizeof(struct pcdrop_op_stats), ops_row,
		 &locks);
	close(fd);
	if (!locks)
		printf("* derived, not counted: one i_lock and one i_pages round trip per "
		       "one-by-one removal, per batch and per shadow/swap-entry round trip "
		       "('start --locks' counts them)\n");
}

/* @ctx: how many rows so far, for the heading before the first. */
static void values_row(const void *key, const void *val, void *ctx)
{
	const struct pcdrop_op_key *k = key;
	const struct pcdrop_op_stats *v = val;
	int *n = ctx;

	if (!v->values_single && !v->values_walked)
		return;
	if (!(*n)++)
		printf("\nshadow and swap entries removed (op/fs: one by one in round "
		       "trips, walked in round trips):\n");
	printf("  %s/%s: %llu in %llu, %llu in %llu\n", op_name(k->op), fs_name(k->fs),
	       (unsigned long long)v->values_single, (unsigned long long)v->value_single_trips,
	       (unsigned long long)v->values_walked, (unsigned long long)v->value_walks);
}

static void table_values(void)
{
	int fd = map_fd("ops"), n = 0;

	map_walk(fd, sizeof(struct pcdrop_op_key), sizeof(struct pcdrop_op_stats), values_row,
		 &n);
	close(fd);
}

static void drains_item(const void *key, const void *val, void *ctx)
{
	const struct pcdrop_caller_key *k = key;
	const struct pcdrop_count *c = val;

	(void)ctx;
	printf(" %s=%llu", enum_label(caller_names, PCDROP_NR_CALLERS, k->caller),
	       (unsigned long long)c->count);
}

static void table_drains(void)
{
	int fd = map_fd("drains");

	printf("\nlru_add_drain_all() by caller:");
	map_walk(fd, sizeof(struct pcdrop_caller_key), sizeof(struct pcdrop_count),
		 drains_item, NULL);
	printf("\n");
	close(fd);
}

/* @ctx: how many items so far, for the heading before the first. */
static void batches_item(const void *key, const void *val, void *ctx)
{
	const struct pcdrop_batch_key *k = key;
	const struct pcdrop_count *c = val;
	int *n = ctx;

	if (!(*n)++)
		printf("batch sizes (op/fs: folios x times):");
	printf(" %s/%s:%ux%llu", op_name(k->op), fs_name(k->fs), k->folios,
	       (unsigned long long)c->count);
}

static void table_batches(void)
{
	int fd = map_fd("batches"), n = 0;

	map_walk(fd, sizeof(struct pcdrop_batch_key), sizeof(struct pcdrop_count),
		 batches_item, &n);
	if (n)
		printf("\n");
	close(fd);
}

static void table_point_missing(const char *mod, const char *sym, const char *what)
{
	printf("unavailable: %s (%s:%s is not attached; pcdrop-stat refresh)\n", what, mod,
	       sym);
}

static void table_health(bool locks)
{
	struct stat_health sh;
	unsigned int h;

	health_read(&sh);
	printf("health: %d links, recursion misses %llu, untracked (slot busy) %llu, "
	       "nested %llu, batch map full %llu, missed returns %llu, no stack %llu\n",
	       sh.links, (unsigned long long)sh.misses, (unsigned long long)sh.h.slot_busy,
	       (unsigned long long)sh.h.nested, (unsigned long long)sh.h.map_full,
	       (unsigned long long)sh.h.missed_returns, (unsigned long long)sh.h.no_stack);
	for (h = 0; h < nr_hooks; h++)
		if (hook_unavailable(&hooks[h], locks))
			printf("unavailable: %s (%s is not attached)\n", hooks[h].what,
			       hooks[h].sym);
	module_hooks_missing(table_point_missing);
}

void output_table(void)
{
	bool locks = locks_counted();

	table_ops(locks);
	table_values();
	table_drains();
	table_batches();
	table_health(locks);
}
