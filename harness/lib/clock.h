/* SPDX-License-Identifier: GPL-2.0 */
/*
 * clock.h: monotonic and boot-time clocks in nanoseconds.
 */
#ifndef FIORING_CLOCK_H
#define FIORING_CLOCK_H

#include <stdint.h>

uint64_t now_ns(void);
/* the clock /proc/uptime shows, which is what iostat measures intervals by */
uint64_t boottime_ns(void);

#endif
