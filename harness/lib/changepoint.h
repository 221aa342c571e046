/* SPDX-License-Identifier: GPL-2.0 */
/*
 * changepoint.h: change points in a series of sweeps, each with several
 * runs, by E-divisive means (Matteson & James 2014, as MongoDB's CI and
 * Apache Otava use) with a permutation test.
 *
 * The divergence is taken over each sweep's median, in logs, and the
 * permutation test shuffles whole sweeps: the sweep is the exchangeable
 * unit, so a level that wanders from sweep to sweep (a device that runs
 * faster one hour than the next) is part of the null and is not called a
 * change, however tight the runs within each sweep are.  A split the test
 * accepts must also be confirmed by the runs: the Hodges-Lehmann shift
 * between the two segments' runs, whose Moses interval must exclude no
 * shift.  Several change points are found by bisecting each accepted split
 * again, as E-divisive does.  No I/O; seeded, so a result is reproducible.
 */
#ifndef FIORING_CHANGEPOINT_H
#define FIORING_CHANGEPOINT_H

#include <stddef.h>
#include <stdint.h>

/* One sweep of the series, in the order the sweeps were taken. */
struct cp_sweep {
	const double *v;	/* its runs' values, each > 0 */
	size_t n;		/* at least 1 */
	/* kernel|fio|engine|target|placement, compared as a string; NULL: unknown */
	const char *setup;
};

struct cp_params {
	double p;		/* significance of the permutation test, (0, 1) */
	unsigned int permutations;	/* at least 1 / p - 1 */
	uint64_t seed;
	size_t min_seg;		/* fewest sweeps on either side, >= 2 */
	double level;		/* of the shift's interval, e.g. 0.95 */
};

#define CP_P 0.005
#define CP_PERMUTATIONS 4999
#define CP_MIN_SEG 3

void cp_params_default(struct cp_params *par);

struct cp_point {
	size_t before;		/* index of the last sweep before the change */
	size_t after;		/* index of the first sweep after: before + 1 */
	double p;		/* permutation p-value of the split */
	/*
	 * median(after) / median(before) as the Hodges-Lehmann ratio over the
	 * runs of the segments either side (up to the neighbouring change
	 * points, and never across another setup change), with its Moses
	 * interval at cp_params.level
	 */
	double shift, lo, hi;
	size_t seg_from, seg_to;	/* those segments: sweeps [seg_from, seg_to) */
	/* the setup change within one sweep of this boundary (its 'after'), or -1 */
	long setup_change;
};

struct cp_result {
	struct cp_point *pts;	/* by position */
	size_t npts;
	size_t *setup_changes;	/* index of each first sweep of a new setup */
	size_t nsetup;
};

/*
 * cp_detect - the change points of @n sweeps
 *
 * Returns 0 (also when @n is below cp_min_sweeps(): no change point can be
 * accepted then), -EINVAL (a sweep without runs, a value <= 0 or not
 * finite, bad parameters), -ENOMEM.  @res is freed by cp_result_free().
 */
int cp_detect(const struct cp_sweep *s, size_t n, const struct cp_params *par,
	      struct cp_result *res);
void cp_result_free(struct cp_result *res);

/*
 * The fewest sweeps with which even a clean step halfway through can reach
 * @par->p: below it a permutation test over sweeps cannot reject.
 */
size_t cp_min_sweeps(const struct cp_params *par);

/* -EINVAL with a reason in @why when the parameters cannot work, else 0. */
int cp_params_check(const struct cp_params *par, const char **why);

#endif
