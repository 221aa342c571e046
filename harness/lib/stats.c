// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c: the statistics behind report and gate.  Benchmarks on a shared
 * machine are noisy and not normal, so comparisons use medians, intervals
 * that assume no distribution (a bootstrap across settings; for two
 * samples the Hodges-Lehmann ratio with the interval that inverts the
 * rank test the verdict also asks) and that rank test.  The bootstrap uses
 * its own seeded PRNG (splitmix64) rather than rand(), so the same results
 * give the same interval on every machine and libc.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"

void stats_rng_seed(struct stats_rng *rng, uint64_t seed)
{
	rng->state = seed;
}

uint64_t stats_rng_next(struct stats_rng *rng)
{
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

size_t stats_rng_below(struct stats_rng *rng, size_t n)
{
	/* multiply-shift: the bias for n this small is below 2^-50 */
	return (size_t)(((unsigned __int128)stats_rng_next(rng) * n) >> 64);
}

double stats_rng_gauss(struct stats_rng *rng)
{
	double u1 = (stats_rng_next(rng) >> 11) * 0x1.0p-53;
	double u2 = (stats_rng_next(rng) >> 11) * 0x1.0p-53;

	return sqrt(-2 * log(1 - u1)) * cos(2 * M_PI * u2);
}

double stats_rng_lognormal(struct stats_rng *rng, double cv)
{
	return exp(sqrt(log(1 + cv * cv)) * stats_rng_gauss(rng));
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double stats_quantile_sorted(const double *sorted, size_t n, double q)
{
	double pos, frac;
	size_t i;

	if (!n)
		return NAN;
	pos = q * (double)(n - 1);
	i = (size_t)pos;
	if (i >= n - 1)
		return sorted[n - 1];
	frac = pos - (double)i;
	return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

/* median of buf[0..n), which it sorts */
static double median_inplace(double *buf, size_t n)
{
	qsort(buf, n, sizeof(*buf), cmp_double);
	return stats_quantile_sorted(buf, n, 0.5);
}

double stats_median(const double *x, size_t n)
{
	double *buf, m;

	if (!n)
		return NAN;
	buf = malloc(n * sizeof(*buf));
	if (!buf)
		return NAN;
	memcpy(buf, x, n * sizeof(*buf));
	m = median_inplace(buf, n);
	free(buf);
	return m;
}

double stats_mean(const double *x, size_t n)
{
	double sum = 0;
	size_t i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++)
		sum += x[i];
	return sum / (double)n;
}

double stats_cv(const double *x, size_t n)
{
	double mean, ss = 0;
	size_t i;

	if (n < 2)
		return NAN;
	mean = stats_mean(x, n);
	if (mean == 0)
		return NAN;
	for (i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return sqrt(ss / (double)(n - 1)) / fabs(mean);
}

/* the central level-interval of the bootstrap replicates, which it sorts */
static void percentile_interval(double *boot, unsigned int iters, double level,
				double *lo, double *hi)
{
	qsort(boot, iters, sizeof(*boot), cmp_double);
	*lo = stats_quantile_sorted(boot, iters, (1 - level) / 2);
	*hi = stats_quantile_sorted(boot, iters, 1 - (1 - level) / 2);
}

/* median of a resample with replacement of x[0..n), using buf */
static double resampled_median(struct stats_rng *rng, const double *x,
			       size_t n, double *buf)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = x[stats_rng_below(rng, n)];
	return median_inplace(buf, n);
}

/*
 * The central level-interval of @iters bootstrap replicates of a
 * statistic: @draw computes one from resamples it draws with @rng, using
 * @buf (room for @bufn values) as scratch.
 */
static int bootstrap_interval(unsigned int iters, double level, uint64_t seed,
			      size_t bufn,
			      double (*draw)(struct stats_rng *rng, double *buf,
					     const void *arg),
			      const void *arg, double *lo, double *hi)
{
	struct stats_rng rng;
	double *boot, *buf;
	unsigned int it;
	int ret = -ENOMEM;

	boot = malloc(iters * sizeof(*boot));
	buf = malloc(bufn * sizeof(*buf));
	if (!boot || !buf)
		goto out;
	stats_rng_seed(&rng, seed);
	for (it = 0; it < iters; it++)
		boot[it] = draw(&rng, buf, arg);
	percentile_interval(boot, iters, level, lo, hi);
	ret = 0;
out:
	free(boot);
	free(buf);
	return ret;
}

struct ratio_arg {
	const struct stats_pair *pairs;
	size_t npairs;
	double *const *logr;	/* a paired comparison's log ratios, or NULL */
	const size_t *nlogr;
};

/*
 * log(cand / base) of the runs of p that ran in one round, into logr
 * (room for p->nbase): their count, 0 when p carries no rounds, a round
 * repeats on a side, or a value is not positive.
 */
static size_t round_log_ratios(const struct stats_pair *p, double *logr)
{
	size_t i, j, n = 0;

	if (!p->rbase || !p->rcand)
		return 0;
	for (i = 0; i < p->nbase; i++) {
		const double *c = NULL;

		if (p->rbase[i] < 0)
			continue;
		for (j = 0; j < p->nbase; j++)
			if (j != i && p->rbase[j] == p->rbase[i])
				return 0;
		for (j = 0; j < p->ncand; j++) {
			if (p->rcand[j] != p->rbase[i])
				continue;
			if (c)
				return 0;
			c = &p->cand[j];
		}
		if (!c)
			continue;
		if (!(*c > 0) || !(p->base[i] > 0))
			return 0;
		logr[n++] = log(*c / p->base[i]);
	}
	return n;
}

/* log of one comparison's ratio, from resamples when rng is not NULL */
static double log_ratio(const struct ratio_arg *ra, size_t i,
			struct stats_rng *rng, double *buf)
{
	const struct stats_pair *p = &ra->pairs[i];
	double mb, mc;

	if (ra->nlogr[i]) {
		if (!rng)
			return stats_median(ra->logr[i], ra->nlogr[i]);
		return resampled_median(rng, ra->logr[i], ra->nlogr[i], buf);
	}
	if (!rng)
		return log(stats_median(p->cand, p->ncand) /
			   stats_median(p->base, p->nbase));
	mb = resampled_median(rng, p->base, p->nbase, buf);
	mc = resampled_median(rng, p->cand, p->ncand, buf);
	/* a resample of positive values stays positive */
	return log(mc / mb);
}

/* geometric mean over the comparisons of their resampled ratios */
static double ratio_replicate(struct stats_rng *rng, double *buf,
			      const void *arg)
{
	const struct ratio_arg *ra = arg;
	double logsum = 0;
	size_t i;

	for (i = 0; i < ra->npairs; i++)
		logsum += log_ratio(ra, i, rng, buf);
	return exp(logsum / (double)ra->npairs);
}

int stats_ratio_ci(const struct stats_pair *pairs, size_t npairs,
		   unsigned int iters, double level, uint64_t seed,
		   double *est, double *lo, double *hi)
{
	struct ratio_arg ra = { pairs, npairs, NULL, NULL };
	double **logr = NULL, *store = NULL;
	size_t *nlogr = NULL, i, maxn = 0, total = 0;
	int ret = -EINVAL;

	if (!npairs || !iters || level <= 0 || level >= 1)
		return -EINVAL;
	for (i = 0; i < npairs; i++) {
		if (!pairs[i].nbase || !pairs[i].ncand ||
		    !(stats_median(pairs[i].base, pairs[i].nbase) > 0) ||
		    !(stats_median(pairs[i].cand, pairs[i].ncand) > 0))
			return -EINVAL;
		total += pairs[i].nbase;
		if (pairs[i].nbase > maxn)
			maxn = pairs[i].nbase;
		if (pairs[i].ncand > maxn)
			maxn = pairs[i].ncand;
	}
	logr = calloc(npairs, sizeof(*logr));
	nlogr = calloc(npairs, sizeof(*nlogr));
	store = malloc(total * sizeof(*store));
	if (!logr || !nlogr || !store) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0, total = 0; i < npairs; i++) {
		logr[i] = store + total;
		nlogr[i] = round_log_ratios(&pairs[i], logr[i]);
		if (nlogr[i] < STATS_ROUNDS_MIN)
			nlogr[i] = 0;
		total += pairs[i].nbase;
	}
	ra.logr = logr;
	ra.nlogr = nlogr;
	*est = ratio_replicate(NULL, NULL, &ra);
	ret = bootstrap_interval(iters, level, seed, maxn, ratio_replicate, &ra,
				 lo, hi);
out:
	free(logr);
	free(nlogr);
	free(store);
	return ret;
}

struct median_arg {
	const double *x;
	size_t n;
};

static double median_replicate(struct stats_rng *rng, double *buf,
			       const void *arg)
{
	const struct median_arg *ma = arg;

	return resampled_median(rng, ma->x, ma->n, buf);
}

int stats_median_ci(const double *x, size_t n, unsigned int iters,
		    double level, uint64_t seed, double *lo, double *hi)
{
	struct median_arg ma = { x, n };

	if (!n || !iters || level <= 0 || level >= 1)
		return -EINVAL;
	return bootstrap_interval(iters, level, seed, n, median_replicate, &ma,
				  lo, hi);
}

/*
 * counts[u] for u in [0, na*nb]: in how many of the C(na+nb, na) orderings
 * of two tie-free samples U takes the value u.  These are the coefficients
 * of the Gaussian binomial [na+nb choose na]_q = prod (1 - q^(nb+i)) /
 * (1 - q^i), i = 1..na, built one factor at a time; every intermediate is
 * a polynomial with integer coefficients below C(50, 25) < 2^53, so doubles
 * hold them exactly.
 */
static double *mw_exact_counts(size_t na, size_t nb)
{
	size_t deg = na * nb + na + nb, i, d;
	double *c = calloc(deg + 1, sizeof(*c));

	if (!c)
		return NULL;
	c[0] = 1;
	for (i = 1; i <= na; i++) {
		for (d = deg; d >= nb + i; d--)
			c[d] -= c[d - (nb + i)];
		for (d = i; d <= deg; d++)
			c[d] += c[d - i];
	}
	return c;
}

struct ranked {
	double v;
	int from_a;
};

static int cmp_ranked(const void *x, const void *y)
{
	return cmp_double(&((const struct ranked *)x)->v,
			  &((const struct ranked *)y)->v);
}

/*
 * Ranks the pooled samples (ties get their mean rank) and returns a's sum
 * of ranks and the tie term sum(t^3 - t) over groups of t equal values.
 */
static int rank_pooled(const double *a, size_t na, const double *b,
		       size_t nb, double *ranksum, double *ties)
{
	size_t n = na + nb, i, j, k;
	struct ranked *r = malloc(n * sizeof(*r));

	if (!r)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		r[i].v = i < na ? a[i] : b[i - na];
		r[i].from_a = i < na;
	}
	qsort(r, n, sizeof(*r), cmp_ranked);
	*ranksum = 0;
	*ties = 0;
	for (i = 0; i < n; i = j) {
		double t, rank;

		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		t = (double)(j - i);
		rank = (double)(i + 1 + j) / 2;	/* mean of ranks i+1..j */
		for (k = i; k < j; k++)
			if (r[k].from_a)
				*ranksum += rank;
		*ties += t * t * t - t;
	}
	free(r);
	return 0;
}

