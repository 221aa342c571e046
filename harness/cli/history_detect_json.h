/* SPDX-License-Identifier: GPL-2.0 */
/*
 * history_detect_json.h: `history detect --json FILE`, what detect prints
 * as one JSON document for a CI step or a dashboard to read: each series
 * with its setup changes and change points (ratio, interval, p, verdict,
 * the ack at it), the acks at no change point, and the counts and exit
 * status of the summary line.
 */
#ifndef FIORING_HISTORY_DETECT_JSON_H
#define FIORING_HISTORY_DETECT_JSON_H

#include <json-c/json.h>

#include "lib/changepoint.h"
#include "report/trend.h"
#include "store/store.h"

/* what detect says of one change point, printed and written alike */
struct detect_point {
	int regression;		/* trend_is_regression() */
	int recent;		/* its first sweep after is within --since */
	int held;		/* the ack at it covers it (trend_ack_holds()) */
	const char *verdict;	/* "REGRESSION", "improvement", "change" */
	const char *setup_at;	/* "at", "next to" a setup change, or NULL */
	char setup[128];	/* that setup change's parts */
};

struct detect_count {
	size_t series, judged, points, regressions, recent, short_max;
	size_t recent_acked;	/* of recent, those an ack covers */
	/* the stored acks; per ack, it applies to a series shown, it covers a point */
	const struct store_ack *acks;
	size_t nacks;
	int *ack_scope, *ack_used;
};

/* the document's head: the database, its sweeps and the detector's settings */
json_object *detect_json_new(const char *db, size_t nsw,
			     const struct cp_params *par, int since);
/* one series; pts[k] is change point k's view */
void detect_json_series(json_object *doc, const struct trend_series *ts,
			const struct store_sweep *sw,
			const struct detect_point *pts);
/* the summary and the acks at no change point; writes @path atomically */
int detect_json_write(json_object *doc, const char *path,
		      const struct detect_count *cnt, int status);

#endif
