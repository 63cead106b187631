// SPDX-License-Identifier: GPL-2.0
/*
 * module_hooks.c - pcdrop-stat's kprobes on pcdrop.ko's stat points
 * (module/stat_probe.c): its batched evictions and the walks of its
 * shadow- and swap-entry removals.
 *
 * A kprobe in a module dies with the module, and the kernel does not arm
 * it again when the module loads again; while pcdrop and pcdrop_next are
 * both loaded (an upgrade), a bare name is ambiguous and attaching by it
 * fails.  So each point is attached as "<module>:<symbol>", once per
 * loaded instance, and its link pinned under LINK_DIR as
 * "kprobe-<symbol>-<module>-<instance>", the instance being the inode
 * number of /sys/module/<module>, which is new at each load.
 * module_hooks_refresh() unpins the links of instances gone and attaches
 * the points of instances loaded since: "start", "refresh" (which pcdrop
 * load and pcdrop upgrade run) and every round of "export" call it.
 *
 * The kprobes go through perf_event_open(), which Debian's kernels
 * (perf_event_paranoid 3) allow with CAP_SYS_ADMIN only.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "common.h"
#include "hooks.h"
#include "module_hooks.h"
#include "pcdrop.skel.h"

/* The module, and the second one an upgrade stacks on it (admin/pcdrop). */
static const char *const modules[] = { "pcdrop", "pcdrop_next" };

static const struct {
	const char *sym;
	const char *prog;
	const char *what;
} points[] = {
	{ "pcdrop_stat_values_walked", "values_walked_kp",
	  "the shadow- and swap-entry walks of pcdrop.ko" },
	{ "pcdrop_stat_folios_evicted", "evicted_kp",
	  "the batched evictions of pcdrop.ko" },
	{ "pcdrop_stat_folios_walked", "walked_kp",
	  "the batched evictions of pcdrop.ko in one walk" },
};

static struct bpf_program *point_prog(struct pcdrop *skel, unsigned int p)
{
	return bpf_object__find_program_by_name(skel->obj, points[p].prog);
}

void module_hooks_select(struct pcdrop *skel)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(points); i++)
		if (!without(points[i].sym))
			bpf_program__set_autoload(point_prog(skel, i), true);
}

int module_hooks_pin(struct pcdrop *skel)
{
	char path[256];
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(points); i++) {
		if (without(points[i].sym))
			continue;
		snprintf(path, sizeof(path), PROG_DIR "/kprobe-%s", points[i].sym);
		err = bpf_program__pin(point_prog(skel, i), path);
		if (err) {
			note("pinning %s: %s", path, strerror(-err));
			return err;
		}
	}
	return 0;
}

/* The inode of /sys/module/@mod while it is loaded and not going, else 0. */
static unsigned long instance(const char *mod)
{
	char path[128], state[16] = "";
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/%s/initstate", mod);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (!fgets(state, sizeof(state), f) || !strncmp(state, "going", 5))
		state[0] = 0;
	fclose(f);
	snprintf(path, sizeof(path), "/sys/module/%s", mod);
	if (!state[0] || stat(path, &st))
		return 0;
	return st.st_ino;
}

static void link_name(char *buf, size_t len, const char *sym, const char *mod,
		      unsigned long ino)
{
	snprintf(buf, len, "kprobe-%s-%s-%lu", sym, mod, ino);
}

static bool pinned(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !access(path, F_OK);
}

/* Whether "start" loaded point @p's program: not if it was left out (--without). */
static bool chosen(unsigned int p)
{
	char name[128];

	snprintf(name, sizeof(name), "kprobe-%s", points[p].sym);
	return pinned(PROG_DIR, name);
}

static int kprobe_pmu(void)
{
	FILE *f = fopen("/sys/bus/event_source/devices/kprobe/type", "r");
	int type = -1;

	if (f) {
		if (fscanf(f, "%d", &type) != 1)
			type = -1;
		fclose(f);
	}
	return type;
}

/*
 * Attach point @p of instance @ino of @mod and pin its link (and its
 * program, under the same name, for "dump" to read): 1, or 0 if the
 * instance does not have it, or -errno.
 */
