// SPDX-License-Identifier: GPL-2.0
/*
 * history_detect_json.c: detect's findings as JSON (history_detect_json.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/history_detect_json.h"
#include "lib/json_put.h"
#include "results/results.h"

json_object *detect_json_new(const char *db, size_t nsw,
			     const struct cp_params *par, int since)
{
	json_object *doc = json_object_new_object();
	char seed[32];

	if (!doc)
		return NULL;
	snprintf(seed, sizeof(seed), "%#" PRIx64, par->seed);
	json_put_str(doc, "db", db);
	json_object_object_add(doc, "sweeps", json_object_new_int64((int64_t)nsw));
	json_object_object_add(doc, "p", json_object_new_double(par->p));
	json_object_object_add(doc, "permutations",
			       json_object_new_int64(par->permutations));
	json_put_str(doc, "seed", seed);
	json_object_object_add(doc, "min_segment",
			       json_object_new_int64((int64_t)par->min_seg));
	json_object_object_add(doc, "since", json_object_new_int(since));
	json_object_object_add(doc, "series", json_object_new_array());
	return doc;
}

/* {"id": N, "labels": {"KEY": "VALUE"}} of the series' k-th sweep */
static json_object *sweep_obj(const struct trend_series *ts,
			      const struct store_sweep *sw, size_t k)
{
	const struct store_sweep *s = &sw[ts->sweep[k]];
	json_object *o = json_object_new_object(), *l = json_object_new_object();
	size_t i;

	for (i = 0; i < s->nlabels; i++) {
		const char *eq = strchr(s->labels[i], '=');
		char key[256];

		if (!eq)
			continue;
		snprintf(key, sizeof(key), "%.*s", (int)(eq - s->labels[i]), s->labels[i]);
		json_put_str(l, key, eq + 1);
	}
	json_object_object_add(o, "id", json_object_new_int64(s->id));
	json_object_object_add(o, "labels", l);
	return o;
}

/* "kernel, queue" as ["kernel", "queue"] */
static json_object *parts_arr(const char *parts)
{
	json_object *a = json_object_new_array();

	while (*parts) {
		size_t n = strcspn(parts, ",");
		char part[32];

		snprintf(part, sizeof(part), "%.*s", (int)n, parts);
		json_object_array_add(a, json_object_new_string(part));
		parts += n;
		parts += strspn(parts, ", ");
	}
	return a;
}

static json_object *setup_changes(const struct trend_series *ts,
				  const struct store_sweep *sw)
{
	json_object *a = json_object_new_array();
	char diff[128], set[1024];
	size_t k;
	int j;

	for (k = 0; k < ts->res.nsetup; k++) {
		size_t i = ts->res.setup_changes[k];
		json_object *o = json_object_new_object();

		json_object_object_add(o, "before", sweep_obj(ts, sw, i - 1));
		json_object_object_add(o, "after", sweep_obj(ts, sw, i));
		json_object_object_add(o, "parts", parts_arr(trend_setup_diff(
			ts->cs[i - 1].setup, ts->cs[i].setup, diff, sizeof(diff))));
		for (j = 0; j < TREND_NSETTINGS; j++) {
			trend_settings_diff(j, ts->cs[i - 1].setup, ts->cs[i].setup,
					    set, sizeof(set));
			json_object_object_add(o, trend_settings[j], *set ?
					       json_object_new_string(set) : NULL);
		}
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *ack_obj(const struct store_ack *a, int held)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "id", json_object_new_int64(a->id));
	json_object_object_add(o, "sweep", json_object_new_int64(a->sweep_id));
	json_object_object_add(o, "max_change_pct", json_object_new_double(a->max_change));
	json_put_str(o, "why", a->why);
	if (held >= 0)
		json_object_object_add(o, "covers", json_object_new_boolean(held));
	return o;
}

