/* SPDX-License-Identifier: GPL-2.0 */
/*
 * queue_snap.h: every queue/ attribute of a target as a sweep found it,
 * swept or not, kept in meta.json so that the history can tell which
 * settings moved between two sweeps (a kernel's new default for
 * wbt_lat_usec or max_sectors_kb, a udev rule that changed read_ahead_kb).
 */
#ifndef FIORING_QUEUE_SNAP_H
#define FIORING_QUEUE_SNAP_H

#include <json-c/json.h>

#include "kernel/target.h"

/*
 * {"ATTR": "VALUE", ...} by name, read where each lives (queue_attr.h);
 * a multiple choice ("[none] mq-deadline") as its current one; where a
 * multipath head's paths disagree, "DISK=VALUE DISK=VALUE ...".  An
 * attribute that cannot be read is left out; NULL when t has no queue/
 * directory or memory ran out.
 */
json_object *queue_snap_json(const struct target *t);

#endif
