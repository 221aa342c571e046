// SPDX-License-Identifier: GPL-2.0
/*
 * history_detect.c: `history detect`, the change points of every cell and
 * metric over the stored sweeps, with the setup changes under them, and an
 * exit status for CI: 1 when a regression is among the newest sweeps.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/history.h"
#include "cli/history_detect_json.h"
#include "lib/interval_text.h"
#include "lib/stats.h"
#include "lib/strlist.h"
#include "report/trend.h"
#include "report/trend_report.h"

#define DETECT_METRICS "iops,cpu_per_io_us,read_clat_p50_us,read_clat_p99_us"
/*
 * A change point shows at the earliest a minimum segment after it, and
 * may need a few more sweeps: the default keeps it flagged meanwhile.
 */
#define DETECT_SINCE (2 * CP_MIN_SEG)

static void usage(FILE *f, int report)
{
	if (report) {
		fprintf(f,
"Usage: fioring-bench history report --out DIR [--db FILE] [--metric LIST]\n"
"                                    [--cell KEY] [--p P] [--permutations N]\n"
"                                    [--seed S]\n"
"DIR/report.html and report.md: per cell and metric a plot of each sweep's\n"
"median with its interval over the stored sweeps, the change points of\n"
"history detect (same options) and the setup changes marked.\n");
		return;
	}
	fprintf(f,
"Usage: fioring-bench history detect [--db FILE] [--metric LIST] [--cell KEY]\n"
"                                    [--since N] [--p P] [--permutations N]\n"
"                                    [--seed S] [--json FILE]\n"
"Change points of each cell and metric over the stored sweeps, oldest first:\n"
"E-divisive means over each sweep's level with a permutation test over\n"
"sweeps, each confirmed by the runs' Hodges-Lehmann shift and its interval.\n"
"\n"
"  --metric LIST      results.csv columns (default " DETECT_METRICS ")\n"
"  --cell KEY         only cells whose key contains KEY (repeatable)\n"
"  --since N          exit 1 for a regression in the last N sweeps (default %d)\n"
"  --p P              significance of the permutation test (default %g)\n"
"  --permutations N   at least 1/P - 1 (default %d)\n"
"  --seed S           of the permutations (default %#llx)\n"
"  --json FILE        also write what it prints as JSON to FILE\n"
"\n"
"Exit: 0 no regression, 1 a regression within --since that no ack covers\n"
"(history ack), 2 bad arguments, 3 no series with enough sweeps to judge.\n",
		DETECT_SINCE, CP_P, CP_PERMUTATIONS,
		(unsigned long long)STATS_SEED);
}

struct detect_env {
	int report;		/* history report: --out, no --since */
	const char *db, *out;
	const char *json;	/* detect: --json FILE */
	struct strlist metrics, cells;
	int metrics_given;	/* --metric, not the default list */
	int since;
	struct cp_params par;
};

/* which of the two commands is parsing, for its error lines */
static const char *cmd_name = "history detect";

static int bad(const char *opt, const char *val, const char *want)
{
	fprintf(stderr, "fioring-bench %s: %s '%s': %s\n", cmd_name, opt, val,
		want);
	return 2;
}

static int parse(int argc, char **argv, struct detect_env *env)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "metric", required_argument, NULL, 'm' },
		{ "cell", required_argument, NULL, 'c' },
		{ "since", required_argument, NULL, 's' },
		{ "p", required_argument, NULL, 'p' },
		{ "permutations", required_argument, NULL, 'P' },
		{ "seed", required_argument, NULL, 'S' },
		{ "out", required_argument, NULL, 'o' },
		{ "json", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *why;
	char *end;
	int c, v;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			env->db = optarg;
			break;
		case 'm':
			strlist_free(&env->metrics);
			env->metrics_given = 1;
			if (strlist_split(&env->metrics, optarg) || !env->metrics.nr)
				return bad("--metric", optarg, "a comma-separated list of results.csv columns");
			break;
		case 'c':
			if (strlist_add(&env->cells, optarg))
				return 1;
			break;
		case 's':
			if (parse_int(optarg, 1, 1000000, &env->since))
				return bad("--since", optarg, "a number of sweeps, at least 1");
			break;
		case 'p':
			errno = 0;
			env->par.p = strtod(optarg, &end);
			if (errno || end == optarg || *end ||
			    !(env->par.p > 0 && env->par.p < 1))
				return bad("--p", optarg, "a probability in (0, 1)");
			break;
		case 'P':
			if (parse_int(optarg, 1, 1000000, &v))
				return bad("--permutations", optarg, "a number in [1, 1000000]");
			env->par.permutations = (unsigned int)v;
			break;
		case 'o':
			if (!env->report) {
				fprintf(stderr, "fioring-bench history detect: unknown option --out (see --help)\n");
				return 2;
			}
			/* "" would put the plots in /plots */
			if (!*optarg)
				return bad("--out", optarg, "a directory");
			env->out = optarg;
			break;
		case 'j':
			if (env->report) {
				fprintf(stderr, "fioring-bench history report: unknown option --json (see --help)\n");
				return 2;
			}
			if (!*optarg)
				return bad("--json", optarg, "a file");
			env->json = optarg;
			break;
		case 'S':
			errno = 0;
			env->par.seed = strtoull(optarg, &end, 0);
			if (errno || end == optarg || *end)
				return bad("--seed", optarg, "an unsigned integer");
			break;
		case 'h':
			usage(stdout, env->report);
			return -1;
		default:
			cli_bad_option(cmd_name, c, argv);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "fioring-bench %s: unexpected argument '%s'\n",
			cmd_name, argv[optind]);
		return 2;
	}
	if (cp_params_check(&env->par, &why)) {
		fprintf(stderr, "fioring-bench %s: --p %g with %u "
			"permutations: %s\n", cmd_name, env->par.p,
			env->par.permutations, why);
		return 2;
	}
	return 0;
}

