/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_BYPASS_GUARD_H
#define PCDROP_BYPASS_GUARD_H

#include <linux/livepatch.h>

void pcdrop_bypass_init(struct klp_patch *patch);
void pcdrop_bypass_check(void);
void pcdrop_bypass_unpatched(void);
int pcdrop_bypass_watch(void);
void pcdrop_bypass_unwatch(void);

#endif /* PCDROP_BYPASS_GUARD_H */
