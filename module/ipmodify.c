// SPDX-License-Identifier: GPL-2.0
/*
 * ipmodify.c - is a kernel function already redirected by someone else?
 *
 * Another livepatch (a distribution's security fix, say) or an ftrace user
 * that modifies the instruction pointer may already own a function pcdrop
 * wants to replace.  Livepatch would stack pcdrop's replacement on top of
 * it, and since pcdrop's replacement runs the function's original body, the
 * other fix would silently stop running.  ftrace allows one IPMODIFY user per
 * function, so registering one, briefly, answers the question.
 *
 * The one owner pcdrop may stack on is an older (or the same) pcdrop, and
 * only when asked to (takeover=1, what "pcdrop upgrade" passes): the new
 * one's replacements then run instead of the old one's, at no moment the
 * kernel's.  That owner is recognised through the livepatch state API
 * (pcdrop_klp_state): only there, under the livepatch core's mutex, can a
 * module see the other livepatches.  docs/design.md, "Upgrading", says
 * what this can and cannot verify.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/moduleparam.h>

#include "ipmodify.h"

static bool takeover;
module_param(takeover, bool, 0444);
MODULE_PARM_DESC(takeover,
		 "Stack on an older loaded pcdrop, to replace it (pcdrop upgrade)");

/*
 * The functions found owned by another IPMODIFY user at load time; with
 * takeover=1, pcdrop_ipmodify_pre_patch() checks that their owner is a
 * pcdrop.  pcdrop replaces at most PCDROP_MAX_FUNCS functions.
 */
#define PCDROP_MAX_FUNCS 4
static const char *owned[PCDROP_MAX_FUNCS];
static unsigned int nr_owned;

static void notrace ipmodify_probe_func(unsigned long ip, unsigned long parent_ip,
					struct ftrace_ops *ops,
					struct ftrace_regs *fregs)
{
}

/*
 * Returns 0 when no other IPMODIFY user holds any of the @nr functions at
 * @ips, -EBUSY when one does, or another error from ftrace.  One probe for
 * them all: each registration ends with RCU-tasks grace periods.
 */
static int ipmodify_free_all(const unsigned long *ips, unsigned int nr)
{
	struct ftrace_ops probe = {
		.func = ipmodify_probe_func,
		.flags = FTRACE_OPS_FL_IPMODIFY |
#ifndef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
			 FTRACE_OPS_FL_SAVE_REGS |
#endif
			 FTRACE_OPS_FL_RECURSION,
	};
	unsigned int i;
	int ret = 0;

	for (i = 0; i < nr && !ret; i++)
		ret = ftrace_set_filter_ip(&probe, ips[i], 0, 0);
	if (!ret) {
		ret = register_ftrace_function(&probe);
		if (!ret)
			unregister_ftrace_function(&probe);
	}
	ftrace_free_filter(&probe);
	return ret;
}

/* Does another IPMODIFY user own one of the @nr functions at @ips? */
bool pcdrop_ipmodify_owned(const unsigned long *ips, unsigned int nr)
{
	return ipmodify_free_all(ips, nr) == -EBUSY;
}

/*
 * pcdrop may replace the function @name at @ip only if no one else has:
 * returns 0 if so, else logs why not and returns the error.  With
 * takeover=1 an owner is only noted, for pcdrop_ipmodify_pre_patch().
 */
int pcdrop_ipmodify_check(unsigned long ip, const char *name)
{
	int ret = ipmodify_free_all(&ip, 1);

	if (ret == -EBUSY && takeover && nr_owned < PCDROP_MAX_FUNCS) {
		owned[nr_owned++] = name;
		return 0;
	}
	if (ret == -EBUSY)
		pr_err("%s() is already patched by another livepatch or ftrace user; not replacing it%s\n",
		       name, " (if that is an older pcdrop: pcdrop upgrade)");
	else if (ret)
		pr_err("cannot check %s() for other livepatches: %d\n", name, ret);
	return ret;
}

/*
 * After the checks, before klp_enable_patch(): a takeover needs something
 * to take over.  Every pcdrop replaces shmem_undo_range() or the fadvise
 * function, so with no function owned there is no pcdrop loaded.
 */
int pcdrop_ipmodify_takeover_check(void)
{
	if (takeover && !nr_owned) {
		pr_err("takeover=1, but no pcdrop is loaded to take over from; not loading\n");
		return -ENOENT;
	}
	return 0;
}

static bool replaced_by(const struct klp_func *funcs, const char *name)
{
	for (; funcs->old_name; funcs++)
		if (!strcmp(funcs->old_name, name))
			return true;
	return false;
}

/*
 * The pre-patch callback of pcdrop's vmlinux object.  The livepatch core
 * runs it under its mutex, with this patch as the transition patch, so the
 * set of livepatches cannot change meanwhile.  The livepatch core already
 * refused this patch if an installed one carries pcdrop's state with a
 * higher version (a downgrade).  With takeover=1, every function owned by
 * someone else must be one that an installed pcdrop replaces: that pcdrop
 * puts its klp_func array in its state's data.
 */
int pcdrop_ipmodify_pre_patch(struct klp_object *obj)
{
	struct klp_state *prev;
	unsigned int i;

	if (!takeover)
		return 0;
	prev = klp_get_prev_state(PCDROP_KLP_STATE_ID);
	if (!prev) {
		pr_err("takeover=1, but no pcdrop is loaded to take over from; not loading\n");
		return -ENOENT;
	}
	for (i = 0; i < nr_owned; i++) {
		if (prev->data && replaced_by(prev->data, owned[i]))
			continue;
		pr_err("takeover=1, but %s() is patched by something other than an older pcdrop; not replacing it\n",
		       owned[i]);
		return -EBUSY;
	}
	pr_info("taking over from the loaded pcdrop (state version %u)\n",
		prev->version);
	return 0;
}
