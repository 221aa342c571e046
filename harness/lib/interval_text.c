// SPDX-License-Identifier: GPL-2.0
/*
 * interval_text.c: prints a confidence interval so that its reading
 * survives the rounding.  A ratio interval [1.0003, 1.021] excludes 1 and
 * the report says DIFFER, yet "%.3f" prints it [1.000, 1.021], and a cost
 * interval [-2.2, -0.004] prints [-2.2, -0.0]: the reader sees a bound on
 * the reference and a verdict that contradicts it.  The reference need not
 * be 1 or 0: the gate holds a loss to --max-drop, the %util finding a
 * ratio to its bounds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib/interval_text.h"

/* the most decimals or significant digits a bound is given */
#define INTERVAL_MAX_PREC	9

void interval_bound(char *buf, size_t len, double v, double ref, int prec,
		    bool sig)
{
	for (;;) {
		snprintf(buf, len, sig ? "%.*g" : "%.*f", prec, v);
		if (v == ref || isnan(v) || prec >= INTERVAL_MAX_PREC ||
		    strtod(buf, NULL) != ref)
			return;
		prec++;
	}
}

void interval_text(char *buf, size_t len, double lo, double hi, double ref,
		   int prec, bool sig)
{
	char l[48], h[48];

	interval_bound(l, sizeof(l), lo, ref, prec, sig);
	interval_bound(h, sizeof(h), hi, ref, prec, sig);
	snprintf(buf, len, "[%s, %s]", l, h);
}
