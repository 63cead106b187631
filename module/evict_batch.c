// SPDX-License-Identifier: GPL-2.0
/*
 * evict_batch.c - evict clean, unmapped folios from the page cache a batch
 * at a time: POSIX_FADV_DONTNEED, drop_caches, invalidate_mapping_pages().
 *
 * Invalidation evicts each folio with mapping_evict_folio(), whose
 * remove_mapping() takes the inode's i_lock and the mapping's i_pages lock
 * once per folio.  pcdrop's replacement of mapping_try_invalidate()
 * (fadvise_drain.c) runs mapping_evict_folio()'s checks on each folio of a
 * batch find_lock_entries() returned (pcdrop_evict_candidate()), finishes
 * those that fail them at once, and hands the rest here: one lock round
 * trip in which each folio that passed is frozen at the count
 * __remove_mapping() expects, checked for dirt again and unaccounted, and
 * the folios that went are taken out of the tree in one walk, as
 * delete_from_page_cache_batch() does; then what __remove_mapping() and
 * remove_mapping() do after the locks.  A folio whose freeze fails stays,
 * as on stock.  Every kernel through 7.3 does this one folio at a time.
 *
 * The walk does not emit the kernel's mm_filemap_delete_from_page_cache
 * event, which only the kernel's own code can: while that event is
 * enabled, each folio leaves through __filemap_remove_folio() instead,
 * still under the batch's one lock round trip.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/moduleparam.h>
#include <linux/shmem_fs.h>

#include "drift_guard.h"
#include "evict_batch.h"
#include "patch_site.h"
#include "stat_probe.h"

static struct pcdrop_switch evict_batch = { true, PCDROP_HOLD_EVICT };
module_param_cb(evict_batch, &pcdrop_switch_ops, &evict_batch, 0644);
MODULE_PARM_DESC(evict_batch,
		 "Evict clean, unmapped folios in batches on invalidation (default: on)");

bool pcdrop_evict_batch_on(void)
{
	return pcdrop_switch_on(&evict_batch);
}

/*
 * Is @folio, locked in @mapping's tree, a candidate for the batch?
 * mapping_evict_folio()'s checks, up to its remove_mapping(); a swap
 * cache folio is not in a file's cache.  The caller's loop runs them in
 * place of its call of mapping_evict_folio(), so that a folio that stays
 * costs no more than on stock.
 */
bool pcdrop_evict_candidate(struct folio *folio)
{
	if (folio_test_dirty(folio) || folio_test_writeback(folio) ||
	    folio_test_swapcache(folio))
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
 * The loop of page_cache_delete_batch() (6.1 to 7.3; inlined into
 * delete_from_page_cache_batch(), so not callable): take the folios of
 * @gone, in index order and locked, out of @mapping's tree in one walk.
 * As mapping_set_update(), every node a store changes goes through
 * workingset_update_node(); its shadow_nodes list_lru (6.8 on) is only
 * used to allocate nodes, which storing NULL never does.  Every folio of
 * @gone is locked and in the tree, so the walk finds each; the kernel's
 * loop guards that with a VM_BUG_ON, pcdrop with a warning.
 */
static void evict_walk(struct address_space *mapping, struct folio_batch *gone)
{
	XA_STATE(xas, &mapping->i_pages, gone->folios[0]->index);
	unsigned int i = 0;
	long total_pages = 0;
	struct folio *folio;

	if (!dax_mapping(mapping) && !shmem_mapping(mapping))
		xas_set_update(&xas, workingset_update_node);
	xas_for_each(&xas, folio, ULONG_MAX) {
		if (i >= folio_batch_count(gone))
			break;
		/* A value entry, or a folio that stays: step over it. */
		if (xa_is_value(folio) || folio != gone->folios[i])
			continue;
		folio->mapping = NULL;
		/* Leave folio->index set: truncation lookup relies on it */
		i++;
		xas_store(&xas, NULL);
		total_pages += folio_nr_pages(folio);
	}
	WARN_ON_ONCE(i != folio_batch_count(gone));
	mapping->nrpages -= total_pages;
}

/*
 * Whether the kernel's event for each folio leaving a page cache is on
 * (perf, ftrace, BPF): only __filemap_remove_folio() can emit it.
 */
static bool remove_event_on(void)
{
	return static_key_enabled(&__tracepoint_mm_filemap_delete_from_page_cache.key);
}

/*
 * The walk has the xarray call workingset_update_node() through a pointer,
 * which on an IBT kernel needs its ENDBR: the kernel takes its address too,
 * so it keeps it, but check rather than trust.
 */
int pcdrop_evict_batch_check(void)
{
	if (IS_ENABLED(CONFIG_X86_KERNEL_IBT) &&
	    !pcdrop_has_endbr((unsigned long)workingset_update_node)) {
		pr_err("workingset_update_node() has no ENDBR; this kernel build is not supported\n");
		return -ENOEXEC;
	}
	return 0;
}

/*
 * Evict what can be of the folios of @fbatch, which find_lock_entries()
 * returned locked, whose bit is set in @candidates: those that passed
 * pcdrop_evict_candidate(); the others are left alone.  A candidate's
 * @evicted[i] gets what mapping_evict_folio() would have returned for it:
 * the folio's page count if it went, else 0.  The folios stay locked.
 */
void pcdrop_evict_batch(struct address_space *mapping, struct folio_batch *fbatch,
			unsigned long candidates, long *evicted)
{
	void (*free_folio)(struct folio *) = mapping->a_ops->free_folio;
	unsigned int i, removed = 0;
	struct folio_batch gone;
	bool walk;

	folio_batch_init(&gone);
	walk = !remove_event_on();
	spin_lock(&mapping->host->i_lock);
	xa_lock_irq(&mapping->i_pages);
	for_each_set_bit(i, &candidates, PCDROP_BATCH_SIZE) {
		struct folio *folio = fbatch->folios[i];
		int refcount;

		evicted[i] = 0;
		refcount = 1 + folio_nr_pages(folio);
		/* The kernel's own freeze: no one else may hold the folio. */
		if (!folio_ref_freeze(folio, refcount))
			continue;
		if (unlikely(folio_test_dirty(folio))) {
			folio_ref_unfreeze(folio, refcount);
			continue;
		}
		if (walk) {
			filemap_unaccount_folio(mapping, folio);
			folio_batch_add(&gone, folio);
		} else {
			__filemap_remove_folio(folio, NULL);
		}
		evicted[i] = folio_nr_pages(folio);
		removed++;
	}
	if (folio_batch_count(&gone))
		evict_walk(mapping, &gone);
	xa_unlock_irq(&mapping->i_pages);
	if (removed && mapping_shrinkable(mapping))
		inode_lru_add(mapping->host);
	spin_unlock(&mapping->host->i_lock);

	for_each_set_bit(i, &candidates, PCDROP_BATCH_SIZE) {
		if (!evicted[i])
			continue;
		if (free_folio)
			free_folio(fbatch->folios[i]);
		/* As remove_mapping(): drops the page cache's references. */
		folio_ref_unfreeze(fbatch->folios[i], 1);
	}
	if (removed && walk)
		pcdrop_stat_folios_walked(mapping, removed);
	else if (removed)
		pcdrop_stat_folios_evicted(mapping, removed);
}
