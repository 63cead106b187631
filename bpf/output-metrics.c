// SPDX-License-Identifier: GPL-2.0
/*
 * output-metrics.c - "metrics": the counters in Prometheus' text
 * exposition format (version 0.0.4), for node_exporter's textfile
 * collector or any scraper.  Every name, label and unit is documented in
 * docs/metrics.md; a change there is a change here.
 *
 * The conventions are Prometheus' own (its "Metric and label naming"
 * page): base units (seconds, not the maps' nanoseconds), _total on
 * counters, HELP and TYPE before each family, labels of a few fixed
 * values (op, fs, how, lock, caller, path, event), never a pid or a path
 * name.  Every series of a family is printed even at zero, so that rate()
 * sees it from the first scrape.  The counters are the pinned maps as they
 * are: they never go backwards unless "stop" or "reset" is run.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "common.h"
#include "hooks.h"
#include "maps.h"
#include "module_hooks.h"
#include "output.h"

/*
 * The histogram's bucket bounds, as log2 of nanoseconds: every second
 * power of two from 1.024 us to 1.07 s.  The map's slot i holds
 * [2^i, 2^(i+1)) ns, so bucket le=2^b ns is exactly slots 0..b-1; its
 * last slot also holds everything longer, so no finite bucket covers it.
 */
#define HIST_FIRST_BOUND	10
#define HIST_LAST_BOUND		30

/* The module in effect, as pcdrop status finds it. */
struct module_state {
	const char *name;	/* "pcdrop", "pcdrop_next", or NULL: not loaded */
	char version[64];
};

static void family(const char *name, const char *type, const char *help)
{
	printf("# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* The first line of @path into @buf; false if it cannot be read. */
static bool read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, size, f);
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = 0;
	return ok;
}

/*
 * An upgrade stopped midway leaves pcdrop_next on top of pcdrop (or
 * alone): then pcdrop_next is the one in effect (admin/pcdrop status).
 */
static void module_find(struct module_state *m)
{
	static const char *const names[] = { "pcdrop_next", "pcdrop" };
	char path[128];
	unsigned int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < ARRAY_SIZE(names) && !m->name; i++) {
		snprintf(path, sizeof(path), "/sys/module/%s", names[i]);
		if (access(path, F_OK))
			continue;
		m->name = names[i];
		snprintf(path, sizeof(path), "/sys/module/%s/version", names[i]);
		if (!read_line(path, m->version, sizeof(m->version)))
			m->version[0] = 0;
	}
}

/* Whether a file of the module's livepatch directory says 1 (not there: no). */
static bool livepatch_set(const struct module_state *m, const char *file)
{
	char path[128], buf[16];

	if (!m->name)
		return false;
	snprintf(path, sizeof(path), "/sys/kernel/livepatch/%s/%s", m->name, file);
	return read_line(path, buf, sizeof(buf)) && buf[0] == '1';
}

/* Is @word one of the space-separated words of @list? */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

/*
 * Why the module holds the switch @sw, as pcdrop status says it: a
 * function of its parameter "bypassed" ("FUNCTION:SWITCH,SWITCH ...")
 * whose switches include @sw is owned ("owned": "FUNCTION:OWNER ...") by
 * a livepatch, an ftrace user ("ftrace") or may be ("unknown"); else the
 * drift guard holds it.
 */
static const char *held_reason(const char *owned, const char *bypassed, const char *sw)
{
	char copy[512], *entry, *save;

	snprintf(copy, sizeof(copy), "%s", owned);
	for (entry = strtok_r(copy, " ", &save); entry; entry = strtok_r(NULL, " ", &save)) {
		char *owner = strchr(entry, ':');
		char key[160], want[64];
		const char *paths;

		if (!owner)
			continue;
		*owner++ = 0;
		snprintf(key, sizeof(key), "%s:", entry);
		for (paths = bypassed; (paths = strstr(paths, key)); paths++)
			if (paths == bypassed || paths[-1] == ' ')
				break;
		if (!paths)
			continue;
		paths += strlen(key);
		snprintf(want, sizeof(want), ",%s,", sw);
		snprintf(key, sizeof(key), ",%.*s,", (int)strcspn(paths, " "), paths);
		if (!strstr(key, want))
			continue;
		if (!strcmp(owner, "ftrace"))
			return "ftrace";
		return strcmp(owner, "unknown") ? "livepatch" : "unchecked";
	}
	return "drift";
}

