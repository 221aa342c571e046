// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c: checks harness/stats.c against values worked out by hand (in the
 * comments) and textbook properties: medians, CV, exact and approximate
 * Mann-Whitney p-values, that the bootstrap interval is reproducible,
 * brackets its estimate and separates samples that really differ, and the
 * gate's three-way verdict on fixed and on seeded random samples of known
 * truth (A/A, a 10% drop, a 10% cost rise, wide noise), and the paired
 * signed-rank interval and verdict under drift.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "lib/stats.h"

static int failures;

#define N(x) (sizeof(x) / sizeof((x)[0]))

static void near(const char *what, double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol)) {
		printf("FAIL: %s: got %.9g, want %.9g (+-%g)\n", what, got, want, tol);
		failures++;
	}
}

static void check(const char *what, int ok)
{
	if (!ok) {
		printf("FAIL: %s\n", what);
		failures++;
	}
}

static void test_median_cv(void)
{
	const double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };
	/* mean 5, squares of deviations 32, sample sd sqrt(32/7) */
	const double sd[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	const double sorted[] = { 10, 20, 30, 40, 50 };

	near("median odd", stats_median(odd, N(odd)), 3, 0);
	near("median even", stats_median(even, N(even)), 2.5, 0);
	check("median of nothing is NAN", isnan(stats_median(odd, 0)));
	near("odd input untouched", odd[0], 5, 0);
	near("cv", stats_cv(sd, N(sd)), sqrt(32.0 / 7) / 5, 1e-12);
	check("cv of one value is NAN", isnan(stats_cv(sd, 1)));
	near("p25", stats_quantile_sorted(sorted, 5, 0.25), 20, 1e-12);
	near("p90", stats_quantile_sorted(sorted, 5, 0.9), 46, 1e-12);
}

static void test_mw_exact(void)
{
	const double lo5[] = { 1, 2, 3, 4, 5 }, hi5[] = { 6, 7, 8, 9, 10 };
	const double lo3[] = { 1, 2, 3 }, hi3[] = { 4, 5, 6 };
	const double lo4[] = { 1, 2, 3, 4 }, hi4[] = { 5, 6, 7, 8 };
	/*
	 * a > b pairs: 19 beats 11,12,17 (3); 22 and 29 and 24 beat all four
	 * (12); 16 beats 11,12 (2): U_a = 17, U_b = 20 - 17 = 3.  Orderings
	 * with U <= 3 for sizes 5 and 4: partitions of 0,1,2,3 into at most
	 * 4 parts of at most 5 = 1 + 1 + 2 + 3 = 7 out of C(9,4) = 126, so
	 * p = 2 * 7 / 126.
	 */
	const double a[] = { 19, 22, 16, 29, 24 }, b[] = { 20, 11, 17, 12 };
	struct stats_mw mw;

	check("mw ok", !stats_mann_whitney(lo5, 5, hi5, 5, &mw));
	near("U separated 5/5", mw.u, 0, 0);
	near("p separated 5/5 = 2/252", mw.p, 2.0 / 252, 1e-12);
	check("exact for 5/5", mw.exact);
	stats_mann_whitney(hi5, 5, lo5, 5, &mw);
	near("U reversed", mw.u, 25, 0);
	near("p symmetric", mw.p, 2.0 / 252, 1e-12);
	stats_mann_whitney(lo3, 3, hi3, 3, &mw);
	near("p separated 3/3 = 2/20", mw.p, 0.1, 1e-12);
	stats_mann_whitney(lo4, 4, hi4, 4, &mw);
	near("p separated 4/4 = 2/70", mw.p, 2.0 / 70, 1e-12);
	stats_mann_whitney(a, N(a), b, N(b), &mw);
	near("U textbook", mw.u, 17, 0);
	near("p textbook = 14/126", mw.p, 14.0 / 126, 1e-12);
	/* identical samples: U = n^2/2 sits at the centre, p = 1 */
	stats_mann_whitney(lo5, 5, lo5 + 0, 5, &mw);
	near("p identical", mw.p, 1, 1e-12);
	check("mw rejects empty", stats_mann_whitney(lo5, 0, hi5, 5, &mw) < 0);
	/* 2/C(6,3) = 0.1, 2/C(8,4) = 0.029: four per side is the minimum */
	check("min n for 0.05 is 4", stats_mw_min_n(0.05) == 4);
	check("min n for 0.01 is 5", stats_mw_min_n(0.01) == 5);

	/* Benjamini-Hochberg: unordered input; step up, not down */
	{
		double p8[] = { 0.205, 0.041, 0.001, 0.074, 0.039, 0.008, 0.042, 0.06 };
		double up[] = { 0.045, 0.01, 0.04 };
		double none[] = { 0.5, 0.05, 0.04, 0.03, 0.02, 0.01 };
		double one = 0.07, big = 0.2;

		near("fdr: two of eight at 5%", stats_fdr_cut(p8, 8, 0.05), 0.008, 0);
		near("fdr: 0.04 > 2/3 q is taken with 0.045 <= q",
		     stats_fdr_cut(up, 3, 0.05), 0.045, 0);
		check("fdr: none under k q / m", stats_fdr_cut(none, 6, 0.05) == 0);
		near("fdr: one test is its own level", stats_fdr_cut(&one, 1, 0.1), 0.07, 0);
		check("fdr: one test above q", stats_fdr_cut(&big, 1, 0.1) == 0);
		check("fdr: no tests", stats_fdr_cut(NULL, 0, 0.1) == 0);
	}
}

