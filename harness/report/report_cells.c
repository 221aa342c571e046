// SPDX-License-Identifier: GPL-2.0
/*
 * report_cells.c: turns a sweep's runs into what a report shows: one
 * summary per cell (medians over the ok runs, never means, since single
 * runs swing by tens of percent here) and comparisons between cells that
 * differ in one setting, pooled as a geometric mean of ratios with a
 * stratified bootstrap interval (runs paired by the round they ran in).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "results/dims.h"
#include "results/flag_list.h"
#include "results/knob_cols.h"

size_t report_row(const struct report_cell *c)
{
	return c->rc->rows[0];
}

int report_col_varies(const struct report *rep, const char *col)
{
	const char *first;
	size_t r;

	if (!rep->res.nrows)
		return 0;
	first = results_get(&rep->res, 0, col);
	for (r = 1; r < rep->res.nrows; r++)
		if (strcmp(first, results_get(&rep->res, r, col)))
			return 1;
	return 0;
}

/*
 * how a label shows a setting: "sq1", "iostats0", "randread-qd32",
 * "nomerges=2" (the dims table's label, dim_knob's for a --knob column)
 */
static void label_prefix(const char *col, char *buf, size_t len)
{
	const struct dim *d = dim_by_col(col);
	char attr[64];

	if (d)
		snprintf(buf, len, "%s", d->label);
	else if (!knob_col_attr(col, attr, sizeof(attr)))
		knob_col(attr, dim_knob.label, buf, len);
	else
		buf[0] = '\0';
}

void report_label(const struct report *rep, const struct report_cell *c,
		  const char *except, char *buf, size_t len)
{
	const char *col;
	size_t used = 0, i;
	char prefix[64];

	*buf = '\0';
	for (i = 0; (col = results_setting_col(&rep->res, i)); i++) {
		const char *v = results_get(&rep->res, report_row(c), col);
		int n;

		if ((except && !strcmp(col, except)) || !report_col_varies(rep, col))
			continue;
		label_prefix(col, prefix, sizeof(prefix));
		n = snprintf(buf + used, len - used, "%s%s%s", used ? " " : "",
			     prefix, v);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	/* nothing varies: engine and job are short and say enough */
	if (!*buf)
		snprintf(buf, len, "%s %s", results_get(&rep->res, report_row(c), "engine"),
			 results_get(&rep->res, report_row(c), "job"));
}

/* Reads only: which direction's clat columns this cell has */
static const char *clat_dir(const struct report *rep, const struct results_cell *rc,
			    double *vals)
{
	return results_cell_values(&rep->res, rc, "read_clat_p50_us", vals) ?
	       "read" : "write";
}

static int summarise(const struct report *rep, struct report_cell *c)
{
	const struct results_cell *rc = c->rc;
	double *v = malloc(rc->nrows * sizeof(*v));
	char col[64];
	const char *dir;
	size_t i, n;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < rc->nrows; i++) {
		if (results_row_ok(&rep->res, rc->rows[i]))
			c->nok++;
		else
			c->nfailed++;
		flags_merge(c->flags, sizeof(c->flags),
			    results_get(&rep->res, rc->rows[i], "ks_flags"));
	}
	/* then fio's impossible figures: a cell's clat may be one */
	for (i = 0; i < rc->nrows; i++)
		flags_merge(c->flags, sizeof(c->flags),
			    results_get(&rep->res, rc->rows[i], "fio_flags"));
	n = results_cell_values(&rep->res, rc, "iops", v);
	c->iops = c->iops_lo = c->iops_hi = c->iops_cv = NAN;
	if (n) {
		c->iops = stats_median(v, n);
		c->iops_cv = stats_cv(v, n);
		stats_median_ci(v, n, STATS_BOOT_ITERS, STATS_LEVEL, STATS_SEED,
				&c->iops_lo, &c->iops_hi);
	}
	dir = clat_dir(rep, rc, v);
	snprintf(col, sizeof(col), "%s_clat_mean_us", dir);
	c->clat_mean = results_cell_median(&rep->res, rc, col, v);
	snprintf(col, sizeof(col), "%s_clat_p50_us", dir);
	c->clat_p50 = results_cell_median(&rep->res, rc, col, v);
	snprintf(col, sizeof(col), "%s_clat_p99_us", dir);
	c->clat_p99 = results_cell_median(&rep->res, rc, col, v);
	snprintf(col, sizeof(col), "%s_clat_p999_us", dir);
	c->clat_p999 = results_cell_median(&rep->res, rc, col, v);
	c->await_ms = results_cell_median(&rep->res, rc, !strcmp(dir, "read") ?
				  "ks_r_await_ms" : "ks_w_await_ms", v);
	c->util_pct = results_cell_median(&rep->res, rc, "ks_util_pct", v);
	c->busy_pct = results_cell_median(&rep->res, rc, "fio_busy_pct", v);
	free(v);
	return 0;
}

