// SPDX-License-Identifier: GPL-2.0
/*
 * adaptive.c: which cell of a sweep runs once more.  The gate decides from
 * the interval of a ratio of two cells and cannot judge when that interval
 * straddles its tolerance.  When the sweep knows which cells the gate will
 * compare (adaptive_pair()), a pair is settled once the gate's own test
 * decides it: runs go where the gate needs them, and none to a pair judged
 * at the planned repeats, nor to one the runs left are unlikely to decide
 * (futile(): a true gap close to the tolerance, where more runs only cost
 * time).  An unpaired cell stands for comparisons not known here; the
 * ratio's interval is about sqrt(2) times a cell's own, so
 * it is settled when the 95% bootstrap interval of its median, on each
 * gated metric it has (adaptive_metrics(): IOPS and CPU time per I/O by
 * default), is within +-width of that median.  Either way over at least
 * the gate's minimum of ok runs.
 * Unsettled cells get one more run per round, in sweep order (backwards in
 * even rounds, as the planned repeats: sweep_order()), so drift on the
 * machine hits them alike, until settled or out of budget.  Stopping
 * when the test first decides looks at it once a round: the gate's 5% is
 * per look, and `make bench-gate` measures what that does to false alarms.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "results/metrics.h"
#include "sweep/adaptive.h"
#include "sweep/sweep.h"

/* enough resamples for a stopping rule, cheap next to a fio run */
#define ADAPTIVE_BOOT_ITERS 1000

/* one metric's values over a cell's ok runs, and the repeat each came from */
struct adaptive_series {
	double *v;
	int *rep;
	int n;
};

struct adaptive_cell {
	struct adaptive_series m[ADAPTIVE_MAX_METRICS];
	double *ios;
	int n, nios, cap;	/* n: ok runs noted */
	int extra;
	int base;		/* the cell it is judged against, -1: none */
	int paired;		/* cells judged against this one */
};

int adaptive_init(struct adaptive *a, int ncells, int budget, double width,
		  double max_drop)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->budget = budget;
	a->width = width;
	a->max_drop = max_drop;
	/* the gate's default --metric */
	a->metrics[0] = "iops";
	a->metrics[1] = "cpu_per_io_us";
	a->nmetrics = 2;
	if (!budget)
		return 0;
	a->cells = calloc(ncells, sizeof(*a->cells));
	if (!a->cells)
		return -ENOMEM;
	a->ncells = ncells;
	for (i = 0; i < ncells; i++)
		a->cells[i].base = -1;
	return 0;
}

int adaptive_metrics(struct adaptive *a, const char *const *names, int n)
{
	struct result_row r;
	double v;
	int i;

	if (n < 1 || n > ADAPTIVE_MAX_METRICS)
		return -EINVAL;
	result_row_init(&r);
	for (i = 0; i < n; i++)
		if (result_row_num(&r, names[i], &v))
			return -EINVAL;
	for (i = 0; i < n; i++)
		a->metrics[i] = names[i];
	a->nmetrics = n;
	return 0;
}

void adaptive_pair(struct adaptive *a, int cand, int base)
{
	if (!a->budget || cand < 0 || cand >= a->ncells || base < 0 ||
	    base >= a->ncells || cand == base)
		return;
	a->cells[cand].base = base;
	a->cells[base].paired++;
}

/* p resized to n elements of size; out of memory: p, and *err set */
static void *resized(void *p, int n, size_t size, int *err)
{
	void *q = realloc(p, (size_t)n * size);

	if (!q) {
		*err = -ENOMEM;
		return p;
	}
	return q;
}

static int grow(struct adaptive_cell *c)
{
	int cap = c->cap ? 2 * c->cap : 16, err = 0, m;

	for (m = 0; m < ADAPTIVE_MAX_METRICS; m++) {
		c->m[m].v = resized(c->m[m].v, cap, sizeof(*c->m[m].v), &err);
		c->m[m].rep = resized(c->m[m].rep, cap, sizeof(*c->m[m].rep), &err);
	}
	c->ios = resized(c->ios, cap, sizeof(*c->ios), &err);
	if (!err)
		c->cap = cap;
	return err;
}

int adaptive_note(struct adaptive *a, int ci, const struct result_row *r)
{
	struct adaptive_cell *c;
	double v;
	int m, ret;

	if (!a->budget || ci < 0 || ci >= a->ncells || strcmp(r->status, "ok"))
		return 0;
	/* with fio servers, the row for all hosts together speaks for the cell */
	if (r->dim_req[DIM_HOST][0] && strcmp(r->dim_req[DIM_HOST], "all"))
		return 0;
	c = &a->cells[ci];
	if (c->n == c->cap) {
		ret = grow(c);
		if (ret)
			return ret;
	}
	c->n++;
	for (m = 0; m < a->nmetrics; m++)
		if (!result_row_num(r, a->metrics[m], &v) && !isnan(v)) {
			c->m[m].rep[c->m[m].n] = r->repeat;
			c->m[m].v[c->m[m].n++] = v;
		}
	if (!isnan(r->fio_ios))
		c->ios[c->nios++] = r->fio_ios;
	return 0;
}