static void test_mw_normal(void)
{
	/*
	 * Pooled ranks: 1..4 are a's 1..4; each of 5..10 is a tie of two
	 * (ranks 5.5, 7.5, ..., 15.5); 11..14 are b's, ranks 17..20.
	 * R_a = 10 + 63 = 73, U_a = 73 - 55 = 18; mu = 50; tie term
	 * 6 * (8 - 2) = 36; var = 100/12 * (21 - 36/380) = 174.2105;
	 * z = (32 - 0.5) / 13.19888 = 2.38657; p = erfc(z / sqrt 2) = 0.01700.
	 */
	const double a[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	const double b[] = { 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 };
	double big_a[30], big_b[30];
	struct stats_mw mw;
	int i;

	stats_mann_whitney(a, N(a), b, N(b), &mw);
	near("U with ties", mw.u, 18, 0);
	check("ties use the normal approximation", !mw.exact);
	near("p with ties", mw.p, 0.01700, 2e-5);

	/* 30/30 separated, no ties: mu 450, var 900 * 61 / 12 = 4575 */
	for (i = 0; i < 30; i++) {
		big_a[i] = i;
		big_b[i] = 100 + i;
	}
	stats_mann_whitney(big_a, 30, big_b, 30, &mw);
	check("30/30 uses the normal approximation", !mw.exact);
	near("p 30/30", mw.p, erfc(449.5 / sqrt(4575) / M_SQRT2), 1e-15);
	check("p 30/30 tiny", mw.p < 1e-9);

	/* all tied: nothing to see */
	stats_mann_whitney(a, 1, a, 1, &mw);
	near("p all tied", mw.p, 1, 0);
}

static void test_bootstrap(void)
{
	const double base[] = { 100, 101, 99, 102, 98, 100, 103, 97, 100 };
	const double cand[] = { 90, 91, 89, 92, 88, 90, 93, 87, 90 };
	const double flat_a[] = { 50, 50, 50, 50, 50 };
	const double flat_b[] = { 45, 45, 45, 45, 45 };
	struct stats_pair p = { base, N(base), cand, N(cand), NULL, NULL };
	struct stats_pair flat = { flat_a, 5, flat_b, 5, NULL, NULL };
	struct stats_pair two[2] = { p, flat };
	double est, lo, hi, est2, lo2, hi2;

	check("ratio ok", !stats_ratio_ci(&flat, 1, 2000, 0.95, STATS_SEED,
					  &est, &lo, &hi));
	near("flat ratio", est, 0.9, 1e-12);
	near("flat lo", lo, 0.9, 1e-12);
	near("flat hi", hi, 0.9, 1e-12);

	stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED, &est, &lo, &hi);
	near("ratio of medians 90/100", est, 0.9, 1e-12);
	check("interval brackets the estimate", lo <= est && est <= hi);
	check("interval excludes 1 and is narrow", hi < 0.95 && lo > 0.85);
	stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED, &est2, &lo2, &hi2);
	check("same seed, same interval", lo == lo2 && hi == hi2);

	/* geometric mean of 0.9 and 0.9 is 0.9 */
	stats_ratio_ci(two, 2, 2000, 0.95, STATS_SEED, &est, &lo, &hi);
	near("pooled ratio", est, 0.9, 1e-12);
	check("pooled interval brackets", lo <= est && est <= hi);

	/* A/A: the interval must contain 1 */
	p.cand = base;
	stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED, &est, &lo, &hi);
	near("A/A ratio", est, 1, 0);
	check("A/A interval contains 1", lo < 1 && hi > 1);

	check("empty sample refused",
	      stats_ratio_ci(&p, 0, 2000, 0.95, STATS_SEED, &est, &lo, &hi) < 0);
	check("median ci ok", !stats_median_ci(base, N(base), 2000, 0.95,
					       STATS_SEED, &lo, &hi));
	check("median ci brackets 100", lo <= 100 && hi >= 100 && lo >= 97 &&
	      hi <= 103);
}

