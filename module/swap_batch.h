/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_SWAP_BATCH_H
#define PCDROP_SWAP_BATCH_H

#include "kernel_api.h"

bool pcdrop_swap_batch_on(void);
long pcdrop_free_swap_batch(struct address_space *mapping,
			    struct folio_batch *fbatch, pgoff_t *indices,
			    pgoff_t first, pgoff_t last);
void pcdrop_shmem_swap_freed(struct inode *inode, long pages);

#endif /* PCDROP_SWAP_BATCH_H */
