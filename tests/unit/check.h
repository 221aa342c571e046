/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h: the checks of fioring's unit tests.  CHECK counts a failed
 * condition and goes on, so one run reports every broken check;
 * check_done() turns the count into the test's exit status.
 */
#ifndef FIORING_CHECK_H
#define FIORING_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_failures;

#define CHECK(cond) do { if (!(cond)) { \
	fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	check_failures++; } } while (0)

/* a equals b to nine significant digits (or 1e-9 near zero) */
static inline int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

static inline int check_done(const char *name)
{
	if (check_failures) {
		fprintf(stderr, "%s: %d checks failed\n", name, check_failures);
		return 1;
	}
	printf("%s: all checks passed\n", name);
	return 0;
}

#endif
