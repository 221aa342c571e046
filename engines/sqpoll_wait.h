/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sqpoll_wait.h: how long the engine polls the CQ ring under SQPOLL before
 * it sleeps in the kernel.  Pure policy, no fio and no ring: the engine
 * (fioring.c) asks for a budget, polls, and reports how the wait ended.
 */
#ifndef FIORING_SQPOLL_WAIT_H
#define FIORING_SQPOLL_WAIT_H

#include <stdbool.h>
#include <stdint.h>

/* a poll budget never goes below or above these */
#define SQPOLL_POLL_MIN_NS	2000ULL
#define SQPOLL_POLL_MAX_NS	100000ULL
/*
 * the ceiling when the SQ thread has a CPU outside the job's: there a poll
 * takes no CPU the SQ thread needs, and a stall elsewhere (a worker waiting
 * behind the spinning SQ thread on their CPU) lasts up to a scheduler tick,
 * 4 ms at HZ=250, which the poll should outlast
 */
#define SQPOLL_POLL_MAX_OWN_NS	5000000ULL
/* polls in a row that ran out before the engine stops polling */
#define SQPOLL_MISSES		2
/* waits that sleep at once between two probing polls: first and last */
#define SQPOLL_BACKOFF_MIN	16
#define SQPOLL_BACKOFF_MAX	1024
/*
 * while polling, one wait in this many sleeps, to time sleeping; one in up
 * to SQPOLL_SLEEP_PROBE_MAX while sleeps take far longer than polls (each
 * such sleep is a wakeup lost: loop, workers beside the SQ thread, QD32,
 * sleeps 71-109 us against hits 27 us, and probing one wait in 64 cost
 * 2.6% IOPS at QD32, 2.0% at QD1)
 */
#define SQPOLL_SLEEP_PROBE	64
#define SQPOLL_SLEEP_PROBE_MAX	4096

/* where the SQ thread runs, as the engine knows it at setup */
enum sqpoll_cpu {
	SQPOLL_CPU_ANY,		/* wherever the scheduler puts it */
	SQPOLL_CPU_OWN,		/* pinned outside the job's CPUs */
	SQPOLL_CPU_SHARED,	/* on a CPU the job is confined to */
};

enum sqpoll_wait_end {
	SQPOLL_WAIT_HIT,	/* the poll saw the completions */
	SQPOLL_WAIT_MISS,	/* the poll ran out; then slept in the kernel */
	SQPOLL_WAIT_SLEPT,	/* slept in the kernel without polling */
};

struct sqpoll_wait {
	/* moving averages (1/8 weight) of wait start to completions seen: */
	uint64_t avg_ns;	/* of every wait, which sizes the budget */
	uint64_t hit_ns;	/* of the polls that saw them, 0: none yet */
	uint64_t slept_ns;	/* of the waits that slept at once, 0: none yet */
	uint64_t peak_ns;	/* the longest recent wait, decaying */
	unsigned int misses;
	/* waits left that sleep without polling, and the next such run */
	unsigned int sleep_left;
	unsigned int backoff;
	/* waits since the last sleep that timed sleeping, and between two */
	unsigned int since_sleep;
	unsigned int probe_every;
	/* polling is stopped: the next hit is a probe */
	bool stopped;
	enum sqpoll_cpu cpu;
	/* the budget's ceiling, from cpu; 0: never poll */
	uint64_t max_ns;
};

void sqpoll_wait_init(struct sqpoll_wait *w, enum sqpoll_cpu cpu);
uint64_t sqpoll_wait_budget(struct sqpoll_wait *w);
void sqpoll_wait_end(struct sqpoll_wait *w, enum sqpoll_wait_end how, uint64_t ns);

#endif
