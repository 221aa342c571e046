/* SPDX-License-Identifier: GPL-2.0 */
/*
 * undo_locks.h: the device locks a journal's replay needs, so that
 * `restore` (or a run replaying an earlier run's journal) cannot change
 * the settings of a disk another sweep is running on.
 */
#ifndef FIORING_UNDO_LOCKS_H
#define FIORING_UNDO_LOCKS_H

#include <stddef.h>

#include "kernel/devlock.h"

/*
 * Locks the node of every disk whose settings the journal restores,
 * except the devices it made and will remove.  0, or -EBUSY/-errno with
 * why ("/dev/loop0 is locked by pid 123 (fioring-bench)").
 */
int undo_lock_disks(struct devlocks *l, const char *journal_path, char *why,
		    size_t len);

#endif
