/* SPDX-License-Identifier: GPL-2.0 */
/*
 * clients.h: `fioring-bench run --client`: every cell run at once on fio
 * servers through fio's client/server protocol, kernel settings made and
 * undone on each server by the jobs themselves, a results row per host
 * and one for all hosts together.
 */
#ifndef FIORING_CLIENTS_H
#define FIORING_CLIENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strlist.h"

/*
 * journal record: remote <TAB> fio server <TAB> disk its jobs set knobs on
 * <TAB> the sweep whose process holds that disk's lock there
 */
#define CLIENTS_REC	"remote"
#define CLIENTS_FIELDS	3

struct journal;
struct journal_rec;
struct fio_time;
struct run_env;
struct run_tools;
struct sweep_cell;
struct result_row;
struct target;

/* the fio servers of a sweep, as its claim reads and fills them */
struct hosts {
	const struct strlist *names;	/* --client HOST[,PORT] items */
	const char *fio;		/* the fio here that drives them */
	const char *sweep_id;		/* names this sweep's holders there */
	struct strlist *fio_versions;	/* each host's fio, from its probe */
};

/*
 * env's --target devices as the servers' targets, in tg (env->targets.nr
 * of them), and the sweep's id there; -EINVAL with one line said.
 */
int clients_setup_targets(const struct run_env *env, struct target *tg,
			  char *sweep_id, size_t len);
/*
 * Before the first run: each host's probe takes each target for the sweep
 * (its flock held to the teardown; for a writing sweep nobody else has it
 * open, nothing stacked on it, no signature), journaled first so that the
 * teardown frees what was taken; guard: a writing sweep without --force.
 * 0, or -errno with one line said.
 */
int clients_claim(const struct hosts *h, struct journal *j,
		  const struct target *tg, int nr, bool guard);
/*
 * Runs cell @c on target @t of every host: fills rows[0..hosts] (a row per
 * host, then all hosts) and adds fio's time to @ft; returns how many rows.
 */
int clients_run_cell(const struct run_env *env, const struct run_tools *tl,
		     const struct target *t, const struct sweep_cell *c,
		     int run, int repeat, struct result_row *rows,
		     struct fio_time *ft);
/*
 * Undoes a CLIENTS_REC record (struct journal_undo's undo): what the
 * sweep's jobs set on the disk on that host; 0 or -errno.
 */
int clients_undo(const struct journal_rec *r, char *what, size_t len);

#endif
