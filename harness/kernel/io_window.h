/* SPDX-License-Identifier: GPL-2.0 */
/*
 * io_window.h: the /proc/diskstats interval that matches a run's I/O.
 * Snapshots taken before fio starts and after it exits include its
 * start-up and exit (fio 3.42 takes 137-220 ms to exit), which dilutes
 * IOPS, aqu-sz and %util; so diskstats is polled while fio runs, and the
 * interval runs from the last snapshot before the first counted I/O to
 * the first snapshot that shows the last one.  Once fio has said how many
 * I/Os it did and for how long, io_window_fit() narrows that to the span
 * that holds them at fio's pace, so a trickle of another process's I/O
 * during fio's start-up or exit does not stretch it.
 */
#ifndef FIORING_IO_WINDOW_H
#define FIORING_IO_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/diskstats.h"

/* the poll period: each end of the window is this close to the I/O */
#define IO_WINDOW_POLL_NS	(2 * 1000 * 1000ull)
/*
 * Whole snapshots kept from the start of the counting and from its end
 * (a second each at the poll period): fio's first and last I/O fall that
 * close to the first and last count change, past its start-up and exit.
 */
#define IO_WINDOW_KEEP		512
/* polls whose counts are kept (about 2.3 h); past that no narrowing */
#define IO_WINDOW_MAX_SAMPLES	(1u << 22)

struct io_window_sample {
	uint64_t mono_ns;
	uint64_t ios;		/* the target's own disk (names[0]) */
};

struct io_window {
	struct diskstats_snap before, after;	/* the interval, once ended */
	struct diskstats_snap first, probe;
	const char *const *names;
	int nr;
	bool moved;		/* the kernel counted I/O while fio ran */
	/* every poll from before's on, and whole snapshots of both ends */
	struct io_window_sample *samp;
	size_t nsamp, cap;
	bool overflow;		/* samples were dropped: no narrowing */
	struct diskstats_snap *head, *tail;	/* IO_WINDOW_KEEP each */
};

/* takes the snapshot before fio starts; 0 or -errno */
int io_window_start(struct io_window *w, const char *const *names, int nr);
/* fio_cmd's tick: polls diskstats, returns when to be called again */
uint64_t io_window_tick(void *arg);
/*
 * takes the snapshot after fio exits and settles the interval; when the
 * kernel counted nothing it is the whole of fio's life.  0 or -errno.
 */
int io_window_end(struct io_window *w);
/*
 * Narrows the settled interval to the shortest span of polls in which the
 * target's own disk counted at least fio_ios I/Os and that lasts at least
 * min_span_ns (fio's runtime, less what the polls and the first I/O's
 * latency may cut): another process's I/O outside fio's own then falls
 * outside, while I/O inside it still shows as I/O fio did not do.  Returns
 * 1 when narrowed, 0 when the interval stands (the disk counted fewer
 * I/Os than fio, or fio's ends fall outside the snapshots kept).
 */
int io_window_fit(struct io_window *w, uint64_t fio_ios, uint64_t min_span_ns);

#endif
