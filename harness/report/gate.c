// SPDX-License-Identifier: GPL-2.0
/*
 * gate.c: `fioring-bench gate`, the regression verdict for CI.  Each cell
 * of a sweep is compared with the same cell of a baseline sweep (or, with
 * --vs, with the cell of another engine in the same sweep): ratio of
 * medians, its bootstrap interval and a Mann-Whitney U test.  A cell fails
 * only when the drop is both significant and larger than the tolerance, so
 * noise alone cannot fail a build; a cell with too few runs or too much
 * spread is not judged at all, and says so, rather than passing silently.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_cmd.h"
#include "results/results_read.h"
#include "lib/stats.h"

#define GATE_PASS 0
#define GATE_REGRESSION 1
#define GATE_CANNOT 2
#define GATE_ALPHA 0.05

struct gate_env {
	const char *dir;
	const char *baseline;
	const char *vs;
	const char *metric;
	double max_drop;	/* fraction */
	double max_cv;		/* fraction */
	size_t min_runs;
};

/* One side of a comparison: where its runs are and what to call it. */
struct gate_side {
	const struct results *res;
	const struct results_cell *cell;
	const char *name;
};

struct gate_count {
	unsigned int pass, regression, cannot, unjudged_new;
};

static void usage(FILE *f)
{
	fprintf(f,
"Usage: fioring-bench gate --baseline BASE_DIR [options] DIR\n"
"       fioring-bench gate --vs ENGINE [options] DIR\n"
"\n"
"Compares every cell of the sweep in DIR with the same cell of BASE_DIR, or\n"
"with --vs, each other engine's cell with ENGINE's cell of the same settings.\n"
"A cell fails when its median drops significantly (Mann-Whitney p < 0.05)\n"
"and the whole 95%% bootstrap interval of the ratio lies below 1 - max-drop.\n"
"\n"
"  --baseline DIR   the sweep to compare against\n"
"  --vs ENGINE      compare within DIR against ENGINE (e.g. io_uring)\n"
"  --max-drop PCT   tolerated drop in percent                    [5]\n"
"  --max-cv PCT     do not judge a side whose CV is above this   [10]\n"
"  --min-runs N     ok runs needed on each side (4 or more)     [5]\n"
"  --metric COL     results.csv column, higher is better         [iops]\n"
"  -h, --help       this text\n"
"\n"
"Exit status: 0 every cell passed, 1 a regression, 2 cannot judge (too\n"
"few runs, too much spread, a cell missing, or bad arguments).\n"
"\n"
"Examples:\n"
"  fioring-bench gate --baseline /srv/bench/6.17 out/\n"
"  fioring-bench gate --vs io_uring --max-drop 3 bench/out\n");
}

static int parse_pct(const char *opt, const char *s, double *frac)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= 0 && v < 100)) {
		fprintf(stderr, "gate: %s: not a percentage in [0, 100): '%s'\n",
			opt, s);
		return -EINVAL;
	}
	*frac = v / 100;
	return 0;
}

static int parse_args(int argc, char **argv, struct gate_env *env)
{
	static const struct option opts[] = {
		{ "baseline", required_argument, NULL, 'b' },
		{ "vs", required_argument, NULL, 'V' },
		{ "max-drop", required_argument, NULL, 'd' },
		{ "max-cv", required_argument, NULL, 'c' },
		{ "min-runs", required_argument, NULL, 'n' },
		{ "metric", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	size_t floor_n = stats_mw_min_n(GATE_ALPHA);
	char *end;
	long n;
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			env->baseline = optarg;
			break;
		case 'V':
			env->vs = optarg;
			break;
		case 'd':
			if (parse_pct("--max-drop", optarg, &env->max_drop))
				return -EINVAL;
			break;
		case 'c':
			if (parse_pct("--max-cv", optarg, &env->max_cv))
				return -EINVAL;
			break;
		case 'n':
			n = strtol(optarg, &end, 10);
			if (*end || end == optarg || n < (long)floor_n || n > 1000) {
				fprintf(stderr,
					"gate: --min-runs: '%s': need a number from %zu (below it the U test can never reach p < %.2f) to 1000\n",
					optarg, floor_n, GATE_ALPHA);
				return -EINVAL;
			}
			env->min_runs = (size_t)n;
			break;
		case 'm':
			env->metric = optarg;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -EINVAL;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "gate: need exactly one result directory (see --help)\n");
		return -EINVAL;
	}
	env->dir = argv[optind];
	if (!env->baseline == !env->vs) {
		fprintf(stderr, "gate: give either --baseline DIR or --vs ENGINE (see --help)\n");
		return -EINVAL;
	}
	return 0;
}

