// SPDX-License-Identifier: GPL-2.0
/*
 * adaptive.c: which cell of a sweep runs once more.  The gate decides from
 * the interval of a ratio of two cells and cannot judge when that interval
 * straddles its tolerance; the ratio's interval is about sqrt(2) times a
 * cell's own, so a cell is settled when the 95% bootstrap interval of its
 * median, on each gated metric it has (IOPS, CPU time per I/O), is within
 * +-width of that median, over at least the gate's minimum of ok runs.
 * Unsettled cells get one more run per round, in sweep order, so drift on
 * the machine hits them alike, until settled or out of budget.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "sweep/adaptive.h"

/* enough resamples for a stopping rule, cheap next to a fio run */
#define ADAPTIVE_BOOT_ITERS 1000

struct adaptive_cell {
	double *iops, *cpu;
	int n, ncpu, cap;
	int extra;
};

int adaptive_init(struct adaptive *a, int ncells, int budget, double width)
{
	memset(a, 0, sizeof(*a));
	a->budget = budget;
	a->width = width;
	if (!budget)
		return 0;
	a->cells = calloc(ncells, sizeof(*a->cells));
	if (!a->cells)
		return -ENOMEM;
	a->ncells = ncells;
	return 0;
}

static int grow(struct adaptive_cell *c)
{
	int cap = c->cap ? 2 * c->cap : 16;
	double *i = realloc(c->iops, cap * sizeof(*i)), *p;

	if (!i)
		return -ENOMEM;
	c->iops = i;
	p = realloc(c->cpu, cap * sizeof(*p));
	if (!p)
		return -ENOMEM;
	c->cpu = p;
	c->cap = cap;
	return 0;
}

int adaptive_note(struct adaptive *a, int ci, const struct result_row *r)
{
	struct adaptive_cell *c;
	int ret;

	if (!a->budget || ci < 0 || ci >= a->ncells || strcmp(r->status, "ok"))
		return 0;
	/* with fio servers, the row for all hosts together speaks for the cell */
	if (r->host[0] && strcmp(r->host, "all"))
		return 0;
	c = &a->cells[ci];
	if (c->n == c->cap) {
		ret = grow(c);
		if (ret)
			return ret;
	}
	if (!isnan(r->iops))
		c->iops[c->n++] = r->iops;
	if (!isnan(r->cpu_per_io_us))
		c->cpu[c->ncpu++] = r->cpu_per_io_us;
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

static int settled(const struct adaptive *a, const struct adaptive_cell *c)
{
	return c->n >= ADAPTIVE_MIN_RUNS && tight(c->iops, c->n, a->width) &&
	       tight(c->cpu, c->ncpu, a->width);
}

int adaptive_next(struct adaptive *a, int base_repeat, int *repeat)
{
	struct adaptive_cell *c;

	if (!a->budget)
		return -1;
	for (;;) {
		if (a->pos == a->ncells) {
			/* a round that ran nothing: all settled or spent */
			if (!a->round_found)
				return -1;
			a->pos = 0;
			a->round_found = 0;
		}
		c = &a->cells[a->pos++];
		if (c->extra < a->budget && !settled(a, c)) {
			c->extra++;
			a->extra_runs++;
			a->round_found = 1;
			*repeat = base_repeat + c->extra;
			return a->pos - 1;
		}
	}
}

int adaptive_settled(const struct adaptive *a)
{
	int i, n = 0;

	for (i = 0; i < a->ncells; i++)
		n += settled(a, &a->cells[i]);
	return n;
}

void adaptive_meta(const struct adaptive *a, json_object *meta)
{
	json_object *o;

	if (!a->budget || !meta)
		return;
	o = json_object_new_object();
	json_object_object_add(o, "budget", json_object_new_int(a->budget));
	json_object_object_add(o, "width_pct", json_object_new_double(100 * a->width));
	json_object_object_add(o, "extra_runs", json_object_new_int(a->extra_runs));
	json_object_object_add(o, "cells", json_object_new_int(a->ncells));
	json_object_object_add(o, "settled", json_object_new_int(adaptive_settled(a)));
	json_object_object_add(meta, "adaptive", o);
}

void adaptive_free(struct adaptive *a)
{
	int i;

	for (i = 0; i < a->ncells; i++) {
		free(a->cells[i].iops);
		free(a->cells[i].cpu);
	}
	free(a->cells);
	memset(a, 0, sizeof(*a));
}
