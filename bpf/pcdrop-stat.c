// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop-stat - count page-cache lock acquisitions, folio removals and
 * lru_add_drain_all() calls per operation, on a stock kernel or with
 * pcdrop.ko loaded.
 *
 * "start" loads pcdrop.bpf.c, attaches it and pins its maps and links
 * under /sys/fs/bpf/pcdrop/, so the counters keep running after the
 * command exits.  "dump", "watch" and "reset" work on the pinned maps,
 * "stop" unpins everything, which detaches the programs.
 */
#include <argp.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "pcdrop-stat.h"
#include "pcdrop.skel.h"

#define BPFFS		"/sys/fs/bpf"
#define PIN_DIR		BPFFS "/pcdrop"
#define LINK_DIR	PIN_DIR "/links"
#define BPF_FS_MAGIC	0xcafe4a11
#define MAX_WITHOUT	16
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static struct env {
	bool json;
	bool kprobes;
	bool locks;
	bool verbose;
	int interval;
	int count;
	const char *without[MAX_WITHOUT];
	int nr_without;
	const char *cmd;
} env = { .interval = 1, .count = 0 };

const char *argp_program_version = "pcdrop-stat 0.1";
static const char doc[] =
"Count folio removals (one by one and in batches), lru_add_drain_all()\n"
"calls and page-cache lock round trips per operation (truncate, punch hole,\n"
"unlink, memfd close, fallocate rollback, fadvise DONTNEED, other) and file\n"
"system (tmpfs, other).  By default no spinlock is hooked and the lock\n"
"round trips are derived from the removals; start --locks counts them\n"
"exactly, at the price of a BPF trampoline on every spin_lock() in the\n"
"kernel while attached (1.03-2.2x on a tmpfs truncate under TCG).\n"
"\n"
"Commands:\n"
"  start    load, attach, pin under " PIN_DIR "; keeps counting\n"
"  dump     print the counters (a table, or JSON with --json)\n"
"  watch    print the counters every --interval seconds\n"
"  reset    zero the counters\n"
"  stop     detach and unpin everything\n"
"\n"
"EXAMPLES:\n"
"    pcdrop-stat start            # attach (fentry where possible)\n"
"    pcdrop-stat start --locks    # also count i_lock/i_pages exactly (costly)\n"
"    pcdrop-stat start --kprobes  # attach with kprobes only\n"
"    pcdrop-stat dump             # table of the counters\n"
"    pcdrop-stat dump --json      # the same as JSON\n"
"    pcdrop-stat watch -i 2 -c 5  # five tables, two seconds apart\n"
"    pcdrop-stat reset            # zero them\n"
"    pcdrop-stat stop             # detach, unpin\n"
"    bpftool map dump pinned " PIN_DIR "/ops  # no pcdrop-stat needed\n";

