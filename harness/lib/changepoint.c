// SPDX-License-Identifier: GPL-2.0
/*
 * changepoint.c: E-divisive means over sweep medians with a permutation
 * test over whole sweeps, each split confirmed by the runs' shift interval
 * (see changepoint.h for why the sweep is the unit).
 */
#include "lib/changepoint.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"

void cp_params_default(struct cp_params *par)
{
	par->p = CP_P;
	par->permutations = CP_PERMUTATIONS;
	par->seed = STATS_SEED;
	par->min_seg = CP_MIN_SEG;
	par->level = STATS_LEVEL;
}

int cp_params_check(const struct cp_params *par, const char **why)
{
	if (!(par->p > 0 && par->p < 1)) {
		*why = "p must lie in (0, 1)";
		return -EINVAL;
	}
	/* the smallest permutation p-value is 1 / (permutations + 1) */
	if ((double)par->permutations + 1 < 1 / par->p - 1e-9) {
		*why = "too few permutations for p: at least 1/p - 1 are needed";
		return -EINVAL;
	}
	if (par->min_seg < 2) {
		*why = "a segment needs at least 2 sweeps";
		return -EINVAL;
	}
	if (!(par->level > 0 && par->level < 1)) {
		*why = "the interval's level must lie in (0, 1)";
		return -EINVAL;
	}
	return 0;
}

size_t cp_min_sweeps(const struct cp_params *par)
{
	size_t n;

	/*
	 * A clean step at n/2 is matched by 2 of the C(n, n/2) ways to deal
	 * the sweeps into two halves, so its p-value is about 2 / C(n, n/2).
	 */
	for (n = 2 * par->min_seg;; n++) {
		double c = 1;
		size_t k, h = n / 2;

		for (k = 1; k <= h; k++)
			c = c * (double)(n - h + k) / (double)k;
		if (2 / c <= par->p)
			return n;
	}
}

/*
 * The E-divisive statistic of the best split of x[0..m), as Matteson and
 * James define it: for the first tau values against the next kappa - tau
 * (a and b values), Q = ab/(a+b) (2/(ab) B - W_L/C(a,2) - W_R/C(b,2)) with
 * B the sum of |x_i - x_j| across and W_L, W_R those within each side
 * (alpha = 1).  Letting the second side end before m (kappa) finds a
 * level that leaves and comes back, which one split of the whole cannot.
 * Sums come from a 2-D prefix sum of the distances, so O(m^2).
 */
static double best_split(const double *x, size_t m, size_t min_seg,
			 double *ps, size_t *tau)
{
	size_t w = m + 1, i, j, a, k;
	double best = -INFINITY;

#define PS(i, j) ps[(i) * w + (j)]
#define RECT(i0, i1, j0, j1) \
	(PS(i1, j1) - PS(i0, j1) - PS(i1, j0) + PS(i0, j0))
	for (j = 0; j <= m; j++)
		PS(0, j) = 0;
	for (i = 1; i <= m; i++) {
		double row = 0;

		PS(i, 0) = 0;
		for (j = 1; j <= m; j++) {
			row += fabs(x[i - 1] - x[j - 1]);
			PS(i, j) = PS(i - 1, j) + row;
		}
	}
	*tau = 0;
	for (a = min_seg; a + min_seg <= m; a++) {
		double na = (double)a, wl = RECT(0, a, 0, a) / 2;

		for (k = a + min_seg; k <= m; k++) {
			double nb = (double)(k - a);
			double between = RECT(0, a, a, k);
			double wr = RECT(a, k, a, k) / 2;
			double q = na * nb / (na + nb) *
				   (2 * between / (na * nb) -
				    wl / (na * (na - 1) / 2) -
				    wr / (nb * (nb - 1) / 2));

			if (q > best) {
				best = q;
				*tau = a;
			}
		}
	}
#undef RECT
#undef PS
	return best;
}

struct cp_ctx {
	const struct cp_sweep *s;
	const double *x;	/* log of each sweep's median */
	const struct cp_params *par;
	double *work;
	double *ps;		/* (n + 1)^2 prefix sums for best_split() */
	struct cp_point *pts;
	size_t npts;
};