static int cell_selected(const struct detect_env *env, const char *key)
{
	int i;

	if (!env->cells.nr)
		return 1;
	for (i = 0; i < env->cells.nr; i++)
		if (strstr(key, env->cells.v[i]))
			return 1;
	return 0;
}

/* "id 12 [commit=abc]" of the series' k-th sweep */
static const char *sweep_name(const struct trend_series *ts,
			      const struct store_sweep *sw, size_t k, char *buf,
			      size_t len)
{
	char lab[512];
	const struct store_sweep *s = &sw[ts->sweep[k]];

	snprintf(buf, len, "sweep %lld [%s]", s->id, trend_labels(s, lab, sizeof(lab)));
	return buf;
}

/* what detect says of change point k of ts, into *v */
static void view_point(const struct detect_env *env,
		       const struct trend_series *ts, size_t k, size_t nsw,
		       struct detect_point *v)
{
	const struct cp_point *pt = &ts->res.pts[k];

	memset(v, 0, sizeof(*v));
	v->regression = trend_is_regression(ts, pt);
	v->recent = ts->sweep[pt->after] + (size_t)env->since >= nsw;
	v->held = ts->ack[k] && trend_ack_holds(ts->ack[k], pt);
	v->verdict = v->regression ? "REGRESSION" :
		     (ts->lower_better ? pt->hi < 1 : pt->lo > 1) ? "improvement" :
		     "change";
	if (pt->setup_change >= 0) {
		v->setup_at = (size_t)pt->setup_change == pt->after ? "at" : "next to";
		trend_setup_diff(ts->cs[pt->setup_change - 1].setup,
				 ts->cs[pt->setup_change].setup, v->setup,
				 sizeof(v->setup));
	}
}

/* the series' lines; pts gets each change point's view (ts->res.npts) */
static void print_series(const struct detect_env *env,
			 const struct trend_series *ts,
			 const struct store_sweep *sw, size_t nsw,
			 struct detect_count *cnt, struct detect_point *pts)
{
	char a[640], b[640], diff[128], set[1024], ci[64], ack[400];
	size_t k, i;
	int j;

	for (i = 0; i < cnt->nacks; i++)
		cnt->ack_scope[i] |= trend_ack_applies(&cnt->acks[i], ts->cell, ts->metric);
	printf("  %s: %zu sweeps", ts->metric, ts->n);
	if (!ts->res.nsetup) {
		printf(", one setup\n");
	} else {
		printf(", %zu setups (searched across, no shift pools two):\n",
		       ts->res.nsetup + 1);
		for (k = 0; k < ts->res.nsetup; k++) {
			i = ts->res.setup_changes[k];

			printf("    setup change: %s -> %s: %s\n",
			       sweep_name(ts, sw, i - 1, a, sizeof(a)),
			       sweep_name(ts, sw, i, b, sizeof(b)),
			       trend_setup_diff(ts->cs[i - 1].setup,
						ts->cs[i].setup, diff,
						sizeof(diff)));
			for (j = 0; j < TREND_NSETTINGS; j++)
				if (*trend_settings_diff(j, ts->cs[i - 1].setup,
							 ts->cs[i].setup, set,
							 sizeof(set)))
					printf("      %s: %s\n", trend_settings[j], set);
		}
	}
	if (!ts->judged) {
		printf("    too few sweeps to judge: %zu, at least %zu needed at p %g\n",
		       ts->n, cp_min_sweeps(&env->par), env->par.p);
		if (ts->n > cnt->short_max)
			cnt->short_max = ts->n;
		return;
	}
	cnt->judged++;
	if (!ts->res.npts)
		printf("    no change point\n");
	for (k = 0; k < ts->res.npts; k++) {
		const struct cp_point *pt = &ts->res.pts[k];
		struct detect_point *v = &pts[k];

		view_point(env, ts, k, nsw, v);
		interval_text(ci, sizeof(ci), pt->lo, pt->hi, 1, 3, false);
		printf("    change point: %s -> %s: x%.3f %s (%+.1f%%) "
		       "over sweeps %lld-%lld | %lld-%lld, p %.3g: %s",
		       sweep_name(ts, sw, pt->before, a, sizeof(a)),
		       sweep_name(ts, sw, pt->after, b, sizeof(b)),
		       pt->shift, ci, (pt->shift - 1) * 100,
		       sw[ts->sweep[pt->seg_from]].id, sw[ts->sweep[pt->before]].id,
		       sw[ts->sweep[pt->after]].id, sw[ts->sweep[pt->seg_to - 1]].id,
		       pt->p, v->verdict);
		if (v->regression && v->recent)
			printf(", within the last %d sweeps", env->since);
		if (v->setup_at)
			printf("; %s the setup change (%s)", v->setup_at, v->setup);
		if (ts->ack[k]) {
			printf("; %s", trend_ack_text(ts->ack[k], pt, ack, sizeof(ack)));
			/* ts->ack[] points into the list detect() read */
			cnt->ack_used[ts->ack[k] - cnt->acks] = 1;
		}
		putchar('\n');
		cnt->points++;
		cnt->regressions += v->regression;
		cnt->recent += v->regression && v->recent;
		cnt->recent_acked += v->regression && v->recent && v->held;
	}
}

