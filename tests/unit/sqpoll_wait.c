// SPDX-License-Identifier: GPL-2.0
/*
 * sqpoll_wait.c: the SQPOLL wait's poll-or-sleep rule (engines/sqpoll_wait.c,
 * built in here), driven through the waits it would see: completions that
 * come while polling keep it polling with a budget that follows them, one
 * wait in SQPOLL_SLEEP_PROBE sleeping to time sleeps, rarer while sleeps
 * take far longer than polls; polls that run out
 * (the SQ thread on our CPU), or that see completions no sooner than a
 * sleep does (a worker on our CPU), turn polling off but for probes that
 * grow rarer, up to one per SQPOLL_BACKOFF_MAX waits; a probe that pays
 * polls again at once; one stalled hit does not stop polling; with a CPU of
 * its own for the SQ thread the budget outlasts recent stalls.
 */
#include "check.h"
#include "../../engines/sqpoll_wait.c"

/* waits until the next probe, sleeping at once all along */
static unsigned int sleeps_before_probe(struct sqpoll_wait *w)
{
	unsigned int n = 0;

	while (!sqpoll_wait_budget(w)) {
		sqpoll_wait_end(w, SQPOLL_WAIT_SLEPT, 5000);
		n++;
	}
	return n;
}

/* waits up to and with the next that sleeps, polls hitting in @hit_ns */
static unsigned int waits_to_sleep(struct sqpoll_wait *w, uint64_t hit_ns,
				   uint64_t sleep_ns)
{
	unsigned int n = 1;

	while (sqpoll_wait_budget(w)) {
		sqpoll_wait_end(w, SQPOLL_WAIT_HIT, hit_ns);
		n++;
	}
	sqpoll_wait_end(w, SQPOLL_WAIT_SLEPT, sleep_ns);
	return n;
}

/*
 * @n waits whose polls see completions in @hit_ns and whose sleeps take
 * @sleep_ns; returns how many slept at once
 */
static unsigned int waits(struct sqpoll_wait *w, unsigned int n,
			  uint64_t hit_ns, uint64_t sleep_ns)
{
	unsigned int slept = 0;

	while (n--) {
		uint64_t b = sqpoll_wait_budget(w);

		slept += !b;
		sqpoll_wait_end(w, b ? SQPOLL_WAIT_HIT : SQPOLL_WAIT_SLEPT,
				b ? hit_ns : sleep_ns);
	}
	return slept;
}

