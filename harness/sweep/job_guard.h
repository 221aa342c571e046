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

struct run_ctx;

/*
 * Probes each job with each engine, sqpoll and ioprio of the sweep, for
 * block and/or char targets.  0 with *writes set, or -errno after one line
 * on stderr naming the job, the option and why.
 */
int job_guard(struct run_ctx *ctx, bool block, bool chr, bool *writes);
/* the ioengine= a cell of engine runs with on a block or char target */
void cell_ioengine(const struct run_ctx *ctx, const char *engine, bool chr,
		   char *buf, size_t len);

#endif