/*
 * The acks that apply to a series shown but cover none of its change
 * points: a sweep mistyped, or a change the detector no longer finds.
 */
static void print_idle_acks(const struct store_sweep *sw, size_t nsw,
			    const struct detect_count *cnt)
{
	char lab[512];
	size_t i, x;

	for (i = 0; i < cnt->nacks; i++) {
		const struct store_ack *a = &cnt->acks[i];

		if (!cnt->ack_scope[i] || cnt->ack_used[i])
			continue;
		x = trend_sweep_index(sw, nsw, a->sweep_id);
		printf("ack %lld at sweep %lld [%s]: no change point found there (%s)\n",
		       a->id, a->sweep_id,
		       x < nsw ? trend_labels(&sw[x], lab, sizeof(lab)) : "-", a->why);
	}
}

static int detect(struct store *st, const struct detect_env *env)
{
	struct detect_count cnt = { 0 };
	struct store_sweep *sw = NULL;
	struct store_ack *acks = NULL;
	size_t nsw = 0, nkeys = 0, nacks = 0, i, with_values = 0;
	json_object *doc = NULL;
	char **keys = NULL;
	int m, ret = 1, any_cell = 0, *seen = NULL;

	if (store_sweeps(st, &sw, &nsw) || store_cells(st, &keys, &nkeys) ||
	    store_acks(st, &acks, &nacks)) {
		fprintf(stderr, "fioring-bench history detect: %s\n", store_error(st));
		goto out;
	}
	seen = calloc((size_t)env->metrics.nr, sizeof(*seen));
	cnt.acks = acks;
	cnt.nacks = nacks;
	cnt.ack_scope = calloc(nacks + 1, sizeof(int));
	cnt.ack_used = calloc(nacks + 1, sizeof(int));
	if (env->json)
		doc = detect_json_new(store_db_path(env->db), nsw, &env->par, env->since);
	if (!seen || !cnt.ack_scope || !cnt.ack_used || (env->json && !doc))
		goto out;
	printf("history detect: %zu sweeps; p %g, %u permutations, seed %#" PRIx64
	       ", minimum segment %zu sweeps; regressions within the last %d sweeps\n",
	       nsw, env->par.p, env->par.permutations, env->par.seed,
	       env->par.min_seg, env->since);
	for (i = 0; i < nkeys; i++) {
		if (!cell_selected(env, keys[i]))
			continue;
		any_cell = 1;
		printf("cell %s\n", keys[i]);
		for (m = 0; m < env->metrics.nr; m++) {
			struct detect_point *pts;
			struct trend_series ts;

			if (trend_load(st, sw, nsw, acks, nacks, keys[i],
				       env->metrics.v[m], &env->par, &ts)) {
				fprintf(stderr, "fioring-bench history detect: %s: %s\n",
					keys[i], store_error(st));
				goto out;
			}
			pts = calloc(ts.res.npts + 1, sizeof(*pts));
			if (!pts) {
				trend_free(&ts);
				goto out;
			}
			if (ts.n) {
				seen[m] = 1;
				cnt.series++;
				print_series(env, &ts, sw, nsw, &cnt, pts);
				detect_json_series(doc, &ts, sw, pts);
			} else {
				printf("  %s: no values\n", ts.metric);
			}
			free(pts);
			trend_free(&ts);
		}
	}
	ret = 2;
	if (!any_cell) {
		fprintf(stderr, "fioring-bench history detect: no cell key contains %s%s\n",
			env->cells.nr ? env->cells.v[0] : "anything",
			env->cells.nr > 1 ? " (nor the other --cell)" : "");
		goto out;
	}
	/* a default metric the jobs do not have (no reads) is no error */
	for (m = 0; m < env->metrics.nr; m++) {
		if (seen[m] || !env->metrics_given)
			with_values++;
		else
			fprintf(stderr, "fioring-bench history detect: no stored run has "
				"a value of '%s'\n", env->metrics.v[m]);
	}
	if (with_values < (size_t)env->metrics.nr)
		goto out;
	print_idle_acks(sw, nsw, &cnt);
	printf("summary: %zu series, %zu judged, %zu change points, %zu regressions, "
	       "%zu within the last %d sweeps, %zu of them acknowledged\n",
	       cnt.series, cnt.judged, cnt.points, cnt.regressions, cnt.recent,
	       env->since, cnt.recent_acked);
	if (cnt.recent > cnt.recent_acked) {
		ret = 1;
	} else if (!cnt.judged) {
		printf("too few sweeps to judge: the longest series has %zu, at least "
		       "%zu are needed at p %g\n", cnt.short_max,
		       cp_min_sweeps(&env->par), env->par.p);
		ret = 3;
	} else {
		ret = 0;
	}
	if (doc && detect_json_write(doc, env->json, &cnt, ret)) {
		fprintf(stderr, "fioring-bench history detect: cannot write %s: %s\n",
			env->json, strerror(errno));
		ret = 2;
	}
out:
	json_object_put(doc);
	free(seen);
	free(cnt.ack_scope);
	free(cnt.ack_used);
	store_acks_free(acks, nacks);
	if (keys)
		store_cells_free(keys, nkeys);
	if (sw)
		store_sweeps_free(sw, nsw);
	return ret;
}

