/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_VMLINUX_SYMBOLS_H
#define PCDROP_VMLINUX_SYMBOLS_H

#include <linux/dcache.h>

void pcdrop_vmlinux_symbols_create(struct dentry *dir);

#endif /* PCDROP_VMLINUX_SYMBOLS_H */