static const struct argp_option opts[] = {
	{ "json", 'j', NULL, 0, "dump: print JSON", 0 },
	{ "kprobes", 'k', NULL, 0, "start: use kprobes, not fentry", 0 },
	{ "locks", 'l', NULL, 0, "start: also count i_lock and i_pages acquisitions exactly, "
	  "by hooking _raw_spin_lock*: while attached, every spin_lock() in the kernel "
	  "enters a BPF trampoline (1.03-2.2x on a tmpfs truncate under TCG). "
	  "Without it the lock columns are derived from the removals", 0 },
	{ "interval", 'i', "SECONDS", 0, "watch: seconds between tables (1)", 0 },
	{ "count", 'c', "N", 0, "watch: stop after N tables (0: never)", 0 },
	{ "without", 'w', "SYMBOL", 0,
	  "start: act as if SYMBOL were missing from this kernel (for tests)", 0 },
	{ "verbose", 'v', NULL, 0, "print libbpf's debug output", 0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'j':
		env.json = true;
		break;
	case 'k':
		env.kprobes = true;
		break;
	case 'l':
		env.locks = true;
		break;
	case 'v':
		env.verbose = true;
		break;
	case 'i':
		env.interval = atoi(arg);
		if (env.interval <= 0)
			argp_error(state, "invalid interval: %s", arg);
		break;
	case 'c':
		env.count = atoi(arg);
		break;
	case 'w':
		if (env.nr_without == MAX_WITHOUT)
			argp_error(state, "too many --without");
		env.without[env.nr_without++] = arg;
		break;
	case ARGP_KEY_ARG:
		if (env.cmd)
			argp_error(state, "one command only");
		env.cmd = arg;
		break;
	case ARGP_KEY_END:
		if (!env.cmd)
			argp_error(state, "no command (start, dump, watch, reset, stop)");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/*
 * The kernel functions hooked.  Each has an fentry program and a kprobe
 * twin; operations also need an exit program (fexit, or the shared
 * kretprobe op_kr).  "what" is the counter lost if the symbol is missing.
 */
struct hook {
	const char *sym;
	const char *fentry;
	const char *fexit;
	const char *kprobe;
	bool ret;
	const char *what;
	/*
	 * The operation this hook starts ends at the exit of that function's
	 * hook: without it, this one is not attached either.
	 */
	const char *ends_at;
	/* A spinlock hook: attached only with --locks (every lock pays). */
	bool lock;
	/*
	 * A function of some kernel versions only: where it is missing, or
	 * (pointer_arg2) its second argument is not a pointer, there is
	 * nothing to count, and that is not worth a note.
	 */
	bool some_versions;
	bool pointer_arg2;
};

enum hook_mode { UNAVAILABLE, FENTRY, KPROBE };

static struct hook hooks[] = {
	{
		.sym = "do_truncate",
		.fentry = "truncate_fe",
		.fexit = "truncate_fx",
		.kprobe = "truncate_kp",
		.ret = true,
		.what = "the truncate operation",
	},
	{
		.sym = "vfs_fallocate",
		.fentry = "fallocate_fe",
		.fexit = "fallocate_fx",
		.kprobe = "fallocate_kp",
		.ret = true,
		.what = "the punch-hole operation",
	},
	{
		.sym = "evict",
		.fentry = "evict_fe",
		.fexit = "evict_fx",
		.kprobe = "evict_kp",
		.ret = true,
		.what = "the unlink and memfd-close operations",
	},
	/*
	 * A kprobe, no fentry: pcdrop.ko livepatches this function, and a
	 * BPF trampoline shares its ftrace site with the livepatch's
	 * IPMODIFY ops.  On 6.1 that bypassed the livepatch and crashed on
	 * detach.  No return probe either: one can miss (pcdrop.bpf.c).
	 */
	{
		.sym = "shmem_undo_range",
		.kprobe = "undo_kp",
		.what = "the fallocate-rollback operation",
		.ends_at = "vfs_fallocate",
	},
	{
		.sym = "generic_fadvise",
		.fentry = "fadvise_fe",
		.fexit = "fadvise_fx",
		.kprobe = "fadvise_kp",
		.ret = true,
		.what = "the fadvise operation and drains attributed to fadvise",
	},
	{
		.sym = "sysctl_compaction_handler",
		.fentry = "compact_fe",
		.fexit = "compact_fx",
		.kprobe = "compact_kp",
		.ret = true,
		.what = "drains attributed to compaction (vm.compact_memory)",
	},
	{
		.sym = "kcompactd_do_work",
		.fentry = "kcompactd_fe",
		.fexit = "kcompactd_fx",
		.kprobe = "kcompactd_kp",
		.ret = true,
		.what = "drains attributed to compaction (kcompactd)",
	},
	{
		.sym = "__filemap_remove_folio",
		.fentry = "remove_fe",
		.kprobe = "remove_kp",
		.what = "per-folio removals",
	},
	{
		.sym = "delete_from_page_cache_batch",
		.fentry = "batch_fe",
		.kprobe = "batch_kp",
		.what = "batched removals",
	},
	{
		.sym = "lru_add_drain_all",
		.fentry = "drain_fe",
		.kprobe = "drain_kp",
		.what = "lru_add_drain_all() calls",
	},
	{
		.sym = "pcdrop_stat_values_removed",
		.kprobe = "values_walked_kp",
		.what = "the shadow- and swap-entry walks of pcdrop.ko (is it loaded?)",
	},
	{
		.sym = "shmem_free_swap",
		.fentry = "free_swap_fe",
		.kprobe = "free_swap_kp",
		.what = "one-by-one swap-entry removals of tmpfs truncation (6.12 and later)",
		.some_versions = true,
	},
	{
		.sym = "clear_shadow_entry",
		.fentry = "clear_one_fe",
		.kprobe = "clear_one_kp",
		.what = "one-by-one shadow-entry removals of invalidation (6.1)",
		.some_versions = true,
	},
	{
		.sym = "clear_shadow_entries",
		.fentry = "clear_batch_fe",
		.kprobe = "clear_batch_kp",
		.what = "one-by-one shadow-entry removals of invalidation (6.12)",
		.some_versions = true,
		.pointer_arg2 = true,
	},
	{
		.sym = "_raw_spin_lock",
		.fentry = "lock_fe",
		.kprobe = "lock_kp",
		.what = "lock acquisitions through spin_lock()",
		.lock = true,
	},
	{
		.sym = "_raw_spin_lock_irq",
		.fentry = "lock_irq_fe",
		.kprobe = "lock_irq_kp",
		.what = "lock acquisitions through spin_lock_irq()",
		.lock = true,
	},
	{
		.sym = "_raw_spin_lock_irqsave",
		.fentry = "lock_irqsave_fe",
		.kprobe = "lock_irqsave_kp",
		.what = "lock acquisitions through spin_lock_irqsave()",
		.lock = true,
	},
};

#define NR_HOOKS ARRAY_SIZE(hooks)
/* Chosen at run time, per hook. */
static enum hook_mode mode[NR_HOOKS];

/* The hook of @sym, listed before any hook that ends at it. */
static unsigned int hook_index(const char *sym)
{
	unsigned int i;

	for (i = 0; strcmp(hooks[i].sym, sym); i++)
		;
	return i;
}

static const char *const op_names[PCDROP_NR_OPS] = {
	"PCDROP_OP_TRUNCATE", "PCDROP_OP_PUNCH", "PCDROP_OP_UNLINK",
	"PCDROP_OP_MEMFD_CLOSE", "PCDROP_OP_FALLOC_ROLLBACK",
	"PCDROP_OP_FADVISE", "PCDROP_OP_OTHER",
};

static const char *const fs_names[PCDROP_NR_FS] = {
	"PCDROP_FS_TMPFS", "PCDROP_FS_OTHER",
};

static const char *const caller_names[PCDROP_NR_CALLERS] = {
	"PCDROP_CALLER_FADVISE", "PCDROP_CALLER_COMPACTION",
	"PCDROP_CALLER_OTHER",
};

/* "PCDROP_OP_FALLOC_ROLLBACK" -> "falloc_rollback", for the table. */
static const char *short_name(const char *name)
{
	static char buf[4][32];
	static int n;
	const char *p = strchr(name + strlen("PCDROP_"), '_');
	char *b = buf[n++ % 4];
	int i;

	p = p ? p + 1 : name;
	for (i = 0; p[i] && i < 31; i++)
		b[i] = p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i];
	b[i] = 0;
	return b;
}

static const char *enum_name(const char *const *names, unsigned int nr, unsigned int v)
{
	static char buf[16];

	if (v < nr)
		return names[v];
	snprintf(buf, sizeof(buf), "%u", v);
	return buf;
}

static void vnote(const char *fmt, va_list ap)
{
	fputs("pcdrop-stat: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vnote(fmt, ap);
	va_end(ap);
}

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vnote(fmt, ap);
	va_end(ap);
	exit(1);
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list args)
{
	if (level == LIBBPF_DEBUG && !env.verbose)
		return 0;
	return vfprintf(stderr, fmt, args);
}

/* ---- start ---------------------------------------------------------- */

static bool in_kallsyms(const char *sym)
{
	static char *syms;
	static size_t len;
	char line[512], name[256], *p;
	FILE *f;

	if (!syms) {
		size_t cap = 1 << 20;

		f = fopen("/proc/kallsyms", "r");
		if (!f)
			return false;
		syms = malloc(cap);
		if (!syms)
			die("out of memory");
		/* Keep only the names of the functions we look for. */
		while (fgets(line, sizeof(line), f)) {
			size_t i, n;

			if (sscanf(line, "%*s %*s %255s", name) != 1)
				continue;
			for (i = 0; i < NR_HOOKS; i++)
				if (!strcmp(name, hooks[i].sym))
					break;
			if (i == NR_HOOKS)
				continue;
			n = strlen(name) + 2;
			if (len + n + 1 > cap)
				continue;
			len += sprintf(syms + len, "\n%s", name);
		}
		syms[len] = 0;
		strcat(syms + len, "\n");
		fclose(f);
	}
	snprintf(name, sizeof(name), "\n%s\n", sym);
	p = strstr(syms, name);
	return p;
}

static bool without(const char *sym)
{
	int i;

	for (i = 0; i < env.nr_without; i++)
		if (!strcmp(env.without[i], sym))
			return true;
	return false;
}

static void check_environment(void)
{
	struct statfs st;

	if (geteuid() != 0)
		die("must run as root: loading BPF programs needs CAP_BPF, CAP_PERFMON "
		    "and CAP_SYS_ADMIN for pinning");
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

static void pin_map(struct bpf_map *map, const char *name)
{
	char path[256];
	int err;

	snprintf(path, sizeof(path), PIN_DIR "/%s", name);
	err = bpf_map__pin(map, path);
	if (err)
		die("pinning %s: %s", path, strerror(-err));
}

static int pin_link(struct bpf_link *link, const char *sym, const char *kind)
{
	char path[256];

	/* bpffs refuses names with a dot. */
	snprintf(path, sizeof(path), LINK_DIR "/%s-%s", kind, sym);
	return bpf_link__pin(link, path);
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

			if (bpf_map__update_elem(skel->maps.pcdrop_ops, &k, sizeof(k),
						 &zs, sizeof(zs), BPF_ANY) ||
			    bpf_map__update_elem(skel->maps.pcdrop_hist, &k, sizeof(k),
						 &zh, sizeof(zh), BPF_ANY))
				die("filling the maps: %s", strerror(errno));
		}
	}
	for (c = 0; c < PCDROP_NR_CALLERS; c++) {
		struct pcdrop_caller_key k = { .caller = c };

		if (bpf_map__update_elem(skel->maps.pcdrop_drains, &k, sizeof(k),
					 &zc, sizeof(zc), BPF_ANY))
			die("filling the maps: %s", strerror(errno));
	}
	if (bpf_map__update_elem(skel->maps.pcdrop_health, &hk, sizeof(hk),
				 &zhl, sizeof(zhl), BPF_ANY))
		die("filling the maps: %s", strerror(errno));
}