static json_object *point_obj(const struct trend_series *ts,
			      const struct store_sweep *sw, size_t k,
			      const struct detect_point *v)
{
	const struct cp_point *pt = &ts->res.pts[k];
	json_object *o = json_object_new_object(), *seg = json_object_new_array();

	json_object_object_add(o, "before", sweep_obj(ts, sw, pt->before));
	json_object_object_add(o, "after", sweep_obj(ts, sw, pt->after));
	json_object_array_add(seg, json_object_new_int64(sw[ts->sweep[pt->seg_from]].id));
	json_object_array_add(seg, json_object_new_int64(sw[ts->sweep[pt->before]].id));
	json_object_array_add(seg, json_object_new_int64(sw[ts->sweep[pt->after]].id));
	json_object_array_add(seg, json_object_new_int64(sw[ts->sweep[pt->seg_to - 1]].id));
	json_object_object_add(o, "segments", seg);
	json_object_object_add(o, "ratio", json_num(pt->shift));
	json_object_object_add(o, "ratio_lo", json_num(pt->lo));
	json_object_object_add(o, "ratio_hi", json_num(pt->hi));
	json_object_object_add(o, "p", json_num(pt->p));
	json_put_str(o, "verdict", v->regression ? "regression" : v->verdict);
	json_object_object_add(o, "recent", json_object_new_boolean(v->recent));
	json_object_object_add(o, "setup_change", v->setup_at ?
			       json_object_new_string(v->setup_at) : NULL);
	json_object_object_add(o, "setup_parts", v->setup_at ? parts_arr(v->setup) : NULL);
	json_object_object_add(o, "ack", ts->ack[k] ? ack_obj(ts->ack[k], v->held) : NULL);
	return o;
}

void detect_json_series(json_object *doc, const struct trend_series *ts,
			const struct store_sweep *sw,
			const struct detect_point *pts)
{
	json_object *o, *cps;
	size_t k;

	if (!doc)
		return;
	o = json_object_new_object();
	cps = json_object_new_array();
	json_put_str(o, "cell", ts->cell);
	json_put_str(o, "metric", ts->metric);
	json_object_object_add(o, "lower_is_better",
			       json_object_new_boolean(ts->lower_better));
	json_object_object_add(o, "sweeps", json_object_new_int64((int64_t)ts->n));
	json_object_object_add(o, "judged", json_object_new_boolean(ts->judged));
	json_object_object_add(o, "setup_changes", setup_changes(ts, sw));
	for (k = 0; ts->judged && k < ts->res.npts; k++)
		json_object_array_add(cps, point_obj(ts, sw, k, &pts[k]));
	json_object_object_add(o, "change_points", cps);
	json_object_array_add(json_get(doc, "series"), o);
}

int detect_json_write(json_object *doc, const char *path,
		      const struct detect_count *cnt, int status)
{
	json_object *s = json_object_new_object(), *idle = json_object_new_array();
	size_t i;

	for (i = 0; i < cnt->nacks; i++)
		if (cnt->ack_scope[i] && !cnt->ack_used[i])
			json_object_array_add(idle, ack_obj(&cnt->acks[i], -1));
	json_object_object_add(doc, "idle_acks", idle);
	json_object_object_add(s, "series", json_object_new_int64((int64_t)cnt->series));
	json_object_object_add(s, "judged", json_object_new_int64((int64_t)cnt->judged));
	json_object_object_add(s, "change_points", json_object_new_int64((int64_t)cnt->points));
	json_object_object_add(s, "regressions",
			       json_object_new_int64((int64_t)cnt->regressions));
	json_object_object_add(s, "recent", json_object_new_int64((int64_t)cnt->recent));
	json_object_object_add(s, "recent_acknowledged",
			       json_object_new_int64((int64_t)cnt->recent_acked));
	json_object_object_add(s, "exit", json_object_new_int(status));
	json_object_object_add(doc, "summary", s);
	return results_write_json(path, doc);
}
