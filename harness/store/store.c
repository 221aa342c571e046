// SPDX-License-Identifier: GPL-2.0
/*
 * store.c: opens the history database and keeps its schema.  The schema's
 * version is SQLite's user_version: a file written by a newer fioring-bench
 * is refused rather than read with a wrong idea of its tables.  WAL lets a
 * reader go on while a sweep is added; the busy timeout makes a second
 * writer wait for the first instead of failing.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store/store.h"
#include "store/store_db.h"

/* a writer holds the lock for one sweep's ingest: seconds at most */
#define STORE_BUSY_MS	60000

static const char schema_v1[] =
	"CREATE TABLE sweeps ("
	" id INTEGER PRIMARY KEY,"
	" uid TEXT NOT NULL UNIQUE,"
	" content_hash TEXT NOT NULL,"
	" dir TEXT NOT NULL,"
	" added TEXT NOT NULL,"
	" started TEXT NOT NULL,"
	" host TEXT NOT NULL,"
	" kernel_release TEXT NOT NULL,"
	" kernel_version TEXT NOT NULL,"
	" fio_version TEXT NOT NULL,"
	" fio_build_id TEXT NOT NULL,"
	" engine_version TEXT NOT NULL,"
	" targets TEXT NOT NULL,"
	" placement TEXT NOT NULL,"
	" command TEXT NOT NULL,"
	" setup TEXT NOT NULL,"
	" columns TEXT NOT NULL,"
	" meta TEXT NOT NULL);"
	"CREATE TABLE sweep_targets ("
	" sweep_id INTEGER NOT NULL,"
	" disk TEXT NOT NULL,"
	" ident TEXT NOT NULL,"
	" embedded TEXT NOT NULL,"
	" model TEXT NOT NULL,"
	" serial TEXT NOT NULL,"
	" firmware TEXT NOT NULL,"
	" size_bytes INTEGER NOT NULL,"
	" PRIMARY KEY (sweep_id, disk));"
	"CREATE TABLE sweep_labels ("
	" sweep_id INTEGER NOT NULL,"
	" key TEXT NOT NULL,"
	" value TEXT NOT NULL,"
	" PRIMARY KEY (sweep_id, key));"
	"CREATE TABLE runs ("
	" id INTEGER PRIMARY KEY,"
	" sweep_id INTEGER NOT NULL,"
	" run INTEGER NOT NULL,"
	" cell TEXT NOT NULL,"
	" cell_key TEXT NOT NULL,"
	" status TEXT NOT NULL);"
	"CREATE INDEX runs_by_cell ON runs (cell_key, sweep_id);"
	"CREATE INDEX runs_by_sweep ON runs (sweep_id);"
	"CREATE TABLE run_values ("
	" run_id INTEGER NOT NULL,"
	" col TEXT NOT NULL,"
	" value TEXT NOT NULL,"
	" PRIMARY KEY (run_id, col)) WITHOUT ROWID;";

/* version 2: acknowledged change points; a dropped id is never reused */
static const char schema_v2[] =
	"CREATE TABLE acks ("
	" id INTEGER PRIMARY KEY AUTOINCREMENT,"
	" sweep_id INTEGER NOT NULL,"
	" cell TEXT NOT NULL,"
	" metrics TEXT NOT NULL,"
	" max_change REAL NOT NULL,"
	" why TEXT NOT NULL,"
	" made TEXT NOT NULL);";

int store_fail(struct store *st, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->err, sizeof(st->err), fmt, ap);
	va_end(ap);
	return ret;
}

int store_nomem(struct store *st)
{
	return store_fail(st, -ENOMEM, "out of memory");
}

