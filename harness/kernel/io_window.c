// SPDX-License-Identifier: GPL-2.0
/*
 * io_window.c: finds the diskstats interval of a run's I/O (see
 * io_window.h) by polling the target's lines every IO_WINDOW_POLL_NS while
 * fio runs.  I/O is counted at completion, so each end of the window is
 * off the run's first and last completions by at most one poll period.
 */
#include <errno.h>

#include "kernel/io_window.h"

int io_window_start(struct io_window *w, const char *const *names, int nr)
{
	int ret;

	w->names = names;
	w->nr = nr;
	w->moved = false;
	ret = diskstats_take("/proc/diskstats", names, nr, &w->first);
	if (!ret)
		w->before = w->first;
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
			return IO_WINDOW_POLL_NS;
		}
		w->moved = true;
		w->after = w->probe;
	} else if (diskstats_ios(&w->probe) != diskstats_ios(&w->after)) {
		w->after = w->probe;
	}
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
	} else if (diskstats_ios(&w->probe) != diskstats_ios(&w->after)) {
		w->after = w->probe;
	}
	return 0;
}