int stats_mann_whitney(const double *a, size_t na, const double *b,
		       size_t nb, struct stats_mw *res)
{
	size_t n = na + nb, i;
	double ranksum, ties, mu, var;
	int ret;

	if (!na || !nb)
		return -EINVAL;
	ret = rank_pooled(a, na, b, nb, &ranksum, &ties);
	if (ret)
		return ret;
	res->u = ranksum - (double)na * (double)(na + 1) / 2;
	mu = (double)na * (double)nb / 2;

	if (ties == 0 && na <= STATS_MW_EXACT_MAX && nb <= STATS_MW_EXACT_MAX) {
		double *c = mw_exact_counts(na, nb), total = 0, tail = 0;
		double k = fmin(res->u, (double)(na * nb) - res->u);

		if (!c)
			return -ENOMEM;
		for (i = 0; i <= na * nb; i++) {
			total += c[i];
			if ((double)i <= k)
				tail += c[i];
		}
		free(c);
		res->p = fmin(1, 2 * tail / total);
		res->exact = 1;
		return 0;
	}

	var = (double)na * (double)nb / 12 *
	      ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
	res->exact = 0;
	if (var <= 0) {
		/* every value tied: no evidence of any difference */
		res->p = 1;
		return 0;
	}
	/* continuity correction, as U moves in steps of 1/2 at most */
	res->p = erfc(fmax(0, fabs(res->u - mu) - 0.5) / sqrt(var) / M_SQRT2);
	res->p = fmin(1, res->p);
	return 0;
}

