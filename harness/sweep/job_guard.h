/* SPDX-License-Identifier: GPL-2.0 */
/*
 * job_guard.h: before the first run, every job of the sweep as fio will
 * read it, with the command line of its cells: refused when fio refuses it
 * or when it sets what the sweep owns, and the answer to "does it write?"
 * taken from fio's own reading of rw, trim and fill settings.
 */
#ifndef FIORING_JOB_GUARD_H
#define FIORING_JOB_GUARD_H

#include <stdbool.h>
#include <stddef.h>

#include "sweep/placement.h"
#include "sweep/run_env.h"

/* what a job is probed with: the sweep's settings, fio and engine */
struct job_env {
	const struct run_env *env;
	const struct placement *place;
	const char *fio;
	const char *engine_lib;
};

/*
 * Probes each job with each engine and fio option of the sweep, for
 * block and/or char targets.  0 with *writes set, or -errno after one line
 * on stderr naming the job, the option and why.
 */
int job_guard(const struct job_env *je, bool block, bool chr, bool *writes);
/* the ioengine= a cell of engine runs with on a block or char target */
void cell_ioengine(const char *engine_lib, const char *engine, bool chr,
		   char *buf, size_t len);

#endif
