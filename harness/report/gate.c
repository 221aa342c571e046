// SPDX-License-Identifier: GPL-2.0
/*
 * gate.c: `fioring-bench gate`, the regression verdict for CI.  Each cell
 * of a sweep is compared with the same cell of a baseline sweep (or, with
 * --vs, with the cell of the same settings but one in the same sweep), on
 * each gated metric: the Hodges-Lehmann ratio, its rank interval and a
 * Mann-Whitney U test.  The verdict comes from the interval, three ways:
 * a regression when the loss lies beyond the tolerance with confidence, a
 * pass when it lies within it with confidence, and "cannot judge" only in
 * between, so neither noise alone nor a wide interval can pass or fail a
 * build.  People read the lines on stdout; programs read DIR/gate.json.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fileio.h"
#include "lib/interval_text.h"
#include "lib/stats.h"
#include "report/gate.h"
#include "report/gate_adaptive.h"
#include "report/gate_base.h"
#include "report/trend.h"
#include "store/store.h"
#include "report/report_cmd.h"
#include "results/dims.h"
#include "results/knob_cols.h"
#include "results/metrics.h"
#include "results/results_read.h"

/* a verdict's reason: cell names and figures, no paths */
#define GATE_WHY_MAX 512

#define GATE_METRICS_MAX 8
/*
 * Beyond this many runs a side, a CANNOT is said to sit at the tolerance
 * rather than given a count: no sweep runs that many.
 */
#define GATE_RUNS_SAID 200

struct gate_env {
	const char *dir;
	const char *baseline;
	const char *db;		/* --db: where a db: baseline is */
	const char *vs;		/* as given */
	char vs_col[64];	/* the setting --vs holds fixed ... */
	const char *vs_val;	/* ... at this value */
	char metric_buf[256];
	const char *metrics[GATE_METRICS_MAX + 1];
	int metrics_given;
	const char *json;
	char json_buf[PATH_BUF];
	double max_drop;	/* fraction */
	double confidence;	/* one-sided, fraction */
	size_t min_runs;
};

/* One side of a comparison: where its runs are and what to call it. */
struct gate_side {
	const struct results *res;
	const struct results_cell *cell;
	const char *name;
	/* the sweep's adaptive repeats over this pair; NULL: none */
	const struct gate_adaptive *ad;
};

struct gate_count {
	unsigned int pass, regression, cannot, unjudged_new;
	unsigned int futile;	/* of cannot: the sweep's adaptive repeats gave up */
};

/* One sweep the gate reads: its rows, cells, targets and cell keys. */
struct gate_sweep {
	struct results res;
	struct results_idents ids;
	struct results_cell *cells;
	size_t n;
	char **keys;		/* per cell; with --baseline only */
	char desc[PATH_BUF];	/* the directory, or "sweep ID of FILE" */
};

/* where --help's option texts start */
#define GATE_INDENT	"                     "

