/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h: the statistics report and gate rest on: median, quantiles,
 * coefficient of variation, a percentile bootstrap of a ratio of medians
 * driven by a fixed-seed PRNG (so a result is reproducible), the
 * Hodges-Lehmann ratio of two samples with its rank interval, and the
 * Mann-Whitney U test (exact for small samples without ties, normal
 * approximation with tie correction otherwise), and the gate's three-way
 * decision built on them.
 */
#ifndef FIORING_STATS_H
#define FIORING_STATS_H

#include <stddef.h>
#include <stdint.h>

/* The seed every bootstrap uses unless a caller picks another. */
#define STATS_SEED 0x66696f72696e67ULL

/* Largest sample size per side for which the exact U distribution is used. */
#define STATS_MW_EXACT_MAX 25

/*
 * The loss the gate tolerates unless told (--max-drop), in percent.  run
 * --adaptive settles cells at it and the report calls a ratio "no
 * measurable difference" only within it, so that the three read one
 * interval alike.  _STR is the figure as text, for help and report lines.
 */
#define STATS_MAX_DROP_PCT 5
#define STATS_MAX_DROP_STR STATS_XSTR(STATS_MAX_DROP_PCT)
#define STATS_STR(x) #x
#define STATS_XSTR(x) STATS_STR(x)

struct stats_rng {
	uint64_t state;
};

void stats_rng_seed(struct stats_rng *rng, uint64_t seed);
uint64_t stats_rng_next(struct stats_rng *rng);
/* uniform in [0, n) */
size_t stats_rng_below(struct stats_rng *rng, size_t n);
/* a standard normal draw (Box-Muller), for synthetic series */
double stats_rng_gauss(struct stats_rng *rng);
/* a log-normal factor about 1 with coefficient of variation cv */
double stats_rng_lognormal(struct stats_rng *rng, double cv);

/* Quantile q in [0, 1] of sorted[0..n), linear between order statistics. */
double stats_quantile_sorted(const double *sorted, size_t n, double q);
/* NAN when n == 0; x is not changed. */
double stats_median(const double *x, size_t n);
double stats_mean(const double *x, size_t n);
/* Sample standard deviation over mean; NAN when n < 2 or the mean is 0. */
double stats_cv(const double *x, size_t n);

/* One comparison: the candidate sample against its baseline. */
struct stats_pair {
	const double *base;
	size_t nbase;
	const double *cand;
	size_t ncand;
	/* the round of one sweep each value ran in (NULL, -1: none) */
	const int *rbase, *rcand;
};

/*
 * Rounds a stats_pair must share to be taken as paired runs: the fewest
 * runs the gate judges a cell on.
 */
#define STATS_ROUNDS_MIN 5

/*
 * stats_ratio_ci - percentile bootstrap of median(cand) / median(base)
 * @pairs: the comparisons; with more than one, the statistic is the
 *	geometric mean of their ratios, each side resampled within its own
 *	sample (a stratified bootstrap).  A comparison whose sides share at
 *	least STATS_ROUNDS_MIN rounds, each once a side, is taken as those
 *	paired runs instead: its ratio is the median of cand / base over the
 *	rounds, resampled as pairs, so what drifts between rounds of an
 *	interleaved sweep cancels (runs of a round only one side has are
 *	left out)
 * @iters: resamples, e.g. 2000
 * @level: confidence level, e.g. 0.95
 * @est, @lo, @hi: the point estimate and the interval
 *
 * Returns 0, -EINVAL for an empty sample or a zero median, -ENOMEM.
 */
int stats_ratio_ci(const struct stats_pair *pairs, size_t npairs,
		   unsigned int iters, double level, uint64_t seed,
		   double *est, double *lo, double *hi);

/* Percentile bootstrap interval of the median of one sample. */
int stats_median_ci(const double *x, size_t n, unsigned int iters,
		    double level, uint64_t seed, double *lo, double *hi);

