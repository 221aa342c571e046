/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trend.h: one cell's metric over the stored sweeps and its change points
 * (lib/changepoint.h), what `history detect` prints and `history report`
 * plots.
 */
#ifndef FIORING_TREND_H
#define FIORING_TREND_H

#include <stddef.h>

#include "lib/changepoint.h"
#include "store/store.h"

struct trend_series {
	const char *cell, *metric;
	int lower_better;	/* a cost: a rise is the regression */
	/* the sweeps with a value of the metric, in store order */
	size_t n;
	size_t *sweep;		/* index into the store_sweeps() array */
	struct cp_sweep *cs;	/* their runs and setups */
	char **filled;		/* setups given a neighbour's settings parts */
	struct store_point *pts;
	size_t npts;
	int judged;		/* n >= cp_min_sweeps(): the detector ran */
	struct cp_result res;	/* positions are indexes into sweep[] */
	/* per change point the ack at it (in trend_load()'s @acks) or NULL */
	const struct store_ack **ack;
};

/*
 * trend_load - read the series of @cell and @metric, find its change
 * points and which of @acks (store_acks(), read once by the caller) is at
 * each.  @sw and @nsw are store_sweeps()' list; both lists must outlive
 * @ts.  Returns 0 or -errno.
 *
 * An ack names a place and a size: it is at change point pt when it
 * applies to the series (trend_ack_applies()) and its sweep is the
 * change's first sweep after, one between that and the last before (where
 * the cell did not run), or the series' sweep next to either (a change
 * point found again as sweeps are added may move by one); it covers pt
 * only while the change is no larger than it accepts (trend_ack_holds()),
 * so that a second change landing at the same place is not hidden.
 * ack[k] is the first ack at point k that holds, else the first at it.
 */
int trend_load(struct store *st, const struct store_sweep *sw, size_t nsw,
	       const struct store_ack *acks, size_t nacks, const char *cell,
	       const char *metric, const struct cp_params *par,
	       struct trend_series *ts);
void trend_free(struct trend_series *ts);

/* 1 when @a's cell part and metrics take in @cell and @metric */
int trend_ack_applies(const struct store_ack *a, const char *cell,
		      const char *metric);

/* 1 when change point @pt is no larger than @a accepts (max_change) */
int trend_ack_holds(const struct store_ack *a, const struct cp_point *pt);
/*
 * "acknowledged by ack N (up to PCT%: WHY)", or "larger than accepted
 * by ..." when @pt is larger than @a accepts, into @buf
 */
const char *trend_ack_text(const struct store_ack *a, const struct cp_point *pt,
			   char *buf, size_t len);
/* the index of sweep @id in store_sweeps()' list, @nsw when it is not there */
size_t trend_sweep_index(const struct store_sweep *sw, size_t nsw, long long id);

/*
 * The parts of two setup strings ("kernel=..|fio=..|engine=..|target=..|
 * placement=..|queue=..|cmdline=..|system=..|kconfig=..") that differ, by
 * name, comma-separated, into @buf.
 */
const char *trend_setup_diff(const char *a, const char *b, char *buf,
			     size_t len);

/* the settings parts of a setup (results_idents_settings()), by name */
enum {
	TREND_QUEUE, TREND_CMDLINE, TREND_SYSTEM, TREND_KCONFIG, TREND_NSETTINGS
};
extern const char *const trend_settings[TREND_NSETTINGS];
/*
 * What differs in settings part @k between two setups (or settings
 * strings), into @buf, "" when nothing does: queue/ attributes as "ATTR
 * OLD -> NEW, ..." ("-": not there; each prefixed by its device when
 * either has several), system settings and kernel config options as "KEY
 * OLD -> NEW, ...", the command line as "-PARAM ... +PARAM ..."; "" too
 * when either has no record of the part.
 */
const char *trend_settings_diff(int k, const char *a, const char *b, char *buf,
				size_t len);

/* Labels of a sweep as "k=v k=v", or "-" when it has none. */
const char *trend_labels(const struct store_sweep *s, char *buf, size_t len);

/*
 * 1 when the change point is a regression: its whole interval lies on the
 * worse side (a rate down, a cost up)
 */
int trend_is_regression(const struct trend_series *ts,
			const struct cp_point *pt);

#endif
