// SPDX-License-Identifier: GPL-2.0
/*
 * bypass_guard.c - never bypass another livepatch.
 *
 * A batched path does the work of some kernel functions instead of calling
 * them: batched eviction that of mapping_evict_folio(), remove_mapping()
 * and the rest, the shadow walk that of truncate_folio_batch_exceptionals().
 * A distribution's livepatch (or another ftrace user that modifies the
 * instruction pointer) of one of those would silently stop running while
 * the path is on.  So each path whose functions someone else owns is held,
 * as the drift guard holds a path (drift_guard.c): its switch reads N and
 * refuses Y, its code calls the kernel's functions, and one line in the
 * kernel log names the function and its owner.
 *
 * When: at pcdrop's load (its pre-patch callback), and whenever another
 * livepatch module comes or goes (a module notifier).  A livepatch module
 * enables its patch from its init, so from the moment it is coming until
 * its init has returned every path that stands in for some function is
 * held, and pcdrop waits until no task is still inside such a path's
 * batched work (drift_guard.h): no task can run the other patch's function
 * while pcdrop does that function's work.  Once its init has returned, its
 * functions are on the livepatch core's list, and only the paths that
 * stand in for one of them stay held, until its module goes.
 *
 * The parameter "bypassed" says which paths stand in for which functions;
 * "owned" lists what is owned now, as FUNCTION:OWNER; "replaced_by" names
 * the cumulative livepatch that replaced pcdrop's, if one did.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ctype.h>
#include <linux/livepatch.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "bypass_guard.h"
#include "drift_guard.h"
#include "ipmodify.h"
#include "kernel_api.h"
#include "livepatch_core.h"

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
		 "The functions of bypassed patched by someone else now, as FUNCTION:OWNER (read only)");

static char replaced_by[MODULE_NAME_LEN];
module_param_string(replaced_by, replaced_by, sizeof(replaced_by), 0444);
MODULE_PARM_DESC(replaced_by,
		 "The cumulative livepatch that replaced pcdrop's: every path then runs stock (read only)");

/* pcdrop's own livepatch, and whether it was disabled (not replaced). */
static struct klp_patch *self;
static bool unpatched;

/*
 * The owner of each function of the table now: a livepatch's module
 * name, "ftrace" (an IPMODIFY ftrace user), "unknown" (the probe failed),
 * or "" (nobody).  Under klp_mutex.
 */
static char owner[ARRAY_SIZE(bypassed)][MODULE_NAME_LEN];

/*
 * The livepatch modules between coming and their init's return: while
 * there is one, every path of the table is held.  More at once than fit
 * here keeps them held until pcdrop is loaded again.  Under klp_mutex.
 */
static struct module *loading[8];
static bool loading_overflow;

/* Every path the table can hold. */
static unsigned int all_holds(void)
{
	unsigned int bits = 0;
	int i;

	for (i = 0; i < ARRAY_SIZE(bypassed); i++)
		bits |= bypassed[i].hold;
	return bits;
}

static bool any_loading(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(loading); i++)
		if (loading[i])
			return true;
	return loading_overflow;
}

/*
 * Is @sym the function @name or one of the compiler's parts of it
 * (NAME.part.N, NAME.isra.N, NAME.constprop.N, NAME.cold, in any chain)?
 * A livepatch of a function the compiler split patches the part by its
 * kallsyms name: 6.1's and 6.12's truncate_folio_batch_exceptionals() is
 * truncate_folio_batch_exceptionals.part.0.
 */
static bool same_function(const char *sym, const char *name)
{
	static const char *const parts[] = { ".part", ".isra", ".constprop", ".cold" };
	size_t len = strlen(name);
	int i;

	if (strncmp(sym, name, len))
		return false;
	for (sym += len; *sym; ) {
		for (i = 0; i < ARRAY_SIZE(parts); i++)
			if (str_has_prefix(sym, parts[i]))
				break;
		if (i == ARRAY_SIZE(parts))
			return false;
		sym += strlen(parts[i]);
		if (*sym == '.' && isdigit(sym[1]))
			for (sym++; isdigit(*sym); sym++)
				;
	}
	return true;
}

/* The livepatch other than pcdrop's that patches vmlinux's @name, or NULL. */
static const char *livepatch_owner(const char *name)
{
	struct klp_patch *patch;
	struct klp_object *obj;
	struct klp_func *func;

	list_for_each_entry(patch, &klp_patches, list) {
		if (patch == self)
			continue;
		klp_for_each_object(patch, obj) {
			if (obj->name)
				continue;
			klp_for_each_func(obj, func)
				if (same_function(func->old_name, name))
					return patch->mod->name;
		}
	}
	return NULL;
}

/*
 * Who owns the function @fn: a livepatch, an IPMODIFY ftrace user (asked
 * only when @any, the probe of the whole table, did not say "nobody"), or
 * "unknown" when the probe cannot tell; NULL for nobody.
 */
static const char *owner_of(const struct bypassed_function *fn, int any)
{
	const char *lp = livepatch_owner(fn->name);
	unsigned int tries;
	int ret;

	if (lp)
		return lp;
	if (!fn->addr || !any)
		return NULL;
	ret = pcdrop_ipmodify_owned(&fn->addr, 1, &tries);
	if (ret < 0) {
		pr_warn("%s() cannot be checked for other livepatches or ftrace users: error %d after %u tries\n",
			fn->name, ret, tries);
		return "unknown";
	}
	return ret ? "ftrace" : NULL;
}

