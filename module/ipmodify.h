/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_IPMODIFY_H
#define PCDROP_IPMODIFY_H

int pcdrop_ipmodify_check(unsigned long ip, const char *name);

#endif /* PCDROP_IPMODIFY_H */
