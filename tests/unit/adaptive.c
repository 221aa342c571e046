// SPDX-License-Identifier: GPL-2.0
/*
 * adaptive.c: unit test of the adaptive-repeat rule on rows of known
 * values: a steady cell is settled at 5 runs and gets none, a noisy one
 * gets runs until its budget is spent, rounds interleave the cells still
 * short, failed runs and per-host rows do not count, and a budget of 0
 * turns it all off.  Paired cells settle when the gate's test decides the
 * pair (an A/A pair and a 30% drop at once, a noisy pair never), on CPU
 * per I/O too unless fio's CPU time is too short to resolve it, and on the
 * metrics --adaptive-metric names (a p99, unless it rests on too few I/Os).
 * A pair that the runs left cannot decide stops (unless full); one they
 * may decide goes on.
 */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "lib/stats.h"
#include "sweep/adaptive.h"

/* runs noted per cell: the next one's repeat, as the sweep numbers them */
static int reps[8];

static void note_ios(struct adaptive *a, int ci, const char *status,
		     double iops, double cpu, const char *host, double ios)
{
	struct result_row r;

	result_row_init(&r);
	r.repeat = ++reps[ci];
	r.fio_ios = ios;
	strcpy(r.status, status);
	strcpy(r.dim_req[DIM_HOST], host);
	r.iops = iops;
	r.cpu_per_io_us = cpu;
	CHECK(!adaptive_note(a, ci, &r));
}

static void note(struct adaptive *a, int ci, const char *status, double iops,
		 double cpu, const char *host)
{
	note_ios(a, ci, status, iops, cpu, host, NAN);
}

/* 5 runs of cells base and cand: IOPS b[] and c[] x scale, CPU us bc[], cc[] */
static void pair_runs(struct adaptive *a, int base, int cand, const double *b,
		      const double *c, double scale, const double *bc,
		      const double *cc, double ios)
{
	int i;

	adaptive_pair(a, cand, base);
	for (i = 0; i < 5; i++) {
		note_ios(a, base, "ok", b[i], bc[i], "", ios);
		note_ios(a, cand, "ok", scale * c[i], cc[i], "", ios);
	}
}

