/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_IPMODIFY_H
#define PCDROP_IPMODIFY_H

#include <linux/livepatch.h>

/*
 * The livepatch state every pcdrop build declares (and no other livepatch):
 * its id says "a pcdrop", its version is PCDROP_STATE_VERSION (from
 * ./VERSION, Kbuild), its data the patch's klp_func array for vmlinux.
 */
#define PCDROP_KLP_STATE_ID 0x706364726f70UL	/* "pcdrop" */

int pcdrop_ipmodify_check(unsigned long ip, const char *name);
bool pcdrop_ipmodify_owned(const unsigned long *ips, unsigned int nr);
int pcdrop_ipmodify_takeover_check(void);
int pcdrop_ipmodify_pre_patch(struct klp_object *obj);

#endif /* PCDROP_IPMODIFY_H */
