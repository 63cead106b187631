// SPDX-License-Identifier: GPL-2.0
/*
 * patch_site.c - may pcdrop replace a kernel function and still enter its
 * body past the ftrace site (kernel_bodies.S)?
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/uaccess.h>

#include "ipmodify.h"
#include "kernel_api.h"
#include "patch_site.h"

static const u8 endbr64[] = { 0xf3, 0x0f, 0x1e, 0xfa };
static const u8 nop5[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
#define CALL_REL32	0xe8
#define JMP_REL32	0xe9

/* Does the function at @addr start with ENDBR64? */
bool pcdrop_has_endbr(unsigned long addr)
{
	u8 insn[sizeof(endbr64)];

	return !copy_from_kernel_nofault(insn, (void *)addr, sizeof(insn)) &&
	       !memcmp(insn, endbr64, sizeof(endbr64));
}

/*
 * kernel_bodies.S jumps to @addr + (ENDBR) + 5, so the function must start
 * with ENDBR exactly when @endbr says so, then with its ftrace site: a
 * 5-byte NOP (ftrace idle), a call (a tracer attached) or a jump (a BPF
 * trampoline attached directly, as 7.x does).  And no other livepatch may
 * own the function: pcdrop would bypass it.  Returns 0 if all holds, else
 * logs why not and returns an error.
 */
int pcdrop_patch_site_check(unsigned long addr, const char *name, bool endbr)
{
	unsigned long site = addr + (endbr ? sizeof(endbr64) : 0);
	u8 insn[sizeof(endbr64) + sizeof(nop5)];
	u8 *op = insn + (site - addr);

	if (copy_from_kernel_nofault(insn, (void *)addr, sizeof(insn))) {
		pr_err("cannot read %s() at %pS\n", name, (void *)addr);
		return -EFAULT;
	}
	if (endbr != !memcmp(insn, endbr64, sizeof(endbr64)) ||
	    ftrace_location(addr) != site ||
	    (memcmp(op, nop5, sizeof(nop5)) && op[0] != CALL_REL32 &&
	     op[0] != JMP_REL32)) {
		pr_err("%s() does not start with %sits ftrace site (%9ph); this kernel build is not supported\n",
		       name, endbr ? "ENDBR and " : "", insn);
		return -ENOEXEC;
	}
	return pcdrop_ipmodify_check(addr, name);
}