static int cmd_stop(bool quiet);

static struct bpf_program *prog(struct pcdrop *skel, const char *name)
{
	return bpf_object__find_program_by_name(skel->obj, name);
}

/* Is the second argument of the function @sym a pointer, by its BTF? */
static bool pointer_arg2(const struct btf *btf, const char *sym)
{
	const struct btf_param *params;
	const struct btf_type *t;
	int id = btf__find_by_name_kind(btf, sym, BTF_KIND_FUNC);

	if (id <= 0)
		return false;
	t = btf__type_by_id(btf, btf__type_by_id(btf, id)->type);
	if (!t || !btf_is_func_proto(t) || btf_vlen(t) < 2)
		return false;
	params = btf_params(t);
	t = btf__type_by_id(btf, params[1].type);
	while (t && (btf_is_mod(t) || btf_is_typedef(t)))
		t = btf__type_by_id(btf, t->type);
	return t && btf_is_ptr(t);
}

static int cmd_start(void)
{
	struct btf *vmlinux;
	struct pcdrop *skel;
	struct bpf_program *p;
	unsigned int i, nr_fentry = 0, nr_kprobe = 0, nr_missing = 0;
	bool any_kretprobe = false;
	int err;

	check_environment();
	/* mkdir is the lock: a second start finds the directory and stops. */
	if (mkdir(PIN_DIR, 0700)) {
		if (errno == EEXIST)
			die("already started (" PIN_DIR " exists); "
			    "run 'pcdrop-stat stop' first");
		die("mkdir " PIN_DIR ": %s", strerror(errno));
	}
	if (mkdir(LINK_DIR, 0700))
		die("mkdir " LINK_DIR ": %s", strerror(errno));

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
	bpf_object__for_each_program(p, skel->obj)
		bpf_program__set_autoload(p, false);

	/* fentry where the kernel's BTF has the function, else a kprobe. */
	for (i = 0; i < NR_HOOKS; i++) {
		struct hook *h = &hooks[i];
		bool btf_has = btf__find_by_name_kind(vmlinux, h->sym, BTF_KIND_FUNC) > 0;

		mode[i] = UNAVAILABLE;
		if (h->lock && !env.locks)
			continue;
		if (h->some_versions && (!in_kallsyms(h->sym) ||
					 (h->pointer_arg2 && !pointer_arg2(vmlinux, h->sym))))
			continue;
		if (h->ends_at && mode[hook_index(h->ends_at)] == UNAVAILABLE) {
			note("%s is not attached: %s unavailable, the rest is counted",
			     h->ends_at, h->what);
			nr_missing++;
			continue;
		}
		if (without(h->sym))
			;
		else if (btf_has && h->fentry && !env.kprobes)
			mode[i] = FENTRY;
		else if (in_kallsyms(h->sym))
			mode[i] = KPROBE;
		if (mode[i] == UNAVAILABLE) {
			note("%s is not on this kernel: %s unavailable, the rest is counted",
			     h->sym, h->what);
			nr_missing++;
			continue;
		}
		if (mode[i] == FENTRY) {
			bpf_program__set_autoload(prog(skel, h->fentry), true);
			if (h->fexit)
				bpf_program__set_autoload(prog(skel, h->fexit), true);
		} else {
			bpf_program__set_autoload(prog(skel, h->kprobe), true);
			any_kretprobe |= h->ret;
		}
	}
	bpf_program__set_autoload(skel->progs.op_kr, any_kretprobe);
	btf__free(vmlinux);

	err = pcdrop__load(skel);
	if (err) {
		pcdrop__destroy(skel);
		cmd_stop(true);
		die("loading the BPF programs failed (%s); run with --verbose for the "
		    "verifier log", strerror(-err));
	}
	populate(skel);

	for (i = 0; i < NR_HOOKS; i++) {
		struct hook *h = &hooks[i];
		struct bpf_link *l, *x = NULL;

		if (mode[i] == UNAVAILABLE)
			continue;
		if (h->ends_at && mode[hook_index(h->ends_at)] == UNAVAILABLE) {
			note("%s is not attached: %s unavailable, the rest is counted",
			     h->ends_at, h->what);
			mode[i] = UNAVAILABLE;
			nr_missing++;
			continue;
		}
		if (mode[i] == FENTRY) {
			l = bpf_program__attach(prog(skel, h->fentry));
			if (l && h->fexit)
				x = bpf_program__attach(prog(skel, h->fexit));
		} else {
			l = bpf_program__attach_kprobe(prog(skel, h->kprobe), false, h->sym);
			if (l && h->ret)
				x = bpf_program__attach_kprobe(skel->progs.op_kr, true, h->sym);
		}
		if (!l || ((h->fexit || h->ret) && !x)) {
			note("attaching to %s failed (%s): %s unavailable, the rest is counted",
			     h->sym, strerror(errno), h->what);
			bpf_link__destroy(l);
			bpf_link__destroy(x);
			mode[i] = UNAVAILABLE;
			nr_missing++;
			continue;
		}
		err = pin_link(l, h->sym, mode[i] == FENTRY ? "fentry" : "kprobe");
		if (!err && x)
			err = pin_link(x, h->sym, mode[i] == FENTRY ? "fexit" : "kretprobe");
		if (err) {
			note("pinning the links of %s failed: %s", h->sym, strerror(-err));
			pcdrop__destroy(skel);
			cmd_stop(true);
			exit(1);
		}
		/* The pin keeps the attachment; drop our reference. */
		bpf_link__disconnect(l);
		bpf_link__destroy(l);
		if (x) {
			bpf_link__disconnect(x);
			bpf_link__destroy(x);
		}
		if (mode[i] == FENTRY)
			nr_fentry++;
		else
			nr_kprobe++;
	}
	if (!nr_fentry && !nr_kprobe) {
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
	       "counters in " PIN_DIR "; lock counts %s\n", nr_fentry + nr_kprobe, nr_fentry,
	       nr_kprobe, nr_missing, env.locks ? "exact (--locks)" :
	       "derived from the removals (no spinlock hooks; --locks counts them)");
	return 0;
}