int main(void)
{
	struct sqpoll_wait w;
	uint64_t b;
	unsigned int i, n, last;

	/* a fresh job polls for the whole budget */
	sqpoll_wait_init(&w, SQPOLL_CPU_ANY);
	CHECK(sqpoll_wait_budget(&w) == SQPOLL_POLL_MAX_NS);

	/*
	 * completions within 3 us, sleeps taking 4: polling all along but for
	 * one timed sleep per SQPOLL_SLEEP_PROBE waits, the budget 4x that
	 */
	CHECK(waits(&w, 3 * SQPOLL_SLEEP_PROBE, 3000, 4000) == 3);
	b = sqpoll_wait_budget(&w);
	CHECK(b >= 11000 && b <= 13000);
	/* never below the floor */
	for (i = 0; i < 100; i++)
		sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 10);
	CHECK(sqpoll_wait_budget(&w) == SQPOLL_POLL_MIN_NS);
	/* nor above the cap, however slow the device (no sleep timed yet) */
	sqpoll_wait_init(&w, SQPOLL_CPU_ANY);
	for (i = 0; i < SQPOLL_SLEEP_PROBE - 2; i++)
		sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 10000000);
	CHECK(sqpoll_wait_budget(&w) == SQPOLL_POLL_MAX_NS);

	/*
	 * sleeps three times as long as hits (a wakeup from another CPU):
	 * each timed sleep twice as far from the last, up to the rarest
	 */
	sqpoll_wait_init(&w, SQPOLL_CPU_OWN);
	CHECK(waits_to_sleep(&w, 8500, 26000) == SQPOLL_SLEEP_PROBE);
	for (n = 2 * SQPOLL_SLEEP_PROBE; n <= SQPOLL_SLEEP_PROBE_MAX; n *= 2)
		CHECK(waits_to_sleep(&w, 8500, 26000) == n);
	CHECK(waits_to_sleep(&w, 8500, 26000) == SQPOLL_SLEEP_PROBE_MAX);
	/* hits slowing to under 1.5x a sleep: probing as often as at first */
	CHECK(waits_to_sleep(&w, 20000, 26000) <= SQPOLL_SLEEP_PROBE_MAX);
	CHECK(waits_to_sleep(&w, 20000, 26000) == SQPOLL_SLEEP_PROBE);

	/* one poll that runs out changes nothing: a slow completion */
	sqpoll_wait_init(&w, SQPOLL_CPU_ANY);
	sqpoll_wait_end(&w, SQPOLL_WAIT_MISS, SQPOLL_POLL_MAX_NS);
	CHECK(sqpoll_wait_budget(&w) > 0);
	sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 3000);
	sqpoll_wait_end(&w, SQPOLL_WAIT_MISS, SQPOLL_POLL_MAX_NS);
	CHECK(sqpoll_wait_budget(&w) > 0);

	/* SQPOLL_MISSES in a row: sleep at once, then probe ever more rarely */
	sqpoll_wait_init(&w, SQPOLL_CPU_ANY);
	for (i = 0; i < SQPOLL_MISSES; i++)
		sqpoll_wait_end(&w, SQPOLL_WAIT_MISS, SQPOLL_POLL_MAX_NS);
	last = 0;
	for (i = 0; i < 12; i++) {
		n = sleeps_before_probe(&w);
		CHECK(n >= SQPOLL_BACKOFF_MIN && n <= SQPOLL_BACKOFF_MAX);
		CHECK(n >= last);
		last = n;
		/* the probe misses */
		sqpoll_wait_end(&w, SQPOLL_WAIT_MISS, 20000);
	}
	CHECK(last == SQPOLL_BACKOFF_MAX);
	/* after a probe that missed: sleeping again */
	CHECK(sqpoll_wait_budget(&w) == 0);

	/* a probe that hits: polling again at once, the backoff reset */
	sleeps_before_probe(&w);
	sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 3000);
	CHECK(sqpoll_wait_budget(&w) > 0);
	for (i = 0; i < SQPOLL_MISSES; i++)
		sqpoll_wait_end(&w, SQPOLL_WAIT_MISS, 20000);
	CHECK(sleeps_before_probe(&w) == SQPOLL_BACKOFF_MIN);

	/*
	 * hits at 40 us where a sleep takes 35 (a worker on our CPU runs once
	 * it preempts the poll): polling stops after the first timed sleep,
	 * and probes that do not pay grow rarer as misses do
	 */
	sqpoll_wait_init(&w, SQPOLL_CPU_ANY);
	for (i = 0; i < SQPOLL_SLEEP_PROBE - 1; i++) {
		CHECK(sqpoll_wait_budget(&w) > 0);
		sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 40000);
	}
	CHECK(sqpoll_wait_budget(&w) == 0);
	sqpoll_wait_end(&w, SQPOLL_WAIT_SLEPT, 35000);
	CHECK(sqpoll_wait_budget(&w) > 0);
	sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 40000);
	CHECK(sqpoll_wait_budget(&w) == 0);
	last = 0;
	for (i = 0; i < 8; i++) {
		n = 0;
		while (!sqpoll_wait_budget(&w)) {
			sqpoll_wait_end(&w, SQPOLL_WAIT_SLEPT, 35000);
			n++;
		}
		CHECK(n >= SQPOLL_BACKOFF_MIN - 1 && n >= last);
		last = n;
		sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 40000);
	}
	CHECK(last >= 8 * SQPOLL_BACKOFF_MIN);
	/* polls that come to pay (5 us against 35): polling again, for good */
	for (i = 0; i < 8; i++) {
		while (!sqpoll_wait_budget(&w))
			sqpoll_wait_end(&w, SQPOLL_WAIT_SLEPT, 35000);
		sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 5000);
	}
	CHECK(waits(&w, 2 * SQPOLL_SLEEP_PROBE, 5000, 35000) <= 2);

	/* an SQ thread with a CPU of its own: the higher ceiling */
	sqpoll_wait_init(&w, SQPOLL_CPU_OWN);
	CHECK(sqpoll_wait_budget(&w) == SQPOLL_POLL_MAX_OWN_NS);
	for (i = 0; i < SQPOLL_SLEEP_PROBE - 2; i++)
		sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 10000000);
	CHECK(sqpoll_wait_budget(&w) == SQPOLL_POLL_MAX_OWN_NS);

	/*
	 * there the budget outlasts the longest recent wait: a 1.06 ms stall
	 * among 30 us completions (loop, workers beside the SQ thread)
	 */
	sqpoll_wait_init(&w, SQPOLL_CPU_OWN);
	waits(&w, 8 * SQPOLL_SLEEP_PROBE, 30000, 60000);
	b = sqpoll_wait_budget(&w);
	CHECK(b >= 100000 && b <= 140000);
	sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 1060000);
	waits(&w, 200, 30000, 60000);
	CHECK(sqpoll_wait_budget(&w) > 1060000);
	/* and comes back to the mean's when stalls stop */
	waits(&w, 6000, 30000, 60000);
	b = sqpoll_wait_budget(&w);
	CHECK(b >= 100000 && b <= 140000);
	/* elsewhere the ceiling holds it */
	sqpoll_wait_init(&w, SQPOLL_CPU_ANY);
	waits(&w, 8 * SQPOLL_SLEEP_PROBE, 30000, 60000);
	sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 1060000);
	CHECK(sqpoll_wait_budget(&w) <= SQPOLL_POLL_MAX_NS);
	/* a device slower than the ceiling: misses stop polling there too */
	sqpoll_wait_init(&w, SQPOLL_CPU_OWN);
	for (i = 0; i < SQPOLL_MISSES; i++)
		sqpoll_wait_end(&w, SQPOLL_WAIT_MISS, 2 * SQPOLL_POLL_MAX_OWN_NS);
	CHECK(sqpoll_wait_budget(&w) == 0);

	/* one stalled hit among quick ones (13 us, sleeps 30) does not stop it */
	sqpoll_wait_init(&w, SQPOLL_CPU_ANY);
	waits(&w, 2 * SQPOLL_SLEEP_PROBE, 13000, 30000);
	sqpoll_wait_end(&w, SQPOLL_WAIT_HIT, 90000);
	CHECK(waits(&w, 2 * SQPOLL_SLEEP_PROBE, 13000, 30000) <= 2);

	/* an SQ thread known to share the job's CPU: never a poll */
	sqpoll_wait_init(&w, SQPOLL_CPU_SHARED);
	CHECK(waits(&w, 4 * SQPOLL_SLEEP_PROBE, 3000, 5000) == 4 * SQPOLL_SLEEP_PROBE);

	return check_done("sqpoll_wait");
}
