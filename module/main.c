// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop - faster page-cache dropping for stock kernels, as a livepatch.
 *
 * Purpose: backport page-cache changes to a running distribution kernel.
 * Today: batched removal of tmpfs/shmem folios on truncation, hole punch,
 * unlink, memfd close and fallocate rollback (shmem_batch.c),
 * POSIX_FADV_DONTNEED draining every CPU's LRU caches only when that can
 * help (fadvise_drain.c), and before 6.13 the removal of a file's shadow
 * entries in one walk on truncation and invalidation (shadow_batch.c).
 *
 * Usage: insmod pcdrop.ko [shmem_batch=0|1] [fadvise_lru_refs=0|1]
 *                         [shadow_batch=0|1] [swap_batch=0|1] [enable=0|1]
 *                         [evict_batch=0|1] [takeover=0|1]
 *                         [accept_drift=0|1]
 *        /sys/module/pcdrop/parameters/ switches each path at run time;
 *        /sys/kernel/livepatch/pcdrop/enabled turns the patch off before
 *        rmmod.
 *
 * The tables below say what is replaced; the files named in them say how.
 * Non-exported kernel functions are reached through livepatch relocations
 * (kernel_api.h), and debugfs pcdrop/vmlinux_symbols shows them.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/livepatch.h>
#include <linux/module.h>
#include <linux/utsname.h>

#include "bypass_guard.h"
#include "drift_guard.h"
#include "fadvise_drain.h"
#include "ipmodify.h"
#include "shadow_batch.h"
#include "shmem_batch.h"
#include "vmlinux_symbols.h"

/*
 * What pcdrop replaces, and which drift-guard hold (drift_guard.c) leaves
 * each out of the livepatch.  PCDROP_TEST_FADVISE_ONLY builds a copy that
 * replaces only the fadvise function: the tests load it to play another
 * livepatch of that function.
 */
static const struct replacement {
	const char *old_name;
	void *new_func;
	unsigned int hold;
	int (*check)(void);	/* may its patch site be replaced? */
} replacements[] = {
#ifndef PCDROP_TEST_FADVISE_ONLY
	{ "shmem_undo_range", pcdrop_shmem_undo_range, PCDROP_HOLD_SHMEM,
	  pcdrop_shmem_batch_check },
#ifdef PCDROP_SHADOW_PATH
	{ "truncate_inode_pages_range", pcdrop_truncate_inode_pages_range,
	  PCDROP_HOLD_SHADOW, pcdrop_shadow_batch_check },
#endif
#endif
	{ __stringify(PCDROP_TRY_INVALIDATE), pcdrop_try_invalidate,
	  PCDROP_HOLD_FADVISE, pcdrop_fadvise_drain_check },
};

/* The replacements not held, filled in at load (and a terminator). */
static struct klp_func funcs[ARRAY_SIZE(replacements) + 1];

static struct klp_patch patch;

/*
 * Under the livepatch core's mutex, before any function is patched: may
 * this pcdrop stack on the livepatches loaded (ipmodify.c), and which of
 * its paths would bypass one of them (bypass_guard.c)?
 */
static int pcdrop_pre_patch(struct klp_object *obj)
{
	int ret = pcdrop_ipmodify_pre_patch(&patch);

	if (!ret)
		pcdrop_bypass_check();
	return ret;
}

/* Disabled, not replaced: a replacement calls no callback (bypass_guard.c). */
static void pcdrop_post_unpatch(struct klp_object *obj)
{
	pcdrop_bypass_unpatched();
}

static struct klp_object objs[] = {
	{
		/* name being NULL means vmlinux */
		.funcs = funcs,
		.callbacks.pre_patch = pcdrop_pre_patch,
		.callbacks.post_unpatch = pcdrop_post_unpatch,
	}, { }
};

/*
 * No atomic replace (.replace): it would disable every other livepatch,
 * another vendor's too.  "pcdrop upgrade" stacks instead (docs/design.md).
 * No livepatch state (.states) either: the livepatch core refuses every
 * cumulative livepatch that does not carry each state an installed patch
 * declares, and pcdrop must never stand in the way of one.
 */
static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
};

static struct dentry *pcdrop_debugfs;

/*
 * The kill switch: pcdrop.enable=0 on the kernel command line reaches every
 * modprobe of pcdrop (modprobe passes pcdrop.* words from /proc/cmdline),
 * so even a load by hand or by another tool honours it, not only
 * pcdrop.service.  Read-only: it only means something at load time.
 */
static bool enable = true;
module_param(enable, bool, 0444);
MODULE_PARM_DESC(enable, "0 refuses to load (pcdrop.enable=0 on the kernel command line)");

/*
 * Fill funcs[] with the replacements @hold leaves in, after the checks of
 * their patch sites; 0 or an error.
 */
static int add_replacements(unsigned int hold)
{
	int i, n = 0, ret;

	for (i = 0; i < ARRAY_SIZE(replacements); i++) {
		const struct replacement *r = &replacements[i];

		if (r->hold & hold)
			continue;
		ret = r->check();
		if (ret)
			return ret;
		funcs[n].old_name = r->old_name;
		funcs[n++].new_func = r->new_func;
	}
	if (!n) {
		pr_err("not loading: the drift guard holds every path off on %s\n",
		       init_utsname()->release);
		return -ENOEXEC;
	}
	return 0;
}

static int __init pcdrop_init(void)
{
	int ret;

	if (!enable) {
		pr_info("not loading: enable=0 (pcdrop.enable=0 on the kernel command line?)\n");
		return -ECANCELED;
	}
	pcdrop_bypass_init(&patch);
	ret = add_replacements(pcdrop_drift_check());
	if (ret)
		return ret;
	ret = pcdrop_ipmodify_takeover_check();
	if (ret)
		return ret;
	ret = pcdrop_bypass_watch();
	if (ret)
		return ret;
	ret = klp_enable_patch(&patch);
	if (ret) {
		pcdrop_bypass_unwatch();
		pr_err("enabling the livepatch failed: %d\n", ret);
		return ret;
	}
	pcdrop_debugfs = debugfs_create_dir(KBUILD_MODNAME, NULL);
	pcdrop_vmlinux_symbols_create(pcdrop_debugfs);
	pcdrop_drift_create(pcdrop_debugfs);
	if (!PCDROP_VERIFIED)
		pr_warn("%s is not a verified kernel series: built for testing (PCDROP_UNVERIFIED_KERNEL)\n",
			init_utsname()->release);
	pr_info("loaded on %s: batched shmem truncation, drain-aware fadvise, %s\n",
		init_utsname()->release, PCDROP_SHADOW_SUMMARY);
	return 0;
}

static void __exit pcdrop_exit(void)
{
	pcdrop_bypass_unwatch();
	debugfs_remove(pcdrop_debugfs);
	pr_info("unloaded\n");
}

module_init(pcdrop_init);
module_exit(pcdrop_exit);
MODULE_DESCRIPTION("Batched tmpfs truncation and drain-aware fadvise for stock kernels");
MODULE_LICENSE("GPL");
MODULE_VERSION(PCDROP_VERSION);
MODULE_INFO(livepatch, "Y");
