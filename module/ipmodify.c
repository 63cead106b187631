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
int pcdrop_ipmodify_free(unsigned long ip)
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
