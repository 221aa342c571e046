/* SPDX-License-Identifier: GPL-2.0 */
/*
 * io_window.h: the /proc/diskstats interval that matches a run's I/O.
 * Snapshots taken before fio starts and after it exits include its
 * start-up and exit (fio 3.42 takes 137-220 ms to exit), which dilutes
 * IOPS, aqu-sz and %util; so diskstats is polled while fio runs, and the
 * interval runs from the last snapshot before the first counted I/O to
 * the first snapshot that shows the last one.
 */
#ifndef FIORING_IO_WINDOW_H
#define FIORING_IO_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/diskstats.h"

/* the poll period: each end of the window is this close to the I/O */
#define IO_WINDOW_POLL_NS	(2 * 1000 * 1000ull)

struct io_window {
	struct diskstats_snap before, after;	/* the interval, once ended */
	struct diskstats_snap first, probe;
	const char *const *names;
	int nr;
	bool moved;		/* the kernel counted I/O while fio ran */
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

#endif