static void metrics_module(const struct module_state *m, bool locks)
{
	static const char *const paths[] = {
		"shmem_batch", "fadvise_lru_refs", "shadow_batch", "swap_batch",
		"evict_batch",
	};
	char path[128], buf[64];
	bool replaced = false;
	struct utsname u;
	unsigned int i;

	uname(&u);
	family("pcdrop_build_info", "gauge", "Always 1: the pcdrop module in effect "
	       "(empty when none is loaded), its version, the kernel, and pcdrop-stat's version.");
	printf("pcdrop_build_info{module=\"%s\",version=\"%s\",kernel=\"%s\","
	       "stat_version=\"%s\"} 1\n", m->name ? m->name : "", m->version, u.release,
	       PCDROP_STAT_VERSION);
	family("pcdrop_module_loaded", "gauge", "1 if the pcdrop module (or pcdrop_next, "
	       "during an upgrade) is loaded, else 0.");
	printf("pcdrop_module_loaded %d\n", !!m->name);
	family("pcdrop_livepatch_enabled", "gauge",
	       "1 if the module's livepatch is enabled, 0 if not or not loaded.");
	printf("pcdrop_livepatch_enabled %d\n", livepatch_set(m, "enabled"));
	family("pcdrop_livepatch_transition", "gauge",
	       "1 while the module's livepatch is in transition, else 0.");
	printf("pcdrop_livepatch_transition %d\n", livepatch_set(m, "transition"));
	family("pcdrop_livepatch_replaced", "gauge", "1 if a cumulative livepatch "
	       "loaded after pcdrop replaced its livepatch (label by: that livepatch; "
	       "every path runs stock), else 0.");
	if (m->name) {
		snprintf(path, sizeof(path), "/sys/module/%s/parameters/replaced_by", m->name);
		if (!livepatch_set(m, "enabled") && !livepatch_set(m, "transition") &&
		    read_line(path, buf, sizeof(buf)) && buf[0])
			replaced = true;
	}
	printf("pcdrop_livepatch_replaced{by=\"%s\"} %d\n", replaced ? buf : "", replaced);
	family("pcdrop_path_enabled", "gauge", "Each path's runtime switch (module "
	       "parameter): 1 on, 0 off; no series for a path the module does not have "
	       "or when it is not loaded.");
	for (i = 0; m->name && i < ARRAY_SIZE(paths); i++) {
		snprintf(path, sizeof(path), "/sys/module/%s/parameters/%s", m->name, paths[i]);
		if (read_line(path, buf, sizeof(buf)))
			printf("pcdrop_path_enabled{path=\"%s\"} %d\n", paths[i], buf[0] == 'Y');
	}
	family("pcdrop_path_held", "gauge", "1 for a path the module holds off, with "
	       "why (label reason: drift, livepatch, ftrace or unchecked; pcdrop status "
	       "says more), 0 (reason empty) for one it does not; no series for a path "
	       "the module does not have or when it is not loaded.");
	if (m->name) {
		char held[256], owned[512], bypassed[1024];

		snprintf(path, sizeof(path), "/sys/module/%s/parameters/held", m->name);
		if (!read_line(path, held, sizeof(held)))
			held[0] = 0;
		snprintf(path, sizeof(path), "/sys/module/%s/parameters/owned", m->name);
		if (!read_line(path, owned, sizeof(owned)))
			owned[0] = 0;
		snprintf(path, sizeof(path), "/sys/module/%s/parameters/bypassed", m->name);
		if (!read_line(path, bypassed, sizeof(bypassed)))
			bypassed[0] = 0;
		for (i = 0; i < ARRAY_SIZE(paths); i++) {
			bool on = has_word(held, paths[i]);

			snprintf(path, sizeof(path), "/sys/module/%s/parameters/%s", m->name,
				 paths[i]);
			if (access(path, F_OK))
				continue;
			printf("pcdrop_path_held{path=\"%s\",reason=\"%s\"} %d\n", paths[i],
			       on ? held_reason(owned, bypassed, paths[i]) : "", on);
		}
	}
	family("pcdrop_stat_locks_counted", "gauge", "1 if the lock round trips are "
	       "counted on the spinlocks (start --locks), 0 if derived from the removals.");
	printf("pcdrop_stat_locks_counted %d\n", locks);
}

/* The whole ops map, in key order, so that each family can print it. */
struct ops_snapshot {
	struct pcdrop_op_key key[PCDROP_NR_OPS * PCDROP_NR_FS];
	struct pcdrop_op_stats val[PCDROP_NR_OPS * PCDROP_NR_FS];
	struct pcdrop_hist hist[PCDROP_NR_OPS * PCDROP_NR_FS];
	int n;
};

