/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_db.h: `run --db FILE [--label K=V]...`: the sweep adds itself to the
 * history when it has finished.  The database is opened before the first
 * cell, so that a file this build cannot write stops the sweep before it
 * has spent its time.
 */
#ifndef FIORING_RUN_DB_H
#define FIORING_RUN_DB_H

#include "store/store.h"
#include "sweep/run_env.h"

/*
 * env->db into *s (NULL without --db); 0, or the exit status of a
 * database that cannot be used (2: newer schema)
 */
int run_db_open(const struct run_env *env, struct store **s);
/* adds results directory @out when the sweep finished (status 0 or 3); the new status */
int run_db_add(struct store *s, const struct run_env *env, const char *out,
	       int status);

#endif
