/* SPDX-License-Identifier: GPL-2.0 */
/*
 * queue_attr.h: where a queue/ setting of a target lives, and setting it
 * there.  A native NVMe multipath head is bio-based: its I/O becomes
 * requests on the hidden path disks (nvmeXcYnZ), each with a queue of its
 * own.  So an attribute that acts on requests (merging, tags, the
 * scheduler, the completion CPU) is the paths', not the head's; iostats is
 * both's (each counts what passes through it, and before ~6.3 only the
 * paths counted multipath I/O); any other (read_ahead_kb) is the head's.
 * Any other target is its own disk.
 */
#ifndef FIORING_QUEUE_ATTR_H
#define FIORING_QUEUE_ATTR_H

#include <stdbool.h>
#include <stddef.h>

#include "kernel/journal.h"
#include "kernel/target.h"

#define QUEUE_ATTR_DISKS_MAX	(TARGET_MAX_PATHS + 1)

/* queue/ATTR acts on requests only, and does nothing on a bio-based disk */
bool queue_attr_on_requests(const char *attr);
/* the disks that hold t's requests are blk-mq (a head's: its paths) */
bool queue_attr_blk_mq(const struct target *t);
/* the disks whose queue/ATTR make t's setting, the one read first; how many */
int queue_attr_disks(const struct target *t, const char *attr,
		     const char **disks);
/* queue/ATTR of disk into buf; 0, or -errno (-ENOENT: none) */
int queue_attr_disk_path(const char *disk, const char *attr, char *buf,
			 size_t len);
/* the same of the first of t's disks of ATTR */
int queue_attr_path(const struct target *t, const char *attr, char *buf,
		    size_t len);
/*
 * Writes val to queue/ATTR of each of them (journaled before its first
 * write, knob.h) and reads each back: eff gets the first disk's value, or
 * the first that differs from it, so that a path left otherwise fails the
 * row's read-back check.  0, or -errno with *where the disk refused.
 */
int queue_attr_set(struct journal *j, const struct target *t, const char *attr,
		   const char *val, char *eff, size_t len, const char **where);

#endif
