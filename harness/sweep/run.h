/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run.h: `fioring-bench run`'s sweep, from the command line's settings
 * (struct run_ctx, run_ctx.h) to the restore at its end.
 */
#ifndef FIORING_RUN_H
#define FIORING_RUN_H

#include "sweep/run_ctx.h"

/*
 * The sweep ctx->env asks for, from the restore of an earlier run's
 * journal to the restore of this one's; returns the exit status of `run`.
 */
int run_sweep(struct run_ctx *ctx);

#endif
