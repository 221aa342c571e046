// SPDX-License-Identifier: GPL-2.0
/*
 * interval_text: a bound that is not the reference (1, 0, or another
 * such as a %util bound or --max-drop) never prints as it, and a bound the
 * default digits tell apart prints as before.
 */
#include <math.h>
#include <string.h>

#include "lib/interval_text.h"
#include "check.h"

static int is(double lo, double hi, double ref, int prec, bool sig,
	      const char *want)
{
	char buf[128];

	interval_text(buf, sizeof(buf), lo, hi, ref, prec, sig);
	if (!strcmp(buf, want))
		return 1;
	fprintf(stderr, "got %s, want %s\n", buf, want);
	return 0;
}

int main(void)
{
	/* apart from the reference at the default digits: as "%.3f" prints */
	CHECK(is(0.95, 1.05, 1, 3, false, "[0.950, 1.050]"));
	CHECK(is(1.0, 1.02, 1, 3, false, "[1.000, 1.020]"));
	/* a ratio interval that excludes 1 by less than the digits show */
	CHECK(is(1.0003, 1.021, 1, 3, false, "[1.0003, 1.021]"));
	CHECK(is(0.9781, 0.99996, 1, 3, false, "[0.978, 0.99996]"));
	/* a cost in percent: no "-0.0" for a bound below 0 */
	CHECK(is(-2.2, -0.004, 0, 1, false, "[-2.2, -0.004]"));
	CHECK(is(0.04, 1.5, 0, 1, false, "[0.04, 1.5]"));
	/* significant digits, as a latency ratio prints */
	CHECK(is(1.0003, 1.06, 1, 3, true, "[1.0003, 1.06]"));
	CHECK(is(0.956, 1.21, 1, 3, true, "[0.956, 1.21]"));
	/* the digits stop at nine: a bound that close reads as the reference */
	CHECK(is(1 + 1e-12, 1.5, 1, 3, false, "[1.000000000, 1.500]"));
	CHECK(is(NAN, 1.5, 1, 3, false, "[nan, 1.500]"));
	/* another reference: a %util ratio beyond its bound of 1.25 */
	CHECK(is(1.251, 1.4, 1.25, 2, false, "[1.251, 1.40]"));
	{
		char b[32];

		/* a loss bound just short of --max-drop 5% */
		interval_bound(b, sizeof(b), 4.96, 5.0, 1, false);
		CHECK(!strcmp(b, "4.96"));
		interval_bound(b, sizeof(b), 0.3, 5.0, 1, false);
		CHECK(!strcmp(b, "0.3"));
	}
	return check_done("interval_text");
}
