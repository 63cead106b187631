// SPDX-License-Identifier: GPL-2.0
/*
 * fadvise_drain.c - let POSIX_FADV_DONTNEED drain every CPU's LRU caches
 * only when that can help (seed: "mm/fadvise: avoid remote LRU drain for
 * mapped folio failures").
 *
 * generic_fadvise() evicts the range with mapping_try_invalidate()
 * (invalidate_mapping_pagevec() in 6.1), and if that counted any folio it
 * could not evict, it calls lru_add_drain_all(), which queues work on every
 * CPU and waits for it, then walks the range again.  The kernel counts
 * every failure, but a drain only helps a folio that is clean, not under
 * writeback, not mapped and held by an extra reference, such as a remote
 * CPU's LRU batch, or whose buffer heads a CPU's bh_lru holds.  pcdrop
 * replaces the function with the same walk over the kernel's own helpers
 * (mapping_evict_folio(), deactivate_file_folio(), the shadow-entry
 * clearing, in one walk per batch when shadow_batch.c's path is on) and
 * counts only those failures.
 *
 * Only generic_fadvise() passes a counter.  invalidate_mapping_pages() and
 * its many users (drop_caches, block devices, file systems) pass none, so
 * for them the replacement does what the kernel's function does.  For
 * everyone, with evict_batch on, the folios of each batch that can go are
 * evicted under one lock round trip (evict_batch.c) instead of one each.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/buffer_head.h>
#include <linux/moduleparam.h>

#include "drift_guard.h"
#include "evict_batch.h"
#include "fadvise_drain.h"
#include "ipmodify.h"
#include "shadow_batch.h"

static struct pcdrop_switch fadvise_lru_refs = { true, PCDROP_HOLD_FADVISE };
module_param_cb(fadvise_lru_refs, &pcdrop_switch_ops, &fadvise_lru_refs, 0644);
MODULE_PARM_DESC(fadvise_lru_refs,
		 "POSIX_FADV_DONTNEED drains remote LRU caches only for clean, unmapped folios with extra references (default: on)");

/*
 * Does some buffer head of this folio have users?  A CPU's bh_lru holds
 * one on each buffer it caches (a file system's recent metadata reads on
 * a block device), which makes try_to_free_buffers() fail with a normal
 * folio reference count.  lru_add_drain_all()'s per-CPU work empties
 * those LRUs (invalidate_bh_lrus_cpu()).
 *
 * Only the file system that attached the folio's private data knows
 * whether it is buffer heads: iomap keeps its folio state there (XFS, and
 * every iomap file system), btrfs a marker or its subpage state, others
 * their own.  The kernel reads it as buffer heads outside its owner only
 * in filemap_release_folio(), and only where the mapping has no
 * ->release_folio: try_to_free_buffers() then.  pcdrop follows the same
 * rule, the same in 6.1, 6.12 and 7.3: the block devices' def_blk_aops
 * (block/fops.c) has no ->release_folio, and the file systems that leave
 * it out keep buffer heads there.  Nothing is lost by it: the buffer heads
 * a drain frees are those a CPU's bh_lru holds, and only lookups on a
 * block device (__find_get_block()) put them there.
 */
static bool buffers_held(struct address_space *mapping, struct folio *folio)
{
	struct buffer_head *head, *bh;

	if (mapping->a_ops->release_folio)
		return false;
	head = folio_buffers(folio);
	if (!head)
		return false;
	bh = head;
	do {
		if (atomic_read(&bh->b_count))
			return true;
		bh = bh->b_this_page;
	} while (bh != head);
	return false;
}

/*
 * Can lru_add_drain_all() make this folio evictable?  Only if it is clean,
 * not under writeback and not mapped, and mapping_evict_folio() failed on
 * a reference a drain can drop: an extra reference count (the count it
 * allows is the page cache's, one per page, the private data's and the
 * caller's batch), such as a remote CPU's LRU batch, or a buffer head
 * held, such as by a CPU's bh_lru.  The folio is still locked, so it cannot
 * start writeback or gain or lose private data meanwhile.
 */
