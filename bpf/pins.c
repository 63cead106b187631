// SPDX-License-Identifier: GPL-2.0
/*
 * pins.c - "start" and "stop".  The pins under PIN_DIR are the state of
 * pcdrop-stat between commands: the maps (read by "dump", zeroed by
 * "reset", and by bpftool) and, under LINK_DIR, the links that keep the
 * programs attached, under PROG_DIR their programs.  Any step of "start"
 * that fails undoes the others.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "common.h"
#include "hooks.h"
#include "module_hooks.h"
#include "pins.h"
#include "pcdrop-stat.h"
#include "pcdrop.skel.h"

#define BPF_FS_MAGIC	0xcafe4a11

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list args)
{
	if (level == LIBBPF_DEBUG && !env.verbose)
		return 0;
	return vfprintf(stderr, fmt, args);
}

static void check_environment(void)
{
	struct statfs st;

	if (geteuid() != 0)
		die("must run as root: loading BPF programs needs CAP_BPF and CAP_PERFMON, "
		    "and " BPFFS " belongs to root");
	if (access("/sys/kernel/btf/vmlinux", R_OK))
		die("this kernel has no BTF (/sys/kernel/btf/vmlinux: %s); pcdrop-stat "
		    "needs a kernel built with CONFIG_DEBUG_INFO_BTF=y", strerror(errno));
	if (statfs(BPFFS, &st) || st.f_type != BPF_FS_MAGIC) {
		if (mount("bpf", BPFFS, "bpf", 0, NULL))
			die("bpffs is not mounted at " BPFFS " and mounting it failed (%s); "
			    "mount it with: mount -t bpf bpf " BPFFS, strerror(errno));
		note("mounted bpffs at " BPFFS);
	}
}

/* mkdir is the lock: a second start finds the directory and stops. */
static void make_pin_dirs(void)
{
	if (mkdir(PIN_TOP, 0700) && errno != EEXIST)
		die("mkdir " PIN_TOP ": %s", strerror(errno));
	if (mkdir(PIN_DIR, 0700)) {
		if (errno == EEXIST)
			die("already started (" PIN_DIR " exists, perhaps by "
			    "pcdrop-stat.service): 'pcdrop-stat dump' reads them; "
			    "'pcdrop-stat stop' first to start them afresh");
		die("mkdir " PIN_DIR ": %s", strerror(errno));
	}
	if (mkdir(LINK_DIR, 0700))
		die("mkdir " LINK_DIR ": %s", strerror(errno));
	if (mkdir(PROG_DIR, 0700))
		die("mkdir " PROG_DIR ": %s", strerror(errno));
}

static void pin_map(struct bpf_map *map, const char *name)
{
	char path[256];
	int err;

	snprintf(path, sizeof(path), PIN_DIR "/%s", name);
	err = bpf_map__pin(map, path);
	if (err)
		die("pinning %s: %s", path, strerror(-err));
}

static void fill(struct bpf_map *map, const void *key, size_t ksz, const void *val,
		 size_t vsz)
{
	if (bpf_map__update_elem(map, key, ksz, val, vsz, BPF_ANY))
		die("filling the maps: %s", strerror(errno));
}

/* Every key exists from the start, so the programs never insert. */
static void populate(struct pcdrop *skel)
{
	struct pcdrop_op_stats zs = {};
	struct pcdrop_hist zh = {};
	struct pcdrop_count zc = {};
	struct pcdrop_health zhl = {};
	struct pcdrop_health_key hk = {};
	unsigned int op, fs, c;

	for (op = 0; op < PCDROP_NR_OPS; op++) {
		for (fs = 0; fs < PCDROP_NR_FS; fs++) {
			struct pcdrop_op_key k = { .op = op, .fs = fs };

			fill(skel->maps.pcdrop_ops, &k, sizeof(k), &zs, sizeof(zs));
			fill(skel->maps.pcdrop_hist, &k, sizeof(k), &zh, sizeof(zh));
		}
	}
	for (c = 0; c < PCDROP_NR_CALLERS; c++) {
		struct pcdrop_caller_key k = { .caller = c };

		fill(skel->maps.pcdrop_drains, &k, sizeof(k), &zc, sizeof(zc));
	}
	fill(skel->maps.pcdrop_health, &hk, sizeof(hk), &zhl, sizeof(zhl));
}

