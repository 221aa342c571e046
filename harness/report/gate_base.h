/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gate_base.h: where the gate's two sides come from and how their cells
 * are paired: a results directory or a stored sweep (--baseline db:...),
 * and each cell by its key stable across sweeps (results_stable_key()),
 * so that the embedded device pairs with itself whatever its number.
 */
#ifndef FIORING_GATE_BASE_H
#define FIORING_GATE_BASE_H

#include <stddef.h>

#include "results/idents.h"
#include "results/results_read.h"

/* "db:ID" or "db:KEY=VALUE": the part after "db:", else NULL */
const char *gate_db_spec(const char *baseline);

/*
 * Reads a side: DIR (results.csv, meta.json for the identities) or, for
 * "db:SPEC", the stored sweep from the database db (store_db_path()).
 * desc (len) says which sweep that was ("sweep 7 of FILE").  0, or -errno
 * after one line on stderr.
 */
int gate_side_read(const char *where, const char *db, struct results *res,
		   struct results_idents *ids, char *desc, size_t len);

/* Each cell's stable key, from its row settings_rows[i]. */
char **gate_cell_keys(const struct results *res, const struct results_idents *ids,
		      const size_t *settings_rows, size_t n);
void gate_cell_keys_free(char **keys, size_t n);
/* The index of the only key equal to key, else -1 (none, or several). */
long gate_key_find(char *const *keys, size_t n, const char *key);

#endif
