// SPDX-License-Identifier: GPL-2.0
/*
 * report_plot.c: writes the data files under DIR/plots/ and runs the
 * gnuplot scripts of plots/ on them, each once for PNG (embedded in the
 * HTML) and once for SVG.  gnuplot is a separate program, not a library,
 * so a missing one is found up front and named with its Debian package.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "report/report.h"
#include "report/report_groups.h"

extern char **environ;

/* DIR/NAMEEXT into buf; -ENAMETOOLONG when it does not fit */
static int path_of(char *buf, size_t len, const char *dir, const char *name,
		   const char *ext)
{
	int n = snprintf(buf, len, "%s/%s%s", dir, name, ext);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

int report_find_gnuplot(struct report *rep)
{
	static char found[PATH_MAX];
	const char *env = getenv("GNUPLOT");
	const char *scripts = getenv("FIORING_PLOTS");

	rep->gnuplot = NULL;
	if (path_search(env && *env ? env : "gnuplot", found, sizeof(found)))
		return -ENOENT;
	rep->gnuplot = found;

	/* the source tree's scripts while developing, else the installed ones */
	if (scripts && *scripts)
		snprintf(rep->scripts, sizeof(rep->scripts), "%s", scripts);
	else if (is_dir(FIORING_SRCDIR "/plots"))
		snprintf(rep->scripts, sizeof(rep->scripts), "%s", FIORING_SRCDIR "/plots");
	else
		snprintf(rep->scripts, sizeof(rep->scripts), "%s",
			 FIORING_PREFIX "/share/fioring/plots");
	return is_dir(rep->scripts) ? 0 : -ENOTDIR;
}

/* gnuplot string literals are single-quoted: a quote in a path cannot be passed */
static int has_quote(const char *s)
{
	return strchr(s, '\'') != NULL;
}

static int spawn_gnuplot(const struct report *rep, const char *vars,
			 const char *script)
{
	char log[PATH_MAX];
	char *argv[] = { (char *)"gnuplot", (char *)"-e", (char *)vars,
			 (char *)script, NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int ret, status;

	ret = path_of(log, sizeof(log), rep->plotdir, "gnuplot.log", "");
	if (ret)
		return ret;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, log, O_WRONLY | O_CREAT | O_APPEND, 0644);
	ret = posix_spawn(&pid, rep->gnuplot, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (ret)
		return -ret;
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -EIO;
}

int report_gnuplot(const struct report *rep, const char *gp, const char *name,
		   const char *extra)
{
	static const char *const terms[][2] = { { "pngcairo", "png" }, { "svg", "svg" } };
	char script[PATH_MAX], vars[3 * PATH_MAX];
	size_t i;
	int ret;

	ret = path_of(script, sizeof(script), rep->scripts, gp, ".gp");
	if (ret)
		return ret;
	if (has_quote(rep->plotdir) || has_quote(rep->scripts)) {
		fprintf(stderr, "report: %s: a quote in the path cannot be passed to gnuplot\n",
			rep->plotdir);
		return -EINVAL;
	}
	for (i = 0; i < 2; i++) {
		snprintf(vars, sizeof(vars),
			 "datafile='%s/%s.dat'; out='%s/%s.%s'; term='%s'; %s",
			 rep->plotdir, name, rep->plotdir, name, terms[i][1],
			 terms[i][0], extra);
		ret = spawn_gnuplot(rep, vars, script);
		if (ret) {
			fprintf(stderr, "report: gnuplot failed on %s (see %s/gnuplot.log)\n",
				script, rep->plotdir);
			return ret;
		}
	}
	return 0;
}

static FILE *dat_open(const struct report *rep, const char *name)
{
	char path[PATH_MAX];

	if (path_of(path, sizeof(path), rep->plotdir, name, ".dat")) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	return fopen(path, "w");
}

static int dat_close(FILE *f)
{
	int ret = ferror(f) ? -EIO : 0;

	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

static void num(FILE *f, double v)
{
	if (isnan(v))
		fputs(" NaN", f);
	else
		fprintf(f, " %.6g", v);
}

/* gnuplot labels are double-quoted */
static void label(FILE *f, const char *s, size_t nfailed)
{
	fputc('"', f);
	for (; *s; s++)
		if (*s != '"' && *s != '\\')
			fputc(*s, f);
	if (nfailed)
		fprintf(f, " [%zu failed]", nfailed);
	fputc('"', f);
}

/* Distinct values of a column, in order of appearance; returns how many. */
static size_t distinct(const struct report *rep, const char *col,
		       const char **vals, size_t max)
{
	size_t n = 0, i, r;

	for (r = 0; r < rep->res.nrows; r++) {
		const char *v = results_get(&rep->res, r, col);

		for (i = 0; i < n && strcmp(vals[i], v); i++)
			;
		if (i == n && n < max)
			vals[n++] = v;
	}
	return n;
}

/* How much a bar plot holds: its width follows the rows, its scale the range. */
struct bar_extent {
	size_t rows;
	double min, max;
};

/*
 * gnuplot variables for a bar plot of ext->rows groups of bars_per_row bars:
 * wide enough for every label (the HTML scrolls a wide plot rather than
 * shrinking it), and a log scale when the values span more than 30x.
 */
static void bar_vars(char *buf, size_t len, const struct bar_extent *ext,
		     size_t bars_per_row, const char *more)
{
	size_t width = 160 + ext->rows * (bars_per_row + 1) * 14;

	if (width < 900)
		width = 900;
	if (width > 3000)
		width = 3000;
	snprintf(buf, len, "width=%zu; logy=%d; %s", width,
		 ext->min > 0 && ext->max / ext->min > 30, more);
}

/* the value of col of cell c, "" for none */
static const char *cell_val(const struct report *rep,
			    const struct report_cell *c, const char *col)
{
	return results_get(&rep->res, report_row(c), col);
}

/* the legend of each value of col: "iostats=2 (reads back 1)" */
static void iops_titles(FILE *f, const struct report *rep, const char *col,
			const char **vals, size_t nv)
{
	char eff_col[64], side[96];
	const char *eff;
	size_t j, r;

	fputs("setting", f);
	for (j = 0; j < nv; j++) {
		eff = "";
		if (!report_eff_col(col, eff_col, sizeof(eff_col)))
			for (r = 0; r < rep->res.nrows; r++)
				if (!strcmp(results_get(&rep->res, r, col), vals[j]))
					eff = results_get(&rep->res, r, eff_col);
		report_side(col, vals[j], side, sizeof(side));
		if (*eff && strcmp(eff, vals[j]))
			fprintf(f, " \"%s (reads back %s)\" lo hi", side, eff);
		else
			fprintf(f, " \"%s\" lo hi", side);
	}
	fputc('\n', f);
}

/* cell m's median IOPS and its interval as a bar (NaN: none), counted in ext */
static void iops_bar(FILE *f, const struct report_cell *m, size_t *points,
		     struct bar_extent *ext)
{
	if (m && !isnan(m->iops)) {
		(*points)++;
		ext->min = fmin(ext->min, m->iops);
		ext->max = fmax(ext->max, m->iops);
	}
	num(f, m ? m->iops : NAN);
	num(f, m ? m->iops_lo : NAN);
	num(f, m ? m->iops_hi : NAN);
}

/* iops.dat: a bar per cell */
static int overview_data(const struct report *rep, size_t *points,
			 struct bar_extent *ext)
{
	FILE *f = dat_open(rep, "iops");
	size_t i;

	*points = 0;
	if (!f)
		return -errno;
	fputs("setting \"IOPS\" lo hi\n", f);
	for (i = 0; i < rep->ncells; i++) {
		const struct report_cell *c = &rep->rcs[i];

		ext->rows++;
		label(f, c->label, c->nfailed);
		iops_bar(f, c, points, ext);
		fputc('\n', f);
	}
	return dat_close(f);
}

/*
 * NAME.dat: a row per group of cells that differ only in setting col,
 * with median, lo and hi for each of its values side by side
 */
static int iops_data(const struct report *rep, const char *col,
		     const char *name, size_t *nseries, size_t *points,
		     struct bar_extent *ext)
{
	const char *vals[8];
	size_t nv = report_distinct(rep, col, vals, 8), i, j, k;
	char **keys = calloc(rep->ncells + 1, sizeof(*keys));
	FILE *f = dat_open(rep, name);
	int ret = -ENOMEM;

	*points = 0;
	if (!keys || !f)
		goto out;
	iops_titles(f, rep, col, vals, nv);
	for (i = 0; i < rep->ncells; i++) {
		const struct report_cell *c = &rep->rcs[i];
		size_t nfailed = 0;
		char lab[256];

		if (!*cell_val(rep, c, col))
			continue;	/* the setting is not the target's */
		keys[i] = results_cell_key(&rep->res, report_row(c), col);
		if (!keys[i])
			goto out;
		for (k = 0; k < i && strcmp(keys[k] ?: "", keys[i]); k++)
			;
		if (k < i)
			continue;	/* group already written */
		for (k = i; k < rep->ncells; k++)
			nfailed += rep->rcs[k].nfailed *
				   !strcmp(keys[i], keys[k] ?: "");
		ext->rows++;
		report_label(rep, c, col, lab, sizeof(lab));
		label(f, lab, nfailed);
		for (j = 0; j < nv; j++) {
			const struct report_cell *m = NULL;

			for (k = 0; k < rep->ncells && !m; k++) {
				const struct report_cell *o = &rep->rcs[k];
				char *ok = results_cell_key(&rep->res, report_row(o),
							    col);

				if (ok && !strcmp(ok, keys[i]) &&
				    !strcmp(cell_val(rep, o, col), vals[j]))
					m = o;
				free(ok);
			}
			iops_bar(f, m, points, ext);
		}
		fputc('\n', f);
	}
	*nseries = nv;
	ret = 0;
out:
	for (i = 0; keys && i < rep->ncells; i++)
		free(keys[i]);
	free(keys);
	if (f) {
		int r = dat_close(f);

		ret = ret ? ret : r;
	}
	return ret;
}

static int clat_data(const struct report *rep, size_t *points)
{
	FILE *f = dat_open(rep, "clat");
	size_t i;

	*points = 0;
	if (!f)
		return -errno;
	for (i = 0; i < rep->ncells; i++) {
		const struct report_cell *c = &rep->rcs[i];

		if (isnan(c->clat_p50))
			continue;
		label(f, c->label, c->nfailed);
		num(f, c->clat_p50);
		num(f, c->clat_p99);
		num(f, c->clat_p999);
		fputc('\n', f);
		(*points)++;
	}
	return dat_close(f);
}

/*
 * NAME.dat: clat p50 and p99 of each pair of cells of group g, base then
 * candidate (header: the legend); *rows says whether any pair was found
 */
static int pair_data(const struct report *rep, const struct report_group *g,
		     const char *name, size_t *rows)
{
	struct report_cmp cmp;
	FILE *f;
	size_t i;
	int ret;

	*rows = 0;
	ret = report_compare(rep, g->col, g->base, g->cand, "iops", NULL, NULL,
			     &cmp);
	if (ret)
		return ret;
	f = dat_open(rep, name);
	if (!f) {
		report_cmp_free(&cmp);
		return -errno;
	}
	fputs("setting", f);
	for (i = 0; i < 4; i++) {
		char title[96];

		snprintf(title, sizeof(title), "p%s %s", i < 2 ? "50" : "99",
			 i % 2 ? g->cand_side : g->base_side);
		fputc(' ', f);
		label(f, title, 0);
	}
	fputc('\n', f);
	for (i = 0; i < cmp.npairs; i++) {
		const struct report_pair *p = &cmp.pairs[i];
		char lab[256];

		if (isnan(p->base->clat_p50) || isnan(p->cand->clat_p50))
			continue;
		report_label(rep, p->cand, g->col, lab, sizeof(lab));
		label(f, lab, p->base->nfailed + p->cand->nfailed);
		num(f, p->base->clat_p50);
		num(f, p->cand->clat_p50);
		num(f, p->base->clat_p99);
		num(f, p->cand->clat_p99);
		fputc('\n', f);
		(*rows)++;
	}
	report_cmp_free(&cmp);
	return dat_close(f);
}

/*
 * Per-run scatter data, one block per value of `by` (gnuplot's index):
 * await.dat (fio clat mean in ms against diskstats await) and util.dat
 * (fio busy % against %util, split by whether the run was flagged).
 */
static int scatter_data(const struct report *rep, const char *name, int util,
			char *titles, size_t tlen, size_t *points)
{
	const char *engines[8];
	size_t nseries = util ? 2 : distinct(rep, "engine", engines, 8), s, r;
	FILE *f = dat_open(rep, name);

	*points = 0;
	*titles = '\0';
	if (!f)
		return -errno;
	for (s = 0; s < nseries; s++) {
		const char *t = util ? (s ? "flagged" : "not_flagged") : engines[s];
		size_t at = strlen(titles);

		/* gnuplot gets the titles as one quoted, space-separated word list */
		if (s && at + 1 < tlen)
			titles[at++] = ' ';
		snprintf(titles + at, tlen - at, "%s", *t ? t : "-");
		for (; titles[at]; at++)
			if (titles[at] == '\'' || titles[at] == ' ')
				titles[at] = '_';
		fprintf(f, "# %s\n", t);
		for (r = 0; r < rep->res.nrows; r++) {
			const struct results *res = &rep->res;
			double x, y;
			int rd;

			if (!results_row_ok(res, r))
				continue;
			if (util) {
				if (!!*results_get(res, r, "ks_flags") != (int)s ||
				    results_num(res, r, "fio_busy_pct", &x) ||
				    results_num(res, r, "ks_util_pct", &y))
					continue;
			} else {
				if (strcmp(results_get(res, r, "engine"), engines[s]))
					continue;
				rd = !results_num(res, r, "read_clat_mean_us", &x);
				if (!rd && results_num(res, r, "write_clat_mean_us", &x))
					continue;
				if (results_num(res, r, rd ? "ks_r_await_ms" : "ks_w_await_ms", &y))
					continue;
				x /= 1000;
				/* a log scale has no room for 0 */
				if (!(x > 0) || !(y > 0))
					continue;
			}
			fprintf(f, "%.6g %.6g\n", x, y);
			(*points)++;
		}
		fputs("\n\n", f);
	}
	return dat_close(f);
}

/*
 * Draws NAME with plots/GP.gp when its data has points and lists it for
 * the report, as caption says.
 */
static int add_plot_gp(const struct report *rep, struct report_plot *plots,
		       size_t *nplots, size_t points, const char *gp,
		       const char *name, const char *extra, const char *caption)
{
	struct report_plot *p = &plots[*nplots];
	int ret;

	if (!points)
		return 0;
	if (*nplots == REPORT_PLOTS_MAX)
		return -E2BIG;
	ret = report_gnuplot(rep, gp, name, extra);
	if (ret)
		return ret;
	snprintf(p->name, sizeof(p->name), "%s", name);
	snprintf(p->caption, sizeof(p->caption), "%s", caption);
	(*nplots)++;
	return 0;
}

/* Draws NAME with its own script, plots/NAME.gp. */
static int add_plot(const struct report *rep, struct report_plot *plots,
		    size_t *nplots, size_t points, const char *name,
		    const char *extra, const char *caption)
{
	return add_plot_gp(rep, plots, nplots, points, name, name, extra,
			   caption);
}

/* A scatter plot of the runs: await (UTIL 0) or %util (UTIL 1) against fio. */
static int add_scatter(const struct report *rep, struct report_plot *plots,
		       size_t *nplots, const char *name, int util,
		       const char *caption)
{
	char titles[256], extra[512];
	size_t n;
	int ret;

	ret = scatter_data(rep, name, util, titles, sizeof(titles), &n);
	if (ret)
		return ret;
	snprintf(extra, sizeof(extra), "titles='%s'", titles);
	return add_plot(rep, plots, nplots, n, name, extra, caption);
}

/* A bar chart of N rows, BARS bars a row, with the default extent. */
static int add_bars(const struct report *rep, struct report_plot *plots,
		    size_t *nplots, size_t n, size_t bars, const char *name,
		    const char *caption)
{
	struct bar_extent ext = { n, 0, 0 };
	char extra[512];

	bar_vars(extra, sizeof(extra), &ext, bars, "");
	return add_plot(rep, plots, nplots, n, name, extra, caption);
}

/*
 * The IOPS plot NAME: a bar per cell (col NULL), or setting col's values
 * side by side
 */
static int add_iops(const struct report *rep, struct report_plot *plots,
		    size_t *nplots, const char *col, const char *name,
		    const char *caption)
{
	struct bar_extent ext = { 0, INFINITY, 0 };
	char extra[512], titles[32];
	size_t n, nseries = 1;
	int ret;

	ret = col ? iops_data(rep, col, name, &nseries, &n, &ext) :
		    overview_data(rep, &n, &ext);
	if (ret)
		return ret;
	snprintf(titles, sizeof(titles), "nseries=%zu", nseries);
	bar_vars(extra, sizeof(extra), &ext, nseries, titles);
	return add_plot_gp(rep, plots, nplots, n, "iops", name, extra, caption);
}

/*
 * Per comparison group: a setting compared on IOPS gets its values side
 * by side (iops-SETTING, once per setting), one compared on latency its
 * pairs' clat, base against candidate (clat-GROUP)
 */
static int group_plots(const struct report *rep, struct report_plot *plots,
		       size_t *nplots)
{
	struct report_group g[REPORT_GROUPS_MAX];
	size_t ng = report_groups(rep, g, REPORT_GROUPS_MAX), i, k, n;
	char name[96], set[64], caption[192], extra[512];
	struct bar_extent ext = { 0, 0, 0 };
	int ret = 0;

	for (i = 0; !ret && i < ng; i++) {
		for (k = 0; k < i && (g[k].latency || strcmp(g[k].col, g[i].col)); k++)
			;
		if (g[i].latency || k < i ||
		    report_setting_name(g[i].col, set, sizeof(set)))
			continue;
		snprintf(name, sizeof(name), "iops-%s", set);
		snprintf(caption, sizeof(caption), "IOPS per setting, %s side by "
			 "side: median and 95%% bootstrap interval", set);
		ret = add_iops(rep, plots, nplots, g[i].col, name, caption);
	}
	for (i = 0; !ret && i < ng; i++) {
		if (!g[i].latency)
			continue;
		snprintf(name, sizeof(name), "clat-%s", g[i].name);
		ret = pair_data(rep, &g[i], name, &n);
		if (ret)
			break;
		ext.rows = n;
		bar_vars(extra, sizeof(extra), &ext, 4, "");
		snprintf(caption, sizeof(caption), "%.63s: completion latency p50 "
			 "and p99 of each pair of cells (log scale)", g[i].question);
		ret = add_plot_gp(rep, plots, nplots, n, "clat-pair", name, extra,
				  caption);
	}
	return ret;
}

int report_plots(struct report *rep, struct report_plot *plots, size_t *nplots)
{
	char dat[PATH_MAX];
	size_t n;
	int ret;

	*nplots = 0;
	if (mkdir(rep->plotdir, 0755) && errno != EEXIST)
		return -errno;

	ret = add_iops(rep, plots, nplots, NULL, "iops",
		       "IOPS per setting: median and 95% bootstrap interval");
	if (ret)
		return ret;
	ret = clat_data(rep, &n);
	if (ret)
		return ret;
	ret = add_bars(rep, plots, nplots, n, 3, "clat",
		       "Completion latency p50 / p99 / p99.9 per setting (log scale)");
	if (ret)
		return ret;
	ret = group_plots(rep, plots, nplots);
	if (ret)
		return ret;

	ret = add_scatter(rep, plots, nplots, "await", 0,
		       "Kernel await (diskstats) against fio clat mean, per run");
	if (ret)
		return ret;

	ret = add_scatter(rep, plots, nplots, "util", 1,
		       "Kernel %util against the busy fraction fio implies, per run");
	if (ret)
		return ret;

	ret = path_of(dat, sizeof(dat), rep->plotdir, "prio", ".dat");
	if (!ret)
		ret = report_prio_data(rep, dat, &n);
	if (ret)
		return ret;
	ret = add_bars(rep, plots, nplots, n, 4, "prio",
		       "Completion latency p50 / p99 of the priority served first (hi) and last (lo), per cell (log scale)");
	if (ret)
		return ret;

	ret = path_of(dat, sizeof(dat), rep->plotdir, "paths", ".dat");
	if (!ret)
		ret = report_paths_data(rep, dat, &n, rep->paths_note,
					sizeof(rep->paths_note));
	if (ret)
		return ret;
	return add_bars(rep, plots, nplots, n, 2, "paths",
			"Per-path I/O share and completion latency");
}
