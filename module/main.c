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
 *                         [takeover=0|1]
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

#include "fadvise_drain.h"
#include "ipmodify.h"
#include "shadow_batch.h"
#include "shmem_batch.h"
#include "vmlinux_symbols.h"

/*
 * PCDROP_TEST_FADVISE_ONLY builds a copy that replaces only the fadvise
 * function: the tests load it to play another livepatch of that function.
 */
static struct klp_func funcs[] = {
#ifndef PCDROP_TEST_FADVISE_ONLY
	{
		.old_name = "shmem_undo_range",
		.new_func = pcdrop_shmem_undo_range,
	},
#ifdef PCDROP_SHADOW_PATH
	{
		.old_name = "truncate_inode_pages_range",
		.new_func = pcdrop_truncate_inode_pages_range,
	},
#endif
#endif
	{
		.old_name = __stringify(PCDROP_TRY_INVALIDATE),
		.new_func = pcdrop_try_invalidate,
	}, { }
};

static struct klp_object objs[] = {
	{
		/* name being NULL means vmlinux */
		.funcs = funcs,
		.callbacks.pre_patch = pcdrop_ipmodify_pre_patch,
	}, { }
};

/*
 * What makes a livepatch a pcdrop for the next one (ipmodify.c).  The
 * tests' copies that play other livepatches (pcdrop_other, pcdrop_fadv)
 * leave it out: Kbuild defines PCDROP_KLP_STATE for the names pcdrop and
 * pcdrop_next only.
 */
#ifdef PCDROP_KLP_STATE
static struct klp_state states[] = {
	{
		.id = PCDROP_KLP_STATE_ID,
		.version = PCDROP_STATE_VERSION,
		.data = funcs,
	}, { }
};
#endif

/*
 * No atomic replace (.replace): it would disable every other livepatch,
 * another vendor's too.  "pcdrop upgrade" stacks instead (docs/design.md).
 */
static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
#ifdef PCDROP_KLP_STATE
	.states = states,
#endif
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

static int __init pcdrop_init(void)
{
	int ret;

	if (!enable) {
		pr_info("not loading: enable=0 (pcdrop.enable=0 on the kernel command line?)\n");
		return -ECANCELED;
	}
#ifndef PCDROP_TEST_FADVISE_ONLY
	ret = pcdrop_shmem_batch_check();
	if (ret)
		return ret;
#ifdef PCDROP_SHADOW_PATH
	ret = pcdrop_shadow_batch_check();
	if (ret)
		return ret;
#endif
#endif
	ret = pcdrop_fadvise_drain_check();
	if (ret)
		return ret;
	ret = pcdrop_ipmodify_takeover_check();
	if (ret)
		return ret;
	ret = klp_enable_patch(&patch);
	if (ret) {
		pr_err("enabling the livepatch failed: %d\n", ret);
		return ret;
	}
	pcdrop_debugfs = debugfs_create_dir(KBUILD_MODNAME, NULL);
	pcdrop_vmlinux_symbols_create(pcdrop_debugfs);
	if (!PCDROP_VERIFIED)
		pr_warn("%s is not a verified kernel series: built for testing (PCDROP_UNVERIFIED_KERNEL)\n",
			init_utsname()->release);
	pr_info("loaded on %s: batched shmem truncation, drain-aware fadvise, %s\n",
		init_utsname()->release, PCDROP_SHADOW_SUMMARY);
	return 0;
}

static void __exit pcdrop_exit(void)
{
	debugfs_remove(pcdrop_debugfs);
	pr_info("unloaded\n");
}

module_init(pcdrop_init);
module_exit(pcdrop_exit);
MODULE_DESCRIPTION("Batched tmpfs truncation and drain-aware fadvise for stock kernels");
MODULE_LICENSE("GPL");
MODULE_VERSION(PCDROP_VERSION);
MODULE_INFO(livepatch, "Y");