static unsigned int failed_runs(const struct gate_side *s)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < s->cell->nrows; i++)
		n += !results_row_ok(s->res, s->cell->rows[i]);
	return n;
}

/* Why a side cannot be judged, written to why; 0 when it can. */
static int side_unfit(const struct gate_env *env, const struct gate_side *s,
		      size_t n, double cv, char *why, size_t len)
{
	unsigned int failed = failed_runs(s);

	if (n < env->min_runs) {
		char extra[32] = "";

		if (failed)
			snprintf(extra, sizeof(extra), " (%u failed)", failed);
		snprintf(why, len, "%zu ok run%s in %s%s, the U test needs %zu per side (--min-runs)",
			 n, n == 1 ? "" : "s", s->name, extra, env->min_runs);
		return 1;
	}
	if (cv > env->max_cv) {
		snprintf(why, len, "CV %.1f%% in %s is above --max-cv %.1f%%",
			 100 * cv, s->name, 100 * env->max_cv);
		return 1;
	}
	return 0;
}

/* Judges cand against base, prints the verdict line, returns it. */
static int judge(const struct gate_env *env, const struct gate_side *base,
		 const struct gate_side *cand)
{
	size_t nb = base->cell->nrows, nc = cand->cell->nrows;
	double *vb = malloc(nb * sizeof(*vb)), *vc = malloc(nc * sizeof(*vc));
	struct stats_cmp cmp;
	char why[256] = "";
	int verdict = GATE_CANNOT, ret;

	if (!vb || !vc) {
		printf("CANNOT      %s: out of memory\n", cand->cell->name);
		goto out;
	}
	nb = results_cell_values(base->res, base->cell, env->metric, vb);
	nc = results_cell_values(cand->res, cand->cell, env->metric, vc);
	if (side_unfit(env, base, nb, nb > 1 ? stats_cv(vb, nb) : 0, why, sizeof(why)) ||
	    side_unfit(env, cand, nc, nc > 1 ? stats_cv(vc, nc) : 0, why, sizeof(why))) {
		printf("CANNOT      %s: %s\n", cand->cell->name, why);
		goto out;
	}
	ret = stats_compare(vb, nb, vc, nc, &cmp);
	if (ret) {
		printf("CANNOT      %s: %s\n", cand->cell->name,
		       ret == -EINVAL ? "a median of 0 has no ratio" : strerror(-ret));
		goto out;
	}
	if (cmp.p < GATE_ALPHA && cmp.hi < 1 - env->max_drop) {
		verdict = GATE_REGRESSION;
		snprintf(why, sizeof(why), "  %s down %.1f%%, beyond --max-drop %.1f%%",
			 env->metric, 100 * (1 - cmp.ratio), 100 * env->max_drop);
	} else {
		verdict = GATE_PASS;
		if (cmp.p < GATE_ALPHA && cmp.ratio < 1)
			snprintf(why, sizeof(why), "  (significant drop %.1f%%, within --max-drop)",
				 100 * (1 - cmp.ratio));
	}
	printf("%-11s %s  ratio %.3f [%.3f, %.3f]  p=%.2g  n=%zu/%zu  cv=%.1f%%/%.1f%%%s\n",
	       verdict == GATE_PASS ? "PASS" : "REGRESSION", cand->cell->name,
	       cmp.ratio, cmp.lo, cmp.hi, cmp.p, nb, nc, 100 * cmp.cv_base,
	       100 * cmp.cv_cand, why);
out:
	free(vb);
	free(vc);
	return verdict;
}

static void tally(struct gate_count *cnt, int verdict)
{
	if (verdict == GATE_PASS)
		cnt->pass++;
	else if (verdict == GATE_REGRESSION)
		cnt->regression++;
	else
		cnt->cannot++;
}

static void gate_baseline(const struct gate_env *env, const struct results *bres,
			  const struct results_cell *bcells, size_t nb,
			  const struct results *cres,
			  const struct results_cell *ccells, size_t nc,
			  struct gate_count *cnt)
{
	size_t i;

	for (i = 0; i < nb; i++) {
		const struct results_cell *cc;
		struct gate_side base = { bres, &bcells[i], "the baseline" };
		struct gate_side cand = { cres, NULL, "the new sweep" };

		cc = results_cell_find(ccells, nc, bcells[i].name);
		if (!cc) {
			printf("CANNOT      %s: in the baseline, not in %s\n",
			       bcells[i].name, env->dir);
			cnt->cannot++;
			continue;
		}
		cand.cell = cc;
		tally(cnt, judge(env, &base, &cand));
	}
	for (i = 0; i < nc; i++) {
		if (!results_cell_find(bcells, nb, ccells[i].name)) {
			printf("NEW         %s: not in the baseline, not judged\n",
			       ccells[i].name);
			cnt->unjudged_new++;
		}
	}
}