/* ---- stop ----------------------------------------------------------- */

static int cmd_stop(bool quiet)
{
	DIR *d;
	struct dirent *e;
	char path[512];
	int n = 0;

	d = opendir(LINK_DIR);
	if (d) {
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), LINK_DIR "/%s", e->d_name);
			if (unlink(path))
				note("unlink %s: %s", path, strerror(errno));
			n++;
		}
		closedir(d);
		rmdir(LINK_DIR);
	}
	d = opendir(PIN_DIR);
	if (!d) {
		if (!quiet)
			printf("pcdrop-stat: not started, nothing to stop\n");
		return 0;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PIN_DIR "/%s", e->d_name);
		if (unlink(path))
			note("unlink %s: %s", path, strerror(errno));
	}
	closedir(d);
	if (rmdir(PIN_DIR))
		die("rmdir " PIN_DIR ": %s", strerror(errno));
	if (!quiet)
		printf("pcdrop-stat: stopped (%d links and the maps unpinned)\n", n);
	return 0;
}

/* ---- dump, watch, reset ---------------------------------------------- */

static int map_fd(const char *name)
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

/*
 * Walk a map in key order of BPF_MAP_GET_NEXT_KEY, as bpftool does, so
 * that "dump --json" lists the entries in the same order.
 */
