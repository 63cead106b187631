// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop_test_lp.ko - test only: another vendor's livepatch, of a function
 * pcdrop does not replace, so that suite 71 can check that "pcdrop
 * upgrade" leaves it enabled throughout (atomic replace would disable it).
 *
 * It replaces version_proc_show(): /proc/version then reads
 * "pcdrop_test_lp", which shows the patch is in effect.
 *
 * The same source builds two more (test_evict.c, test_shadow.c), for suite
 * 65: livepatches of functions whose work a batched path of pcdrop does
 * instead of calling them, each with an effect a test can see.
 * - pcdrop_test_evict.ko: remove_mapping() returns 0, so invalidation
 *   evicts nothing, and a clean file stays cached after DONTNEED.
 * - pcdrop_test_shadow.ko: clearing shadow entries on invalidation does
 *   nothing, so they stay (each page read back refaults).
 * - pcdrop_test_clone.ko: a livepatch of the part of
 *   truncate_folio_batch_exceptionals() that GCC split off on 6.1 and 6.12
 *   (.part.0), by that name.  It does nothing, which is only safe while no
 *   truncated file has shadow entries: suite 65 loads it only to see that
 *   pcdrop knows the clone, and reclaims nothing meanwhile.
 * And for suite 65 too, pcdrop_test_replace.ko: version_proc_show() as
 * above, as a cumulative livepatch (.replace = true), the way vendors ship
 * their fixes.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/livepatch.h>
#include <linux/module.h>
#include <linux/pagemap.h>
#include <linux/seq_file.h>
#include <linux/version.h>

#if defined(PCDROP_TEST_LP_EVICT)
static long test_lp_remove_mapping(struct address_space *mapping,
				   struct folio *folio)
{
	return 0;
}

#define OLD_NAME	"remove_mapping"
#define NEW_FUNC	test_lp_remove_mapping
#define WHAT		"remove_mapping() evicting nothing"
#elif defined(PCDROP_TEST_LP_SHADOW)
#if KERNEL_VERSION(6, 12, 0) > LINUX_VERSION_CODE
static void test_lp_clear_shadow(struct address_space *mapping,
				 pgoff_t index, void *entry)
{
}

#define OLD_NAME	"clear_shadow_entry"
#elif KERNEL_VERSION(6, 13, 0) > LINUX_VERSION_CODE
static void test_lp_clear_shadow(struct address_space *mapping,
				 struct folio_batch *fbatch, pgoff_t *indices)
{
}

#define OLD_NAME	"clear_shadow_entries"
#else
static void test_lp_clear_shadow(struct address_space *mapping,
				 pgoff_t start, pgoff_t max)
{
}

#define OLD_NAME	"clear_shadow_entries"
#endif
#define NEW_FUNC	test_lp_clear_shadow
#define WHAT		"invalidation leaving shadow entries"
#elif defined(PCDROP_TEST_LP_CLONE)
static void test_lp_noop(void)
{
}

#define OLD_NAME	"truncate_folio_batch_exceptionals.part.0"
#define NEW_FUNC	test_lp_noop
#define WHAT		"truncate_folio_batch_exceptionals.part.0 (a compiler's clone)"
#else
static int test_lp_version_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, KBUILD_MODNAME "\n");
	return 0;
}

#define OLD_NAME	"version_proc_show"
#define NEW_FUNC	test_lp_version_proc_show
#define WHAT		"version_proc_show(), for pcdrop's upgrade test"
#endif

static struct klp_func funcs[] = {
	{
		.old_name = OLD_NAME,
		.new_func = NEW_FUNC,
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
#ifdef PCDROP_TEST_LP_REPLACE
	.replace = true,
#endif
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
MODULE_DESCRIPTION("Test only: a livepatch of " WHAT);
MODULE_LICENSE("GPL");
MODULE_INFO(livepatch, "Y");
