/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run.h: `fioring-bench run`'s sweep, from the command line's settings
 * to the restore at its end.
 */
#ifndef FIORING_RUN_H
#define FIORING_RUN_H

struct run_env;

/*
 * The sweep @env asks for, from the restore of an earlier run's journal
 * to the restore of this one's; returns the exit status of `run`.  What
 * the sweep learns of its targets and servers it keeps in @env.
 */
int run_sweep(struct run_env *env);

#endif
