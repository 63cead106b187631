/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PCDROP_DRIFT_GUARD_H
#define PCDROP_DRIFT_GUARD_H

#include <linux/debugfs.h>
#include <linux/moduleparam.h>
#include <linux/srcu.h>

/*
 * What a changed kernel function holds off: each bit is a set of switches
 * and the replacement that serves them, which main.c leaves out of the
 * livepatch (a hold by bypass_guard.c, found at load or later, turns the
 * switches off only, and lifts when the other livepatch goes).
 */
#define PCDROP_HOLD_SHMEM	BIT(0)	/* shmem_batch, swap_batch */
#define PCDROP_HOLD_SHADOW	BIT(1)	/* shadow_batch */
#define PCDROP_HOLD_FADVISE	BIT(2)	/* fadvise_lru_refs, evict_batch */
#define PCDROP_HOLD_EVICT	BIT(3)	/* evict_batch */
#define PCDROP_HOLD_SWAP	BIT(4)	/* swap_batch */

/*
 * A path's run-time switch: a bool parameter (kernel_param_ops
 * pcdrop_switch_ops) that reads N and refuses Y while the drift guard
 * holds its path.  @on comes first: param_get_bool() and param_set_bool()
 * see a bool.
 */
struct pcdrop_switch {
	bool on;
	unsigned int hold;
};

extern const struct kernel_param_ops pcdrop_switch_ops;

bool pcdrop_switch_on(const struct pcdrop_switch *sw);
int pcdrop_switch_set(const char *val, const struct kernel_param *kp);
int pcdrop_switch_get(char *buffer, const struct kernel_param *kp);
unsigned int pcdrop_drift_check(void);
void pcdrop_hold_names(unsigned int bits, char *buf, size_t len);
void pcdrop_hold_bypass(unsigned int bits);

/*
 * Each replacement reads its switches and does its batched work inside
 * this SRCU's read side (srcu_read_lock()), which a new hold waits out
 * (pcdrop_hold_bypass()).
 */
extern struct srcu_struct pcdrop_paths_srcu;
void pcdrop_drift_create(struct dentry *dir);

#endif /* PCDROP_DRIFT_GUARD_H */
