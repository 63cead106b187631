// SPDX-License-Identifier: GPL-2.0
/*
 * vmlinux_symbols.c - show which kernel functions pcdrop was bound to.
 *
 * debugfs file pcdrop/vmlinux_symbols (root only) prints one line per
 * function of kernel_api.h, for the tracepoint evict_batch.h declares and
 * for the livepatch core's data livepatch_core.h declares,
 * "ADDRESS NAME", in the format of /proc/kallsyms, so an administrator (and
 * the test suite) can check that the module loader resolved each livepatch
 * relocation to the kernel's own symbol.
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "evict_batch.h"
#include "kernel_api.h"
#include "livepatch_core.h"
#include "vmlinux_symbols.h"

struct vmlinux_symbol {
	const char *name;
	unsigned long addr;
};

/* __stringify: the name after macro expansion (PCDROP_TRY_INVALIDATE). */
#define VMLINUX_SYMBOL(fn)	{ __stringify(fn), (unsigned long)fn }
#define VMLINUX_DATA(var)	{ #var, (unsigned long)&(var) }

static const struct vmlinux_symbol vmlinux_symbols[] = {
	VMLINUX_SYMBOL(find_lock_entries),
	VMLINUX_SYMBOL(delete_from_page_cache_batch),
	VMLINUX_SYMBOL(folio_batch_remove_exceptionals),
	VMLINUX_SYMBOL(truncate_cleanup_folio),
	VMLINUX_SYMBOL(ftrace_location),
	VMLINUX_SYMBOL(shmem_undo_range),
	VMLINUX_SYMBOL(PCDROP_TRY_INVALIDATE),
	VMLINUX_SYMBOL(mapping_evict_folio),
	VMLINUX_SYMBOL(deactivate_file_folio),
#if !PCDROP_SINCE(6, 12)
	VMLINUX_SYMBOL(clear_shadow_entry),
#else
	VMLINUX_SYMBOL(clear_shadow_entries),
#endif
#if !PCDROP_SINCE(6, 12)
	VMLINUX_SYMBOL(free_swap_and_cache),
#elif !PCDROP_SINCE(7, 2)
	VMLINUX_SYMBOL(free_swap_and_cache_nr),
	VMLINUX_SYMBOL(lookup_swap_cgroup_id),
#else
	VMLINUX_SYMBOL(swap_put_entries_direct),
#endif
	VMLINUX_SYMBOL(shmem_recalc_inode),
	VMLINUX_SYMBOL(__filemap_remove_folio),
	VMLINUX_SYMBOL(__remove_mapping),
#if !PCDROP_SINCE(7, 2)
	VMLINUX_SYMBOL(inode_add_lru),
#else
	VMLINUX_SYMBOL(inode_lru_list_add),
#endif
	VMLINUX_SYMBOL(workingset_update_node),
	VMLINUX_SYMBOL(remove_mapping),
	VMLINUX_SYMBOL(filemap_remove_folio),
	VMLINUX_SYMBOL(truncate_inode_folio),
	VMLINUX_SYMBOL(filemap_unaccount_folio),
	VMLINUX_DATA(__tracepoint_mm_filemap_delete_from_page_cache),
	VMLINUX_DATA(klp_mutex),
	VMLINUX_DATA(klp_patches),
#ifdef PCDROP_TEST_MISSING_SYMBOL
	VMLINUX_SYMBOL(pcdrop_test_no_such_function),
#endif
};

static int vmlinux_symbols_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(vmlinux_symbols); i++)
		seq_printf(m, "%016lx %s\n", vmlinux_symbols[i].addr,
			   vmlinux_symbols[i].name);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(vmlinux_symbols);

void pcdrop_vmlinux_symbols_create(struct dentry *dir)
{
	debugfs_create_file("vmlinux_symbols", 0400, dir, NULL,
			    &vmlinux_symbols_fops);
}
