// SPDX-License-Identifier: GPL-2.0
/*
 * output-json.c - "dump --json": one JSON object.  Its "ops", "hist",
 * "drains", "batches" and "health" are the maps as "bpftool -j map dump"
 * prints them, entry for entry and in the same order, so that the two can
 * be compared; "locks", "derived_locks", "progs" and "unavailable" come
 * from pcdrop-stat alone.
 */
#include <stdio.h>
#include <unistd.h>
#include "common.h"
#include "hooks.h"
#include "module_hooks.h"
#include "maps.h"
#include "output.h"

static const char *const stat_fields[] = {
	"calls", "i_lock", "xa_lock", "removed_single", "batches",
	"batched_folios", "drains", "time_ns", "values_single",
	"value_single_trips", "value_walks", "values_walked",
};

_Static_assert(sizeof(struct pcdrop_op_stats) == ARRAY_SIZE(stat_fields) * sizeof(__u64),
	       "stat_fields names every field of struct pcdrop_op_stats");

/* An array's entries, each printed by @print and separated by commas. */
struct json_array {
	void (*print)(const void *key, const void *val);
	int n;
};

static void json_entry(const void *key, const void *val, void *ctx)
{
	struct json_array *a = ctx;

	if (a->n++)
		putchar(',');
	a->print(key, val);
}

/* "@label":[...] of the entries of the pinned map @name. */
static void json_map(const char *label, const char *name, size_t ksz, size_t vsz,
		     void (*print)(const void *key, const void *val))
{
	struct json_array a = { .print = print };
	int fd = map_fd(name);

	printf("\"%s\":[", label);
	map_walk(fd, ksz, vsz, json_entry, &a);
	printf("]");
	close(fd);
}

/* The key of "ops", "hist" and "batches" up to its op and fs. */
static void op_key(enum pcdrop_op op, enum pcdrop_fs fs)
{
	printf("{\"key\":{\"op\":\"%s\",\"fs\":\"%s\"",
	       enum_name(op_names, PCDROP_NR_OPS, op), enum_name(fs_names, PCDROP_NR_FS, fs));
}

static void ops_entry(const void *key, const void *val)
{
	const struct pcdrop_op_key *k = key;
	const __u64 *f = val;
	unsigned int i;

	op_key(k->op, k->fs);
	printf("},\"value\":{");
	for (i = 0; i < ARRAY_SIZE(stat_fields); i++)
		printf("%s\"%s\":%llu", i ? "," : "", stat_fields[i], (unsigned long long)f[i]);
	printf("}}");
}

static void hist_entry(const void *key, const void *val)
{
	const struct pcdrop_op_key *k = key;
	const struct pcdrop_hist *v = val;
	int i;

	op_key(k->op, k->fs);
	printf("},\"value\":{\"log2_ns\":[");
	for (i = 0; i < PCDROP_HIST_SLOTS; i++)
		printf("%s%llu", i ? "," : "", (unsigned long long)v->log2_ns[i]);
	printf("]}}");
}

static void drains_entry(const void *key, const void *val)
{
	const struct pcdrop_caller_key *k = key;
	const struct pcdrop_count *v = val;

	printf("{\"key\":{\"caller\":\"%s\"},\"value\":{\"count\":%llu}}",
	       enum_name(caller_names, PCDROP_NR_CALLERS, k->caller),
	       (unsigned long long)v->count);
}

static void batches_entry(const void *key, const void *val)
{
	const struct pcdrop_batch_key *k = key;
	const struct pcdrop_count *v = val;

	op_key(k->op, k->fs);
	printf(",\"folios\":%u},\"value\":{\"count\":%llu}}", k->folios,
	       (unsigned long long)v->count);
}

static void health_entry(const void *key, const void *val)
{
	const struct pcdrop_health_key *k = key;
	const struct pcdrop_health *v = val;

	printf("{\"key\":{\"zero\":%u},\"value\":{\"slot_busy\":%llu,"
	       "\"nested\":%llu,\"map_full\":%llu,\"missed_returns\":%llu,\"no_stack\":%llu}}",
	       k->zero, (unsigned long long)v->slot_busy, (unsigned long long)v->nested,
	       (unsigned long long)v->map_full, (unsigned long long)v->missed_returns,
	       (unsigned long long)v->no_stack);
}

/*
 * Beside "ops" (which bpftool prints the same), so that "ops" stays the
 * map as it is: the lock counts derived from the removals, for every op.
 */
static void derived_entry(const void *key, const void *val)
{
	const struct pcdrop_op_key *k = key;
	const struct pcdrop_op_stats *v = val;

	op_key(k->op, k->fs);
	printf("},\"value\":{\"i_lock\":%llu,\"xa_lock\":%llu}}",
	       (unsigned long long)derived_locks(v), (unsigned long long)derived_locks(v));
}

static void json_progs(const struct prog_row *rows, int n)
{
	int i;

	printf("\"progs\":[");
	for (i = 0; i < n; i++)
		printf("%s{\"link\":\"%s\",\"name\":\"%s\",\"id\":%u,\"run_cnt\":%llu,"
		       "\"recursion_misses\":%llu}", i ? "," : "", rows[i].link,
		       rows[i].name, rows[i].id, (unsigned long long)rows[i].run_cnt,
		       (unsigned long long)rows[i].misses);
	printf("]");
}

/* The entries of "unavailable" printed so far: a comma before each but the first. */
static int unavailable_n;

static void json_point_missing(const char *mod, const char *sym, const char *what)
{
	printf("%s{\"symbol\":\"%s:%s\",\"counter\":\"%s\"}", unavailable_n++ ? "," : "",
	       mod, sym, what);
}

static void json_unavailable(bool locks)
{
	unsigned int h;

	printf("\"unavailable\":[");
	unavailable_n = 0;
	for (h = 0; h < nr_hooks; h++)
		if (hook_unavailable(&hooks[h], locks))
			printf("%s{\"symbol\":\"%s\",\"counter\":\"%s\"}",
			       unavailable_n++ ? "," : "", hooks[h].sym, hooks[h].what);
	module_hooks_missing(json_point_missing);
	printf("]");
}

void output_json_members(void)
{
	const size_t op_key_sz = sizeof(struct pcdrop_op_key);
	const size_t count_sz = sizeof(struct pcdrop_count);
	struct prog_row rows[MAX_PROGS];
	int n = read_progs(rows, MAX_PROGS);
	bool locks = locks_counted();

	json_map("ops", "ops", op_key_sz, sizeof(struct pcdrop_op_stats), ops_entry);
	printf(",");
	json_map("hist", "hist", op_key_sz, sizeof(struct pcdrop_hist), hist_entry);
	printf(",");
	json_map("drains", "drains", sizeof(struct pcdrop_caller_key), count_sz, drains_entry);
	printf(",");
	json_map("batches", "batches", sizeof(struct pcdrop_batch_key), count_sz,
		 batches_entry);
	printf(",");
	json_map("health", "health", sizeof(struct pcdrop_health_key),
		 sizeof(struct pcdrop_health), health_entry);
	printf(",\"locks\":\"%s\",", locks ? "counted" : "derived");
	json_map("derived_locks", "ops", op_key_sz, sizeof(struct pcdrop_op_stats),
		 derived_entry);
	printf(",");
	json_progs(rows, n);
	printf(",");
	json_unavailable(locks);
}

void output_json(void)
{
	printf("{");
	output_json_members();
	printf("}\n");
}
