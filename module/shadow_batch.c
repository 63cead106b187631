// SPDX-License-Identifier: GPL-2.0
/*
 * shadow_batch.c - remove the shadow entries of a truncated or invalidated
 * file in one walk of the page-cache tree (seed 004: "mm: optimize
 * truncation of shadow entries", mainline in 6.13).
 *
 * When reclaim evicts a page-cache folio it leaves a shadow entry (an
 * xarray value entry) in its place.  Truncation and invalidation remove
 * them a batch at a time, and on 6.1 and 6.12 each entry of the batch with
 * its own lookup from the root of the tree (__clear_shadow_entry()); 6.1's
 * invalidation even takes the inode's i_lock and the i_pages lock once per
 * entry (clear_shadow_entry()).  6.13 walks each batch's range once under
 * one lock round trip.  pcdrop does that on 6.1 and 6.12:
 *
 * - truncation: pcdrop replaces truncate_inode_pages_range() with a
 *   pre-pass (truncate_batch.c) that removes the range's whole folios and
 *   shadow entries the way 6.13 does, then runs the kernel's own body.  Its
 *   per-entry loop lives in truncate_folio_batch_exceptionals(), which
 *   survives in 6.1 and 6.12 only as the partial-inlining clone
 *   ".part.0": replacing a clone would tie pcdrop to gcc's private calling
 *   convention for it, so pcdrop wraps its exported caller instead.
 * - invalidation: pcdrop already replaces mapping_try_invalidate()
 *   (invalidate_mapping_pagevec() in 6.1: fadvise_drain.c), which calls
 *   pcdrop_clear_values() per batch.
 *
 * DAX and shmem mappings are left to the kernel, as 6.13 leaves them.
 * From 6.13 the kernel does all of this itself: the path is not built and
 * its switch refuses to turn on.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/moduleparam.h>
#include <linux/utsname.h>

#include "drift_guard.h"
#include "patch_site.h"
#include "shadow_batch.h"
#include "stat_probe.h"
#include "truncate_batch.h"

#ifdef PCDROP_SHADOW_PATH
static struct pcdrop_switch shadow_batch = { true, PCDROP_HOLD_SHADOW };
#else
static struct pcdrop_switch shadow_batch = { false, PCDROP_HOLD_SHADOW };
#endif

/* A switch, except that from 6.13 it refuses to turn on. */
static int shadow_batch_set(const char *val, const struct kernel_param *kp)
{
#ifndef PCDROP_SHADOW_PATH
	bool on;

	/* A bare "shadow_batch" on the command line means on, as for bools. */
	if (!kstrtobool(val ?: "1", &on) && on) {
		pr_warn("shadow_batch stays off: Linux %s removes shadow entries in one walk itself\n",
			init_utsname()->release);
		return -EOPNOTSUPP;
	}
#endif
	return pcdrop_switch_set(val, kp);
}

static const struct kernel_param_ops shadow_batch_ops = {
	.set = shadow_batch_set,
	.get = pcdrop_switch_get,
};
module_param_cb(shadow_batch, &shadow_batch_ops, &shadow_batch, 0644);
MODULE_PARM_DESC(shadow_batch,
		 "Remove a truncated or invalidated file's shadow entries in one walk (default: on before 6.13; the kernel does it from 6.13)");

#ifdef PCDROP_SHADOW_PATH
/*
 * Remove the shadow entries in [@first, @last] in one walk, under one
 * i_lock and i_pages lock round trip, as 6.13's
 * truncate_folio_batch_exceptionals() and clear_shadow_entries() do;
 * entries that reclaim added to that range since are shadow entries too and
 * go with them.
 *
 * Then go on up to @end, a batch's worth of entries per lock round trip
 * (the first round trip only fills up the batch's @nr), removing shadow
 * entries and stepping over folios, for as long as shadow entries turn up:
 * the last round trip found some, or the entry it stopped at is one.  6.13
 * looks each of them up with find_lock_entries() first, which is most of
 * what truncating a file that reclaim emptied still costs it; and lock
 * round trips stay one per batch's worth of entries, as in 6.13.
 *
 * Sets *@next to where find_lock_entries() goes on: the first folio the
 * walk stepped over past @last, or where it stopped (@end + 1 at the end).
 * Returns how many entries past @last it removed.
 */
