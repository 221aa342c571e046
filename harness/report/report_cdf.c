// SPDX-License-Identifier: GPL-2.0
/*
 * report_cdf.c: latency as a distribution.  For each comparison group
 * (report_groups()) one figure: a panel per pair of cells, each cell's
 * runs merged into one clat histogram (fio's json+ bins from the runs'
 * raw JSON, counts added) and drawn as a CDF on a log latency axis, with
 * a percentile axis that spreads the tail (log10(1 / (1 - p)): 90%, 99%,
 * 99.9% equally apart) and each cell's p50, p99 and p99.9 marked.  Pairs
 * whose fio clat breaks Little's law are left out, as the latency
 * finding leaves them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "fio/fio_hist.h"
#include "fio/fio_json.h"
#include "lib/fileio.h"
#include "report/report_doc.h"
#include "report/report.h"
#include "report/report_groups.h"

/* panels a figure holds (4 x 4) */
#define CDF_PANELS_MAX	16

static const double marks[] = { 50.0, 99.0, 99.9 };

/* the merged clat bins of a cell's ok runs, reads where it read */
static int cell_hist(const struct report *rep, const struct results_cell *rc,
		     struct fio_hist *h)
{
	double ri = 0;
	const char *dir;
	size_t i;
	int ret;

	results_num(&rep->res, rc->rows[0], "read_iops", &ri);
	dir = ri > 0 ? "read" : "write";
	for (i = 0; i < rc->nrows; i++) {
		size_t r = rc->rows[i], len;
		const char *raw = results_get(&rep->res, r, "raw");
		char path[PATH_MAX], err[128], *buf;
		json_object *root;

		if (!results_row_ok(&rep->res, r) || !*raw)
			continue;
		snprintf(path, sizeof(path), "%s/%s", rep->dir, raw);
		if (file_read_all(path, &buf, &len))
			continue;
		root = fio_json_load(buf, len, err, sizeof(err));
		free(buf);
		if (!root)
			continue;
		ret = fio_json_clat_hist(root, dir, h);
		json_object_put(root);
		if (ret && ret != -ENODATA)
			return ret;
	}
	fio_hist_sort(h);
	return fio_hist_total(h) ? 0 : -ENODATA;
}

/*
 * A curve block (lat_us y, y = log10(1 / (1 - F)), F the share at or
 * below; the last bin's 1 - F is taken as 1 / N, where the axis ends),
 * then a block of the marks (lat_us y pNN)
 */
static void curve(FILE *f, const struct fio_hist *h)
{
	uint64_t n = fio_hist_total(h), seen = 0;
	size_t i, k;

	for (i = 0; i < h->nr; i++) {
		seen += h->bins[i].count;
		fprintf(f, "%.6g %.6g\n", h->bins[i].ns / 1000.0,
			log10((double)n / (seen < n ? n - seen : 1)));
	}
	fputs("\n\n", f);
	for (k = 0; k < sizeof(marks) / sizeof(marks[0]); k++)
		fprintf(f, "%.6g %.6g p%g\n", fio_hist_pct(h, marks[k]),
			-log10(1 - marks[k] / 100), marks[k]);
	fputs("\n\n", f);
}

/* a gnuplot string: double-quoted, without quotes or backslashes inside */
static void gp_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		if (*s != '"' && *s != '\\')
			fputc(*s, f);
	fputc('"', f);
}

/* writes cdf-NAME.dat and .titles; *npanels gets the panels drawn */
static int group_data(const struct report *rep, const struct report_group *g,
		      size_t *npanels, size_t *left_out)
{
	char path[PATH_MAX], label[256];
	struct report_cmp cmp;
	FILE *dat = NULL, *tit = NULL;
	size_t i;
	int ret;

	*npanels = *left_out = 0;
	ret = report_compare(rep, g->col, g->base, g->cand, "iops", NULL, NULL, &cmp);
	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%.*s/cdf-%s.dat", PATH_MAX - 80, rep->plotdir, g->name);
	dat = fopen(path, "we");
	snprintf(path, sizeof(path), "%.*s/cdf-%s.titles", PATH_MAX - 80, rep->plotdir, g->name);
	tit = fopen(path, "we");
	if (!dat || !tit) {
		ret = -errno;
		goto out;
	}
	fprintf(tit, "array T[%d]\n", CDF_PANELS_MAX);
	for (i = 0; i < cmp.npairs; i++) {
		const struct report_pair *p = &cmp.pairs[i];
		struct fio_hist hb = { 0 }, hc = { 0 };

		if (report_clat_broken(rep, p->base->rc) ||
		    report_clat_broken(rep, p->cand->rc) ||
		    *npanels == CDF_PANELS_MAX) {
			++*left_out;
			continue;
		}
		ret = cell_hist(rep, p->base->rc, &hb);
		if (!ret)
			ret = cell_hist(rep, p->cand->rc, &hc);
		if (!ret) {
			curve(dat, &hb);
			curve(dat, &hc);
			report_label(rep, p->cand, g->col, label, sizeof(label));
			fprintf(tit, "T[%zu] = ", ++*npanels);
			gp_str(tit, label[0] ? label : p->cand->rc->name);
			fputc('\n', tit);
		}
		fio_hist_free(&hb);
		fio_hist_free(&hc);
		if (ret == -ENODATA) {
			++*left_out;
			ret = 0;
		} else if (ret) {
			goto out;
		}
	}
	fputs("group_title = ", tit);
	gp_str(tit, g->question);
	fputs("\nbase_t = ", tit);
	gp_str(tit, g->base_side);
	fputs("\ncand_t = ", tit);
	gp_str(tit, g->cand_side);
	fputc('\n', tit);
out:
	if (dat && fclose(dat) && !ret)
		ret = -errno;
	if (tit && fclose(tit) && !ret)
		ret = -errno;
	report_cmp_free(&cmp);
	return ret;
}

int report_cdf(const struct report *rep, struct report_doc *doc)
{
	struct report_group g[REPORT_GROUPS_MAX];
	size_t n = report_groups(rep, g, REPORT_GROUPS_MAX), i, np, out, drawn = 0;
	char name[80], extra[PATH_MAX + 128], caption[512];
	int ret;

	doc_heading(doc, 2, "Latency distributions");
	for (i = 0; i < n; i++) {
		ret = group_data(rep, &g[i], &np, &out);
		if (ret)
			return ret;
		if (!np)
			continue;
		snprintf(name, sizeof(name), "cdf-%s", g[i].name);
		snprintf(extra, sizeof(extra), "npanels=%zu; titles='%s/%s.titles'",
			 np, rep->plotdir, name);
		ret = report_gnuplot(rep, "cdf", name, extra);
		if (ret)
			return ret;
		snprintf(caption, sizeof(caption), "%.64s: completion latency CDF of "
			 "each pair of cells, each cell's runs merged (fio's json+ "
			 "bins); p50, p99 and p99.9 marked%s", g[i].question,
			 out ? " (pairs with fio's clat broken or beyond 16 left out)" : "");
		ret = doc_image(doc, name, caption);
		if (ret)
			return ret;
		drawn++;
	}
	if (!drawn)
		doc_para(doc, "No latency distributions: no pair of cells compared "
			 "has fio's json+ clat bins in its runs' raw JSON.");
	return 0;
}
