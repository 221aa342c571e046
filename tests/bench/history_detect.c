// SPDX-License-Identifier: GPL-2.0
/*
 * history_detect: how good `history detect`'s change-point detector is,
 * measured on synthetic series (make bench-history).
 *
 * Each series has 30 sweeps of 9 runs.  Noise comes at two levels, as real
 * sweeps have it: each run is log-normal about its sweep's level with a
 * coefficient of variation of 2%, 5% or 10%, and each sweep's level is
 * itself log-normal about the series' with an SD of 0%, 2% or 5% (a
 * device's rate wanders between sweeps an hour apart).  Per noise setting,
 * 100 series each carry a drop of 3%, 5%, 10% or 20% from a sweep drawn
 * uniformly among those leaving the detector's minimum segment either
 * side, and 100 series carry none.  The table gives the recall (a change
 * point within one sweep of the planted one), the other change points
 * those series drew, and the change points found in the null series.
 *
 * Usage: history_detect [SEED [SERIES [P]]]
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib/changepoint.h"
#include "lib/stats.h"

#define SWEEPS 30
#define RUNS 9

static const double run_cv[] = { 0.02, 0.05, 0.10 };
static const double sweep_sd[] = { 0.0, 0.02, 0.05 };
static const double shifts[] = { 0.03, 0.05, 0.10, 0.20 };
#define NCV (sizeof(run_cv) / sizeof(run_cv[0]))
#define NSD (sizeof(sweep_sd) / sizeof(sweep_sd[0]))
#define NSHIFT (sizeof(shifts) / sizeof(shifts[0]))

/* one series; at >= 1 the sweeps from @at on are lower by @shift */
static void series(struct stats_rng *rng, double cv, double sd, double shift,
		   size_t at, double v[SWEEPS][RUNS], struct cp_sweep *s)
{
	size_t i, j;

	for (i = 0; i < SWEEPS; i++) {
		double level = 100000 * stats_rng_lognormal(rng, sd);

		if (at && i >= at)
			level *= 1 - shift;
		for (j = 0; j < RUNS; j++)
			v[i][j] = level * stats_rng_lognormal(rng, cv);
		s[i].v = v[i];
		s[i].n = RUNS;
		s[i].setup = NULL;
	}
}

int main(int argc, char **argv)
{
	uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : STATS_SEED;
	int nseries = argc > 2 ? atoi(argv[2]) : 100;
	static double v[SWEEPS][RUNS];
	struct cp_sweep s[SWEEPS];
	struct cp_params par;
	struct stats_rng rng;
	size_t a, b, k;
	int i, worst_null = 0;

	cp_params_default(&par);
	if (argc > 3)
		par.p = strtod(argv[3], NULL);
	stats_rng_seed(&rng, seed);
	printf("history detect on %d series of %d sweeps x %d runs per cell; "
	       "p %.3g, %u permutations, min segment %zu sweeps, seed %#" PRIx64 "\n",
	       nseries, SWEEPS, RUNS, par.p, par.permutations, par.min_seg, seed);
	printf("recall: planted drop found within +-1 sweep, of %d; extra: other "
	       "change points in those series; null: change points in %d series "
	       "without a drop\n\n", nseries, nseries);
	printf("%-7s %-8s", "run-cv", "sweep-sd");
	for (k = 0; k < NSHIFT; k++)
		printf(" %4.0f%%:recall/extra", shifts[k] * 100);
	printf(" %6s\n", "null");
	for (a = 0; a < NCV; a++) {
		for (b = 0; b < NSD; b++) {
			int nul = 0;

			printf("%5.0f%%  %6.0f%%  ", run_cv[a] * 100, sweep_sd[b] * 100);
			for (k = 0; k < NSHIFT; k++) {
				int found = 0, extra = 0;

				for (i = 0; i < nseries; i++) {
					size_t at = par.min_seg +
						stats_rng_below(&rng, SWEEPS - 2 * par.min_seg + 1);
					struct cp_result res;
					size_t j;
					int hit = 0;

					series(&rng, run_cv[a], sweep_sd[b], shifts[k], at, v, s);
					if (cp_detect(s, SWEEPS, &par, &res)) {
						fprintf(stderr, "cp_detect failed\n");
						return 2;
					}
					for (j = 0; j < res.npts; j++) {
						long d = (long)res.pts[j].after - (long)at;

						if (!hit && d >= -1 && d <= 1)
							hit = 1;
						else
							extra++;
					}
					found += hit;
					cp_result_free(&res);
				}
				printf(" %12d/%-6d", found, extra);
			}
			for (i = 0; i < nseries; i++) {
				struct cp_result res;

				series(&rng, run_cv[a], sweep_sd[b], 0, 0, v, s);
				if (cp_detect(s, SWEEPS, &par, &res)) {
					fprintf(stderr, "cp_detect failed\n");
					return 2;
				}
				nul += (int)res.npts;
				cp_result_free(&res);
			}
			if (nul > worst_null)
				worst_null = nul;
			printf(" %6d\n", nul);
		}
	}
	printf("\nmost change points in %d null series at one setting: %d\n",
	       nseries, worst_null);
	return 0;
}
