/* SPDX-License-Identifier: GPL-2.0 */
/*
 * store.h: the history of sweeps, one SQLite file.  A sweep's results
 * directory (results.csv and meta.json) goes in whole, in one transaction,
 * once; its runs are found again by a cell key that is stable across
 * sweeps (results_stable_key()), so that a series of one cell over many
 * sweeps can be read back for the change-point detector and the gate.
 * The schema is in HOWTO.md ("History of sweeps").
 */
#ifndef FIORING_STORE_H
#define FIORING_STORE_H

#include <stddef.h>


/* PRAGMA user_version of the files this build writes */
#define STORE_SCHEMA_VERSION	2

struct store;

/* where the database is when neither --db nor $FIORING_DB names one */
#define STORE_DB_DEFAULT	"/var/lib/fioring/history.db"

/* The database's path: opt (--db), else $FIORING_DB, else STORE_DB_DEFAULT. */
const char *store_db_path(const char *opt);

/**
 * struct store_sweep - one stored sweep, as store_sweeps() lists it
 * @id:      the sweep's id in the store (what `history ls` prints)
 * @when:    when it started (meta.json "started", else when it was added),
 *           ISO 8601 UTC
 * @setup:   "kernel=..|fio=..|engine=..|target=..|placement=..": what the
 *           figures depend on beyond the cell; two sweeps whose @setup
 *           strings differ are not to be pooled silently
 * @host:    the machine's name
 * @kernel:  release and version string (uname -r, uname -v)
 * @fio:     fio's version and build-id
 * @target:  the targets' identities, space-separated
 * @nruns:   rows of its results.csv
 * @labels:  "KEY=VALUE" strings, sorted by key
 * @nlabels: how many
 */
struct store_sweep {
	long long id;
	char when[32];
	char *setup;
	char *host;
	char *kernel;
	char *fio;
	char *target;
	long nruns;
	char **labels;
	size_t nlabels;
};

/**
 * struct store_point - one sweep's figures of one cell and metric
 * @sweep:    index of the sweep in store_sweeps()'s order
 * @sweep_id: its id in the store
 * @v:        the values of the metric over the cell's ok runs, in run order
 * @nv:       how many (0 when every run failed or has no such value)
 */
struct store_point {
	size_t sweep;
	long long sweep_id;
	double *v;
	size_t nv;
};

/**
 * store_open() - open the history database, making it when asked
 * @path:   the file
 * @create: 1 to make the file and its tables when missing
 * @out:    the open store
 * @err:    one line saying what is wrong, on failure
 * @errlen: its size
 *
 * WAL mode and a busy timeout let several sweeps add themselves at once.
 * A file of a newer schema than STORE_SCHEMA_VERSION is refused (-EPROTO)
 * with a line naming both versions; an older one is upgraded.
 *
 * Return: 0, -ENOENT when the file is missing and @create is 0, -EPROTO
 * for a newer schema, -EIO for a file SQLite cannot use.
 */
int store_open(const char *path, int create, struct store **out, char *err,
	       size_t errlen);
void store_close(struct store *st);
/* What the last failed call of st found wrong, one line. */
const char *store_error(const struct store *st);

/**
 * store_add_sweep() - add a results directory to the store
 * @st:       the store
 * @dir:      the sweep's directory: results.csv, and meta.json if any
 * @labels:   "KEY=VALUE" strings, NULL-terminated (or NULL)
 * @sweep_id: its id in the store
 * @was_new:  1 when the sweep was not stored before
 *
 * One transaction: a killed ingest leaves nothing of the sweep.  A sweep
 * is known by meta.json's "id", else by a hash of results.csv and
 * meta.json: added again, it stays one sweep, its labels are merged (a
 * key given again takes the new value) and its runs replaced when the
 * directory has changed since (a sweep added while it ran).
 *
 * Return: 0 or -errno, store_error() saying why.
 */
int store_add_sweep(struct store *st, const char *dir,
		    const char *const *labels, long long *sweep_id,
		    int *was_new);

/* 1 when kv is KEY=VALUE: KEY of letters, digits, "_.-", VALUE one line */
int store_label_valid(const char *kv);

/**
 * store_sweeps() - every stored sweep, in order of @when, then id
 * @st:  the store
 * @out: malloc'd array; free with store_sweeps_free()
 * @n:   its length
 *
 * Return: 0 or -errno.
 */
int store_sweeps(struct store *st, struct store_sweep **out, size_t *n);
void store_sweeps_free(struct store_sweep *sw, size_t n);

/**
 * store_cells() - every stable cell key in the store, sorted
 * @st:   the store
 * @keys: malloc'd array of malloc'd strings; free with store_cells_free()
 * @n:    its length
 *
 * Return: 0 or -errno.
 */
int store_cells(struct store *st, char ***keys, size_t *n);
void store_cells_free(char **keys, size_t n);

/**
 * store_series() - one cell's values of one metric, sweep by sweep
 * @st:       the store
 * @cell_key: a key of store_cells()
 * @metric:   a results.csv column ("iops", "cpu_per_io_us", ...)
 * @out:      one point per sweep that ran the cell, in store_sweeps()'s
 *            order; free with store_points_free()
 * @n:        how many
 *
 * Return: 0 or -errno.
 */
int store_series(struct store *st, const char *cell_key, const char *metric,
		 struct store_point **out, size_t *n);
void store_points_free(struct store_point *p, size_t n);

/**
 * store_find_sweep() - a sweep by id or by label
 * @st:   the store
 * @spec: "ID", or "KEY=VALUE": the newest sweep with that label
 * @id:   the sweep's id
 *
 * Return: 0, -ENOENT when no sweep matches, -errno.
 */
int store_find_sweep(struct store *st, const char *spec, long long *id);

/**
 * struct store_ack - a change point a user acknowledged (`history ack`)
 * @id:       its id in the store (ids of dropped acks are not reused)
 * @sweep_id: the first sweep after the change
 * @cell:     part of the cell keys it covers, "" for every cell
 * @metrics:  comma-separated results.csv columns, "" for every metric
 * @max_change: the largest change it accepts, percent of the level before
 * @why:      the user's reason, one line
 * @made:     when it was made, ISO 8601 UTC
 */
struct store_ack {
	long long id;
	long long sweep_id;
	char *cell;
	char *metrics;
	double max_change;
	char *why;
	char made[32];
};

/**
 * store_ack_add() - acknowledge the change point at a sweep
 * @st:       the store
 * @sweep_id: a stored sweep (store_find_sweep())
 * @cell:     part of the cell keys it covers, "" for every cell
 * @metrics:  comma-separated columns, "" for every metric
 * @max_change: the largest change it accepts, percent
 * @why:      one line, not empty
 * @id:       the new ack's id
 *
 * Return: 0, -ENOENT when no sweep has @sweep_id, -errno.
 */
int store_ack_add(struct store *st, long long sweep_id, const char *cell,
		  const char *metrics, double max_change, const char *why,
		  long long *id);
/* Every ack, by id; free with store_acks_free().  0 or -errno. */
int store_acks(struct store *st, struct store_ack **out, size_t *n);
void store_acks_free(struct store_ack *a, size_t n);
/* Drops ack @id.  0, -ENOENT when there is none, -errno. */
int store_ack_drop(struct store *st, long long id);
/* 1 when some stored sweep's results.csv has @col, 0 when none, -errno */
int store_has_column(struct store *st, const char *col);

#endif
