// SPDX-License-Identifier: GPL-2.0
/*
 * report_groups.c: which comparisons the sweep allows (report_groups.h):
 * the pairs the report already compares on IOPS.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "report/report_groups.h"
#include "results/dims.h"
#include "results/flags.h"
#include "results/knob_cols.h"

/* a cell of the sweep has val in col */
static int has(const struct report *rep, const char *col, const char *val)
{
	size_t c;

	for (c = 0; c < rep->ncells; c++)
		if (rep->cells[c].nrows &&
		    !strcmp(results_get(&rep->res, rep->cells[c].rows[0], col), val))
			return 1;
	return 0;
}

/* one side of a group in a legend: the row's own form, else "ATTR=VAL" */
static void side_name(const struct dim *d, const char *attr, const char *val,
		      char *buf, size_t len)
{
	if (!d || !d->side) {
		snprintf(buf, len, "%.31s=%.31s", attr, val);
		return;
	}
	if (d->form == DIM_FORM_BOOL)
		val = strcmp(val, "0") ? "on" : "off";
	snprintf(buf, len, d->side, val);
}

static size_t add(const struct report *rep, struct report_group *g, size_t n,
		  size_t max, const struct dim *d, const char *col,
		  const char *attr, const char *base, const char *cand)
{
	struct report_group *o = &g[n];

	if (n == max || !has(rep, col, base) || !has(rep, col, cand))
		return n;
	if (d && d->cmp_question)
		snprintf(o->question, sizeof(o->question), "%s", d->cmp_question);
	else
		snprintf(o->question, sizeof(o->question), "%.24s=%.12s vs %.12s",
			 attr, cand, base);
	snprintf(o->name, sizeof(o->name), "%s-%s-vs-%s", col, cand, base);
	o->col = col;
	snprintf(o->base, sizeof(o->base), "%s", base);
	snprintf(o->cand, sizeof(o->cand), "%s", cand);
	side_name(d, attr, base, o->base_side, sizeof(o->base_side));
	side_name(d, attr, cand, o->cand_side, sizeof(o->cand_side));
	o->latency = d && d->cmp_latency;
	return n + 1;
}

size_t report_distinct(const struct report *rep, const char *col,
		       const char **v, size_t max)
{
	size_t r, k, n = 0;

	for (r = 0; r < rep->res.nrows; r++) {
		const char *s = results_get(&rep->res, r, col);

		for (k = 0; k < n && strcmp(v[k], s); k++)
			;
		if (k == n && n < max && *s)
			v[n++] = s;
	}
	return n;
}

const char *report_knob_base(const char **vals, size_t n)
{
	static const char *const prefer[] = { "0", "none" };
	size_t i, p;

	for (p = 0; p < sizeof(prefer) / sizeof(prefer[0]); p++)
		for (i = 0; i < n; i++)
			if (!strcmp(vals[i], prefer[p]))
				return vals[i];
	return vals[0];
}

int report_setting_name(const char *col, char *name, size_t len)
{
	const struct dim *d = dim_by_col(col);

	if (!d)
		return knob_col_attr(col, name, len);
	snprintf(name, len, "%s", d->name);
	return 0;
}

int report_knob_setting(const char *col, char *attr, size_t len)
{
	const struct dim *d = dim_by_col(col);

	if (d && !d->as_knob)
		return -EINVAL;
	return report_setting_name(col, attr, len);
}

void report_side(const char *col, const char *val, char *buf, size_t len)
{
	char attr[64];

	if (report_setting_name(col, attr, sizeof(attr)))
		snprintf(attr, sizeof(attr), "%s", col);
	side_name(dim_by_col(col), attr, val, buf, len);
}

int report_eff_col(const char *col, char *buf, size_t len)
{
	const struct dim *d = dim_by_col(col);
	char attr[64];

	if (d && d->eff_col && strcmp(d->eff_col, col)) {
		snprintf(buf, len, "%s", d->eff_col);
		return 0;
	}
	if (d || knob_col_attr(col, attr, sizeof(attr)))
		return -ENOENT;
	return knob_col(attr, KNOB_COL_EFF, buf, len);
}

size_t report_groups(const struct report *rep, struct report_group *g,
		     size_t max)
{
	const char *col, *base, *vals[8];
	const struct dim *d;
	char attr[64];
	size_t n = 0, nv, i, k;

	for (i = 0; (col = results_setting_col(&rep->res, i)); i++) {
		d = dim_by_col(col);
		if (d && d->cmp_base) {
			snprintf(attr, sizeof(attr), "%s", d->name);
			base = d->cmp_base;
		} else if (!report_knob_setting(col, attr, sizeof(attr))) {
			base = NULL;
		} else {
			continue;
		}
		nv = report_distinct(rep, col, vals, 8);
		if (!nv)
			continue;
		if (!base)
			base = report_knob_base(vals, nv);
		/* the sweep's order of values, the one compared where there is one */
		for (k = 0; k < nv; k++)
			if (strcmp(vals[k], base) &&
			    (!d || !d->cmp_cand || !strcmp(vals[k], d->cmp_cand)))
				n = add(rep, g, n, max, d, col, attr, base, vals[k]);
	}
	return n;
}

int report_clat_broken(const struct report *rep, const struct results_cell *rc)
{
	size_t i;

	for (i = 0; i < rc->nrows; i++)
		if (results_row_ok(&rep->res, rc->rows[i]) &&
		    flags_has(results_get(&rep->res, rc->rows[i], "fio_flags"),
			      "fio_inflight_gt_iodepth"))
			return 1;
	return 0;
}