/*
 * Runs of an interleaved sweep: the machine drifts from round to round by
 * far more than cand is below base, and the same in both.  Taken as two
 * samples the drift hides the 5%; paired by round it cancels.
 */
static void test_bootstrap_rounds(void)
{
	const double drift[] = { 1.00, 0.80, 1.20, 0.90, 1.15, 0.75, 1.05, 0.95 };
	const int rb[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	/* cand's runs in another order: pairs go by round, not by index */
	const int rc[] = { 8, 7, 6, 5, 4, 3, 2, 1 };
	const int twice[] = { 1, 2, 3, 4, 5, 6, 7, 7 };
	double base[8], cand[8], est, lo, hi, est2, lo2, hi2;
	struct stats_pair p = { base, 8, cand, 8, NULL, NULL };
	size_t i;

	for (i = 0; i < 8; i++) {
		base[i] = 100 * drift[i] * (1 + 0.01 * (double)(i % 3));
		cand[7 - i] = 95 * drift[i] * (1 + 0.01 * (double)((i + 1) % 3));
	}
	check("two samples ok", !stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED,
						&est, &lo, &hi));
	check("two samples: drift hides the 5%", lo < 1 && hi > 1);
	p.rbase = rb;
	p.rcand = rc;
	check("paired ok", !stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED,
					   &est2, &lo2, &hi2));
	near("paired ratio", est2, 0.95, 0.02);
	check("paired: the 5% shows", hi2 < 1 && lo2 > 0.9);
	check("paired narrower", hi2 - lo2 < (hi - lo) / 3);

	/* a round twice on a side has no one run to pair: two samples */
	p.rcand = twice;
	stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED, &est2, &lo2, &hi2);
	check("a round twice: two samples", est2 == est && lo2 == lo &&
	      hi2 == hi);
	/* fewer than STATS_ROUNDS_MIN rounds in common: two samples */
	p.rcand = rc;
	p.nbase = STATS_ROUNDS_MIN - 1;
	stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED, &est, &lo, &hi);
	p.rbase = p.rcand = NULL;
	stats_ratio_ci(&p, 1, 2000, 0.95, STATS_SEED, &est2, &lo2, &hi2);
	check("few rounds: two samples", est2 == est && lo2 == lo && hi2 == hi);
}

/* n values around mean with relative spread cv: Box-Muller on the PRNG */
static void normal_sample(struct stats_rng *rng, double mean, double cv,
			  double *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		double u1 = ((double)(stats_rng_next(rng) >> 11) + 1) / 9007199254740993.0;
		double u2 = (double)(stats_rng_next(rng) >> 11) / 9007199254740992.0;

		x[i] = mean * (1 + cv * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2));
		/* IOPS and CPU time are positive: the far tail of CV 30% is not */
		x[i] = fmax(x[i], mean / 100);
	}
}

