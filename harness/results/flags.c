// SPDX-License-Identifier: GPL-2.0
/*
 * flags.c: decides a run's flags (see flags.h).  fio's figures are checked
 * first, by Little's law: completions per second times mean completion
 * latency is the mean number of I/Os in flight, which cannot exceed the
 * iodepth of every job together.  fio 3.33's io_uring engine breaks it
 * under SQPOLL (clat in seconds: fio #1484); then the kernel is held only
 * to the I/O count, never to fio's latency.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/flags.h"

bool flags_think_spun(double usr_ms, double think_sleep_ms)
{
	return think_sleep_ms > 0 && usr_ms >= FLAGS_THINK_SPIN_FRAC * think_sleep_ms;
}

int flags_for_run(const struct iostat_figs *ks, const struct fio_figs_brief *fio,
		  int njobs, const struct flag_facts *facts,
		  char *ks_flags, size_t ks_len, char *fio_flags, size_t fio_len)
{
	double bound = (double)(fio->iodepth > 0 ? fio->iodepth : 1) *
		       (njobs > 0 ? njobs : 1);
	uint64_t kios = ks->r_ios + ks->w_ios;
	bool impossible;
	int reliable = 1;

	/* fio_flags may hold what fill_fio() found (fio_thinktime_spin) */
	ks_flags[0] = '\0';
	flags_drop(fio_flags, "fio_inflight_gt_iodepth");
	/* half again: the means of a short run are not exact */
	impossible = fio->ios && fio_inflight(fio) > 1.5 * bound + 0.5;
	if (impossible)
		flags_add(fio_flags, fio_len, "fio_inflight_gt_iodepth");
	if (fio->ios && kios > fio->ios &&
	    kios - fio->ios > FLAGS_FOREIGN_FRAC * fio->ios && kios - fio->ios >= 2) {
		flags_add(ks_flags, ks_len, "foreign_io");
		reliable = 0;
	}
	if (!fio->ios)
		return reliable;
	if (!kios) {
		if (!facts->iostats_off)
			flags_add(ks_flags, ks_len, "no_kstats");
		return reliable;
	}
	if (facts->iostats_off)
		flags_add(ks_flags, ks_len, "counted_with_iostats0");
	if (impossible) {
		/* only the count can be held against fio's */
		if (fabs((double)kios - fio->ios) > 0.05 * fio->ios &&
		    fabs((double)kios - fio->ios) > 64 && !strstr(ks_flags, "foreign_io"))
			flags_add(ks_flags, ks_len, "ios_vs_fio");
		return reliable;
	}
	{
		char more[128];
		size_t n;

		metrics_flags(ks, fio, more, sizeof(more));
		if (!reliable)
			flags_drop(more, "ios_vs_fio");	/* said as foreign_io */
		if (facts->sync_completion || facts->sqpoll)
			flags_drop(more, "util_below_busy");
		n = strlen(ks_flags);
		if (more[0])
			snprintf(ks_flags + n, ks_len - n, "%s%s", n ? ";" : "", more);
	}
	return reliable;
}

static int cmp_idx(const void *a, const void *b, void *v)
{
	const double *x = v;
	double d = x[*(const size_t *)a] - x[*(const size_t *)b];

	return (d > 0) - (d < 0);
}

size_t flags_outliers(const double *v, size_t n, int *out, bool *bimodal)
{
	size_t *idx, i, cut = 0, lo_n, marked = 0;
	double best = 1.0, r;

	*bimodal = false;
	for (i = 0; i < n; i++)
		out[i] = 0;
	if (n < 3)
		return 0;
	idx = malloc(n * sizeof(*idx));
	if (!idx)
		return 0;
	for (i = 0; i < n; i++)
		idx[i] = i;
	qsort_r(idx, n, sizeof(*idx), cmp_idx, (void *)v);
	for (i = 1; i < n; i++) {
		if (!(v[idx[i - 1]] > 0))
			r = v[idx[i]] > 0 ? INFINITY : 1.0;
		else
			r = v[idx[i]] / v[idx[i - 1]];
		if (r > best) {
			best = r;
			cut = i;
		}
	}
	if (best > 1.0 / FLAGS_OUTLIER_FRAC) {
		lo_n = cut;
		*bimodal = lo_n >= 2 && n - lo_n >= 2;
		/* the smaller group is off the cell; a tie marks the slow side */
		if (lo_n <= n - lo_n)
			for (i = 0; i < lo_n; i++)
				out[idx[i]] = 1, marked++;
		else
			for (i = lo_n; i < n; i++)
				out[idx[i]] = 1, marked++;
	}
	free(idx);
	return marked;
}
