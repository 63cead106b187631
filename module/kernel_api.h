/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_api.h - the non-exported kernel functions pcdrop calls, and every
 * difference between the kernel versions it supports.
 *
 * Modules may only link against exported symbols.  The functions declared
 * below are not exported, so they are declared __weak
 * (modpost does not complain about weak undefined symbols) and
 * scripts/klp-convert turns each of them into a livepatch relocation after
 * the module link.  The module loader then binds the calls to the kernel's
 * own functions, by name, while it loads pcdrop.ko; if one is missing the
 * load fails with "livepatch: symbol 'NAME' not found in symbol table".
 * They are called directly, never through a pointer: IBT seals functions
 * that the kernel never takes the address of.
 *
 * Every __weak declaration in this file becomes a livepatch relocation:
 * this file is the list.  module/vmlinux_symbols.c shows each binding, and
 * the test suite checks that it shows all of them.
 */
#ifndef PCDROP_KERNEL_API_H
#define PCDROP_KERNEL_API_H

#include <linux/dax.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/pagemap.h>
#include <linux/shmem_fs.h>
#include <linux/swap.h>
#include <linux/swapops.h>

#include "kernel_version.h"

/*
 * The series tests/kernels.list verifies (7.1: Debian carries its images
 * but no longer its headers, so it cannot be built or verified).
 */
#define PCDROP_VERIFIED	(PCDROP_SERIES(6, 1) || PCDROP_SERIES(6, 12) || \
			 PCDROP_SERIES(7, 2) || PCDROP_SERIES(7, 3))
/*
 * make check's canary streams build with PCDROP_UNVERIFIED_KERNEL=1 to see
 * a new series build and load the day Debian ships it; nobody else should.
 */
#if !PCDROP_VERIFIED && !defined(PCDROP_UNVERIFIED_KERNEL)
#error "pcdrop is verified on Linux 6.1, 6.12, 7.2 and 7.3 only (newest verified: 7.3)"
#endif
#if !defined(CONFIG_X86_64) || !defined(CONFIG_LIVEPATCH) || \
	!defined(CONFIG_SHMEM) || !defined(CONFIG_DYNAMIC_FTRACE)
#error "pcdrop needs x86_64 with CONFIG_LIVEPATCH, CONFIG_SHMEM and CONFIG_DYNAMIC_FTRACE"
#endif

/*
 * folio_batch.h split from pagevec.h, and leafops.h came; the first
 * verified series with them is 7.2.
 */
#if PCDROP_SINCE(7, 2)
#include <linux/folio_batch.h>
#include <linux/leafops.h>
#else
#include <linux/pagevec.h>
#endif

/* find_lock_entries() takes the start index by value before 6.2. */
#if !PCDROP_SINCE(6, 2)
#define PCDROP_START_ARG	pgoff_t
#else
#define PCDROP_START_ARG	pgoff_t *
#endif

/*
 * The batch size, and shmem_undo_range()'s lend, which is unsigned in 7.x
 * (checked in the BTF of 7.2 and 7.3: uoff_t).
 */
#if PCDROP_SINCE(7, 2)
#define PCDROP_BATCH_SIZE	FOLIO_BATCH_SIZE
#define PCDROP_LEND_T		uoff_t
#else
#define PCDROP_BATCH_SIZE	PAGEVEC_SIZE
#define PCDROP_LEND_T		loff_t
#endif

/*
 * The functions.  Each must be unique by name in kallsyms.  The
 * missing-symbol test variant also needs one that no kernel has, to check
 * that such a module is refused cleanly.
 */
unsigned int find_lock_entries(struct address_space *mapping,
			       PCDROP_START_ARG start, pgoff_t end,
			       struct folio_batch *fbatch, pgoff_t *indices) __weak;
void delete_from_page_cache_batch(struct address_space *mapping,
				  struct folio_batch *fbatch) __weak;
void folio_batch_remove_exceptionals(struct folio_batch *fbatch) __weak;
void truncate_cleanup_folio(struct folio *folio) __weak;
unsigned long ftrace_location(unsigned long ip) __weak;
/*
 * Never called from C: a direct call would go through its ftrace site and
 * land in pcdrop's replacement again.  See kernel_bodies.S.
 */
void shmem_undo_range(struct inode *inode, loff_t lstart, PCDROP_LEND_T lend,
		      bool unfalloc) __weak;

