/* SPDX-License-Identifier: GPL-2.0 */
/*
 * interval_text.h: an interval as a report prints it, "[lo, hi]", with as
 * many digits as it takes to say on which side of a reference value (1 for
 * a ratio, 0 for a change in percent) each bound lies.
 */
#ifndef FIORING_INTERVAL_TEXT_H
#define FIORING_INTERVAL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * One bound, v, as "%.*f" at prec decimals (or "%.*g" at prec significant
 * digits with sig), and at more where prec would print a v that is not
 * ref as ref itself (or as "-0"): for a line that puts its own unit after
 * each bound
 */
void interval_bound(char *buf, size_t len, double v, double ref, int prec,
		    bool sig);
/*
 * "[lo, hi]", each bound as interval_bound() prints it: an interval that
 * excludes ref never reads as one that touches it
 */
void interval_text(char *buf, size_t len, double lo, double hi, double ref,
		   int prec, bool sig);

#endif
