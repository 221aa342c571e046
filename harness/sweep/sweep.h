/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sweep.h: the cells of a sweep, one combination of target, job, engine
 * and kernel settings each.
 */
#ifndef FIORING_SWEEP_H
#define FIORING_SWEEP_H

#include <stdbool.h>

#include "sweep/run_env.h"

struct sweep_cell {
	int target;		/* index into the run's targets */
	const char *job;	/* job file path */
	char job_name[128];
	/*
	 * Its value of each row of the dims table, as the row's column holds
	 * it, NULL where the row is not swept (the target's, iodepth, host;
	 * what the target offers none of); past the table, each --knob
	 * attribute's, in the sweep's order.
	 */
	const char *val[NR_DIMS + QUEUE_KNOBS_MAX];
	char name[512];
};

struct sweep_target {
	const char *disk;		/* sysfs disk name, first part of cells */
	/* a row's values on this target, instead of the run's; NULL: the run's */
	const struct strlist *vals[NR_DIMS];
	/* a row's part of the cell name when it is not swept; NULL: "" */
	const char *now[NR_DIMS];
};

struct sweep {
	int nr;
	struct sweep_cell *cells;
	const struct queue_knob *knobs;	/* the --knob attributes */
	int nr_knobs;
};

/* the cell's value of row d, "" when it has none */
static inline const char *sweep_val(const struct sweep_cell *c, int d)
{
	return c->val[d] ?: "";
}

/*
 * The cross product of the run's values; with --adaptive-vs, each VS cell
 * is followed by the cells judged against it, so a pair runs side by side.
 */
int sweep_plan(struct sweep *s, const struct run_env *env,
	       const struct sweep_target *tg, int nr_targets);
/*
 * The cell that runs k-th in repeat (or adaptive round) rep of nr cells:
 * even ones run the sweep backwards, so each side of a pair runs first as
 * often as the other (A B, B A) and a drift within a pair cancels.
 */
static inline int sweep_order(int rep, int k, int nr)
{
	return rep % 2 ? k : nr - 1 - k;
}
/*
 * Pairs as `gate --vs COL=VAL` makes them, COL the req_col of a `vs` row
 * of the dims table or a --knob attribute's knob_ATTR_req: cell
 * ci has VAL in COL; the cell with VAL in COL and all else as ci's (same
 * target), or -1.
 */
int sweep_is_vs(const struct sweep *s, int ci, const char *col, const char *val);
int sweep_vs_partner(const struct sweep *s, int ci, const char *col,
		     const char *val);
void sweep_free(struct sweep *s);

#endif
