/* SPDX-License-Identifier: GPL-2.0 */
/*
 * clients.h: `fioring-bench run --client`: every cell run at once on fio
 * servers through fio's client/server protocol, kernel settings made and
 * undone on each server by the jobs themselves, a results row per host
 * and one for all hosts together.
 */
#ifndef FIORING_CLIENTS_H
#define FIORING_CLIENTS_H

#include <stddef.h>

#include "lib/strlist.h"

/*
 * journal record: remote <TAB> fio server <TAB> disk its jobs set knobs on
 * <TAB> the sweep whose process holds that disk's lock there
 */
#define CLIENTS_REC	"remote"
#define CLIENTS_FIELDS	3

struct journal_rec;
struct run_ctx;
struct sweep_cell;
struct result_row;

int clients_setup_targets(struct run_ctx *ctx);
/*
 * Before the first run: each host's probe takes each target for the sweep
 * (its flock held to the teardown; for a writing sweep nobody else has it
 * open, nothing stacked on it, no signature), journaled first so that the
 * teardown frees what was taken; 0, or -errno with one line said.
 */
int clients_claim(struct run_ctx *ctx);
/* Fills rows[0..hosts] (a row per host, then all hosts); returns how many. */
int clients_run_cell(struct run_ctx *ctx, const struct sweep_cell *c, int run,
		     int repeat, struct result_row *rows);
/*
 * Undoes a CLIENTS_REC record (struct journal_undo's undo): what the
 * sweep's jobs set on the disk on that host; 0 or -errno.
 */
int clients_undo(const struct journal_rec *r, char *what, size_t len);

#endif