#define for_each_entry(fd, key, prev, val)					\
	for (int __r = bpf_map_get_next_key(fd, NULL, &(key));		\
	     !__r && !bpf_map_lookup_elem(fd, &(key), &(val));		\
	     (prev) = (key), __r = bpf_map_get_next_key(fd, &(prev), &(key)))

static const char *const stat_fields[] = {
	"calls", "i_lock", "xa_lock", "removed_single", "batches",
	"batched_folios", "drains", "time_ns", "values_single",
	"value_single_trips", "value_walks", "values_walked",
};
_Static_assert(sizeof(struct pcdrop_op_stats) == sizeof(stat_fields) / sizeof(stat_fields[0]) *
	       sizeof(__u64), "stat_fields names every field of struct pcdrop_op_stats");

static void json_ops(void)
{
	struct pcdrop_op_key k, p;
	struct pcdrop_op_stats v;
	int fd = map_fd("ops"), n = 0;
	unsigned int i;

	printf("\"ops\":[");
	for_each_entry(fd, k, p, v) {
		__u64 *f = (__u64 *)&v;

		printf("%s{\"key\":{\"op\":\"%s\",\"fs\":\"%s\"},\"value\":{", n++ ? "," : "",
		       enum_name(op_names, PCDROP_NR_OPS, k.op),
		       enum_name(fs_names, PCDROP_NR_FS, k.fs));
		for (i = 0; i < ARRAY_SIZE(stat_fields); i++)
			printf("%s\"%s\":%llu", i ? "," : "", stat_fields[i],
			       (unsigned long long)f[i]);
		printf("}}");
	}
	printf("]");
	close(fd);
}