static bool drain_may_help(struct address_space *mapping, struct folio *folio)
{
	if (folio_test_dirty(folio) || folio_test_writeback(folio) ||
	    folio_mapped(folio))
		return false;
	return folio_ref_count(folio) >
		       folio_nr_pages(folio) + folio_has_private(folio) + 1 ||
	       buffers_held(mapping, folio);
}

/*
 * The rest of the kernel's loop for a folio that mapping_evict_folio(), or
 * the batch, left as @ret (its page count if it went, else 0): count a
 * failure a drain may help while the folio is locked, unlock it, and hint
 * reclaim at one that stayed.  Returns @ret.
 */
static long invalidated(struct address_space *mapping, struct folio *folio, long ret,
			bool lru_refs_only, unsigned long *nr_failed)
{
	bool counted = !ret && nr_failed &&
		       (!lru_refs_only || drain_may_help(mapping, folio));

	folio_unlock(folio);
	/* As the kernel: a hint to reclaim it sooner. */
	if (!ret)
		deactivate_file_folio(folio);
	if (counted)
		(*nr_failed)++;
	return ret;
}

/*
 * The livepatch replacement of mapping_try_invalidate() (main.c): the
 * kernel's loop, step for step, except which failures go into *nr_failed
 * and, with shadow_batch on, how shadow entries go (shadow_batch.c).  With
 * fadvise_lru_refs=0 it counts every failure, as the kernel does.
 */
static unsigned long try_invalidate(struct address_space *mapping,
				    pgoff_t start, pgoff_t end,
				    unsigned long *nr_failed)
{
	bool lru_refs_only = pcdrop_switch_on(&fadvise_lru_refs);
	bool batched = pcdrop_evict_batch_on();
	pgoff_t indices[PCDROP_BATCH_SIZE];
	long evicted[PCDROP_BATCH_SIZE];
	struct folio_batch fbatch;
	unsigned long count = 0;
	pgoff_t index = start;
	unsigned int i;

	BUILD_BUG_ON(PCDROP_BATCH_SIZE > BITS_PER_LONG);
	folio_batch_init(&fbatch);
	while (pcdrop_find_lock_entries(mapping, &index, end, &fbatch, indices)) {
		unsigned long candidates = 0;
		bool has_values = false;

		for (i = 0; i < folio_batch_count(&fbatch); i++) {
			struct folio *folio = fbatch.folios[i];
			long ret = 0;

			if (xa_is_value(folio)) {
				has_values = true;
				count++;
				continue;
			}
			if (!batched) {
				ret = mapping_evict_folio(mapping, folio);
			} else if (pcdrop_evict_candidate(folio)) {
				/* Finished after the batch's eviction. */
				__set_bit(i, &candidates);
				continue;
			}
			count += invalidated(mapping, folio, ret, lru_refs_only, nr_failed);
		}
		if (candidates) {
			pcdrop_evict_batch(mapping, &fbatch, candidates, evicted);
			for_each_set_bit(i, &candidates, PCDROP_BATCH_SIZE)
				count += invalidated(mapping, fbatch.folios[i], evicted[i],
						     lru_refs_only, nr_failed);
		}
		if (has_values)
			count += pcdrop_clear_values(mapping, &fbatch, indices,
						     &index, end);
		folio_batch_remove_exceptionals(&fbatch);
		folio_batch_release(&fbatch);
		cond_resched();
	}
	return count;
}

/* All of its batched work waits a hold out (drift_guard.h). */
unsigned long pcdrop_try_invalidate(struct address_space *mapping,
				    pgoff_t start, pgoff_t end,
				    unsigned long *nr_failed)
{
	int idx = srcu_read_lock(&pcdrop_paths_srcu);
	unsigned long count = try_invalidate(mapping, start, end, nr_failed);

	srcu_read_unlock(&pcdrop_paths_srcu, idx);
	return count;
}

/*
 * The replacement does not run the kernel's function at all, so it would
 * silently undo another livepatch of it: refuse if there is one.  The
 * batched eviction it calls has its own check.
 */
int pcdrop_fadvise_drain_check(void)
{
	int ret = pcdrop_evict_batch_check();

	if (ret)
		return ret;
	return pcdrop_ipmodify_check((unsigned long)PCDROP_TRY_INVALIDATE,
				     __stringify(PCDROP_TRY_INVALIDATE));
}
