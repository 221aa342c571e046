// SPDX-License-Identifier: GPL-2.0
/*
 * mpath_stats.c: checks the engine's per-path latency histogram
 * (engines/mpath_stats.c, which needs nothing of fio and is built in here)
 * against exact answers: buckets are contiguous and ordered, every value
 * lies in its bucket, a bucket's midpoint is within the stated 1/128 of any
 * value in it, and percentiles of known distributions match the exact
 * order statistics within that error.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "../../engines/mpath_stats.c"

#define REL_ERR (1.0 / (2 * PATHSTATS_SUB))

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* the exact order statistic the histogram's percentile stands for */
static uint64_t exact_pct(const uint64_t *sorted, size_t n, double pct)
{
	uint64_t rank = (uint64_t)(pct / 100.0 * n + 0.999999);

	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

static void test_buckets(void)
{
	unsigned int prev = 0, b;
	uint64_t v, mid;

	/* the error HOWTO.md states */
	CHECK(REL_ERR <= 1.0 / 128);
	/* exact below 64, then monotonic, never skipping a bucket */
	for (v = 0; v < 64; v++)
		CHECK(pathstats_bucket(v) == v && pathstats_bucket_mid(v) == v);
	for (v = 1; v < (1ULL << 22); v++) {
		b = pathstats_bucket(v);
		CHECK(b == prev || b == prev + 1);
		prev = b;
	}
	/* across the range: each value within 1/128 of its bucket's midpoint */
	for (v = 64; v < (1ULL << 41); v = v * 1.01 + 1) {
		mid = pathstats_bucket_mid(pathstats_bucket(v));
		CHECK(fabs((double)mid - (double)v) <= REL_ERR * v);
		CHECK(pathstats_bucket(mid) == pathstats_bucket(v));
	}
	/* beyond the range: the last bucket, not past the array */
	CHECK(pathstats_bucket(UINT64_MAX) == PATHSTATS_BUCKETS - 1);
	CHECK(pathstats_bucket(1ULL << 50) == PATHSTATS_BUCKETS - 1);
}

static void test_percentiles(void)
{
	static struct pathstats_dir_stats d;
	enum { N = 100000 };
	uint64_t *vals = malloc(N * sizeof(*vals));
	unsigned int i, k;
	uint64_t sum = 0;

	CHECK(vals != NULL);
	if (!vals)
		return;
	/* log-uniform 100 ns .. 100 ms, plus a slow tail: a path's latencies */
	srand(1);
	for (i = 0; i < N; i++) {
		double e = 2 + 6.0 * rand() / RAND_MAX;

		vals[i] = (uint64_t)pow(10, e);
		if (i % 1000 == 0)
			vals[i] *= 50;
		pathstats_record(&d, 4096, vals[i]);
		sum += vals[i];
	}
	qsort(vals, N, sizeof(*vals), cmp_u64);
	CHECK(d.ios == N && d.bytes == 4096ULL * N);
	CHECK(d.min_ns == vals[0] && d.max_ns == vals[N - 1]);
	CHECK(near(pathstats_mean(&d), (double)sum / N));
	for (k = 0; k < PATHSTATS_NR_PCT; k++) {
		double want = exact_pct(vals, N, pathstats_pct[k]);
		double got = pathstats_percentile(&d, pathstats_pct[k]);

		if (fabs(got - want) > REL_ERR * want)
			fprintf(stderr, "p%g: got %.0f want %.0f\n", pathstats_pct[k], got, want);
		CHECK(fabs(got - want) <= REL_ERR * want);
	}
	CHECK(pathstats_percentile(&d, 100) == d.max_ns);
	free(vals);
}

static void test_untimed_and_empty(void)
{
	static struct pathstats_dir_stats d;

	CHECK(pathstats_percentile(&d, 50) == 0 && pathstats_mean(&d) == 0);
	pathstats_record_untimed(&d, 512);
	pathstats_record(&d, 512, 1000);
	pathstats_record(&d, 512, 3000);
	/* an untimed I/O counts but does not drag min to 0 */
	CHECK(d.ios == 3 && d.untimed == 1 && pathstats_timed(&d) == 2);
	CHECK(d.min_ns == 1000 && d.max_ns == 3000);
	CHECK(near(pathstats_mean(&d), 2000));
	CHECK(fabs((double)pathstats_percentile(&d, 50) - 1000) <= REL_ERR * 1000);
}

int main(void)
{
	test_buckets();
	test_percentiles();
	test_untimed_and_empty();
	return check_done("mpath_stats");
}
