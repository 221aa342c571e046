// SPDX-License-Identifier: GPL-2.0
/*
 * ioprio.c: reads a --ioprio item.  Two shapes exist because fio has two
 * ways to give I/O a priority: the job's own class for all of its I/O
 * ("be/4", one ioprio_set() and every SQE), and a share of the I/O sent at
 * another class ("rt:10"), which is what shows a scheduler's priority
 * handling: two classes competing for one queue in one run.  The row's
 * per-priority columns compare the class served first with the one
 * served last.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/ioprio.h"

static const char *const class_names[] = { "none", "rt", "be", "idle" };

const char *ioprio_class_name(int cls)
{
	return cls >= 0 && cls <= 3 ? class_names[cls] : "?";
}

/* a whole number in [min, max] up to the end or the stop character */
static int num_until(const char *s, char stop, int min, int max, int *out,
		     const char **end)
{
	char *e;
	long v;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtol(s, &e, 10);
	if (errno || v < min || v > max || (*e && *e != stop))
		return -EINVAL;
	*out = (int)v;
	*end = e;
	return 0;
}

int ioprio_parse(const char *s, struct ioprio_mix *m)
{
	size_t n = strcspn(s, "/:");
	const char *p;
	int cls;

	memset(m, 0, sizeof(*m));
	if (!strcmp(s, "none"))
		return 0;
	for (cls = 1; cls <= 3; cls++)
		if (strlen(class_names[cls]) == n && !strncmp(s, class_names[cls], n))
			break;
	if (cls > 3 || !s[n])
		return -EINVAL;
	m->cls = cls;
	p = s + n + 1;
	if (s[n] == '/')
		return num_until(p, '\0', 0, 7, &m->level, &p);
	if (num_until(p, ':', 1, 100, &m->pct, &p))
		return -EINVAL;
	if (!*p)
		return 0;
	return num_until(p + 1, '\0', 0, 7, &m->level, &p);
}

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
