// SPDX-License-Identifier: GPL-2.0
/*
 * fio_hist.c: fio's json+ latency histograms (see fio_hist.h).
 */
#include <errno.h>
#include <stdlib.h>

#include "fio/fio_hist.h"

int fio_hist_add(struct fio_hist *h, uint64_t ns, uint64_t count)
{
	struct fio_bin *nb;

	if (h->nr == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 256;
		nb = realloc(h->bins, h->cap * sizeof(*nb));
		if (!nb)
			return -ENOMEM;
		h->bins = nb;
	}
	h->bins[h->nr].ns = ns;
	h->bins[h->nr].count = count;
	h->nr++;
	return 0;
}

static int bin_cmp(const void *a, const void *b)
{
	const struct fio_bin *x = a, *y = b;

	return x->ns < y->ns ? -1 : x->ns > y->ns;
}

void fio_hist_sort(struct fio_hist *h)
{
	size_t i, n = 0;

	if (!h->nr)
		return;
	qsort(h->bins, h->nr, sizeof(*h->bins), bin_cmp);
	for (i = 1; i < h->nr; i++) {
		if (h->bins[i].ns == h->bins[n].ns)
			h->bins[n].count += h->bins[i].count;
		else
			h->bins[++n] = h->bins[i];
	}
	h->nr = n + 1;
}

uint64_t fio_hist_total(const struct fio_hist *h)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < h->nr; i++)
		total += h->bins[i].count;
	return total;
}

double fio_hist_pct(const struct fio_hist *h, double pct)
{
	uint64_t total = fio_hist_total(h), seen = 0, want;
	size_t i;

	if (!total)
		return 0.0;
	want = (uint64_t)(total * pct / 100.0 + 0.999999);
	if (!want)
		want = 1;
	for (i = 0; i < h->nr; i++) {
		seen += h->bins[i].count;
		if (seen >= want)
			return h->bins[i].ns / 1000.0;
	}
	return h->bins[h->nr - 1].ns / 1000.0;
}

void fio_hist_free(struct fio_hist *h)
{
	free(h->bins);
	h->bins = NULL;
	h->nr = h->cap = 0;
}
