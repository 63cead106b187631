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
 * one lock round trip (truncate_batch.c), and with them the swap entries
 * (swap_batch.c); then the kernel's own shmem_undo_range() body runs and
 * finds them gone.  It still does everything else: partial folios at the
 * edges, the blocking second pass, the accounting of its own work.
 * Keeping the body the kernel's own keeps every fix Debian ships for it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/moduleparam.h>

#include "drift_guard.h"
#include "patch_site.h"
#include "shmem_batch.h"
#include "swap_batch.h"
#include "truncate_batch.h"

static struct pcdrop_switch shmem_batch = { true, PCDROP_HOLD_SHMEM };
module_param_cb(shmem_batch, &pcdrop_switch_ops, &shmem_batch, 0644);
MODULE_PARM_DESC(shmem_batch,
		 "Remove truncated tmpfs/shmem folios in batches (default: on)");

/* The livepatch replacement of shmem_undo_range() (main.c). */
void pcdrop_shmem_undo_range(struct inode *inode, loff_t lstart,
			     PCDROP_LEND_T lend, bool unfalloc)
{
	unsigned int what = 0;
	int idx = srcu_read_lock(&pcdrop_paths_srcu);

	/*
	 * The swap entries go in the same pre-pass, so only with it: with
	 * shmem_batch=0 the kernel does all, exactly as stock.  As the
	 * kernel, undoing a failed fallocate() leaves swap alone.
	 */
	if (unfalloc)
		what |= PCDROP_UNFALLOC;
	else if (pcdrop_swap_batch_on())
		what |= PCDROP_SWAP;
	if (pcdrop_switch_on(&shmem_batch))
		pcdrop_truncate_batches(inode->i_mapping, lstart, lend, what);
	srcu_read_unlock(&pcdrop_paths_srcu, idx);
	/* A call, not a tail call: see kernel_bodies.S. */
	pcdrop_shmem_undo_range_body(inode, lstart, lend, unfalloc);
}

/*
 * shmem_undo_range() is static and never address-taken: no ENDBR, even on
 * IBT kernels.
 */
int pcdrop_shmem_batch_check(void)
{
	return pcdrop_patch_site_check((unsigned long)shmem_undo_range,
				       "shmem_undo_range", false);
}
