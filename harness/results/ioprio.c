// SPDX-License-Identifier: GPL-2.0
/*
 * ioprio.c: a row's per-priority columns, which compare the class served
 * first with the one served last when a run mixed priorities (the mixes
 * themselves: fio/ioprio_mix.c).
 */
#include <math.h>
#include <stdio.h>

#include "results/ioprio.h"

/* class 0 (no priority set) is served as best-effort: named so */
static void prio_cols(const struct fio_prio_figs *p, double runtime_s,
		      char *cls, size_t len, double *iops, double *p50,
		      double *p99)
{
	snprintf(cls, len, "%s", ioprio_class_name(p->cls ?: 2));
	*iops = runtime_s > 0 ? p->ios / runtime_s : NAN;
	*p50 = p->clat_p50_us;
	*p99 = p->clat_p99_us;
}

/*
 * The row's prio_hi_* and prio_lo_* columns: the priority served first and
 * the one served last, when fio's JSON shows two or more (empty otherwise:
 * with one priority there is nothing to compare).
 */
void ioprio_row_fill(struct result_row *r, const struct fio_result *f)
{
	const struct fio_prio_figs *hi, *lo;

	if (fio_prios_extremes(f, &hi, &lo))
		return;
	prio_cols(hi, r->runtime_s, r->prio_hi_class, sizeof(r->prio_hi_class),
		  &r->prio_hi_iops, &r->prio_hi_clat_p50_us,
		  &r->prio_hi_clat_p99_us);
	prio_cols(lo, r->runtime_s, r->prio_lo_class, sizeof(r->prio_lo_class),
		  &r->prio_lo_iops, &r->prio_lo_clat_p50_us,
		  &r->prio_lo_clat_p99_us);
}
