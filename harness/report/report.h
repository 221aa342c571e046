/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h: what the files of `fioring-bench report` share: the sweep as
 * read, a summary per cell, and the comparisons between cells that differ
 * in one setting.
 */
#ifndef FIORING_REPORT_H
#define FIORING_REPORT_H

#include <limits.h>
#include <stddef.h>

#include <json-c/json.h>

#include "results/results_read.h"
#include "lib/stats.h"

/* A cell summarised over its ok runs; NAN where nothing was measured. */
struct report_cell {
	const struct results_cell *rc;
	size_t nok, nfailed;
	double iops, iops_lo, iops_hi, iops_cv;
	double clat_mean, clat_p50, clat_p99, clat_p999;	/* us */
	double await_ms, util_pct, busy_pct;
	char flags[256];	/* union of the runs' ks_flags and fio_flags */
	char label[256];	/* the settings that vary across the sweep */
};

/* Two cells that differ only in the setting compared. */
struct report_pair {
	const struct report_cell *base, *cand;
	struct stats_cmp cmp;
	int ok;			/* cmp is valid */
};

/*
 * Runs a cell needs on a metric before its ratios get an interval and a
 * verdict: the bootstrap resamples a cell's own runs, and one run has no
 * spread to resample, so its "interval" would be a point.
 */
#define REPORT_MIN_RUNS	3

/* All pairs for one setting, base value against candidate value. */
struct report_cmp {
	const char *col;
	char base_val[32], cand_val[32];
	struct report_pair *pairs;
	size_t npairs;
	double ratio, lo, hi;	/* geometric mean over the valid pairs */
	int have_ratio;
	size_t nvalid;	/* the pairs the ratio is over */
	size_t nfew;	/* pairs not valid: a cell under REPORT_MIN_RUNS runs */
};

struct report {
	const char *dir;
	json_object *meta;	/* DIR/meta.json, NULL for older sweeps */
	struct results res;
	struct results_cell *cells;
	size_t ncells;
	struct report_cell *rcs;
	const char *gnuplot;
	char scripts[PATH_MAX];	/* the directory of the gnuplot scripts */
	char plotdir[PATH_MAX];	/* DIR/plots */
	char paths_note[512];	/* why per-path stats are not shown */
};

/*
 * How the report reads a ratio's interval: DIFFER when it excludes 1; SAME
 * ("no measurable difference") only when it also lies within 1 +-
 * REPORT_SAME_BAND, the gate's default --max-drop; else UNSURE, an interval
 * that holds 1 and as much a loss or gain past the band, which is no
 * evidence of sameness: more runs narrow it.
 */
#define REPORT_SAME_BAND (STATS_MAX_DROP_PCT / 100.0)
/* best to worst: a line of several intervals says the worst */
enum report_reading { REPORT_SAME, REPORT_UNSURE, REPORT_DIFFER };

static inline enum report_reading report_reading(double lo, double hi)
{
	if (lo > 1 || hi < 1)
		return REPORT_DIFFER;
	return lo >= 1 - REPORT_SAME_BAND && hi <= 1 + REPORT_SAME_BAND ?
	       REPORT_SAME : REPORT_UNSURE;
}

/* report_cells.c: fills rep->rcs; 0 or -errno. */
int report_summarise(struct report *rep);

/* The setting columns that take more than one value in the sweep. */
int report_col_varies(const struct report *rep, const char *col);
/* The cell's varying settings, without `except` (NULL: all). */
void report_label(const struct report *rep, const struct report_cell *c,
		  const char *except, char *buf, size_t len);
/* First row of a cell, for its settings. */
size_t report_row(const struct report_cell *c);
/*
 * Cells that differ only in col, base value against cand value, compared
 * on metric (a results.csv column); with fcol, only cells whose fcol is fval.
 */
int report_compare(const struct report *rep, const char *col,
		   const char *base_val, const char *cand_val,
		   const char *metric, const char *fcol, const char *fval,
		   struct report_cmp *out);
/*
 * The same over several settings at once (NULL-ended cols, a value of
 * each in base_vals and cand_vals): cells that differ in all of them and
 * nothing else, e.g. a profile of two settings against another.
 */
int report_compare_set(const struct report *rep, const char *const *cols,
		       const char *const *base_vals,
		       const char *const *cand_vals, const char *metric,
		       const char *fcol, const char *fval,
		       struct report_cmp *out);
void report_cmp_free(struct report_cmp *cmp);
/* As a metric: clat p50 of reads where the cells read, else of writes. */
#define REPORT_CLAT_P50 "*clat_p50_us"

/* report_plot.c: data files and gnuplot runs; 0 or -errno. */
int report_find_gnuplot(struct report *rep);
/*
 * Runs plots/GP.gp on rep->plotdir/NAME.dat into NAME.png and NAME.svg,
 * with the gnuplot assignments in extra; rep needs only gnuplot, scripts
 * and plotdir.  0 or -errno, said on stderr.
 */
int report_gnuplot(const struct report *rep, const char *gp, const char *name,
		   const char *extra);
#define REPORT_PLOTS_MAX	48

struct report_plot {
	char name[96];		/* plots/NAME.png and .svg */
	char caption[192];
};
/* Writes the plots that apply, lists them in plots[] (REPORT_PLOTS_MAX). */
int report_plots(struct report *rep, struct report_plot *plots, size_t *nplots);

/* report_hosts.c: a row per fio server of a --client sweep. */
struct report_doc;
void report_hosts_table(const struct report *rep, struct report_doc *doc);

/* report_prio.c: per-priority clat of the cells that mixed priorities. */
/* one headline line per cell that mixed priorities; returns how many */
size_t report_prio_headline(const struct report *rep, struct report_doc *doc);

/*
 * report_cdf.c: a "Latency distributions" section, one CDF figure per
 * comparison group (plots/cdf-NAME.png and .svg); 0 or -errno.
 */
int report_cdf(const struct report *rep, struct report_doc *doc);

/* report_comparisons.c: a table of cell pairs per comparison group. */
int report_comparisons(const struct report *rep, struct report_doc *doc);

/* report_findings.c: the headline, one line per question; 0 or -errno. */
int report_findings(const struct report *rep, struct report_doc *doc);
int report_prio_data(const struct report *rep, const char *datfile,
		     size_t *points);

/* report_paths.c: per-path data from the runs' path_stats files. */
int report_paths_data(const struct report *rep, const char *datfile,
		      size_t *npaths, char *why, size_t len);

#endif
