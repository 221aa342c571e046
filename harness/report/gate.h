/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gate.h: what `fioring-bench gate` (gate.c) hands to the writer of its
 * machine-readable verdict, DIR/gate.json (gate_json.c): one record per
 * metric compared, one per cell, and the summary with the exit status.
 */
#ifndef FIORING_GATE_H
#define FIORING_GATE_H

#include <stddef.h>

#include "lib/stats.h"

/* Exit status of `gate`, the contract CI scripts rely on. */
#define GATE_PASS	0
#define GATE_REGRESSION	1
#define GATE_BAD_ARGS	2	/* bad arguments, unreadable or unwritable files */
#define GATE_CANNOT	3
/*
 * A metric the runs cannot measure to the gate's precision: said, and left
 * out of the cell's verdict.  Never an exit status.
 */
#define GATE_UNMEASURED	4

/* One metric of one cell against its base cell. */
struct gate_cmp {
	const char *cell, *base_cell, *metric;
	int lower_better;
	int verdict;		/* GATE_PASS, GATE_REGRESSION, GATE_CANNOT, GATE_UNMEASURED */
	int have_stats;		/* j holds numbers (not refused before) */
	struct stats_judgement j;
	const char *why;	/* one line, "" when nothing to add */
};

struct gate_json;

struct gate_json *gate_json_new(const char *dir, const char *baseline,
				const char *vs, const char *const *metrics,
				double max_drop, double confidence,
				size_t min_runs);
/*
 * the note's trend_settings_diff() of settings part @k (trend.h): what the
 * sweeps found differs from the baseline's, as "queue_diff" and the like
 */
void gate_json_settings_diff(struct gate_json *g, int k, const char *diff);
void gate_json_cmp(struct gate_json *g, const struct gate_cmp *c);
void gate_json_cell(struct gate_json *g, const char *cell,
		    const char *base_cell, int verdict);
/*
 * Adds the summary and writes path atomically; 0 or -errno.  futile: of
 * the cannot, those the sweep's adaptive repeats stopped.
 */
int gate_json_write(struct gate_json *g, const char *path,
		    unsigned int pass, unsigned int regression,
		    unsigned int cannot, unsigned int futile,
		    unsigned int unjudged_new, int status);
void gate_json_free(struct gate_json *g);

const char *gate_verdict_name(int verdict);

#endif
