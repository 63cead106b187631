/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_SWAP_BATCH_H
#define PCDROP_SWAP_BATCH_H

#include "kernel_api.h"

/* What the swap walks of one truncation did, reported once at its end. */
struct pcdrop_swap_freed {
	unsigned long walks;	/* one i_pages lock round trip each */
	unsigned long entries;
	long pages;
};

bool pcdrop_swap_batch_on(void);
void pcdrop_free_swap_batch(struct address_space *mapping,
			    struct folio_batch *fbatch, pgoff_t *indices,
			    pgoff_t first, pgoff_t last,
			    struct pcdrop_swap_freed *freed);
void pcdrop_shmem_swap_freed(struct address_space *mapping,
			     const struct pcdrop_swap_freed *freed);

#endif /* PCDROP_SWAP_BATCH_H */
