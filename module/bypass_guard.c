// SPDX-License-Identifier: GPL-2.0
/*
 * bypass_guard.c - never bypass another livepatch.
 *
 * A batched path does the work of some kernel functions instead of calling
 * them: batched eviction that of mapping_evict_folio(), remove_mapping()
 * and the rest, the shadow walk that of truncate_folio_batch_exceptionals().
 * A distribution's livepatch (or another ftrace user that modifies the
 * instruction pointer) of one of those would silently stop running while
 * the path is on.  So at load, each path whose functions someone else owns
 * is held, as the drift guard holds a path (drift_guard.c): its switch
 * reads N and refuses Y, its code calls the kernel's functions, and one
 * line in the kernel log names the function and its owner.  The parameter
 * "bypassed" says which paths stand in for which functions (pcdrop status
 * checks it against the livepatches loaded later); "owned" lists what was
 * found owned, as FUNCTION:OWNER.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/livepatch.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "bypass_guard.h"
#include "drift_guard.h"
#include "ipmodify.h"
#include "kernel_api.h"

/*
 * A function, its address where every build has it in kallsyms (a
 * livepatch relocation, kernel_api.h), and the paths it holds.  Two are
 * inlined on some builds: there no one can patch them, and elsewhere they
 * are looked for among the livepatches only (by name: ftrace's own lookup
 * by name reads kallsyms for every traceable function, seconds per name
 * under emulation, at every load).
 */
struct bypassed_function {
	const char *name;
	unsigned long addr;
	unsigned int hold;
};

#define BYPASSED(fn, hold)	{ #fn, (unsigned long)fn, hold }

/* Per path, every kernel function whose work it does instead of calling it. */
static const struct bypassed_function bypassed[] = {
	/* The pre-pass removes folios in batches, not one at a time. */
	BYPASSED(truncate_inode_folio, PCDROP_HOLD_SHMEM),
	BYPASSED(filemap_remove_folio, PCDROP_HOLD_SHMEM),
	BYPASSED(__filemap_remove_folio, PCDROP_HOLD_SHMEM | PCDROP_HOLD_EVICT),
	{ "shmem_free_swap", 0, PCDROP_HOLD_SWAP },
#ifdef PCDROP_SHADOW_PATH
	{ "truncate_folio_batch_exceptionals", 0, PCDROP_HOLD_SHADOW },
#if !PCDROP_SINCE(6, 12)
	BYPASSED(clear_shadow_entry, PCDROP_HOLD_SHADOW),
#else
	BYPASSED(clear_shadow_entries, PCDROP_HOLD_SHADOW),
#endif
#endif
	/* Its checks, its locked part, and the walk it mirrors. */
	BYPASSED(mapping_evict_folio, PCDROP_HOLD_EVICT),
	BYPASSED(remove_mapping, PCDROP_HOLD_EVICT),
	BYPASSED(__remove_mapping, PCDROP_HOLD_EVICT),
	BYPASSED(delete_from_page_cache_batch, PCDROP_HOLD_EVICT),
};

/* The table, as "FUNCTION:SWITCH,SWITCH ..." for pcdrop status. */
static char bypassed_param[512];
module_param_string(bypassed, bypassed_param, sizeof(bypassed_param), 0444);
MODULE_PARM_DESC(bypassed,
		 "The kernel functions each path does the work of instead of calling them (read only)");

static char owned[256];
module_param_string(owned, owned, sizeof(owned), 0444);
MODULE_PARM_DESC(owned,
		 "The functions of bypassed found patched by someone else at load, as FUNCTION:OWNER (read only)");

/*
 * The livepatch other than @self that patches vmlinux's @name, or NULL.
 * Called under the livepatch core's mutex, while @self is the last patch
 * on its list (klp_init_patch() adds it at the tail): @self's next entry is
 * the list's head.
 */
static const char *livepatch_owner(struct klp_patch *self, const char *name)
{
	struct list_head *patches = self->list.next;
	struct klp_patch *patch;
	struct klp_object *obj;
	struct klp_func *func;

	list_for_each_entry(patch, patches, list) {
		if (patch == self)
			continue;
		klp_for_each_object(patch, obj) {
			if (obj->name)
				continue;
			klp_for_each_func(obj, func)
				if (!strcmp(func->old_name, name))
					return patch->mod->name;
		}
	}
	return NULL;
}

/*
 * Is the function @fn patched by someone other than @self?  Its owner (a
 * livepatch's module name, or "ftrace") or NULL.  @any: whether one probe
 * of all the table's functions found any of them owned.
 */
static const char *owner_of(struct klp_patch *self,
			    const struct bypassed_function *fn, bool any)
{
	const char *owner = livepatch_owner(self, fn->name);

	if (!owner && any && fn->addr && pcdrop_ipmodify_owned(&fn->addr, 1))
		owner = "ftrace";
	return owner;
}

/*
 * Hold every path that would bypass a function someone else owns.  Runs
 * from @self's pre-patch callback: under the livepatch core's mutex, so
 * the set of livepatches cannot change meanwhile.
 */
void pcdrop_bypass_check(struct klp_patch *self)
{
	unsigned long addrs[ARRAY_SIZE(bypassed)];
	unsigned int i, nr = 0;
	char paths[80];
	bool any;

	for (i = 0; i < ARRAY_SIZE(bypassed); i++)
		if (bypassed[i].addr)
			addrs[nr++] = bypassed[i].addr;
	any = pcdrop_ipmodify_owned(addrs, nr);
	owned[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(bypassed); i++) {
		const struct bypassed_function *fn = &bypassed[i];
		const char *owner = owner_of(self, fn, any);

		if (!owner)
			continue;
		pcdrop_hold(fn->hold, paths, sizeof(paths));
		pr_warn("%s() is patched by %s: %s held off (its work would bypass that patch)\n",
			fn->name, strcmp(owner, "ftrace") ? owner : "an ftrace user",
			paths);
		snprintf(owned + strlen(owned), sizeof(owned) - strlen(owned),
			 "%s%s:%s", owned[0] ? " " : "", fn->name, owner);
	}
}

/* Fill the parameter "bypassed" from the table. */
void pcdrop_bypass_init(void)
{
	char paths[80];
	int i;

	for (i = 0; i < ARRAY_SIZE(bypassed); i++) {
		pcdrop_hold_names(bypassed[i].hold, paths, sizeof(paths));
		strreplace(paths, ' ', ',');
		snprintf(bypassed_param + strlen(bypassed_param),
			 sizeof(bypassed_param) - strlen(bypassed_param),
			 "%s%s:%s", bypassed_param[0] ? " " : "",
			 bypassed[i].name, paths);
	}
}
