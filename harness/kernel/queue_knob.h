/* SPDX-License-Identifier: GPL-2.0 */
/*
 * queue_knob.h: a queue/ attribute of the target swept by `--knob
 * ATTR=V1,V2,...` (nomerges, wbt_lat_usec, rq_affinity, ...).  Each is
 * probed before the first run: it exists, it is writable, and every value
 * is written (journaled, as knob_set does) and read back, so a refused
 * value stops the sweep before it measures anything.
 */
#ifndef FIORING_QUEUE_KNOB_H
#define FIORING_QUEUE_KNOB_H

#include <stddef.h>

#include "kernel/journal.h"
#include "kernel/target.h"
#include "lib/strlist.h"

#define QUEUE_KNOBS_MAX	4	/* --knob given this many times at most */
#define QUEUE_KNOB_NAME	32	/* an attribute's name, with its NUL */
#define QUEUE_KNOB_VAL	32	/* a value as written or read back */

struct queue_knob {
	char attr[QUEUE_KNOB_NAME];
	struct strlist vals;		/* as requested, in order */
};

/*
 * "ATTR=V1,V2,..." into k; -EINVAL with why (one line) when ATTR is not a
 * plain file name or a value is empty or too long.
 */
int queue_knob_parse(const char *arg, struct queue_knob *k, char *why,
		     size_t len);
/*
 * Writes each of k's values to queue/ATTR where it lives on t (queue_attr.h;
 * journaled before the first write) and reads it back into eff, in order.
 * Returns 0, or -errno with why naming the attribute, the value and the
 * disk: -ENOENT (no such attribute), -EACCES (read-only) or what the write
 * returned.
 */
int queue_knob_probe(struct journal *j, const struct target *t,
		     const struct queue_knob *k, struct strlist *eff,
		     char *why, size_t len);

#endif
