/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_SHMEM_BATCH_H
#define PCDROP_SHMEM_BATCH_H

#include "kernel_api.h"

int pcdrop_shmem_batch_check(void);
/* The kernel's own shmem_undo_range() body, past its ftrace site (kernel_bodies.S). */
void pcdrop_shmem_undo_range_body(struct inode *inode, loff_t lstart,
				  PCDROP_LEND_T lend, bool unfalloc);
void pcdrop_shmem_undo_range(struct inode *inode, loff_t lstart,
			     PCDROP_LEND_T lend, bool unfalloc);

#endif /* PCDROP_SHMEM_BATCH_H */
