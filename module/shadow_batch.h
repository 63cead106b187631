/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_SHADOW_BATCH_H
#define PCDROP_SHADOW_BATCH_H

#include "kernel_api.h"

unsigned long pcdrop_clear_values(struct address_space *mapping,
				  struct folio_batch *fbatch, pgoff_t *indices,
				  pgoff_t *next, pgoff_t end);
#ifdef PCDROP_SHADOW_PATH
#define PCDROP_SHADOW_SUMMARY	"single-walk shadow-entry removal"
int pcdrop_shadow_batch_check(void);
unsigned long pcdrop_clear_shadow_batch(struct address_space *mapping,
					struct folio_batch *fbatch,
					pgoff_t *indices, pgoff_t *next,
					pgoff_t end);
/* The kernel's own body, past its ENDBR and ftrace site (kernel_bodies.S). */
void pcdrop_truncate_inode_pages_range_body(struct address_space *mapping,
					    loff_t lstart, loff_t lend);
void pcdrop_truncate_inode_pages_range(struct address_space *mapping,
				       loff_t lstart, loff_t lend);
#else
#define PCDROP_SHADOW_SUMMARY	"shadow entries left to the kernel's own single walk"
/* From 6.13 only tmpfs comes here, whose value entries are swap entries. */
static inline unsigned long
pcdrop_clear_shadow_batch(struct address_space *mapping,
			  struct folio_batch *fbatch, pgoff_t *indices,
			  pgoff_t *next, pgoff_t end)
{
	return 0;
}
#endif

#endif /* PCDROP_SHADOW_BATCH_H */
