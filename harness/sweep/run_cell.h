/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_cell.h: one run of one cell (run_cell.c), and the parts of it the
 * --client runs share: a row's identity and fio's figures in it.
 */
#ifndef FIORING_RUN_CELL_H
#define FIORING_RUN_CELL_H

#include "sweep/run_ctx.h"

/* a row's identity: what cell @c's run @run (repeat @repeat) is */
void row_start(const struct run_ctx *ctx, const struct sweep_cell *c,
	       int run, int repeat, struct result_row *r);
void run_cell(struct run_ctx *ctx, const struct sweep_cell *cell, int run,
	      int repeat, struct result_row *row);
void fill_fio(struct result_row *r, const struct fio_result *f);

#endif
