// SPDX-License-Identifier: GPL-2.0
/*
 * io_window.c: unit test of io_window_fit() on made-up polls every 2 ms: a
 * 2 s run of 200 I/Os a poll, with another process's trickle (one I/O
 * every fifth poll) for 100 ms before it and 200 ms after.  The window is
 * narrowed to fio's polls exactly, its ends taken from the snapshots kept
 * at the start and in the ring at the end; with a heavier reader inside
 * fio's span the window still lasts fio's runtime, so that reader's I/O
 * stays in the count; a disk that counted fewer I/Os than fio, or fio's
 * last I/O further from the last change than the snapshots kept, leaves the window as it was.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel/io_window.h"

#define POLL	IO_WINDOW_POLL_NS
#define PRE	50	/* polls of trickle before fio */
#define RUN	1000	/* polls of fio's I/O */
#define POST	100

static struct io_window w;

/* polls as io_window_tick() records them; inside: extra I/Os a poll in fio's span */
static void polls(int inside, size_t pre, size_t post)
{
	uint64_t ios = 0;
	size_t i, n = pre + RUN + post + 1;

	free(w.samp);
	memset(&w.samp, 0, offsetof(struct io_window, head) -
	       offsetof(struct io_window, samp));
	w.samp = calloc(n, sizeof(*w.samp));
	w.head = w.head ? w.head : calloc(IO_WINDOW_KEEP, sizeof(*w.head));
	w.tail = w.tail ? w.tail : calloc(IO_WINDOW_KEEP, sizeof(*w.tail));
	for (i = 0; i < n; i++) {
		if (i > pre && i <= pre + RUN)
			ios += 200 + inside;
		else if (i && i % 5 == 0)
			ios++;
		w.samp[i].mono_ns = 1000000000ull + i * POLL;
		w.samp[i].ios = ios;
		if (i < IO_WINDOW_KEEP)
			w.head[i].mono_ns = w.samp[i].mono_ns;
		w.tail[i % IO_WINDOW_KEEP].mono_ns = w.samp[i].mono_ns;
	}
	w.nsamp = n;
	w.moved = true;
	w.before = w.head[0];
	w.after = w.tail[(n - 1) % IO_WINDOW_KEEP];
}

static uint64_t span(void)
{
	return w.after.mono_ns - w.before.mono_ns;
}

static uint64_t counted(void)
{
	size_t i, a = 0, b = 0;

	for (i = 0; i < w.nsamp; i++) {
		if (w.samp[i].mono_ns == w.before.mono_ns)
			a = i;
		if (w.samp[i].mono_ns == w.after.mono_ns)
			b = i;
	}
	return w.samp[b].ios - w.samp[a].ios;
}

int main(void)
{
	uint64_t runtime = RUN * POLL, min_span = runtime - 2 * POLL - 100000;

	polls(0, PRE, POST);
	CHECK(span() > (RUN + PRE) * POLL);
	CHECK(io_window_fit(&w, 200 * RUN, min_span) == 1);
	CHECK(span() == runtime);
	CHECK(counted() == 200 * RUN);

	/* 3 more I/Os a poll inside fio's span: kept, 1.5% over fio's count */
	polls(3, PRE, POST);
	CHECK(io_window_fit(&w, 200 * RUN, min_span) == 1);
	CHECK(span() >= min_span && span() <= runtime);
	CHECK(counted() > 200 * RUN + 200 * RUN / 100);

	/* the disk counted fewer I/Os than fio: as it was */
	polls(0, PRE, POST);
	CHECK(io_window_fit(&w, 200 * RUN + 1000, min_span) == 0);
	CHECK(span() == (PRE + RUN + POST) * POLL);

	/* fio's last I/O more polls before the last change than are kept */
	polls(0, PRE, IO_WINDOW_KEEP + 10);
	CHECK(io_window_fit(&w, 200 * RUN, min_span) == 0);
	free(w.samp);
	free(w.head);
	free(w.tail);
	return check_done("io_window");
}