/*
 * The fadvise path (fadvise_drain.c).  The function it replaces is
 * invalidate_mapping_pagevec() in 6.1 and mapping_try_invalidate() after;
 * only its address is used, to check that no one else has patched it.
 * 6.1 clears shadow entries one at a time, 6.12 per batch, 6.13 and
 * later per range (seed 004, mainline in 6.13).  A range that starts at
 * 6.12 or 7.2 starts at the first verified series with that API.
 * Some are static (6.1's mapping_evict_folio() and clear_shadow_entry(),
 * clear_shadow_entries() everywhere) but in kallsyms under their own
 * names: gcc renames a function whose calling convention it changes
 * (.isra, .constprop), so these have the normal one.
 */
#if !PCDROP_SINCE(6, 12)
#define PCDROP_TRY_INVALIDATE	invalidate_mapping_pagevec
#else
#define PCDROP_TRY_INVALIDATE	mapping_try_invalidate
#endif
unsigned long PCDROP_TRY_INVALIDATE(struct address_space *mapping,
				    pgoff_t start, pgoff_t end,
				    unsigned long *nr_failed) __weak;
long mapping_evict_folio(struct address_space *mapping,
			 struct folio *folio) __weak;
void deactivate_file_folio(struct folio *folio) __weak;
#if !PCDROP_SINCE(6, 12)
void clear_shadow_entry(struct address_space *mapping, pgoff_t index,
			void *entry) __weak;
#elif !PCDROP_SINCE(6, 13)
void clear_shadow_entries(struct address_space *mapping,
			  struct folio_batch *fbatch, pgoff_t *indices) __weak;
#else
void clear_shadow_entries(struct address_space *mapping,
			  unsigned long start, unsigned long max) __weak;
#endif

/*
 * The shadow-entry path (shadow_batch.c) before 6.13, and batched
 * eviction's walk (evict_batch.c).  The xarray code calls
 * workingset_update_node() through the pointer xas_set_update() stores,
 * as the kernel's own page-cache code does: the kernel takes its address,
 * so IBT keeps its ENDBR (both files check that).
 */
void workingset_update_node(struct xa_node *node) __weak;

/*
 * Batched eviction (evict_batch.c): what __remove_mapping() does with a
 * folio under the locks, and with the inode after; 7.x renamed the latter
 * (the range starts at the first verified series with the new name).
 * filemap_unaccount_folio() is static, the first half of
 * __filemap_remove_folio() and what delete_from_page_cache_batch() runs
 * per folio before its walk; in kallsyms under its own name.
 */
void __filemap_remove_folio(struct folio *folio, void *shadow) __weak;
/*
 * Static; never called: the drift guard checks its code at load time
 * (drift_guard.c), since batched eviction does its locked part.
 */
int __remove_mapping(struct address_space *mapping, struct folio *folio,
		     bool reclaimed, struct mem_cgroup *target_memcg) __weak;
void filemap_unaccount_folio(struct address_space *mapping,
			     struct folio *folio) __weak;
#if !PCDROP_SINCE(7, 2)
void inode_add_lru(struct inode *inode) __weak;
#else
void inode_lru_list_add(struct inode *inode) __weak;
#endif

/*
 * The swap half of the shmem pre-pass (swap_batch.c): how each kernel's
 * shmem_free_swap() gives a swap entry back, and how shmem_undo_range()
 * accounts the pages it freed.  All static or internal, all in kallsyms
 * under their own names.  The range starting at 7.2 starts at the first
 * verified series with that API (checked in the BTF of 7.2 and 7.3).
 */
#if !PCDROP_SINCE(6, 12)
int free_swap_and_cache(swp_entry_t entry) __weak;
void shmem_recalc_inode(struct inode *inode) __weak;
#elif !PCDROP_SINCE(7, 2)
void free_swap_and_cache_nr(swp_entry_t entry, int nr) __weak;
void shmem_recalc_inode(struct inode *inode, long alloced, long swapped) __weak;
unsigned short lookup_swap_cgroup_id(swp_entry_t ent) __weak;
#else
void swap_put_entries_direct(swp_entry_t entry, int nr) __weak;
bool shmem_recalc_inode(struct inode *inode, long alloced, long swapped) __weak;
#endif

/*
 * Never called: batched paths do their work instead, and bypass_guard.c
 * checks by address whether someone else patches them.
 */
long remove_mapping(struct address_space *mapping, struct folio *folio) __weak;
void filemap_remove_folio(struct folio *folio) __weak;
#ifndef PCDROP_TEST_WRONG_PROTOTYPE
int truncate_inode_folio(struct address_space *mapping, struct folio *folio) __weak;
#endif

#ifdef PCDROP_TEST_MISSING_SYMBOL
void pcdrop_test_no_such_function(void) __weak;
#endif
#ifdef PCDROP_TEST_WRONG_PROTOTYPE
/*
 * The wrong-prototype test of the prototype check
 * (tests/check-prototypes.sh): every kernel's takes the mapping first.
 */
