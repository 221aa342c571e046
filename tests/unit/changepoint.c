// SPDX-License-Identifier: GPL-2.0
/*
 * changepoint.c: checks harness/lib/changepoint.c on series made by hand
 * with seeded noise: a clear step is found at the right sweep with its
 * shift, a constant noisy series gives none, nor does a series whose level
 * wanders from sweep to sweep while its runs are tight (the sweep, not the
 * run, is the unit), two steps give two change points, the same seed gives
 * the same answer, a series too short to judge gives none, a setup change
 * at the step is named, and bad input is refused.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/changepoint.h"
#include "lib/stats.h"
#include "check.h"

#define MAXS 40
#define RUNS 7

static double vals[MAXS][RUNS];
static struct cp_sweep sw[MAXS];

/* n sweeps at level[i], each level times exp(N(0, sweep_sd)), runs at run_sd */
static void make(const double *level, size_t n, double run_sd, double sweep_sd,
		 uint64_t seed)
{
	struct stats_rng rng;
	size_t i, j;

	stats_rng_seed(&rng, seed);
	for (i = 0; i < n; i++) {
		double l = level[i] * exp(sweep_sd * stats_rng_gauss(&rng));

		for (j = 0; j < RUNS; j++)
			vals[i][j] = l * exp(run_sd * stats_rng_gauss(&rng));
		sw[i].v = vals[i];
		sw[i].n = RUNS;
		sw[i].setup = NULL;
	}
}

static void steps(double *level, size_t n, size_t at1, double f1, size_t at2,
		  double f2)
{
	size_t i;

	for (i = 0; i < n; i++)
		level[i] = 1000 * (i >= at1 ? f1 : 1) * (at2 && i >= at2 ? f2 : 1);
}

static void test_min_sweeps(void)
{
	struct cp_params par;

	cp_params_default(&par);
	/* 2 / C(9, 4) = 0.0159 > 0.01 >= 2 / C(10, 5) = 0.0079 */
	par.p = 0.01;
	CHECK(cp_min_sweeps(&par) == 10);
	/* 2 / C(11, 5) = 0.0043 */
	par.p = 0.005;
	CHECK(cp_min_sweeps(&par) == 11);
	/* never fewer than two minimum segments */
	par.p = 0.5;
	CHECK(cp_min_sweeps(&par) == 6);
}

static void test_one_step(void)
{
	double level[MAXS];
	struct cp_params par;
	struct cp_result r;

	cp_params_default(&par);
	steps(level, 20, 12, 0.8, 0, 1);
	make(level, 20, 0.03, 0.01, 1);
	CHECK(cp_detect(sw, 20, &par, &r) == 0);
	CHECK(r.npts == 1);
	if (r.npts == 1) {
		CHECK(r.pts[0].before == 11 && r.pts[0].after == 12);
		CHECK(r.pts[0].p <= par.p);
		CHECK(r.pts[0].lo < 0.8 * 1.03 && r.pts[0].hi > 0.8 / 1.03);
		CHECK(r.pts[0].hi < 1);
		CHECK(r.pts[0].seg_from == 0 && r.pts[0].seg_to == 20);
		CHECK(r.pts[0].setup_change == -1);
	}
	CHECK(r.nsetup == 0);
	cp_result_free(&r);
}

static void test_none(void)
{
	double level[MAXS];
	struct cp_params par;
	struct cp_result r;
	uint64_t seed;

	cp_params_default(&par);
	steps(level, 30, 30, 1, 0, 1);
	for (seed = 1; seed <= 5; seed++) {
		/* noisy runs, a steady level */
		make(level, 30, 0.10, 0, seed);
		CHECK(cp_detect(sw, 30, &par, &r) == 0);
		CHECK(r.npts == 0);
		cp_result_free(&r);
		/*
		 * tight runs, a level that wanders by 5% between sweeps: the
		 * runs alone would call most boundaries a change
		 */
		make(level, 30, 0.01, 0.05, seed + 100);
		CHECK(cp_detect(sw, 30, &par, &r) == 0);
		CHECK(r.npts == 0);
		cp_result_free(&r);
	}
}