/* The skeleton with the programs hooks_select() chose, loaded. */
static struct pcdrop *load(struct hook_counts *n)
{
	struct btf *vmlinux;
	struct pcdrop *skel;
	int err;

	libbpf_set_print(libbpf_print);
	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		cmd_stop(true);
		die("reading the kernel's BTF: %s", strerror(errno));
	}
	skel = pcdrop__open();
	if (!skel) {
		cmd_stop(true);
		die("opening the BPF object: %s", strerror(errno));
	}
	hooks_select(skel, vmlinux, n);
	module_hooks_select(skel);
	btf__free(vmlinux);

	err = pcdrop__load(skel);
	if (err) {
		pcdrop__destroy(skel);
		cmd_stop(true);
		die("loading the BPF programs failed (%s); run with --verbose for the "
		    "verifier log", strerror(-err));
	}
	return skel;
}

int cmd_start(void)
{
	struct hook_counts n = {};
	struct pcdrop *skel;

	check_environment();
	make_pin_dirs();
	skel = load(&n);
	populate(skel);
	if (hooks_attach(skel, &n) || module_hooks_pin(skel)) {
		pcdrop__destroy(skel);
		cmd_stop(true);
		exit(1);
	}
	module_hooks_refresh(&n.kprobe, &n.missing);
	if (!n.fentry && !n.kprobe) {
		pcdrop__destroy(skel);
		cmd_stop(true);
		die("nothing could be attached");
	}
	pin_map(skel->maps.pcdrop_ops, "ops");
	pin_map(skel->maps.pcdrop_hist, "hist");
	pin_map(skel->maps.pcdrop_drains, "drains");
	pin_map(skel->maps.pcdrop_batches, "batches");
	pin_map(skel->maps.pcdrop_health, "health");
	pcdrop__destroy(skel);
	printf("pcdrop-stat: started on %u functions (%u fentry, %u kprobe, %u unavailable); "
	       "counters in " PIN_DIR "; lock counts %s\n", n.fentry + n.kprobe, n.fentry,
	       n.kprobe, n.missing, env.locks ? "exact (--locks)" :
	       "derived from the removals (no spinlock hooks; --locks counts them)");
	return 0;
}

int cmd_refresh(void)
{
	unsigned int attached = 0, missing = 0;

	if (access(PIN_DIR, F_OK)) {
		printf("pcdrop-stat: not started, nothing to refresh\n");
		return 0;
	}
	module_hooks_refresh(&attached, &missing);
	printf("pcdrop-stat: %u points of pcdrop.ko attached anew, %u unavailable\n",
	       attached, missing);
	return missing ? 1 : 0;
}

/* Unlink every pin in @dir; how many there were. */
static int unpin_all(const char *dir)
{
	struct dirent *e;
	char path[512];
	int n = 0;
	DIR *d;

	d = opendir(dir);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (unlink(path))
			note("unlink %s: %s", path, strerror(errno));
		n++;
	}
	closedir(d);
	return n;
}

int pins_lock(void)
{
	int fd = open(PIN_TOP, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0 && flock(fd, LOCK_EX))
		die("locking " PIN_TOP ": %s", strerror(errno));
	return fd;
}

void pins_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

int cmd_stop(bool quiet)
{
	int lock = pins_lock();
	int n = unpin_all(LINK_DIR);

	if (n >= 0)
		rmdir(LINK_DIR);
	else
		n = 0;
	if (unpin_all(PROG_DIR) >= 0)
		rmdir(PROG_DIR);
	if (unpin_all(PIN_DIR) < 0) {
		pins_unlock(lock);
		if (!quiet)
			printf("pcdrop-stat: not started, nothing to stop\n");
		return 0;
	}
	if (rmdir(PIN_DIR))
		die("rmdir " PIN_DIR ": %s", strerror(errno));
	/* Pins of another layout keep it: they are another pcdrop-stat's. */
	if (rmdir(PIN_TOP) && errno != ENOTEMPTY)
		note("rmdir " PIN_TOP ": %s", strerror(errno));
	pins_unlock(lock);
	if (!quiet)
		printf("pcdrop-stat: stopped (%d links and the maps unpinned)\n", n);
	return 0;
}
