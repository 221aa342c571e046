// SPDX-License-Identifier: GPL-2.0
/*
 * adaptive.c: unit test of the adaptive-repeat rule on rows of known
 * values: a steady cell is settled at 5 runs and gets none, a noisy one
 * gets runs until its budget is spent, rounds interleave the cells still
 * short, failed runs and per-host rows do not count, and a budget of 0
 * turns it all off.
 */
#include <string.h>

#include "check.h"
#include "sweep/adaptive.h"

static void note(struct adaptive *a, int ci, const char *status, double iops,
		 double cpu, const char *host)
{
	struct result_row r;

	result_row_init(&r);
	strcpy(r.status, status);
	strcpy(r.host, host);
	r.iops = iops;
	r.cpu_per_io_us = cpu;
	CHECK(!adaptive_note(a, ci, &r));
}

int main(void)
{
	/* cell 0 within 0.5%; cell 1 spread +-40%; cell 2 steady but 4 runs */
	static const double steady[] = { 1000, 1002, 998, 1001, 999 };
	static const double noisy[] = { 600, 1400, 1000, 700, 1300 };
	struct adaptive a;
	int i, ci, rep;

	CHECK(!adaptive_init(&a, 3, 2, 0.02));
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

	/* round 1: cells 1 and 2, in order, with the next repeat numbers */
	ci = adaptive_next(&a, 5, &rep);
	CHECK(ci == 1 && rep == 6);
	note(&a, 1, "ok", 1350, 2.0, "");
	ci = adaptive_next(&a, 5, &rep);
	CHECK(ci == 2 && rep == 6);
	/* the row for all hosts together speaks for the cell: now 5 runs */
	note(&a, 2, "ok", 1000, NAN, "all");
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
	CHECK(!adaptive_init(&a, 1, 1, 0.02));
	for (i = 0; i < 5; i++)
		note(&a, 0, "ok", steady[i], noisy[i] / 100, "");
	CHECK(adaptive_next(&a, 5, &rep) == 0 && rep == 6);
	adaptive_free(&a);

	/* off: nothing recorded, nothing to run */
	CHECK(!adaptive_init(&a, 2, 0, 0.02));
	note(&a, 0, "ok", 1000, 2.0, "");
	CHECK(adaptive_next(&a, 5, &rep) == -1);
	adaptive_free(&a);
	return check_done("adaptive");
}
