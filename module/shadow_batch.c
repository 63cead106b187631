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

#include "patch_site.h"
#include "shadow_batch.h"
#include "stat_probe.h"
#include "truncate_batch.h"

#ifdef PCDROP_SHADOW_PATH
static bool shadow_batch = true;
#else
static bool shadow_batch;
#endif

/* A bool parameter, except that from 6.13 it refuses to turn on. */
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
	return param_set_bool(val, kp);
}

static const struct kernel_param_ops shadow_batch_ops = {
	.set = shadow_batch_set,
	.get = param_get_bool,
};
module_param_cb(shadow_batch, &shadow_batch_ops, &shadow_batch, 0644);
MODULE_PARM_DESC(shadow_batch,
		 "Remove a truncated or invalidated file's shadow entries in one walk (default: on before 6.13; the kernel does it from 6.13)");

#ifdef PCDROP_SHADOW_PATH
/*
 * Remove the shadow entries of a batch that find_lock_entries() returned,
 * as 6.13's truncate_folio_batch_exceptionals() and clear_shadow_entries()
 * do: one walk from the first value entry to the batch's last index,
 * storing NULL over every value entry on the way, under one i_lock and
 * i_pages lock round trip.  Entries that reclaim added to that range since
 * are shadow entries too and go with them.
 */
void pcdrop_clear_shadow_batch(struct address_space *mapping,
			       struct folio_batch *fbatch, pgoff_t *indices)
{
	unsigned int i, nr = folio_batch_count(fbatch), removed = 0;
	XA_STATE(xas, &mapping->i_pages, 0);
	struct inode *inode = mapping->host;
	void *entry;

	if (shmem_mapping(mapping) || dax_mapping(mapping))
		return;
	i = pcdrop_first_value(fbatch);
	if (i == nr)
		return;

	xas_set(&xas, indices[i]);
	xas_set_update(&xas, workingset_update_node);
	spin_lock(&inode->i_lock);
	xas_lock_irq(&xas);
	xas_for_each(&xas, entry, indices[nr - 1]) {
		if (xa_is_value(entry)) {
			xas_store(&xas, NULL);
			removed++;
		}
	}
	xas_unlock_irq(&xas);
	if (mapping_shrinkable(mapping))
		inode_add_lru(inode);
	spin_unlock(&inode->i_lock);
	pcdrop_stat_values_removed(mapping, removed);
}

/* The livepatch replacement of truncate_inode_pages_range() (main.c). */
void pcdrop_truncate_inode_pages_range(struct address_space *mapping,
				       loff_t lstart, loff_t lend)
{
	if (READ_ONCE(shadow_batch) && !shmem_mapping(mapping) &&
	    !dax_mapping(mapping) && !mapping_empty(mapping))
		pcdrop_truncate_batches(mapping, lstart, lend, PCDROP_SHADOWS);
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
 * (fadvise_drain.c): in one walk when the path is on, else the kernel's
 * own way.
 */
void pcdrop_clear_values(struct address_space *mapping,
			 struct folio_batch *fbatch, pgoff_t *indices)
{
	if (READ_ONCE(shadow_batch))
		pcdrop_clear_shadow_batch(mapping, fbatch, indices);
	else
		pcdrop_clear_shadow_entries(mapping, fbatch, indices);
}
