// SPDX-License-Identifier: GPL-2.0
/*
 * sqpoll_wait.c: the poll-or-sleep rule of the SQPOLL wait.  Polling the CQ
 * ring pays only while the SQ thread (and the io-wq worker it may punt to)
 * runs on another CPU: then completions arrive while we poll, and a sleep
 * would add a wakeup to each.  When they share our CPU, every poll cycle is
 * taken from them and no completion can arrive while we poll (the reason,
 * with its trace, is above fioring_sqpoll_wait() in fioring.c).
 *
 * So the budget is sized from recent completion times, 4x their moving
 * average, between SQPOLL_POLL_MIN_NS and SQPOLL_POLL_MAX_NS.  After
 * SQPOLL_MISSES polls in a row that ran out, the engine sleeps at once for
 * a run of waits, then probes with one poll; each probe that misses doubles
 * the run (SQPOLL_BACKOFF_MIN up to SQPOLL_BACKOFF_MAX), so a CPU that stays
 * shared costs at most one budget per SQPOLL_BACKOFF_MAX waits, and a probe
 * that hits returns to polling at once.
 */
#include "sqpoll_wait.h"

void sqpoll_wait_init(struct sqpoll_wait *w)
{
	/* the first waits poll for the whole budget */
	w->avg_ns = SQPOLL_POLL_MAX_NS / 4;
	w->misses = 0;
	w->sleep_left = 0;
	w->backoff = SQPOLL_BACKOFF_MIN;
}

/* How long to poll for this wait, in ns; 0: sleep in the kernel at once. */
uint64_t sqpoll_wait_budget(struct sqpoll_wait *w)
{
	uint64_t ns = 4 * w->avg_ns;

	if (w->sleep_left) {
		w->sleep_left--;
		return 0;
	}
	if (ns < SQPOLL_POLL_MIN_NS)
		return SQPOLL_POLL_MIN_NS;
	return ns < SQPOLL_POLL_MAX_NS ? ns : SQPOLL_POLL_MAX_NS;
}

/* @ns: from the start of the wait to the completions seen. */
void sqpoll_wait_end(struct sqpoll_wait *w, enum sqpoll_wait_end how, uint64_t ns)
{
	/* a wait longer than any budget says nothing about the next one */
	if (ns > SQPOLL_POLL_MAX_NS)
		ns = SQPOLL_POLL_MAX_NS;
	w->avg_ns += ((int64_t)ns - (int64_t)w->avg_ns) / 8;

	switch (how) {
	case SQPOLL_WAIT_HIT:
		w->misses = 0;
		w->backoff = SQPOLL_BACKOFF_MIN;
		break;
	case SQPOLL_WAIT_MISS:
		if (++w->misses < SQPOLL_MISSES)
			break;
		w->sleep_left = w->backoff;
		if (w->backoff < SQPOLL_BACKOFF_MAX)
			w->backoff *= 2;
		break;
	case SQPOLL_WAIT_SLEPT:
		break;
	}
}
