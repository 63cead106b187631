/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_bodies.S - enter the kernel's own shmem_undo_range() and
 * truncate_inode_pages_range() past their ftrace sites.
 *
 * pcdrop replaces these functions through livepatch, which redirects each
 * at its fentry site, and each replacement still runs the original body.
 * A plain call would hit the fentry site and come straight back to the
 * replacement, so these stubs jump to the first instruction after it.
 *
 * shmem_undo_range() is static and never address-taken, so it has no
 * ENDBR even on IBT kernels: its body starts at +5.  The exported
 * truncate_inode_pages_range() starts with ENDBR on IBT kernels, before
 * its fentry site: its body starts at +9 there, +5 elsewhere.
 * patch_site.c checks exactly these bytes before the patch is enabled.
 *
 * The jumps are direct (no indirect branch for IBT to reject); their
 * targets are resolved by relocations like every other kernel function
 * pcdrop uses (kernel_api.h).  Callers must call, not tail-call, a stub,
 * so that the replacement stays on the stack while the body runs and
 * livepatch does not let the module go while a task is in the stub.
 */
#include <linux/linkage.h>

#include "kernel_version.h"

#define FENTRY_SITE_SIZE	5
#ifdef CONFIG_X86_KERNEL_IBT
#define ENDBR_SIZE		4
#else
#define ENDBR_SIZE		0
#endif

	.weak shmem_undo_range

SYM_FUNC_START(pcdrop_shmem_undo_range_body)
	jmp	shmem_undo_range + FENTRY_SITE_SIZE
SYM_FUNC_END(pcdrop_shmem_undo_range_body)

#ifdef PCDROP_SHADOW_PATH
SYM_FUNC_START(pcdrop_truncate_inode_pages_range_body)
	jmp	truncate_inode_pages_range + ENDBR_SIZE + FENTRY_SITE_SIZE
SYM_FUNC_END(pcdrop_truncate_inode_pages_range_body)
#endif