/*
 * stats_shift_ci - cand against base as a ratio: the Hodges-Lehmann
 * estimate (the median over all pairs of cand[i] / base[j], taken in logs)
 * and its distribution-free level interval (Moses: order statistics of
 * those pairwise ratios, cut where the Mann-Whitney U distribution puts
 * (1 - level) / 2 on each side).  It is the interval the rank test
 * inverts, as efficient as a t interval on normal data, robust to a stray
 * run, and exact for small samples.  Samples too small for @level give
 * lo = 0 and hi = INFINITY.  Returns 0, -EINVAL (an empty side, a value
 * <= 0, a bad level), -ENOMEM.
 */
int stats_shift_ci(const double *base, size_t nbase, const double *cand,
		   size_t ncand, double level, double *est, double *lo,
		   double *hi);

struct stats_mw {
	double u;	/* U of sample a: pairs a > b, ties counting 1/2 */
	double p;	/* two-sided p-value */
	int exact;	/* 1 when p comes from the exact distribution */
};

/* Mann-Whitney U test of a against b.  Returns 0, -EINVAL, -ENOMEM. */
int stats_mann_whitney(const double *a, size_t na, const double *b,
		       size_t nb, struct stats_mw *res);

/*
 * Smallest n such that two samples of n each, fully separated, give an
 * exact two-sided p below alpha: below it the test can never reject.
 */
size_t stats_mw_min_n(double alpha);

/*
 * stats_fdr_cut - Benjamini-Hochberg's cut over @m p-values: the largest
 * p-value that may be called a discovery with the expected share of false
 * ones among them at most @q (the tests independent or positively
 * dependent, as a sweep's comparisons on shared cells are).  A test is a
 * discovery when its p <= the cut; 0 when none is (or m is 0).  Sorts p,
 * as the callers' gathered p-values are theirs to spend.  One test: the
 * cut is its p when p <= q, as alone it would be.
 */
double stats_fdr_cut(double *p, size_t m, double q);

/* Everything report and gate say about a candidate sample against a base. */
struct stats_cmp {
	size_t nbase, ncand;
	double med_base, med_cand;
	double cv_base, cv_cand;	/* NAN with fewer than 2 values */
	double ratio, lo, hi;		/* stats_shift_ci() ratio, 95% CI */
	double p;			/* Mann-Whitney, two-sided */
	int exact;
	int paired;	/* from stats_judge_paired(): signed-rank ratio and p */
};

#define STATS_BOOT_ITERS 2000
#define STATS_LEVEL 0.95

/* Returns 0, -EINVAL (an empty side or a median <= 0), -ENOMEM. */
int stats_compare(const double *base, size_t nbase, const double *cand,
		  size_t ncand, struct stats_cmp *cmp);

/*
 * stats_cmp_level - stats_compare with the interval at @level
 * (two-sided; e.g. 0.90 gives the two one-sided 95% bounds TOST uses).
 */
int stats_cmp_level(const double *base, size_t nbase, const double *cand,
		    size_t ncand, double level, struct stats_cmp *cmp);

enum stats_verdict {
	STATS_PASS,		/* no worse than the tolerance, with confidence */
	STATS_REGRESSION,	/* worse than the tolerance, with confidence */
	STATS_CANNOT,		/* the interval straddles the tolerance */
};

/* A candidate judged against its base on one metric. */
struct stats_judgement {
	struct stats_cmp cmp;	/* ratio cand/base of the metric */
	/*
	 * The loss as a fraction, with its interval: 1 - ratio for a rate
	 * (IOPS), ratio - 1 for a cost (CPU per I/O); negative is a gain.
	 */
	double loss, loss_lo, loss_hi;
	enum stats_verdict verdict;
};

/*
 * stats_judge - the gate's three-way decision from the interval of a ratio
 * @lower_better: the metric is a cost (CPU per I/O, latency): a rise is
 *	the loss
 * @max_drop: tolerated loss as a fraction, in [0, 1)
 * @confidence: one-sided confidence of either claim, in (0.5, 1); the
 *	interval is the two-sided 2 * confidence - 1 interval of
 *	stats_shift_ci(), whose ends are those one-sided bounds
 *
 * REGRESSION when the whole interval of the loss lies beyond the tolerance
 * (loss_lo > max_drop) and the Mann-Whitney U test rejects "no difference"
 * at 1 - confidence (two-sided); PASS when the whole interval lies within
 * the allowed band (loss_hi <= max_drop: the one-sided half of TOST, since
 * a gain never fails a gate); CANNOT in between, where more runs narrow the
 * interval.  Returns 0, -EINVAL (an empty side, a median <= 0, a bad
 * parameter), -ENOMEM.
 */
