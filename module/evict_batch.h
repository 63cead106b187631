/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_EVICT_BATCH_H
#define PCDROP_EVICT_BATCH_H

#include "kernel_api.h"

bool pcdrop_evict_batch_on(void);
void pcdrop_evict_batch(struct address_space *mapping,
			struct folio_batch *fbatch, long *evicted);

#endif /* PCDROP_EVICT_BATCH_H */
