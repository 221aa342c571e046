// SPDX-License-Identifier: GPL-2.0
/*
 * clock.c: the two clocks the harness reads: the monotonic one for its own
 * timing (deadlines, wall times), and the boot-time one that /proc/uptime
 * shows, which iostat measures diskstats intervals by.
 */
#include <time.h>

#include "lib/clock.h"

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

uint64_t now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/* the clock /proc/uptime shows, which is what iostat measures intervals by */
uint64_t boottime_ns(void)
{
	return clock_ns(CLOCK_BOOTTIME);
}