/* Pools the runs of sweeps [from, to) into one array. */
static double *pool_runs(const struct cp_sweep *s, size_t from, size_t to,
			 size_t *n)
{
	size_t i, k = 0;
	double *v;

	for (i = from; i < to; i++)
		k += s[i].n;
	v = malloc(k * sizeof(*v));
	if (!v)
		return NULL;
	for (i = from, k = 0; i < to; i++) {
		memcpy(v + k, s[i].v, s[i].n * sizeof(*v));
		k += s[i].n;
	}
	*n = k;
	return v;
}

/* The runs' shift of sweeps [mid, to) over [from, mid). */
static int runs_shift(const struct cp_sweep *s, size_t from, size_t mid,
		      size_t to, double level, double *est, double *lo,
		      double *hi)
{
	double *a, *b;
	size_t na, nb;
	int ret = -ENOMEM;

	a = pool_runs(s, from, mid, &na);
	b = pool_runs(s, mid, to, &nb);
	if (a && b)
		ret = stats_shift_ci(a, na, b, nb, level, est, lo, hi);
	free(a);
	free(b);
	return ret;
}

/*
 * The permutation p-value of the best split of x[0..m), shuffling whole
 * sweeps.  Stops as soon as the split can no longer reach p (the value
 * returned is then above p, a lower bound of the true one).
 */
static double perm_p(struct cp_ctx *c, const double *x, size_t m, double q,
		     uint64_t seed)
{
	const struct cp_params *par = c->par;
	double *w = c->work, limit = par->p * (par->permutations + 1.0);
	unsigned int r, hits = 0;
	struct stats_rng rng;
	size_t i, tau;

	stats_rng_seed(&rng, seed);
	memcpy(w, x, m * sizeof(*w));
	for (r = 0; r < par->permutations; r++) {
		for (i = m - 1; i > 0; i--) {
			size_t k = stats_rng_below(&rng, i + 1);
			double t = w[i];

			w[i] = w[k];
			w[k] = t;
		}
		/* a tie with the observed split counts against it */
		if (best_split(w, m, par->min_seg, c->ps, &tau) >= q * (1 - 1e-12) &&
		    ++hits + 1 > limit)
			return (hits + 1.0) / (r + 2.0);
	}
	return (hits + 1.0) / (par->permutations + 1.0);
}

static int bisect(struct cp_ctx *c, size_t from, size_t to)
{
	const struct cp_params *par = c->par;
	size_t m = to - from, tau;
	double q, p, est, lo, hi;
	uint64_t seed;
	int ret;

	if (m < 2 * par->min_seg)
		return 0;
	q = best_split(c->x + from, m, par->min_seg, c->ps, &tau);
	/* one stream per segment, so a result does not hang on the order */
	seed = par->seed ^ ((uint64_t)from * 0x9e3779b97f4a7c15ULL) ^
	       ((uint64_t)to << 32);
	p = perm_p(c, c->x + from, m, q, seed);
	if (p > par->p)
		return 0;
	tau += from;
	ret = runs_shift(c->s, from, tau, to, par->level, &est, &lo, &hi);
	if (ret)
		return ret;
	if (lo <= 1 && hi >= 1)
		return 0;
	c->pts[c->npts].before = tau - 1;
	c->pts[c->npts].after = tau;
	c->pts[c->npts].p = p;
	c->npts++;
	ret = bisect(c, from, tau);
	if (!ret)
		ret = bisect(c, tau, to);
	return ret;
}

/*
 * Each sweep's level: the Hodges-Lehmann location of its runs (the median
 * of their Walsh averages, in logs), as robust to a stray run as the
 * median and nearly as efficient as the mean, so a drop stands out of the
 * run-to-run noise sooner.  It is stats_signed_rank_ci()'s estimate of
 * the runs against a baseline of ones.
 */
