/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mpath_stats.h: per-path completion statistics of the fioring engine.  Each
 * path keeps, per direction, I/O and byte counts, errors and a log-linear
 * latency histogram: values below 64 ns are exact, above that every power
 * of two is split into 64 equal buckets, so one record is a count-leading-
 * zeros, a shift and an increment, and any percentile read back at its
 * bucket's midpoint is within 1/128 (0.78%) of a recorded value.  This file
 * knows nothing of fio, so the unit tests can build it alone.
 */
#ifndef FIORING_PATHSTATS_H
#define FIORING_PATHSTATS_H

#include <stdint.h>

/* 64 sub-buckets per power of two: relative error 1/128 at the midpoint */
#define PATHSTATS_SUB_BITS	6
#define PATHSTATS_SUB		(1U << PATHSTATS_SUB_BITS)
/* up to 2^42 ns (73 min); longer values land in the last bucket */
#define PATHSTATS_MAX_BITS	42
#define PATHSTATS_BUCKETS	((PATHSTATS_MAX_BITS - PATHSTATS_SUB_BITS + 1) * PATHSTATS_SUB)

/* the directions a path counts: read, write, and the rest (flush, trim) */
enum pathstats_dir {
	PATHSTATS_READ,
	PATHSTATS_WRITE,
	PATHSTATS_OTHER,
	PATHSTATS_NR_DIRS,
};

struct pathstats_dir_stats {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	uint64_t min_ns;
	uint64_t max_ns;
	uint64_t sum_ns;
	/* ios counted without a latency (no issue time was stamped) */
	uint64_t untimed;
	uint64_t hist[PATHSTATS_BUCKETS];
};

struct pathstats {
	struct pathstats_dir_stats dir[PATHSTATS_NR_DIRS];
	/* I/O that failed on this path and were sent to another one */
	uint64_t path_errors;
};

/* the percentiles reported for every path and direction */
#define PATHSTATS_NR_PCT	5
extern const double pathstats_pct[PATHSTATS_NR_PCT];

static inline unsigned int pathstats_bucket(uint64_t ns)
{
	unsigned int msb, shift, idx;

	if (ns < PATHSTATS_SUB)
		return ns;
	msb = 63 - __builtin_clzll(ns);
	shift = msb - PATHSTATS_SUB_BITS;
	idx = (shift + 1) * PATHSTATS_SUB + ((ns >> shift) & (PATHSTATS_SUB - 1));
	return idx < PATHSTATS_BUCKETS ? idx : PATHSTATS_BUCKETS - 1;
}

/* pathstats_record() - one completed I/O of @bytes that took @ns */
static inline void pathstats_record(struct pathstats_dir_stats *d, uint64_t bytes,
				    uint64_t ns)
{
	d->ios++;
	d->bytes += bytes;
	d->sum_ns += ns;
	if (d->ios - d->untimed == 1 || ns < d->min_ns)
		d->min_ns = ns;
	if (ns > d->max_ns)
		d->max_ns = ns;
	d->hist[pathstats_bucket(ns)]++;
}

/* pathstats_record_untimed() - a completed I/O without an issue time */
static inline void pathstats_record_untimed(struct pathstats_dir_stats *d, uint64_t bytes)
{
	d->ios++;
	d->bytes += bytes;
	d->untimed++;
}

/* pathstats_bucket_mid() - the value a bucket reports: its midpoint */
uint64_t pathstats_bucket_mid(unsigned int idx);

/*
 * pathstats_percentile() - the value at or below which @pct percent of the
 * timed I/O of @d fall (bucket midpoint, clamped to min and max); 0 when
 * nothing was timed.
 */
uint64_t pathstats_percentile(const struct pathstats_dir_stats *d, double pct);

/* pathstats_timed() - the I/O of @d that carry a latency */
static inline uint64_t pathstats_timed(const struct pathstats_dir_stats *d)
{
	return d->ios - d->untimed;
}

/* pathstats_mean() - mean latency in ns of the timed I/O of @d, 0 if none */
double pathstats_mean(const struct pathstats_dir_stats *d);

#endif