static int attach(unsigned int p, const char *mod, unsigned long ino)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	char target[160], name[256], path[512];
	int prog, pfd = -1, lfd = -1, err = 0;

	snprintf(path, sizeof(path), PROG_DIR "/kprobe-%s", points[p].sym);
	prog = bpf_obj_get(path);
	if (prog < 0)
		return -errno;
	snprintf(target, sizeof(target), "%s:%s", mod, points[p].sym);
	attr.type = kprobe_pmu();
	attr.config1 = (__u64)(unsigned long)target;
	pfd = syscall(__NR_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0) {
		err = errno == ENOENT ? 0 : -errno;
		goto out;
	}
	lfd = bpf_link_create(prog, pfd, BPF_PERF_EVENT, NULL);
	if (lfd < 0) {
		err = -errno;
		goto out;
	}
	link_name(name, sizeof(name), points[p].sym, mod, ino);
	snprintf(path, sizeof(path), LINK_DIR "/%s", name);
	if (bpf_obj_pin(lfd, path)) {
		err = -errno;
		goto out;
	}
	snprintf(path, sizeof(path), PROG_DIR "/%s", name);
	err = bpf_obj_pin(prog, path) ? -errno : 1;
out:
	if (lfd >= 0)
		close(lfd);
	if (pfd >= 0)
		close(pfd);
	close(prog);
	return err;
}

/* Unpin the links (and their programs) of module instances no longer loaded. */
static void unpin_gone(const unsigned long *ino)
{
	char sym[64], mod[64], path[512];
	struct dirent *e;
	unsigned long i;
	unsigned int m;
	DIR *d = opendir(LINK_DIR);

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (sscanf(e->d_name, "kprobe-%63[^-]-%63[^-]-%lu", sym, mod, &i) != 3)
			continue;
		for (m = 0; m < ARRAY_SIZE(modules) && strcmp(modules[m], mod); m++)
			;
		if (m < ARRAY_SIZE(modules) && ino[m] == i)
			continue;
		snprintf(path, sizeof(path), LINK_DIR "/%s", e->d_name);
		unlink(path);
		snprintf(path, sizeof(path), PROG_DIR "/%s", e->d_name);
		unlink(path);
	}
	closedir(d);
}

void module_hooks_refresh(unsigned int *attached, unsigned int *missing)
{
	/* Each failure is said once per instance: export retries every round. */
	static unsigned long noted[ARRAY_SIZE(modules)][ARRAY_SIZE(points)];
	unsigned long ino[ARRAY_SIZE(modules)];
	char name[256];
	unsigned int m, p;
	int ret;

	for (m = 0; m < ARRAY_SIZE(modules); m++)
		ino[m] = instance(modules[m]);
	unpin_gone(ino);
	for (m = 0; m < ARRAY_SIZE(modules); m++) {
		for (p = 0; ino[m] && p < ARRAY_SIZE(points); p++) {
			link_name(name, sizeof(name), points[p].sym, modules[m], ino[m]);
			if (!chosen(p) || pinned(LINK_DIR, name))
				continue;
			ret = attach(p, modules[m], ino[m]);
			if (ret > 0) {
				(*attached)++;
			} else if (ret < 0) {
				(*missing)++;
				if (noted[m][p] == ino[m])
					continue;
				noted[m][p] = ino[m];
				note("attaching to %s:%s failed (%s): %s unavailable, the rest is "
				     "counted", modules[m], points[p].sym, strerror(-ret),
				     points[p].what);
			}
		}
	}
}

unsigned int module_hooks_missing(missing_fn fn)
{
	unsigned int m, p, n = 0;
	unsigned long ino;
	char name[256];

	for (m = 0; m < ARRAY_SIZE(modules); m++) {
		ino = instance(modules[m]);
		for (p = 0; ino && p < ARRAY_SIZE(points); p++) {
			link_name(name, sizeof(name), points[p].sym, modules[m], ino);
			if (!chosen(p) || pinned(LINK_DIR, name))
				continue;
			n++;
			if (fn)
				fn(modules[m], points[p].sym, points[p].what);
		}
	}
	return n;
}
