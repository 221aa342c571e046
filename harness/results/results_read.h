/* SPDX-License-Identifier: GPL-2.0 */
/*
 * results_read.h: reads a sweep's DIR/results.csv (the contract between
 * `fioring-bench run` and report/gate) into rows of strings looked up by
 * column name, and groups the rows into cells.
 */
#ifndef FIORING_RESULTS_READ_H
#define FIORING_RESULTS_READ_H

#include <stddef.h>

struct results {
	char *path;		/* DIR/results.csv */
	size_t ncols;
	char **cols;
	size_t nrows;
	char ***rows;		/* rows[r][c]; "" when empty */
	char err[512];		/* why results_read failed, one line */
};

/* Rows with one value of the `cell` column, in file order. */
struct results_cell {
	const char *name;
	size_t nrows;
	size_t *rows;
};

/* Returns 0 or -errno with res->err saying what is wrong. */
int results_read(const char *dir, struct results *res);
void results_free(struct results *res);

/* Index of a column, -1 when the file has none of that name. */
int results_col(const struct results *res, const char *name);
/* The value, "" for an empty value or a column the file lacks. */
const char *results_get(const struct results *res, size_t row, const char *col);
/* 0, -ENODATA when empty or absent, -EINVAL when not a number. */
int results_num(const struct results *res, size_t row, const char *col,
		double *val);
/* status is "ok" */
int results_row_ok(const struct results *res, size_t row);

/* 0 when every named column (NULL-terminated) exists, else -EINVAL + err. */
int results_require(struct results *res, const char *const *names);

/* Groups rows by `cell` in order of first appearance. */
int results_cells(const struct results *res, struct results_cell **cells,
		  size_t *ncells);
void results_cells_free(struct results_cell *cells, size_t ncells);
/* The cell of that name, or NULL. */
const struct results_cell *results_cell_find(const struct results_cell *cells,
					     size_t ncells, const char *name);

/*
 * Numeric values of a column over a cell's ok rows into vals (room for
 * cell->nrows); returns how many.
 */
size_t results_cell_values(const struct results *res,
			   const struct results_cell *cell, const char *col,
			   double *vals);
/* the median of those values (vals: room for cell->nrows); NAN when none */
double results_cell_median(const struct results *res,
			   const struct results_cell *cell, const char *col,
			   double *vals);
/*
 * The same, and each value's `repeat` (-1 where a row has none) into
 * rounds: the round of one sweep it ran in.
 */
size_t results_cell_values_rounds(const struct results *res,
				  const struct results_cell *cell,
				  const char *col, double *vals, int *rounds);

/*
 * The i-th setting that makes a cell of this file, as a column of the
 * contract: the req_col of each row of the dims table, then the file's
 * knob_ATTR_req columns (--knob); NULL past the last.  Cells that agree
 * on all of them but one differ only in that one setting.
 */
const char *results_setting_col(const struct results *res, size_t i);

/*
 * A key naming a row's cell without setting `except`: rows whose keys are
 * equal differ at most in that setting.  Malloc'd; NULL when out of memory.
 */
char *results_cell_key(const struct results *res, size_t row,
		       const char *except);

/*
 * 1 when cell names a and b have the same number of '/'-separated parts
 * and differ in exactly one: a check that no setting outside the contract's
 * columns differs between two cells paired by results_cell_key().
 */
int results_cells_differ_once(const char *a, const char *b);
/* how many parts of a and b differ; -1 when they have not as many parts */
int results_cells_differ(const char *a, const char *b);
/* results_cell_key() without any of the settings of a NULL-ended list */
char *results_cell_key_except(const struct results *res, size_t row,
			      const char *const *except);

/*
 * A key naming a row's cell across sweeps: "target=IDENT,engine=...,job=...",
 * each setting of results_setting_col() that the row has, with the target
 * given by what it is (target_ident: results/idents.h) rather than by its
 * disk name, which changes between sweeps (loop0, loop1).  Malloc'd; NULL
 * when out of memory.
 */
char *results_stable_key(const struct results *res, size_t row,
			 const char *target_ident);

#endif
