/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_FADVISE_DRAIN_H
#define PCDROP_FADVISE_DRAIN_H

#include "kernel_api.h"

int pcdrop_fadvise_drain_check(void);
unsigned long pcdrop_try_invalidate(struct address_space *mapping,
				    pgoff_t start, pgoff_t end,
				    unsigned long *nr_failed);

#endif /* PCDROP_FADVISE_DRAIN_H */
