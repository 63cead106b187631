/* SPDX-License-Identifier: GPL-2.0 */
/*
 * drift_fp.h - the load-time fingerprint of a kernel function, shared by
 * the module (drift_guard.c, over the running kernel's text) and the host
 * (scripts/drift-fp.c, over a build's vmlinux), so that both compute it
 * with the same code.
 *
 * The fingerprint is the function's size and an FNV-1a hash of its bytes
 * outside a mask.  The mask (scripts/drift-mask.awk, from the verified
 * build's disassembly) covers only what the running kernel may change or
 * what depends on where things were linked: ftrace sites, ENDBR, NOPs,
 * calls, unconditional jumps and returns (alternatives, jump labels,
 * static calls, return thunks), conditional jumps out of the function,
 * per-CPU accesses, lock prefixes, and displacement and address bytes
 * (RIP-relative, or absolute, which KASLR relocates).  Opcodes, the
 * conditions of jumps within the function and ModRM bytes stay: a fix
 * that changes the function's own code changes the hash.
 */
#ifndef PCDROP_DRIFT_FP_H
#define PCDROP_DRIFT_FP_H

/* One masked range: @len bytes from @off. */
struct pcdrop_fp_mask {
	u16 off;
	u16 len;
};

#define PCDROP_FNV_OFFSET	0xcbf29ce484222325ULL
#define PCDROP_FNV_PRIME	0x100000001b3ULL

/*
 * The hash of @text[0..@size) outside @nr_mask ranges of @mask, which are
 * in address order and within @size.
 */
static inline u64 pcdrop_fp_hash(const u8 *text, u32 size,
				 const struct pcdrop_fp_mask *mask,
				 unsigned int nr_mask)
{
	u64 hash = PCDROP_FNV_OFFSET;
	unsigned int m = 0;
	u32 i = 0;

	while (i < size) {
		if (m < nr_mask && i == mask[m].off) {
			i += mask[m++].len;
			continue;
		}
		hash = (hash ^ text[i++]) * PCDROP_FNV_PRIME;
	}
	return hash;
}

#endif /* PCDROP_DRIFT_FP_H */
