// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop_a64proto.c - the arm64 study's prototype (docs/arm64.md): not
 * part of pcdrop.  Debian's arm64 kernels have no CONFIG_LIVEPATCH, so
 * this redirects shmem_undo_range() the way livepatch does underneath,
 * with an ftrace_ops that modifies the instruction pointer (IPMODIFY,
 * through ftrace_regs_set_instruction_pointer(), which arm64's
 * DYNAMIC_FTRACE_WITH_ARGS provides), to path A: the batched pre-pass of
 * pcdrop's module/truncate_batch.c (folios only: the swap and shadow
 * entries stay the kernel's), then the kernel's own body.  "batch=0"
 * leaves the whole call to the kernel's body, for A/B in one boot.
 *
 * What it shows: the redirection works on Debian's 7.3 arm64 build; a
 * call from this module is not redirected (the handler lets calls whose
 * caller is in this module through), which is how the kernel's body
 * stays callable; unload waits until no task is inside the module's code:
 * after unregister_ftrace_function() no new call is redirected, the count
 * of calls in flight reaches zero, and synchronize_rcu_tasks() waits for
 * every task preempted between the count's decrement and its return.
 *
 * How it binds the kernel's functions is what keeps it out of the
 * product (docs/arm64.md): shmem_undo_range() and the four the pre-pass
 * calls are not exported, and without CONFIG_LIVEPATCH there are no
 * livepatch relocations, so each is looked up by name with a kprobe and
 * called through a pointer, which pcdrop's design forbids (IBT on x86;
 * on arm64, CONFIG_ARM64_BTI_KERNEL would fault the same way).  Debian's
 * arm64 build has neither BTI for the kernel's text nor kCFI, so the
 * calls work there today.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/pagemap.h>
#include <linux/rcupdate.h>
#include <linux/sysfs.h>
#include <linux/version.h>

/* folio_batch.h split from pagevec.h in 7.2. */
#if KERNEL_VERSION(7, 2, 0) <= LINUX_VERSION_CODE
#include <linux/folio_batch.h>
#define PROTO_BATCH_SIZE	FOLIO_BATCH_SIZE
#else
#include <linux/pagevec.h>
#define PROTO_BATCH_SIZE	PAGEVEC_SIZE
#endif

/* The kernel's functions, bound by name at load (see lookup()). */
static void (*kernel_undo_range)(struct inode *inode, loff_t lstart, loff_t lend,
				 bool unfalloc);
static unsigned int (*find_lock_entries_fn)(struct address_space *mapping, pgoff_t *start,
					    pgoff_t end, struct folio_batch *fbatch,
					    pgoff_t *indices);
static void (*truncate_cleanup_folio_fn)(struct folio *folio);
static void (*delete_from_page_cache_batch_fn)(struct address_space *mapping,
					       struct folio_batch *fbatch);
static void (*folio_batch_remove_exceptionals_fn)(struct folio_batch *fbatch);

static bool batch = true;
module_param(batch, bool, 0644);
MODULE_PARM_DESC(batch, "Remove truncated tmpfs folios in batches (default: on)");

static atomic_long_t calls = ATOMIC_LONG_INIT(0);
static atomic_long_t batches = ATOMIC_LONG_INIT(0);
static atomic_long_t batched = ATOMIC_LONG_INIT(0);
static atomic_t in_flight = ATOMIC_INIT(0);

static int counter_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(kp->arg));
}

static const struct kernel_param_ops counter_ops = { .get = counter_get };
module_param_cb(calls, &counter_ops, &calls, 0444);
MODULE_PARM_DESC(calls, "shmem_undo_range() calls redirected here");
module_param_cb(batches, &counter_ops, &batches, 0444);
MODULE_PARM_DESC(batches, "delete_from_page_cache_batch() calls made");
module_param_cb(batched, &counter_ops, &batched, 0444);
MODULE_PARM_DESC(batched, "folios removed in those batches");

/*
 * pcdrop's pcdrop_truncate_batches() (module/truncate_batch.c) without its
 * swap and shadow entries: the first pass of truncate_inode_pages_range()
 * over the entries that lock without waiting, each batch's whole folios
 * deleted under one lock round trip; undoing a failed fallocate() removes
 * only the folios it added (!uptodate).
 */
