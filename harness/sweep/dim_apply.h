/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dim_apply.h: a cell's kernel settings made so, from the dims table: each
 * row that lives in the kernel (a queue/ attribute, the NVMe subsystem's)
 * set to the cell's value, journaled and read back into the row's
 * columns, and held against what the cell asked once fio has run.
 */
#ifndef FIORING_DIM_APPLY_H
#define FIORING_DIM_APPLY_H

#include <stddef.h>

#include "kernel/queue_knob.h"
#include "kernel/target.h"
#include "results/dims.h"
#include "results/results.h"
#include "sweep/placement.h"
#include "sweep/sweep.h"

struct journal;

/* what applying a cell writes to and through */
struct dim_apply {
	struct journal *journal;
	struct placement *place;
	const struct queue_knob *knobs;	/* the --knob attributes */
	int nr_knobs;
};

/* where row d of the dims table lives on t; -ENOENT: not in the kernel, or not there */
int dim_path(const struct target *t, const struct dim *d, char *path,
	     size_t len);
/* row d's value on t as it is now ("[none] kyber": none); -errno: none */
int dim_now(const struct target *t, const struct dim *d, char *buf,
	    size_t len);
/*
 * Cell c's settings on t: each kernel row the cell sweeps written
 * (journaled), one it does not sweep read as it is, both into the row's
 * read-back column; then what each brings along, then each --knob.  On a
 * refusal r is failed with the reason and the error returned.
 */
int dims_apply(const struct dim_apply *a, const struct target *t,
	       const struct sweep_cell *c, struct result_row *r);
/* r still holds, read back, every kernel value c asked; else it is failed */
int dims_kept(const struct sweep_cell *c, struct result_row *r);

#endif