static void json_hist(void)
{
	struct pcdrop_op_key k, p;
	struct pcdrop_hist v;
	int fd = map_fd("hist"), n = 0, i;

	printf("\"hist\":[");
	for_each_entry(fd, k, p, v) {
		printf("%s{\"key\":{\"op\":\"%s\",\"fs\":\"%s\"},\"value\":{\"log2_ns\":[",
		       n++ ? "," : "", enum_name(op_names, PCDROP_NR_OPS, k.op),
		       enum_name(fs_names, PCDROP_NR_FS, k.fs));
		for (i = 0; i < PCDROP_HIST_SLOTS; i++)
			printf("%s%llu", i ? "," : "", (unsigned long long)v.log2_ns[i]);
		printf("]}}");
	}
	printf("]");
	close(fd);
}

static void json_drains(void)
{
	struct pcdrop_caller_key k, p;
	struct pcdrop_count v;
	int fd = map_fd("drains"), n = 0;

	printf("\"drains\":[");
	for_each_entry(fd, k, p, v)
		printf("%s{\"key\":{\"caller\":\"%s\"},\"value\":{\"count\":%llu}}",
		       n++ ? "," : "", enum_name(caller_names, PCDROP_NR_CALLERS, k.caller),
		       (unsigned long long)v.count);
	printf("]");
	close(fd);
}

static void json_batches(void)
{
	struct pcdrop_batch_key k, p;
	struct pcdrop_count v;
	int fd = map_fd("batches"), n = 0;

	printf("\"batches\":[");
	for_each_entry(fd, k, p, v)
		printf("%s{\"key\":{\"op\":\"%s\",\"fs\":\"%s\",\"folios\":%u},"
		       "\"value\":{\"count\":%llu}}", n++ ? "," : "",
		       enum_name(op_names, PCDROP_NR_OPS, k.op),
		       enum_name(fs_names, PCDROP_NR_FS, k.fs), k.folios,
		       (unsigned long long)v.count);
	printf("]");
	close(fd);
}

static void json_health(void)
{
	struct pcdrop_health_key k, p;
	struct pcdrop_health v;
	int fd = map_fd("health"), n = 0;

	printf("\"health\":[");
	for_each_entry(fd, k, p, v)
		printf("%s{\"key\":{\"zero\":%u},\"value\":{\"slot_busy\":%llu,"
		       "\"nested\":%llu,\"map_full\":%llu,\"missed_returns\":%llu}}",
		       n++ ? "," : "", k.zero, (unsigned long long)v.slot_busy,
		       (unsigned long long)v.nested, (unsigned long long)v.map_full,
		       (unsigned long long)v.missed_returns);
	printf("]");
	close(fd);
}

struct prog_row {
	char link[256];
	char name[BPF_OBJ_NAME_LEN];
	__u32 id;
	__u64 run_cnt;
	__u64 misses;
};

/* The programs behind the pinned links, with the kernel's own counts. */
static int read_progs(struct prog_row *rows, int max)
{
	DIR *d = opendir(LINK_DIR);
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < max) {
		struct bpf_link_info li = {};
		struct bpf_prog_info pi = {};
		__u32 len = sizeof(li);
		char path[512];
		int lfd, pfd;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), LINK_DIR "/%s", e->d_name);
		lfd = bpf_obj_get(path);
		if (lfd < 0)
			continue;
		if (!bpf_obj_get_info_by_fd(lfd, &li, &len)) {
			pfd = bpf_prog_get_fd_by_id(li.prog_id);
			len = sizeof(pi);
			if (pfd >= 0 && !bpf_obj_get_info_by_fd(pfd, &pi, &len)) {
				snprintf(rows[n].link, sizeof(rows[n].link), "%s", e->d_name);
				memcpy(rows[n].name, pi.name, sizeof(rows[n].name));
				rows[n].id = pi.id;
				rows[n].run_cnt = pi.run_cnt;
				rows[n].misses = pi.recursion_misses;
				n++;
			}
			if (pfd >= 0)
				close(pfd);
		}
		close(lfd);
	}
	closedir(d);
	return n;
}

static bool linked(const char *sym)
{
	char path[512];

	snprintf(path, sizeof(path), LINK_DIR "/fentry-%s", sym);
	if (!access(path, F_OK))
		return true;
	snprintf(path, sizeof(path), LINK_DIR "/kprobe-%s", sym);
	return !access(path, F_OK);
}

/* Whether start --locks attached the spinlock hooks. */
static bool locks_counted(void)
{
	unsigned int h;

	for (h = 0; h < NR_HOOKS; h++)
		if (hooks[h].lock && linked(hooks[h].sym))
			return true;
	return false;
}

