// SPDX-License-Identifier: GPL-2.0
/*
 * swap_batch.c - free a truncated tmpfs file's swap entries a batch at a
 * time.
 *
 * When a tmpfs/shmem folio goes to swap, its page-cache slot keeps a swap
 * entry (an xarray value entry).  shmem_undo_range() frees each of them
 * with shmem_free_swap(): one lookup from the root of the tree and one
 * i_pages lock round trip per entry.  pcdrop's shmem pre-pass
 * (truncate_batch.c) instead removes the swap entries of each batch in one
 * walk under one lock round trip, gives their swap back afterwards the way
 * shmem_free_swap() does (but a run of contiguous slots in one call), and
 * accounts the pages at the end the way shmem_undo_range() does
 * (info->swapped, shmem_recalc_inode()), so the kernel's body finds them
 * gone and nothing else changes.
 */
#include <linux/moduleparam.h>

#include "drift_guard.h"
#include "stat_probe.h"
#include "swap_batch.h"

static struct pcdrop_switch swap_batch = {
	true, PCDROP_HOLD_SHMEM | PCDROP_HOLD_SWAP
};
module_param_cb(swap_batch, &pcdrop_switch_ops, &swap_batch, 0644);
MODULE_PARM_DESC(swap_batch,
		 "Free a truncated tmpfs/shmem file's swap entries in batches, with shmem_batch (default: on)");

bool pcdrop_swap_batch_on(void)
{
	return pcdrop_switch_on(&swap_batch);
}

/*
 * Remove the swap entries of a batch that find_lock_entries() returned:
 * one walk from the first value entry to the batch's last index, under one
 * i_pages lock round trip, storing NULL over each swap entry that lies
 * wholly inside [@first, @last] (shmem_free_swap()'s own test: a large
 * entry across the border is the kernel body's business).  Entries that
 * swap-out added to that range since go with them, as the kernel's second
 * pass would free them.  Adds what it did to *@freed.
 */
void pcdrop_free_swap_batch(struct address_space *mapping,
			    struct folio_batch *fbatch, pgoff_t *indices,
			    pgoff_t first, pgoff_t last,
			    struct pcdrop_swap_freed *freed)
{
	unsigned int i, j, n = 0, nr = folio_batch_count(fbatch);
	XA_STATE(xas, &mapping->i_pages, 0);
	swp_entry_t swap[PCDROP_BATCH_SIZE];
	int pages[PCDROP_BATCH_SIZE];
	void *entry;

	i = pcdrop_first_value(fbatch);
	if (i == nr)
		return;

	xas_set(&xas, indices[i]);
	xas_lock_irq(&xas);
	xas_for_each(&xas, entry, indices[nr - 1]) {
		unsigned long size;
		pgoff_t base;

		if (!xa_is_value(entry))
			continue;
		base = pcdrop_value_base(&xas, &size);
		if (base < first || base + size - 1 > last)
			continue;
		xas_store(&xas, NULL);
		swap[n] = radix_to_swp_entry(entry);
		pages[n] = size;
		if (++n == ARRAY_SIZE(swap))
			break;
	}
	xas_unlock_irq(&xas);

	/* Each run of contiguous slots goes back in one call. */
	for (i = 0; i < n; i = j) {
		long run = pages[i];

		for (j = i + 1; j < n; j++) {
			if (!pcdrop_swap_runs_on(swap[i], run, swap[j]))
				break;
			run += pages[j];
		}
		pcdrop_put_swap(swap[i], run);
		freed->pages += run;
	}
	if (n) {
		freed->walks++;
		freed->entries += n;
	}
}

/*
 * What shmem_undo_range() does at its end with the swap pages it freed;
 * and pcdrop-stat's count of the walks, once per truncation, not per walk.
 */
void pcdrop_shmem_swap_freed(struct address_space *mapping,
			     const struct pcdrop_swap_freed *freed)
{
	struct inode *inode = mapping->host;

	if (!freed->walks)
		return;
	pcdrop_stat_values_walked(mapping, freed->walks, freed->entries);
#if !PCDROP_SINCE(6, 12)
	{
		struct shmem_inode_info *info = SHMEM_I(inode);

		spin_lock_irq(&info->lock);
		info->swapped -= freed->pages;
		shmem_recalc_inode(inode);
		spin_unlock_irq(&info->lock);
	}
#else
	shmem_recalc_inode(inode, 0, -freed->pages);
#endif
}