/* the median's 95% interval is within +-width of it (no values: nothing to ask) */
static int tight(const double *x, int n, double width)
{
	double lo, hi, med;

	if (!n)
		return 1;
	med = stats_median(x, n);
	if (!(med > 0) || stats_median_ci(x, n, ADAPTIVE_BOOT_ITERS, STATS_LEVEL,
					  STATS_SEED, &lo, &hi))
		return 0;
	return (hi - lo) / 2 <= width * med;
}

/* the gate's judgement of one metric; -errno when it cannot test */
static int judge(const struct adaptive_series *b, const struct adaptive_series *c,
		 int lower_better, double max_drop, struct stats_judgement *j)
{
	return stats_judge_rounds(b->v, b->rep, b->n, c->v, c->rep, c->n,
				  ADAPTIVE_MIN_RUNS, lower_better, max_drop,
				  STATS_LEVEL, j);
}

/*
 * No verdict now, and little chance of one from the runs left:
 * stats_decide_chance() below ADAPTIVE_FUTILE_CHANCE.  Asked from
 * STATS_PAIRED_MIN pairs on, where the gate's paired interval is in use
 * (fewer say too little of the spread), while runs are left: a pair that
 * spent them is undecided, not stopped early.
 */
static int futile(const struct stats_judgement *j, int n, int left,
		  double max_drop)
{
	if (n < STATS_PAIRED_MIN || left <= 0)
		return 0;
	return stats_decide_chance(j, n, left, max_drop, STATS_LEVEL) <
	       ADAPTIVE_FUTILE_CHANCE;
}

/* as the gate leaves CPU per I/O out when fio's CPU time cannot resolve it */
static int cpu_resolved(const struct adaptive_cell *c, int m)
{
	return c->m[m].n && !(fio_cpu_ms_per_run(c->m[m].v, c->m[m].n, c->ios,
						   c->nios) < FIO_CPU_MIN_MS);
}

/* the median I/O count of a cell's runs, 0 unknown */
static double cell_ios(const struct adaptive_cell *c)
{
	return c->nios ? stats_median(c->ios, c->nios) : 0;
}

/*
 * A metric the gate leaves out of the cell's verdict (UNMEASURED): one
 * neither cell has, CPU per I/O that fio's CPU time cannot resolve, a
 * percentile resting on too few I/Os a run.
 */
static int unmeasured(const struct adaptive *a, const struct adaptive_cell *b,
		      const struct adaptive_cell *c, int m)
{
	const char *name = a->metrics[m];
	double beyond;

	if (!b->m[m].n && !c->m[m].n)
		return 1;
	if (!strcmp(name, "cpu_per_io_us"))
		return !cpu_resolved(b, m) || !cpu_resolved(c, m);
	beyond = fmin(cell_ios(b), cell_ios(c)) * (1 - metric_percentile(name));
	return beyond > 0 && beyond < PCT_MIN_IOS;
}

/*
 * DECIDED: every metric the gate will judge is, PASS or REGRESSION (a
 * regression on one leaves the others' lines to read too).  FUTILE: the
 * rest are futile() with the runs the pair has left (both cells need
 * one), unless a->full.  OPEN: a metric may yet be decided.
 */
enum pair_state { PAIR_OPEN, PAIR_DECIDED, PAIR_FUTILE };

static enum pair_state pair_state(const struct adaptive *a,
				  const struct adaptive_cell *c)
{
	const struct adaptive_cell *b = &a->cells[c->base];
	enum pair_state st = PAIR_DECIDED;
	struct stats_judgement j;
	int m, left = a->budget - (b->extra > c->extra ? b->extra : c->extra);

	if (c->n < ADAPTIVE_MIN_RUNS || b->n < ADAPTIVE_MIN_RUNS)
		return PAIR_OPEN;
	for (m = 0; m < a->nmetrics; m++) {
		if (unmeasured(a, b, c, m))
			continue;
		if (judge(&b->m[m], &c->m[m], metric_lower_better(a->metrics[m]),
			  a->max_drop, &j))
			return PAIR_OPEN;
		if (j.verdict != STATS_CANNOT)
			continue;
		if (a->full || !futile(&j, c->n < b->n ? c->n : b->n, left,
				       a->max_drop))
			return PAIR_OPEN;
		st = PAIR_FUTILE;
	}
	return st;
}