int report_summarise(struct report *rep)
{
	size_t i;
	int ret;

	rep->rcs = calloc(rep->ncells ? rep->ncells : 1, sizeof(*rep->rcs));
	if (!rep->rcs)
		return -ENOMEM;
	for (i = 0; i < rep->ncells; i++) {
		rep->rcs[i].rc = &rep->cells[i];
		ret = summarise(rep, &rep->rcs[i]);
		if (ret)
			return ret;
		report_label(rep, &rep->rcs[i], NULL, rep->rcs[i].label,
			     sizeof(rep->rcs[i].label));
	}
	return 0;
}

/* every setting of the NULL-ended cols has its value of vals in row */
static int has_vals(const struct report *rep, size_t row,
		    const char *const *cols, const char *const *vals)
{
	for (; *cols; cols++, vals++)
		if (strcmp(results_get(&rep->res, row, *cols), *vals))
			return 0;
	return 1;
}

/* the cell with vals in cols and all else as c's */
static const struct report_cell *partner(const struct report *rep,
					 const struct report_cell *c,
					 const char *const *cols,
					 const char *const *vals)
{
	const struct report_cell *found = NULL;
	char *key = results_cell_key_except(&rep->res, report_row(c), cols);
	size_t i, n = 0;

	while (cols[n])
		n++;
	for (i = 0; key && i < rep->ncells && !found; i++) {
		const struct report_cell *o = &rep->rcs[i];
		char *k;

		if (!has_vals(rep, report_row(o), cols, vals))
			continue;
		k = results_cell_key_except(&rep->res, report_row(o), cols);
		if (k && !strcmp(k, key) &&
		    results_cells_differ(c->rc->name, o->rc->name) == (int)n)
			found = o;
		free(k);
	}
	free(key);
	return found;
}

/*
 * base's and cand's values of metric into bufs[0..1] and the round each ran
 * in into rounds[0..1] (one sweep's cells, so the pooled ratio pairs them)
 */
static int compare_pair(const struct report *rep, const char *metric,
			struct report_pair *p, struct stats_pair *sp,
			double **bufs, int **rounds)
{
	size_t nb = p->base->rc->nrows, nc = p->cand->rc->nrows;
	char col[64];

	bufs[0] = malloc(nb * sizeof(double));
	bufs[1] = malloc(nc * sizeof(double));
	rounds[0] = malloc(nb * sizeof(int));
	rounds[1] = malloc(nc * sizeof(int));
	if (!bufs[0] || !bufs[1] || !rounds[0] || !rounds[1])
		return -ENOMEM;
	if (*metric == '*') {
		/* the direction the base cell has figures for */
		snprintf(col, sizeof(col), "read_%s", metric + 1);
		if (!results_cell_values(&rep->res, p->base->rc, col, bufs[0]))
			snprintf(col, sizeof(col), "write_%s", metric + 1);
		metric = col;
	}
	nb = results_cell_values_rounds(&rep->res, p->base->rc, metric, bufs[0],
					rounds[0]);
	nc = results_cell_values_rounds(&rep->res, p->cand->rc, metric, bufs[1],
					rounds[1]);
	p->ok = nb >= REPORT_MIN_RUNS && nc >= REPORT_MIN_RUNS &&
		!stats_compare(bufs[0], nb, bufs[1], nc, &p->cmp);
	*sp = (struct stats_pair){ bufs[0], nb, bufs[1], nc, rounds[0], rounds[1] };
	return 0;
}

