/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_PATCH_SITE_H
#define PCDROP_PATCH_SITE_H

#include <linux/types.h>

bool pcdrop_has_endbr(unsigned long addr);
int pcdrop_patch_site_check(unsigned long addr, const char *name, bool endbr);

#endif /* PCDROP_PATCH_SITE_H */
