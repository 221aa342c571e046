// SPDX-License-Identifier: GPL-2.0
/*
 * adaptive_futility: what stopping futile pairs saves and what it costs
 * (make bench-adaptive), measured on synthetic pairs side by side.
 *
 * Each trial is one pair of cells, a base and a candidate whose IOPS are
 * lower by a true loss of 0% to 10%, run as `make bench` runs them: 5
 * planned rounds, then up to 12 adaptive ones, judged at the gate's 5%.
 * Each round has a level shared by both cells (log-normal, SD 3%: the
 * machine drifting, which pairing by round takes out) and each run its
 * own noise (log-normal, CV 2% or 4%).  The same draws are run twice:
 * spending the budget on every undecided pair (--adaptive-full) and
 * stopping the futile ones (the default).  Per loss and CV the table
 * gives the extra runs a pair took, the share the gate decided at the end,
 * decisions lost (decided in full, not when stopped) and verdicts that
 * differ (PASS in one, REGRESSION in the other); a last line says whether
 * the target holds (TARGET_RUNS, TARGET_LOST, no verdict differing).
 *
 * Usage: adaptive_futility [SEED [TRIALS]]
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "sweep/adaptive.h"

#define PLANNED 5
#define BUDGET 12
#define ROUNDS (PLANNED + BUDGET)
#define MAX_DROP 0.05
#define DRIFT_SD 0.03
/* what stopping may cost at most: share of the runs, of decisions lost */
#define TARGET_RUNS 0.80
#define TARGET_LOST 0.02

static const double losses[] = { 0, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.10 };
static const double run_cv[] = { 0.02, 0.04 };
#define NLOSS (sizeof(losses) / sizeof(losses[0]))
#define NCV (sizeof(run_cv) / sizeof(run_cv[0]))

struct outcome {
	int extra;		/* adaptive runs of both cells */
	enum stats_verdict verdict;
};

/* one run of cell ci in round rep, noted as the sweep notes it */
static int run(struct adaptive *a, const double v[2][ROUNDS], int ci, int rep,
	       double got[2][ROUNDS], int rep_of[2][ROUNDS], int *n)
{
	struct result_row r;

	result_row_init(&r);
	strcpy(r.status, "ok");
	r.repeat = rep;
	r.iops = v[ci][rep - 1];
	got[ci][n[ci]] = r.iops;
	rep_of[ci][n[ci]++] = rep;
	return adaptive_note(a, ci, &r);
}

/* the cells' values v[cell][round], run as a sweep with the budget and rule */
static int replay(const double v[2][ROUNDS], int full, struct outcome *o)
{
	static const char *const metric[] = { "iops" };
	int rep_of[2][ROUNDS], n[2] = { 0, 0 }, ci, rep, ret;
	double got[2][ROUNDS];
	struct stats_judgement j;
	struct adaptive a;

	ret = adaptive_init(&a, 2, BUDGET, 0.02, MAX_DROP);
	if (!ret)
		ret = adaptive_metrics(&a, metric, 1);
	if (ret)
		goto out;
	a.full = full;
	adaptive_pair(&a, 1, 0);
	for (rep = 1; rep <= PLANNED && !ret; rep++)
		for (ci = 0; ci < 2 && !ret; ci++)
			ret = run(&a, v, ci, rep, got, rep_of, n);
	while (!ret && (ci = adaptive_next(&a, PLANNED, &rep)) >= 0)
		ret = run(&a, v, ci, rep, got, rep_of, n);
	if (ret)
		goto out;
	o->extra = a.extra_runs;
	o->verdict = stats_judge_rounds(got[0], rep_of[0], n[0], got[1],
					rep_of[1], n[1], ADAPTIVE_MIN_RUNS, 0,
					MAX_DROP, STATS_LEVEL, &j) ?
		     STATS_CANNOT : j.verdict;
out:
	adaptive_free(&a);
	return ret;
}

int main(int argc, char **argv)
{
	uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : STATS_SEED;
	int trials = argc > 2 ? atoi(argv[2]) : 200;
	long extra[2], decided[2], lost, differ;
	long all_extra[2] = { 0, 0 }, all_lost = 0, all_differ = 0, total;
	double share;
	double v[2][ROUNDS];
	struct stats_rng rng;
	struct outcome o[2];
	size_t l, c;
	int t, k, i, m;

	if (trials < 1) {
		fprintf(stderr, "adaptive_futility: TRIALS must be >= 1\n");
		return 2;
	}
	stats_rng_seed(&rng, seed);
	printf("adaptive repeats on synthetic pairs: %d planned + up to %d runs, "
	       "gate at %.0f%%, %d trials each (seed %" PRIu64 ")\n",
	       PLANNED, BUDGET, 100 * MAX_DROP, trials, seed);
	printf("%-6s %-5s  %-17s  %-17s  %-6s  %s\n", "loss", "cv",
	       "extra runs/pair", "decided", "lost", "differ");
	printf("%-6s %-5s  %-8s %-8s  %-8s %-8s\n", "", "", "full", "stop", "full", "stop");
	for (c = 0; c < NCV; c++) {
		for (l = 0; l < NLOSS; l++) {
			memset(extra, 0, sizeof(extra));
			memset(decided, 0, sizeof(decided));
			lost = differ = 0;
			for (t = 0; t < trials; t++) {
				for (k = 0; k < ROUNDS; k++) {
					double lvl = 1e5 * stats_rng_lognormal(&rng, DRIFT_SD);

					for (i = 0; i < 2; i++)
						v[i][k] = lvl * (i ? 1 - losses[l] : 1) *
							  stats_rng_lognormal(&rng, run_cv[c]);
				}
				for (m = 0; m < 2; m++) {
					if (replay(v, !m, &o[m])) {
						fprintf(stderr, "adaptive_futility: out of memory\n");
						return 1;
					}
					extra[m] += o[m].extra;
					decided[m] += o[m].verdict != STATS_CANNOT;
				}
				lost += o[0].verdict != STATS_CANNOT &&
					o[1].verdict == STATS_CANNOT;
				differ += o[0].verdict != STATS_CANNOT &&
					  o[1].verdict != STATS_CANNOT &&
					  o[0].verdict != o[1].verdict;
			}
			printf("%4.0f%%  %3.0f%%   %-8.1f %-8.1f  %5.1f%%   %5.1f%%   %5.1f%%  %ld\n",
			       100 * losses[l], 100 * run_cv[c],
			       (double)extra[0] / trials, (double)extra[1] / trials,
			       100.0 * decided[0] / trials, 100.0 * decided[1] / trials,
			       100.0 * lost / trials, differ);
			for (m = 0; m < 2; m++)
				all_extra[m] += extra[m];
			all_lost += lost;
			all_differ += differ;
		}
	}
	total = (long)trials * NLOSS * NCV;
	share = all_extra[0] ? (double)all_extra[1] / all_extra[0] : 0;
	printf("all: stopping futile pairs ran %.1f%% of the adaptive runs of "
	       "spending the budget; %ld of %ld decisions lost, %ld verdicts differ\n",
	       100 * share, all_lost, total, all_differ);
	printf("target: at most %.0f%% of the runs, %.0f%% of decisions lost, "
	       "no verdict differing: %s\n", 100 * TARGET_RUNS, 100 * TARGET_LOST,
	       share <= TARGET_RUNS && all_lost <= TARGET_LOST * total &&
	       !all_differ ? "met" : "MISSED");
	return 0;
}
