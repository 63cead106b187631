// SPDX-License-Identifier: GPL-2.0
/*
 * drift_guard.c - never run a stale copy of a kernel function.
 *
 * pcdrop copies mapping_try_invalidate() (invalidate_mapping_pagevec() in
 * 6.1), mirrors the first loop of truncate_inode_pages_range() and enters
 * the bodies of shmem_undo_range() and truncate_inode_pages_range(); its
 * fadvise counting is made for generic_fadvise(); its batched eviction
 * runs mapping_evict_folio()'s checks and __remove_mapping()'s locked
 * part and mirrors delete_from_page_cache_batch()'s walk, around
 * __filemap_remove_folio() and filemap_unaccount_folio().  A stable update
 * that changes one of them keeps the series, so the series check does not
 * see it.  make check compares every build of its matrix with the verified
 * disassembly (scripts/drift.sh); this is the same guard at load time, on
 * the user's next kernel, which no make check has seen.
 *
 * Each function's size (from kallsyms) and the hash of its bytes outside
 * what runtime patching and the link layout change (drift_fp.h) must match
 * one verified build of this series (drift_verified.h).  If one does not,
 * the paths that rely on it are held: their replacements stay out of the
 * livepatch, so the kernel's function runs, their switches read N and
 * refuse Y, and one line in the kernel log names the function.
 * accept_drift=1 loads them anyway, for an administrator who has read the
 * change.  debugfs pcdrop/drift shows each function's verdict.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/uaccess.h>

#include "drift_fp.h"
#include "drift_guard.h"
#include "kernel_api.h"

struct pcdrop_fp {
	const char *name;
	u32 size;
	u64 hash;
	const struct pcdrop_fp_mask *mask;
	unsigned int nr_mask;
	const char *builds;
};

#include "drift_verified.h"

/*
 * make check's canaries (built with PCDROP_UNVERIFIED_KERNEL, never for
 * users) load on builds no one verified, a new series or a release
 * candidate of a verified one: accepted, with the guard's lines.
 */
#ifdef PCDROP_UNVERIFIED_KERNEL
static bool accept_drift = true;
#else
static bool accept_drift;
#endif
module_param(accept_drift, bool, 0444);
MODULE_PARM_DESC(accept_drift,
		 "Load every path even on a build whose functions differ from every verified one (read the change first)");

/*
 * The paths held off, by the drift guard or by bypass_guard.c, as switch
 * names (pcdrop status reads it).
 */
static char held[80];
module_param_string(held, held, sizeof(held), 0444);
MODULE_PARM_DESC(held, "The switches held off: a function differs or is patched by someone else (read only)");

/*
 * What the drift guard holds (for good, from load) and what bypass_guard.c
 * holds now (it changes as other livepatches come and go).
 */
static unsigned int drift_hold, bypass_hold;

/*
 * A path's batched work runs inside this SRCU's read side, from before its
 * switch is read to after its last batch, so that a new hold can wait
 * until no task is still doing the work of a function another livepatch
 * has just patched (drift_guard.h).
 */
DEFINE_SRCU(pcdrop_paths_srcu);

static unsigned int held_bits(void)
{
	return READ_ONCE(drift_hold) | READ_ONCE(bypass_hold);
}

/* The functions checked, and what each holds when it differs. */
struct checked_function {
	const char *name;
	unsigned long addr;
	unsigned int hold;
};

static const struct checked_function checked[] = {
	{ "shmem_undo_range", (unsigned long)shmem_undo_range,
	  PCDROP_HOLD_SHMEM },
	/* Entered before 6.13; its first loop is what the pre-pass mirrors. */
	{ "truncate_inode_pages_range",
	  (unsigned long)truncate_inode_pages_range,
	  PCDROP_HOLD_SHMEM | PCDROP_HOLD_SHADOW },
	{ __stringify(PCDROP_TRY_INVALIDATE),
	  (unsigned long)PCDROP_TRY_INVALIDATE,
	  PCDROP_HOLD_FADVISE | PCDROP_HOLD_EVICT },
	/* Without the fadvise replacement, batched eviction cannot run. */
	{ "generic_fadvise", (unsigned long)generic_fadvise,
	  PCDROP_HOLD_FADVISE | PCDROP_HOLD_EVICT },
	/* Its checks are what batched eviction runs per folio. */
	{ "mapping_evict_folio", (unsigned long)mapping_evict_folio,
	  PCDROP_HOLD_EVICT },
	/*
	 * What batched eviction does under its locks (__remove_mapping()'s
	 * part), calls there, or mirrors in its one walk (the loop inlined in
	 * delete_from_page_cache_batch()).
	 */
	{ "__remove_mapping", (unsigned long)__remove_mapping,
	  PCDROP_HOLD_EVICT },
	{ "__filemap_remove_folio", (unsigned long)__filemap_remove_folio,
	  PCDROP_HOLD_EVICT },
	{ "filemap_unaccount_folio", (unsigned long)filemap_unaccount_folio,
	  PCDROP_HOLD_EVICT },
	{ "delete_from_page_cache_batch",
	  (unsigned long)delete_from_page_cache_batch, PCDROP_HOLD_EVICT },
};

/*
 * The verdict per function of checked[], for debugfs: the verified builds
 * it matches, or why not.
 */
