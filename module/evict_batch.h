/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_EVICT_BATCH_H
#define PCDROP_EVICT_BATCH_H

#include <linux/tracepoint-defs.h>

#include "kernel_api.h"

/*
 * The kernel's event for each folio leaving a page cache: batched eviction
 * reads its static key (evict_batch.c).  Not exported, so bound by a
 * livepatch relocation as kernel_api.h's functions are; declared here, as
 * kernel_api.h declares functions only (scripts/btf-protos.c checks them).
 */
extern struct tracepoint __tracepoint_mm_filemap_delete_from_page_cache __weak;

int pcdrop_evict_batch_check(void);
bool pcdrop_evict_batch_on(void);
bool pcdrop_evict_candidate(struct folio *folio);
void pcdrop_evict_batch(struct address_space *mapping, struct folio_batch *fbatch,
			unsigned long candidates, long *evicted);

#endif /* PCDROP_EVICT_BATCH_H */