static void ops_keep(const void *key, const void *val, void *ctx)
{
	struct ops_snapshot *s = ctx;

	if (s->n == (int)ARRAY_SIZE(s->key))
		return;
	s->key[s->n] = *(const struct pcdrop_op_key *)key;
	s->val[s->n++] = *(const struct pcdrop_op_stats *)val;
}

/* The ops and hist maps; without --locks (@locks), the derived lock counts. */
static void ops_read(struct ops_snapshot *s, bool locks)
{
	int fd = map_fd("ops"), i;

	s->n = 0;
	map_walk(fd, sizeof(struct pcdrop_op_key), sizeof(struct pcdrop_op_stats), ops_keep, s);
	close(fd);
	for (i = 0; i < s->n && !locks; i++) {
		s->val[i].i_lock = derived_locks(&s->val[i]);
		s->val[i].xa_lock = s->val[i].i_lock;
	}
	fd = map_fd("hist");
	for (i = 0; i < s->n; i++)
		if (bpf_map_lookup_elem(fd, &s->key[i], &s->hist[i]))
			memset(&s->hist[i], 0, sizeof(s->hist[i]));
	close(fd);
}

/* The labels op="...",fs="..." of entry @i. */
static void op_labels(const struct ops_snapshot *s, int i)
{
	const struct pcdrop_op_key *k = &s->key[i];

	printf("op=\"%s\",fs=\"%s\"", enum_label(op_names, PCDROP_NR_OPS, k->op),
	       enum_label(fs_names, PCDROP_NR_FS, k->fs));
}

/* One series per op and fs of @name{op,fs@extra}, the field at @offset of its stats. */
static void ops_series(const struct ops_snapshot *s, const char *name, const char *extra,
		       size_t offset)
{
	int i;

	for (i = 0; i < s->n; i++) {
		printf("%s{", name);
		op_labels(s, i);
		printf("%s} %llu\n", extra,
		       (unsigned long long)*(const __u64 *)((const char *)&s->val[i] + offset));
	}
}

/* A counter family of the ops map: one or two fields, each with a label of its own. */
struct ops_family {
	const char *name;
	const char *help;
	struct {
		const char *label;	/* ",how=..." or "" */
		size_t offset;		/* of the field in struct pcdrop_op_stats */
	} series[2];
};

#define FIELD(label, field)	{ label, offsetof(struct pcdrop_op_stats, field) }

static const struct ops_family ops_families[] = {
	{ "pcdrop_operations_total", "Page-cache operations finished, by operation "
	  "(truncate, punch, unlink, memfd_close, falloc_rollback, fadvise, other) and file "
	  "system (tmpfs, other).", { FIELD("", calls) } },
	{ "pcdrop_folios_removed_total", "Folios removed from the page cache: one by one "
	  "(how=\"single\") or in batches under one lock round trip (how=\"batched\": "
	  "delete_from_page_cache_batch(), pcdrop.ko's batched eviction).",
	  { FIELD(",how=\"single\"", removed_single),
	    FIELD(",how=\"batched\"", batched_folios) } },
	{ "pcdrop_removal_batches_total", "Batched removals: delete_from_page_cache_batch() "
	  "calls and pcdrop.ko's eviction batches.",
	  { FIELD("", batches) } },
	{ "pcdrop_value_entries_removed_total", "Shadow and swap entries removed from a "
	  "page cache: each with its own lookup (how=\"single\") or in one walk of "
	  "pcdrop's (how=\"walked\").",
	  { FIELD(",how=\"single\"", values_single), FIELD(",how=\"walked\"", values_walked) } },
	/* Without --locks both are the derived count (ops_read()). */
	{ "pcdrop_lock_round_trips_total", "Acquisitions of the inode's i_lock and of its "
	  "mapping's i_pages lock inside page-cache operations: counted on the spinlocks "
	  "with start --locks, else one of each per one-by-one removal, per batch and per "
	  "shadow/swap-entry round trip (pcdrop_stat_locks_counted).",
	  { FIELD(",lock=\"i_lock\"", i_lock), FIELD(",lock=\"i_pages\"", xa_lock) } },
};