/*
 * Without --locks, the lock round trips of the removal paths: one i_lock
 * and one i_pages lock per one-by-one removal, per batch, and per round
 * trip that removed shadow entries.
 */
static __u64 derived_locks(const struct pcdrop_op_stats *v)
{
	return v->removed_single + v->batches + v->value_single_trips + v->value_walks;
}

/*
 * Beside "ops" (which bpftool prints the same), so that "ops" stays the
 * map as it is: the lock counts derived from the removals, for every op.
 */
static void json_derived(void)
{
	struct pcdrop_op_key k, p;
	struct pcdrop_op_stats v;
	int fd = map_fd("ops"), n = 0;

	printf("\"locks\":\"%s\",\"derived_locks\":[", locks_counted() ? "counted" : "derived");
	for_each_entry(fd, k, p, v)
		printf("%s{\"key\":{\"op\":\"%s\",\"fs\":\"%s\"},\"value\":"
		       "{\"i_lock\":%llu,\"xa_lock\":%llu}}", n++ ? "," : "",
		       enum_name(op_names, PCDROP_NR_OPS, k.op),
		       enum_name(fs_names, PCDROP_NR_FS, k.fs),
		       (unsigned long long)derived_locks(&v),
		       (unsigned long long)derived_locks(&v));
	printf("]");
	close(fd);
}

static void dump_json(void)
{
	struct prog_row rows[64];
	int i, n = read_progs(rows, 64), m = 0;
	bool locks = locks_counted();
	unsigned int h;

	printf("{");
	json_ops();
	printf(",");
	json_hist();
	printf(",");
	json_drains();
	printf(",");
	json_batches();
	printf(",");
	json_health();
	printf(",");
	json_derived();
	printf(",\"progs\":[");
	for (i = 0; i < n; i++)
		printf("%s{\"link\":\"%s\",\"name\":\"%s\",\"id\":%u,\"run_cnt\":%llu,"
		       "\"recursion_misses\":%llu}", i ? "," : "", rows[i].link,
		       rows[i].name, rows[i].id, (unsigned long long)rows[i].run_cnt,
		       (unsigned long long)rows[i].misses);
	printf("],\"unavailable\":[");
	for (h = 0; h < NR_HOOKS; h++)
		if (!linked(hooks[h].sym) && (!hooks[h].lock || locks) &&
		    !hooks[h].some_versions)
			printf("%s{\"symbol\":\"%s\",\"counter\":\"%s\"}", m++ ? "," : "",
			       hooks[h].sym, hooks[h].what);
	printf("]}\n");
}