int history_detect(int argc, char **argv)
{
	struct detect_env env = { .since = DETECT_SINCE };
	struct store *st;
	int ret;

	cp_params_default(&env.par);
	ret = parse(argc, argv, &env);
	if (!ret && !env.metrics.nr && strlist_split(&env.metrics, DETECT_METRICS))
		ret = 1;
	if (ret)
		goto out;
	ret = history_open("history detect", env.db, 0, &st);
	if (ret)
		goto out;
	ret = detect(st, &env);
	store_close(st);
out:
	strlist_free(&env.metrics);
	strlist_free(&env.cells);
	return ret < 0 ? 0 : ret;
}

/* the keys --cell selects, into a list */
static int selected_cells(struct store *st, const struct detect_env *env,
			  struct strlist *out)
{
	char **keys;
	size_t n, i;
	int ret = 0;

	if (store_cells(st, &keys, &n))
		return -EIO;
	for (i = 0; i < n && !ret; i++)
		if (cell_selected(env, keys[i]))
			ret = strlist_add(out, keys[i]);
	store_cells_free(keys, n);
	return ret;
}

int history_report(int argc, char **argv)
{
	struct detect_env env = { .report = 1 };
	struct strlist cells = { 0 };
	struct store *st = NULL;
	size_t nplots;
	int ret;

	cmd_name = "history report";
	cp_params_default(&env.par);
	ret = parse(argc, argv, &env);
	if (!ret && !env.metrics.nr && strlist_split(&env.metrics, DETECT_METRICS))
		ret = 1;
	if (!ret && !env.out) {
		fprintf(stderr, "fioring-bench history report: --out DIR is required\n");
		ret = 2;
	}
	if (ret)
		goto out;
	ret = history_open("history report", env.db, 0, &st);
	if (ret)
		goto out;
	ret = 1;
	if (selected_cells(st, &env, &cells)) {
		fprintf(stderr, "fioring-bench history report: %s\n", store_error(st));
		goto out;
	}
	if (!cells.nr) {
		fprintf(stderr, "fioring-bench history report: no cell key contains %s\n",
			env.cells.nr ? env.cells.v[0] : "anything");
		ret = 2;
		goto out;
	}
	if (trend_report(st, env.out, cells.v, (size_t)cells.nr, env.metrics.v,
			 (size_t)env.metrics.nr, &env.par, &nplots)) {
		fprintf(stderr, "fioring-bench history report: could not write %s/report.html\n",
			env.out);
		goto out;
	}
	printf("history report: %zu plots of %d cells in %s/report.html and report.md\n",
	       nplots, cells.nr, env.out);
	ret = 0;
out:
	if (st)
		store_close(st);
	strlist_free(&cells);
	strlist_free(&env.metrics);
	strlist_free(&env.cells);
	return ret < 0 ? 0 : ret;
}