int truncate_inode_folio(struct folio *folio) __weak;
#endif

/*
 * find_lock_entries() that advances *start past the entries it returned,
 * as 6.2+ does itself.  6.1 has no multi-index swap entries.
 */
static inline unsigned int pcdrop_find_lock_entries(struct address_space *mapping,
						    pgoff_t *start, pgoff_t end,
						    struct folio_batch *fbatch,
						    pgoff_t *indices)
{
#if !PCDROP_SINCE(6, 2)
	unsigned int nr = find_lock_entries(mapping, *start, end, fbatch, indices);

	if (nr) {
		struct folio *last = fbatch->folios[nr - 1];

		*start = indices[nr - 1] +
			 (xa_is_value(last) ? 1 : folio_nr_pages(last));
	}
	return nr;
#else
	return find_lock_entries(mapping, start, end, fbatch, indices);
#endif
}

/*
 * The position of the first value entry (shadow or swap entry) in a batch
 * that find_lock_entries() returned, or the batch's count if it has none.
 */
static inline unsigned int pcdrop_first_value(struct folio_batch *fbatch)
{
	unsigned int i;

	for (i = 0; i < folio_batch_count(fbatch); i++)
		if (xa_is_value(fbatch->folios[i]))
			break;
	return i;
}

/*
 * Remove the shadow entries (value entries) of a batch that
 * find_lock_entries() returned, as each kernel's mapping_try_invalidate()
 * does.  shmem and DAX keep theirs.
 */
static inline void pcdrop_clear_shadow_entries(struct address_space *mapping,
					       struct folio_batch *fbatch,
					       pgoff_t *indices)
{
#if !PCDROP_SINCE(6, 12)
	int i;

	if (shmem_mapping(mapping) || dax_mapping(mapping))
		return;
	for (i = 0; i < folio_batch_count(fbatch); i++)
		if (xa_is_value(fbatch->folios[i]))
			clear_shadow_entry(mapping, indices[i], fbatch->folios[i]);
#elif !PCDROP_SINCE(6, 13)
	clear_shadow_entries(mapping, fbatch, indices);
#else
	clear_shadow_entries(mapping, indices[0],
			     indices[folio_batch_count(fbatch) - 1]);
#endif
}

/*
 * The first index of the value entry at @xas, and in *@pages how many it
 * spans: a large (multi-index) entry spans several.
 */
static inline pgoff_t pcdrop_value_base(struct xa_state *xas,
					unsigned long *pages)
{
	*pages = 1UL << xas_get_order(xas);
	return round_down(xas->xa_index, *pages);
}

/*
 * Give back the swap of a swap entry shmem removed from the page cache, as
 * each kernel's shmem_free_swap() does.  6.1 has no multi-index swap
 * entries in shmem (@nr is 1).  From 7.2 a swapin-error marker holds no
 * swap slot and is only dropped.
 */
static inline void pcdrop_put_swap(swp_entry_t entry, int nr)
{
#if !PCDROP_SINCE(6, 12)
	free_swap_and_cache(entry);
#elif !PCDROP_SINCE(7, 2)
	free_swap_and_cache_nr(entry, nr);
#else
	if (softleaf_is_swap(entry))
		swap_put_entries_direct(entry, nr);
#endif
}

/*
 * Whether the swap slots from @entry on, @nr of them, run on into @next:
 * then one pcdrop_put_swap() gives back both.  6.12's
 * free_swap_and_cache_nr() and 7.x's swap_put_entries_direct() take a
 * range of one device (and take its cluster locks once per cluster); 6.1's
 * free_swap_and_cache() takes one slot.  7.x uncharges a range per run of
 * equal swap cgroup ids; 6.12's fast path (swap_entry_range_free())
 * uncharges all of it from its first slot's memcg, as no kernel caller
 * passes a range across memcgs (swap_pte_batch() stops at an id change):
 * on 6.12 a run ends where the id changes.
 */
static inline bool pcdrop_swap_runs_on(swp_entry_t entry, long nr,
				       swp_entry_t next)
{
	if (!PCDROP_SINCE(6, 12) || swp_type(entry) != swp_type(next) ||
	    swp_offset(entry) + nr != swp_offset(next))
		return false;
#if PCDROP_SINCE(6, 12) && !PCDROP_SINCE(7, 2)
	return lookup_swap_cgroup_id(entry) == lookup_swap_cgroup_id(next);
#else
	return true;
#endif
}

#endif /* PCDROP_KERNEL_API_H */
