/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_bounds.h: a cell's kernel %util and await against the bounds
 * fio's timings of the same I/Os set (report_bounds.c says which).
 */
#ifndef FIORING_REPORT_BOUNDS_H
#define FIORING_REPORT_BOUNDS_H

#include <stddef.h>

#include "report/report.h"

/*
 * The tolerances of the %util ratios, as the %util finding had them at
 * QD1: both ends of the kernel's window are a 2 ms poll off, io_ticks
 * moves in jiffies.
 */
#define BOUNDS_UTIL_LO	0.8
#define BOUNDS_UTIL_HI	1.25
/*
 * A miss (%util under the busy share by clat) is judged only where fio had
 * an I/O in flight this share of the time (median over the cell) or more:
 * below, the busy time comes in short periods apart (a think time between
 * I/Os), and io_ticks, which moves in jiffies (4 ms at HZ=250), cannot
 * resolve them
 */
#define BOUNDS_UTIL_MISS_BUSY	25.0
/*
 * await against lat: means over the same I/Os, the kernel's in ns summed
 * and shown in ms (that reading's resolution is taken off each run), so
 * a tenth over is already more time than fio held the I/O.  Below a
 * hundredth of lat the kernel counted (next to) no time at all.
 */
#define BOUNDS_AWAIT_HI	1.1
#define BOUNDS_AWAIT_LO	0.01

/* the median over a cell's runs of a ratio, and its 95% interval */
struct bounds_ratio {
	size_t n;		/* runs with the ratio */
	int have;		/* n >= BOUNDS_MIN_RUNS: est, lo, hi valid */
	double est, lo, hi;
};

struct bounds_cell {
	const struct results_cell *rc;
	size_t n;			/* runs judged */
	struct bounds_ratio util_lat;	/* ks_util_pct / busy share by lat */
	struct bounds_ratio util_clat;	/* / fio_busy_pct, QD1 without SQPOLL */
	struct bounds_ratio await_clat;	/* kernel await / fio's clat: shown */
	struct bounds_ratio await_lat;	/* / lat, less the reading's resolution */
	struct bounds_ratio await_lat_most;	/* / lat, plus it */
	int util_off;	/* 1: above lat's bound, -1: below clat's, 0: within */
	int await_off;	/* 1: above lat, -1: (next to) no time, 0: within */
};

/*
 * The cells of disk with at least one run judged, into a calloc'd *out
 * (the caller frees it); 0 or -ENOMEM.
 */
int report_bounds(const struct report *rep, const char *disk,
		  struct bounds_cell **out, size_t *nout);

#endif
