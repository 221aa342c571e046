// SPDX-License-Identifier: GPL-2.0
/*
 * io_window.c: finds the diskstats interval of a run's I/O (see
 * io_window.h) by polling the target's lines every IO_WINDOW_POLL_NS while
 * fio runs.  I/O is counted at completion, so each end of the window is
 * off the run's first and last completions by at most one poll period.
 */
#include <errno.h>
#include <stdlib.h>

#include "kernel/io_window.h"

/* the target's own disk: what fio's I/O count is held against */
static uint64_t own_ios(const struct io_window *w, const struct diskstats_snap *s)
{
	const struct diskstats_rec *r = diskstats_find(s, w->names[0]);

	return r ? r->f[0] + r->f[4] : 0;
}

/* keeps a poll; reset: it is the first of the window again */
static void record(struct io_window *w, const struct diskstats_snap *s, bool reset)
{
	size_t i;

	if (reset)
		w->nsamp = 0;
	i = w->nsamp;
	if (w->overflow || i >= IO_WINDOW_MAX_SAMPLES) {
		w->overflow = true;
		return;
	}
	if (i == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 4096;
		struct io_window_sample *p = realloc(w->samp, cap * sizeof(*p));

		if (!p) {
			w->overflow = true;
			return;
		}
		w->samp = p;
		w->cap = cap;
	}
	w->samp[i].mono_ns = s->mono_ns;
	w->samp[i].ios = own_ios(w, s);
	if (i < IO_WINDOW_KEEP)
		w->head[i] = *s;
	w->tail[i % IO_WINDOW_KEEP] = *s;
	w->nsamp++;
}

int io_window_start(struct io_window *w, const char *const *names, int nr)
{
	int ret;

	w->names = names;
	w->nr = nr;
	w->moved = false;
	w->nsamp = 0;
	/* kept across runs; without them the window is not narrowed */
	if (!w->head)
		w->head = malloc(IO_WINDOW_KEEP * sizeof(*w->head));
	if (!w->tail)
		w->tail = malloc(IO_WINDOW_KEEP * sizeof(*w->tail));
	w->overflow = !w->head || !w->tail;
	ret = diskstats_take("/proc/diskstats", names, nr, &w->first);
	if (!ret) {
		w->before = w->first;
		record(w, &w->first, true);
	}
	return ret;
}

uint64_t io_window_tick(void *arg)
{
	struct io_window *w = arg;

	if (diskstats_take("/proc/diskstats", w->names, w->nr, &w->probe))
		return 0;
	if (!w->moved) {
		if (diskstats_ios(&w->probe) == diskstats_ios(&w->before)) {
			w->before = w->probe;
			record(w, &w->probe, true);
			return IO_WINDOW_POLL_NS;
		}
		w->moved = true;
		w->after = w->probe;
	} else if (diskstats_ios(&w->probe) != diskstats_ios(&w->after)) {
		w->after = w->probe;
	}
	record(w, &w->probe, false);
	return IO_WINDOW_POLL_NS;
}

int io_window_end(struct io_window *w)
{
	int ret;

	ret = diskstats_take("/proc/diskstats", w->names, w->nr, &w->probe);
	if (ret)
		return ret;
	if (!w->moved) {
		/* counted only after the last poll, or nothing at all */
		if (diskstats_ios(&w->probe) == diskstats_ios(&w->first))
			w->before = w->first;
		w->after = w->probe;
		w->overflow = true;	/* no polls to narrow it by */
	} else if (diskstats_ios(&w->probe) != diskstats_ios(&w->after)) {
		w->after = w->probe;
	}
	record(w, &w->probe, false);
	return 0;
}

/*
 * The shortest [i, j] with fio's count and span: for a later i the least
 * j that qualifies is no earlier, so each pass walks two indices once.
 */
int io_window_fit(struct io_window *w, uint64_t fio_ios, uint64_t min_span_ns)
{
	const struct io_window_sample *s = w->samp;
	size_t n = w->nsamp, i, j = 0, bi = 0, bj = 0;
	uint64_t best = UINT64_MAX, most = 0;
	int pass;

	if (!fio_ios || w->overflow || n < 2)
		return 0;
	/*
	 * first the shortest span; then, of those as short within half a
	 * poll, the one that counted most: with another process's I/O inside
	 * fio's span, a span shifted onto idle polls would hide it
	 */
	for (pass = 0; pass < 2; pass++)
		for (i = 0, j = 0; i < n && i < IO_WINDOW_KEEP; i++) {
			uint64_t d;

			if (j < i)
				j = i;
			while (j < n && !(s[j].ios >= s[i].ios + fio_ios &&
					  s[j].mono_ns - s[i].mono_ns >= min_span_ns))
				j++;
			if (j == n)
				break;
			/* its end must be a snapshot still kept */
			if (n - j > IO_WINDOW_KEEP)
				continue;
			d = s[j].mono_ns - s[i].mono_ns;
			if (!pass && d < best) {
				best = d;
			} else if (pass && d <= best + IO_WINDOW_POLL_NS / 2 &&
				   s[j].ios - s[i].ios > most) {
				most = s[j].ios - s[i].ios;
				bi = i;
				bj = j;
			}
		}
	if (best == UINT64_MAX)
		return 0;
	if (w->head[bi].mono_ns == w->before.mono_ns &&
	    w->tail[bj % IO_WINDOW_KEEP].mono_ns == w->after.mono_ns)
		return 0;
	w->before = w->head[bi];
	w->after = w->tail[bj % IO_WINDOW_KEEP];
	return 1;
}
