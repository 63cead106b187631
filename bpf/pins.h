/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pins.h - "start" and "stop": load and attach the programs and pin them
 * under PIN_DIR, so that they keep counting after the command exits; and
 * unpin them, which detaches them; "refresh", for pcdrop.ko reloaded.
 */
#ifndef __PCDROP_STAT_PINS_H
#define __PCDROP_STAT_PINS_H

#include <stdbool.h>

int cmd_start(void);
/*
 * Attach the counters to the instances of pcdrop.ko loaded since "start"
 * (module_hooks.c); 1 if one could not be.
 */
int cmd_refresh(void);
/* @quiet: undoing a failed start, which says why itself. */
int cmd_stop(bool quiet);
/*
 * "stop" and each round of "export" exclude each other (a round re-pins
 * links that stop is removing): an exclusive flock on PIN_TOP.  The lock's
 * fd, or -1 if PIN_TOP is not there (not started); pins_unlock() it.
 */
int pins_lock(void);
void pins_unlock(int fd);

#endif /* __PCDROP_STAT_PINS_H */
