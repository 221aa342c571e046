/* SPDX-License-Identifier: GPL-2.0 */
/*
 * row_fill.h: a row's identity and fio's figures in it, as a local run
 * and a run on fio servers fill them.
 */
#ifndef FIORING_ROW_FILL_H
#define FIORING_ROW_FILL_H

#include "fio/fio_json.h"
#include "kernel/target.h"
#include "results/results.h"
#include "sweep/run_tools.h"
#include "sweep/sweep.h"

/*
 * "r0012", the name of run @run's files; "w0001" for a warm-up run
 * (@run < 0: -1 the first), whose row is not recorded
 */
void run_stem(char stem[16], int run);
/* a row's identity: what cell @c's run @run (repeat @repeat) on @t is */
void row_start(const struct run_tools *tl, const struct target *t,
	       const struct sweep_cell *c, int run, int repeat,
	       struct result_row *r);
/*
 * The row's read-back columns hold what the cell asked: a fio server's job
 * refuses to run unless its kernel kept it (its exec_prerun)
 */
void row_asked_kept(const struct sweep_cell *c, struct result_row *r);
/* fio's figures into the row, its per-priority ones (ioprio.h) among them */
void fill_fio(struct result_row *r, const struct fio_result *f);

#endif
