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
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>

#include "ipmodify.h"

static void notrace ipmodify_probe_func(unsigned long ip, unsigned long parent_ip,
					struct ftrace_ops *ops,
					struct ftrace_regs *fregs)
{
}

/*
 * Returns 0 when no other IPMODIFY user holds @ip, -EBUSY when one does,
 * or another error from ftrace.
 */
static int ipmodify_free(unsigned long ip)
{
	struct ftrace_ops probe = {
		.func = ipmodify_probe_func,
		.flags = FTRACE_OPS_FL_IPMODIFY |
#ifndef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
			 FTRACE_OPS_FL_SAVE_REGS |
#endif
			 FTRACE_OPS_FL_RECURSION,
	};
	int ret;

	ret = ftrace_set_filter_ip(&probe, ip, 0, 0);
	if (!ret) {
		ret = register_ftrace_function(&probe);
		if (!ret)
			unregister_ftrace_function(&probe);
	}
	ftrace_free_filter(&probe);
	return ret;
}

/*
 * pcdrop may replace the function @name at @ip only if no one else has:
 * returns 0 if so, else logs why not and returns the error.
 */
int pcdrop_ipmodify_check(unsigned long ip, const char *name)
{
	int ret = ipmodify_free(ip);

	if (ret == -EBUSY)
		pr_err("%s() is already patched by another livepatch or ftrace user; not replacing it\n",
		       name);
	else if (ret)
		pr_err("cannot check %s() for other livepatches: %d\n", name, ret);
	return ret;
}
