// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop_a64proto.c - the arm64 study's prototype (docs/arm64.md): not
 * part of pcdrop.  Debian's arm64 kernels have no CONFIG_LIVEPATCH, so
 * this redirects shmem_undo_range() the way livepatch does underneath,
 * with an ftrace_ops that modifies the instruction pointer (IPMODIFY,
 * through ftrace_regs_set_instruction_pointer(), which arm64's
 * DYNAMIC_FTRACE_WITH_ARGS provides), to a function that counts the call
 * and then runs the kernel's own body.
 *
 * What it shows: the redirection works on Debian's 7.3 arm64 build; a
 * call from this module is not redirected (the handler lets calls whose
 * caller is in this module through), which is how the kernel's body
 * stays callable; unload waits until no task is inside the module's code:
 * after unregister_ftrace_function() no new call is redirected, the count
 * of calls in flight reaches zero, and synchronize_rcu_tasks() waits for
 * every task preempted between the count's decrement and its return.
 *
 * What it does not settle: it reaches the kernel's shmem_undo_range(),
 * which is not exported, through its address (looked up with a kprobe)
 * and a call through a pointer, which pcdrop's design forbids on x86
 * (IBT); Debian's arm64 build has no CONFIG_ARM64_BTI_KERNEL and no
 * kCFI, so the call works there, but it is the question the study turns
 * on.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sysfs.h>

static void (*kernel_undo_range)(struct inode *inode, loff_t lstart, loff_t lend,
				 bool unfalloc);
static atomic_long_t calls = ATOMIC_LONG_INIT(0);
static atomic_t in_flight = ATOMIC_INIT(0);

static int calls_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(&calls));
}

static const struct kernel_param_ops calls_ops = { .get = calls_get };
module_param_cb(calls, &calls_ops, NULL, 0444);
MODULE_PARM_DESC(calls, "shmem_undo_range() calls redirected here");

static void proto_undo_range(struct inode *inode, loff_t lstart, loff_t lend, bool unfalloc)
{
	atomic_long_inc(&calls);
	kernel_undo_range(inode, lstart, lend, unfalloc);
	atomic_dec(&in_flight);
}

static void notrace redirect(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	/* The call from proto_undo_range() runs the kernel's body. */
	if (within_module(parent_ip, THIS_MODULE))
		return;
	atomic_inc(&in_flight);
	ftrace_regs_set_instruction_pointer(fregs, (unsigned long)proto_undo_range);
}

static struct ftrace_ops ops = {
	.func = redirect,
	.flags = FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_RECURSION,
};

static unsigned long lookup(const char *name)
{
	struct kprobe kp = { .symbol_name = name };
	unsigned long addr;

	if (register_kprobe(&kp))
		return 0;
	addr = (unsigned long)kp.addr;
	unregister_kprobe(&kp);
	return addr;
}

static int __init proto_init(void)
{
	int ret;

	kernel_undo_range = (void *)lookup("shmem_undo_range");
	if (!kernel_undo_range) {
		pr_err("shmem_undo_range() not found; not loading\n");
		return -ENOENT;
	}
	ret = ftrace_set_filter(&ops, "shmem_undo_range", strlen("shmem_undo_range"), 0);
	if (!ret)
		ret = register_ftrace_function(&ops);
	if (ret) {
		ftrace_free_filter(&ops);
		pr_err("cannot redirect shmem_undo_range() (%d); not loading\n", ret);
		return ret;
	}
	pr_info("shmem_undo_range() at %pS redirected\n", kernel_undo_range);
	return 0;
}

static void __exit proto_exit(void)
{
	unregister_ftrace_function(&ops);
	ftrace_free_filter(&ops);
	while (atomic_read(&in_flight))
		msleep(20);
	synchronize_rcu_tasks();
	pr_info("unloaded after %ld calls\n", atomic_long_read(&calls));
}

module_init(proto_init);
module_exit(proto_exit);
MODULE_DESCRIPTION("pcdrop's arm64 study: shmem_undo_range() redirected by ftrace");
MODULE_LICENSE("GPL");
