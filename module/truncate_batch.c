// SPDX-License-Identifier: GPL-2.0
/*
 * truncate_batch.c - the pre-pass both truncation replacements share.
 *
 * pcdrop's replacements of shmem_undo_range() (shmem_batch.c) and, before
 * 6.13, truncate_inode_pages_range() (shadow_batch.c) first empty the range
 * here, a batch at a time, the way 6.13's truncate_inode_pages_range()
 * does; then the kernel's own function runs and finds that work done.  It
 * still does everything else: partial folios at the edges, the blocking
 * second pass, whatever the pre-pass was told to leave.
 */
#include "shadow_batch.h"
#include "swap_batch.h"
#include "truncate_batch.h"

/*
 * The same loop as the first pass of truncate_inode_pages_range(), over
 * the same entries (those of the range that can be locked without
 * waiting): clean each whole folio up as truncate_inode_folio() does,
 * delete them together under one lock round trip, then unlock them; with
 * PCDROP_UNFALLOC (undoing a failed fallocate()) only the folios it added
 * (!uptodate).  And what @what says with the value entries:
 * - PCDROP_SHADOWS: remove them in one walk, going on over the shadow
 *   entries that follow the batch (shadow_batch.c);
 * - PCDROP_SWAP: free them in one walk (swap_batch.c), and account them at
 *   the end as shmem_undo_range() does;
 * - neither: leave them to the kernel.
 */
void pcdrop_truncate_batches(struct address_space *mapping, loff_t lstart,
			     PCDROP_LEND_T lend, unsigned int what)
{
	pgoff_t start = (lstart + PAGE_SIZE - 1) >> PAGE_SHIFT;
	pgoff_t end = (lend + 1) >> PAGE_SHIFT;
	struct folio_batch fbatch, remove;
	pgoff_t indices[PCDROP_BATCH_SIZE];
	struct pcdrop_swap_freed swaps = {};
	pgoff_t index = start;
	int i;

	if (lend == -1)
		end = -1;	/* unsigned, so actually very big */

	folio_batch_init(&fbatch);
	while (index < end &&
	       pcdrop_find_lock_entries(mapping, &index, end - 1, &fbatch, indices)) {
		if (what & PCDROP_SWAP)
			pcdrop_free_swap_batch(mapping, &fbatch, indices,
					       start, end - 1, &swaps);
		folio_batch_init(&remove);
		for (i = 0; i < folio_batch_count(&fbatch); i++) {
			struct folio *folio = fbatch.folios[i];

			if (xa_is_value(folio))
				continue;
			if ((what & PCDROP_UNFALLOC) && folio_test_uptodate(folio))
				continue;
			truncate_cleanup_folio(folio);
			folio_batch_add(&remove, folio);
		}
		if (folio_batch_count(&remove))
			delete_from_page_cache_batch(mapping, &remove);
		for (i = 0; i < folio_batch_count(&fbatch); i++)
			if (!xa_is_value(fbatch.folios[i]))
				folio_unlock(fbatch.folios[i]);
		/* With the folios unlocked: the walk may sleep between holds. */
		if (what & PCDROP_SHADOWS)
			pcdrop_clear_shadow_batch(mapping, &fbatch, indices,
						  &index, end - 1);
		folio_batch_remove_exceptionals(&fbatch);
		folio_batch_release(&fbatch);
		/* As shmem's loop: don't hold up RCU-tasks grace periods. */
		cond_resched_tasks_rcu_qs();
	}
	pcdrop_shmem_swap_freed(mapping, &swaps);
}
