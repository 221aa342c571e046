/* SPDX-License-Identifier: GPL-2.0 */
/*
 * row_check.h: a row says what ran.  Its fio version, engine, runtime and
 * settings are checked against fio's JSON and the kernel's read-back after
 * the run; a run that ran something other than its cell's name says is a
 * failed row, never an "ok" one.
 */
#ifndef FIORING_ROW_CHECK_H
#define FIORING_ROW_CHECK_H

#include "fio/fio_json.h"
#include "results/results.h"
#include "sweep/sweep.h"

struct run_env;
struct run_tools;
struct target;

/* ioengine: the ioengine= the cell asked fio for */
void row_check(const struct run_env *env, const struct run_tools *tl,
	       const struct sweep_cell *c, const struct target *t,
	       const struct fio_result *fr, const char *ioengine,
	       struct result_row *r);

#endif
