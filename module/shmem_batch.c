// SPDX-License-Identifier: GPL-2.0
/*
 * shmem_batch.c - remove truncated tmpfs/shmem folios from the page cache
 * in batches (seed: "mm/shmem: remove truncated folios from the page cache
 * in batches").
 *
 * shmem_undo_range() removes each whole folio in the range with
 * truncate_inode_folio(), which takes the inode's i_lock and the mapping's
 * i_pages lock once per folio.  pcdrop replaces shmem_undo_range() with
 * pcdrop_shmem_undo_range(): a pre-pass removes the whole folios in the
 * range the way truncate_inode_pages_range() does, a batch at a time under
 * one lock round trip (delete_from_page_cache_batch()), then the kernel's
 * own shmem_undo_range() body runs and finds them gone.  It still does
 * everything else: swap entries, partial folios at the edges, the blocking
 * second pass, the accounting.  Keeping the body the kernel's own keeps
 * every fix Debian ships for it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/moduleparam.h>
#include <linux/uaccess.h>

#include "ipmodify.h"
#include "shmem_batch.h"

static bool shmem_batch = true;
module_param(shmem_batch, bool, 0644);
MODULE_PARM_DESC(shmem_batch,
		 "Remove truncated tmpfs/shmem folios in batches (default: on)");

/*
 * The same loop as the first pass of shmem_undo_range(), over the same
 * entries (the whole folios in the range that can be locked without
 * waiting), except that the folios go out in one batch: clean each up as
 * truncate_inode_folio() does, delete them together, then unlock.  Swap
 * entries are left to the kernel's body.  When undoing a failed
 * fallocate() only the folios it added (!uptodate) are removed.
 */
static void shmem_remove_whole_folios(struct address_space *mapping,
				      loff_t lstart, PCDROP_LEND_T lend,
				      bool unfalloc)
{
	pgoff_t start = (lstart + PAGE_SIZE - 1) >> PAGE_SHIFT;
	pgoff_t end = (lend + 1) >> PAGE_SHIFT;
	struct folio_batch fbatch, remove;
	pgoff_t indices[PCDROP_BATCH_SIZE];
	pgoff_t index = start;
	int i;

	if (lend == -1)
		end = -1;	/* unsigned, so actually very big */

	folio_batch_init(&fbatch);
	while (index < end &&
	       pcdrop_find_lock_entries(mapping, &index, end - 1, &fbatch, indices)) {
		folio_batch_init(&remove);
		for (i = 0; i < folio_batch_count(&fbatch); i++) {
			struct folio *folio = fbatch.folios[i];

			if (xa_is_value(folio))
				continue;
			if (unfalloc && folio_test_uptodate(folio))
				continue;
			truncate_cleanup_folio(folio);
			folio_batch_add(&remove, folio);
		}
		delete_from_page_cache_batch(mapping, &remove);
		folio_batch_remove_exceptionals(&fbatch);
		for (i = 0; i < folio_batch_count(&fbatch); i++)
			folio_unlock(fbatch.folios[i]);
		folio_batch_release(&fbatch);
		/* As the kernel's loop: don't hold up RCU-tasks grace periods. */
		cond_resched_tasks_rcu_qs();
	}
}

/* The livepatch replacement of shmem_undo_range() (main.c). */
void pcdrop_shmem_undo_range(struct inode *inode, loff_t lstart,
			     PCDROP_LEND_T lend, bool unfalloc)
{
	if (READ_ONCE(shmem_batch))
		shmem_remove_whole_folios(inode->i_mapping, lstart, lend, unfalloc);
	/* A call, not a tail call: see shmem_body.S. */
	pcdrop_shmem_undo_range_body(inode, lstart, lend, unfalloc);
}

static const u8 nop5[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
#define CALL_REL32	0xe8
#define JMP_REL32	0xe9

/*
 * shmem_body.S may jump to shmem_undo_range + 5 only if the function starts
 * with its ftrace site: no ENDBR before it, and the site itself a 5-byte
 * NOP (ftrace idle), a call (a tracer attached) or a jump (a BPF trampoline
 * attached directly, as 7.x does).  And no other livepatch may own the
 * function: pcdrop would bypass it.
 */
int pcdrop_shmem_batch_check(void)
{
	unsigned long addr = (unsigned long)shmem_undo_range;
	u8 insn[5];

	if (copy_from_kernel_nofault(insn, (void *)addr, sizeof(insn))) {
		pr_err("cannot read shmem_undo_range() at %pS\n", (void *)addr);
		return -EFAULT;
	}
	if (ftrace_location(addr) != addr ||
	    (memcmp(insn, nop5, sizeof(nop5)) && insn[0] != CALL_REL32 &&
	     insn[0] != JMP_REL32)) {
		pr_err("shmem_undo_range() does not start with its ftrace site (%5ph); this kernel build is not supported\n",
		       insn);
		return -ENOEXEC;
	}
	return pcdrop_ipmodify_check(addr, "shmem_undo_range");
}