int stats_judge(const double *base, size_t nbase, const double *cand,
		size_t ncand, int lower_better, double max_drop,
		double confidence, struct stats_judgement *j);

/*
 * stats_signed_rank_ci - the ratio of n paired values cand[i] / base[i]:
 * the Hodges-Lehmann estimate (the median of the Walsh averages of the
 * log ratios) and its distribution-free level interval (their order
 * statistics cut where the Wilcoxon signed-rank distribution puts
 * (1 - level) / 2 on each side), with the test's two-sided p of "no
 * shift".  Exact without ties up to STATS_SR_EXACT_MAX pairs, else the
 * normal approximation (*exact says which p is).  Too few pairs for @level
 * give lo = 0 and hi = INFINITY.  Returns 0, -EINVAL (no pairs, a value
 * <= 0, a bad level), -ENOMEM.
 */
#define STATS_SR_EXACT_MAX 50
int stats_signed_rank_ci(const double *base, const double *cand, size_t n,
			 double level, double *est, double *lo, double *hi,
			 double *p, int *exact);

/*
 * stats_runs_to_decide - about how many values a side would decide a
 * judgement that cannot (CANNOT) if its loss held: the side of the
 * interval from @n values that straddles @max_drop narrows as sqrt(n / N)
 * until it clears it.  INFINITY for a loss at max_drop, NAN when n is 0
 * or the interval is not finite.
 */
double stats_runs_to_decide(const struct stats_judgement *j, size_t n,
			    double max_drop);

/*
 * stats_decide_chance - the chance that @more values a side decide a
 * CANNOT judgement from @n values at @confidence, if its loss goes on as
 * now (the conditional power under the current trend): each side of the
 * interval gives a standard error, (loss_hi - loss) / z and (loss -
 * loss_lo) / z, which shrinks by sqrt(n / N) at N = n + more, while the
 * estimate moves there by a normal of SD se * sqrt(1 - n / N).  NAN when n
 * or more is 0 or a side of the interval is not finite and positive.
 */
double stats_decide_chance(const struct stats_judgement *j, size_t n,
			   size_t more, double max_drop, double confidence);

/*
 * stats_judge_paired - stats_judge() on n pairs (base[i], cand[i]) run
 * side by side, as the rounds of one interleaved sweep are: what drifts
 * between rounds hits both and cancels in each ratio, so the interval is
 * that of stats_signed_rank_ci().  REGRESSION when the whole interval of
 * the loss lies beyond the tolerance (which is the one-sided signed-rank
 * test rejecting at 1 - confidence), PASS and CANNOT as stats_judge()'s.
 * cmp.p is the two-sided signed-rank p, cmp.paired 1.
 */
int stats_judge_paired(const double *base, const double *cand, size_t n,
		       int lower_better, double max_drop, double confidence,
		       struct stats_judgement *j);
/*
 * Pairs from which paired runs are judged paired: below, the signed-rank
 * 90% interval is little more than the extremes (5 pairs: the smallest and
 * largest ratio) and two samples judge sooner.
 */
#define STATS_PAIRED_MIN 8

/*
 * stats_judge_rounds - the one rule `gate` and `run --adaptive-vs` judge
 * by: values that carry the round each ran in (rb, rc; NULL: not of one
 * sweep) are paired by round, and with at least @min_pairs and
 * STATS_PAIRED_MIN pairs judged by stats_judge_paired(), else as two
 * samples by stats_judge().  A side with a round twice (no one run to
 * pair) is judged as two samples.
 */
int stats_judge_rounds(const double *base, const int *rb, size_t nbase,
		       const double *cand, const int *rc, size_t ncand,
		       size_t min_pairs, int lower_better, double max_drop,
		       double confidence, struct stats_judgement *j);

#endif