int main(void)
{
	/* cell 0 within 0.5%; cell 1 spread +-40%; cell 2 steady but 4 runs */
	static const double steady[] = { 1000, 1002, 998, 1001, 999 };
	static const double noisy[] = { 600, 1400, 1000, 700, 1300 };
	static const double cpu[] = { 2.00, 2.01, 1.99, 2.00, 2.02 };
	static const double cpu_noisy[] = { 1.2, 2.8, 2.0, 1.4, 2.6 };
	struct adaptive a;
	int i, ci, rep;

	memset(reps, 0, sizeof(reps));
	CHECK(!adaptive_init(&a, 3, 2, 0.02, 0.05));
	for (i = 0; i < 5; i++) {
		note(&a, 0, "ok", steady[i], 2.0 + steady[i] / 1e5, "");
		note(&a, 1, "ok", noisy[i], 2.0, "");
		if (i < 4)
			note(&a, 2, "ok", steady[i], NAN, "");
	}
	/* neither a failed run nor one host's share of a run counts */
	note(&a, 2, "failed", NAN, NAN, "");
	note(&a, 2, "ok", 1000, NAN, "hostA");
	CHECK(adaptive_settled(&a) == 1);

	/*
	 * round 1: cells 2 and 1 with the next repeat number, 6, and so
	 * backwards, as the sweep runs its even repeats
	 */
	ci = adaptive_next(&a, 5, &rep);
	CHECK(ci == 2 && rep == 6);
	/* the row for all hosts together speaks for the cell: now 5 runs */
	note(&a, 2, "ok", 1000, NAN, "all");
	ci = adaptive_next(&a, 5, &rep);
	CHECK(ci == 1 && rep == 6);
	note(&a, 1, "ok", 1350, 2.0, "");
	/* round 2: cell 2 settled at 5 runs; cell 1 gets its last */
	ci = adaptive_next(&a, 5, &rep);
	CHECK(ci == 1 && rep == 7);
	note(&a, 1, "ok", 650, 2.0, "");
	/* cell 1 spent, the others settled */
	CHECK(adaptive_next(&a, 5, &rep) == -1);
	CHECK(adaptive_next(&a, 5, &rep) == -1);
	CHECK(a.extra_runs == 3);
	CHECK(adaptive_settled(&a) == 2);
	adaptive_free(&a);

	/* a cost that is noisy keeps a cell unsettled though its IOPS are steady */
	CHECK(!adaptive_init(&a, 1, 1, 0.02, 0.05));
	for (i = 0; i < 5; i++)
		note(&a, 0, "ok", steady[i], noisy[i] / 100, "");
	CHECK(adaptive_next(&a, 5, &rep) == 0 && rep == 6);
	adaptive_free(&a);

	/*
	 * pairs: an A/A pair (PASS) and a 30% drop (REGRESSION) are decided at
	 * 5 runs and get none; a noisy pair spends its budget, interleaved
	 */
	memset(reps, 0, sizeof(reps));
	CHECK(!adaptive_init(&a, 6, 3, 0.02, 0.05));
	pair_runs(&a, 0, 1, steady, steady, 1, cpu, cpu, 1e5);
	pair_runs(&a, 2, 3, steady, steady, 0.7, cpu, cpu, 1e5);
	pair_runs(&a, 4, 5, noisy, noisy, 1, cpu, cpu, 1e5);
	CHECK(adaptive_pairs(&a) == 3);
	CHECK(adaptive_settled(&a) == 4);
	for (i = 0; i < 6; i++) {
		ci = adaptive_next(&a, 5, &rep);
		/* 5 then 4 in the even rounds, 4 then 5 in the odd one */
		CHECK(ci == (i / 2 % 2 ? 4 + i % 2 : 5 - i % 2) && rep == 6 + i / 2);
		note_ios(&a, ci, "ok", noisy[i % 5], 2.0, "", 1e5);
	}
	CHECK(adaptive_next(&a, 5, &rep) == -1 && a.extra_runs == 6);
	adaptive_free(&a);

	/*
	 * a device losing 5% a round under an A/A pair: two samples cannot
	 * tell, the runs paired by round can once there are STATS_PAIRED_MIN
	 */
	memset(reps, 0, sizeof(reps));
	CHECK(!adaptive_init(&a, 2, 12, 0.02, 0.05));
	adaptive_pair(&a, 1, 0);
	for (i = 0; i < 5; i++) {
		note_ios(&a, 0, "ok", 1e5 * (1 - 0.05 * i), 2.0, "", 1e5);
		note_ios(&a, 1, "ok", 1e5 * (1 - 0.05 * i) * (i % 2 ? 1.01 : 0.99),
			 2.0, "", 1e5);
	}
	while ((ci = adaptive_next(&a, 5, &rep)) >= 0) {
		i = rep - 1;
		note_ios(&a, ci, "ok", 1e5 * (1 - 0.05 * i) * (ci && i % 2 ? 1.01 :
			 ci ? 0.99 : 1), 2.0, "", 1e5);
	}
	CHECK(adaptive_settled(&a) == 2);
	CHECK(a.extra_runs == 2 * (STATS_PAIRED_MIN - 5));
	adaptive_free(&a);

	/*
	 * steady IOPS, CPU per I/O off by +-40%: not decided, so both run,
	 * side by side, the candidate first in round 6
	 */
	memset(reps, 0, sizeof(reps));
	CHECK(!adaptive_init(&a, 2, 1, 0.02, 0.05));
	pair_runs(&a, 0, 1, steady, steady, 1, cpu, cpu_noisy, 1e5);
	CHECK(adaptive_next(&a, 5, &rep) == 1 && adaptive_next(&a, 5, &rep) == 0);
	adaptive_free(&a);
	/* the same where fio's CPU time (2 ms a run) cannot resolve it: decided */
	memset(reps, 0, sizeof(reps));
	CHECK(!adaptive_init(&a, 2, 1, 0.02, 0.05));
	pair_runs(&a, 0, 1, steady, steady, 1, cpu, cpu_noisy, 1e3);
	CHECK(adaptive_settled(&a) == 2 && adaptive_next(&a, 5, &rep) == -1);
	adaptive_free(&a);

	/*
	 * --adaptive-metric iops,read_clat_p99_us: steady IOPS, p99 off by
	 * +-40% is not decided; the same p99 on 1,000 I/Os a run (10 beyond
	 * it, enough) is not either, on 500 (5 beyond) it is left out as the
	 * gate leaves it; a name that is no numeric column is refused
	 */
	for (i = 0; i < 3; i++) {
		static const double ios[] = { 1e5, 1e3, 5e2 };
		static const char *const m[] = { "iops", "read_clat_p99_us" };
		struct result_row r;
		int k;

		memset(reps, 0, sizeof(reps));
		CHECK(!adaptive_init(&a, 2, 1, 0.02, 0.05));
		CHECK(!adaptive_metrics(&a, m, 2));
		adaptive_pair(&a, 1, 0);
		for (k = 0; k < 10; k++) {
			result_row_init(&r);
			r.repeat = ++reps[k % 2];
			strcpy(r.status, "ok");
			r.iops = steady[k / 2];
			r.fio_ios = ios[i];
			r.read_clat_p99_us = 100 * (k % 2 ? cpu_noisy[k / 2] : cpu[k / 2]);
			CHECK(!adaptive_note(&a, k % 2, &r));
		}
		CHECK(adaptive_settled(&a) == (i == 2 ? 2 : 0));
		adaptive_free(&a);
	}
	CHECK(!adaptive_init(&a, 2, 1, 0.02, 0.05));
	CHECK(adaptive_metrics(&a, (const char *const[]){ "status" }, 1) == -EINVAL);
	CHECK(adaptive_metrics(&a, (const char *const[]){ "bogus" }, 1) == -EINVAL);
	CHECK(adaptive_metrics(&a, NULL, 0) == -EINVAL);
	adaptive_free(&a);

	/*
	 * futile: a loss of 4.5, 5, 5.5% by turns straddles 5% and the runs
	 * left are unlikely to settle it: stopped before the budget, though
	 * not before STATS_PAIRED_MIN pairs, unless full.  A loss of -12, 0,
	 * 12% by turns straddles it too, but more runs may well decide it.
	 */
	for (i = 0; i < 3; i++) {
		static const double loss[][3] = { { 0.045, 0.05, 0.055 },
						  { -0.12, 0, 0.12 } };
		const double *l = loss[i == 2];

		memset(reps, 0, sizeof(reps));
		CHECK(!adaptive_init(&a, 2, 12, 0.02, 0.05));
		a.full = i == 1;
		adaptive_pair(&a, 1, 0);
		for (rep = 0; rep < 5; rep++) {
			note_ios(&a, 0, "ok", 1e5, 2.0, "", 1e5);
			note_ios(&a, 1, "ok", 1e5 * (1 - l[rep % 3]), 2.0, "", 1e5);
		}
		while ((ci = adaptive_next(&a, 5, &rep)) >= 0)
			note_ios(&a, ci, "ok", ci ? 1e5 * (1 - l[(rep - 1) % 3]) :
				 1e5, 2.0, "", 1e5);
		CHECK(adaptive_futile(&a) == !i && adaptive_settled(&a) == (i ? 0 : 2));
		/* the candidate is the futile one, never its base */
		CHECK(adaptive_cell_futile(&a, 1) == !i && !adaptive_cell_futile(&a, 0));
		if (i)
			CHECK(a.extra_runs == 24);
		else
			CHECK(a.extra_runs >= 2 * (STATS_PAIRED_MIN - 5) &&
			      a.extra_runs < 24);
		adaptive_free(&a);
	}

	/* off: nothing recorded, nothing to run */
	CHECK(!adaptive_init(&a, 2, 0, 0.02, 0.05));
	note(&a, 0, "ok", 1000, 2.0, "");
	CHECK(adaptive_next(&a, 5, &rep) == -1);
	adaptive_free(&a);
	return check_done("adaptive");
}
