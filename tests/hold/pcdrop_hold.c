// SPDX-License-Identifier: GPL-2.0
/*
 * pcdrop_hold.ko - test only: keeps a task inside shmem_undo_range(), the
 * kernel function pcdrop replaces, for as long as this module is loaded,
 * so that a livepatch transition of pcdrop cannot finish (suite 70).
 *
 * It locks the first folio of a tmpfs file and keeps it locked until
 * rmmod.  A task that truncates that file then sleeps in folio_lock()
 * inside shmem_undo_range()'s second pass, and the livepatch core cannot
 * switch a task with that function on its stack.
 *
 * Usage: insmod pcdrop_hold.ko path=/dev/shm/FILE   (the file has data)
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/pagemap.h>

static char *path;
module_param(path, charp, 0400);
MODULE_PARM_DESC(path, "A tmpfs file whose first folio is held locked");

static struct folio *held;

static int __init pcdrop_hold_init(void)
{
	struct file *file;

	if (!path)
		return -EINVAL;
	file = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	/* 6.1 returns NULL for a missing folio, later kernels ERR_PTR. */
	held = __filemap_get_folio(file->f_mapping, 0, FGP_LOCK, 0);
	filp_close(file, NULL);
	if (IS_ERR_OR_NULL(held))
		return -ENODATA;
	pr_info("holding the lock of %s's first folio\n", path);
	return 0;
}

static void __exit pcdrop_hold_exit(void)
{
	folio_unlock(held);
	folio_put(held);
	pr_info("released\n");
}

module_init(pcdrop_hold_init);
module_exit(pcdrop_hold_exit);
MODULE_DESCRIPTION("Test only: holds a tmpfs folio locked, for pcdrop's stuck-transition test");
MODULE_LICENSE("GPL");