static void dump_table(void)
{
	struct pcdrop_op_key k, p;
	struct pcdrop_op_stats v;
	struct pcdrop_caller_key ck, cp;
	struct pcdrop_batch_key bk, bp;
	struct pcdrop_health_key hk = {};
	struct pcdrop_health hv = {};
	struct pcdrop_count c;
	struct prog_row rows[64];
	int fd, i, n;
	__u64 misses = 0;
	unsigned int h;

	bool locks = locks_counted();

	fd = map_fd("ops");
	printf("%-16s %-6s %8s %9s %9s %9s %8s %9s %7s %10s %12s\n", "OP", "FS", "CALLS",
	       locks ? "I_LOCK" : "I_LOCK*", locks ? "XA_LOCK" : "XA_LOCK*", "SINGLE",
	       "BATCHES", "BATCHED", "DRAINS", "TIME_MS", locks ? "LOCKS/FOLIO" : "LOCKS/FOLIO*");
	for_each_entry(fd, k, p, v) {
		__u64 folios = v.removed_single + v.batched_folios;

		if (!v.calls && !folios && !v.batches && !v.drains)
			continue;
		if (!locks) {
			v.i_lock = derived_locks(&v);
			v.xa_lock = derived_locks(&v);
		}
		printf("%-16s %-6s %8llu %9llu %9llu %9llu %8llu %9llu %7llu %10.3f ",
		       short_name(enum_name(op_names, PCDROP_NR_OPS, k.op)),
		       short_name(enum_name(fs_names, PCDROP_NR_FS, k.fs)),
		       (unsigned long long)v.calls, (unsigned long long)v.i_lock,
		       (unsigned long long)v.xa_lock, (unsigned long long)v.removed_single,
		       (unsigned long long)v.batches, (unsigned long long)v.batched_folios,
		       (unsigned long long)v.drains, v.time_ns / 1e6);
		if (folios)
			printf("%12.3f\n", (double)(v.i_lock + v.xa_lock) / folios);
		else
			printf("%12s\n", "-");
	}
	close(fd);
	if (!locks)
		printf("* derived, not counted: one i_lock and one i_pages round trip per "
		       "one-by-one removal, per batch and per shadow/swap-entry round trip "
		       "('start --locks' counts them)\n");

	fd = map_fd("ops");
	n = 0;
	for_each_entry(fd, k, p, v) {
		if (!v.values_single && !v.values_walked)
			continue;
		if (!n++)
			printf("\nshadow and swap entries removed (op/fs: one by one in round "
			       "trips, walked in round trips):\n");
		printf("  %s/%s: %llu in %llu, %llu in %llu\n",
		       short_name(enum_name(op_names, PCDROP_NR_OPS, k.op)),
		       short_name(enum_name(fs_names, PCDROP_NR_FS, k.fs)),
		       (unsigned long long)v.values_single,
		       (unsigned long long)v.value_single_trips,
		       (unsigned long long)v.values_walked, (unsigned long long)v.value_walks);
	}
	close(fd);

	fd = map_fd("drains");
	printf("\nlru_add_drain_all() by caller:");
	for_each_entry(fd, ck, cp, c)
		printf(" %s=%llu", short_name(enum_name(caller_names, PCDROP_NR_CALLERS,
							ck.caller)),
		       (unsigned long long)c.count);
	printf("\n");
	close(fd);

	fd = map_fd("batches");
	n = 0;
	for_each_entry(fd, bk, bp, c) {
		if (!n++)
			printf("batch sizes (op/fs: folios x times):");
		printf(" %s/%s:%ux%llu", short_name(enum_name(op_names, PCDROP_NR_OPS, bk.op)),
		       short_name(enum_name(fs_names, PCDROP_NR_FS, bk.fs)), bk.folios,
		       (unsigned long long)c.count);
	}
	if (n)
		printf("\n");
	close(fd);

	fd = map_fd("health");
	bpf_map_lookup_elem(fd, &hk, &hv);
	close(fd);
	n = read_progs(rows, 64);
	for (i = 0; i < n; i++)
		misses += rows[i].misses;
	printf("health: %d links, recursion misses %llu, untracked (slot busy) %llu, "
	       "nested %llu, batch map full %llu, missed returns %llu\n", n,
	       (unsigned long long)misses, (unsigned long long)hv.slot_busy,
	       (unsigned long long)hv.nested, (unsigned long long)hv.map_full,
	       (unsigned long long)hv.missed_returns);
	for (h = 0; h < NR_HOOKS; h++)
		if (!linked(hooks[h].sym) && (!hooks[h].lock || locks) &&
		    !hooks[h].some_versions)
			printf("unavailable: %s (%s is not attached)\n", hooks[h].what,
			       hooks[h].sym);
}

static int cmd_dump(void)
{
	if (env.json)
		dump_json();
	else
		dump_table();
	return 0;
}

static volatile sig_atomic_t exiting;

static void on_signal(int sig)
{
	(void)sig;
	exiting = 1;
}

static int cmd_watch(void)
{
	int i;

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	for (i = 0; !exiting && (!env.count || i < env.count); i++) {
		time_t t = time(NULL);
		char ts[32];

		if (i)
			sleep(env.interval);
		if (exiting)
			break;
		strftime(ts, sizeof(ts), "%H:%M:%S", localtime(&t));
		printf("%s%s\n", i ? "\n" : "", ts);
		dump_table();
		fflush(stdout);
	}
	return 0;
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

static int cmd_reset(void)
{
	zero_map("ops", sizeof(struct pcdrop_op_key), sizeof(struct pcdrop_op_stats), false);
	zero_map("hist", sizeof(struct pcdrop_op_key), sizeof(struct pcdrop_hist), false);
	zero_map("drains", sizeof(struct pcdrop_caller_key), sizeof(struct pcdrop_count),
		 false);
	zero_map("batches", sizeof(struct pcdrop_batch_key), sizeof(struct pcdrop_count),
		 true);
	zero_map("health", sizeof(struct pcdrop_health_key), sizeof(struct pcdrop_health),
		 false);
	printf("pcdrop-stat: counters reset\n");
	return 0;
}

int main(int argc, char **argv)
{
	static const struct argp argp = {
		.options = opts,
		.parser = parse_arg,
		.args_doc = "COMMAND",
		.doc = doc,
	};

	if (argp_parse(&argp, argc, argv, 0, NULL, NULL))
		return 2;
	if (strcmp(env.cmd, "start") && geteuid() != 0)
		die("must run as root: the counters under " PIN_DIR " are root's");
	if (!strcmp(env.cmd, "start"))
		return cmd_start();
	if (!strcmp(env.cmd, "stop"))
		return cmd_stop(false);
	if (!strcmp(env.cmd, "dump"))
		return cmd_dump();
	if (!strcmp(env.cmd, "watch"))
		return cmd_watch();
	if (!strcmp(env.cmd, "reset"))
		return cmd_reset();
	die("unknown command '%s' (start, dump, watch, reset, stop)", env.cmd);
	return 2;
}
