// SPDX-License-Identifier: GPL-2.0
/*
 * report_groups.c: which comparisons the sweep allows (report_groups.h):
 * the pairs the report already compares on IOPS.
 */
#include <stdio.h>
#include <string.h>

#include "report/report_groups.h"
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

static size_t add(const struct report *rep, struct report_group *g, size_t n,
		  size_t max, const char *question, const char *col,
		  const char *base, const char *cand)
{
	struct report_group *o = &g[n];

	if (n == max || !has(rep, col, base) || !has(rep, col, cand))
		return n;
	snprintf(o->question, sizeof(o->question), "%s", question);
	snprintf(o->name, sizeof(o->name), "%s-%s-vs-%s", col, cand, base);
	o->col = col;
	snprintf(o->base, sizeof(o->base), "%s", base);
	snprintf(o->cand, sizeof(o->cand), "%s", cand);
	return n + 1;
}

/*
 * Each --knob attribute (a knob_ATTR_req column, from the dims table's
 * knob row): every value against the base the knob finding takes, 0
 * when swept, else the first value the cells have
 */
static size_t knob_groups(const struct report *rep, struct report_group *g,
			  size_t n, size_t max)
{
	const char *col, *vals[8], *base;
	char attr[64], q[64];
	size_t i, c, k, nv;

	for (i = 0; (col = results_setting_col(&rep->res, i)); i++) {
		if (knob_col_attr(col, attr, sizeof(attr)))
			continue;
		for (c = nv = 0; c < rep->ncells && nv < 8; c++) {
			const char *v;

			if (!rep->cells[c].nrows)
				continue;
			v = results_get(&rep->res, rep->cells[c].rows[0], col);
			for (k = 0; k < nv && strcmp(vals[k], v); k++)
				;
			if (k == nv && *v)
				vals[nv++] = v;
		}
		for (k = 0, base = nv ? vals[0] : NULL; k < nv; k++)
			if (!strcmp(vals[k], "0"))
				base = vals[k];
		for (k = 0; k < nv; k++) {
			if (vals[k] == base)
				continue;
			snprintf(q, sizeof(q), "%.24s=%.12s vs %.12s", attr, vals[k], base);
			n = add(rep, g, n, max, q, col, base, vals[k]);
		}
	}
	return n;
}

size_t report_groups(const struct report *rep, struct report_group *g,
		     size_t max)
{
	char q[64];
	size_t n = 0, c, k;

	n = add(rep, g, n, max, "libfioring vs fio's io_uring", "engine",
		"io_uring", "fioring");
	n = add(rep, g, n, max, "SQPOLL on vs off", "sqpoll", "0", "1");
	/* each iostats value against 0, in the order the cells have them */
	for (c = 0; c < rep->ncells; c++) {
		const char *v;

		if (!rep->cells[c].nrows)
			continue;
		v = results_get(&rep->res, rep->cells[c].rows[0], "iostats_req");
		if (!*v || !strcmp(v, "0"))
			continue;
		for (k = 0; k < n && (strcmp(g[k].col, "iostats_req") ||
				      strcmp(g[k].cand, v)); k++)
			;
		if (k < n)
			continue;
		snprintf(q, sizeof(q), "iostats=%.16s vs 0", v);
		n = add(rep, g, n, max, q, "iostats_req", "0", v);
	}
	return knob_groups(rep, g, n, max);
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
