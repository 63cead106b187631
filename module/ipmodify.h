/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_IPMODIFY_H
#define PCDROP_IPMODIFY_H

#include <linux/livepatch.h>

int pcdrop_ipmodify_check(unsigned long ip, const char *name);
int pcdrop_ipmodify_owned(const unsigned long *ips, unsigned int nr,
			  unsigned int *tries);
int pcdrop_ipmodify_takeover_check(void);
int pcdrop_ipmodify_pre_patch(struct klp_patch *self);

#endif /* PCDROP_IPMODIFY_H */
