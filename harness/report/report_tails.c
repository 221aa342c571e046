// SPDX-License-Identifier: GPL-2.0
/*
 * report_tails.c: for every comparison the report makes on IOPS
 * (report_groups()), each pair of cells on fio's clat p50, p99 and p99.9:
 * the Hodges-Lehmann ratio of the runs' percentiles with the rank
 * interval the gate shows (90% two-sided, the two one-sided 95% bounds),
 * one line per pair, verdict first.  A percentile resting on fewer than
 * PCT_MIN_IOS I/Os a run (p99.9 of a 1 s run at 1k IOPS rests on
 * one) is said and not judged: it is one I/O's latency, not a tail.  A
 * pair on a disk whose kernel ignores the setting compared
 * (report_inert()) is not judged either: whatever its runs show is noise,
 * as the setting's own finding says.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/report_facts.h"
#include "report/report_groups.h"
#include "results/metrics.h"

/* the gate's default: one-sided 95%, shown two-sided */
#define REPORT_TAIL_LEVEL	0.90

static const struct {
	const char *name, *col;
	double p;
} pcts[] = {
	{ "p50", "clat_p50_us", 0.50 },
	{ "p99", "clat_p99_us", 0.99 },
	{ "p99.9", "clat_p999_us", 0.999 },
};

/* appends one percentile's part; returns -1 not judged, else its reading */
static int one_pct(const struct report *rep, const struct report_pair *p,
		   size_t k, double *vb, double *vc, char *buf, size_t len)
{
	const struct results_cell *b = p->base->rc, *c = p->cand->rc;
	double ib = results_cell_median(&rep->res, b, "fio_ios", vb);
	double ic = results_cell_median(&rep->res, c, "fio_ios", vc);
	/* 0: a cell's I/O count unknown, the tail not held to PCT_MIN_IOS */
	double ios = isnan(ib) || isnan(ic) ? 0 : fmin(ib, ic);
	double beyond = ios * (1 - pcts[k].p);
	struct stats_cmp cmp;
	size_t nb, nc, used = strlen(buf);
	char col[64];

	snprintf(col, sizeof(col), "read_%s", pcts[k].col);
	if (!results_cell_values(&rep->res, b, col, vb))
		snprintf(col, sizeof(col), "write_%s", pcts[k].col);
	nb = results_cell_values(&rep->res, b, col, vb);
	nc = results_cell_values(&rep->res, c, col, vc);
	if (ios > 0 && beyond < PCT_MIN_IOS) {
		snprintf(buf + used, len - used, "%s%s rests on %.0f I/O%s a run: "
			 "not judged", used ? ", " : "", pcts[k].name, beyond,
			 beyond >= 0.5 && beyond < 1.5 ? "" : "s");
		return -1;
	}
	if (!nb || !nc || stats_cmp_level(vb, nb, vc, nc, REPORT_TAIL_LEVEL, &cmp) ||
	    !(cmp.lo > 0) || !isfinite(cmp.hi)) {
		snprintf(buf + used, len - used, "%s%s not judged (%zu and %zu runs)",
			 used ? ", " : "", pcts[k].name, nb, nc);
		return -1;
	}
	snprintf(buf + used, len - used, "%s%s x%.3g [%.3g, %.3g]", used ? ", " : "",
		 pcts[k].name, cmp.ratio, cmp.lo, cmp.hi);
	return report_reading(cmp.lo, cmp.hi);
}

static int group_lines(const struct report *rep, json_object *meta,
		       const struct report_group *g,
		       void (*say)(void *arg, const char *line), void *arg)
{
	struct report_cmp cmp;
	double *vb = NULL, *vc = NULL;
	size_t i, k, most = 1, broken = 0, inert = 0;
	char why[256] = "";
	int ret;

	ret = report_compare(rep, g->col, g->base, g->cand, "iops", NULL, NULL, &cmp);
	if (ret)
		return ret;
	for (i = 0; i < rep->ncells; i++)
		most = rep->cells[i].nrows > most ? rep->cells[i].nrows : most;
	vb = malloc(most * sizeof(*vb));
	vc = malloc(most * sizeof(*vc));
	if (!vb || !vc) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < cmp.npairs; i++) {
		const struct report_pair *p = &cmp.pairs[i];
		char parts[512] = "", label[256], line[4096];
		/* the judged percentiles' worst reading; -1: none judged */
		int worst = -1, r;

		/* said once for the group, as the setting's finding says it */
		if (report_inert(meta, g->col, results_get(&rep->res,
				 report_row(p->base), "target"), why, sizeof(why))) {
			inert++;
			continue;
		}
		/* said once for the group: a constant of the engine (fio #1484) */
		if (report_clat_broken(rep, p->base->rc) ||
		    report_clat_broken(rep, p->cand->rc)) {
			broken++;
			continue;
		}
		for (k = 0; k < sizeof(pcts) / sizeof(pcts[0]); k++) {
			r = one_pct(rep, p, k, vb, vc, parts, sizeof(parts));
			worst = r > worst ? r : worst;
		}
		report_label(rep, p->cand, g->col, label, sizeof(label));
		snprintf(line, sizeof(line), "latency, %.63s: %s on %.200s: %.511s", g->question,
			 worst == REPORT_DIFFER ? "DIFFER" :
			 worst == REPORT_SAME ? "no measurable difference" :
			 "CANNOT JUDGE",
			 label[0] ? label : p->cand->rc->name, parts);
		say(arg, line);
	}
	if (broken) {
		char line[512];

		snprintf(line, sizeof(line), "latency, %.64s: not judged on %zu pair%s: "
			 "fio's clat breaks Little's law in their runs (see SQPOLL "
			 "latency)", g->question, broken, broken == 1 ? "" : "s");
		say(arg, line);
	}
	if (inert) {
		char line[512];

		snprintf(line, sizeof(line), "latency, %.64s: not measurable on %zu "
			 "pair%s: %.256s", g->question, inert, inert == 1 ? "" : "s",
			 why);
		say(arg, line);
	}
out:
	free(vb);
	free(vc);
	report_cmp_free(&cmp);
	return ret;
}

int report_tails(const struct report *rep, json_object *meta,
		 void (*say)(void *arg, const char *line), void *arg)
{
	struct report_group g[REPORT_GROUPS_MAX];
	size_t n = report_groups(rep, g, REPORT_GROUPS_MAX), i;
	int ret;

	if (!n)
		say(arg, "latency: not compared: the sweep has no two cells that "
		    "differ only in a setting the report compares");
	for (i = 0; i < n; i++) {
		ret = group_lines(rep, meta, &g[i], say, arg);
		if (ret)
			return ret;
	}
	return 0;
}
