// SPDX-License-Identifier: GPL-2.0
/*
 * slowinit.c - for the admin command's tests only (suite 70): a module
 * named pcdrop whose init takes @seconds, as a livepatch's load can when
 * the kernel waits inside klp_enable_patch() (6.12 under a truncating
 * load), so that "pcdrop load" must bound its modprobe by TIMEOUT itself.
 */
#include <linux/delay.h>
#include <linux/module.h>

static unsigned int seconds = 20;
module_param(seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "How long the init takes");

static int __init slowinit_init(void)
{
	msleep(seconds * 1000);
	return 0;
}

static void __exit slowinit_exit(void)
{
}

module_init(slowinit_init);
module_exit(slowinit_exit);
MODULE_DESCRIPTION("pcdrop tests: a module named pcdrop whose init takes seconds");
MODULE_LICENSE("GPL");
