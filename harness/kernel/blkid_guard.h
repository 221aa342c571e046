/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blkid_guard.h: refuses write jobs against a device that is in use or
 * holds data: mounted, swap, held by another device, partitioned, or
 * carrying a filesystem/RAID/partition-table signature (libblkid).
 */
#ifndef FIORING_BLKID_GUARD_H
#define FIORING_BLKID_GUARD_H

#include <stddef.h>

#include "kernel/target.h"

int blkid_guard_check(const struct target *t, char *why, size_t len);

#endif
