// SPDX-License-Identifier: GPL-2.0
/*
 * stat_probe.c - where pcdrop-stat (bpf/pcdrop.bpf.c) sees pcdrop's own
 * batched removals of value entries: shadow entries (shadow_batch.c) and
 * tmpfs swap entries (swap_batch.c), and its batched evictions
 * (evict_batch.c).  The kernel has no function of its own on those paths
 * to hook.
 */
#include <linux/compiler.h>

#include "stat_probe.h"

/*
 * @nr value entries of @mapping were removed in @walks walks, each under
 * one lock round trip.  pcdrop-stat attaches a kprobe here.  The shadow
 * walks report each walk; the swap walks of a truncation report their sum
 * once at its end, because a kprobe hit costs about 1000 instructions and
 * a walk of 15 swap entries (6.1) not much more.  The barrier keeps the
 * compiler from dropping a call that does nothing.  A name of its own
 * (an older pcdrop.ko's pcdrop_stat_values_removed() reported one walk),
 * so that an older pcdrop-stat never counts @walks walks as one.
 */
noinline void pcdrop_stat_values_walked(struct address_space *mapping,
					unsigned long walks, unsigned long nr)
{
	asm volatile("" : : "r" (mapping), "r" (walks), "r" (nr) : "memory");
}

/*
 * @nr folios of @mapping were evicted under one lock round trip, while the
 * kernel's event for each removal was on.  Each went through
 * __filemap_remove_folio(), which pcdrop-stat counts as a one-by-one
 * removal: its kprobe here moves them to the batched ones.
 */
noinline void pcdrop_stat_folios_evicted(struct address_space *mapping,
					 unsigned int nr)
{
	asm volatile("" : : "r" (mapping), "r" (nr) : "memory");
}

/*
 * @nr folios of @mapping were evicted under one lock round trip and taken
 * out of its tree in one walk: nothing counted them before.  A name of its
 * own, so that a pcdrop-stat older than this path never takes them for
 * ones it counted one by one.
 */
noinline void pcdrop_stat_folios_walked(struct address_space *mapping,
					unsigned int nr)
{
	asm volatile("" : : "r" (mapping), "r" (nr) : "memory");
}
