/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trend_report.h: `history report`, the trend of each cell and metric over
 * the stored sweeps as an HTML page and its markdown twin, a gnuplot plot
 * each.
 */
#ifndef FIORING_TREND_REPORT_H
#define FIORING_TREND_REPORT_H

#include <stddef.h>

#include "lib/changepoint.h"
#include "store/store.h"

/*
 * trend_report - DIR/report.html, DIR/report.md and DIR/plots/trend-*:
 * a plot per cell of @cells and metric of @metrics that has values.
 * @nplots: how many were drawn.  Returns 0 or -errno (said on stderr when
 * gnuplot or its scripts are missing).
 */
int trend_report(struct store *st, const char *dir, char *const *cells,
		 size_t ncells, char *const *metrics, size_t nmetrics,
		 const struct cp_params *par, size_t *nplots);

#endif