/* Log that @fn's owner changed from owner[@i] to @now. */
static void owner_changed(int i, const char *now)
{
	const struct bypassed_function *fn = &bypassed[i];
	char paths[80];

	pcdrop_hold_names(fn->hold, paths, sizeof(paths));
	if (!*now)
		pr_info("%s() is no longer patched by %s: %s no longer held for it\n",
			fn->name, owner[i], paths);
	else if (!strcmp(now, "unknown"))
		pr_warn("%s() may be patched by someone else: %s held off\n",
			fn->name, paths);
	else
		pr_warn("%s() is patched by %s: %s held off (its work would bypass that patch)\n",
			fn->name, strcmp(now, "ftrace") ? now : "an ftrace user",
			paths);
}

/*
 * Find the owners of the table's functions, and hold the paths of those
 * owned, and every path while a livepatch module is loading.  Under
 * klp_mutex, so the set of livepatches cannot change meanwhile: from
 * pcdrop's pre-patch callback, and from module_event().
 */
void pcdrop_bypass_check(void)
{
	unsigned long addrs[ARRAY_SIZE(bypassed)];
	unsigned int i, nr = 0, bits = 0, tries;
	char list[sizeof(owned)] = "";
	int any;

	for (i = 0; i < ARRAY_SIZE(bypassed); i++)
		if (bypassed[i].addr)
			addrs[nr++] = bypassed[i].addr;
	any = pcdrop_ipmodify_owned(addrs, nr, &tries);
	if (any < 0)
		pr_warn("the probe for ftrace users of the bypassed functions failed: error %d after %u tries; probing each\n",
			any, tries);
	for (i = 0; i < ARRAY_SIZE(bypassed); i++) {
		const char *now = owner_of(&bypassed[i], any) ?: "";

		if (strcmp(now, owner[i])) {
			owner_changed(i, now);
			strscpy(owner[i], now, sizeof(owner[i]));
		}
		if (!*now)
			continue;
		bits |= bypassed[i].hold;
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%s:%s", list[0] ? " " : "", bypassed[i].name, now);
	}
	kernel_param_lock(THIS_MODULE);
	strscpy(owned, list, sizeof(owned));
	kernel_param_unlock(THIS_MODULE);
	pcdrop_hold_bypass(any_loading() ? all_holds() : bits);
}

/*
 * From pcdrop's post-unpatch callback, under klp_mutex: its patch was
 * disabled, which a replacement does without the callback.
 */
void pcdrop_bypass_unpatched(void)
{
	unpatched = true;
}

/*
 * A cumulative livepatch (.replace) replaces every livepatch loaded before
 * it, pcdrop's too: once its transition ends, the livepatch core frees
 * pcdrop's patch without a callback, and every path runs stock.  Say so
 * when @mod's patch is one and pcdrop's was not disabled before it: its
 * transition may have ended inside its init already, taking pcdrop's
 * patch off the core's list.
 */
static void note_replacement(struct module *mod)
{
	struct klp_patch *patch;
	bool replacing = false;

	list_for_each_entry(patch, &klp_patches, list)
		replacing |= patch->mod == mod && patch->replace;
	if (!replacing || unpatched)
		return;
	kernel_param_lock(THIS_MODULE);
	strscpy(replaced_by, mod->name, sizeof(replaced_by));
	kernel_param_unlock(THIS_MODULE);
	pr_warn("%s is a cumulative livepatch: it replaces pcdrop's, and every path runs stock once its transition ends ('pcdrop load' puts pcdrop back on top of it)\n",
		mod->name);
}

static void loading_set(struct module *from, struct module *to)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(loading); i++)
		if (loading[i] == from) {
			loading[i] = to;
			return;
		}
	if (to)
		loading_overflow = true;
}

/*
 * Another livepatch module comes (hold every path: its init may enable a
 * patch of any function), is live (its patch, if any, is on the core's
 * list) or goes (its patch, if any, is gone).  pcdrop's own builds, which
 * "pcdrop upgrade" relays between, patch none of the table's functions.
 */
static int module_event(struct notifier_block *nb, unsigned long event,
			void *data)
{
	struct module *mod = data;

	if (mod == THIS_MODULE || !is_livepatch_module(mod) ||
	    !strcmp(mod->name, "pcdrop") || !strcmp(mod->name, "pcdrop_next"))
		return NOTIFY_DONE;
	mutex_lock(&klp_mutex);
	switch (event) {
	case MODULE_STATE_COMING:
		loading_set(NULL, mod);
		pcdrop_hold_bypass(all_holds());
		break;
	case MODULE_STATE_LIVE:
		note_replacement(mod);
		fallthrough;
	case MODULE_STATE_GOING:
		loading_set(mod, NULL);
		pcdrop_bypass_check();
		break;
	}
	mutex_unlock(&klp_mutex);
	return NOTIFY_OK;
}

static struct notifier_block module_nb = {
	.notifier_call = module_event,
};

int pcdrop_bypass_watch(void)
{
	return register_module_notifier(&module_nb);
}

void pcdrop_bypass_unwatch(void)
{
	unregister_module_notifier(&module_nb);
}

/* Fill the parameter "bypassed" from the table; @patch is pcdrop's own. */
void pcdrop_bypass_init(struct klp_patch *patch)
{
	char paths[80];
	int i;

	self = patch;
	for (i = 0; i < ARRAY_SIZE(bypassed); i++) {
		pcdrop_hold_names(bypassed[i].hold, paths, sizeof(paths));
		strreplace(paths, ' ', ',');
		snprintf(bypassed_param + strlen(bypassed_param),
			 sizeof(bypassed_param) - strlen(bypassed_param),
			 "%s%s:%s", bypassed_param[0] ? " " : "",
			 bypassed[i].name, paths);
	}
}