static int settled(const struct adaptive *a, const struct adaptive_cell *c)
{
	int i, m;

	if (c->base >= 0)
		return pair_state(a, c) != PAIR_OPEN;
	if (c->paired) {
		for (i = 0; i < a->ncells; i++)
			if (a->cells[i].base == c - a->cells &&
			    pair_state(a, &a->cells[i]) == PAIR_OPEN)
				return 0;
		return 1;
	}
	if (c->n < ADAPTIVE_MIN_RUNS)
		return 0;
	for (m = 0; m < a->nmetrics; m++)
		if (!tight(c->m[m].v, c->m[m].n, a->width))
			return 0;
	return 1;
}

int adaptive_next(struct adaptive *a, int base_repeat, int *repeat)
{
	struct adaptive_cell *c;
	int ci, rep;

	if (!a->budget)
		return -1;
	for (;;) {
		if (a->pos == a->ncells) {
			/* a round that ran nothing: all settled or spent */
			if (!a->round_found)
				return -1;
			a->pos = 0;
			a->round_found = 0;
			a->round++;
		}
		if (!a->pos) {
			a->round_open = adaptive_open(a, &a->round_most);
			a->round_runs = 0;
			a->new_round = 1;
		}
		/*
		 * numbered by round, not by the cell's own count: runs
		 * of one repeat ran side by side, which the gate pairs
		 */
		rep = base_repeat + a->round + 1;
		ci = sweep_order(rep, a->pos++, a->ncells);
		c = &a->cells[ci];
		if (c->extra < a->budget && !settled(a, c)) {
			c->extra++;
			a->extra_runs++;
			a->round_found = 1;
			a->round_runs++;
			*repeat = rep;
			return ci;
		}
	}
}

int adaptive_open(const struct adaptive *a, int *most)
{
	int i, n = 0;

	*most = 0;
	for (i = 0; i < a->ncells; i++)
		if (a->cells[i].extra < a->budget && !settled(a, &a->cells[i])) {
			n++;
			*most += a->budget - a->cells[i].extra;
		}
	return n;
}

int adaptive_settled(const struct adaptive *a)
{
	int i, n = 0;

	for (i = 0; i < a->ncells; i++)
		n += settled(a, &a->cells[i]);
	return n;
}

int adaptive_pairs(const struct adaptive *a)
{
	int i, n = 0;

	for (i = 0; i < a->ncells; i++)
		n += a->cells[i].base >= 0;
	return n;
}

bool adaptive_cell_futile(const struct adaptive *a, int ci)
{
	return a->cells[ci].base >= 0 &&
	       pair_state(a, &a->cells[ci]) == PAIR_FUTILE;
}

int adaptive_futile(const struct adaptive *a)
{
	int i, n = 0;

	for (i = 0; i < a->ncells; i++)
		n += adaptive_cell_futile(a, i);
	return n;
}

void adaptive_meta(const struct adaptive *a, json_object *meta)
{
	json_object *o, *m;
	int i;

	if (!a->budget || !meta)
		return;
	o = json_object_new_object();
	json_object_object_add(o, "budget", json_object_new_int(a->budget));
	json_object_object_add(o, "width_pct", json_object_new_double(100 * a->width));
	json_object_object_add(o, "extra_runs", json_object_new_int(a->extra_runs));
	json_object_object_add(o, "cells", json_object_new_int(a->ncells));
	json_object_object_add(o, "settled", json_object_new_int(adaptive_settled(a)));
	json_object_object_add(o, "pairs", json_object_new_int(adaptive_pairs(a)));
	json_object_object_add(o, "futile", json_object_new_int(adaptive_futile(a)));
	json_object_object_add(o, "full", json_object_new_boolean(a->full));
	json_object_object_add(o, "max_drop_pct",
			       json_object_new_double(100 * a->max_drop));
	m = json_object_new_array();
	for (i = 0; i < a->nmetrics; i++)
		json_object_array_add(m, json_object_new_string(a->metrics[i]));
	json_object_object_add(o, "metrics", m);
	json_object_object_add(meta, "adaptive", o);
}

void adaptive_free(struct adaptive *a)
{
	int i, m;

	for (i = 0; i < a->ncells; i++) {
		for (m = 0; m < ADAPTIVE_MAX_METRICS; m++) {
			free(a->cells[i].m[m].v);
			free(a->cells[i].m[m].rep);
		}
		free(a->cells[i].ios);
	}
	free(a->cells);
	memset(a, 0, sizeof(*a));
}
