/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_TRUNCATE_BATCH_H
#define PCDROP_TRUNCATE_BATCH_H

#include "kernel_api.h"

/* What the pre-pass does with each batch besides removing its folios. */
enum pcdrop_batches {
	PCDROP_UNFALLOC = 1,	/* only the folios a failed fallocate() added */
	PCDROP_SHADOWS = 2,	/* remove a regular file's shadow entries */
	PCDROP_SWAP = 4,	/* free a tmpfs file's swap entries */
};

void pcdrop_truncate_batches(struct address_space *mapping, loff_t lstart,
			     PCDROP_LEND_T lend, unsigned int what);

#endif /* PCDROP_TRUNCATE_BATCH_H */
