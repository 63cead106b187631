// SPDX-License-Identifier: GPL-2.0
/*
 * maps.c - the pinned maps and links of pcdrop-stat, read (and zeroed by
 * "reset") through the file descriptors their pins give.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "common.h"
#include "maps.h"

const char *const op_names[PCDROP_NR_OPS] = {
	"PCDROP_OP_TRUNCATE", "PCDROP_OP_PUNCH", "PCDROP_OP_UNLINK",
	"PCDROP_OP_MEMFD_CLOSE", "PCDROP_OP_FALLOC_ROLLBACK",
	"PCDROP_OP_FADVISE", "PCDROP_OP_OTHER",
};

const char *const fs_names[PCDROP_NR_FS] = {
	"PCDROP_FS_TMPFS", "PCDROP_FS_OTHER",
};

const char *const caller_names[PCDROP_NR_CALLERS] = {
	"PCDROP_CALLER_FADVISE", "PCDROP_CALLER_COMPACTION",
	"PCDROP_CALLER_OTHER",
};

const char *enum_name(const char *const *names, unsigned int nr, unsigned int v)
{
	static char buf[16];

	if (v < nr)
		return names[v];
	snprintf(buf, sizeof(buf), "%u", v);
	return buf;
}

const char *enum_label(const char *const *names, unsigned int nr, unsigned int v)
{
	static char buf[4][32];
	static int n;
	const char *p;
	char *b;
	int i;

	if (v >= nr)
		return "unknown";
	b = buf[n++ % 4];
	p = strchr(names[v] + strlen("PCDROP_"), '_');
	p = p ? p + 1 : names[v];
	for (i = 0; p[i] && i < 31; i++)
		b[i] = p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i];
	b[i] = 0;
	return b;
}

int map_fd(const char *name)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), PIN_DIR "/%s", name);
	fd = bpf_obj_get(path);
	if (fd < 0) {
		if (errno == ENOENT)
			die("not started (no %s); run 'pcdrop-stat start'", path);
		die("opening %s: %s", path, strerror(errno));
	}
	return fd;
}

void map_walk(int fd, size_t ksz, size_t vsz, map_entry_fn fn, void *ctx)
{
	/* __u64 for the alignment of the structs they hold. */
	__u64 key[8], prev[8], val[64];
	int r;

	if (ksz > sizeof(key) || vsz > sizeof(val))
		die("map walk: unexpected sizes");
	for (r = bpf_map_get_next_key(fd, NULL, key);
	     !r && !bpf_map_lookup_elem(fd, key, val);
	     memcpy(prev, key, ksz), r = bpf_map_get_next_key(fd, prev, key))
		fn(key, val, ctx);
}

/*
 * Fill @row from the program behind the pinned link @fd; false if gone.
 * The program is read through its pin (PROG_DIR), which needs no
 * CAP_SYS_ADMIN; its id is the way to it for pins of an earlier start.
 */
static bool read_prog(int fd, const char *link, struct prog_row *row)
{
	struct bpf_link_info li = {};
	struct bpf_prog_info pi = {};
	__u32 len = sizeof(li);
	char path[512];
	bool ok = false;
	int pfd;

	if (bpf_obj_get_info_by_fd(fd, &li, &len))
		return false;
	snprintf(path, sizeof(path), PROG_DIR "/%s", link);
	pfd = bpf_obj_get(path);
	if (pfd < 0)
		pfd = bpf_prog_get_fd_by_id(li.prog_id);
	len = sizeof(pi);
	if (pfd >= 0 && !bpf_obj_get_info_by_fd(pfd, &pi, &len)) {
		snprintf(row->link, sizeof(row->link), "%s", link);
		memcpy(row->name, pi.name, sizeof(row->name));
		row->id = pi.id;
		row->run_cnt = pi.run_cnt;
		row->misses = pi.recursion_misses;
		ok = true;
	}
	if (pfd >= 0)
		close(pfd);
	return ok;
}

int read_progs(struct prog_row *rows, int max)
{
	DIR *d = opendir(LINK_DIR);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < max) {
		char path[512];
		int fd;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), LINK_DIR "/%s", e->d_name);
		fd = bpf_obj_get(path);
		if (fd < 0)
			continue;
		if (read_prog(fd, e->d_name, &rows[n]))
			n++;
		close(fd);
	}
	closedir(d);
	return n;
}

void health_read(struct stat_health *sh)
{
	struct pcdrop_health_key hk = {};
	struct prog_row rows[MAX_PROGS];
	int fd = map_fd("health"), i;

	if (bpf_map_lookup_elem(fd, &hk, &sh->h))
		memset(&sh->h, 0, sizeof(sh->h));
	close(fd);
	sh->links = read_progs(rows, MAX_PROGS);
	sh->misses = 0;
	for (i = 0; i < sh->links; i++)
		sh->misses += rows[i].misses;
}

/*
 * Zero every value; delete the batch-size entries, which come and go.
 * The keys are collected first: a hash map update moves the element to
 * the head of its bucket, so updating while walking can loop forever.
 */
static void zero_map(const char *name, size_t ksz, size_t vsz, bool delete)
{
	static char keys[PCDROP_NR_OPS * PCDROP_NR_FS * PCDROP_MAX_BATCH][64];
	char zero[512] = {};
	int fd = map_fd(name), n = 0, i;

	if (ksz > sizeof(keys[0]) || vsz > sizeof(zero))
		die("map %s: unexpected sizes", name);
	while (n < (int)ARRAY_SIZE(keys) &&
	       !bpf_map_get_next_key(fd, n ? keys[n - 1] : NULL, keys[n]))
		n++;
	for (i = 0; i < n; i++) {
		if (delete)
			bpf_map_delete_elem(fd, keys[i]);
		else if (bpf_map_update_elem(fd, keys[i], zero, BPF_EXIST))
			die("resetting %s: %s", name, strerror(errno));
	}
	close(fd);
}

void maps_reset(void)
{
	zero_map("ops", sizeof(struct pcdrop_op_key), sizeof(struct pcdrop_op_stats), false);
	zero_map("hist", sizeof(struct pcdrop_op_key), sizeof(struct pcdrop_hist), false);
	zero_map("drains", sizeof(struct pcdrop_caller_key), sizeof(struct pcdrop_count),
		 false);
	zero_map("batches", sizeof(struct pcdrop_batch_key), sizeof(struct pcdrop_count),
		 true);
	zero_map("health", sizeof(struct pcdrop_health_key), sizeof(struct pcdrop_health),
		 false);
}
