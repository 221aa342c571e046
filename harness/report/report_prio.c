// SPDX-License-Identifier: GPL-2.0
/*
 * report_prio.c: the I/O priority part of a report.  For every cell whose
 * runs had two priorities (results' prio_hi_* and prio_lo_* columns), the
 * headline says how far apart their tails are ("RT p99 0.72 ms vs BE p99
 * 1.04 ms (mq-deadline, loop0)") and prio.dat feeds the plot of p50 and
 * p99 per class and scheduler.  Medians over the ok runs, as everywhere
 * in the report.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_doc.h"

struct prio_cell {
	char hi[8], lo[8];		/* class names, upper case */
	double hi_p50, hi_p99, lo_p50, lo_p99;	/* us */
};

static void upper(char *dst, size_t len, const char *src)
{
	size_t i;

	for (i = 0; src[i] && i + 1 < len; i++)
		dst[i] = (src[i] >= 'a' && src[i] <= 'z') ? src[i] - 32 : src[i];
	dst[i] = '\0';
}

/* 0 when the cell's ok runs measured two priorities, else -ENODATA */
static int prio_cell(const struct report *rep, const struct report_cell *c,
		     struct prio_cell *p)
{
	const struct results *res = &rep->res;
	double *vals;
	size_t i;
	int ret = -ENODATA;

	for (i = 0; i < c->rc->nrows; i++) {
		size_t r = c->rc->rows[i];

		if (results_row_ok(res, r) && *results_get(res, r, "prio_hi_class")) {
			upper(p->hi, sizeof(p->hi), results_get(res, r, "prio_hi_class"));
			upper(p->lo, sizeof(p->lo), results_get(res, r, "prio_lo_class"));
			ret = 0;
			break;
		}
	}
	if (ret)
		return ret;
	vals = calloc(c->rc->nrows, sizeof(*vals));
	if (!vals)
		return -ENOMEM;
	p->hi_p50 = results_cell_median(&rep->res, c->rc, "prio_hi_clat_p50_us", vals);
	p->hi_p99 = results_cell_median(&rep->res, c->rc, "prio_hi_clat_p99_us", vals);
	p->lo_p50 = results_cell_median(&rep->res, c->rc, "prio_lo_clat_p50_us", vals);
	p->lo_p99 = results_cell_median(&rep->res, c->rc, "prio_lo_clat_p99_us", vals);
	free(vals);
	return isnan(p->hi_p99) || isnan(p->lo_p99) ? -ENODATA : 0;
}

/* "0.72 ms" or "85 us": latencies read best in the unit they live in */
static void fmt_lat(char *buf, size_t len, double us)
{
	if (us >= 1000)
		snprintf(buf, len, "%.3g ms", us / 1000);
	else
		snprintf(buf, len, "%.3g us", us);
}

size_t report_prio_headline(const struct report *rep, struct report_doc *doc)
{
	char text[512], hi[32], lo[32];
	struct prio_cell p;
	size_t i, r, n = 0;

	for (i = 0; i < rep->ncells; i++) {
		const struct report_cell *c = &rep->rcs[i];

		if (prio_cell(rep, c, &p))
			continue;
		r = report_row(c);
		fmt_lat(hi, sizeof(hi), p.hi_p99);
		fmt_lat(lo, sizeof(lo), p.lo_p99);
		snprintf(text, sizeof(text),
			 "%s p99 %s vs %s p99 %s (%s, %s, %s, prio %s)%s", p.hi,
			 hi, p.lo, lo, results_get(&rep->res, r, "scheduler"),
			 results_get(&rep->res, r, "target"),
			 results_get(&rep->res, r, "engine"),
			 results_get(&rep->res, r, "ioprio"),
			 c->nok < c->rc->nrows ? " (some runs failed)" : "");
		doc_headline(doc, "%s", text);
		printf("  %-13s %s\n", doc_verdict(text, NULL), text);
		n++;
	}
	return n;
}

int report_prio_data(const struct report *rep, const char *datfile,
		     size_t *points)
{
	struct prio_cell p;
	char lab[256];
	FILE *f;
	size_t i;
	int ret = 0;

	*points = 0;
	f = fopen(datfile, "we");
	if (!f)
		return -errno;
	for (i = 0; i < rep->ncells && !ret; i++) {
		const struct report_cell *c = &rep->rcs[i];
		char *q;

		ret = prio_cell(rep, c, &p);
		if (ret == -ENODATA) {
			ret = 0;
			continue;
		}
		if (ret)
			break;
		report_label(rep, c, NULL, lab, sizeof(lab));
		for (q = lab; *q; q++)
			if (*q == '"' || *q == '\\')
				*q = '_';
		fprintf(f, "\"%s%s%s vs %s\" %.6g %.6g %.6g %.6g\n", lab,
			*lab ? " " : "", p.hi, p.lo, p.hi_p50, p.hi_p99, p.lo_p50,
			p.lo_p99);
		(*points)++;
	}
	if (ferror(f) && !ret)
		ret = -EIO;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}
