/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dim_probe.h: the values a target takes of a row of the dims table that
 * its kernel decides per target (the NVMe subsystem's), found before the
 * first run: a value it refuses stops the sweep with one line, instead
 * of failing every run of those cells.
 */
#ifndef FIORING_DIM_PROBE_H
#define FIORING_DIM_PROBE_H

#include <stdbool.h>

#include "kernel/target.h"
#include "lib/strlist.h"
#include "results/dims.h"

struct journal;

/* the row's values are the target's to say (sweep_target.vals) */
static inline bool dim_per_target(const struct dim *d)
{
	return d->where == DIM_NVME_SUBSYS;
}

/*
 * The values of row d to sweep on t into out: each of want written
 * (journaled through j) and read back, the first one refused named in one
 * line with what t takes, -EINVAL; want empty: those of the row's
 * candidates t takes (-EINVAL, and a line, when none).  -ENOENT, out
 * empty and nothing said: t has no such setting.
 */
int dim_probe_target(struct journal *j, const struct target *t,
		     const struct dim *d, const struct strlist *want,
		     struct strlist *out);
/*
 * Each queue/ row the sweep asks values of (vals, by row) on t: the
 * attribute must be there, else one line and -ENOENT; a value its list of
 * choices lacks is noted, and its cells run and fail on the write (a
 * refused setting, in the results).
 */
int dim_check_queue(const struct target *t, const struct strlist *vals);

#endif
