// SPDX-License-Identifier: GPL-2.0
/*
 * report_bounds.c: whether the kernel's %util and await of a cell lie
 * within what fio's timings of the same I/Os allow, judged per cell from
 * the interval of the median of each run's ratio, not run by run against
 * a threshold.  What each side counts:
 *  - the kernel holds an I/O from when it enters the block layer (inside
 *    fio's submitting call, or when the SQ thread takes it) to when it
 *    completes, before fio reaps it; fio's lat runs from preparing the I/O
 *    to reaping it (slat + clat).  So await can be no more than lat, and
 *    %util no more than fio's busy share by lat.  Below, fio's figures set
 *    no bound on await: the time before the block layer and after the
 *    completion is fio's alone, and at depth it is a large and constant
 *    part of clat.
 *  - At QD1 without SQPOLL fio's busy share by clat bounds %util from
 *    below (the time between fio's issue stamp and the completion is
 *    in the kernel), up to the window's ends and io_ticks' jiffies.
 * The runs judged are those the %util finding takes: ok, the kernel
 * counted reliably, fio's own figures possible.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_bounds.h"
#include "results/flags.h"
#include "results/metrics.h"

/* a run the bounds can judge (as finding_util() takes them) */
static int judged(const struct results *res, size_t r)
{
	double ks_iops = 0;

	return results_row_ok(res, r) &&
	       !flags_has(results_get(res, r, "fio_flags"), "fio_inflight_gt_iodepth") &&
	       !results_num(res, r, "ks_iops", &ks_iops) && ks_iops > 0 &&
	       strcmp(results_get(res, r, "ks_reliable"), "0");
}

static double num(const struct results *res, size_t r, const char *col)
{
	double v = 0;

	return results_num(res, r, col, &v) || !isfinite(v) ? 0 : v;
}

/*
 * The run's mean kernel await, fio's mean clat and lat (us), each over
 * both directions weighted by fio's IOPS, and the await's reading
 * resolution: diskstats shows the summed time in whole ms, over the
 * run's I/O count.  No lat (a figure fio left out) leaves clat.
 */
static int run_await(const struct results *res, size_t r, double *await,
		     double *clat, double *lat, double *res_us)
{
	double ri = num(res, r, "read_iops"), wi = num(res, r, "write_iops");
	double ks_ios = num(res, r, "ks_ios");

	if (!(ri + wi > 0))
		return -ENODATA;
	*await = 1000 * (num(res, r, "ks_r_await_ms") * ri +
			 num(res, r, "ks_w_await_ms") * wi) / (ri + wi);
	*clat = (num(res, r, "read_clat_mean_us") * ri +
		 num(res, r, "write_clat_mean_us") * wi) / (ri + wi);
	*lat = num(res, r, "lat_mean_us");
	if (!(*lat > 0))
		*lat = *clat;
	*res_us = ks_ios >= 1 ? 1000 / ks_ios : 0;
	return *clat > 0 ? 0 : -ENODATA;
}

static void median_ci(double *x, size_t n, struct bounds_ratio *out)
{
	out->n = n;
	if (n < REPORT_MIN_RUNS ||
	    stats_median_ci(x, n, STATS_BOOT_ITERS, STATS_LEVEL, STATS_SEED,
			    &out->lo, &out->hi))
		return;
	out->est = stats_median(x, n);
	out->have = 1;
}

static void judge_cell(const struct report *rep, const struct results_cell *rc,
		       double *buf, struct bounds_cell *bc)
{
	const struct results *res = &rep->res;
	double *ul = buf, *uc = ul + rc->nrows, *al = uc + rc->nrows;
	double *alo = al + rc->nrows, *ac = alo + rc->nrows, *bc_busy = ac + rc->nrows;
	size_t i, nu = 0, nc = 0, na = 0;

	memset(bc, 0, sizeof(*bc));
	bc->rc = rc;
	for (i = 0; i < rc->nrows; i++) {
		size_t r = rc->rows[i];
		struct fio_figs_brief fb = { 0 };
		double u, busy, await, clat, lat, res_us;

		if (!judged(res, r))
			continue;
		bc->n++;
		fb.r_iops = num(res, r, "read_iops");
		fb.w_iops = num(res, r, "write_iops");
		fb.r_clat_mean_us = num(res, r, "read_clat_mean_us");
		fb.w_clat_mean_us = num(res, r, "write_clat_mean_us");
		fb.r_lat_mean_us = fb.w_lat_mean_us = num(res, r, "lat_mean_us");
		u = num(res, r, "ks_util_pct");
		busy = fio_busy_max_pct(&fb);
		if (busy > 0)
			ul[nu++] = u / busy;
		busy = num(res, r, "fio_busy_pct");
		if (num(res, r, "iodepth") == 1 &&
		    !strcmp(results_get(res, r, "sqpoll"), "0") && busy > 0)
			bc_busy[nc] = busy, uc[nc++] = u / busy;
		if (!run_await(res, r, &await, &clat, &lat, &res_us)) {
			/* over is judged on the least the reading allows, none on the most */
			al[na] = fmax(0, await - res_us) / lat;
			alo[na] = (await + res_us) / lat;
			ac[na++] = await / clat;
		}
	}
	median_ci(ul, nu, &bc->util_lat);
	median_ci(uc, nc, &bc->util_clat);
	median_ci(ac, na, &bc->await_clat);
	median_ci(alo, na, &bc->await_lat_most);
	median_ci(al, na, &bc->await_lat);
	if (bc->util_lat.have && bc->util_lat.lo > BOUNDS_UTIL_HI)
		bc->util_off = 1;
	else if (bc->util_clat.have && bc->util_clat.hi < BOUNDS_UTIL_LO &&
		 stats_median(bc_busy, nc) >= BOUNDS_UTIL_MISS_BUSY)
		bc->util_off = -1;
	if (bc->await_lat.have && bc->await_lat.lo > BOUNDS_AWAIT_HI)
		bc->await_off = 1;
	else if (bc->await_lat_most.have && bc->await_lat_most.hi < BOUNDS_AWAIT_LO)
		bc->await_off = -1;
}

int report_bounds(const struct report *rep, const char *disk,
		  struct bounds_cell **out, size_t *nout)
{
	struct bounds_cell *bc;
	size_t c, n = 0, most = 1;
	double *buf;

	*out = NULL;
	*nout = 0;
	for (c = 0; c < rep->ncells; c++)
		if (rep->cells[c].nrows > most)
			most = rep->cells[c].nrows;
	bc = calloc(rep->ncells ? rep->ncells : 1, sizeof(*bc));
	buf = malloc(6 * most * sizeof(*buf));
	if (!bc || !buf) {
		free(bc), free(buf);
		return -ENOMEM;
	}
	for (c = 0; c < rep->ncells; c++) {
		const struct results_cell *rc = &rep->cells[c];

		if (!rc->nrows ||
		    strcmp(results_get(&rep->res, rc->rows[0], "target"), disk))
			continue;
		judge_cell(rep, rc, buf, &bc[n]);
		if (bc[n].n)
			n++;
	}
	free(buf);
	*out = bc;
	*nout = n;
	return 0;
}
