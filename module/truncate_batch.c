// SPDX-License-Identifier: GPL-2.0
/*
 * truncate_batch.c - the pre-pass both truncation paths share.
 *
 * pcdrop's replacements of shmem_undo_range() (shmem_batch.c) and, before
 * 6.13, truncate_inode_pages_range() (shadow_batch.c) first remove the
 * whole folios of the range here, a batch at a time, the way 6.13's
 * truncate_inode_pages_range() does; then the kernel's own function runs
 * and finds them gone.  It still does everything else: partial folios at
 * the edges, the blocking second pass, shmem's swap entries and
 * accounting.
 */
#include "shadow_batch.h"
#include "truncate_batch.h"

/*
 * The same loop as the first pass of truncate_inode_pages_range(), over
 * the same entries (the whole folios in the range that can be locked
 * without waiting): clean each folio up as truncate_inode_folio() does,
 * delete them together under one lock round trip, then unlock.  Value
 * entries are shadow entries in a regular file, removed in one walk per
 * batch (shadow_batch.c), and swap entries in tmpfs, left to the kernel's
 * shmem_undo_range().  When undoing a failed fallocate() only the folios it
 * added (!uptodate) are removed.
 */
void pcdrop_truncate_whole_folios(struct address_space *mapping, loff_t lstart,
				  PCDROP_LEND_T lend, bool unfalloc)
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
		pcdrop_clear_shadow_batch(mapping, &fbatch, indices);
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
		/* As shmem's loop: don't hold up RCU-tasks grace periods. */
		cond_resched_tasks_rcu_qs();
	}
}
