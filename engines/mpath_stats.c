// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_stats.c: reading back the per-path latency histograms of mpath_stats.h:
 * bucket midpoints, percentiles and means.  Recording is inline in the
 * header, because it runs once per completion; reading runs once per job.
 */
#include <stdint.h>

#include "mpath_stats.h"

const double pathstats_pct[PATHSTATS_NR_PCT] = { 50.0, 90.0, 99.0, 99.9, 99.99 };

uint64_t pathstats_bucket_mid(unsigned int idx)
{
	unsigned int shift, sub;

	if (idx < PATHSTATS_SUB)
		return idx;
	shift = idx / PATHSTATS_SUB - 1;
	sub = idx % PATHSTATS_SUB;
	return ((uint64_t)(PATHSTATS_SUB + sub) << shift) + ((1ULL << shift) >> 1);
}

uint64_t pathstats_percentile(const struct pathstats_dir_stats *d, double pct)
{
	uint64_t timed = pathstats_timed(d), seen = 0, rank, v;
	unsigned int i;

	if (!timed)
		return 0;
	/* the smallest value with at least pct% of the samples at or below it */
	rank = (uint64_t)(pct / 100.0 * timed + 0.999999);
	if (rank < 1)
		rank = 1;
	if (rank > timed)
		rank = timed;
	for (i = 0; i < PATHSTATS_BUCKETS; i++) {
		seen += d->hist[i];
		if (seen >= rank)
			break;
	}
	v = pathstats_bucket_mid(i < PATHSTATS_BUCKETS ? i : PATHSTATS_BUCKETS - 1);
	if (v < d->min_ns)
		v = d->min_ns;
	if (v > d->max_ns)
		v = d->max_ns;
	return v;
}

double pathstats_mean(const struct pathstats_dir_stats *d)
{
	uint64_t timed = pathstats_timed(d);

	return timed ? (double)d->sum_ns / timed : 0.0;
}
