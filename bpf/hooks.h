/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hooks.h - the kernel functions pcdrop-stat hooks, how each is attached
 * on the running kernel (fentry, else a kprobe, else not at all), and
 * which of them the pinned links show attached.
 */
#ifndef __PCDROP_STAT_HOOKS_H
#define __PCDROP_STAT_HOOKS_H

#include <stdbool.h>

struct btf;
struct pcdrop;

/*
 * A hooked kernel function.  Each has an fentry program and a kprobe
 * twin; operations also need an exit program (fexit, or the shared
 * kretprobe op_kr).  "what" is the counter lost if the symbol is missing.
 */
struct hook {
	const char *sym;
	const char *fentry;
	const char *fexit;
	const char *kprobe;
	bool ret;
	const char *what;
	/*
	 * The operation this hook starts ends at the exit of that function's
	 * hook: without it, this one is not attached either.
	 */
	const char *ends_at;
	/* A spinlock hook: attached only with --locks (every lock pays). */
	bool lock;
	/*
	 * A function of some kernel versions only: where it is missing, or
	 * (pointer_arg2) its second argument is not a pointer, there is
	 * nothing to count, and that is not worth a note.
	 */
	bool some_versions;
	bool pointer_arg2;
};

extern const struct hook hooks[];
extern const unsigned int nr_hooks;

/* How many hooks "start" attached each way, and could not attach. */
struct hook_counts {
	unsigned int fentry;
	unsigned int kprobe;
	unsigned int missing;
};

/*
 * Before the skeleton loads: choose fentry or kprobe per hook from the
 * kernel's BTF and kallsyms (and --kprobes, --locks, --without), and
 * turn on the autoload of the chosen programs only.
 */
void hooks_select(struct pcdrop *skel, const struct btf *vmlinux, struct hook_counts *n);

/*
 * After it loads: attach the chosen programs and pin their links under
 * LINK_DIR.  Negative if a pin failed (noted): "start" must undo itself.
 */
int hooks_attach(struct pcdrop *skel, struct hook_counts *n);

/* Whether @sym was left out with --without. */
bool without(const char *sym);

/* Whether start --locks attached the spinlock hooks. */
bool locks_counted(void);

/* Whether a dump reports @h as unavailable (@locks: locks_counted()). */
bool hook_unavailable(const struct hook *h, bool locks);

#endif /* __PCDROP_STAT_HOOKS_H */
