/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio_hist.h: fio's json+ latency histogram (clat_ns.bins: each bin's
 * value in ns and its count), merged over jobs or runs by adding counts,
 * and fio's own rule for a percentile from it, so a percentile of merged
 * bins is what fio would print for the merged I/Os.
 */
#ifndef FIORING_FIO_HIST_H
#define FIORING_FIO_HIST_H

#include <stddef.h>
#include <stdint.h>

struct fio_bin {
	uint64_t ns;
	uint64_t count;
};

struct fio_hist {
	struct fio_bin *bins;
	size_t nr, cap;
};

/* appends a bin (unsorted, values may repeat); 0 or -ENOMEM */
int fio_hist_add(struct fio_hist *h, uint64_t ns, uint64_t count);
/* sorts by value and folds bins of one value together */
void fio_hist_sort(struct fio_hist *h);
uint64_t fio_hist_total(const struct fio_hist *h);
/*
 * fio's rule (calc_clat_percentiles()): the value (us) of the first bin
 * at which the running count reaches pct% of the total; 0 when empty.
 * The bins must be sorted.
 */
double fio_hist_pct(const struct fio_hist *h, double pct);
void fio_hist_free(struct fio_hist *h);

#endif
