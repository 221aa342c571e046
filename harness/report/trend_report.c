// SPDX-License-Identifier: GPL-2.0
/*
 * trend_report.c: `history report`: per cell and metric, a gnuplot plot of
 * each sweep's median with its interval over the stored sweeps, the change
 * points and setup changes marked, in DIR/report.html and report.md.
 */
#include "report/trend_report.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/fileio.h"
#include "lib/interval_text.h"
#include "lib/stats.h"
#include "report/report.h"
#include "report/report_doc.h"
#include "report/trend.h"

/* what gnuplot's quotes and a word list can carry: no quotes, no spaces */
static void plain(char *dst, size_t len, const char *src, int nospace)
{
	size_t k = 0;

	for (; *src && k + 1 < len; src++) {
		if (*src == '\'' || *src == '"' || *src == '\\' ||
		    (nospace && *src == ' '))
			continue;
		dst[k++] = *src;
	}
	dst[k] = '\0';
}

static int write_dat(const struct report *rep, const char *name,
		     const struct trend_series *ts,
		     const struct store_sweep *sw)
{
	char path[PATH_MAX], raw[512], lab[512];
	size_t k;
	FILE *f;
	int ret = 0;

	if (snprintf(path, sizeof(path), "%s/%s.dat", rep->plotdir, name) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "w");
	if (!f)
		return -errno;
	for (k = 0; k < ts->n; k++) {
		const struct cp_sweep *c = &ts->cs[k];
		const struct store_sweep *s = &sw[ts->sweep[k]];
		double med = stats_median(c->v, c->n), lo = med, hi = med;

		if (c->n > 1 &&
		    stats_median_ci(c->v, c->n, STATS_BOOT_ITERS, STATS_LEVEL,
				    STATS_SEED, &lo, &hi))
			lo = hi = med;
		/* the axis label: the id and the start of the labels */
		plain(lab, sizeof(lab), trend_labels(s, raw, sizeof(raw)), 0);
		fprintf(f, "%zu %.6g %.6g %.6g \"%lld %.40s\"\n", k, med, lo, hi,
			s->id, s->nlabels ? lab : "");
	}
	if (ferror(f))
		ret = -EIO;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

/* the gnuplot assignments of one plot */
static void plot_vars(char *buf, size_t len, const struct trend_series *ts)
{
	char cps[512] = "", setups[512] = "", names[1024] = "", diff[128];
	char part[160];
	size_t k, used;
	size_t width = 200 + ts->n * 30;

	for (k = 0, used = 0; k < ts->res.npts; k++)
		used += (size_t)snprintf(cps + used, used < sizeof(cps) ? sizeof(cps) - used : 0,
					 "%s%.1f", k ? " " : "", ts->res.pts[k].after - 0.5);
	for (k = 0, used = 0; k < ts->res.nsetup; k++) {
		size_t i = ts->res.setup_changes[k];

		used += (size_t)snprintf(setups + used,
					 used < sizeof(setups) ? sizeof(setups) - used : 0,
					 "%s%.1f", k ? " " : "", i - 0.5);
		plain(part, sizeof(part),
		      trend_setup_diff(ts->cs[i - 1].setup,
				       ts->cs[i].setup, diff, sizeof(diff)), 1);
		if (strlen(names) + strlen(part) + 2 < sizeof(names)) {
			if (k)
				strcat(names, " ");
			strcat(names, part);
		}
	}
	if (width < 700)
		width = 700;
	if (width > 3000)
		width = 3000;
	snprintf(buf, len, "width=%zu; ytitle='%s'; ptitle='%s over the sweeps'; cps='%s'; "
		 "setups='%s'; setupnames='%s'", width, ts->metric, ts->metric,
		 cps, setups, names);
}

/* " (queue: ...; cmdline: ...)": the settings that differ, "" none */
static const char *settings_note(const char *a, const char *b, char *buf,
				 size_t len)
{
	char one[1024];
	size_t used = 0;
	int j;

	buf[0] = '\0';
	for (j = 0; j < TREND_NSETTINGS; j++)
		if (*trend_settings_diff(j, a, b, one, sizeof(one)))
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
						 "%s%s: %s", used ? "; " : " (",
						 trend_settings[j], one);
	if (used && used + 1 < len)
		strcat(buf, ")");
	return buf;
}

