// SPDX-License-Identifier: GPL-2.0
/*
 * hooks.c - which kernel functions pcdrop-stat hooks and how, per kernel.
 *
 * Every program of pcdrop.bpf.c has its autoload turned off; "start" then
 * turns on, per hook, the fentry/fexit pair where the kernel's BTF has
 * the function, else its kprobe twin where kallsyms has it, else none:
 * that counter is lost, said once, and the rest is counted.  The links
 * are pinned under LINK_DIR as "<kind>-<symbol>", which is how "dump"
 * learns afterwards what was attached.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "common.h"
#include "hooks.h"
#include "pcdrop-stat.h"
#include "pcdrop.skel.h"

enum hook_mode { UNAVAILABLE, FENTRY, KPROBE };

const struct hook hooks[] = {
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
	{
		.sym = "rt_spin_lock",
		.fentry = "lock_rt_fe",
		.kprobe = "lock_rt_kp",
		.what = "lock acquisitions of a sleeping spinlock_t (PREEMPT_RT)",
		.lock = true,
		.some_versions = true,
	},
};

#define NR_HOOKS ARRAY_SIZE(hooks)
const unsigned int nr_hooks = NR_HOOKS;
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

bool without(const char *sym)
{
	int i;

	for (i = 0; i < env.nr_without; i++)
		if (!strcmp(env.without[i], sym))
			return true;
	return false;
}

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

/* Left out without a note: a lock hook without --locks, or nothing to count. */
static bool not_wanted(const struct hook *h, const struct btf *vmlinux)
{
	if (h->lock && !env.locks)
		return true;
	return h->some_versions && (!in_kallsyms(h->sym) ||
				    (h->pointer_arg2 && !pointer_arg2(vmlinux, h->sym)));
}

/* Left out, with a note, because the hook its operation ends at is. */
static bool end_missing(const struct hook *h, struct hook_counts *n)
{
	if (!h->ends_at || mode[hook_index(h->ends_at)] != UNAVAILABLE)
		return false;
	note("%s is not attached: %s unavailable, the rest is counted", h->ends_at, h->what);
	n->missing++;
	return true;
}

/* fentry where the kernel's BTF has the function, else a kprobe. */
static enum hook_mode choose(const struct hook *h, const struct btf *vmlinux)
{
	bool btf_has = btf__find_by_name_kind(vmlinux, h->sym, BTF_KIND_FUNC) > 0;

	if (without(h->sym))
		return UNAVAILABLE;
	if (btf_has && h->fentry && !env.kprobes)
		return FENTRY;
	return in_kallsyms(h->sym) ? KPROBE : UNAVAILABLE;
}

void hooks_select(struct pcdrop *skel, const struct btf *vmlinux, struct hook_counts *n)
{
	struct bpf_program *p;
	bool any_kretprobe = false;
	unsigned int i;

	bpf_object__for_each_program(p, skel->obj)
		bpf_program__set_autoload(p, false);
	for (i = 0; i < NR_HOOKS; i++) {
		const struct hook *h = &hooks[i];

		mode[i] = UNAVAILABLE;
		if (not_wanted(h, vmlinux) || end_missing(h, n))
			continue;
		mode[i] = choose(h, vmlinux);
		if (mode[i] == UNAVAILABLE) {
			note("%s is not on this kernel: %s unavailable, the rest is counted",
			     h->sym, h->what);
			n->missing++;
		} else if (mode[i] == FENTRY) {
			bpf_program__set_autoload(prog(skel, h->fentry), true);
			if (h->fexit)
				bpf_program__set_autoload(prog(skel, h->fexit), true);
		} else {
			bpf_program__set_autoload(prog(skel, h->kprobe), true);
			any_kretprobe |= h->ret;
		}
	}
	bpf_program__set_autoload(skel->progs.op_kr, any_kretprobe);
}

/* The link under LINK_DIR, its program under PROG_DIR, as "<kind>-<sym>". */
static int pin_link(struct bpf_link *link, struct bpf_program *prog, const char *sym,
		    const char *kind)
{
	char path[256];
	int err;

	/* bpffs refuses names with a dot. */
	snprintf(path, sizeof(path), LINK_DIR "/%s-%s", kind, sym);
	err = bpf_link__pin(link, path);
	if (err)
		return err;
	snprintf(path, sizeof(path), PROG_DIR "/%s-%s", kind, sym);
	return bpf_program__pin(prog, path);
}

/* The program behind hook @h's entry link, or its exit link if @exit. */
static struct bpf_program *link_prog(struct pcdrop *skel, const struct hook *h, bool fentry,
				     bool exit)
{
	if (!exit)
		return prog(skel, fentry ? h->fentry : h->kprobe);
	return fentry ? prog(skel, h->fexit) : skel->progs.op_kr;
}

/* The pin keeps the attachment; drop our reference. */
static void release_link(struct bpf_link *link)
{
	bpf_link__disconnect(link);
	bpf_link__destroy(link);
}

/*
 * Attach hook @i the way hooks_select() chose and pin its links: 1 if it
 * is attached, 0 if it could not be (noted), negative if a pin failed.
 */
static int attach_hook(struct pcdrop *skel, unsigned int i)
{
	const struct hook *h = &hooks[i];
	bool fentry = mode[i] == FENTRY;
	struct bpf_link *l, *x = NULL;
	int err;

	if (fentry) {
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
		return 0;
	}
	err = pin_link(l, link_prog(skel, h, fentry, false), h->sym,
		       fentry ? "fentry" : "kprobe");
	if (!err && x)
		err = pin_link(x, link_prog(skel, h, fentry, true), h->sym,
			       fentry ? "fexit" : "kretprobe");
	if (err) {
		note("pinning the links of %s failed: %s", h->sym, strerror(-err));
		bpf_link__destroy(l);
		bpf_link__destroy(x);
		return err;
	}
	release_link(l);
	if (x)
		release_link(x);
	return 1;
}

int hooks_attach(struct pcdrop *skel, struct hook_counts *n)
{
	unsigned int i;
	int ret;

	for (i = 0; i < NR_HOOKS; i++) {
		if (mode[i] == UNAVAILABLE)
			continue;
		if (end_missing(&hooks[i], n)) {
			mode[i] = UNAVAILABLE;
			continue;
		}
		ret = attach_hook(skel, i);
		if (ret < 0)
			return ret;
		if (!ret) {
			mode[i] = UNAVAILABLE;
			n->missing++;
		} else if (mode[i] == FENTRY) {
			n->fentry++;
		} else {
			n->kprobe++;
		}
	}
	return 0;
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

bool locks_counted(void)
{
	unsigned int h;

	for (h = 0; h < NR_HOOKS; h++)
		if (hooks[h].lock && linked(hooks[h].sym))
			return true;
	return false;
}

bool hook_unavailable(const struct hook *h, bool locks)
{
	return !linked(h->sym) && (!h->lock || locks) && !h->some_versions;
}