static int sweep_levels(const struct cp_sweep *s, size_t n, double *x)
{
	size_t i, most = 0;
	double *ones, lo, hi, p;
	int ret = 0, exact;

	for (i = 0; i < n; i++)
		if (s[i].n > most)
			most = s[i].n;
	ones = malloc(most * sizeof(*ones));
	if (!ones)
		return -ENOMEM;
	for (i = 0; i < most; i++)
		ones[i] = 1;
	for (i = 0; i < n && !ret; i++) {
		ret = stats_signed_rank_ci(ones, s[i].v, s[i].n, STATS_LEVEL,
					   &x[i], &lo, &hi, &p, &exact);
		x[i] = log(x[i]);
	}
	free(ones);
	return ret;
}

static int by_after(const void *a, const void *b)
{
	const struct cp_point *x = a, *y = b;

	return (x->after > y->after) - (x->after < y->after);
}

static int setup_differs(const struct cp_sweep *s, size_t i)
{
	return s[i - 1].setup && s[i].setup &&
	       strcmp(s[i - 1].setup, s[i].setup) != 0;
}

/*
 * Each change point's shift over its neighbouring segments, cut at any
 * other setup change so that runs of two setups are not pooled unless the
 * change point itself is where the setup changed.
 */
static int finish_points(const struct cp_sweep *s, size_t n,
			 const struct cp_params *par, struct cp_result *res)
{
	size_t k, j;
	int ret;

	for (k = 0; k < res->npts; k++) {
		struct cp_point *pt = &res->pts[k];
		size_t from = k ? res->pts[k - 1].after : 0;
		size_t to = k + 1 < res->npts ? res->pts[k + 1].after : n;

		pt->setup_change = -1;
		for (j = 0; j < res->nsetup; j++) {
			size_t sc = res->setup_changes[j];

			if (sc < pt->after && sc > from)
				from = sc;
			if (sc > pt->after && sc < to)
				to = sc;
			if (sc + 1 >= pt->after && sc <= pt->after + 1 &&
			    (pt->setup_change < 0 || sc == pt->after))
				pt->setup_change = (long)sc;
		}
		pt->seg_from = from;
		pt->seg_to = to;
		ret = runs_shift(s, from, pt->after, to, par->level,
				 &pt->shift, &pt->lo, &pt->hi);
		if (ret)
			return ret;
	}
	return 0;
}

int cp_detect(const struct cp_sweep *s, size_t n, const struct cp_params *par,
	      struct cp_result *res)
{
	struct cp_ctx c = { .s = s, .par = par };
	const char *why;
	double *x = NULL;
	size_t i, j;
	int ret;

	memset(res, 0, sizeof(*res));
	ret = cp_params_check(par, &why);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		if (!s[i].n)
			return -EINVAL;
		for (j = 0; j < s[i].n; j++)
			if (!(s[i].v[j] > 0) || !isfinite(s[i].v[j]))
				return -EINVAL;
	}
	ret = -ENOMEM;
	x = malloc((n + 1) * sizeof(*x));
	c.work = malloc((n + 1) * sizeof(*c.work));
	c.ps = malloc((n + 1) * (n + 1) * sizeof(*c.ps));
	res->pts = calloc(n + 1, sizeof(*res->pts));
	res->setup_changes = calloc(n + 1, sizeof(*res->setup_changes));
	if (!x || !c.work || !c.ps || !res->pts || !res->setup_changes)
		goto err;
	ret = sweep_levels(s, n, x);
	if (ret)
		goto err;
	for (i = 1; i < n; i++)
		if (setup_differs(s, i))
			res->setup_changes[res->nsetup++] = i;
	c.x = x;
	c.pts = res->pts;
	if (n >= cp_min_sweeps(par)) {
		ret = bisect(&c, 0, n);
		if (ret)
			goto err;
	}
	res->npts = c.npts;
	qsort(res->pts, res->npts, sizeof(*res->pts), by_after);
	ret = finish_points(s, n, par, res);
	if (ret)
		goto err;
	free(x);
	free(c.work);
	free(c.ps);
	return 0;
err:
	free(x);
	free(c.work);
	free(c.ps);
	cp_result_free(res);
	return ret;
}

void cp_result_free(struct cp_result *res)
{
	free(res->pts);
	free(res->setup_changes);
	memset(res, 0, sizeof(*res));
}