static void usage(FILE *f)
{
	char cols[256], knob[64];

	dims_cols(cols, sizeof(cols), false, 40, GATE_INDENT);
	snprintf(knob, sizeof(knob), dim_knob.req_col, "ATTR");
	fprintf(f,
"Usage: fioring-bench gate --baseline BASE_DIR|db:ID|db:KEY=VALUE [options] DIR\n"
"       fioring-bench gate --vs ENGINE|COLUMN=VALUE [options] DIR\n"
"\n"
"Compares every cell of the sweep in DIR with the same cell of BASE_DIR, or\n"
"with --vs, each cell with the cell of DIR that differs from it only in\n"
"COLUMN (engine when only a value is given), on each metric.  From the\n"
"interval of the ratio (Hodges-Lehmann): REGRESSION when the loss is beyond\n"
"--max-drop with the given confidence (and Mann-Whitney agrees), PASS when\n"
"it is within --max-drop with that confidence, CANNOT judge in between.\n"
"\n"
"  --baseline DIR     the sweep to compare against; cells are paired by\n"
"                     their settings and what the target is (the embedded\n"
"                     device whatever its number)\n"
"  --baseline db:ID   ... a sweep of the history (fioring-bench history ls)\n"
"  --baseline db:KEY=VALUE  ... the newest sweep of the history with that\n"
"                     label (commit=abc123)\n"
"  --db FILE          the history for db: [$FIORING_DB,\n"
"                     " STORE_DB_DEFAULT "]\n"
"  --vs VALUE         compare within DIR against the engine VALUE\n"
"  --vs COLUMN=VALUE  ... or against the cells whose setting COLUMN is\n"
"                     VALUE; COLUMN one of\n"
GATE_INDENT "%s, or %s\n", cols, knob);
	fprintf(f,
"  --metric LIST      results.csv columns, comma-separated; names ending\n"
"                     in _us or _ms are costs (lower is better), others\n"
"                     rates                            [iops,cpu_per_io_us]\n"
"  --max-drop PCT     tolerated loss in percent (rate down, cost up)   ["
STATS_MAX_DROP_STR "]\n"
"  --confidence PCT   one-sided confidence of each verdict; intervals\n"
"                     shown are two-sided at 2 x PCT - 100            [95]\n"
"  --min-runs N       ok runs needed on each side                      [5]\n"
"  --json FILE        the machine-readable verdict           [DIR/gate.json]\n"
"  -h, --help         this text\n"
"\n"
"Exit status: 0 every cell passed, 1 a regression, 2 bad arguments or an\n"
"unreadable result directory, 3 cannot judge (a cell could not be judged\n"
"or none was compared).\n"
"\n"
"Examples:\n"
"  fioring-bench gate --baseline /srv/bench/6.17 out/\n"
"  fioring-bench gate --vs io_uring --max-drop 3 bench/out\n"
"  fioring-bench gate --vs job=base --metric cpu_per_io_us out/\n"
"  fioring-bench gate --baseline main/ --metric iops,read_clat_p99_us pr/\n");
}

static int parse_pct(const char *opt, const char *s, double lo, double hi,
		     double *frac)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v < hi)) {
		fprintf(stderr, "gate: %s: not a percentage in [%g, %g): '%s'\n",
			opt, lo, hi, s);
		return -EINVAL;
	}
	*frac = v / 100;
	return 0;
}

static int parse_metrics(struct gate_env *env, const char *s)
{
	char *save, *tok;
	int n = 0;

	if (strlen(s) >= sizeof(env->metric_buf)) {
		fprintf(stderr, "gate: --metric: list too long\n");
		return -EINVAL;
	}
	strcpy(env->metric_buf, s);
	for (tok = strtok_r(env->metric_buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n == GATE_METRICS_MAX) {
			fprintf(stderr, "gate: --metric: at most %d columns\n",
				GATE_METRICS_MAX);
			return -EINVAL;
		}
		env->metrics[n++] = tok;
	}
	if (!n) {
		fprintf(stderr, "gate: --metric: no column named in '%s'\n", s);
		return -EINVAL;
	}
	env->metrics[n] = NULL;
	env->metrics_given = 1;
	return 0;
}

static int parse_vs(struct gate_env *env, const char *s)
{
	const char *eq = strchr(s, '=');
	const struct dim *col;
	size_t len;
	int i;

	env->vs = s;
	if (!eq) {
		strcpy(env->vs_col, "engine");
		env->vs_val = s;
		return 0;
	}
	len = (size_t)(eq - s);
	col = len < sizeof(env->vs_col) ? dim_by_col(strndupa(s, len)) : NULL;
	/* knob:ATTR: whether the file has its column is checked once read */
	if (!col && eq[1] &&
	    !knob_col_named(s, len, env->vs_col, sizeof(env->vs_col))) {
		env->vs_val = eq + 1;
		return 0;
	}
	if (!col || !eq[1]) {
		fprintf(stderr, "gate: --vs '%s': want VALUE or COLUMN=VALUE, COLUMN one of",
			s);
		for (i = 0; i < NR_DIMS; i++)
			fprintf(stderr, " %s", dims[i].req_col);
		fprintf(stderr, " knob:ATTR");
		fputc('\n', stderr);
		return -EINVAL;
	}
	memcpy(env->vs_col, s, len);
	env->vs_col[len] = '\0';
	env->vs_val = eq + 1;
	return 0;
}

/* "" names no file: DIR would be read as /, --json not written at all */
static int empty_arg(const char *name, const char *v)
{
	if (!v || *v)
		return 0;
	fprintf(stderr, "gate: %s is empty\n", name);
	return 1;
}

