/* SPDX-License-Identifier: GPL-2.0 */
/*
 * adaptive.h: adaptive repeats for `fioring-bench run --adaptive N`.  After
 * the planned repeats, a cell the gate could not judge yet gets more runs,
 * up to N per cell, in rounds that interleave the cells still short (one
 * run of each, then the next round), as criterion and hyperfine sample
 * until an estimate is tight.  With pairs (`--adaptive-vs`) a cell is done
 * when the gate's own test decides it against its pair; otherwise when its
 * median is known to a width.
 */
#ifndef FIORING_ADAPTIVE_H
#define FIORING_ADAPTIVE_H

#include <json-c/json.h>
#include <stdbool.h>

#include "results/results.h"

/* Runs a cell needs before it can count as settled: the gate's --min-runs. */
#define ADAPTIVE_MIN_RUNS 5
/*
 * A pair stops undecided when the chance that the runs left decide it is
 * below this: make bench-adaptive measures what that saves and costs, and
 * docs/notes/2026-12-adaptive-futility.md how the threshold was chosen.
 */
#define ADAPTIVE_FUTILE_CHANCE 0.05
/* metrics a cell settles on at most (the gate's --metric takes 8) */
#define ADAPTIVE_MAX_METRICS 8

struct adaptive_cell;

struct adaptive {
	int budget;		/* extra runs a cell may get; 0: off */
	double width;		/* wanted half-width of a median's 95% interval, fraction */
	double max_drop;	/* the gate's tolerance, for paired cells */
	int full;		/* pairs run on though futile (--adaptive-full) */
	/* the results.csv columns settled on, as the gate's --metric: iops, cpu_per_io_us */
	const char *metrics[ADAPTIVE_MAX_METRICS];
	int nmetrics;
	int ncells;
	struct adaptive_cell *cells;
	int pos;		/* where the current round has got to */
	int round;		/* adaptive rounds done before the current one */
	int round_found;	/* the round ran at least one cell */
	int extra_runs;
	/*
	 * what the current round started with, for a progress line: the
	 * cells still open (unsettled, budget left), the most runs they may
	 * yet take, and the runs of the round so far; new_round is set by
	 * the adaptive_next() that started it
	 */
	int round_open, round_most, round_runs;
	int new_round;
};

int adaptive_init(struct adaptive *a, int ncells, int budget, double width,
		  double max_drop);
/*
 * The metrics cells settle on (the names stay the caller's): numeric
 * results.csv columns, as `gate --metric` names them; -EINVAL for none,
 * more than ADAPTIVE_MAX_METRICS or a name that is no such column.  A
 * metric the gate would leave out (UNMEASURED: neither cell has it, CPU
 * time too short, a percentile on too few I/Os) is left out here too.
 */
int adaptive_metrics(struct adaptive *a, const char *const *names, int n);
/*
 * Cell cand is settled once the gate's test (at max_drop and STATS_LEVEL,
 * paired by repeat as the gate pairs) decides it against cell base, PASS
 * or REGRESSION, on every metric the gate would judge, or, unless
 * a->full, once the metrics it leaves undecided are futile: from
 * STATS_PAIRED_MIN pairs, the chance that the runs left decide them, if
 * the loss goes on as now, is below ADAPTIVE_FUTILE_CHANCE.  Base is
 * settled once every cell paired with it is.
 */
void adaptive_pair(struct adaptive *a, int cand, int base);
/* Records a finished run of cell ci (rows that failed are skipped). */
int adaptive_note(struct adaptive *a, int ci, const struct result_row *r);
/*
 * The next cell to run once more, with the repeat number that run gets in
 * *repeat (the round's: base_repeat + 1 for the first, and so on, so that
 * runs of one repeat ran in one round), cells in sweep_order() of that
 * repeat; -1 when every cell is settled or out of budget.
 */
int adaptive_next(struct adaptive *a, int base_repeat, int *repeat);
/*
 * Cells still open (not settled, budget left) and, in *most, the most runs
 * they may yet take: each one run a round until settled or spent.
 */
int adaptive_open(const struct adaptive *a, int *most);
/*
 * How many cells are settled now; how many are judged against a pair; of
 * those, how many were settled as futile (undecided).
 */
int adaptive_settled(const struct adaptive *a);
int adaptive_pairs(const struct adaptive *a);
int adaptive_futile(const struct adaptive *a);
/* cell ci is judged against a pair and was settled as futile */
bool adaptive_cell_futile(const struct adaptive *a, int ci);
/*
 * Adds {budget, width_pct, extra_runs, cells, settled, pairs, futile, full,
 * max_drop_pct, metrics} as meta's "adaptive".
 */
void adaptive_meta(const struct adaptive *a, json_object *meta);
void adaptive_free(struct adaptive *a);

#endif
