// SPDX-License-Identifier: GPL-2.0
/*
 * gate_json.c: the gate's verdict for programs, DIR/gate.json.  The text
 * lines of `gate` are for people; a CI job or the report reads this file
 * instead of parsing them: every comparison with its interval, every cell
 * with its combined verdict, and the summary with the exit status.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "lib/json_put.h"
#include "report/gate.h"
#include "report/trend.h"
#include "results/results.h"

struct gate_json {
	json_object *top, *cmps, *cells;
};

const char *gate_verdict_name(int verdict)
{
	switch (verdict) {
	case GATE_PASS:
		return "pass";
	case GATE_REGRESSION:
		return "regression";
	case GATE_CANNOT:
		return "cannot";
	case GATE_UNMEASURED:
		return "not_measured";
	default:
		return "bad";
	}
}

static json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

/* "queue_diff": where the note of settings part k goes */
static const char *diff_key(int k, char *buf, size_t len)
{
	snprintf(buf, len, "%s_diff", trend_settings[k]);
	return buf;
}

struct gate_json *gate_json_new(const char *dir, const char *baseline,
				const char *vs, const char *const *metrics,
				double max_drop, double confidence,
				size_t min_runs)
{
	struct gate_json *g = calloc(1, sizeof(*g));
	char key[32];
	json_object *m;
	int k;

	if (!g)
		return NULL;
	g->top = json_object_new_object();
	g->cmps = json_object_new_array();
	g->cells = json_object_new_array();
	m = json_object_new_array();
	for (; *metrics; metrics++)
		json_object_array_add(m, json_object_new_string(*metrics));
	json_put_str(g->top, "dir", dir);
	json_object_object_add(g->top, "baseline", str_or_null(baseline));
	json_object_object_add(g->top, "vs", str_or_null(vs));
	json_object_object_add(g->top, "metrics", m);
	json_object_object_add(g->top, "max_drop_pct", json_num(100 * max_drop));
	json_object_object_add(g->top, "confidence_pct", json_num(100 * confidence));
	json_object_object_add(g->top, "interval_pct",
			       json_num(100 * (2 * confidence - 1)));
	json_object_object_add(g->top, "min_runs",
			       json_object_new_int64((int64_t)min_runs));
	for (k = 0; k < TREND_NSETTINGS; k++)
		json_object_object_add(g->top, diff_key(k, key, sizeof(key)), NULL);
	json_object_object_add(g->top, "comparisons", g->cmps);
	json_object_object_add(g->top, "cells", g->cells);
	return g;
}

void gate_json_settings_diff(struct gate_json *g, int k, const char *diff)
{
	char key[32];

	if (g)
		json_object_object_add(g->top, diff_key(k, key, sizeof(key)),
				       json_object_new_string(diff));
}

void gate_json_cmp(struct gate_json *g, const struct gate_cmp *c)
{
	const struct stats_cmp *s = &c->j.cmp;
	json_object *o = json_object_new_object();

	json_put_str(o, "cell", c->cell);
	json_object_object_add(o, "base_cell", str_or_null(c->base_cell));
	json_put_str(o, "metric", c->metric);
	json_object_object_add(o, "lower_is_better",
			       json_object_new_boolean(c->lower_better));
	json_put_str(o, "verdict", gate_verdict_name(c->verdict));
	if (c->have_stats) {
		json_object_object_add(o, "median_base", json_num(s->med_base));
		json_object_object_add(o, "median", json_num(s->med_cand));
		json_object_object_add(o, "ratio", json_num(s->ratio));
		json_object_object_add(o, "ratio_lo", json_num(s->lo));
		json_object_object_add(o, "ratio_hi", json_num(s->hi));
		json_object_object_add(o, "loss_pct", json_num(100 * c->j.loss));
		json_object_object_add(o, "loss_lo_pct", json_num(100 * c->j.loss_lo));
		json_object_object_add(o, "loss_hi_pct", json_num(100 * c->j.loss_hi));
		json_object_object_add(o, "p", json_num(s->p));
		json_object_object_add(o, "n_base", json_object_new_int64((int64_t)s->nbase));
		json_object_object_add(o, "n", json_object_new_int64((int64_t)s->ncand));
		json_object_object_add(o, "paired", json_object_new_boolean(s->paired));
		json_object_object_add(o, "cv_base_pct", json_num(100 * s->cv_base));
		json_object_object_add(o, "cv_pct", json_num(100 * s->cv_cand));
	}
	json_put_str(o, "why", c->why);
	json_object_array_add(g->cmps, o);
}

void gate_json_cell(struct gate_json *g, const char *cell,
		    const char *base_cell, int verdict)
{
	json_object *o = json_object_new_object();

	json_put_str(o, "cell", cell);
	json_object_object_add(o, "base_cell", str_or_null(base_cell));
	json_put_str(o, "verdict", gate_verdict_name(verdict));
	json_object_array_add(g->cells, o);
}

int gate_json_write(struct gate_json *g, const char *path,
		    unsigned int pass, unsigned int regression,
		    unsigned int cannot, unsigned int futile,
		    unsigned int unjudged_new, int status)
{
	json_object *s = json_object_new_object();
	unsigned int n = pass + regression + cannot;

	json_object_object_add(s, "cells", json_object_new_int((int)n));
	json_object_object_add(s, "pass", json_object_new_int((int)pass));
	json_object_object_add(s, "regression", json_object_new_int((int)regression));
	json_object_object_add(s, "cannot", json_object_new_int((int)cannot));
	json_object_object_add(s, "futile", json_object_new_int((int)futile));
	json_object_object_add(s, "new_not_judged",
			       json_object_new_int((int)unjudged_new));
	json_object_object_add(s, "judged_pct",
			       n ? json_num(100.0 * (pass + regression) / n) : NULL);
	json_put_str(s, "verdict", gate_verdict_name(status));
	json_object_object_add(s, "exit", json_object_new_int(status));
	json_object_object_add(g->top, "summary", s);
	return results_write_json(path, g->top);
}

void gate_json_free(struct gate_json *g)
{
	if (!g)
		return;
	json_object_put(g->top);
	free(g);
}