/* of 1000 seeded pairs, n a side, a 5% drop at CV 5%: how many 90% intervals hold it */
static unsigned int shift_coverage(struct stats_rng *rng, size_t n)
{
	double est, lo, hi, b[64], c[64];
	unsigned int k, cover = 0;

	for (k = 0; k < 1000; k++) {
		normal_sample(rng, 1000, 0.05, b, n);
		normal_sample(rng, 950, 0.05, c, n);
		stats_shift_ci(b, n, c, n, 0.9, &est, &lo, &hi);
		cover += lo <= 0.95 && 0.95 <= hi;
	}
	return cover;
}

/*
 * The Hodges-Lehmann ratio and its interval: a case worked by hand, and
 * the coverage the interval claims, over seeded normal samples.
 */
static void test_shift(void)
{
	/* 3 and 3 values: U's 20 orderings give P(U <= 1) = 0.1, P(U <= 2) = 0.2 */
	const double base[] = { 1, 2, 4 }, cand[] = { 8, 16, 32 };
	const double zero[] = { 1, 0 };
	double est, lo, hi;
	struct stats_rng rng;
	unsigned int cover;

	check("shift ok", !stats_shift_ci(base, 3, cand, 3, 0.8, &est, &lo, &hi));
	/* pairwise ratios 2 4 4 8 8 8 16 16 32: median 8, 2nd and 8th */
	near("shift estimate", est, 8, 1e-12);
	near("shift low", lo, 4, 1e-12);
	near("shift high", hi, 16, 1e-12);
	stats_shift_ci(base, 3, cand, 3, 0.95, &est, &lo, &hi);
	check("3 a side cannot bound a 95% interval", lo == 0 && isinf(hi));
	check("a zero value refused",
	      stats_shift_ci(zero, 2, cand, 3, 0.9, &est, &lo, &hi) == -EINVAL);
	check("an empty side refused",
	      stats_shift_ci(base, 0, cand, 3, 0.9, &est, &lo, &hi) == -EINVAL);

	/* a 90% interval, exact at 9 a side and normal at 30, covers ~90% */
	stats_rng_seed(&rng, 7);
	cover = shift_coverage(&rng, 9);
	printf("shift 90%% interval, 9 a side: covers the true ratio in %u of 1000\n", cover);
	check("9 a side: coverage 87-95%", cover >= 870 && cover <= 950);
	cover = shift_coverage(&rng, 30);
	printf("shift 90%% interval, 30 a side: covers the true ratio in %u of 1000\n", cover);
	check("30 a side: coverage 87-93%", cover >= 870 && cover <= 930);
}

/* verdicts over many seeded pairs: how often each came out */
static void judge_many(double ratio, double cv, size_t n, int lower_better,
		       unsigned int *counts, unsigned int pairs)
{
	struct stats_judgement j;
	struct stats_rng rng;
	double base[64], cand[64];
	unsigned int k;

	stats_rng_seed(&rng, 42);
	counts[STATS_PASS] = counts[STATS_REGRESSION] = counts[STATS_CANNOT] = 0;
	for (k = 0; k < pairs; k++) {
		normal_sample(&rng, 1000, cv, base, n);
		normal_sample(&rng, 1000 * ratio, cv, cand, n);
		if (stats_judge(base, n, cand, n, lower_better, 0.05, 0.95, &j)) {
			check("judge ok", 0);
			return;
		}
		counts[j.verdict]++;
	}
}

