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
 *
 * Each interval alone would call one pair in ten DIFFER by chance, and a
 * sweep has dozens (the pairs of every setting compared, three percentiles
 * each): a DIFFER also needs its U test's p under Benjamini-Hochberg's cut
 * over every interval the report judges, which holds the share of false
 * DIFFERs among them to the interval's 10% (stats_fdr_cut()).  So the
 * lines are made twice: once for the p-values, once to say them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/interval_text.h"
#include "report/report.h"
#include "report/report_facts.h"
#include "report/report_groups.h"
#include "results/metrics.h"

/* the gate's default: one-sided 95%, shown two-sided */
#define REPORT_TAIL_LEVEL	0.90

/* the judged intervals' p-values, and the cut once they are all in */
struct tails_fdr {
	double *p;
	size_t n, cap;
	double cut;
	bool collect;		/* the first pass: gather, say nothing */
	size_t held;		/* intervals excluding 1 the cut did not take */
};

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
		   size_t k, double *vb, double *vc, struct tails_fdr *fdr,
		   char *buf, size_t len)
{
	const struct results_cell *b = p->base->rc, *c = p->cand->rc;
	double ib = results_cell_median(&rep->res, b, "fio_ios", vb);
	double ic = results_cell_median(&rep->res, c, "fio_ios", vc);
	/* 0: a cell's I/O count unknown, the tail not held to PCT_MIN_IOS */
	double ios = isnan(ib) || isnan(ic) ? 0 : fmin(ib, ic);
	double beyond = ios * (1 - pcts[k].p);
	struct stats_cmp cmp;
	size_t nb, nc, used = strlen(buf);
	char col[64], ci[64];
	int reading;

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
	reading = report_reading(cmp.lo, cmp.hi);
	if (fdr->collect) {
		if (fdr->n == fdr->cap) {
			size_t cap = fdr->cap ? 2 * fdr->cap : 64;
			double *np = realloc(fdr->p, cap * sizeof(*np));

			if (!np)
				return -ENOMEM;
			fdr->p = np;
			fdr->cap = cap;
		}
		fdr->p[fdr->n++] = cmp.p;
		return reading;
	}
	interval_text(ci, sizeof(ci), cmp.lo, cmp.hi, 1, 3, true);
	snprintf(buf + used, len - used, "%s%s x%.3g %s", used ? ", " : "",
		 pcts[k].name, cmp.ratio, ci);
	if (reading == REPORT_DIFFER && !(cmp.p <= fdr->cut)) {
		used = strlen(buf);
		snprintf(buf + used, len - used, " (U test p %.2g: %s)", cmp.p,
			 fdr->cut > 0 ? "over the cut" : "no p makes the cut");
		fdr->held++;
		return REPORT_UNSURE;
	}
	/* which of the line's percentiles keeps it from a verdict, and why */
	if (reading == REPORT_UNSURE) {
		used = strlen(buf);
		snprintf(buf + used, len - used, " (holds 1, reaches past +-%.0f%%)",
			 100 * REPORT_SAME_BAND);
	}
	return reading;
}

static int group_lines(const struct report *rep, const struct report_group *g,
		       struct tails_fdr *fdr,
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
		if (report_inert(rep->meta, g->col, results_get(&rep->res,
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
			r = one_pct(rep, p, k, vb, vc, fdr, parts, sizeof(parts));
			if (r == -ENOMEM) {
				ret = r;
				goto out;
			}
			worst = r > worst ? r : worst;
		}
		if (fdr->collect)
			continue;
		report_label(rep, p->cand, g->col, label, sizeof(label));
		snprintf(line, sizeof(line), "latency, %.63s: %s on %.200s: %.511s", g->question,
			 worst == REPORT_DIFFER ? "DIFFER" :
			 worst == REPORT_SAME ? "no measurable difference" :
			 "CANNOT JUDGE",
			 label[0] ? label : p->cand->rc->name, parts);
		say(arg, line);
	}
	if (broken && !fdr->collect) {
		char line[512];

		snprintf(line, sizeof(line), "latency, %.64s: not judged on %zu pair%s: "
			 "fio's clat breaks Little's law in their runs (see SQPOLL "
			 "latency)", g->question, broken, broken == 1 ? "" : "s");
		say(arg, line);
	}
	if (inert && !fdr->collect) {
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

int report_tails(const struct report *rep,
		 void (*say)(void *arg, const char *line), void *arg)
{
	struct report_group g[REPORT_GROUPS_MAX];
	size_t n = report_groups(rep, g, REPORT_GROUPS_MAX), i;
	struct tails_fdr fdr = { .collect = true };
	char line[512], cut[48];
	int ret = 0;

	if (!n)
		say(arg, "latency: not compared: the sweep has no two cells that "
		    "differ only in a setting the report compares");
	for (i = 0; i < n && !ret; i++)
		ret = group_lines(rep, &g[i], &fdr, say, arg);
	if (ret)
		goto out;
	fdr.cut = stats_fdr_cut(fdr.p, fdr.n, 1 - REPORT_TAIL_LEVEL);
	fdr.collect = false;
	for (i = 0; i < n && !ret; i++)
		ret = group_lines(rep, &g[i], &fdr, say, arg);
	if (ret || fdr.n < 2)
		goto out;
	snprintf(cut, sizeof(cut), fdr.cut > 0 ? "is at most %.2g" : "makes it (none does)",
		 fdr.cut);
	/* lower case: the line is a measure of the others, not a verdict */
	snprintf(line, sizeof(line), "latency: %zu intervals judged; a pair differs "
		 "where one excludes 1 and its U test p %s, Benjamini-Hochberg's "
		 "cut for at most %.0f%% false discoveries among them; %zu that "
		 "exclude 1 fall short of it", fdr.n, cut,
		 100 * (1 - REPORT_TAIL_LEVEL), fdr.held);
	say(arg, line);
out:
	free(fdr.p);
	return ret;
}
