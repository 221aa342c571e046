/* SPDX-License-Identifier: GPL-2.0 */
/*
 * target_claim.h: a target becomes the sweep's before its first run: its
 * disk locked against other sweeps, and for a writing sweep checked for
 * data (the blkid guard) and claimed O_EXCL.
 */
#ifndef FIORING_TARGET_CLAIM_H
#define FIORING_TARGET_CLAIM_H

#include <stdbool.h>

#include "kernel/devlock.h"
#include "kernel/target.h"

/*
 * Takes t's lock into locks and, for a writing sweep, checks it for data
 * (unless force) and claims it; 0, or -errno after one line on stderr
 * saying what holds the target.
 */
int target_claim(struct devlocks *locks, const struct target *t, bool writes,
		 bool force);

#endif
