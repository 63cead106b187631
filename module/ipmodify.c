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
 * kernel's.  That owner is recognised on the livepatch core's list of
 * patches (livepatch_core.h), under its mutex, by its module's name.
 * docs/design.md, "Upgrading", says what this can and cannot verify.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

#include "ipmodify.h"
#include "livepatch_core.h"

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
 *
 * The probe is allocated, not on the stack: a registration that fails on
 * an owner has already put it on ftrace's list of ops, where a CPU tracing
 * another function can still be reading it and its filter after ftrace's
 * rollback takes it off again, without waiting for a grace period unless it
 * had a trampoline (docs/design.md, "When the probe cannot tell").  So the
 * grace periods ftrace itself waits for when it removes an ops pass before
 * the filter and the probe are freed: RCU's, for the list's readers with
 * preemption off, and RCU-tasks-rude's, for those where RCU is not watching
 * (6.1 and 6.12; a no-op on 7.3, where none is).
 */
static int ipmodify_free_all(const unsigned long *ips, unsigned int nr)
{
	struct ftrace_ops *probe = kzalloc(sizeof(*probe), GFP_KERNEL);
	unsigned int i;
	int ret = 0;

	if (!probe)
		return -ENOMEM;
	probe->func = ipmodify_probe_func;
	probe->flags = FTRACE_OPS_FL_IPMODIFY |
#ifndef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
		       FTRACE_OPS_FL_SAVE_REGS |
#endif
		       FTRACE_OPS_FL_RECURSION;
	for (i = 0; i < nr && !ret; i++)
		ret = ftrace_set_filter_ip(probe, ips[i], 0, 0);
	if (!ret) {
		ret = register_ftrace_function(probe);
		if (!ret) {
			unregister_ftrace_function(probe);
		} else {
			synchronize_rcu();
			synchronize_rcu_tasks_rude();
		}
	}
	ftrace_free_filter(probe);
	kfree(probe);
	return ret;
}

/*
 * A probe that fails for another reason than an owner proves nothing
 * either way.  -EAGAIN is what a BPF trampoline's ftrace ops answers while
 * it is being attached or detached on one of the functions: a few tries,
 * 20 ms apart, see that through.
 */
#define PCDROP_PROBE_TRIES	5

/*
 * A test build (PCDROP_TEST_PROBE_ERROR=N, suite 65) fails every probe of
 * pcdrop_ipmodify_owned() with -N, as one racing a BPF trampoline's attach
 * can fail: no kernel lets a test cause that at will.
 */
static int probe_owners(const unsigned long *ips, unsigned int nr)
{
#ifdef PCDROP_TEST_PROBE_ERROR
	return -(PCDROP_TEST_PROBE_ERROR);
#else
	return ipmodify_free_all(ips, nr);
#endif
}

/*
 * Does another IPMODIFY user own one of the @nr functions at @ips?  1 if
 * so, 0 if not, or the error that kept the probe from telling; *@tries
 * says how many probes that took.
 */
int pcdrop_ipmodify_owned(const unsigned long *ips, unsigned int nr,
			  unsigned int *tries)
{
	int ret;

	for (*tries = 1; ; (*tries)++) {
		ret = probe_owners(ips, nr);
		if (ret != -EAGAIN || *tries == PCDROP_PROBE_TRIES)
			break;
		msleep(20);
	}
	return ret == -EBUSY ? 1 : ret;
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

/* A livepatch of a pcdrop: one of the two names "pcdrop upgrade" relays between. */
static bool is_pcdrop(const struct klp_patch *patch)
{
	return !strcmp(patch->mod->name, "pcdrop") ||
	       !strcmp(patch->mod->name, "pcdrop_next");
}

/* Does some pcdrop's livepatch other than @self replace @name? */
static bool pcdrop_replaces(const struct klp_patch *self, const char *name)
{
	struct klp_patch *patch;
	struct klp_object *obj;
	struct klp_func *func;

	list_for_each_entry(patch, &klp_patches, list) {
		if (patch == self || !is_pcdrop(patch))
			continue;
		klp_for_each_object(patch, obj)
			klp_for_each_func(obj, func)
				if (!obj->name && !strcmp(func->old_name, name))
					return true;
	}
	return false;
}

/* "X.Y.Z" as Kbuild's PCDROP_VERSION_NUMBER, X * 1000000 + Y * 1000 + Z; or 0. */
static unsigned long version_number(const char *version)
{
	unsigned int x, y, z;

	if (!version || sscanf(version, "%u.%u.%u", &x, &y, &z) != 3)
		return 0;
	return x * 1000000UL + y * 1000 + z;
}

/*
 * The pre-patch callback of pcdrop's vmlinux object.  The livepatch core
 * runs it under its mutex (klp_mutex), with @self as the transition patch,
 * so the set of livepatches cannot change meanwhile.  With takeover=1, the
 * newest pcdrop loaded (by its module's name, on the core's list of
 * patches) must not be newer than this one, and every function owned by
 * someone else must be one that a pcdrop replaces.  No livepatch state
 * (struct klp_state) says "a pcdrop": the core would then refuse every
 * cumulative livepatch that does not carry it (docs/design.md).
 */
int pcdrop_ipmodify_pre_patch(struct klp_patch *self)
{
	struct klp_patch *patch, *prev = NULL;
	unsigned int i;

	if (!takeover)
		return 0;
	list_for_each_entry(patch, &klp_patches, list)
		if (patch != self && is_pcdrop(patch))
			prev = patch;
	if (!prev) {
		pr_err("takeover=1, but no pcdrop is loaded to take over from; not loading\n");
		return -ENOENT;
	}
	if (version_number(prev->mod->version) > PCDROP_VERSION_NUMBER) {
		pr_err("takeover=1, but the loaded %s %s is newer than this pcdrop %s; not downgrading\n",
		       prev->mod->name, prev->mod->version, PCDROP_VERSION);
		return -EINVAL;
	}
	for (i = 0; i < nr_owned; i++) {
		if (pcdrop_replaces(self, owned[i]))
			continue;
		pr_err("takeover=1, but %s() is patched by something other than an older pcdrop; not replacing it\n",
		       owned[i]);
		return -EBUSY;
	}
	pr_info("taking over from the loaded %s %s\n", prev->mod->name,
		prev->mod->version);
	return 0;
}
