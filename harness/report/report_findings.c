// SPDX-License-Identifier: GPL-2.0
/*
 * report_findings.c: the report's first section, one line per question a
 * sweep can answer (what iostats costs, whether %util and await can be
 * trusted, whether SQPOLL latency reads right, libfioring against fio's
 * io_uring, iopolicy, I/O priorities, the gate), each with its verdict,
 * its interval and the device it was measured on, or "not measurable on
 * DEV: why" when the target cannot answer it (from the applicability probe
 * the sweep recorded in meta.json).  Then the runs that need a look: the
 * flagged ones by flag, and outliers by name.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "lib/interval_text.h"
#include "lib/json_put.h"
#include "lib/str.h"
#include "report/report.h"
#include "report/report_bounds.h"
#include "report/report_doc.h"
#include "report/report_facts.h"
#include "report/report_groups.h"
#include "results/flags.h"
#include "results/dims.h"
#include "results/metrics.h"

struct findings {
	const struct report *rep;
	struct report_doc *doc;
	char kernel[128];
};

static void say(struct findings *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(struct findings *f, const char *fmt, ...)
{
	char text[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	doc_headline(f->doc, "%s", text);
	printf("  %-13s %s\n", doc_verdict(text, NULL), text);
}

/* appends to a NUL-terminated buffer, cutting what does not fit */
static void appendf(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void appendf(char *buf, size_t len, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

/* a question the cells could answer with more runs: "CANNOT JUDGE on DEV: ..." */
#define FEW_TEXT "CANNOT JUDGE on %s: a cell has fewer than " \
		 STATS_XSTR(REPORT_MIN_RUNS) " runs, too few for an interval (-r " \
		 STATS_XSTR(REPORT_MIN_RUNS) " or more)"

/* " (2 pairs with fewer than 3 runs a cell left out)" when a pooled ratio left some out */
static const char *few_left(const struct report_cmp *cmp)
{
	static char buf[96];

	buf[0] = '\0';
	if (cmp->nfew)
		snprintf(buf, sizeof(buf), " (%zu pair%s with fewer than %d runs a "
			 "cell left out)", cmp->nfew, cmp->nfew == 1 ? "" : "s",
			 REPORT_MIN_RUNS);
	return buf;
}

/* what a finding that holds 1 but not within the band says after its ratios */
#define UNSURE_TEXT " (CANNOT JUDGE: wider than +-" STATS_MAX_DROP_STR \
		    "%; more runs narrow it)"

static void cost_text(const struct report_cmp *cmp, char *buf, size_t len)
{
	static const char *const says[] = {
		[REPORT_SAME] = " (no measurable cost)",
		[REPORT_UNSURE] = UNSURE_TEXT,
		[REPORT_DIFFER] = "",
	};

	char ci[64];

	interval_text(ci, sizeof(ci), 100 * (1 - cmp->hi), 100 * (1 - cmp->lo),
		      0, 1, false);
	snprintf(buf, len, "costs %.1f%% IOPS %s%s", 100 * (1 - cmp->ratio), ci,
		 says[report_reading(cmp->lo, cmp->hi)]);
}

/* "iostats=2 reads back 1 on loop0": said once, for values the sweep dropped */
static void iostats_read_back(struct findings *f, const char *disk)
{
	json_object *m = json_get(report_facts_of(f->rep->meta, disk), "iostats_read_back");
	const char *swept[8];
	size_t ns = report_distinct(f->rep, "iostats_req", swept, 8), k;

	if (!m)
		return;
	json_object_object_foreach(m, req, eff) {
		const char *e = json_object_get_string(eff);

		for (k = 0; k < ns && strcmp(swept[k], req); k++)
			;
		if (k == ns && strcmp(req, e))
			say(f, "iostats: %s reads iostats=%s back as %s, the same "
			    "setting: not swept", disk, req, e);
	}
}

/*
 * " (read back 1: the same setting as iostats=1)" when the rows say the
 * kernel kept another value than the one written (sweeps made before the
 * probe dropped such values)
 */
static void read_back(const struct report *rep, const char *disk,
		      const char *val, char *buf, size_t len)
{
	size_t r;

	buf[0] = '\0';
	for (r = 0; r < rep->res.nrows; r++) {
		const char *eff = results_get(&rep->res, r, "iostats_eff");

		if (strcmp(results_get(&rep->res, r, "target"), disk) ||
		    strcmp(results_get(&rep->res, r, "iostats_req"), val) ||
		    !*eff || !strcmp(eff, val))
			continue;
		snprintf(buf, len, " (read back %.16s: the same setting as iostats=%.16s)",
			 eff, eff);
		return;
	}
}

static int finding_iostats(struct findings *f)
{
	const char *disks[16], *vals[8];
	size_t nd = report_distinct(f->rep, "target", disks, 16);
	size_t nv = report_distinct(f->rep, "iostats_req", vals, 8), d, v;
	struct report_cmp cmp;
	char cost[160], why[256];
	char eff[96];
	int ret;

	for (d = 0; d < nd; d++) {
		iostats_read_back(f, disks[d]);
		if (report_inert(f->rep->meta, dims[DIM_IOSTATS].req_col, disks[d],
				 why, sizeof(why))) {
			say(f, "iostats cost: not measurable on %s: %s", disks[d], why);
			continue;
		}
		if (nv < 2) {
			say(f, "iostats cost: not measured on %s: the sweep has one "
			    "iostats value", disks[d]);
			continue;
		}
		for (v = 0; v < nv; v++) {
			if (!strcmp(vals[v], "0"))
				continue;
			ret = report_compare(f->rep, "iostats_req", "0", vals[v], "iops",
					     "target", disks[d], &cmp);
			if (ret)
				return ret;
			if (cmp.have_ratio) {
				cost_text(&cmp, cost, sizeof(cost));
				read_back(f->rep, disks[d], vals[v], eff, sizeof(eff));
				say(f, "iostats cost: iostats=%s%s %s on %s (kernel %s); "
				    "geometric mean over %zu setting%s%s, 95%% CI",
				    vals[v], eff, cost, disks[d], f->kernel, cmp.nvalid,
				    cmp.nvalid == 1 ? "" : "s", few_left(&cmp));
			} else if (cmp.nfew) {
				say(f, "iostats cost: iostats=%s: " FEW_TEXT, vals[v],
				    disks[d]);
			}
			report_cmp_free(&cmp);
		}
	}
	return 0;
}

/*
 * " IOPS 0.97 [0.95, 0.99], CPU per I/O 1.02 [1.00, 1.04]": the ratios of
 * the cand cells to their base cells on disk and their 95% intervals (the
 * settings of the NULL-ended cols differ, all else is the same), then
 * " (DIFFER)" when an interval excludes 1, " (no measurable difference)"
 * when both lie within the band (report_reading()), else UNSURE_TEXT: what
 * the headline's badge reads; buf is left empty when no pair has both,
 * and *few says whether a pair had too few runs for it
 */
static int ratios_text(const struct report *rep, const char *const *cols,
		       const char *const *base, const char *const *cand,
		       const char *disk, char *buf, size_t len, bool *few)
{
	static const char *const metric[][2] = {
		{ "iops", "IOPS" }, { "cpu_per_io_us", "CPU per I/O" },
	};
	static const char *const says[] = {
		[REPORT_SAME] = " (no measurable difference)",
		[REPORT_UNSURE] = UNSURE_TEXT,
		[REPORT_DIFFER] = " (DIFFER)",
	};
	enum report_reading worst = REPORT_SAME, r;
	struct report_cmp cmp;
	char ci[64];
	size_t m;
	int ret;

	buf[0] = '\0';
	*few = false;
	for (m = 0; m < sizeof(metric) / sizeof(metric[0]); m++) {
		ret = report_compare_set(rep, cols, base, cand, metric[m][0],
					 "target", disk, &cmp);
		if (ret)
			return ret;
		*few |= cmp.nfew > 0;
		if (cmp.have_ratio) {
			interval_text(ci, sizeof(ci), cmp.lo, cmp.hi, 1, 3, false);
			appendf(buf, len, "%s %s %.3f %s", buf[0] ? "," : "",
				metric[m][1], cmp.ratio, ci);
			r = report_reading(cmp.lo, cmp.hi);
			worst = r > worst ? r : worst;
		}
		report_cmp_free(&cmp);
	}
	if (buf[0])
		appendf(buf, len, "%s", says[worst]);
	return 0;
}

/*
 * Each --knob attribute (a knob_ATTR_req column) and each dims row the
 * report compares as one (scheduler, iopolicy), where swept: every value
 * against the base, IOPS and fio's CPU time per I/O, as the iostats cost
 * line takes them (paired cells, geometric mean and its bootstrap
 * interval).  Where the kernel ignores the attribute (report_inert(): one
 * that acts on requests, on a bio-based device) nothing is measured.
 */
static int finding_knobs(struct findings *f)
{
	const char *disks[16], *vals[8], *col, *base;
	size_t nd = report_distinct(f->rep, "target", disks, 16), i, d, v, nv;
	char attr[64], text[256], why[256];
	bool few;
	const struct dim *row;
	int ret;

	for (i = 0; (col = results_setting_col(&f->rep->res, i)); i++) {
		if (report_knob_setting(col, attr, sizeof(attr)))
			continue;
		row = dim_by_col(col);
		nv = report_distinct(f->rep, col, vals, 8);
		if (!nv && row && row->none_why) {
			say(f, "%s: not measurable here: %s", attr, row->none_why);
			continue;
		}
		/* a row of the table is in every sweep: said where it was swept */
		if (nv < 2 && row && !row->none_why)
			continue;
		for (d = 0; d < nd; d++) {
			if (nv < 2) {
				say(f, "%s: not measured on %s: the sweep has one "
				    "value", attr, disks[d]);
				continue;
			}
			if (report_inert(f->rep->meta, col, disks[d], why, sizeof(why))) {
				say(f, "%s: not measurable here: %s", attr, why);
				continue;
			}
			base = report_knob_base(vals, nv);
			for (v = 0; v < nv; v++) {
				if (vals[v] == base)
					continue;
				ret = ratios_text(f->rep, (const char *const[]){ col, NULL },
						  &base, &vals[v], disks[d], text,
						  sizeof(text), &few);
				if (ret)
					return ret;
				if (text[0])
					say(f, "%s=%s against %s=%s:%s on %s (kernel %s); "
					    "geometric mean over paired cells, 95%% CI",
					    attr, vals[v], attr, base, text, disks[d],
					    f->kernel);
				else if (few)
					say(f, "%s=%s against %s=%s: " FEW_TEXT, attr,
					    vals[v], attr, base, disks[d]);
			}
		}
	}
	return 0;
}

/*
 * The peak profile Jens Axboe's peak-testing script sets on every device,
 * iostats=0 with nomerges=2, against the distro default, iostats=1 with
 * nomerges=0: said where the sweep swept nomerges, the cells differing in
 * both settings and nothing else.
 */
static int finding_peak(struct findings *f)
{
	static const char *const cols[] = { "iostats_req", "knob_nomerges_req", NULL };
	static const char *const peak[] = { "0", "2" }, *const dflt[] = { "1", "0" };
	const char *disks[16];
	size_t nd = report_distinct(f->rep, "target", disks, 16), d;
	char text[256], why[256];
	bool few;
	int ret;

	if (results_col(&f->rep->res, cols[1]) < 0)
		return 0;
	for (d = 0; d < nd; d++) {
		if (report_inert(f->rep->meta, cols[1], disks[d], why, sizeof(why))) {
			say(f, "peak profile: not measurable here: %s", why);
			continue;
		}
		ret = ratios_text(f->rep, cols, dflt, peak, disks[d], text,
				  sizeof(text), &few);
		if (ret)
			return ret;
		if (!text[0] && few)
			say(f, "peak profile: " FEW_TEXT, disks[d]);
		else if (!text[0])
			say(f, "peak profile: not measured on %s: no iostats=0 "
			    "nomerges=2 cell with an iostats=1 nomerges=0 one",
			    disks[d]);
		else
			say(f, "peak profile iostats=0 nomerges=2 against iostats=1 "
			    "nomerges=0:%s on %s (kernel %s); geometric mean over "
			    "paired cells, 95%% CI", text, disks[d], f->kernel);
	}
	return 0;
}

/*
 * %util and await: held against fio only where the kernel counted, fio's
 * own figures are possible, and the target can show busy time at all;
 * judged per cell (report_bounds.c): DISAGREE only for a cell whose
 * interval lies outside what fio's timings allow.  The pooled QD1 ratios
 * say how close %util comes to fio's busy share.
 */
/*
 * A run's fio figures from its row, as fill_kernel() gave them to its
 * flags; lat_mean_us is both directions' mean, which weighs each by its
 * IOPS as the per-direction means would
 */
static void row_fio_figs(const struct results *res, size_t r,
			 struct fio_figs_brief *fb)
{
	memset(fb, 0, sizeof(*fb));
	results_num(res, r, "read_iops", &fb->r_iops);
	results_num(res, r, "write_iops", &fb->w_iops);
	results_num(res, r, "read_clat_mean_us", &fb->r_clat_mean_us);
	results_num(res, r, "write_clat_mean_us", &fb->w_clat_mean_us);
	results_num(res, r, "lat_mean_us", &fb->r_lat_mean_us);
	fb->w_lat_mean_us = fb->r_lat_mean_us;
}

/* a line per cell outside the bounds, the first few, then a count */
#define BOUNDS_CELLS_NAMED	6

static void bounds_off_lines(struct findings *f, const char *disk,
			     const struct bounds_cell *bc, size_t n)
{
	size_t c, named = 0, off = 0;
	char ci[64];

	for (c = 0; c < n; c++) {
		const struct bounds_cell *b = &bc[c];

		if (!b->util_off && !b->await_off)
			continue;
		if (named++ >= BOUNDS_CELLS_NAMED) {
			off++;
			continue;
		}
		/* each interval lies beyond a bound: no end prints as it */
		if (b->util_off) {
			const struct bounds_ratio *u = b->util_off > 0 ?
						       &b->util_lat : &b->util_clat;

			interval_text(ci, sizeof(ci), u->lo, u->hi, b->util_off > 0 ?
				      BOUNDS_UTIL_HI : BOUNDS_UTIL_LO, 2, false);
			say(f, "%%util and await: DISAGREE on %s, %s: %%util/fio busy "
			    "%.2f %s by %s: %s", disk, b->rc->name, u->est, ci,
			    b->util_off > 0 ? "lat" : "clat",
			    b->util_off > 0 ? "%util counts more time busy than "
			    "fio had an I/O outstanding" : "%util misses time fio "
			    "had an I/O outstanding");
		}
		if (b->await_off) {
			interval_text(ci, sizeof(ci), b->await_lat.lo, b->await_lat.hi,
				      b->await_off > 0 ? BOUNDS_AWAIT_HI :
				      BOUNDS_AWAIT_LO, 2, false);
			say(f, "%%util and await: DISAGREE on %s, %s: await/lat "
			    "%.2f %s, await/clat %.2f: %s", disk, b->rc->name,
			    b->await_lat.est, ci, b->await_clat.est,
			    b->await_off > 0 ? "the kernel counts more time per "
			    "I/O than fio held it" : "the kernel counts next to "
			    "no time per I/O");
		}
	}
	if (off)
		say(f, "%%util and await: DISAGREE on %s in %zu more cells "
		    "(report.md, Cells)", disk, off);
}

static void finding_util(struct findings *f)
{
	const struct results *res = &f->rep->res;
	const char *disks[16];
	size_t nd = report_distinct(f->rep, "target", disks, 16), d, r;

	for (d = 0; d < nd; d++) {
		size_t n = 0, await_bad = 0, nq = 0, nb = 0, c, cells = 0;
		size_t util_in = 0, await_in = 0, util_bad = 0, ab = 0;
		double *ratio = malloc(2 * res->nrows * sizeof(*ratio));
		double *by_lat = ratio + res->nrows, u, b, lo, hi, lo_l, hi_l;
		double amin = INFINITY, amax = 0;
		struct bounds_cell *bc = NULL;
		char iv[256] = "", ar[64] = "", few[96] = "";

		if (!ratio)
			return;
		for (r = 0; r < res->nrows; r++) {
			const char *fl = results_get(res, r, "ks_flags");
			double ks_iops = 0, qd = 0;
			struct fio_figs_brief fb;

			if (!results_row_ok(res, r) ||
			    strcmp(results_get(res, r, "target"), disks[d]) ||
			    flags_has(results_get(res, r, "fio_flags"),
				      "fio_inflight_gt_iodepth") ||
			    results_num(res, r, "ks_iops", &ks_iops) || !(ks_iops > 0) ||
			    !strcmp(results_get(res, r, "ks_reliable"), "0"))
				continue;
			n++;
			await_bad += flags_has(fl, "r_await_vs_lat") ||
				     flags_has(fl, "w_await_vs_lat");
			/*
			 * at QD1 without SQPOLL fio's busy share brackets the
			 * kernel's: the ratios say how close (under SQPOLL the
			 * SQ thread, not fio, starts each I/O)
			 */
			if (!results_num(res, r, "iodepth", &qd) && qd == 1 &&
			    !strcmp(results_get(res, r, "sqpoll"), "0") &&
			    !results_num(res, r, "ks_util_pct", &u) &&
			    !results_num(res, r, "fio_busy_pct", &b) && b > 0) {
				row_fio_figs(res, r, &fb);
				by_lat[nq] = u / fio_busy_max_pct(&fb);
				ratio[nq++] = u / b;
			}
		}
		if (n && report_bounds(f->rep, disks[d], &bc, &nb))
			nb = 0;
		for (c = 0; c < nb; c++) {
			if (bc[c].util_lat.have || bc[c].await_lat.have)
				cells++;
			util_in += bc[c].util_lat.have && !bc[c].util_off;
			await_in += bc[c].await_lat.have && !bc[c].await_off;
			util_bad += bc[c].util_off != 0;
			ab += bc[c].await_off != 0;
			if (bc[c].await_clat.have) {
				amin = fmin(amin, bc[c].await_clat.est);
				amax = fmax(amax, bc[c].await_clat.est);
			}
		}
		if (amax > 0)
			snprintf(ar, sizeof(ar), " (await/clat %.2f to %.2f by cell)",
				 amin, amax);
		if (nb > cells)
			snprintf(few, sizeof(few), "; %zu cells with fewer than %d "
				 "runs not judged", nb - cells, REPORT_MIN_RUNS);
		if (nq >= 3 && !stats_median_ci(ratio, nq, STATS_BOOT_ITERS,
						STATS_LEVEL, STATS_SEED, &lo, &hi) &&
		    !stats_median_ci(by_lat, nq, STATS_BOOT_ITERS, STATS_LEVEL,
				     STATS_SEED, &lo_l, &hi_l)) {
			int over = 0, miss = 0;

			for (c = 0; c < nb; c++)
				over |= bc[c].util_off > 0, miss |= bc[c].util_off < 0;
			snprintf(iv, sizeof(iv), "; %%util/fio busy at QD1 without "
				 "SQPOLL %.2f [%.2f, %.2f] by clat, %.2f [%.2f, %.2f] "
				 "by lat%s", stats_median(ratio, nq), lo, hi,
				 stats_median(by_lat, nq), lo_l, hi_l,
				 over ? ": %util counts more time busy than fio "
				 "had an I/O outstanding" : miss ?
				 ": %util misses time fio had an I/O outstanding" : "");
		}
		free(ratio);
		if (!n) {
			say(f, "%%util and await: not measurable on %s: no run with "
			    "reliable kernel counts and possible fio figures", disks[d]);
			continue;
		}
		if (report_fact(f->rep->meta, disks[d], "sync_completion") == 1) {
			say(f, "%%util and await: not measurable on %s: it completes "
			    "I/O in the submitter's context, so no time is seen in "
			    "flight (await over fio's lat in %zu/%zu runs)", disks[d],
			    await_bad, n);
			free(bc);
			continue;
		}
		say(f, "%%util and await: %s on %s (kernel %s): %%util within "
		    "fio's bounds in %zu of %zu cells, await in %zu%s%s%s",
		    util_bad || ab ? "DISAGREE" : cells ? "valid" : "CANNOT JUDGE",
		    disks[d], f->kernel, util_in, cells, await_in, ar, few, iv);
		bounds_off_lines(f, disks[d], bc, nb);
		free(bc);
	}
}


/* the fio that ran engine's runs */
static const char *fio_version(const struct report *rep, const char *engine)
{
	size_t r;

	for (r = 0; r < rep->res.nrows; r++)
		if (!strcmp(results_get(&rep->res, r, "engine"), engine))
			return results_get(&rep->res, r, "fio_version");
	return "";
}

static int finding_sqpoll(struct findings *f)
{
	const struct results *res = &f->rep->res;
	const char *engines[8];
	size_t ne = report_distinct(f->rep, "engine", engines, 8), e, r, any = 0;
	char line[900] = "", part[256], lat[128], ci[64];
	struct report_cmp cmp;
	int ret;

	for (r = 0; r < res->nrows; r++)
		any += !strcmp(results_get(res, r, "sqpoll"), "1");
	if (!any) {
		say(f, "SQPOLL latency: not measured: no SQPOLL cells (--sqpoll 0,1)");
		return 0;
	}
	for (e = 0; e < ne; e++) {
		size_t n = 0, bad = 0;

		for (r = 0; r < res->nrows; r++) {
			if (!results_row_ok(res, r) ||
			    strcmp(results_get(res, r, "engine"), engines[e]) ||
			    strcmp(results_get(res, r, "sqpoll"), "1"))
				continue;
			n++;
			bad += flags_has(results_get(res, r, "fio_flags"),
					"fio_inflight_gt_iodepth");
		}
		if (!n)
			continue;
		lat[0] = '\0';
		ret = report_compare(f->rep, "sqpoll", "0", "1", "lat_mean_us",
				     "engine", engines[e], &cmp);
		if (ret)
			return ret;
		if (cmp.have_ratio) {
			interval_text(ci, sizeof(ci), cmp.lo, cmp.hi, 1, 3, true);
			snprintf(lat, sizeof(lat), ", lat x%.3g %s against SQPOLL off",
				 cmp.ratio, ci);
		}
		report_cmp_free(&cmp);
		if (bad)
			snprintf(part, sizeof(part), "%s INVALID: clat breaks Little's "
				 "law in %zu of %zu runs (%s's figures, not the "
				 "kernel's; fio #1484 before 3.34)", engines[e], bad, n,
				 fio_version(f->rep, engines[e]));
		else
			snprintf(part, sizeof(part), "%s valid: clat consistent with "
				 "Little's law in %zu runs%s", engines[e], n, lat);
		appendf(line, sizeof(line), "%s%s", line[0] ? "; " : "", part);
	}
	say(f, "SQPOLL latency: %s", line[0] ? line : "no ok SQPOLL runs");
	return 0;
}

static int finding_engine(struct findings *f)
{
	const char *disks[16];
	size_t nd = report_distinct(f->rep, "target", disks, 16), d;
	struct report_cmp cmp;
	char ci[64];
	int ret, any = 0;

	for (d = 0; d < nd; d++) {
		ret = report_compare(f->rep, "engine", "io_uring", "fioring", "iops",
				     "target", disks[d], &cmp);
		if (ret)
			return ret;
		if (cmp.have_ratio) {
			interval_text(ci, sizeof(ci), cmp.lo, cmp.hi, 1, 3, false);
			say(f, "engine: libfioring vs fio's io_uring IOPS ratio %.3f "
			    "%s on %s (kernel %s); geometric mean over %zu "
			    "setting%s%s, 95%% CI", cmp.ratio, ci, disks[d],
			    f->kernel, cmp.nvalid, cmp.nvalid == 1 ? "" : "s",
			    few_left(&cmp));
			any = 1;
		} else if (cmp.nfew) {
			say(f, "engine: libfioring vs fio's io_uring: " FEW_TEXT,
			    disks[d]);
			any = 1;
		}
		report_cmp_free(&cmp);
	}
	if (!any)
		say(f, "engine: not measured: the sweep does not run both fioring "
		    "and io_uring on one setting");
	return 0;
}

/* report_tails()'s lines, as the other findings say theirs */
static void say_line(void *arg, const char *line)
{
	say(arg, "%s", line);
}

/* the gate's own summary line, as `fioring-bench gate` wrote it to DIR/gate.txt */
static void finding_gate(struct findings *f)
{
	char path[PATH_MAX], line[1024], last[1024] = "";
	FILE *g;

	snprintf(path, sizeof(path), "%.*s/gate.txt", PATH_MAX - 10, f->rep->dir);
	g = fopen(path, "re");
	if (g) {
		while (fgets(line, sizeof(line), g))
			if (!strncmp(line, "gate: ", 6))
				snprintf(last, sizeof(last), "%s", line + 6);
		fclose(g);
	}
	last[strcspn(last, "\n")] = '\0';
	if (last[0])
		say(f, "gate: %s", last);
	else
		say(f, "gate: not run on this sweep (fioring-bench gate ... DIR "
		    ">DIR/gate.txt puts its verdict here)");
}

#define OUTLIERS_NAMED	8

/* runs off their cell, flagged here since they can only be seen together */
static size_t outliers(struct findings *f, int *mark, char *names, size_t len)
{
	const struct report *rep = f->rep;
	size_t c, i, n, total = 0, used = 0;
	size_t named = 0;

	names[0] = '\0';
	for (c = 0; c < rep->ncells; c++) {
		const struct results_cell *rc = &rep->cells[c];
		double *v = malloc(rc->nrows * sizeof(*v)), med;
		size_t *row = malloc(rc->nrows * sizeof(*row));
		int *out = malloc(rc->nrows * sizeof(*out));
		bool bimodal;

		if (!v || !row || !out) {
			free(v), free(row), free(out);
			return total;
		}
		for (i = n = 0; i < rc->nrows; i++)
			if (results_row_ok(&rep->res, rc->rows[i]) &&
			    !results_num(&rep->res, rc->rows[i], "iops", &v[n]))
				row[n++] = rc->rows[i];
		med = stats_median(v, n);
		if (flags_outliers(v, n, out, &bimodal))
			for (i = 0; i < n; i++) {
				if (!out[i])
					continue;
				mark[row[i]] = 1;
				total++;
				/* a collapsed machine has dozens: the first few, then a count */
				if (named++ < OUTLIERS_NAMED && used + 1 < len)
					used += snprintf(names + used, len - used,
							 "%srun %s (%s%s: %.0f IOPS, cell median %.0f)",
							 used ? "; " : "",
							 results_get(&rep->res, row[i], "run"),
							 rc->name, bimodal ? ", bimodal cell" : "",
							 v[i], med);
			}
		free(v), free(row), free(out);
	}
	if (named > OUTLIERS_NAMED && used + 1 < len)
		snprintf(names + used, len - used, "; and %zu more (report.md, Cells)",
			 named - OUTLIERS_NAMED);
	return total;
}

/* flag name -> count, over the rows */
struct flag_count {
	char name[48];
	size_t n;
	int fio;
};

static void count_flags(struct flag_count *fc, size_t *nfc, size_t max,
			const char *list, int fio)
{
	char buf[256], *tok, *save;
	size_t k;

	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
		for (k = 0; k < *nfc && strcmp(fc[k].name, tok); k++)
			;
		if (k == *nfc) {
			if (*nfc == max)
				continue;
			snprintf(fc[k].name, sizeof(fc[k].name), "%s", tok);
			fc[k].n = 0;
			fc[k].fio = fio;
			(*nfc)++;
		}
		fc[k].n++;
	}
}

static void finding_runs(struct findings *f)
{
	const struct results *res = &f->rep->res;
	int *mark = calloc(res->nrows ? res->nrows : 1, sizeof(*mark));
	struct flag_count fc[32];
	size_t nfc = 0, r, k, flagged = 0, failed = 0, nout, said = 0;
	char names[2048], by[1024] = "", fio[256];

	if (!mark)
		return;
	nout = outliers(f, mark, names, sizeof(names));
	for (r = 0; r < res->nrows; r++) {
		const char *ks = results_get(res, r, "ks_flags");
		int sqpoll = !strcmp(results_get(res, r, "sqpoll"), "1");

		str_copy(fio, sizeof(fio), results_get(res, r, "fio_flags"));
		/*
		 * under SQPOLL the SQPOLL latency line says it once per engine:
		 * a constant of the engine and fio version (fio #1484), which
		 * counted per run would hide the runs worth a look
		 */
		if (sqpoll && flags_has(fio, "fio_inflight_gt_iodepth")) {
			flags_drop(fio, "fio_inflight_gt_iodepth");
			said++;
		}
		failed += !results_row_ok(res, r);
		count_flags(fc, &nfc, 32, ks, 0);
		count_flags(fc, &nfc, 32, fio, 1);
		flagged += *ks || *fio || mark[r];
	}
	for (k = 0; k < nfc; k++)
		appendf(by, sizeof(by), "%s%s %zu%s",
			 by[0] ? ", " : "", fc[k].name, fc[k].n,
			 fc[k].fio ? " (fio's figures)" : "");
	if (nout)
		appendf(by, sizeof(by), "%soutlier %zu",
			 by[0] ? ", " : "", nout);
	if (said)
		appendf(by, sizeof(by), "%s(not counted: %s on %zu SQPOLL runs, "
			 "said under SQPOLL latency)", by[0] ? "; " : "",
			 "fio_inflight_gt_iodepth", said);
	if (failed)
		say(f, "runs: %zu of %zu runs FAILED: marked in the tables below; figures "
		    "use the ok runs only", failed, res->nrows);
	say(f, "runs flagged: %zu of %zu (%.1f%%)%s%s", flagged, res->nrows,
	    res->nrows ? 100.0 * flagged / res->nrows : 0.0, by[0] ? ": " : "", by);
	if (nout)
		say(f, "outliers (more than %.0fx off the rest of their cell, or a "
		    "bimodal cell's smaller group): %s", 1 / FLAGS_OUTLIER_FRAC, names);
	free(mark);
}

static void finding_placement(struct findings *f)
{
	json_object *p = json_get(f->rep->meta, "placement");
	const char *note = json_get_str(p, "note");
	json_object *sq = json_get(p, "sq_cpu");
	const char *wk = json_get_str(p, "worker_cpus");
	const char *hc = json_get_str(p, "harness_cpus");

	if (!p)
		return;
	if (!json_object_get_boolean(json_get(p, "pinned"))) {
		say(f, "placement: %s", note);
		return;
	}
	say(f, "placement: fio jobs on CPU %s%s%s%s%s%s%s%s%s%s",
	    json_object_get_string(json_get(p, "job_cpus")) ?: "?",
	    wk[0] ? ", loop workers on CPU " : "", wk,
	    wk[0] && sq ? " (under SQPOLL on the SQ thread's)" : "",
	    sq ? ", SQ threads on CPU " : "", sq ? json_object_get_string(sq) : "",
	    hc[0] ? ", harness on " : "", hc,
	    note[0] ? "; " : "", note);
}

int report_findings(const struct report *rep, struct report_doc *doc)
{
	struct findings f = { .rep = rep, .doc = doc };
	const char *kernels[4];
	size_t nk, k;
	int ret;

	nk = report_distinct(rep, "kernel", kernels, 4);
	for (k = 0; k < nk; k++)
		appendf(f.kernel, sizeof(f.kernel), "%s%s", k ? ", " : "", kernels[k]);
	ret = finding_iostats(&f) ?: finding_knobs(&f) ?: finding_peak(&f);
	if (!ret) {
		finding_util(&f);
		ret = finding_sqpoll(&f);
	}
	if (!ret)
		ret = finding_engine(&f);
	if (!ret)
		ret = report_tails(rep, say_line, &f);
	if (!ret) {
		if (!report_prio_headline(rep, doc))
			say(&f, "priorities: not measured: no --ioprio mix "
			    "(e.g. --ioprio none,rt:10) in this sweep");
		finding_gate(&f);
		finding_runs(&f);
		finding_placement(&f);
	}
	return ret;
}
