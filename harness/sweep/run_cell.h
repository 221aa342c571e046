/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_cell.h: one run of one cell on this host (run_cell.c).
 */
#ifndef FIORING_RUN_CELL_H
#define FIORING_RUN_CELL_H

#include "sweep/run_ctx.h"

void run_cell(struct run_ctx *ctx, const struct sweep_cell *cell, int run,
	      int repeat, struct result_row *row);

#endif
