// SPDX-License-Identifier: GPL-2.0
/*
 * misbehave.ko - breaks the guest kernel on purpose, for the test runner's
 * own tests: a guest that oopses or warns must be reported as a failure
 * even when its script claims success.
 *
 * Usage: insmod misbehave.ko action=oops|warn
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bug.h>
#include <linux/module.h>
#include <linux/string.h>

static char *action = "oops";
module_param(action, charp, 0400);

/* Zero, but the compiler cannot know it. */
static unsigned long null_address;
module_param(null_address, ulong, 0400);

static int __init misbehave_init(void)
{
	if (!strcmp(action, "warn"))
		WARN(1, "deliberate warning\n");
	else if (!strcmp(action, "oops"))
		pr_info("read %d\n", *(int *)null_address);
	return 0;
}

static void __exit misbehave_exit(void)
{
}

module_init(misbehave_init);
module_exit(misbehave_exit);
MODULE_DESCRIPTION("Deliberately broken module for pcdrop's runner tests");
MODULE_LICENSE("GPL");