/* The cell of engine env->vs that differs from c only in the engine. */
static const struct results_cell *vs_partner(const struct gate_env *env,
					     const struct results *res,
					     const struct results_cell *cells,
					     size_t n, const struct results_cell *c)
{
	const struct results_cell *found = NULL;
	char *key = results_cell_key(res, c->rows[0], "engine");
	size_t i;

	for (i = 0; key && i < n && !found; i++) {
		char *k;

		if (strcmp(results_get(res, cells[i].rows[0], "engine"), env->vs))
			continue;
		k = results_cell_key(res, cells[i].rows[0], "engine");
		if (k && !strcmp(k, key) &&
		    results_cells_differ_once(c->name, cells[i].name))
			found = &cells[i];
		free(k);
	}
	free(key);
	return found;
}

static void gate_vs(const struct gate_env *env, const struct results *res,
		    const struct results_cell *cells, size_t n,
		    struct gate_count *cnt)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *engine = results_get(res, cells[i].rows[0], "engine");
		char bname[64], cname[64];
		struct gate_side base = { res, NULL, bname };
		struct gate_side cand = { res, &cells[i], cname };

		snprintf(bname, sizeof(bname), "the %s cell", env->vs);
		snprintf(cname, sizeof(cname), "the %s cell", engine);

		if (!strcmp(engine, env->vs))
			continue;
		base.cell = vs_partner(env, res, cells, n, &cells[i]);
		if (!base.cell) {
			printf("CANNOT      %s: no %s cell with the same settings\n",
			       cells[i].name, env->vs);
			cnt->cannot++;
			continue;
		}
		tally(cnt, judge(env, &base, &cand));
	}
}

static int read_sweep(const char *dir, const char *metric, struct results *res,
		      struct results_cell **cells, size_t *n)
{
	int ret = results_read(dir, res);

	if (!ret)
		ret = results_require(res, (const char *const[]){ metric, "engine", NULL });
	if (ret) {
		fprintf(stderr, "gate: %s\n", res->err);
		results_free(res);
		return ret;
	}
	ret = results_cells(res, cells, n);
	if (ret) {
		fprintf(stderr, "gate: %s: %s\n", dir, strerror(-ret));
		results_free(res);
	}
	return ret;
}

int cmd_gate(int argc, char **argv)
{
	struct gate_env env = {
		.metric = "iops",
		.max_drop = 0.05,
		.max_cv = 0.10,
		.min_runs = 5,
	};
	struct results res, bres;
	struct results_cell *cells = NULL, *bcells = NULL;
	struct gate_count cnt = { 0 };
	size_t n = 0, nb = 0;
	int status;

	if (parse_args(argc, argv, &env))
		return GATE_CANNOT;
	if (read_sweep(env.dir, env.metric, &res, &cells, &n))
		return GATE_CANNOT;

	if (env.baseline) {
		if (read_sweep(env.baseline, env.metric, &bres, &bcells, &nb)) {
			results_cells_free(cells, n);
			results_free(&res);
			return GATE_CANNOT;
		}
		printf("gate: %s (kernel %s) against baseline %s (kernel %s), metric %s\n",
		       env.dir, res.nrows ? results_get(&res, 0, "kernel") : "?",
		       env.baseline, bres.nrows ? results_get(&bres, 0, "kernel") : "?",
		       env.metric);
		gate_baseline(&env, &bres, bcells, nb, &res, cells, n, &cnt);
		results_cells_free(bcells, nb);
		results_free(&bres);
	} else {
		printf("gate: %s, each engine against %s, metric %s\n",
		       env.dir, env.vs, env.metric);
		gate_vs(&env, &res, cells, n, &cnt);
	}

	if (cnt.regression)
		status = GATE_REGRESSION;
	else if (cnt.cannot || !cnt.pass)
		status = GATE_CANNOT;
	else
		status = GATE_PASS;
	printf("gate: %u compared: %u pass, %u regression, %u cannot judge%s; max-drop %.1f%%, max-cv %.1f%%, min-runs %zu: %s\n",
	       cnt.pass + cnt.regression + cnt.cannot, cnt.pass, cnt.regression,
	       cnt.cannot, cnt.unjudged_new ? " (new cells not judged)" : "",
	       100 * env.max_drop, 100 * env.max_cv, env.min_runs,
	       status == GATE_PASS ? "PASS" :
	       status == GATE_REGRESSION ? "REGRESSION" :
	       cnt.pass + cnt.regression + cnt.cannot ? "CANNOT JUDGE" :
	       "CANNOT JUDGE (no cells to compare)");
	results_cells_free(cells, n);
	results_free(&res);
	return status;
}