static void metrics_histogram(const struct ops_snapshot *s)
{
	const char *name = "pcdrop_operation_duration_seconds";
	unsigned long long cum;
	int i, b, slot;

	family(name, "histogram", "Time inside each page-cache operation whose end "
	       "was seen (an operation whose exit was missed counts in "
	       "pcdrop_operations_total but not here).");
	for (i = 0; i < s->n; i++) {
		cum = 0;
		slot = 0;
		for (b = HIST_FIRST_BOUND; b <= HIST_LAST_BOUND; b += 2) {
			for (; slot < b; slot++)
				cum += s->hist[i].log2_ns[slot];
			printf("%s_bucket{", name);
			op_labels(s, i);
			printf(",le=\"%.9g\"} %llu\n", (double)(1ULL << b) / 1e9, cum);
		}
		for (; slot < PCDROP_HIST_SLOTS; slot++)
			cum += s->hist[i].log2_ns[slot];
		printf("%s_bucket{", name);
		op_labels(s, i);
		printf(",le=\"+Inf\"} %llu\n%s_sum{", cum, name);
		op_labels(s, i);
		printf("} %.9f\n%s_count{", s->val[i].time_ns / 1e9, name);
		op_labels(s, i);
		printf("} %llu\n", cum);
	}
}

static void metrics_ops(bool locks)
{
	static struct ops_snapshot s;
	unsigned int f, k;

	ops_read(&s, locks);
	for (f = 0; f < ARRAY_SIZE(ops_families); f++) {
		family(ops_families[f].name, "counter", ops_families[f].help);
		for (k = 0; k < 2 && ops_families[f].series[k].label; k++)
			ops_series(&s, ops_families[f].name, ops_families[f].series[k].label,
				   ops_families[f].series[k].offset);
	}
	metrics_histogram(&s);
}

static void drain_series(const void *key, const void *val, void *ctx)
{
	const struct pcdrop_caller_key *k = key;
	const struct pcdrop_count *c = val;

	(void)ctx;
	printf("pcdrop_lru_add_drain_all_calls_total{caller=\"%s\"} %llu\n",
	       enum_label(caller_names, PCDROP_NR_CALLERS, k->caller),
	       (unsigned long long)c->count);
}

static void metrics_drains(void)
{
	int fd = map_fd("drains");

	family("pcdrop_lru_add_drain_all_calls_total", "counter", "lru_add_drain_all() "
	       "calls (work queued on every CPU), by caller: fadvise (inside "
	       "POSIX_FADV_DONTNEED), compaction, other.");
	map_walk(fd, sizeof(struct pcdrop_caller_key), sizeof(struct pcdrop_count),
		 drain_series, NULL);
	close(fd);
}

/* The counters' own health: what they could not account for. */
static void metrics_self(void)
{
	struct stat_health sh;

	health_read(&sh);
	family("pcdrop_stat_programs_attached", "gauge",
	       "BPF programs attached through pcdrop-stat's pinned links.");
	printf("pcdrop_stat_programs_attached %d\n", sh.links);
	family("pcdrop_stat_module_points_missing", "gauge", "Counting points of the "
	       "loaded pcdrop.ko (batched evictions, value-entry walks) that no program "
	       "probes: 0 unless attaching failed (pcdrop-stat refresh says why).");
	printf("pcdrop_stat_module_points_missing %u\n", module_hooks_missing(NULL));
	family("pcdrop_stat_program_recursion_misses_total", "counter", "Runs of those "
	       "programs the kernel skipped because one was running on that CPU already.");
	printf("pcdrop_stat_program_recursion_misses_total %llu\n",
	       (unsigned long long)sh.misses);
	family("pcdrop_stat_events_total", "counter", "What the counters could not "
	       "account for exactly: slot_busy (an operation not tracked), nested, "
	       "map_full (a batch size not counted), missed_returns (an exit missed; "
	       "its time lost), no_stack (a re-entry judged without a stack).");
	printf("pcdrop_stat_events_total{event=\"slot_busy\"} %llu\n"
	       "pcdrop_stat_events_total{event=\"nested\"} %llu\n"
	       "pcdrop_stat_events_total{event=\"map_full\"} %llu\n"
	       "pcdrop_stat_events_total{event=\"missed_returns\"} %llu\n"
	       "pcdrop_stat_events_total{event=\"no_stack\"} %llu\n",
	       (unsigned long long)sh.h.slot_busy, (unsigned long long)sh.h.nested,
	       (unsigned long long)sh.h.map_full, (unsigned long long)sh.h.missed_returns,
	       (unsigned long long)sh.h.no_stack);
}

void output_metrics(void)
{
	struct module_state m;
	bool locks = locks_counted();

	module_find(&m);
	metrics_module(&m, locks);
	metrics_ops(locks);
	metrics_drains();
	metrics_self();
}
