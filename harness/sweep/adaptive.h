/* SPDX-License-Identifier: GPL-2.0 */
/*
 * adaptive.h: adaptive repeats for `fioring-bench run --adaptive N`.  After
 * the planned repeats, a cell whose median is not yet known well enough for
 * the gate to judge it gets more runs, up to N per cell, in rounds that
 * interleave the cells still short (one run of each, then the next round),
 * as criterion and hyperfine sample until an estimate is tight.
 */
#ifndef FIORING_ADAPTIVE_H
#define FIORING_ADAPTIVE_H

#include <json-c/json.h>

#include "results/results.h"

/* Runs a cell needs before it can count as settled: the gate's --min-runs. */
#define ADAPTIVE_MIN_RUNS 5

struct adaptive_cell;

struct adaptive {
	int budget;		/* extra runs a cell may get; 0: off */
	double width;		/* wanted half-width of a median's 95% interval, fraction */
	int ncells;
	struct adaptive_cell *cells;
	int pos;		/* where the current round has got to */
	int round_found;	/* the round ran at least one cell */
	int extra_runs;
};

int adaptive_init(struct adaptive *a, int ncells, int budget, double width);
/* Records a finished run of cell ci (rows that failed are skipped). */
int adaptive_note(struct adaptive *a, int ci, const struct result_row *r);
/*
 * The next cell to run once more, with the repeat number that run gets in
 * *repeat; -1 when every cell is settled or out of budget.
 */
int adaptive_next(struct adaptive *a, int base_repeat, int *repeat);
/* How many cells are settled now. */
int adaptive_settled(const struct adaptive *a);
/* Adds {budget, width_pct, extra_runs, cells, settled} as meta's "adaptive". */
void adaptive_meta(const struct adaptive *a, json_object *meta);
void adaptive_free(struct adaptive *a);

#endif
