// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop - faster page-cache dropping for stock kernels, as a livepatch.
 *
 * Purpose: backport two page-cache changes to a running distribution
 * kernel: batched removal of tmpfs/shmem folios on truncation, and a
 * POSIX_FADV_DONTNEED that only drains remote LRU caches when that can help.
 *
 * This is the module's skeleton: it binds the non-exported kernel functions
 * it will need (kernel_api.h) and shows where they were bound in
 * debugfs (pcdrop/vmlinux_symbols).  It does not patch anything yet.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/module.h>
#include <linux/utsname.h>

#include "vmlinux_symbols.h"

static struct dentry *pcdrop_debugfs;

static int __init pcdrop_init(void)
{
	pcdrop_debugfs = debugfs_create_dir(KBUILD_MODNAME, NULL);
	pcdrop_vmlinux_symbols_create(pcdrop_debugfs);
	pr_info("loaded on %s\n", init_utsname()->release);
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
MODULE_INFO(livepatch, "Y");
