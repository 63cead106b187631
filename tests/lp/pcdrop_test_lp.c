// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop_test_lp.ko - test only: another vendor's livepatch, of a function
 * pcdrop does not replace, so that suite 71 can check that "pcdrop
 * upgrade" leaves it enabled throughout (atomic replace would disable it).
 *
 * It replaces version_proc_show(): /proc/version then reads
 * "pcdrop_test_lp", which shows the patch is in effect.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/livepatch.h>
#include <linux/module.h>
#include <linux/seq_file.h>

static int test_lp_version_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, "pcdrop_test_lp\n");
	return 0;
}

static struct klp_func funcs[] = {
	{
		.old_name = "version_proc_show",
		.new_func = test_lp_version_proc_show,
	}, { }
};

static struct klp_object objs[] = {
	{
		/* name being NULL means vmlinux */
		.funcs = funcs,
	}, { }
};

static struct klp_patch patch = {
	.mod = THIS_MODULE,
	.objs = objs,
};

static int __init test_lp_init(void)
{
	return klp_enable_patch(&patch);
}

static void __exit test_lp_exit(void)
{
}

module_init(test_lp_init);
module_exit(test_lp_exit);
MODULE_DESCRIPTION("Test only: a livepatch of version_proc_show(), for pcdrop's upgrade test");
MODULE_LICENSE("GPL");
MODULE_INFO(livepatch, "Y");
