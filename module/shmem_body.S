/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shmem_body.S - enter the kernel's own shmem_undo_range() past its
 * ftrace site.
 *
 * pcdrop replaces shmem_undo_range() through livepatch, which redirects the
 * function at its fentry site, and its replacement still runs the
 * original body.  A plain call would hit the fentry site and come straight
 * back to the replacement, so this stub jumps to the first instruction
 * after it.  On the verified kernels the function has no ENDBR (it is
 * static and never address-taken) and starts with the 5-byte fentry site;
 * shmem_batch.c checks exactly that before the patch is enabled.
 *
 * The jump is direct (no indirect branch for IBT to reject); its target is
 * resolved by a livepatch relocation like every other kernel function
 * pcdrop uses (kernel_api.h).  Callers must call, not tail-call, the stub,
 * so that the replacement stays on the stack while the body runs and
 * livepatch does not let the module go while a task is in the stub.
 */
#include <linux/linkage.h>

#define FENTRY_SITE_SIZE	5

	.weak shmem_undo_range

SYM_FUNC_START(pcdrop_shmem_undo_range_body)
	jmp	shmem_undo_range + FENTRY_SITE_SIZE
SYM_FUNC_END(pcdrop_shmem_undo_range_body)