static int parse_args(int argc, char **argv, struct gate_env *env)
{
	static const struct option opts[] = {
		{ "baseline", required_argument, NULL, 'b' },
		{ "db", required_argument, NULL, 'D' },
		{ "vs", required_argument, NULL, 'V' },
		{ "max-drop", required_argument, NULL, 'd' },
		{ "confidence", required_argument, NULL, 'C' },
		{ "min-runs", required_argument, NULL, 'n' },
		{ "metric", required_argument, NULL, 'm' },
		{ "json", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *min_runs = NULL;
	size_t floor_n;
	char *end;
	long n;
	int c;

	optind = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			env->baseline = optarg;
			break;
		case 'D':
			env->db = optarg;
			break;
		case 'V':
			if (parse_vs(env, optarg))
				return -EINVAL;
			break;
		case 'd':
			if (parse_pct("--max-drop", optarg, 0, 100, &env->max_drop))
				return -EINVAL;
			break;
		case 'C':
			if (parse_pct("--confidence", optarg, 60, 100, &env->confidence))
				return -EINVAL;
			break;
		case 'n':
			min_runs = optarg;
			break;
		case 'm':
			if (parse_metrics(env, optarg))
				return -EINVAL;
			break;
		case 'j':
			env->json = optarg;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -EINVAL;
		}
	}
	/* after --confidence: the floor depends on it */
	floor_n = stats_mw_min_n(1 - env->confidence);
	if (min_runs) {
		n = strtol(min_runs, &end, 10);
		if (*end || end == min_runs || n < (long)floor_n || n > 1000) {
			fprintf(stderr,
				"gate: --min-runs: '%s': need a number from %zu (below it the U test can never reach p < %.2f) to 1000\n",
				min_runs, floor_n, 1 - env->confidence);
			return -EINVAL;
		}
		env->min_runs = (size_t)n;
	} else if (env->min_runs < floor_n) {
		env->min_runs = floor_n;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "gate: need exactly one result directory (see --help)\n");
		return -EINVAL;
	}
	env->dir = argv[optind];
	if (empty_arg("DIR", env->dir) || empty_arg("--baseline", env->baseline) ||
	    empty_arg("--db", env->db) || empty_arg("--json", env->json))
		return -EINVAL;
	if (!env->baseline == !env->vs) {
		fprintf(stderr, "gate: give either --baseline DIR or --vs ENGINE (see --help)\n");
		return -EINVAL;
	}
	if (!env->json) {
		snprintf(env->json_buf, sizeof(env->json_buf), "%s/gate.json",
			 env->dir);
		env->json = env->json_buf;
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

/* Why a side has too few values, written to why; 0 when it has enough. */
static int side_short(const struct gate_env *env, const struct gate_side *s,
		      const char *metric, size_t n, char *why, size_t len)
{
	unsigned int failed = failed_runs(s);
	size_t ok = s->cell->nrows - failed;
	char extra[64] = "";

	if (n >= env->min_runs)
		return 0;
	if (failed)
		snprintf(extra, sizeof(extra), " (%u failed)", failed);
	if (n < ok)
		snprintf(why, len, "%zu of %zu ok runs in %s have %s, the gate needs %zu per side (--min-runs)",
			 n, ok, s->name, metric, env->min_runs);
	else
		snprintf(why, len, "%zu ok run%s in %s%s, the gate needs %zu per side (--min-runs)",
			 n, n == 1 ? "" : "s", s->name, extra, env->min_runs);
	return 1;
}

static void print_cmp(const struct gate_cmp *c)
{
	const struct stats_cmp *s = &c->j.cmp;
	char ci[64];

	if (!c->have_stats) {
		printf("%-11s %s  %s: %s\n", c->verdict == GATE_UNMEASURED ?
		       "UNMEASURED" : "CANNOT", c->cell, c->metric, c->why);
		return;
	}
	interval_text(ci, sizeof(ci), s->lo, s->hi, 1, 3, false);
	printf("%-11s %s  %s  ratio %.3f %s  p=%.2g  n=%zu/%zu%s  cv=%.1f%%/%.1f%%%s%s\n",
	       c->verdict == GATE_PASS ? "PASS" :
	       c->verdict == GATE_REGRESSION ? "REGRESSION" : "CANNOT",
	       c->cell, c->metric, s->ratio, ci, s->p, s->nbase,
	       s->ncand, s->paired ? " paired" : "", 100 * s->cv_base,
	       100 * s->cv_cand, c->why[0] ? "  " : "", c->why);
}

/* the median of the cell's ok runs' I/O counts; 0 when they have none */
static double median_ios(const struct gate_side *s)
{
	double *ios = malloc(s->cell->nrows * sizeof(*ios)), med = 0;

	if (ios)
		med = results_cell_median(s->res, s->cell, "fio_ios", ios);
	free(ios);
	return isnan(med) ? 0 : med;
}

/* fio's CPU time per run in ms, from the side's cpu_per_io_us values */
static double cpu_ms_per_run(const struct gate_side *s, const double *cpu,
			     size_t n)
{
	double *ios = malloc(s->cell->nrows * sizeof(*ios)), ms = NAN;

	if (ios)
		ms = fio_cpu_ms_per_run(cpu, n, ios,
					    results_cell_values(s->res, s->cell,
								"fio_ios", ios));
	free(ios);
	return ms;
}

/*
 * What more runs of an undecided pair come to: run --adaptive, unless the
 * sweep's own adaptive repeats ran on the pair (then what they did); for
 * a pair too near the tolerance to be worth runs (hopeless), only the
 * latter.
 */
static void adaptive_said(const struct gate_side *cand, bool hopeless,
			  char *buf, size_t len)
{
	const struct gate_adaptive *ad = cand->ad;

	if (!ad || !ad->budget)
		snprintf(buf, len, "%s", hopeless ? "" : " (run --adaptive)");
	else if (gate_adaptive_futile(ad, cand->cell->name))
		snprintf(buf, len, " (the sweep's --adaptive %d stopped it as futile)",
			 ad->budget);
	else
		snprintf(buf, len, " (the sweep's --adaptive %d left it undecided)",
			 ad->budget);
}

/*
 * Judges one metric of cand against base into c (why in why[len]);
 * returns the verdict.  Cells of one sweep carry the round each run ran
 * in, which stats_judge_rounds() pairs them by; two sweeps share none.
 */
static int judge_metric(const struct gate_env *env, const struct gate_side *base,
			const struct gate_side *cand, const char *metric,
			struct gate_cmp *c, char *why, size_t len)
{
	size_t nb = base->cell->nrows, nc = cand->cell->nrows;
	double *vb = malloc(nb * sizeof(*vb)), *vc = malloc(nc * sizeof(*vc));
	int *rb = malloc(nb * sizeof(*rb)), *rc = malloc(nc * sizeof(*rc));
	int one_sweep = base->res == cand->res;
	const char *worse, *better;
	double loss, beyond, need;
	char more[192], said[80], lo[48], hi[48];
	int ret;

	memset(c, 0, sizeof(*c));
	c->cell = cand->cell->name;
	c->base_cell = base->cell->name;
	c->metric = metric;
	c->lower_better = metric_lower_better(metric);
	c->verdict = GATE_CANNOT;
	c->why = why;
	why[0] = '\0';
	if (!vb || !vc || !rb || !rc) {
		snprintf(why, len, "out of memory");
		goto out;
	}
	nb = results_cell_values_rounds(base->res, base->cell, metric, vb, rb);
	nc = results_cell_values_rounds(cand->res, cand->cell, metric, vc, rc);
	/*
	 * The CPU-time floor first: runs that spun through a think time have
	 * no CPU per I/O, and a cell under the floor is not gated on it
	 * however many runs have one (as run --adaptive-vs decides).
	 */
	if (!strcmp(metric, "cpu_per_io_us") && nb && nc) {
		double mb = cpu_ms_per_run(base, vb, nb), mc = cpu_ms_per_run(cand, vc, nc);

		if (mb < FIO_CPU_MIN_MS || mc < FIO_CPU_MIN_MS) {
			c->verdict = GATE_UNMEASURED;
			snprintf(why, len, "not gated: fio's CPU time is %.0f ms (base) "
				 "and %.0f ms a run, under the %d ms it needs to "
				 "resolve --max-drop; longer runs reach it",
				 mb, mc, FIO_CPU_MIN_MS);
			goto out;
		}
	}
	/*
	 * a figure neither cell's ok runs have, such as a read percentile
	 * of a write job: not this cell's metric, so not a verdict
	 */
	if (!nb && !nc && failed_runs(base) < base->cell->nrows &&
	    failed_runs(cand) < cand->cell->nrows) {
		c->verdict = GATE_UNMEASURED;
		snprintf(why, len, "not gated: no ok run of either cell has %s", metric);
		goto out;
	}
	beyond = fmin(median_ios(base), median_ios(cand)) * (1 - metric_percentile(metric));
	if (beyond > 0 && beyond < PCT_MIN_IOS) {
		c->verdict = GATE_UNMEASURED;
		snprintf(why, len, "not gated: %s rests on %.1f I/Os a run, under "
			 "the %d a tail needs; longer runs reach it", metric,
			 beyond, PCT_MIN_IOS);
		goto out;
	}
	if (side_short(env, base, metric, nb, why, len) ||
	    side_short(env, cand, metric, nc, why, len))
		goto out;
	ret = stats_judge_rounds(vb, one_sweep ? rb : NULL, nb, vc,
				 one_sweep ? rc : NULL, nc, env->min_runs,
				 c->lower_better, env->max_drop, env->confidence,
				 &c->j);
	if (ret) {
		snprintf(why, len, "%s", ret == -EINVAL ?
			 "a value of 0 or below has no ratio" : strerror(-ret));
		goto out;
	}
	c->have_stats = 1;
	/* the words for a loss and for a gain of this metric */
	worse = c->lower_better ? "up" : "down";
	better = c->lower_better ? "down" : "up";
	loss = 100 * c->j.loss;
	switch (c->j.verdict) {
	case STATS_REGRESSION:
		c->verdict = GATE_REGRESSION;
		snprintf(why, len, "%s %s %.1f%%, beyond --max-drop %.1f%%",
			 metric, worse, loss, 100 * env->max_drop);
		break;
	case STATS_PASS:
		c->verdict = GATE_PASS;
		/* a change the interval proves is worth a word */
		if (c->j.loss_lo > 0)
			snprintf(why, len, "(%s %s %.1f%%, within --max-drop)",
				 metric, worse, loss);
		else if (c->j.loss_hi < 0)
			snprintf(why, len, "(%s %s %.1f%%, a gain)", metric,
				 better, -loss);
		break;
	default:
		need = stats_runs_to_decide(&c->j, nb < nc ? nb : nc, env->max_drop);
		adaptive_said(cand, !isnan(need) && need > GATE_RUNS_SAID, said,
			      sizeof(said));
		if (isnan(need))
			snprintf(more, sizeof(more), "more runs narrow it%s", said);
		else if (need <= GATE_RUNS_SAID)
			snprintf(more, sizeof(more), "about %.0f runs a side would "
				 "decide it if the loss held%s", need, said);
		else
			snprintf(more, sizeof(more), "over %d runs a side would "
				 "decide it: the loss sits too near --max-drop for its "
				 "spread%s", GATE_RUNS_SAID, said);
		/* a bound next to --max-drop does not print as it */
		interval_bound(lo, sizeof(lo), 100 * c->j.loss_lo,
			       100 * env->max_drop, 1, false);
		interval_bound(hi, sizeof(hi), 100 * c->j.loss_hi,
			       100 * env->max_drop, 1, false);
		snprintf(why, len, "%s %s %.1f%%, loss interval [%s%%, %s%%] straddles --max-drop %.1f%%: %s",
			 metric, loss >= 0 ? worse : better, fabs(loss), lo, hi,
			 100 * env->max_drop, more);
		break;
	}
out:
	free(vb);
	free(vc);
	free(rb);
	free(rc);
	return c->verdict;
}

/*
 * Every metric of one cell pair; returns the cell's verdict, the worst of
 * the metrics measured (CANNOT when none is).
 */
static int judge(const struct gate_env *env, struct gate_json *gj,
		 const struct gate_side *base, const struct gate_side *cand)
{
	int verdict = GATE_PASS, v, i, measured = 0;
	struct gate_cmp c;
	char why[GATE_WHY_MAX];

	for (i = 0; env->metrics[i]; i++) {
		v = judge_metric(env, base, cand, env->metrics[i], &c, why,
				 sizeof(why));
		print_cmp(&c);
		if (gj)
			gate_json_cmp(gj, &c);
		if (v == GATE_UNMEASURED)
			continue;
		measured++;
		if (v == GATE_REGRESSION || (v == GATE_CANNOT && verdict == GATE_PASS))
			verdict = v;
	}
	if (!measured)
		verdict = GATE_CANNOT;
	if (gj)
		gate_json_cell(gj, cand->cell->name, base->cell->name, verdict);
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

/* a cell with no partner: said once, for every metric */
__attribute__((format(printf, 4, 5)))
static void unpaired(struct gate_json *gj, struct gate_count *cnt,
		     const char *cell, const char *fmt, ...)
{
	char why[GATE_WHY_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	printf("%-11s %s: %s\n", "CANNOT", cell, why);
	if (gj)
		gate_json_cell(gj, cell, NULL, GATE_CANNOT);
	cnt->cannot++;
}

/*
 * The row whose settings stand for the cell: its first ok run, since a
 * failed run lacks what only fio reports (iodepth).
 */
static size_t settings_row(const struct results *res, const struct results_cell *c)
{
	size_t i;

	for (i = 0; i < c->nrows; i++)
		if (results_row_ok(res, c->rows[i]))
			return c->rows[i];
	return c->rows[0];
}

/* each cell's key, stable across sweeps: what pairs the two sides */
static char **side_keys(const struct results *res, const struct results_idents *ids,
			const struct results_cell *cells, size_t n)
{
	size_t *rows = calloc(n ? n : 1, sizeof(*rows)), i;
	char **keys;

	if (!rows)
		return NULL;
	for (i = 0; i < n; i++)
		rows[i] = settings_row(res, &cells[i]);
	keys = gate_cell_keys(res, ids, rows, n);
	free(rows);
	return keys;
}

/*
 * The candidate cell of base cell i: the one of the same stable key, else
 * (a baseline from before meta.json named its devices) of the same name.
 */
static long pair_of(const struct gate_sweep *b, const struct gate_sweep *c,
		    size_t i, const bool *used)
{
	const struct results_cell *cc;
	long j = gate_key_find(c->keys, c->n, b->keys[i]);

	if (j >= 0 && !used[j])
		return j;
	cc = results_cell_find(c->cells, c->n, b->cells[i].name);
	j = cc ? cc - c->cells : -1;
	return j >= 0 && !used[j] ? j : -1;
}

static int gate_baseline(const struct gate_env *env, struct gate_json *gj,
			 const struct gate_sweep *b, const struct gate_sweep *c,
			 struct gate_count *cnt)
{
	bool *used = calloc(c->n ? c->n : 1, sizeof(*used));
	size_t i;
	long j;

	if (!used)
		return -ENOMEM;
	for (i = 0; i < b->n; i++) {
		struct gate_side base = { &b->res, &b->cells[i], "the baseline", NULL };
		struct gate_side cand = { &c->res, NULL, "the new sweep", NULL };

		j = pair_of(b, c, i, used);
		if (j < 0) {
			unpaired(gj, cnt, b->cells[i].name,
				 "in the baseline, not in %s", env->dir);
			continue;
		}
		used[j] = true;
		cand.cell = &c->cells[j];
		if (strcmp(cand.cell->name, base.cell->name))
			printf("gate: note: %s is the baseline's %s (%s)\n",
			       cand.cell->name, base.cell->name, c->keys[j]);
		tally(cnt, judge(env, gj, &base, &cand));
	}
	for (i = 0; i < c->n; i++) {
		if (!used[i]) {
			printf("NEW         %s: not in the baseline, not judged\n",
			       c->cells[i].name);
			cnt->unjudged_new++;
		}
	}
	free(used);
	return 0;
}

/* The cell at env->vs_val that differs from c only in env->vs_col. */
static const struct results_cell *vs_partner(const struct gate_env *env,
					     const struct results *res,
					     const struct results_cell *cells,
					     size_t n, const struct results_cell *c)
{
	const struct results_cell *found = NULL;
	char *key = results_cell_key(res, settings_row(res, c), env->vs_col);
	size_t i;

	for (i = 0; key && i < n && !found; i++) {
		size_t row = settings_row(res, &cells[i]);
		char *k;

		if (strcmp(results_get(res, row, env->vs_col), env->vs_val))
			continue;
		k = results_cell_key(res, row, env->vs_col);
		if (k && !strcmp(k, key) &&
		    results_cells_differ_once(c->name, cells[i].name))
			found = &cells[i];
		free(k);
	}
	free(key);
	return found;
}

static void gate_vs(const struct gate_env *env, struct gate_json *gj,
		    const struct results *res,
		    const struct results_cell *cells, size_t n,
		    const struct gate_adaptive *ad, struct gate_count *cnt)
{
	size_t i;
	int v;

	for (i = 0; i < n; i++) {
		const char *val = results_get(res, settings_row(res, &cells[i]),
					      env->vs_col);
		char bname[160], cname[160];
		struct gate_side base = { res, NULL, bname, NULL };
		struct gate_side cand = { res, &cells[i], cname, ad };

		if (!strcmp(val, env->vs_val))
			continue;
		snprintf(bname, sizeof(bname), "the %s=%s cell", env->vs_col,
			 env->vs_val);
		snprintf(cname, sizeof(cname), "the %s=%s cell", env->vs_col, val);
		base.cell = vs_partner(env, res, cells, n, &cells[i]);
		if (!base.cell) {
			unpaired(gj, cnt, cells[i].name,
				 "no %s=%s cell with the same settings",
				 env->vs_col, env->vs_val);
			continue;
		}
		v = judge(env, gj, &base, &cand);
		tally(cnt, v);
		if (v == GATE_CANNOT && gate_adaptive_futile(ad, cells[i].name))
			cnt->futile++;
	}
}

/*
 * The default metrics are what a sweep of this harness records; a result
 * directory from before cpu_per_io_us is gated on what it has, and says so.
 */
static int metrics_present(struct gate_env *env, struct results *res)
{
	int i, k;

	if (env->metrics_given)
		return results_require(res, env->metrics);
	for (i = k = 0; env->metrics[i]; i++) {
		if (results_col(res, env->metrics[i]) >= 0)
			env->metrics[k++] = env->metrics[i];
		else
			printf("gate: note: %s has no %s column; not gated on it\n",
			       res->path, env->metrics[i]);
	}
	env->metrics[k] = NULL;
	if (k)
		return 0;
	return results_require(res, (const char *const[]){ "iops", NULL });
}

static void sweep_free(struct gate_sweep *sw)
{
	gate_cell_keys_free(sw->keys, sw->n);
	results_cells_free(sw->cells, sw->n);
	results_idents_free(&sw->ids);
	results_free(&sw->res);
}

/*
 * A --vs value no run has is a typo or the wrong directory, not a sweep
 * whose every cell the gate cannot judge.
 */
static int vs_present(const struct gate_env *env, struct results *res)
{
	size_t r;

	for (r = 0; r < res->nrows; r++)
		if (!strcmp(results_get(res, r, env->vs_col), env->vs_val))
			return 0;
	snprintf(res->err, sizeof(res->err), "--vs %s=%s: no run in %s has %s %s",
		 env->vs_col, env->vs_val, res->path, env->vs_col, env->vs_val);
	return -EINVAL;
}

/* where: DIR, or for the baseline db:SPEC too */
static int read_sweep(struct gate_env *env, const char *where, int baseline,
		      struct gate_sweep *sw)
{
	struct results *res = &sw->res;
	int ret;

	memset(sw, 0, sizeof(*sw));
	if (!baseline && gate_db_spec(where)) {
		fprintf(stderr, "gate: %s: the sweep gated is a directory; a stored "
			"one goes in --baseline\n", where);
		return -EINVAL;
	}
	ret = gate_side_read(where, env->db, res, &sw->ids, sw->desc,
			     sizeof(sw->desc));
	if (ret)
		return ret;
	ret = results_require(res, (const char *const[]){ "engine", NULL });
	if (!ret && env->vs)
		ret = results_require(res, (const char *const[]){ env->vs_col, NULL }) ?:
		      vs_present(env, res);
	if (!ret)
		ret = metrics_present(env, res);
	if (ret) {
		fprintf(stderr, "gate: %s\n", res->err);
		sweep_free(sw);
		return ret;
	}
	ret = results_cells(res, &sw->cells, &sw->n);
	if (!ret && env->baseline) {
		sw->keys = side_keys(res, &sw->ids, sw->cells, sw->n);
		ret = sw->keys ? 0 : -ENOMEM;
	}
	if (ret) {
		fprintf(stderr, "gate: %s: %s\n", where, strerror(-ret));
		sweep_free(sw);
	}
	return ret;
}

static void print_summary(const struct gate_env *env,
			  const struct gate_count *cnt,
			  const struct gate_adaptive *ad, int status)
{
	unsigned int n = cnt->pass + cnt->regression + cnt->cannot;
	char futile[80] = "";
	int i;

	/* more runs will not decide these: not worth a rerun of the sweep */
	if (cnt->futile)
		snprintf(futile, sizeof(futile), " (%u stopped as futile by the "
			 "sweep's --adaptive %d)", cnt->futile, ad->budget);
	printf("gate: %u compared: %u pass, %u regression, %u cannot judge%s%s; judged %.0f%%; metric",
	       n, cnt->pass, cnt->regression, cnt->cannot, futile,
	       cnt->unjudged_new ? " (new cells not judged)" : "",
	       n ? 100.0 * (cnt->pass + cnt->regression) / n : 0.0);
	for (i = 0; env->metrics[i]; i++)
		printf("%s%s", i ? "," : " ", env->metrics[i]);
	printf(", max-drop %.1f%%, confidence %.0f%%, min-runs %zu: %s\n",
	       100 * env->max_drop, 100 * env->confidence, env->min_runs,
	       status == GATE_PASS ? "PASS" :
	       status == GATE_REGRESSION ? "REGRESSION" :
	       n ? "CANNOT JUDGE" : "CANNOT JUDGE (no cells to compare)");
}

/*
 * Where both sweeps recorded a setting as found (their devices' queue/,
 * the kernel command line, the system settings, the kernel config), what
 * differs: a figure that moved with one of them may be the setting's,
 * not the change under test's.
 */
static void settings_note(struct gate_json *gj, const struct gate_sweep *b,
			  const struct gate_sweep *c)
{
	static const char *const what[TREND_NSETTINGS] = {
		"queue/ settings differ", "the kernel command line differs",
		"system settings differ", "kernel config options differ",
	};
	char *sb = results_idents_settings(&b->ids);
	char *sc = results_idents_settings(&c->ids), diff[2048];
	int k;

	for (k = 0; sb && sc && k < TREND_NSETTINGS; k++) {
		if (!*trend_settings_diff(k, sb, sc, diff, sizeof(diff)))
			continue;
		printf("gate: note: %s from the baseline's: %s\n", what[k], diff);
		gate_json_settings_diff(gj, k, diff);
	}
	free(sb);
	free(sc);
}

int cmd_gate(int argc, char **argv)
{
	struct gate_env env = {
		.max_drop = STATS_MAX_DROP_PCT / 100.0,
		.confidence = 0.95,
		.min_runs = 5,
		.metrics = { "iops", "cpu_per_io_us", NULL },
	};
	struct gate_sweep cand, base;
	struct gate_count cnt = { 0 };
	/* --vs only: a --baseline gate pairs cells the repeats never did */
	struct gate_adaptive ad = { 0 };
	struct gate_json *gj;
	int status, ret = 0;

	if (parse_args(argc, argv, &env))
		return GATE_BAD_ARGS;
	if (read_sweep(&env, env.dir, 0, &cand))
		return GATE_BAD_ARGS;
	if (env.baseline && read_sweep(&env, env.baseline, 1, &base)) {
		sweep_free(&cand);
		return GATE_BAD_ARGS;
	}
	gj = gate_json_new(env.dir, env.baseline, env.vs, env.metrics,
			   env.max_drop, env.confidence, env.min_runs);
	if (env.baseline) {
		printf("gate: %s (kernel %s) against baseline %s (kernel %s)\n",
		       env.dir, cand.res.nrows ? results_get(&cand.res, 0, "kernel") : "?",
		       base.desc, base.res.nrows ? results_get(&base.res, 0, "kernel") : "?");
		settings_note(gj, &base, &cand);
		ret = gate_baseline(&env, gj, &base, &cand, &cnt);
		sweep_free(&base);
	} else {
		printf("gate: %s, each cell against its %s=%s cell\n",
		       env.dir, env.vs_col, env.vs_val);
		gate_adaptive_read(env.dir, env.vs_col, env.vs_val, &ad);
		gate_vs(&env, gj, &cand.res, cand.cells, cand.n, &ad, &cnt);
	}

	if (cnt.regression)
		status = GATE_REGRESSION;
	else if (cnt.cannot || !cnt.pass)
		status = GATE_CANNOT;
	else
		status = GATE_PASS;
	print_summary(&env, &cnt, &ad, status);
	gate_adaptive_free(&ad);
	if (!ret)
		ret = gj ? gate_json_write(gj, env.json, cnt.pass, cnt.regression,
					   cnt.cannot, cnt.futile, cnt.unjudged_new,
					   status) : -ENOMEM;
	if (ret) {
		fprintf(stderr, "gate: cannot write %s: %s\n", env.json,
			strerror(-ret));
		status = GATE_BAD_ARGS;
	}
	gate_json_free(gj);
	sweep_free(&cand);
	return status;
}