static unsigned long pcdrop_clear_shadows(struct address_space *mapping,
					  pgoff_t first, pgoff_t last,
					  unsigned int nr, pgoff_t *next,
					  pgoff_t end)
{
	XA_STATE(xas, &mapping->i_pages, first);
	struct inode *inode = mapping->host;
	unsigned long past = 0, pages;
	pgoff_t start = first, base;
	unsigned int removed, visited, found;
	bool folio_left = false;
	void *entry;

	xas_set_update(&xas, workingset_update_node);
	for (;;) {
		removed = 0;
		found = 0;
		visited = nr;
		spin_lock(&inode->i_lock);
		xas_lock_irq(&xas);
		xas_for_each(&xas, entry, end) {
			if (xa_is_value(entry)) {
				base = pcdrop_value_base(&xas, &pages);
				/*
				 * As find_lock_entries(): a large shadow entry
				 * across @end stays and ends the range (what
				 * follows lies past @end); one across @start
				 * (reclaim's, since the lookup) stays too.
				 */
				if (base + pages - 1 > end) {
					entry = NULL;
					break;
				}
				if (base < start)
					continue;
			}
			if (xas.xa_index > last) {
				if (visited++ == PCDROP_BATCH_SIZE)
					break;
				found += xa_is_value(entry);
			}
			if (xa_is_value(entry)) {
				xas_store(&xas, NULL);
				removed++;
			} else if (xas.xa_index > last && !folio_left) {
				*next = xas.xa_index;
				folio_left = true;
			}
		}
		xas_unlock_irq(&xas);
		if (mapping_shrinkable(mapping))
			inode_add_lru(inode);
		spin_unlock(&inode->i_lock);
		pcdrop_stat_values_walked(mapping, 1, removed);
		past += found;
		if (!entry || (!found && !xa_is_value(entry)))
			break;
		/* Let go of the locks, and go on from the entry not yet seen. */
		last = xas.xa_index - 1;
		nr = 0;
		xas_set(&xas, xas.xa_index);
		cond_resched();
	}
	if (!folio_left)
		*next = entry ? xas.xa_index : end + 1;
	return past;
}

/*
 * Remove the shadow entries of a batch that find_lock_entries() returned,
 * and those that follow it up to @end (pcdrop_clear_shadows()).  Moves
 * *@next, the index after the batch, past the ones that followed, and
 * returns how many those were.
 */
unsigned long pcdrop_clear_shadow_batch(struct address_space *mapping,
					struct folio_batch *fbatch,
					pgoff_t *indices, pgoff_t *next,
					pgoff_t end)
{
	unsigned int i, nr = folio_batch_count(fbatch);
	unsigned long past;
	pgoff_t stop;

	if (shmem_mapping(mapping) || dax_mapping(mapping))
		return 0;
	i = pcdrop_first_value(fbatch);
	if (i == nr)
		return 0;
	past = pcdrop_clear_shadows(mapping, indices[i], indices[nr - 1], nr,
				    &stop, end);
	*next = max(*next, stop);
	return past;
}

/* The livepatch replacement of truncate_inode_pages_range() (main.c). */
void pcdrop_truncate_inode_pages_range(struct address_space *mapping,
				       loff_t lstart, loff_t lend)
{
	int idx = srcu_read_lock(&pcdrop_paths_srcu);

	if (pcdrop_switch_on(&shadow_batch) && !shmem_mapping(mapping) &&
	    !dax_mapping(mapping) && !mapping_empty(mapping))
		pcdrop_truncate_batches(mapping, lstart, lend, PCDROP_SHADOWS);
	srcu_read_unlock(&pcdrop_paths_srcu, idx);
	/* A call, not a tail call: see kernel_bodies.S. */
	pcdrop_truncate_inode_pages_range_body(mapping, lstart, lend);
}

/*
 * truncate_inode_pages_range() is exported, so it starts with ENDBR on IBT
 * kernels.  The xarray calls workingset_update_node() indirectly, which on
 * an IBT kernel needs its ENDBR: the kernel takes its address too, so it
 * keeps it, but check rather than trust.
 */
int pcdrop_shadow_batch_check(void)
{
	if (IS_ENABLED(CONFIG_X86_KERNEL_IBT) &&
	    !pcdrop_has_endbr((unsigned long)workingset_update_node)) {
		pr_err("workingset_update_node() has no ENDBR; this kernel build is not supported\n");
		return -ENOEXEC;
	}
	return pcdrop_patch_site_check((unsigned long)truncate_inode_pages_range,
				       "truncate_inode_pages_range",
				       IS_ENABLED(CONFIG_X86_KERNEL_IBT));
}
#endif

/*
 * Remove the shadow entries of a batch in the invalidation path
 * (fadvise_drain.c): in one walk, with those that follow it up to @end,
 * when the path is on (pcdrop_clear_shadow_batch()); else the kernel's own
 * way.  Returns how many entries past the batch it removed.
 */
unsigned long pcdrop_clear_values(struct address_space *mapping,
				  struct folio_batch *fbatch, pgoff_t *indices,
				  pgoff_t *next, pgoff_t end)
{
	if (pcdrop_switch_on(&shadow_batch))
		return pcdrop_clear_shadow_batch(mapping, fbatch, indices,
						 next, end);
	pcdrop_clear_shadow_entries(mapping, fbatch, indices);
	return 0;
}
