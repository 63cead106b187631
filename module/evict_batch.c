// SPDX-License-Identifier: GPL-2.0
/*
 * evict_batch.c - evict clean, unmapped folios from the page cache a batch
 * at a time: POSIX_FADV_DONTNEED, drop_caches, invalidate_mapping_pages().
 *
 * Invalidation evicts each folio with mapping_evict_folio(), whose
 * remove_mapping() takes the inode's i_lock and the mapping's i_pages lock
 * once per folio.  pcdrop's replacement of mapping_try_invalidate()
 * (fadvise_drain.c) hands each batch find_lock_entries() returned here
 * first: mapping_evict_folio()'s checks per folio, then one lock round
 * trip in which each folio that passed is frozen at the count
 * __remove_mapping() expects, checked for dirt again and removed, then
 * what __remove_mapping() and remove_mapping() do after the locks.  A
 * folio whose freeze fails stays, as on stock.  Every kernel through 7.3
 * does this one folio at a time.
 */
#include <linux/moduleparam.h>

#include "drift_guard.h"
#include "evict_batch.h"
#include "stat_probe.h"

static struct pcdrop_switch evict_batch = { true, PCDROP_HOLD_EVICT };
module_param_cb(evict_batch, &pcdrop_switch_ops, &evict_batch, 0644);
MODULE_PARM_DESC(evict_batch,
		 "Evict clean, unmapped folios in batches on invalidation (default: on)");

bool pcdrop_evict_batch_on(void)
{
	return pcdrop_switch_on(&evict_batch);
}

/* mapping_evict_folio()'s checks, up to its remove_mapping(). */
static bool evictable(struct folio *folio)
{
	if (folio_test_dirty(folio) || folio_test_writeback(folio))
		return false;
	/* The refcount will be elevated if any page in the folio is mapped */
	if (folio_ref_count(folio) >
			folio_nr_pages(folio) + folio_has_private(folio) + 1)
		return false;
	return filemap_release_folio(folio, 0);
}

/* __remove_mapping()'s inode LRU step, which 7.x renamed. */
static void inode_lru_add(struct inode *inode)
{
#if !PCDROP_SINCE(7, 2)
	inode_add_lru(inode);
#else
	inode_lru_list_add(inode);
#endif
}

/*
 * Evict what can be of the folios of @fbatch, which find_lock_entries()
 * returned locked (its value entries are left alone).  @evicted[i] gets
 * what mapping_evict_folio() would have returned for the i-th entry: the
 * folio's page count if it went, else 0.  The folios stay locked.
 */
void pcdrop_evict_batch(struct address_space *mapping,
			struct folio_batch *fbatch, long *evicted)
{
	void (*free_folio)(struct folio *) = mapping->a_ops->free_folio;
	unsigned int i, nr = folio_batch_count(fbatch), removed = 0;
	bool any = false;

	for (i = 0; i < nr; i++) {
		struct folio *folio = fbatch->folios[i];

		/* -1: a candidate.  A swap cache folio is not in a file's cache. */
		evicted[i] = !xa_is_value(folio) && !folio_test_swapcache(folio) &&
			     evictable(folio) ? -1 : 0;
		any |= evicted[i];
	}
	if (!any)
		return;

	spin_lock(&mapping->host->i_lock);
	xa_lock_irq(&mapping->i_pages);
	for (i = 0; i < nr; i++) {
		struct folio *folio = fbatch->folios[i];
		int refcount;

		/* Not a candidate, or not even a folio: a value entry. */
		if (!evicted[i])
			continue;
		evicted[i] = 0;
		refcount = 1 + folio_nr_pages(folio);
		/* The kernel's own freeze: no one else may hold the folio. */
		if (!folio_ref_freeze(folio, refcount))
			continue;
		if (unlikely(folio_test_dirty(folio))) {
			folio_ref_unfreeze(folio, refcount);
			continue;
		}
		__filemap_remove_folio(folio, NULL);
		evicted[i] = folio_nr_pages(folio);
		removed++;
	}
	xa_unlock_irq(&mapping->i_pages);
	if (removed && mapping_shrinkable(mapping))
		inode_lru_add(mapping->host);
	spin_unlock(&mapping->host->i_lock);

	for (i = 0; i < nr; i++) {
		if (evicted[i] <= 0)
			continue;
		if (free_folio)
			free_folio(fbatch->folios[i]);
		/* As remove_mapping(): drops the page cache's references. */
		folio_ref_unfreeze(fbatch->folios[i], 1);
	}
	if (removed)
		pcdrop_stat_folios_evicted(mapping, removed);
}
