/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fio_opts.h: the fio options a cell's settings ask of fio, from the dims
 * table's fio-option rows (those with fio_default): one list for fio's
 * command line, a remote host's job file and the row check, so that what
 * the sweep asks and what it holds fio's JSON to are one thing.
 */
#ifndef FIORING_FIO_OPTS_H
#define FIORING_FIO_OPTS_H

#include <stddef.h>

#include "fio/fio_json.h"
#include "lib/strlist.h"

/*
 * Adds NAME=VALUE for each fio-option row of val (a value per dims row,
 * NULL where the row is not swept) to opts.  0, -EINVAL for a value the
 * row's form refuses, -ENOMEM.
 */
int cell_fio_opts(const char *const *val, struct strlist *opts);
/*
 * Did fio run what val asks: each option at its value in every job, and a
 * row at fio's default at that default?  0, or -EPROTO with why, as
 * "fio ran with sqthread_poll=0, not 1".
 */
int cell_fio_opts_check(const char *const *val, const struct fio_ran *ran,
			char *why, size_t len);
/*
 * ", NAME VALUE" of each fio-option row of val off fio's default, for a
 * message naming the cell.
 */
void cell_fio_opts_name(const char *const *val, char *buf, size_t len);

#endif