static void truncate_batches(struct address_space *mapping, loff_t lstart, loff_t lend,
			     bool unfalloc)
{
	pgoff_t start = (lstart + PAGE_SIZE - 1) >> PAGE_SHIFT;
	pgoff_t end = (lend + 1) >> PAGE_SHIFT;
	struct folio_batch fbatch, remove;
	pgoff_t indices[PROTO_BATCH_SIZE];
	pgoff_t index = start;
	int i;

	if (lend == -1)
		end = -1;	/* unsigned, so actually very big */
	folio_batch_init(&fbatch);
	while (index < end &&
	       find_lock_entries_fn(mapping, &index, end - 1, &fbatch, indices)) {
		folio_batch_init(&remove);
		for (i = 0; i < folio_batch_count(&fbatch); i++) {
			struct folio *folio = fbatch.folios[i];

			if (xa_is_value(folio) || (unfalloc && folio_test_uptodate(folio)))
				continue;
			truncate_cleanup_folio_fn(folio);
			folio_batch_add(&remove, folio);
		}
		if (folio_batch_count(&remove)) {
			delete_from_page_cache_batch_fn(mapping, &remove);
			atomic_long_inc(&batches);
			atomic_long_add(folio_batch_count(&remove), &batched);
		}
		for (i = 0; i < folio_batch_count(&fbatch); i++)
			if (!xa_is_value(fbatch.folios[i]))
				folio_unlock(fbatch.folios[i]);
		folio_batch_remove_exceptionals_fn(&fbatch);
		folio_batch_release(&fbatch);
		cond_resched_tasks_rcu_qs();
	}
}

static void proto_undo_range(struct inode *inode, loff_t lstart, loff_t lend, bool unfalloc)
{
	atomic_long_inc(&calls);
	if (READ_ONCE(batch))
		truncate_batches(inode->i_mapping, lstart, lend, unfalloc);
	kernel_undo_range(inode, lstart, lend, unfalloc);
	atomic_dec(&in_flight);
}

static void notrace redirect(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	/* The call from proto_undo_range() runs the kernel's body. */
	if (within_module(parent_ip, THIS_MODULE))
		return;
	atomic_inc(&in_flight);
	ftrace_regs_set_instruction_pointer(fregs, (unsigned long)proto_undo_range);
}

static struct ftrace_ops ops = {
	.func = redirect,
	.flags = FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_RECURSION,
};

static unsigned long lookup(const char *name)
{
	struct kprobe kp = { .symbol_name = name };
	unsigned long addr;

	if (register_kprobe(&kp))
		return 0;
	addr = (unsigned long)kp.addr;
	unregister_kprobe(&kp);
	return addr;
}

/* Each kernel function by name; false (and one log line) if one is missing. */
static bool bind(void)
{
	static const struct {
		const char *name;
		void **fn;
	} fns[] = {
		{ "shmem_undo_range", (void **)&kernel_undo_range },
		{ "find_lock_entries", (void **)&find_lock_entries_fn },
		{ "truncate_cleanup_folio", (void **)&truncate_cleanup_folio_fn },
		{ "delete_from_page_cache_batch", (void **)&delete_from_page_cache_batch_fn },
		{ "folio_batch_remove_exceptionals", (void **)&folio_batch_remove_exceptionals_fn },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(fns); i++) {
		*fns[i].fn = (void *)lookup(fns[i].name);
		if (!*fns[i].fn) {
			pr_err("%s() not found; not loading\n", fns[i].name);
			return false;
		}
	}
	return true;
}

static int __init proto_init(void)
{
	int ret;

	if (!bind())
		return -ENOENT;
	ret = ftrace_set_filter(&ops, "shmem_undo_range", strlen("shmem_undo_range"), 0);
	if (!ret)
		ret = register_ftrace_function(&ops);
	if (ret) {
		ftrace_free_filter(&ops);
		pr_err("cannot redirect shmem_undo_range() (%d); not loading\n", ret);
		return ret;
	}
	pr_info("shmem_undo_range() at %pS redirected\n", kernel_undo_range);
	return 0;
}

static void __exit proto_exit(void)
{
	unregister_ftrace_function(&ops);
	ftrace_free_filter(&ops);
	while (atomic_read(&in_flight))
		msleep(20);
	synchronize_rcu_tasks();
	pr_info("unloaded after %ld calls\n", atomic_long_read(&calls));
}

module_init(proto_init);
module_exit(proto_exit);
MODULE_DESCRIPTION("pcdrop's arm64 study: shmem_undo_range() redirected by ftrace");
MODULE_LICENSE("GPL");