static void test_two_steps(void)
{
	double level[MAXS];
	struct cp_params par;
	struct cp_result r;

	cp_params_default(&par);
	steps(level, 30, 10, 0.7, 20, 1 / 0.7);
	make(level, 30, 0.05, 0.01, 7);
	CHECK(cp_detect(sw, 30, &par, &r) == 0);
	CHECK(r.npts == 2);
	if (r.npts == 2) {
		CHECK(r.pts[0].after == 10 && r.pts[1].after == 20);
		/* each shift is over its own segments: 0-9 | 10-19 | 20-29 */
		CHECK(r.pts[0].seg_from == 0 && r.pts[0].seg_to == 20);
		CHECK(r.pts[1].seg_from == 10 && r.pts[1].seg_to == 30);
		CHECK(r.pts[0].hi < 1 && r.pts[1].lo > 1);
		CHECK(fabs(r.pts[0].shift - 0.7) < 0.05);
	}
	cp_result_free(&r);
}

static void test_reproducible(void)
{
	double level[MAXS];
	struct cp_params par;
	struct cp_result a, b;

	cp_params_default(&par);
	par.seed = 42;
	steps(level, 24, 9, 0.93, 0, 1);
	make(level, 24, 0.05, 0.02, 3);
	CHECK(cp_detect(sw, 24, &par, &a) == 0);
	CHECK(cp_detect(sw, 24, &par, &b) == 0);
	CHECK(a.npts == b.npts);
	if (a.npts == b.npts && a.npts)
		CHECK(memcmp(a.pts, b.pts, a.npts * sizeof(*a.pts)) == 0);
	cp_result_free(&a);
	cp_result_free(&b);
}

static void test_short_and_setup(void)
{
	static const char *setups[] = { "k1|fio-3.33|e1|loop 1024 MiB|",
					"k2|fio-3.33|e1|loop 1024 MiB|" };
	double level[MAXS];
	struct cp_params par;
	struct cp_result r;
	size_t i;

	cp_params_default(&par);
	/* a clean halving in 8 sweeps cannot reach p = 0.005 over sweeps */
	steps(level, 8, 4, 0.5, 0, 1);
	make(level, 8, 0.01, 0, 5);
	CHECK(cp_detect(sw, 8, &par, &r) == 0);
	CHECK(r.npts == 0);
	cp_result_free(&r);

	/* a step where the kernel changed, and a later setup change without one */
	steps(level, 24, 12, 0.8, 0, 1);
	make(level, 24, 0.01, 0, 9);
	for (i = 0; i < 24; i++)
		sw[i].setup = setups[i >= 12 && i < 18];
	CHECK(cp_detect(sw, 24, &par, &r) == 0);
	CHECK(r.nsetup == 2);
	if (r.nsetup == 2)
		CHECK(r.setup_changes[0] == 12 && r.setup_changes[1] == 18);
	CHECK(r.npts == 1);
	if (r.npts == 1) {
		CHECK(r.pts[0].after == 12 && r.pts[0].setup_change == 12);
		/* the shift's right segment stops at the next setup change */
		CHECK(r.pts[0].seg_from == 0 && r.pts[0].seg_to == 18);
	}
	cp_result_free(&r);
}

static void test_bad_input(void)
{
	double level[MAXS];
	struct cp_params par;
	struct cp_result r;
	const char *why;

	cp_params_default(&par);
	steps(level, 12, 12, 1, 0, 1);
	make(level, 12, 0.03, 0, 11);
	vals[3][2] = 0;
	CHECK(cp_detect(sw, 12, &par, &r) == -EINVAL);
	vals[3][2] = 1000;
	sw[4].n = 0;
	CHECK(cp_detect(sw, 12, &par, &r) == -EINVAL);
	sw[4].n = RUNS;
	par.p = 0.01;
	par.permutations = 50;
	CHECK(cp_params_check(&par, &why) == -EINVAL);
	CHECK(cp_detect(sw, 12, &par, &r) == -EINVAL);
	par.permutations = 99;
	CHECK(cp_params_check(&par, &why) == 0);
	par.min_seg = 1;
	CHECK(cp_params_check(&par, &why) == -EINVAL);
}

int main(void)
{
	test_min_sweeps();
	test_one_step();
	test_none();
	test_two_steps();
	test_reproducible();
	test_short_and_setup();
	test_bad_input();
	return check_done("changepoint");
}