static const char *verdict[ARRAY_SIZE(checked)];
static bool verified[ARRAY_SIZE(checked)];

/* The size of the function at @addr from kallsyms, or 0. */
static u32 function_size(unsigned long addr)
{
	char sym[KSYM_SYMBOL_LEN];
	const char *p;
	u32 size;

	sprint_symbol(sym, addr);
	/* "NAME+0x0/0xSIZE" */
	p = strstr(sym, "+0x0/");
	if (!p || sscanf(p + 5, "%x", &size) != 1)
		return 0;
	return size;
}

/* The verified builds whose fingerprint @fn's running code has, or NULL. */
static const char *match(const struct checked_function *fn)
{
	u32 size = function_size(fn->addr);
	const char *builds = NULL;
	u8 *text;
	int i;

	if (!size)
		return NULL;
	text = kmalloc(size, GFP_KERNEL);
	if (!text)
		return NULL;
	if (copy_from_kernel_nofault(text, (void *)fn->addr, size))
		goto out;
	for (i = 0; i < ARRAY_SIZE(pcdrop_verified); i++) {
		const struct pcdrop_fp *fp = &pcdrop_verified[i];

		if (!strcmp(fp->name, fn->name) && fp->size == size &&
		    pcdrop_fp_hash(text, size, fp->mask, fp->nr_mask) == fp->hash) {
			builds = fp->builds;
			break;
		}
	}
out:
	kfree(text);
	return builds;
}

/* The switches, and the holds that turn each off. */
static const struct {
	const char *name;
	unsigned int hold;
} switches[] = {
	{ "shmem_batch", PCDROP_HOLD_SHMEM },
	{ "swap_batch", PCDROP_HOLD_SHMEM | PCDROP_HOLD_SWAP },
	{ "shadow_batch", PCDROP_HOLD_SHADOW },
	{ "fadvise_lru_refs", PCDROP_HOLD_FADVISE },
	{ "evict_batch", PCDROP_HOLD_FADVISE | PCDROP_HOLD_EVICT },
};

/* "shmem_batch swap_batch": the switches @bits turn off. */
void pcdrop_hold_names(unsigned int bits, char *buf, size_t len)
{
	int i;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(switches); i++)
		if (bits & switches[i].hold)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
				 buf[0] ? " " : "", switches[i].name);
}

/*
 * Hold, for other livepatches (bypass_guard.c), the paths @bits names and
 * no others; the drift guard's holds stay.  Returns once no task is still
 * in the batched work of a path this newly holds.
 */
void pcdrop_hold_bypass(unsigned int bits)
{
	unsigned int added = bits & ~bypass_hold;

	WRITE_ONCE(bypass_hold, bits);
	kernel_param_lock(THIS_MODULE);
	pcdrop_hold_names(held_bits(), held, sizeof(held));
	kernel_param_unlock(THIS_MODULE);
	if (added)
		synchronize_srcu(&pcdrop_paths_srcu);
}

/*
 * Check every function; returns what is held (PCDROP_HOLD_*), which the
 * switches obey from now on.
 */
unsigned int pcdrop_drift_check(void)
{
	char names[sizeof(held)];
	int i;

	for (i = 0; i < ARRAY_SIZE(checked); i++) {
		const struct checked_function *fn = &checked[i];

		verdict[i] = match(fn);
		verified[i] = verdict[i];
		if (verified[i])
			continue;
		if (accept_drift) {
			verdict[i] = "accepted (accept_drift=1)";
			pr_warn("%s() differs from every verified build of this series; loading its paths anyway (accept_drift=1)\n",
				fn->name);
			continue;
		}
		verdict[i] = "differs";
		pcdrop_hold_names(fn->hold, names, sizeof(names));
		pr_warn("%s() differs from every verified build of this series: %s held off (accept_drift=1 loads them)\n",
			fn->name, names);
		drift_hold |= fn->hold;
	}
	pcdrop_hold_names(drift_hold, held, sizeof(held));
	return drift_hold;
}

bool pcdrop_switch_on(const struct pcdrop_switch *sw)
{
	return READ_ONCE(sw->on) && !(held_bits() & sw->hold);
}

/* A bool parameter's set, that refuses Y while its path is held. */
int pcdrop_switch_set(const char *val, const struct kernel_param *kp)
{
	const struct pcdrop_switch *sw = kp->arg;
	bool on;

	/* A bare "NAME" on the command line means on, as for bools. */
	if (!kstrtobool(val ?: "1", &on) && on && (held_bits() & sw->hold)) {
		pr_warn("%s stays off: it is held (pcdrop status says why)\n",
			kp->name);
		return -EPERM;
	}
	return param_set_bool(val, kp);
}

int pcdrop_switch_get(char *buffer, const struct kernel_param *kp)
{
	return sprintf(buffer, "%c\n", pcdrop_switch_on(kp->arg) ? 'Y' : 'N');
}

const struct kernel_param_ops pcdrop_switch_ops = {
	.set = pcdrop_switch_set,
	.get = pcdrop_switch_get,
};

static int drift_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(checked); i++)
		seq_printf(m, "%s %s%s\n", checked[i].name,
			   verified[i] ? "verified " : "", verdict[i]);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(drift);

void pcdrop_drift_create(struct dentry *dir)
{
	debugfs_create_file("drift", 0400, dir, NULL, &drift_fops);
}