static void test_judge(void)
{
	const double base[] = { 100, 101, 99, 102, 98, 100, 103, 97, 100 };
	const double drop10[] = { 90, 91, 89, 92, 88, 90, 93, 87, 90 };
	const double drop5[] = { 95, 96, 94, 97, 93, 95, 98, 92, 95 };
	const double wide[] = { 60, 140, 100, 75, 130, 90, 115, 80, 110 };
	struct stats_judgement j;
	unsigned int c[3];

	/* fixed samples whose verdict is plain */
	check("judge A/A", !stats_judge(base, 9, base, 9, 0, 0.05, 0.95, &j));
	check("A/A passes", j.verdict == STATS_PASS);
	near("A/A loss", j.loss, 0, 0);
	stats_judge(base, 9, drop10, 9, 0, 0.05, 0.95, &j);
	check("10% drop is a regression", j.verdict == STATS_REGRESSION);
	near("10% drop loss", j.loss, 0.1, 1e-12);
	check("10% drop interval beyond 5%", j.loss_lo > 0.05);
	/* exactly at the tolerance: the interval straddles it */
	stats_judge(base, 9, drop5, 9, 0, 0.05, 0.95, &j);
	check("5% drop at 5% tolerance cannot be judged", j.verdict == STATS_CANNOT);
	stats_judge(base, 9, drop5, 9, 0, 0.10, 0.95, &j);
	check("5% drop within 10% passes", j.verdict == STATS_PASS);
	stats_judge(base, 9, wide, 9, 0, 0.05, 0.95, &j);
	check("wide noise cannot be judged", j.verdict == STATS_CANNOT);
	/*
	 * runs to decide at a tolerance of 0.5 (binary fractions: exact), the
	 * straddling side narrowing as sqrt(n / N): a loss of 0.25 in [0,
	 * 0.625] needs its 0.375 high side within 0.25 (10 x 1.5^2 = 22.5), one
	 * of 0.75 in [0.25, 1] its low side within 0.25 (10 x 2^2); a loss at
	 * the tolerance never
	 */
	j.loss = 0.25, j.loss_lo = 0, j.loss_hi = 0.625;
	near("runs to decide under the tolerance",
	     stats_runs_to_decide(&j, 10, 0.5), 23, 0);
	j.loss = 0.75, j.loss_lo = 0.25, j.loss_hi = 1;
	near("runs to decide over the tolerance",
	     stats_runs_to_decide(&j, 10, 0.5), 40, 0);
	j.loss = 0.5;
	check("a loss at the tolerance: never", isinf(stats_runs_to_decide(&j, 10, 0.5)));
	check("no values: unknown", isnan(stats_runs_to_decide(&j, 0, 0.5)));
	j.loss_hi = INFINITY;
	check("an unbounded interval: unknown", isnan(stats_runs_to_decide(&j, 10, 0.5)));
	/*
	 * the chance of a verdict from 9 more pairs after 8, a loss at the
	 * tolerance with an interval of +-z x 0.1 (standard errors of 0.1):
	 * either end must clear it by z x 0.1 x sqrt(8/17), the estimate
	 * moving with SD 0.1 x sqrt(9/17), so 2 P(Z > z sqrt(8) / 3)
	 */
	{
		const double z = 1.6448536269514722;	/* P(Z > z) = 5% */

		j.loss = 0.5, j.loss_lo = 0.5 - z * 0.1, j.loss_hi = 0.5 + z * 0.1;
		near("chance of a verdict at the tolerance",
		     stats_decide_chance(&j, 8, 9, 0.5, 0.95),
		     erfc(z * sqrt(8) / 3 / M_SQRT2), 1e-9);
		check("no more runs: no chance to tell",
		      isnan(stats_decide_chance(&j, 8, 0, 0.5, 0.95)));
	}
	/* a cost: 10% more CPU per I/O is a regression, 10% less a pass */
	stats_judge(drop10, 9, base, 9, 1, 0.05, 0.95, &j);
	check("10% more cost is a regression", j.verdict == STATS_REGRESSION);
	near("cost loss 100/90 - 1", j.loss, 1.0 / 9, 1e-12);
	check("cost interval brackets", j.loss_lo <= j.loss && j.loss <= j.loss_hi);
	stats_judge(base, 9, drop10, 9, 1, 0.05, 0.95, &j);
	check("10% less cost passes", j.verdict == STATS_PASS);
	/* a gain never fails: a 10% rise in IOPS passes */
	stats_judge(drop10, 9, base, 9, 0, 0.05, 0.95, &j);
	check("a gain passes", j.verdict == STATS_PASS);
	check("bad confidence refused",
	      stats_judge(base, 9, base, 9, 0, 0.05, 0.4, &j) < 0);
	check("bad tolerance refused",
	      stats_judge(base, 9, base, 9, 0, 1, 0.95, &j) < 0);

	/*
	 * Rates over 200 seeded pairs, CV 3% (a loop device here).  A/A must
	 * (almost) never fail; 9 runs a side mostly decide and 15 nearly
	 * always do (why the sweep adds runs to a cell it cannot judge).  CV
	 * 30% (zram under load) must mostly refuse rather than guess.
	 */
	judge_many(1.0, 0.03, 9, 0, c, 200);
	printf("A/A cv 3%% n 9: %u pass, %u regression, %u cannot\n", c[0], c[1], c[2]);
	check("A/A: at most 1 false alarm in 200", c[STATS_REGRESSION] <= 1);
	check("A/A n 9: 80% or more pass", c[STATS_PASS] >= 160);
	judge_many(1.0, 0.03, 15, 0, c, 200);
	printf("A/A cv 3%% n 15: %u pass, %u regression, %u cannot\n", c[0], c[1], c[2]);
	check("A/A n 15: at most 1 false alarm in 200", c[STATS_REGRESSION] <= 1);
	check("A/A n 15: 95% or more pass", c[STATS_PASS] >= 190);
	judge_many(0.9, 0.03, 9, 0, c, 200);
	printf("10%% drop cv 3%% n 9: %u pass, %u regression, %u cannot\n", c[0], c[1], c[2]);
	check("10% drop: no pass", c[STATS_PASS] == 0);
	check("10% drop n 9: 80% or more detected", c[STATS_REGRESSION] >= 160);
	judge_many(0.9, 0.03, 15, 0, c, 200);
	printf("10%% drop cv 3%% n 15: %u pass, %u regression, %u cannot\n", c[0], c[1], c[2]);
	check("10% drop n 15: 95% or more detected", c[STATS_REGRESSION] >= 190);
	judge_many(1.1, 0.03, 15, 1, c, 200);
	printf("10%% cost cv 3%% n 15: %u pass, %u regression, %u cannot\n", c[0], c[1], c[2]);
	check("10% cost: no pass", c[STATS_PASS] == 0);
	check("10% cost n 15: 95% or more detected", c[STATS_REGRESSION] >= 190);
	judge_many(1.0, 0.30, 9, 0, c, 200);
	printf("A/A cv 30%% n 9: %u pass, %u regression, %u cannot\n", c[0], c[1], c[2]);
	check("wide A/A: mostly cannot judge", c[STATS_CANNOT] >= 150);
	check("wide A/A: few false alarms", c[STATS_REGRESSION] <= 10);
}

