/* SPDX-License-Identifier: GPL-2.0 */
/*
 * livepatch_core.h - the livepatch core's list of patches, and its lock.
 *
 * kernel/livepatch/core.c keeps every livepatch on klp_patches, in the
 * order they were enabled, under klp_mutex.  Neither is exported; pcdrop
 * reaches both through livepatch relocations, as it reaches the functions
 * of kernel_api.h (which says how), to see the livepatches loaded after it
 * (bypass_guard.c) and the pcdrop it takes over from (ipmodify.c).  They
 * are data, so they are declared here: the prototype check compares every
 * __weak declaration of kernel_api.h with a function of the kernel's BTF.
 */
#ifndef PCDROP_LIVEPATCH_CORE_H
#define PCDROP_LIVEPATCH_CORE_H

#include <linux/livepatch.h>
#include <linux/mutex.h>

extern struct mutex klp_mutex __weak;
extern struct list_head klp_patches __weak;

#endif /* PCDROP_LIVEPATCH_CORE_H */
