// SPDX-License-Identifier: GPL-2.0
/*
 * sqpoll_wait.c: the poll-or-sleep rule of the SQPOLL wait.  Polling the CQ
 * ring pays only while whatever completes the I/O runs on another CPU: the
 * SQ thread, the io-wq worker it may punt to, a driver's kworker (loop's).
 * Then completions arrive while we poll, and a sleep would add a wakeup to
 * each.  When one of them needs our CPU, every poll cycle is taken from
 * it: with the SQ thread there, no completion can arrive while we poll (the
 * reason, with its trace, is above fioring_sqpoll_wait() in fioring.c);
 * with a worker there, it arrives only once the worker preempts us.
 *
 * A job whose SQ thread is known to share its CPU (fioring.c says so at
 * setup) never polls: there a poll cannot see a completion until the job is
 * preempted, and a preempted job, not being woken, then waits out the SQ
 * thread's slice; a sleeping one is woken and preempts it (with the short
 * slice fioring.c gives it).  Otherwise the budget is sized from recent
 * completion times: 4x their moving average and, when the SQ thread has a
 * CPU of its own, at least twice the longest recent wait (a peak that
 * halves in ~700 waits), between SQPOLL_POLL_MIN_NS and a ceiling
 * (SQPOLL_POLL_MAX_NS, SQPOLL_POLL_MAX_OWN_NS with a CPU of its own).
 * There a poll takes no CPU anyone else needs, and a device that is fast
 * but stalls (loop, its workers beside the SQ thread) must be polled
 * through the stall: a budget of 4x the mean runs out on each stall and
 * the wakeup after it costs IOPS.  Polling stops, but for probes,
 * in two cases.  After SQPOLL_MISSES polls in a row that ran out: the SQ
 * thread on our CPU, or a device slower than the ceiling, where a wakeup
 * is cheap against the I/O.  And when polls that see their completions
 * see them no sooner than a sleep would: one wait in SQPOLL_SLEEP_PROBE
 * sleeps to time sleeping, and polling goes on only while its hits come at
 * least 5% sooner (loop with its workers on the job's CPU).  A
 * timed sleep costs a wakeup where sleeping does not pay, so while sleeps
 * take half as long again as hits the probes grow rarer, each interval
 * twice the last up to SQPOLL_SLEEP_PROBE_MAX waits, and one sleep within
 * that brings them back to SQPOLL_SLEEP_PROBE.  Stopped, the engine sleeps
 * at once for a run of waits, then probes with one poll; each probe that
 * does not pay doubles the run (SQPOLL_BACKOFF_MIN up to
 * SQPOLL_BACKOFF_MAX), so a CPU that stays shared costs at most one budget
 * per SQPOLL_BACKOFF_MAX waits, and a probe that pays polls again at once.
 * A probe is judged on its own time, and no hit counts for more than two
 * sleeps in the average: one stall must not keep polling off.  The
 * measurements: docs/notes/2026-11-sqpoll-wait.md.
 */
#include "sqpoll_wait.h"

void sqpoll_wait_init(struct sqpoll_wait *w, enum sqpoll_cpu cpu)
{
	w->cpu = cpu;
	w->max_ns = cpu == SQPOLL_CPU_SHARED ? 0 : cpu == SQPOLL_CPU_OWN ?
		    SQPOLL_POLL_MAX_OWN_NS : SQPOLL_POLL_MAX_NS;
	/* the first waits poll for the whole budget */
	w->avg_ns = w->max_ns / 4;
	w->peak_ns = 0;
	w->hit_ns = 0;
	w->slept_ns = 0;
	w->misses = 0;
	w->sleep_left = 0;
	w->backoff = SQPOLL_BACKOFF_MIN;
	w->since_sleep = 0;
	w->probe_every = SQPOLL_SLEEP_PROBE;
	w->stopped = false;
}

/* moving average, 1/8 weight; the first sample stands for itself */
static uint64_t ewma(uint64_t avg, uint64_t ns)
{
	return avg ? avg + ((int64_t)ns - (int64_t)avg) / 8 : ns;
}

/* How long to poll for this wait, in ns; 0: sleep in the kernel at once. */
uint64_t sqpoll_wait_budget(struct sqpoll_wait *w)
{
	uint64_t ns = 4 * w->avg_ns;

	if (!w->max_ns)
		return 0;
	if (w->sleep_left) {
		w->sleep_left--;
		return 0;
	}
	if (++w->since_sleep >= w->probe_every)
		return 0;
	if (w->cpu == SQPOLL_CPU_OWN && ns < 2 * w->peak_ns)
		ns = 2 * w->peak_ns;
	if (ns < SQPOLL_POLL_MIN_NS)
		return SQPOLL_POLL_MIN_NS;
	return ns < w->max_ns ? ns : w->max_ns;
}

/* polling stops for a run of waits, the next run twice as long */
static void sqpoll_wait_stop(struct sqpoll_wait *w)
{
	w->stopped = true;
	w->sleep_left = w->backoff;
	if (w->backoff < SQPOLL_BACKOFF_MAX)
		w->backoff *= 2;
}

/* @ns: from the start of the wait to the completions seen. */
void sqpoll_wait_end(struct sqpoll_wait *w, enum sqpoll_wait_end how, uint64_t ns)
{
	/* a wait longer than any budget says nothing about the next one */
	if (ns > w->max_ns)
		ns = w->max_ns;
	/* never 0 where polls happen: it starts at a quarter of the ceiling */
	w->avg_ns = ewma(w->avg_ns, ns);
	/* halves in ~700 waits without a longer one */
	w->peak_ns = ns > w->peak_ns ? ns : w->peak_ns - (w->peak_ns >> 10);

	switch (how) {
	case SQPOLL_WAIT_HIT:
		w->misses = 0;
		/*
		 * a probe stands for itself: hits are few while stopped, and
		 * the average would keep the stall that stopped polling;
		 * otherwise no one hit counts for more than two sleeps
		 */
		if (w->stopped)
			w->hit_ns = ns;
		else
			w->hit_ns = ewma(w->hit_ns, w->slept_ns && ns > 2 * w->slept_ns ?
					 2 * w->slept_ns : ns);
		w->stopped = false;
		/* a hit no sooner than a sleep: polling only costs CPU */
		if (w->slept_ns && w->hit_ns * 20 >= w->slept_ns * 19) {
			sqpoll_wait_stop(w);
			break;
		}
		w->backoff = SQPOLL_BACKOFF_MIN;
		break;
	case SQPOLL_WAIT_MISS:
		if (++w->misses < SQPOLL_MISSES)
			break;
		sqpoll_wait_stop(w);
		break;
	case SQPOLL_WAIT_SLEPT:
		w->slept_ns = ewma(w->slept_ns, ns);
		w->since_sleep = 0;
		if (!w->hit_ns || w->slept_ns * 2 < w->hit_ns * 3)
			w->probe_every = SQPOLL_SLEEP_PROBE;
		else if (w->probe_every < SQPOLL_SLEEP_PROBE_MAX)
			w->probe_every *= 2;
		break;
	}
}