static void test_rng(void)
{
	struct stats_rng r1, r2;
	unsigned int hist[4] = { 0 };
	int i;

	stats_rng_seed(&r1, 1);
	stats_rng_seed(&r2, 1);
	check("rng reproducible", stats_rng_next(&r1) == stats_rng_next(&r2));
	for (i = 0; i < 40000; i++)
		hist[stats_rng_below(&r1, 4)]++;
	for (i = 0; i < 4; i++)
		check("rng roughly uniform", hist[i] > 9500 && hist[i] < 10500);
}

/*
 * The signed-rank interval and p, against an enumeration of all 2^n sign
 * patterns (done apart): n = 6 pairs all ~5% down, and n = 8 of mixed sign.
 */
static void test_signed_rank(void)
{
	const double b6[] = { 100, 102, 98, 101, 99, 100 };
	const double c6[] = { 95, 96, 94, 97, 93, 96 };
	const double b8[] = { 100, 103, 97, 101, 99, 102, 98, 100 };
	const double c8[] = { 101, 100, 99, 98, 100, 103, 96, 99 };
	double est, lo, hi, p;
	int exact;

	check("sr ok", !stats_signed_rank_ci(b6, c6, 6, 0.9, &est, &lo, &hi, &p, &exact));
	/* k = 3 of the 21 Walsh averages on each side */
	near("sr6 est", est, 0.9505416413, 1e-9);
	near("sr6 lo", lo, 0.9411764706, 1e-9);
	near("sr6 hi", hi, 0.96, 1e-9);
	/* every pair down: T+ = 0, p = 2 / 64 */
	near("sr6 p", p, 0.03125, 1e-12);
	check("sr6 exact", exact);
	check("sr8 ok", !stats_signed_rank_ci(b8, c8, 8, 0.9, &est, &lo, &hi, &p, &exact));
	near("sr8 est", est, 0.994704593, 1e-8);
	near("sr8 lo", lo, 0.979591837, 1e-8);
	near("sr8 hi", hi, 1.010050504, 1e-8);
	near("sr8 p", p, 0.4609375, 1e-12);
	/* two pairs cannot make a 90% interval */
	stats_signed_rank_ci(b6, c6, 2, 0.9, &est, &lo, &hi, &p, &exact);
	check("sr2 unbounded", lo == 0 && isinf(hi));
	check("sr empty", stats_signed_rank_ci(b6, c6, 0, 0.9, &est, &lo, &hi, &p, &exact) == -EINVAL);
	check("sr level", stats_signed_rank_ci(b6, c6, 6, 1.5, &est, &lo, &hi, &p, &exact) == -EINVAL);
}