/* P(Z > x) for a standard normal Z */
static double normal_upper(double x)
{
	return erfc(x / M_SQRT2) / 2;
}

/* z with P(Z > z) = p for a standard normal Z, p in (0, 0.5] */
static double normal_upper_quantile(double p)
{
	double lo = 0, hi = 40;
	int i;

	for (i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;

		if (normal_upper(mid) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/*
 * k such that [d_(k+1), d_(N-k)] of the N = na * nb sorted differences is
 * the level interval of the shift: the largest k with P(U <= k - 1) at
 * most (1 - level) / 2 under "no shift", from the exact U distribution
 * where stats_mann_whitney() uses it, else its normal approximation.
 */
static int moses_k(size_t na, size_t nb, double level, size_t *k)
{
	double alpha = (1 - level) / 2, nm = (double)na * (double)nb;

	if (na <= STATS_MW_EXACT_MAX && nb <= STATS_MW_EXACT_MAX) {
		double *c = mw_exact_counts(na, nb), total = 0, cum = 0;
		size_t u;

		if (!c)
			return -ENOMEM;
		for (u = 0; u <= na * nb; u++)
			total += c[u];
		/* counts are exact integers; alpha is not (1 - 0.8 < 0.2) */
		for (u = 0; u <= na * nb &&
			    cum + c[u] <= alpha * total * (1 + 1e-9); u++)
			cum += c[u];
		free(c);
		*k = u;
		return 0;
	}
	*k = (size_t)fmax(0, floor(nm / 2 - normal_upper_quantile(alpha) *
				   sqrt(nm * (double)(na + nb + 1) / 12)));
	return 0;
}

int stats_shift_ci(const double *base, size_t nbase, const double *cand,
		   size_t ncand, double level, double *est, double *lo,
		   double *hi)
{
	size_t n = nbase * ncand, i, j, k;
	double *d;
	int ret;

	if (!nbase || !ncand || level <= 0 || level >= 1)
		return -EINVAL;
	for (i = 0; i < nbase; i++)
		if (!(base[i] > 0))
			return -EINVAL;
	for (i = 0; i < ncand; i++)
		if (!(cand[i] > 0))
			return -EINVAL;
	ret = moses_k(nbase, ncand, level, &k);
	if (ret)
		return ret;
	d = malloc(n * sizeof(*d));
	if (!d)
		return -ENOMEM;
	for (i = 0; i < ncand; i++)
		for (j = 0; j < nbase; j++)
			d[i * nbase + j] = log(cand[i]) - log(base[j]);
	qsort(d, n, sizeof(*d), cmp_double);
	*est = exp(stats_quantile_sorted(d, n, 0.5));
	/* too few runs for this level: the interval is unbounded */
	*lo = k ? exp(d[k - 1]) : 0;
	*hi = k ? exp(d[n - k]) : INFINITY;
	free(d);
	return 0;
}

size_t stats_mw_min_n(double alpha)
{
	double central = 2;	/* C(2n, n) for n = 1 */
	size_t n = 1;

	/* fully separated samples: two-sided p = 2 / C(2n, n) */
	while (2 / central >= alpha && n < STATS_MW_EXACT_MAX) {
		central = central * (double)(2 * n + 1) * (double)(2 * n + 2) /
			  ((double)(n + 1) * (double)(n + 1));
		n++;
	}
	return n;
}

double stats_fdr_cut(double *p, size_t m, double q)
{
	size_t k;

	if (!m)
		return 0;
	qsort(p, m, sizeof(*p), cmp_double);
	/* step up: the largest k whose p_(k) <= k q / m takes all below it */
	for (k = m; k > 0; k--)
		if (p[k - 1] <= q * (double)k / (double)m)
			return p[k - 1];
	return 0;
}

int stats_cmp_level(const double *base, size_t nbase, const double *cand,
		    size_t ncand, double level, struct stats_cmp *cmp)
{
	struct stats_mw mw;
	int ret;

	memset(cmp, 0, sizeof(*cmp));
	cmp->nbase = nbase;
	cmp->ncand = ncand;
	cmp->med_base = stats_median(base, nbase);
	cmp->med_cand = stats_median(cand, ncand);
	cmp->cv_base = stats_cv(base, nbase);
	cmp->cv_cand = stats_cv(cand, ncand);
	ret = stats_shift_ci(base, nbase, cand, ncand, level, &cmp->ratio,
			     &cmp->lo, &cmp->hi);
	if (ret)
		return ret;
	ret = stats_mann_whitney(cand, ncand, base, nbase, &mw);
	if (ret)
		return ret;
	cmp->p = mw.p;
	cmp->exact = mw.exact;
	return 0;
}

int stats_compare(const double *base, size_t nbase, const double *cand,
		  size_t ncand, struct stats_cmp *cmp)
{
	return stats_cmp_level(base, nbase, cand, ncand, STATS_LEVEL, cmp);
}

/* the loss from j->cmp's interval, and the verdict; @p_ok: significant */
static void judge_interval(struct stats_judgement *j, int lower_better,
			   double max_drop, int p_ok)
{
	const struct stats_cmp *c = &j->cmp;

	if (lower_better) {
		j->loss = c->ratio - 1;
		j->loss_lo = c->lo - 1;
		j->loss_hi = c->hi - 1;
	} else {
		j->loss = 1 - c->ratio;
		j->loss_lo = 1 - c->hi;
		j->loss_hi = 1 - c->lo;
	}
	if (j->loss_lo > max_drop && p_ok)
		j->verdict = STATS_REGRESSION;
	else if (j->loss_hi <= max_drop)
		j->verdict = STATS_PASS;
	else
		j->verdict = STATS_CANNOT;
}

static int judge_params_ok(double max_drop, double confidence)
{
	return max_drop >= 0 && max_drop < 1 && confidence > 0.5 && confidence < 1;
}

int stats_judge(const double *base, size_t nbase, const double *cand,
		size_t ncand, int lower_better, double max_drop,
		double confidence, struct stats_judgement *j)
{
	struct stats_cmp *c = &j->cmp;
	int ret;

	if (!judge_params_ok(max_drop, confidence))
		return -EINVAL;
	ret = stats_cmp_level(base, nbase, cand, ncand, 2 * confidence - 1, c);
	if (ret)
		return ret;
	judge_interval(j, lower_better, max_drop, c->p < 1 - confidence);
	return 0;
}

/*
 * Counts of subsets of the ranks 1..n by their sum: the signed-rank
 * statistic's exact null distribution over 2^n sign patterns.  Counts stay
 * below C(50, 25) < 2^53 for n <= 50, so doubles hold them exactly.
 */
static double *sr_exact_counts(size_t n)
{
	size_t max = n * (n + 1) / 2, i, s;
	double *c = calloc(max + 1, sizeof(*c));

	if (!c)
		return NULL;
	c[0] = 1;
	for (i = 1; i <= n; i++)
		for (s = max; s >= i; s--)
			c[s] += c[s - i];
	return c;
}

/*
 * The positive-rank sum of d (zeros dropped, ties at their mean rank), the
 * number of nonzero values and the tie term sum(t^3 - t).
 */
static int sr_statistic(const double *d, size_t n, double *tplus,
			size_t *nz, double *ties)
{
	double *a = malloc(n * sizeof(*a));
	size_t i, j, k, m = 0;

	if (!a)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		if (d[i] != 0)
			a[m++] = fabs(d[i]);
	qsort(a, m, sizeof(*a), cmp_double);
	*tplus = 0;
	*ties = 0;
	for (i = 0; i < m; i = j) {
		double t, rank;

		for (j = i + 1; j < m && a[j] == a[i]; j++)
			;
		t = (double)(j - i);
		rank = (double)(i + 1 + j) / 2;
		/* each |d| of this group that came from a positive d */
		for (k = 0; k < n; k++)
			if (d[k] > 0 && fabs(d[k]) == a[i])
				*tplus += rank;
		*ties += t * t * t - t;
	}
	*nz = m;
	free(a);
	return 0;
}

int stats_signed_rank_ci(const double *base, const double *cand, size_t n,
			 double level, double *est, double *lo, double *hi,
			 double *p, int *exact)
{
	size_t m = n * (n + 1) / 2, i, j, w = 0, k = 0, nz;
	double alpha = (1 - level) / 2, *d, *walsh, tplus, ties, *c = NULL;
	int ret = -ENOMEM;

	if (!n || level <= 0 || level >= 1)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (!(base[i] > 0) || !(cand[i] > 0))
			return -EINVAL;
	d = malloc(n * sizeof(*d));
	walsh = malloc(m * sizeof(*walsh));
	if (!d || !walsh)
		goto out;
	for (i = 0; i < n; i++)
		d[i] = log(cand[i] / base[i]);
	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
			walsh[w++] = (d[i] + d[j]) / 2;
	qsort(walsh, m, sizeof(*walsh), cmp_double);
	*est = exp(stats_quantile_sorted(walsh, m, 0.5));
	ret = sr_statistic(d, n, &tplus, &nz, &ties);
	if (ret)
		goto out;
	ret = -ENOMEM;
	/* k: the largest with P(T <= k - 1) <= alpha, T over all n pairs */
	if (n <= STATS_SR_EXACT_MAX) {
		double total = ldexp(1, (int)n), cum = 0;

		c = sr_exact_counts(n);
		if (!c)
			goto out;
		for (k = 0; k <= m && cum + c[k] <= alpha * total * (1 + 1e-9); k++)
			cum += c[k];
	} else {
		double nn = (double)n;

		k = (size_t)fmax(0, floor(nn * (nn + 1) / 4 - normal_upper_quantile(alpha) *
					  sqrt(nn * (nn + 1) * (2 * nn + 1) / 24)));
	}
	*lo = k ? exp(walsh[k - 1]) : 0;
	*hi = k ? exp(walsh[m - k]) : INFINITY;

	/* the test of "no shift" on the nonzero differences */
	*exact = nz && !ties && nz <= STATS_SR_EXACT_MAX;
	if (!nz) {
		*p = 1;
	} else if (*exact) {
		double *cz = nz == n && c ? c : sr_exact_counts(nz);
		double mz = (double)(nz * (nz + 1) / 2), t = fmin(tplus, mz - tplus);
		double tail = 0;

		if (!cz)
			goto out;
		for (i = 0; (double)i <= t; i++)
			tail += cz[i];
		*p = fmin(1, 2 * tail / ldexp(1, (int)nz));
		if (cz != c)
			free(cz);
	} else {
		double nn = (double)nz, mu = nn * (nn + 1) / 4;
		double var = nn * (nn + 1) * (2 * nn + 1) / 24 - ties / 48;

		*p = var > 0 ? fmin(1, erfc(fmax(0, fabs(tplus - mu) - 0.5) /
					    sqrt(var) / M_SQRT2)) : 1;
	}
	ret = 0;
out:
	free(c);
	free(walsh);
	free(d);
	return ret;
}

int stats_judge_paired(const double *base, const double *cand, size_t n,
		       int lower_better, double max_drop, double confidence,
		       struct stats_judgement *j)
{
	struct stats_cmp *c = &j->cmp;
	int ret;

	if (!judge_params_ok(max_drop, confidence))
		return -EINVAL;
	memset(c, 0, sizeof(*c));
	c->nbase = c->ncand = n;
	c->med_base = stats_median(base, n);
	c->med_cand = stats_median(cand, n);
	c->cv_base = stats_cv(base, n);
	c->cv_cand = stats_cv(cand, n);
	c->paired = 1;
	ret = stats_signed_rank_ci(base, cand, n, 2 * confidence - 1,
				   &c->ratio, &c->lo, &c->hi, &c->p, &c->exact);
	if (ret)
		return ret;
	/* the interval's bound is the one-sided test's rejection */
	judge_interval(j, lower_better, max_drop, 1);
	return 0;
}

/* 1 when a round occurs twice in r[0..n) */
static int rounds_repeat(const int *r, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = i + 1; k < n; k++)
			if (r[i] == r[k])
				return 1;
	return 0;
}

double stats_runs_to_decide(const struct stats_judgement *j, size_t n,
			    double max_drop)
{
	double half, gap;

	if (!n || !isfinite(j->loss_lo) || !isfinite(j->loss_hi))
		return NAN;
	/* a loss within the tolerance needs its high end under it, else its low end over */
	if (j->loss <= max_drop) {
		half = j->loss_hi - j->loss;
		gap = max_drop - j->loss;
	} else {
		half = j->loss - j->loss_lo;
		gap = j->loss - max_drop;
	}
	if (!(gap > 0))
		return INFINITY;
	return ceil(n * (half / gap) * (half / gap));
}

double stats_decide_chance(const struct stats_judgement *j, size_t n,
			   size_t more, double max_drop, double confidence)
{
	double z = normal_upper_quantile(1 - confidence);
	double f = (double)n / (n + more);
	double se_hi = (j->loss_hi - j->loss) / z, se_lo = (j->loss - j->loss_lo) / z;

	if (!n || !more || !isfinite(se_hi) || !isfinite(se_lo) ||
	    !(se_hi > 0) || !(se_lo > 0))
		return NAN;
	/* PASS: loss_hi under max_drop; REGRESSION: loss_lo over it */
	return normal_upper((j->loss - (max_drop - z * se_hi * sqrt(f))) /
			    (se_hi * sqrt(1 - f))) +
	       normal_upper((max_drop + z * se_lo * sqrt(f) - j->loss) /
			    (se_lo * sqrt(1 - f)));
}

int stats_judge_rounds(const double *base, const int *rb, size_t nbase,
		       const double *cand, const int *rc, size_t ncand,
		       size_t min_pairs, int lower_better, double max_drop,
		       double confidence, struct stats_judgement *j)
{
	double *pb = NULL, *pc = NULL;
	size_t i, k, np = 0;
	int ret;

	if (rb && rc && !rounds_repeat(rb, nbase) && !rounds_repeat(rc, ncand)) {
		pb = malloc(ncand * sizeof(*pb));
		pc = malloc(ncand * sizeof(*pc));
		if (!pb || !pc) {
			ret = -ENOMEM;
			goto out;
		}
		for (i = 0; i < ncand; i++)
			for (k = 0; k < nbase; k++)
				if (rb[k] == rc[i]) {
					pb[np] = base[k];
					pc[np++] = cand[i];
					break;
				}
	}
	if (np >= min_pairs && np >= STATS_PAIRED_MIN)
		ret = stats_judge_paired(pb, pc, np, lower_better, max_drop,
					 confidence, j);
	else
		ret = stats_judge(base, nbase, cand, ncand, lower_better,
				  max_drop, confidence, j);
out:
	free(pb);
	free(pc);
	return ret;
}