/* what the plot shows, as the page's text under the cell */
static void describe(struct report_doc *doc, const struct trend_series *ts,
		     const struct store_sweep *sw, const struct cp_params *par)
{
	char diff[128], set[2048], ci[64], ack[400];
	size_t k;

	if (!ts->judged)
		doc_para(doc, "%s: %zu sweeps, too few to judge (at least %zu "
			 "needed at p %g).", ts->metric, ts->n,
			 cp_min_sweeps(par), par->p);
	else if (!ts->res.npts)
		doc_para(doc, "%s: %zu sweeps, no change point.", ts->metric, ts->n);
	for (k = 0; k < ts->res.nsetup; k++) {
		size_t i = ts->res.setup_changes[k];

		doc_para(doc, "%s: setup change between sweeps %lld and %lld: %s%s.",
			 ts->metric, sw[ts->sweep[i - 1]].id, sw[ts->sweep[i]].id,
			 trend_setup_diff(ts->cs[i - 1].setup,
					  ts->cs[i].setup, diff,
					  sizeof(diff)),
			 settings_note(ts->cs[i - 1].setup, ts->cs[i].setup,
				       set, sizeof(set)));
	}
	for (k = 0; k < ts->res.npts; k++) {
		const struct cp_point *pt = &ts->res.pts[k];

		interval_text(ci, sizeof(ci), pt->lo, pt->hi, 1, 3, false);
		if (ts->ack[k])
			trend_ack_text(ts->ack[k], pt, ack, sizeof(ack));
		doc_para(doc, "%s: change point between sweeps %lld and %lld: "
			 "x%.3f %s, p %.3g%s%s%s%s.", ts->metric,
			 sw[ts->sweep[pt->before]].id, sw[ts->sweep[pt->after]].id,
			 pt->shift, ci, pt->p,
			 trend_is_regression(ts, pt) ? ", a regression" : "",
			 pt->setup_change >= 0 ? ", at a setup change" : "",
			 ts->ack[k] ? ", " : "", ts->ack[k] ? ack : "");
	}
}

/* what every plot reads, once per report */
struct trend_src {
	struct store *st;
	struct store_sweep *sw;
	size_t nsw;
	struct store_ack *acks;
	size_t nacks;
	const struct cp_params *par;
};

static int one_plot(struct report *rep, struct report_doc *doc,
		    const struct trend_src *src, const char *cell, size_t ci,
		    const char *metric, size_t *nplots)
{
	const struct store_sweep *sw = src->sw;
	char name[64], vars[4096], caption[512];
	struct trend_series ts;
	int ret;

	ret = trend_load(src->st, sw, src->nsw, src->acks, src->nacks, cell,
			 metric, src->par, &ts);
	if (ret)
		return ret;
	if (!ts.n)
		goto out;
	snprintf(name, sizeof(name), "trend-%zu-%s", ci + 1, metric);
	ret = write_dat(rep, name, &ts, sw);
	if (ret)
		goto out;
	plot_vars(vars, sizeof(vars), &ts);
	ret = report_gnuplot(rep, "trend", name, vars);
	if (ret)
		goto out;
	describe(doc, &ts, sw, src->par);
	snprintf(caption, sizeof(caption), "%s over %zu sweeps: median of the "
		 "runs with its 95%% interval; red: change points, grey: setup "
		 "changes", metric, ts.n);
	ret = doc_image(doc, name, caption);
	(*nplots)++;
out:
	trend_free(&ts);
	return ret;
}

int trend_report(struct store *st, const char *dir, char *const *cells,
		 size_t ncells, char *const *metrics, size_t nmetrics,
		 const struct cp_params *par, size_t *nplots)
{
	struct trend_src src = { .st = st, .par = par };
	struct report rep = { 0 };
	struct report_doc doc;
	char head[512];
	size_t i, m;
	int ret;

	*nplots = 0;
	ret = report_find_gnuplot(&rep);
	if (ret == -ENOENT) {
		fprintf(stderr, "history report: gnuplot not found: install Debian's "
			"gnuplot-nox (apt-get install gnuplot-nox)\n");
		return ret;
	}
	if (ret) {
		fprintf(stderr, "history report: no gnuplot scripts in %s (set "
			"FIORING_PLOTS)\n", rep.scripts);
		return ret;
	}
	snprintf(rep.plotdir, sizeof(rep.plotdir), "%s/plots", dir);
	ret = mkdir_p(rep.plotdir, 0755);
	if (ret) {
		fprintf(stderr, "history report: %s: %s\n", rep.plotdir, strerror(-ret));
		return ret;
	}
	ret = store_sweeps(st, &src.sw, &src.nsw);
	if (ret)
		return ret;
	ret = store_acks(st, &src.acks, &src.nacks);
	if (ret)
		goto out;
	ret = doc_open(&doc, dir, "fioring history: trends over the stored sweeps");
	if (ret)
		goto out;
	doc_para(&doc, "%zu sweeps, oldest first; %zu cells. Change points: "
		 "E-divisive means over sweeps, permutation test at p %g with %u "
		 "permutations, seed %#llx (as `fioring-bench history detect`).",
		 src.nsw, ncells, par->p, par->permutations,
		 (unsigned long long)par->seed);
	for (i = 0; i < ncells && !ret; i++) {
		snprintf(head, sizeof(head), "Cell %zu: %s", i + 1, cells[i]);
		doc_heading(&doc, 2, head);
		for (m = 0; m < nmetrics && !ret; m++)
			ret = one_plot(&rep, &doc, &src, cells[i], i, metrics[m],
				       nplots);
	}
	if (ret)
		doc_close(&doc);
	else
		ret = doc_close(&doc);
out:
	store_acks_free(src.acks, src.nacks);
	store_sweeps_free(src.sw, src.nsw);
	return ret;
}
