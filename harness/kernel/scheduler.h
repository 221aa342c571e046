/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scheduler.h: which I/O schedulers a target's queue offers, so that
 * `--scheduler` is checked against the device before anything changes.
 */
#ifndef FIORING_SCHEDULER_H
#define FIORING_SCHEDULER_H

#include <stddef.h>

#include "kernel/target.h"

int scheduler_offered(const struct target *t, const char *name, char *offers,
		      size_t len);

#endif
