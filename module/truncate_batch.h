/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_TRUNCATE_BATCH_H
#define PCDROP_TRUNCATE_BATCH_H

#include "kernel_api.h"

void pcdrop_truncate_whole_folios(struct address_space *mapping, loff_t lstart,
				  PCDROP_LEND_T lend, bool unfalloc);

#endif /* PCDROP_TRUNCATE_BATCH_H */
