/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_BYPASS_GUARD_H
#define PCDROP_BYPASS_GUARD_H

#include <linux/livepatch.h>

void pcdrop_bypass_init(void);
void pcdrop_bypass_check(struct klp_patch *self);

#endif /* PCDROP_BYPASS_GUARD_H */