/*
 * Pairs share what drifts between rounds: an A/A pair and a 10% drop on a
 * device that loses a third of its speed over the sweep are decided paired
 * and not unpaired; five pairs all 10% down are a regression.
 */
static void test_judge_paired(void)
{
	double base[17], aa[17], drop[17];
	int rounds[17];
	struct stats_judgement j;
	size_t i;

	for (i = 0; i < N(base); i++) {
		double drift = 1 - 0.02 * (double)i;
		double e = (i % 3 == 0 ? 0.01 : i % 3 == 1 ? -0.01 : 0);

		base[i] = 100000 * drift;
		aa[i] = 100000 * drift * (1 + e);
		drop[i] = 90000 * drift * (1 - e);
	}
	stats_judge(base, N(base), aa, N(aa), 0, 0.05, 0.95, &j);
	check("unpaired drift A/A cannot", j.verdict == STATS_CANNOT);
	check("paired drift A/A", !stats_judge_paired(base, aa, N(base), 0, 0.05, 0.95, &j));
	check("paired drift A/A pass", j.verdict == STATS_PASS && j.cmp.paired);
	check("paired n", j.cmp.nbase == N(base) && j.cmp.ncand == N(base));
	stats_judge(base, N(base), drop, N(drop), 0, 0.05, 0.95, &j);
	check("unpaired drift drop cannot", j.verdict == STATS_CANNOT);
	stats_judge_paired(base, drop, N(base), 0, 0.05, 0.95, &j);
	check("paired drift drop regression", j.verdict == STATS_REGRESSION);
	near("paired drop ratio", j.cmp.ratio, 0.9, 0.01);
	stats_judge_paired(base, drop, 5, 0, 0.05, 0.95, &j);
	check("paired 5 drop regression", j.verdict == STATS_REGRESSION);
	/* a cost: the same pairs read as CPU per I/O are 10% cheaper, a pass */
	stats_judge_paired(base, drop, N(base), 1, 0.05, 0.95, &j);
	check("paired cost gain passes", j.verdict == STATS_PASS);
	/* the gate's rule: pairs by round, two samples without rounds */
	for (i = 0; i < N(base); i++)
		rounds[i] = (int)i + 1;
	check("rounds ok", !stats_judge_rounds(base, rounds, N(base), aa, rounds,
					       N(aa), 5, 0, 0.05, 0.95, &j));
	check("rounds paired", j.verdict == STATS_PASS && j.cmp.paired);
	stats_judge_rounds(base, NULL, N(base), aa, NULL, N(aa), 5, 0, 0.05, 0.95, &j);
	check("no rounds: two samples", j.verdict == STATS_CANNOT && !j.cmp.paired);
	/* a round twice on a side: no one run to pair */
	rounds[1] = 1;
	stats_judge_rounds(base, rounds, N(base), aa, rounds, N(aa), 5, 0, 0.05, 0.95, &j);
	check("round twice: two samples", !j.cmp.paired);
	rounds[1] = 2;
	/* fewer pairs than asked for */
	stats_judge_rounds(base, rounds, N(base), aa, rounds, N(aa), 18, 0, 0.05, 0.95, &j);
	check("min pairs: two samples", !j.cmp.paired);
	check("paired bad confidence",
	      stats_judge_paired(base, aa, N(base), 0, 0.05, 0.4, &j) < 0);
}

int main(void)
{
	test_median_cv();
	test_mw_exact();
	test_mw_normal();
	test_bootstrap();
	test_bootstrap_rounds();
	test_shift();
	test_judge();
	test_signed_rank();
	test_judge_paired();
	test_rng();
	if (failures) {
		printf("%d check(s) failed\n", failures);
		return 1;
	}
	printf("stats: all checks passed\n");
	return 0;
}