void store_now_iso(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int store_sql_fail(struct store *st, const char *what)
{
	return store_fail(st, -EIO, "%s: %s: %s", st->path, what,
			  sqlite3_errmsg(st->db));
}

int store_prepare(struct store *st, const char *sql, sqlite3_stmt **stmt)
{
	if (sqlite3_prepare_v2(st->db, sql, -1, stmt, NULL) != SQLITE_OK)
		return store_sql_fail(st, "cannot prepare a query");
	return 0;
}

int store_step_one(struct store *st, sqlite3_stmt *s, const char *what)
{
	switch (sqlite3_step(s)) {
	case SQLITE_ROW:
		return 1;
	case SQLITE_DONE:
		return 0;
	default:
		return store_sql_fail(st, what);
	}
}

int store_exec(struct store *st, const char *sql)
{
	if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return store_sql_fail(st, sql);
	return 0;
}

const char *store_col_text(sqlite3_stmt *s, int i)
{
	const unsigned char *t = sqlite3_column_text(s, i);

	return t ? (const char *)t : "";
}

const char *store_db_path(const char *opt)
{
	const char *env = getenv("FIORING_DB");

	if (opt)
		return opt;
	return env && *env ? env : STORE_DB_DEFAULT;
}

const char *store_error(const struct store *st)
{
	return st->err;
}

static int user_version(struct store *st, int *v)
{
	sqlite3_stmt *s;
	int ret = store_prepare(st, "PRAGMA user_version", &s);

	if (ret)
		return ret;
	if (sqlite3_step(s) != SQLITE_ROW)
		ret = store_sql_fail(st, "cannot read the schema version");
	else
		*v = sqlite3_column_int(s, 0);
	sqlite3_finalize(s);
	return ret;
}

/*
 * Switching to WAL needs the file to itself for a moment: two sweeps
 * making the file at once may find it busy (the busy handler is not asked
 * here), so that is retried for as long as a writer would wait.
 */
static int set_wal(struct store *st)
{
	int i, rc = SQLITE_BUSY;

	for (i = 0; i < STORE_BUSY_MS / 50 && rc == SQLITE_BUSY; i++) {
		rc = sqlite3_exec(st->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
		if (rc == SQLITE_BUSY)
			usleep(50000);
	}
	return rc == SQLITE_OK ? 0 : store_sql_fail(st, "cannot set WAL mode");
}

/*
 * The tables, made once or brought up to this version: a second maker
 * finds them made under its lock.
 */
static int make_schema(struct store *st)
{
	char sql[64];
	int v, ret;

	ret = store_exec(st, "BEGIN IMMEDIATE");
	if (ret)
		return ret;
	ret = user_version(st, &v);
	if (!ret && v == 0)
		ret = store_exec(st, schema_v1);
	if (!ret && v <= 1)
		ret = store_exec(st, schema_v2);
	if (!ret && v < STORE_SCHEMA_VERSION) {
		snprintf(sql, sizeof(sql), "PRAGMA user_version=%d",
			 STORE_SCHEMA_VERSION);
		ret = store_exec(st, sql);
	}
	if (ret) {
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return ret;
	}
	return store_exec(st, "COMMIT");
}

int store_open(const char *path, int create, struct store **out, char *err,
	       size_t errlen)
{
	struct store *st = calloc(1, sizeof(*st));
	int v = 0, ret, flags = SQLITE_OPEN_READWRITE;

	*out = NULL;
	if (!st) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	snprintf(st->path, sizeof(st->path), "%s", path);
	/* sqlite would make "" a private temporary database, lost at close */
	if (!*path) {
		ret = store_fail(st, -EINVAL, "the history database path is empty");
		goto err;
	}
	if (!create && access(path, F_OK)) {
		ret = store_fail(st, -ENOENT, "no history database %s (add a sweep "
				 "to it first: fioring-bench history add DIR)", path);
		goto err;
	}
	if (create)
		flags |= SQLITE_OPEN_CREATE;
	if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
		ret = store_fail(st, -EIO, "cannot open %s: %s", path,
				 st->db ? sqlite3_errmsg(st->db) : "out of memory");
		goto err;
	}
	sqlite3_busy_timeout(st->db, STORE_BUSY_MS);
	ret = user_version(st, &v);
	if (ret)
		goto err;
	if (v > STORE_SCHEMA_VERSION) {
		ret = store_fail(st, -EPROTO, "%s has schema version %d; this "
				 "fioring-bench knows version %d only: use a newer "
				 "fioring-bench", path, v, STORE_SCHEMA_VERSION);
		goto err;
	}
	ret = set_wal(st);
	if (!ret && v < STORE_SCHEMA_VERSION)
		ret = make_schema(st);
	if (ret)
		goto err;
	*out = st;
	return 0;
err:
	snprintf(err, errlen, "%s", st->err);
	store_close(st);
	return ret;
}

void store_close(struct store *st)
{
	if (!st)
		return;
	sqlite3_close(st->db);
	free(st);
}