int report_compare(const struct report *rep, const char *col,
		   const char *base_val, const char *cand_val,
		   const char *metric, const char *fcol, const char *fval,
		   struct report_cmp *out)
{
	return report_compare_set(rep, (const char *const[]){ col, NULL },
				  (const char *const[]){ base_val },
				  (const char *const[]){ cand_val }, metric,
				  fcol, fval, out);
}

int report_compare_set(const struct report *rep, const char *const *cols,
		       const char *const *base_vals,
		       const char *const *cand_vals, const char *metric,
		       const char *fcol, const char *fval,
		       struct report_cmp *out)
{
	const char *col = cols[0], *base_val = base_vals[0],
		   *cand_val = cand_vals[0];
	struct stats_pair *sp = NULL;
	double **bufs = NULL;
	int **rounds = NULL;
	size_t i, nvalid = 0, nalloc = 0;
	int ret = -ENOMEM;

	memset(out, 0, sizeof(*out));
	out->col = col;
	snprintf(out->base_val, sizeof(out->base_val), "%s", base_val);
	snprintf(out->cand_val, sizeof(out->cand_val), "%s", cand_val);
	out->pairs = calloc(rep->ncells ? rep->ncells : 1, sizeof(*out->pairs));
	sp = calloc(rep->ncells ? rep->ncells : 1, sizeof(*sp));
	bufs = calloc(2 * (rep->ncells ? rep->ncells : 1), sizeof(*bufs));
	rounds = calloc(2 * (rep->ncells ? rep->ncells : 1), sizeof(*rounds));
	if (!out->pairs || !sp || !bufs || !rounds)
		goto out;
	for (i = 0; i < rep->ncells; i++) {
		const struct report_cell *c = &rep->rcs[i], *b;
		struct report_pair *p = &out->pairs[out->npairs];

		if (!has_vals(rep, report_row(c), cols, cand_vals))
			continue;
		if (fcol && strcmp(results_get(&rep->res, report_row(c), fcol), fval))
			continue;
		b = partner(rep, c, cols, base_vals);
		if (!b)
			continue;
		p->base = b;
		p->cand = c;
		nalloc = 2 * (out->npairs + 1);
		ret = compare_pair(rep, metric, p, &sp[nvalid], &bufs[2 * out->npairs],
				   &rounds[2 * out->npairs]);
		if (ret)
			goto out;
		out->npairs++;
		/* sp[nvalid] holds this pair's counts until a valid one keeps it */
		out->nfew += sp[nvalid].nbase < REPORT_MIN_RUNS ||
			     sp[nvalid].ncand < REPORT_MIN_RUNS;
		if (p->ok)
			nvalid++;
	}
	ret = 0;
	out->nvalid = nvalid;
	if (nvalid)
		out->have_ratio = !stats_ratio_ci(sp, nvalid, STATS_BOOT_ITERS,
						  STATS_LEVEL, STATS_SEED,
						  &out->ratio, &out->lo, &out->hi);
out:
	for (i = 0; bufs && rounds && i < nalloc; i++) {
		free(bufs[i]);
		free(rounds[i]);
	}
	free(bufs);
	free(rounds);
	free(sp);
	if (ret)
		report_cmp_free(out);
	return ret;
}

void report_cmp_free(struct report_cmp *cmp)
{
	free(cmp->pairs);
	cmp->pairs = NULL;
	cmp->npairs = 0;
}
