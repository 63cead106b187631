/* SPDX-License-Identifier: GPL-2.0 */
/*
 * module_hooks.h - pcdrop-stat's kprobes on pcdrop.ko's stat points, one
 * set per loaded instance of the module, re-attached when it reloads.
 */
#ifndef __PCDROP_STAT_MODULE_HOOKS_H
#define __PCDROP_STAT_MODULE_HOOKS_H

struct pcdrop;

/* Before the skeleton loads: load the programs of the points (not --without). */
void module_hooks_select(struct pcdrop *skel);

/*
 * After it loads: pin those programs under PROG_DIR, where
 * module_hooks_refresh() finds them.  Negative if a pin failed (noted).
 */
int module_hooks_pin(struct pcdrop *skel);

/*
 * Unpin the links of module instances gone; attach the points of each
 * loaded instance not attached yet.  Adds to @attached the points newly
 * attached, to @missing those that could not be (noted).
 */
void module_hooks_refresh(unsigned int *attached, unsigned int *missing);

/*
 * For "dump" and "metrics": call @fn for each point of a loaded instance
 * that no pinned link probes; how many there were.
 */
typedef void (*missing_fn)(const char *module, const char *sym, const char *what);
unsigned int module_hooks_missing(missing_fn fn);

#endif /* __PCDROP_STAT_MODULE_HOOKS_H */
