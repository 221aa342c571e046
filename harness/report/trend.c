// SPDX-License-Identifier: GPL-2.0
/*
 * trend.c: a cell's metric sweep by sweep from the history, with the
 * change points the detector finds in it and the setup changes under it.
 */
#include "report/trend.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/metrics.h"

int trend_load(struct store *st, const struct store_sweep *sw, size_t nsw,
	       const char *cell, const char *metric,
	       const struct cp_params *par, struct trend_series *ts)
{
	size_t i;
	int ret;

	memset(ts, 0, sizeof(*ts));
	ts->cell = cell;
	ts->metric = metric;
	ts->lower_better = metric_lower_better(metric);
	ret = store_series(st, cell, metric, &ts->pts, &ts->npts);
	if (ret)
		return ret;
	ret = -ENOMEM;
	ts->sweep = calloc(ts->npts + 1, sizeof(*ts->sweep));
	ts->cs = calloc(ts->npts + 1, sizeof(*ts->cs));
	if (!ts->sweep || !ts->cs)
		goto err;
	/*
	 * a sweep whose runs of the cell all failed has no value: left out;
	 * so is a value of 0 (a run that did no I/O), which has no log
	 */
	for (i = 0; i < ts->npts; i++) {
		struct store_point *p = &ts->pts[i];
		size_t j, k = 0;

		for (j = 0; j < p->nv; j++)
			if (p->v[j] > 0 && isfinite(p->v[j]))
				p->v[k++] = p->v[j];
		p->nv = k;
		if (!p->nv || p->sweep >= nsw)
			continue;
		ts->sweep[ts->n] = p->sweep;
		ts->cs[ts->n].v = p->v;
		ts->cs[ts->n].n = p->nv;
		ts->cs[ts->n].setup = sw[p->sweep].setup;
		ts->n++;
	}
	ts->judged = ts->n >= cp_min_sweeps(par);
	ret = cp_detect(ts->cs, ts->n, par, &ts->res);
	if (ret)
		goto err;
	return 0;
err:
	trend_free(ts);
	return ret;
}

void trend_free(struct trend_series *ts)
{
	cp_result_free(&ts->res);
	store_points_free(ts->pts, ts->npts);
	free(ts->sweep);
	free(ts->cs);
	memset(ts, 0, sizeof(*ts));
}

/* the value of part @name in a setup string, and its length */
static const char *setup_part(const char *s, const char *name, size_t *len)
{
	size_t nl = strlen(name);

	while (s && *s) {
		size_t l = strcspn(s, "|");

		if (l > nl && !strncmp(s, name, nl) && s[nl] == '=') {
			*len = l - nl - 1;
			return s + nl + 1;
		}
		s += l;
		if (*s == '|')
			s++;
	}
	*len = 0;
	return "";
}

const char *trend_setup_diff(const char *a, const char *b, char *buf,
			     size_t len)
{
	static const char *const parts[] = {
		"kernel", "fio", "engine", "target", "placement",
	};
	size_t i, la, lb, used = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		const char *va = setup_part(a, parts[i], &la);
		const char *vb = setup_part(b, parts[i], &lb);

		if (la == lb && !strncmp(va, vb, la))
			continue;
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s", used ? ", " : "", parts[i]);
	}
	if (!used)
		snprintf(buf, len, "setup");
	return buf;
}

const char *trend_labels(const struct store_sweep *s, char *buf, size_t len)
{
	size_t k, used = 0;

	buf[0] = '\0';
	for (k = 0; k < s->nlabels; k++)
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0,
					 "%s%s", k ? " " : "", s->labels[k]);
	if (!s->nlabels)
		snprintf(buf, len, "-");
	return buf;
}

int trend_is_regression(const struct trend_series *ts,
			const struct cp_point *pt)
{
	return ts->lower_better ? pt->lo > 1 : pt->hi < 1;
}
