/* SPDX-License-Identifier: GPL-2.0 */
/*
 * store_results.h: a stored sweep read back as the results reader reads a
 * directory, for the gate.  Apart from store.h, which the sweep includes
 * to add to the history, so that the sweep need not include the reader.
 */
#ifndef FIORING_STORE_RESULTS_H
#define FIORING_STORE_RESULTS_H

#include "results/idents.h"
#include "results/results_read.h"
#include "store/store.h"

/**
 * store_sweep_results() - a stored sweep back as its results directory
 * @st:  the store
 * @id:  the sweep
 * @res: its results.csv as results_read() gives it (res->path is
 *       "db:ID"); free with results_free()
 * @ids: its targets' identities, as results_idents_read() gives them;
 *       free with results_idents_free()
 *
 * Return: 0, -ENOENT for no such sweep, -errno.
 */
int store_sweep_results(struct store *st, long long id, struct results *res,
			struct results_idents *ids);

#endif
